// The interface between the CPU backend's host side (runtime/cpu/src, behind vortex.h) and a
// kernel binary (the device program + runtime/cpu/device, a shared object). The host owns the
// worker threads and memory; the kernel binary owns the per-thread state and fibers.
#pragma once
#include <cstdint>

namespace hip2vx_cpu {

constexpr uint32_t kLaunchAbiVersion = 3;

// Runs body(ctx, i, worker) for every i in [0, n) on the host's workers, `worker` being the
// index (< workers) of the OS thread running it; returns when all are done.
using BlockBody = void (*)(void* ctx, uint64_t i, uint32_t worker);
using ParallelFor = void (*)(void* pool, uint64_t n, BlockBody body, void* ctx);
// Starts another worker on the running launch's blocks not yet started: a block that keeps
// spinning may wait for one of them (graph codes whose blocks wait for each other, as all the
// blocks of a GPU-sized grid are in flight on a GPU). Up to kMaxWorkers in all.
using Grow = void (*)(void* pool);
constexpr uint32_t kMaxWorkers = 64;

// Bytes of the running device thread's registers, one set per OS thread (threadIdx, blockIdx, the
// worker's index: hip2vx_cpu_registers_t of include/vx_spawn.h). The host program keeps them in
// its static TLS, at one offset from every thread's thread pointer (Launch::registers_offset): a
// kernel binary reads them with plain loads, where thread-local variables of its own (a dlopen'ed
// object's) cost a call into the loader at every access.
constexpr uint32_t kRegistersBytes = 32;

struct Launch {
  uint32_t abi_version;
  uint32_t num_threads, num_warps, num_cores;  // the device's capabilities
  uint32_t workers;                            // blocks in flight at most
  uint64_t fiber_stack_bytes;                  // stack of each device thread
  const void* args;                            // VX_CSR_MSCRATCH
  void* local_mem;                             // VX_CSR_LOCAL_MEM_BASE: kMaxWorkers slices
  ParallelFor parallel_for;
  Grow grow;
  void* pool;
  intptr_t registers_offset;                   // of the registers from the thread pointer
};

// Every kernel binary exports `extern "C" int hip2vx_cpu_entry(const Launch*)`, which runs the
// device program's main() for this launch and returns its result.
using EntryFn = int (*)(const Launch*);
constexpr const char* kEntrySymbol = "hip2vx_cpu_entry";

}  // namespace hip2vx_cpu
