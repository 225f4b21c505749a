// Shared by the hand-written Vortex kernels and their host programs: the argument structs, laid
// out the same on both sides with fixed-width types (device addresses as uint64_t, as Vortex's own
// regression tests do), and on the device the divergence idioms stock compilers need
// (docs/vortex.md). Each kernel is written the way Vortex's tests are: an unpacked argument
// struct read from MSCRATCH, vx_spawn_threads, __local_mem for shared data, and a split only where
// a branch really differs between the threads of a warp.
#ifndef VORTEX_NATIVE_COMMON_H
#define VORTEX_NATIVE_COMMON_H
#include <stdint.h>

struct launch_t {
  uint32_t grid[3];
  uint32_t block[3];
};

struct vecadd_args_t {
  launch_t launch;
  uint32_t n;
  uint64_t a, b, c;
};

struct matmul_args_t {
  launch_t launch;
  uint32_t M, N, K;
  uint64_t A, B, C;
};

struct reduction_args_t {
  launch_t launch;
  uint32_t n;
  uint64_t in, total;
};

#ifdef __riscv
#include <vx_spawn.h>
// The predicate is an in/out operand of the split, so the compiler cannot hoist the branch on it.
inline int split(int& c) {
  int t;
  asm volatile(".insn r 0x0b, 2, 0, %0, %1, x0" : "=r"(t), "+r"(c) :: "memory");
  return t;
}
inline void join(int t) { asm volatile(".insn r 0x0b, 3, 0, x0, %0, x0" :: "r"(t) : "memory"); }
// A comparison's 0/1 the optimiser cannot merge with another into a branchy max/min.
inline int opaque(int c) { asm("" : "+r"(c)); return c; }
inline void barrier() {
  asm volatile("" ::: "memory");
  vx_barrier(__local_group_id, __warps_per_group);
  asm volatile("" ::: "memory");
}
#endif
#endif
