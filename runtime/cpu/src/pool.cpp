#include "pool.h"

namespace hip2vx_cpu {

Pool::Pool(uint32_t workers) {
  for (uint32_t w = 0; w < workers; ++w) threads_.emplace_back(&Pool::work, this, w);
}

Pool::~Pool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  for (std::thread& t : threads_) t.join();
}

void Pool::run(uint64_t n, BlockBody body, void* ctx) {
  std::unique_lock<std::mutex> lock(mutex_);
  n_ = n;
  body_ = body;
  ctx_ = ctx;
  next_.store(0, std::memory_order_relaxed);
  busy_ = workers();
  ++generation_;
  wake_.notify_all();
  finished_.wait(lock, [&] { return busy_ == 0; });
}

void Pool::work(uint32_t worker) {
  uint64_t seen = 0;
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    wake_.wait(lock, [&] { return stop_ || generation_ != seen; });
    if (stop_) return;
    seen = generation_;
    const uint64_t n = n_;
    lock.unlock();
    // Blocks are handed out one at a time: a block is long compared to the atomic increment.
    for (uint64_t i; (i = next_.fetch_add(1, std::memory_order_relaxed)) < n;) body_(ctx_, i, worker);
    lock.lock();
    if (--busy_ == 0) finished_.notify_one();
  }
}

}  // namespace hip2vx_cpu
