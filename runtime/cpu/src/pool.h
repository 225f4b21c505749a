// Host worker threads that run the blocks of a launch (Launch::parallel_for).
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
  explicit Pool(uint32_t workers);
  ~Pool();
  Pool(const Pool&) = delete;
  Pool& operator=(const Pool&) = delete;

  uint32_t workers() const { return static_cast<uint32_t>(threads_.size()); }
  // Runs body(ctx, i, worker) for i in [0, n) and returns when all are done; one call at a time.
  void run(uint64_t n, BlockBody body, void* ctx);

 private:
  void work(uint32_t worker);

  std::mutex mutex_;
  std::condition_variable wake_, finished_;
  uint64_t generation_ = 0;  // bumped per job; workers run each generation once
  uint32_t busy_ = 0;        // workers still in the current job
  bool stop_ = false;
  uint64_t n_ = 0;
  BlockBody body_ = nullptr;
  void* ctx_ = nullptr;
  std::atomic<uint64_t> next_{0};
  std::vector<std::thread> threads_;
};

}  // namespace hip2vx_cpu
