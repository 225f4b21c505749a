#include "pool.h"

namespace hip2vx_cpu {

Pool::Pool(uint32_t workers) {
  for (uint32_t w = 1; w < workers; ++w) threads_.emplace_back(&Pool::work, this, w, uint64_t{0});
}

Pool::~Pool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  for (std::thread& t : threads_) t.join();
}

// Blocks are handed out one at a time: a block is long compared to the atomic increment.
void Pool::drain(uint32_t worker) {
  for (uint64_t i; (i = next_.fetch_add(1, std::memory_order_relaxed)) < n_;) body_(ctx_, i, worker);
}

void Pool::run(uint64_t n, BlockBody body, void* ctx) {
  if (n == 1) {
    for (uint64_t i = 0; i < n; ++i) body(ctx, i, 0);
    return;
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    n_ = n;
    body_ = body;
    ctx_ = ctx;
    next_.store(0, std::memory_order_relaxed);
    open_ = true;
    ++generation_;
  }
  wake_.notify_all();
  drain(0);
  std::vector<std::thread> grown;
  {
    std::unique_lock<std::mutex> lock(mutex_);
    open_ = false;  // workers waking from now on find nothing to do
    idle_.wait(lock, [&] { return helpers_ == 0; });
    grown.swap(grown_);
  }
  for (std::thread& t : grown) t.join();
}

void Pool::work(uint32_t worker, uint64_t seen) {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    wake_.wait(lock, [&] { return stop_ || generation_ != seen; });
    if (stop_) return;
    seen = generation_;
    if (!open_) continue;
    ++helpers_;
    lock.unlock();
    drain(worker);
    lock.lock();
    if (--helpers_ == 0 && !open_) idle_.notify_one();
  }
}

void Pool::grow(uint32_t limit) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!open_ || stop_ || workers() >= limit || next_.load(std::memory_order_relaxed) >= n_) return;
  ++helpers_;  // counted now: run() waits for it
  grown_.emplace_back(&Pool::join, this, workers());
}

// A grown worker: the open job's blocks; run() joins it when the job is done.
void Pool::join(uint32_t worker) {
  drain(worker);
  std::lock_guard<std::mutex> lock(mutex_);
  if (--helpers_ == 0 && !open_) idle_.notify_one();
}

}  // namespace hip2vx_cpu
