// vx_spawn_threads and barriers: every block runs on one host worker thread, each of its device
// threads on its own fiber. The fibers run cooperatively: a fiber runs until it finishes, yields
// or reaches a barrier; once every live thread of the block waits, all are released.
#include "block.h"

#include <vx_spawn.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "fiber.h"

__thread dim3_t blockIdx;
__thread dim3_t threadIdx;
dim3_t gridDim;
dim3_t blockDim;
__thread uint32_t __local_group_id;
uint32_t __warps_per_group;

namespace hip2vx_cpu {
namespace {

const Launch* g_launch = nullptr;

enum : uint8_t { kReady, kWaiting, kDone };

struct Grid {
  vx_kernel_func_cb fn;
  const void* arg;
  uint32_t threads;  // per block
};

// State of one host worker thread. Fibers never move to another OS thread, so code compiled
// with cached thread-local addresses stays correct across barriers.
struct Worker {
  std::vector<Fiber> fibers;  // reused by every block this worker runs
  std::vector<uint8_t> state;
  void* scheduler_sp = nullptr;
  const Grid* grid = nullptr;  // null while no block runs here
  uint32_t current = 0;        // the running fiber

  ~Worker() {
    for (Fiber& f : fibers) fiber_destroy(f);
  }
  void suspend(uint8_t new_state) {
    state[current] = new_state;
    hip2vx_fiber_switch(&fibers[current].sp, scheduler_sp);
  }
  void ensure_fibers(uint32_t n);
  void run(const Grid& g);
};

thread_local Worker t_worker;

[[noreturn]] void fiber_main() {
  Worker& w = t_worker;
  for (;;) {  // one device thread per iteration; the fiber is reused by later blocks
    w.grid->fn(const_cast<void*>(w.grid->arg));
    w.suspend(kDone);
  }
}

void Worker::ensure_fibers(uint32_t n) {
  while (fibers.size() < n) {
    Fiber f;
    if (!fiber_create(f, launch().fiber_stack_bytes, fiber_main)) {
      std::fprintf(stderr, "hip2vx cpu: cannot map a device thread stack\n");
      std::abort();
    }
    fibers.push_back(f);
  }
  state.resize(std::max<size_t>(state.size(), n));
}

dim3_t decompose(uint64_t linear, const dim3_t& dim) {
  dim3_t r;
  r.x = static_cast<uint32_t>(linear % dim.x);
  linear /= dim.x;
  r.y = static_cast<uint32_t>(linear % dim.y);
  r.z = static_cast<uint32_t>(linear / dim.y);
  return r;
}

void Worker::run(const Grid& g) {
  ensure_fibers(g.threads);
  grid = &g;
  std::fill_n(state.begin(), g.threads, kReady);
  for (uint32_t live = g.threads; live != 0;) {
    bool yielded = false;
    for (uint32_t t = 0; t < g.threads; ++t) {
      if (state[t] != kReady) continue;
      threadIdx = decompose(t, blockDim);
      current = t;
      hip2vx_fiber_switch(&scheduler_sp, fibers[t].sp);
      live -= state[t] == kDone;
      yielded |= state[t] == kReady;
    }
    // Release the barrier once no thread is still running (spinning threads yield as ready).
    if (!yielded) std::replace(state.begin(), state.begin() + g.threads, kWaiting, kReady);
  }
  grid = nullptr;
}

void run_block(void* ctx, uint64_t index, uint32_t worker) {
  blockIdx = decompose(index, gridDim);
  __local_group_id = worker;
  t_worker.run(*static_cast<const Grid*>(ctx));
}

}  // namespace

void set_launch(const Launch* l) { g_launch = l; }
const Launch& launch() { return *g_launch; }
uint32_t thread_linear_id() { return t_worker.current; }
uint32_t block_threads() { return t_worker.grid ? t_worker.grid->threads : 1; }

}  // namespace hip2vx_cpu

using namespace hip2vx_cpu;

extern "C" int vx_spawn_threads(uint32_t dimension, const uint32_t* grid_dim,
                                const uint32_t* block_dim, vx_kernel_func_cb kernel_func,
                                const void* arg) {
  if (dimension < 1 || dimension > 3 || !grid_dim || !kernel_func) return -1;
  const Launch& l = launch();
  uint64_t blocks = 1, threads = 1;
  for (uint32_t d = 0; d < 3; ++d) {
    gridDim.m[d] = d < dimension ? grid_dim[d] : 1;
    blockDim.m[d] = d < dimension && block_dim ? block_dim[d] : 1;
    if (__builtin_mul_overflow(blocks, gridDim.m[d], &blocks) ||
        __builtin_mul_overflow(threads, blockDim.m[d], &threads))
      return -1;
  }
  if (threads == 0 || threads > uint64_t{l.num_threads} * l.num_warps) return -1;
  __warps_per_group = static_cast<uint32_t>((threads + l.num_threads - 1) / l.num_threads);
  const Grid g{kernel_func, arg, static_cast<uint32_t>(threads)};
  l.parallel_for(l.pool, blocks, run_block, const_cast<Grid*>(&g));
  return 0;
}

// A device thread spinning on memory (the logical-warp barrier of hip2vx_device.h) lets the
// others run: fibers switch only when they ask to.
extern "C" void hip2vx_cpu_yield() {
  if (t_worker.grid) t_worker.suspend(kReady);
}

extern "C" void vx_barrier(int, int) {
  // Outside a block (e.g. in main) there is nothing to wait for.
  if (t_worker.grid) t_worker.suspend(kWaiting);
}
