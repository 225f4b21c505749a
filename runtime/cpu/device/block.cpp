// vx_spawn_threads and barriers: every block runs on one host worker thread. Its device threads
// run one after another on a fiber: a thread that returns hands the fiber straight to the next
// thread of the block (no switch). A thread that reaches a barrier keeps its fiber (its stack
// holds its state) and the next thread starts on another one; once every live thread of the
// block waits, all are resumed in order. Threads that returned no longer count, so a kernel
// without barriers runs a whole block on one fiber and one stack. A thread that yields (spinning
// on memory) runs again after the others have had their turn, and holds back a barrier's release.
#include "block.h"

#include <vx_spawn.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "fiber.h"

static_assert(sizeof(hip2vx_cpu_registers_t) == hip2vx_cpu::kRegistersBytes, "launch.h: kRegistersBytes");
intptr_t hip2vx_cpu_registers_offset;
dim3_t gridDim;
dim3_t blockDim;
uint32_t __warps_per_group;
char* __hip2vx_local_mem_base;

namespace hip2vx_cpu {
namespace {

const Launch* g_launch = nullptr;

dim3_t decompose(uint64_t linear, const dim3_t& dim) {
  dim3_t r;
  r.x = static_cast<uint32_t>(linear % dim.x);
  linear /= dim.x;
  r.y = static_cast<uint32_t>(linear % dim.y);
  r.z = static_cast<uint32_t>(linear / dim.y);
  return r;
}

struct Grid {
  vx_kernel_func_cb fn;
  const void* arg;
  uint32_t threads;  // per block
};

// State of one host worker thread. Fibers never move to another OS thread, so code compiled
// with cached thread-local addresses stays correct across barriers.
struct Worker {
  // The device thread of a fiber at a barrier: its linear index and threadIdx.
  struct Thread {
    uint32_t linear;
    dim3_t idx;
  };
  std::vector<Fiber> fibers;  // created on demand, reused by every block this worker runs
  std::vector<Thread> thread_of;
  std::vector<uint32_t> idle;      // fibers free for the next thread to start
  std::vector<uint32_t> waiting;   // fibers at the barrier, in arrival order
  std::vector<uint32_t> yielded;   // fibers that yielded, to run again before a barrier releases
  std::vector<uint32_t> released;  // fibers let through the last barrier (or yielded), in that order...
  size_t resumed = 0;              // ... of which this many have run on since
  void* scheduler_sp = nullptr;    // the worker's own stack, in run()
  const Grid* grid = nullptr;      // null while no block runs here
  uint32_t next = 0;               // the next device thread to start
  dim3_t next_idx{};               // its threadIdx
  uint32_t fiber = 0;              // the running fiber
  uint32_t current = 0;            // its device thread
  uint64_t spins = 0;              // calls of hip2vx_cpu_spin in the running block
  // This thread's threadIdx: its address is taken once (the fibers stay on this thread).
  dim3_t* const thread_idx = &threadIdx;

  ~Worker() {
    for (Fiber& f : fibers) fiber_destroy(f);
  }
  // Starts the next thread on the running fiber; threadIdx counts up x-fastest.
  void start_next() {
    current = next++;
    *thread_idx = next_idx;
    if (++next_idx.x == blockDim.x) {
      next_idx.x = 0;
      if (++next_idx.y == blockDim.y) next_idx.y = 0, ++next_idx.z;
    }
  }
  uint32_t idle_fiber();
  void pass_on();
  void run(const Grid& g);
};

// This thread's worker, created when it first runs a block of this kernel binary. The binary
// owns every worker and frees them when it is unloaded: a thread_local Worker (it has a
// destructor) would keep the binary loaded as long as its thread lives, and the launching thread,
// main, lives on after hipDeviceReset.
__thread Worker* t_worker = nullptr;
struct {
  std::mutex mutex;
  std::vector<std::unique_ptr<Worker>> all;
} g_workers;

Worker& this_worker() {
  if (!t_worker) {
    auto w = std::make_unique<Worker>();
    t_worker = w.get();
    std::lock_guard<std::mutex> lock(g_workers.mutex);
    g_workers.all.push_back(std::move(w));
  }
  return *t_worker;
}

// The body of every fiber: runs device threads until one reaches a barrier (vx_barrier passes
// the worker on and is later resumed) or none is left to start, then offers itself for reuse.
[[noreturn]] void fiber_main() {
  Worker& w = *t_worker;
  for (;;) {
    while (w.next < w.grid->threads) {
      w.start_next();
      w.grid->fn(const_cast<void*>(w.grid->arg));
    }
    w.idle.push_back(w.fiber);
    w.pass_on();
  }
}

uint32_t Worker::idle_fiber() {
  if (!idle.empty()) {
    const uint32_t f = idle.back();
    idle.pop_back();
    return f;
  }
  Fiber f;
  // Stack tops 64 bytes apart modulo a page: the fibers' saved frames, touched at every switch,
  // spread over the cache sets instead of all landing in one (stacks are page-aligned).
  const size_t colour = fibers.size() % 64 * 64;
  if (!fiber_create(f, launch().fiber_stack_bytes, colour, fiber_main)) {
    std::fprintf(stderr, "hip2vx cpu: cannot map a device thread stack\n");
    std::abort();
  }
  fibers.push_back(f);
  thread_of.emplace_back();
  return static_cast<uint32_t>(fibers.size() - 1);
}

// The running fiber has queued itself as waiting or idle: switches straight to what runs next,
// a thread still to start, else the next thread let through the barrier (once every live thread
// waits, all are let through), else, the block being done, the worker's own stack.
void Worker::pass_on() {
  const uint32_t from = fiber;
  uint32_t to;
  if (next < grid->threads) {
    to = idle_fiber();
  } else {
    // Threads that yielded have not reached the barrier: they run again before it releases.
    std::vector<uint32_t>& ready = yielded.empty() ? waiting : yielded;
    if (resumed == released.size() && !ready.empty()) {
      released.swap(ready);
      ready.clear();
      resumed = 0;
    }
    if (resumed == released.size()) {
      hip2vx_fiber_switch(&fibers[from].sp, scheduler_sp);
      return;
    }
    to = released[resumed++];
    current = thread_of[to].linear;
    *thread_idx = thread_of[to].idx;
    if (to == from) return;  // the last thread to arrive goes on alone
  }
  fiber = to;
  hip2vx_fiber_switch(&fibers[from].sp, fibers[to].sp);
}

void Worker::run(const Grid& g) {
  grid = &g;
  next = 0;
  spins = 0;
  next_idx = dim3_t{};
  released.clear();
  resumed = 0;
  fiber = idle_fiber();
  hip2vx_fiber_switch(&scheduler_sp, fibers[fiber].sp);
  grid = nullptr;
}

void run_block(void* ctx, uint64_t index, uint32_t worker) {
  blockIdx = decompose(index, gridDim);
  __local_group_id = worker;
  this_worker().run(*static_cast<const Grid*>(ctx));
}

}  // namespace

void set_launch(const Launch* l) {
  g_launch = l;
  hip2vx_cpu_registers_offset = l->registers_offset;
  __hip2vx_local_mem_base = static_cast<char*>(l->local_mem);
}
const Launch& launch() { return *g_launch; }
uint32_t thread_linear_id() { return t_worker && t_worker->grid ? t_worker->current : 0; }
uint32_t block_threads() { return t_worker && t_worker->grid ? t_worker->grid->threads : 1; }

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

namespace {
// The running thread stops in `queue` (waiting at the barrier, or yielded) and the worker goes on.
void park(std::vector<uint32_t> Worker::*queue) {
  // Outside a block (e.g. in main) there is nothing to wait for.
  Worker* w = t_worker;
  if (!w || !w->grid) return;
  w->thread_of[w->fiber] = Worker::Thread{w->current, *w->thread_idx};
  (w->*queue).push_back(w->fiber);
  w->pass_on();
}
}  // namespace

// A device thread spinning on memory (the logical-warp barrier of hip2vx_device.h) lets the
// others run: fibers switch only when they ask to.
extern "C" void hip2vx_cpu_yield() { park(&Worker::yielded); }

// A loop that may wait for another thread (hip2vx_spin_point, every 64th pass). A block whose
// threads have spun this way 64 times each on average may wait for a block not yet started: the
// launch gets another worker to start one. It may also wait for a block another worker runs, which
// with more workers than cores may be descheduled: the worker gives up its core at every call
// (bench:cpu's chain, 1,563 blocks each waiting for the previous one: 19.5 s a launch among 64
// workers spinning through their time slices on 2 cores, 5.2 ms so).
extern "C" void hip2vx_cpu_spin() {
  Worker* w = t_worker;
  if (w && w->grid && ++w->spins % (uint64_t{64} * w->grid->threads) == 0) launch().grow(launch().pool);
  std::this_thread::yield();
  park(&Worker::yielded);
}

extern "C" void vx_barrier(int, int) { park(&Worker::waiting); }
