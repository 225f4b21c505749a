// The worker threads that run the blocks of a launch (Launch::parallel_for). The thread calling
// run() is worker 0 and runs blocks too, so a launch of one block never involves another thread,
// and a launch ends as soon as its last block does, without waiting for idle workers to wake up.
#pragma once
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

#include "../device/launch.h"

namespace hip2vx_cpu {

class Pool {
 public:
  // `workers` blocks in flight at most: the caller of run() and workers - 1 threads.
  explicit Pool(uint32_t workers);
  ~Pool();
  Pool(const Pool&) = delete;
  Pool& operator=(const Pool&) = delete;

  uint32_t workers() const { return static_cast<uint32_t>(threads_.size() + grown_.size()) + 1; }
  // Runs body(ctx, i, worker) for i in [0, n) and returns when all are done; one call at a time.
  void run(uint64_t n, BlockBody body, void* ctx);
  // During run(): one more thread, which takes blocks not yet started, while the workers are fewer
  // than `limit` (Launch::grow); it ends with the launch. Kept for later launches, the threads a
  // launch whose blocks waited for each other grew to (up to 64 on 2 cores) spun against each other
  // in every later launch of the kernel, where the blocks waited a second instead of a millisecond.
  void grow(uint32_t limit);

 private:
  void work(uint32_t worker, uint64_t seen);
  void join(uint32_t worker);
  void drain(uint32_t worker);

  std::mutex mutex_;
  std::condition_variable wake_, idle_;
  // Guarded by mutex_: a job is open while its blocks are handed out; helpers_ counts the threads
  // inside it, which the caller waits for once it has closed the job.
  uint64_t generation_ = 0;
  bool open_ = false;
  uint32_t helpers_ = 0;
  bool stop_ = false;
  uint64_t n_ = 0;
  BlockBody body_ = nullptr;
  void* ctx_ = nullptr;
  std::atomic<uint64_t> next_{0};
  std::vector<std::thread> threads_;
  std::vector<std::thread> grown_;  // this launch's, guarded by mutex_
};

}  // namespace hip2vx_cpu
