// hip2vx_device.h: what generated Vortex device sources need beyond vx_spawn.h.
//  - HIP/CUDA spellings (__global__, __forceinline__, atomics, intrinsics) mapped to Vortex;
//  - the divergence idioms verified on simx with stock gcc and clang (docs/vortex.md):
//    a split whose tested predicate is an opaque asm output, and a pred loop exit in one asm goto;
//  - branch-free math, because library routines that branch on per-thread data diverge.
// On the CPU backend (HIP2VX_CPU_BACKEND) every thread runs on its own, so the idioms are plain C.
#ifndef HIP2VX_DEVICE_H
#define HIP2VX_DEVICE_H

// What a HIP device compiler predefines (src/parse/conditionals.ts decides `#if`s the same way):
// code under `#ifdef __CUDA_ARCH__` or `#if __CUDA_ARCH__ >= 530` is device code here too.
#include "hip2vx_compiler.h"
#ifndef __HIP_DEVICE_COMPILE__
#define __HIP_DEVICE_COMPILE__ 1
#endif
#ifndef __CUDA_ARCH__
#define __CUDA_ARCH__ 800
#endif

// int32_t is int for CUDA code (nvcc's hosts) and for clang's rv32; riscv gcc's rv32 makes it long,
// so `int*` would not convert to `int32_t*` (or a function taking one to a pointer type naming the
// other). Same size and alignment: only the type's name changes, before libc's headers typedef it.
#if defined(__riscv) && !defined(__clang__) && __SIZEOF_LONG__ == 4
#undef __INT32_TYPE__
#define __INT32_TYPE__ int
#undef __UINT32_TYPE__
#define __UINT32_TYPE__ unsigned int
#undef __INT_LEAST32_TYPE__
#define __INT_LEAST32_TYPE__ int
#undef __UINT_LEAST32_TYPE__
#define __UINT_LEAST32_TYPE__ unsigned int
#endif
#include <stdint.h>
#include <inttypes.h>  // PRId64 and the other format macros device printf uses
#include <stddef.h>
#include <sys/types.h>  // uint, ushort, ulong: what hip_runtime.h's libc headers bring on the host
#include <string.h>
#include <math.h>
#include <limits.h>  // INT_MAX, FLT_MAX...: what the HIP/CUDA headers bring along
#include <float.h>
#include <initializer_list>  // std::min/max of a list, below
#include <type_traits>
#include <vx_spawn.h>
#include <vx_print.h>
#include "hip2vx_vector_types.h"
#include "hip2vx_hip_macros.h"

#include "hip2vx_cuda_version.h"
#include "hip/hip_version.h"
#include "hip2vx_serial_libcalls.h"

#if defined(HIP2VX_CPU_BACKEND)
#define HIP2VX_ABI(device, host) (host)
#elif defined(__riscv)
#define HIP2VX_ABI(device, host) (device)
#else
#error "hip2vx_device.h: build for RISC-V (Vortex) or define HIP2VX_CPU_BACKEND"
#endif

#define HIP2VX_INLINE static inline __attribute__((__always_inline__))
// The main() of kernel <id>'s binary. A device source is compiled once with the entries of all its
// kernels, and each kernel's binary links that object naming its entry main
// (`--defsym=main=hip2vx_main_<id>`, hip2vx.mk); --gc-sections drops the other kernels.
#define HIP2VX_MAIN(id) extern "C" int hip2vx_main_##id(void)

// The runtime's handle types, as hip_runtime_api.h declares them: a device compile sees the host
// declarations of the types and headers it keeps (a class with a member taking a stream).
typedef struct ihipStream_t* hipStream_t;
typedef struct ihipEvent_t* hipEvent_t;

// HIP's dim3, which device code may build (`dim3 idx(tx + 1, ty + 1)`) or copy from the built-in
// indices (Vortex's dim3_t) or a uint3, as hip_runtime_api.h declares it for the host.
struct dim3 {
  uint32_t x, y, z;
  constexpr dim3(uint32_t vx = 1, uint32_t vy = 1, uint32_t vz = 1) : x(vx), y(vy), z(vz) {}
  /* Vortex's dim3_t, and CUDA's dim3(uint3): any x, y, z that convert without narrowing. */
  template <typename V, typename = decltype(uint32_t{((const V*)0)->x}, uint32_t{((const V*)0)->y}, uint32_t{((const V*)0)->z})>
  constexpr dim3(const V& v) : x(v.x), y(v.y), z(v.z) {}
};

// The runtime's structs kernels take by value (hip_runtime_api.h; src/layout/runtime-records.ts).
typedef struct hipPitchedPtr { void* ptr; size_t pitch; size_t xsize; size_t ysize; } hipPitchedPtr;
typedef struct hipExtent { size_t width; size_t height; size_t depth; } hipExtent;
typedef struct hipPos { size_t x; size_t y; size_t z; } hipPos;

// ---- HIP/CUDA declaration spellings -------------------------------------------------------
#define __global__ inline __attribute__((__always_inline__))
#define __device__
// What device code keeps of __constant__: a const table with its value (`__constant__ const float
// w[3] = {...}`), compiled on each side like any constant; the others became symbols.
#define __constant__
#define __managed__
#define __host__
#define __forceinline__ inline __attribute__((__always_inline__))
// Empty, as in hip/hip_runtime.h: libstdc++ spells `__attribute__((__noinline__))` (shared_ptr),
// which any definition as an attribute would turn into a nested attribute.
#define __noinline__
#define __launch_bounds__(...)
#define __align__(n) __attribute__((__aligned__(n)))
// CUDA 11.7's read-only kernel parameter: every kernel parameter is a copy here.
#define __grid_constant__
// The logical warp of warp operations (below): 32 lanes, or 64 with `--warp-size 64` (HIP code
// written for 64-wide wavefronts), whatever the hardware warp width.
#ifndef HIP2VX_WARP_SIZE
#define HIP2VX_WARP_SIZE 32
#endif
// A constant, not a macro: code may name a local or parameter `warpSize`, hiding it.
static constexpr int warpSize = HIP2VX_WARP_SIZE;

// ---- launch state set by each kernel's main() ---------------------------------------------
// Bytes of local memory per block (static rounded to 16 + dynamic) and where the dynamic
// array starts. One value per launch, written before vx_spawn_threads.
static uint32_t hip2vx_block_shared_bytes;
static uint32_t hip2vx_dynamic_shared_offset;
// The launch's status word (its address follows the argument struct): the runtime reads it when
// the kernel has finished and reports a failed assert (HIP2VX_STATUS_ASSERT) as hipErrorAssert
// and a __trap (HIP2VX_STATUS_TRAP) as hipErrorLaunchFailure, as CUDA does.
#define HIP2VX_STATUS_ASSERT 1u
#define HIP2VX_STATUS_TRAP 2u
#define HIP2VX_STATUS_LOCAL_MEM 4u
// HIP on AMD GPUs implements assert as a trap, so the host sees hipErrorLaunchFailure: the
// translator defines HIP2VX_ASSERT_STATUS as HIP2VX_STATUS_TRAP for sources written against HIP.
#ifndef HIP2VX_ASSERT_STATUS
#define HIP2VX_ASSERT_STATUS HIP2VX_STATUS_ASSERT
#endif
static uint32_t* hip2vx_launch_status;

HIP2VX_INLINE void hip2vx_begin_launch(uint32_t static_bytes, uint64_t dynamic_bytes, void* status) {
  hip2vx_dynamic_shared_offset = (static_bytes + 15u) & ~15u;
  hip2vx_block_shared_bytes = hip2vx_dynamic_shared_offset + (uint32_t)dynamic_bytes;
  hip2vx_launch_status = (uint32_t*)status;
}

// Blocks of one thread: Vortex runs them as independent threads of a warp, all of group 0, so each
// of the core's threads is a block of its own, with a slice of its own (set by hip2vx_spawn).
static bool hip2vx_lone_threads;

HIP2VX_INLINE char* hip2vx_shared_base() {
  // __local_mem does not parenthesise its argument: pass a single variable.
  uint32_t bytes = hip2vx_block_shared_bytes;
#if !defined(HIP2VX_CPU_BACKEND)
  if (hip2vx_lone_threads) return (char*)csr_read(VX_CSR_LOCAL_MEM_BASE) + (vx_warp_id() * vx_num_threads() + vx_thread_id()) * bytes;
#endif
  return (char*)__local_mem(bytes);
}

// The type last: a template's struct type (`T_SharedMem<W, H>`) holds commas.
#define HIP2VX_SHARED(offset, ...) (*reinterpret_cast<__VA_ARGS__*>(hip2vx_shared_base() + (offset)))
#define hip2vx_dynamic_shared() ((void*)(hip2vx_shared_base() + hip2vx_dynamic_shared_offset))
#ifdef __cplusplus
// `extern __shared__ T name[];` at file scope: converts to the running launch's dynamic shared
// memory wherever it is used (indexed, passed as `T*`), as the array's name would.
template <typename T> struct hip2vx_dynamic_shared_array {
  inline __attribute__((__always_inline__)) operator T*() const { return reinterpret_cast<T*>(hip2vx_dynamic_shared()); }
  /** `(float*)smem` of a `char smem[]`: the array would decay to char* and be cast. */
  template <typename U>
  inline __attribute__((__always_inline__)) explicit operator U*() const { return reinterpret_cast<U*>(hip2vx_dynamic_shared()); }
};
// False, but only once T is known: a static_assert on it fires where a template is instantiated
// (a class template's member function declaring __shared__ data, compiled only if called).
template <typename T> struct hip2vx_dependent_false { static constexpr bool value = false; };
#endif

HIP2VX_INLINE uint32_t hip2vx_dimensions(const uint32_t* grid, const uint32_t* block) {
  return (grid[2] > 1 || block[2] > 1) ? 3 : (grid[1] > 1 || block[1] > 1) ? 2 : 1;
}

/** How many blocks of a kernel with local memory (shared data, warp scratch) may run at once: the
    entry's question (one thread, before spawning). A core runs warps / (warps of a block) blocks
    at once, each in its own slice of the core's local memory; the host checks that against the
    size the device reports, but the simx bundle's 16x16 and 32x32 configurations report 64 KB
    while their local addresses wrap at 16 KB, so later slices would silently overlap the first
    ones. This finds where the addresses the slices need wrap: all the launch's blocks when they
    fit (HIP2VX_ALL_BLOCKS), else as many as fit (hip2vx_spawn runs the grid in rounds of them,
    as a GPU holds fewer blocks of a kernel that uses much shared memory), 0 when one block does
    not fit: the launch fails (HIP2VX_STATUS_LOCAL_MEM: hipErrorLaunchOutOfResources). */
#define HIP2VX_ALL_BLOCKS 0xffffffffu
HIP2VX_INLINE uint32_t hip2vx_local_mem_slots(const uint32_t* grid, const uint32_t* block) {
#if !defined(HIP2VX_CPU_BACKEND)
  const uint32_t width = vx_num_threads(), threads = block[0] * block[1] * block[2], warps = (threads + width - 1) / width;
  const uint32_t groups = grid[0] * grid[1] * grid[2];
  // Blocks of one thread run a block on each of the core's threads (hip2vx_lone_threads).
  const uint32_t per_core = threads == 1 ? vx_num_warps() * width : warps ? vx_num_warps() / warps : 1;
  const uint32_t bytes = hip2vx_block_shared_bytes, need = (groups < per_core ? groups : per_core) * bytes;
  volatile uint32_t* local = (volatile uint32_t*)csr_read(VX_CSR_LOCAL_MEM_BASE);
  for (uint32_t size = 1024; size < need; size *= 2) {
    local[0] = 0u;
    local[size / 4] = 1u;
    if (local[0] == 0u) continue;
    if (size >= bytes) return size / bytes;
    vx_printf("hip2vx: a block needs %u bytes of local memory; the device has %u\n", bytes, size);
    __atomic_fetch_or(hip2vx_launch_status, HIP2VX_STATUS_LOCAL_MEM, __ATOMIC_RELAXED);
    return 0;
  }
#else
  (void)grid, (void)block;
#endif
  return HIP2VX_ALL_BLOCKS;
}

// ---- divergence idioms -------------------------------------------------------------------
#if defined(HIP2VX_CPU_BACKEND)
HIP2VX_INLINE int hip2vx_split_insn(int& c) { (void)c; return 0; }
HIP2VX_INLINE void hip2vx_join_insn(int t) { (void)t; }
HIP2VX_INLINE int hip2vx_active_threads() { return 1; }
HIP2VX_INLINE void hip2vx_tmc(int m) { (void)m; }
#define HIP2VX_PRED_EXIT(go, mask, label) do { if (!(go)) goto label; } while (0)
#define HIP2VX_OPAQUE(x) ((void)0)
#define HIP2VX_PRED_LOOP while (1)
#else
// The predicate is an in/out operand, so the compiler cannot hoist or thread the branch on it.
HIP2VX_INLINE int hip2vx_split_insn(int& c) {
  int t;
  __asm__ volatile(".insn r 0x0b, 2, 0, %0, %1, x0" : "=r"(t), "+r"(c) :: "memory");
  return t;
}
HIP2VX_INLINE void hip2vx_join_insn(int t) { __asm__ volatile(".insn r 0x0b, 3, 0, x0, %0, x0" :: "r"(t) : "memory"); }
HIP2VX_INLINE int hip2vx_active_threads() { return vx_active_threads(); }
HIP2VX_INLINE void hip2vx_tmc(int m) { vx_tmc(m); }
// pred and the loop's exit branch in one asm goto, testing the same register.
#define HIP2VX_PRED_EXIT(go, mask, label) \
  __asm__ goto(".insn r 0x0b, 5, 0, x0, %0, %1\n\tbeqz %0, %l[" #label "]" :: "r"(go), "r"(mask) : "memory" : label)
#define HIP2VX_OPAQUE(x) __asm__("" : "+r"(x))
// A loop a per-thread condition leaves through HIP2VX_PRED_EXIT, never unrolled: gcc -O3 unrolls
// a loop of known bounds completely (`while (b < 4 && ...) b++;`), a copy of the pred and its exit
// per pass, and the threads that left at one copy take the values the path of another set.
#define HIP2VX_PRED_LOOP _Pragma("GCC unroll 1") while (1)
#endif

// The end of a lowered if's branch pins the variables it assigns (hip2vx_pin(v)): an empty
// volatile asm reading and writing them, which the compiler cannot move out of the branch. clang
// otherwise sank `v += 100.0f` past the region's join and a loop after it, as a per-thread branch.
// Constexpr, as the lowering's other calls (below).
#if defined(HIP2VX_CPU_BACKEND)
template <typename T> HIP2VX_INLINE constexpr void hip2vx_pin(T&) {}
#else
#define HIP2VX_PIN(T, CONSTRAINT) \
  HIP2VX_INLINE void hip2vx_pin_asm(T& v) { __asm__ volatile("" : CONSTRAINT(v)); }
HIP2VX_PIN(float, "+f")
HIP2VX_PIN(bool, "+r")
HIP2VX_PIN(char, "+r")
HIP2VX_PIN(signed char, "+r")
HIP2VX_PIN(unsigned char, "+r")
HIP2VX_PIN(short, "+r")
HIP2VX_PIN(unsigned short, "+r")
HIP2VX_PIN(int, "+r")
HIP2VX_PIN(unsigned int, "+r")
HIP2VX_PIN(long, "+r")
HIP2VX_PIN(unsigned long, "+r")
#undef HIP2VX_PIN
template <typename T> HIP2VX_INLINE void hip2vx_pin_asm(T*& v) { __asm__ volatile("" : "+r"(v)); }
/** Anything else (64-bit integers and doubles on rv32, structs, arrays) through memory; enums in a register. */
template <typename T> HIP2VX_INLINE void hip2vx_pin_asm(T& v) {
  if constexpr (std::is_enum<T>::value && sizeof(T) <= sizeof(int)) __asm__ volatile("" : "+r"(v));
  else __asm__ volatile("" : "+m"(v));
}
template <typename T> HIP2VX_INLINE constexpr void hip2vx_pin(T& v) {
  if (!__builtin_is_constant_evaluated()) hip2vx_pin_asm(v);
}
#endif

// The divergence lowering's calls are constexpr: a constexpr function whose branches it regroups
// (a switch in `constexpr __host__ __device__`) still evaluates in constant expressions, plainly.
HIP2VX_INLINE constexpr int hip2vx_split(int& c) { return __builtin_is_constant_evaluated() ? 0 : hip2vx_split_insn(c); }
HIP2VX_INLINE constexpr void hip2vx_join(int t) {
  if (!__builtin_is_constant_evaluated()) hip2vx_join_insn(t);
}
template <typename T>
HIP2VX_INLINE int hip2vx_opaque_bool(const T& c) {
  int v = !!c;
  HIP2VX_OPAQUE(v);
  return v;
}
/** A per-thread condition as 0/1 the optimiser cannot see through (see the divergence lowering). */
template <typename T>
HIP2VX_INLINE constexpr int hip2vx_bool(const T& c) { return __builtin_is_constant_evaluated() ? !!c : hip2vx_opaque_bool(c); }

#if !defined(HIP2VX_CPU_BACKEND)
// Kernels read the launch's grid here, not in Vortex's gridDim: a launch run in rounds spawns
// fewer blocks than its grid has.
static dim3_t hip2vx_grid_dim;
#define gridDim hip2vx_grid_dim
static vx_kernel_func_cb hip2vx_round_body;
static uint32_t hip2vx_round_slots;

/** One of the blocks spawned for a launch run in rounds: it runs the grid's blocks slot, slot +
    slots, ... one after another (the body ends with a barrier, so a block's slice is free when
    the next one starts). */
static void hip2vx_rounds(void* args) {
  // As many rounds for every thread of a warp: the threads of a warp are blocks of their own when
  // blocks have one thread, and the last round has none for some.
  const uint32_t total = gridDim.x * gridDim.y * gridDim.z, first = blockIdx.x;
  const uint32_t rounds = (total + hip2vx_round_slots - 1) / hip2vx_round_slots;
  for (uint32_t r = 0; r < rounds; ++r) {
    const uint32_t b = first + r * hip2vx_round_slots;
    int in = b < total;
    int t = hip2vx_split(in);  // not const: a const int would be constant-evaluated, to 0
    if (in) {
      blockIdx.x = b % gridDim.x;
      blockIdx.y = b / gridDim.x % gridDim.y;
      blockIdx.z = b / (gridDim.x * gridDim.y);
      hip2vx_round_body(args);
    }
    hip2vx_join(t);
  }
}
#endif

/** The entry's spawn of a launch's blocks, at most `slots` at once (hip2vx_local_mem_slots). */
HIP2VX_INLINE int hip2vx_spawn(const uint32_t* grid, const uint32_t* block, uint32_t slots, vx_kernel_func_cb body, const void* args) {
  if (slots == 0) return -1;
#if !defined(HIP2VX_CPU_BACKEND)
  hip2vx_grid_dim = dim3_t{{grid[0], grid[1], grid[2]}};
  hip2vx_lone_threads = block[0] * block[1] * block[2] == 1;
  if (slots < grid[0] * grid[1] * grid[2]) {
    const uint32_t few[3] = {slots, 1u, 1u};
    hip2vx_round_body = body;
    hip2vx_round_slots = slots;
    return vx_spawn_threads(hip2vx_dimensions(few, block), few, block, hip2vx_rounds, args);
  }
#endif
  return vx_spawn_threads(hip2vx_dimensions(grid, block), grid, block, body, args);
}

// Barriers: vx_barrier has no memory clobber of its own.
#define hip2vx_syncthreads() \
  do { __asm__ volatile("" ::: "memory"); vx_barrier(__local_group_id, __warps_per_group); __asm__ volatile("" ::: "memory"); } while (0)
#define hip2vx_threadfence() vx_fence()
// __syncwarp is a barrier of the logical warp (hip2vx_warp_sync, with the warp operations below);
// where the translator cannot prove every lane of the warp reaches it, it keeps the memory fence
// alone (hip2vx_syncwarp_fence) and says so.
#define hip2vx_syncwarp(...) hip2vx_warp_sync()
#define hip2vx_syncwarp_fence(...) __asm__ volatile("" ::: "memory")

/** Each thread, after the body of a kernel with local memory (shared data, warp scratch): the next
    block a core runs in this slice starts warp by warp, and a warp starting it early would
    overwrite shared data (or clear warp counters) the other warps of this block still use; none
    starts it before every thread of this block is done. Branch-free: a branch after the kernel's
    inlined code lets the compiler thread it through the divergence brackets of the kernel's
    lowered returns (simx then stops on a divergent branch). The CPU backend runs a block to its end. */
HIP2VX_INLINE void hip2vx_block_end() {
#if !defined(HIP2VX_CPU_BACKEND)
  hip2vx_syncthreads();
#endif
}

HIP2VX_INLINE long long hip2vx_clock64() {
#if defined(__riscv) && __riscv_xlen == 32 && !defined(HIP2VX_CPU_BACKEND)
  uint32_t hi, lo;
  do {  // uniform: every thread reads its own core's counter the same way
    hi = (uint32_t)csr_read(VX_CSR_MCYCLE_H);
    lo = (uint32_t)csr_read(VX_CSR_MCYCLE);
  } while (hi != (uint32_t)csr_read(VX_CSR_MCYCLE_H));
  return (long long)(((uint64_t)hi << 32) | lo);
#else
  return (long long)csr_read(VX_CSR_MCYCLE);
#endif
}
HIP2VX_INLINE int hip2vx_clock() { return (int)hip2vx_clock64(); }

/** printf where the translation does not rename it to vx_printf: in a macro's body (`#define
    DPRINT(fmt, ...) printf(...)`). Device code has no stdio; with it, this wins over the C one. */
template <typename... A>
HIP2VX_INLINE int printf(const char* format, A... args) { return vx_printf(format, args...); }

/** A failed assert or __trap: the message names the user's source (the translator passes file
    and line); the launch's status (`status`) makes the waiting host call fail. Vortex cannot
    abort a kernel: the other threads run on, and so does this one. */
HIP2VX_INLINE void hip2vx_fail(const char* file, int line, const char* what, const char* detail, uint32_t status) {
  vx_printf("%s:%d: block %u thread %u: %s%s\n", file, line, blockIdx.x, threadIdx.x, what, detail);
  __atomic_fetch_or(hip2vx_launch_status, status, __ATOMIC_RELAXED);
}
/** The failing threads alone print, in a split region (the condition is per-thread). */
HIP2VX_INLINE void hip2vx_check(int ok, const char* file, int line, const char* condition) {
  int bad = !ok;
  int t = hip2vx_split(bad);
  if (bad) hip2vx_fail(file, line, "device assertion failed: ", condition, HIP2VX_ASSERT_STATUS);
  hip2vx_join(t);
}
// A range-based for loop with a per-thread trip count, lowered for divergence into an iterator
// loop (rewrite/divergence.ts), iterates with these as C++'s would: an array's extent, else the
// range's begin() and end().
template <typename T, decltype(sizeof(0)) N> HIP2VX_INLINE T* hip2vx_begin(T (&a)[N]) { return a; }
template <typename T, decltype(sizeof(0)) N> HIP2VX_INLINE T* hip2vx_end(T (&a)[N]) { return a + N; }
template <typename R> HIP2VX_INLINE auto hip2vx_begin(R& r) -> decltype(r.begin()) { return r.begin(); }
template <typename R> HIP2VX_INLINE auto hip2vx_end(R& r) -> decltype(r.end()) { return r.end(); }
#define hip2vx_assert(file, line, cond) hip2vx_check(hip2vx_bool(cond), file, line, #cond)
#define hip2vx_trap(file, line) hip2vx_fail(file, line, "__trap() called", "", HIP2VX_STATUS_TRAP)
// <cassert> leaves device sources and the translator renames assert where it sees device code;
// an assert elsewhere (a member of a class in a header) still means the device's assert.
#ifndef assert
#ifdef NDEBUG
#define assert(cond) ((void)0)
#else
#define assert(cond) hip2vx_assert(__FILE__, __LINE__, cond)
#endif
#endif

// Cooperative groups: the block-level subset.
namespace cooperative_groups {
struct thread_group;
struct thread_block {
  void sync() const { hip2vx_syncthreads(); }
  unsigned int size() const { return blockDim.x * blockDim.y * blockDim.z; }
  unsigned int num_threads() const { return size(); }
  unsigned int thread_rank() const { return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x; }
  dim3 group_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  dim3 thread_index() const { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
  dim3 group_dim() const { return dim3(blockDim.x, blockDim.y, blockDim.z); }
  dim3 dim_threads() const { return group_dim(); }
  inline operator thread_group() const;
};
HIP2VX_INLINE thread_block this_thread_block() { return thread_block(); }
HIP2VX_INLINE void sync(const thread_block& b) { b.sync(); }
}  // namespace cooperative_groups

// ---- temporaries of lowered expressions --------------------------------------------------
/** The type of a temporary holding an expression's value: `const float` loads give `float`. */
template <class T> struct hip2vx_value { typedef T type; };
template <class T> struct hip2vx_value<const T> { typedef T type; };
template <class T> struct hip2vx_value<volatile T> { typedef T type; };
template <class T> struct hip2vx_value<const volatile T> { typedef T type; };
#define HIP2VX_VALUE_TYPE(e) typename hip2vx_value<__typeof__(e)>::type

// ---- branch-free selection ----------------------------------------------------------------
template <int Bytes> struct hip2vx_bits;
template <> struct hip2vx_bits<1> { typedef uint8_t type; };
template <> struct hip2vx_bits<2> { typedef uint16_t type; };
template <> struct hip2vx_bits<4> { typedef uint32_t type; };
template <> struct hip2vx_bits<8> { typedef uint64_t type; };

template <typename T> struct hip2vx_unref { typedef T type; };
template <typename T> struct hip2vx_unref<T&> { typedef T type; };

/** The first value of a class-typed variable the divergence lowering declares before the branches
    that assign it (`V2 p = c ? V2(1, 2) : q;`): T(), or zeroed storage where T has no default
    constructor. */
template <typename T> union hip2vx_storage {
  T value;
  unsigned char bytes[sizeof(T)];
  hip2vx_storage() : bytes{} {}
  ~hip2vx_storage() {}
};
template <typename T>
HIP2VX_INLINE T hip2vx_uninit() {
  if constexpr (std::is_default_constructible<T>::value) {
    return T();
  } else {
    hip2vx_storage<T> s;
    return s.value;
  }
}

/** Each word of x where `mask` is all ones, of y where it is zero; a value of any size (float4, char3). */
template <typename T>
HIP2VX_INLINE T hip2vx_select_bits(uint32_t mask, const T& x, const T& y) {
  T out = x;
  if constexpr (sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8) {
    typedef typename hip2vx_bits<sizeof(T)>::type U;
    U ux, uy, m = (U)(int32_t)mask;
    memcpy(&ux, &x, sizeof x);
    memcpy(&uy, &y, sizeof y);
    U r = (U)((ux & m) | (uy & (U)~m));
    memcpy(&out, &r, sizeof out);
  } else {
    typedef typename hip2vx_bits<sizeof(T) % 4 == 0 ? 4 : 1>::type W;
    W wx[sizeof(T) / sizeof(W)], wy[sizeof(T) / sizeof(W)], m = (W)mask;
    memcpy(wx, &x, sizeof x);
    memcpy(wy, &y, sizeof y);
    for (unsigned k = 0; k < sizeof(T) / sizeof(W); ++k) wx[k] = (W)((wx[k] & m) | (wy[k] & (W)~m));
    memcpy(&out, wx, sizeof out);
  }
  return out;
}

/** `c ? a : b` without a branch: mask arithmetic behind an empty asm; c must be 0 or 1. */
template <typename A, typename B>
HIP2VX_INLINE auto hip2vx_select(int c, A a, B b) -> typename hip2vx_unref<decltype(true ? a : b)>::type {
  typedef typename hip2vx_unref<decltype(true ? a : b)>::type T;
  uint32_t m = 0u - (uint32_t)(c & 1);
  HIP2VX_OPAQUE(m);
  return hip2vx_select_bits<T>(m, a, b);
}

/** `a < b` as an opaque 0/1. On rv32 a 64-bit integer comparison is made of word comparisons
    that compilers join with a branch on the high words: each is kept opaque instead. */
template <typename T>
HIP2VX_INLINE int hip2vx_less(T a, T b) { return hip2vx_bool(a < b); }
#if defined(__riscv) && __riscv_xlen == 32 && !defined(HIP2VX_CPU_BACKEND)
#define HIP2VX_LESS64(T, HIGH)                                                                          \
  HIP2VX_INLINE int hip2vx_less(T a, T b) {                                                            \
    const HIGH ah = (HIGH)(a >> 32), bh = (HIGH)(b >> 32);                                              \
    return hip2vx_bool(ah < bh) | (hip2vx_bool(ah == bh) & hip2vx_bool((uint32_t)a < (uint32_t)b));    \
  }
HIP2VX_LESS64(long long, int32_t)
HIP2VX_LESS64(unsigned long long, uint32_t)
#undef HIP2VX_LESS64
#endif

/** The relational comparisons the translator gives an operand that is (or, in a template, may be)
    a 64-bit integer (rewrite/wide-integers.ts): for arithmetic operands in their common type (the
    usual arithmetic conversions, as `a + b`), branch-free on rv32; otherwise the operator itself. */
#define HIP2VX_COMPARE(NAME, OP, A, B, NEGATE)                                        \
  template <typename TA, typename TB>                                                 \
  HIP2VX_INLINE constexpr bool NAME(const TA& a, const TB& b) {                       \
    if constexpr (std::is_arithmetic<TA>::value && std::is_arithmetic<TB>::value) {   \
      using C = decltype(a + b);                                                      \
      if (!__builtin_is_constant_evaluated()) return (NEGATE 0) ^ hip2vx_less((C)(A), (C)(B)); \
    }                                                                                 \
    return a OP b;                                                                    \
  }
HIP2VX_COMPARE(hip2vx_lt, <, a, b, )
HIP2VX_COMPARE(hip2vx_gt, >, b, a, )
HIP2VX_COMPARE(hip2vx_le, <=, b, a, !)
HIP2VX_COMPARE(hip2vx_ge, >=, a, b, !)
#undef HIP2VX_COMPARE

/** Variable shifts of 64-bit integers (rewrite/wide-integers.ts). On rv32 compilers branch on
    whether the count reaches 32: both cases are computed and one is chosen by an opaque mask. */
template <typename T, typename S>
HIP2VX_INLINE auto hip2vx_shl(const T& a, const S& s) { return a << s; }
template <typename T, typename S>
HIP2VX_INLINE auto hip2vx_shr(const T& a, const S& s) { return a >> s; }
#if defined(__riscv) && __riscv_xlen == 32 && !defined(HIP2VX_CPU_BACKEND)
/** All ones when the count is 32..63. */
HIP2VX_INLINE uint32_t hip2vx_shift_high(uint32_t n) {
  uint32_t m = 0u - ((n >> 5) & 1u);
  HIP2VX_OPAQUE(m);
  return m;
}
HIP2VX_INLINE unsigned long long hip2vx_join_words(uint32_t lo, uint32_t hi) { return ((unsigned long long)hi << 32) | lo; }
template <typename S>
HIP2VX_INLINE unsigned long long hip2vx_shl(const unsigned long long& a, const S& s) {
  const uint32_t lo = (uint32_t)a, hi = (uint32_t)(a >> 32), k = (uint32_t)s & 31u, m = hip2vx_shift_high((uint32_t)s);
  const uint32_t low = lo << k, high = (hi << k) | ((lo >> 1) >> (31u - k));
  return hip2vx_join_words(low & ~m, (low & m) | (high & ~m));
}
template <typename S>
HIP2VX_INLINE long long hip2vx_shl(const long long& a, const S& s) { return (long long)hip2vx_shl((unsigned long long)a, s); }
/** Right shifts: `fill` is what enters from the left (0, or the sign for a signed value). */
HIP2VX_INLINE unsigned long long hip2vx_shr_words(uint32_t lo, uint32_t hi, uint32_t high, uint32_t fill, uint32_t n) {
  const uint32_t k = n & 31u, m = hip2vx_shift_high(n), low = (lo >> k) | ((hi << 1) << (31u - k));
  return hip2vx_join_words((high & m) | (low & ~m), (fill & m) | (high & ~m));
}
template <typename S>
HIP2VX_INLINE unsigned long long hip2vx_shr(const unsigned long long& a, const S& s) {
  const uint32_t lo = (uint32_t)a, hi = (uint32_t)(a >> 32), n = (uint32_t)s;
  return hip2vx_shr_words(lo, hi, hi >> (n & 31u), 0u, n);
}
template <typename S>
HIP2VX_INLINE long long hip2vx_shr(const long long& a, const S& s) {
  const uint32_t lo = (uint32_t)a, hi = (uint32_t)(a >> 32), n = (uint32_t)s;
  return (long long)hip2vx_shr_words(lo, hi, (uint32_t)((int32_t)hi >> (n & 31u)), (uint32_t)((int32_t)hi >> 31), n);
}
#endif

#define HIP2VX_MINMAX(T)                                                   \
  HIP2VX_INLINE T min(T a, T b) { return hip2vx_select(hip2vx_less(b, a), b, a); }     \
  HIP2VX_INLINE T max(T a, T b) { return hip2vx_select(hip2vx_less(a, b), b, a); }
HIP2VX_MINMAX(int)
HIP2VX_MINMAX(unsigned int)
HIP2VX_MINMAX(long)
HIP2VX_MINMAX(unsigned long)
HIP2VX_MINMAX(long long)
HIP2VX_MINMAX(unsigned long long)
#undef HIP2VX_MINMAX

// std::min/max/clamp of scalars without branches: libstdc++'s templates compare with ?:, a branch
// on per-thread data. Non-template overloads win over them for exact matches; in constant
// expressions they compute as the standard ones do.
namespace std {
#define HIP2VX_STD_MINMAX(T)                                                                     \
  inline constexpr T min(T a, T b) { return __builtin_is_constant_evaluated() ? (b < a ? b : a) : hip2vx_select(hip2vx_less(b, a), b, a); } \
  inline constexpr T max(T a, T b) { return __builtin_is_constant_evaluated() ? (a < b ? b : a) : hip2vx_select(hip2vx_less(a, b), b, a); } \
  inline constexpr T clamp(T v, T lo, T hi) { return min(max(v, lo), hi); }                    \
  inline constexpr T min(initializer_list<T> l) { T m = *l.begin(); for (T v : l) m = min(m, v); return m; } \
  inline constexpr T max(initializer_list<T> l) { T m = *l.begin(); for (T v : l) m = max(m, v); return m; }
HIP2VX_STD_MINMAX(char)
HIP2VX_STD_MINMAX(signed char)
HIP2VX_STD_MINMAX(unsigned char)
HIP2VX_STD_MINMAX(short)
HIP2VX_STD_MINMAX(unsigned short)
HIP2VX_STD_MINMAX(int)
HIP2VX_STD_MINMAX(unsigned int)
HIP2VX_STD_MINMAX(long)
HIP2VX_STD_MINMAX(unsigned long)
HIP2VX_STD_MINMAX(long long)
HIP2VX_STD_MINMAX(unsigned long long)
HIP2VX_STD_MINMAX(float)
HIP2VX_STD_MINMAX(double)
#undef HIP2VX_STD_MINMAX
}  // namespace std
// `std::min<int>(a, b)`: explicit template arguments name libstdc++'s template, so the translation
// calls these instead; for scalars they reach the overloads above.
#define HIP2VX_STD_EXPLICIT(F)                                                                               \
  template <typename T> HIP2VX_INLINE constexpr T hip2vx_std_##F(const T& a, const T& b) { return std::F((T)a, (T)b); } \
  template <typename T> HIP2VX_INLINE constexpr T hip2vx_std_##F(std::initializer_list<T> l) { return std::F(l); }      \
  template <typename T, typename C> HIP2VX_INLINE constexpr T hip2vx_std_##F(const T& a, const T& b, C c) { return std::F<T>(a, b, c); }
HIP2VX_STD_EXPLICIT(min)
HIP2VX_STD_EXPLICIT(max)
#undef HIP2VX_STD_EXPLICIT
template <typename T> HIP2VX_INLINE constexpr T hip2vx_std_clamp(const T& v, const T& lo, const T& hi) { return std::clamp((T)v, (T)lo, (T)hi); }
// CUDA's mixed signed/unsigned overloads compare as unsigned.
HIP2VX_INLINE unsigned int min(int a, unsigned int b) { return min((unsigned int)a, b); }
HIP2VX_INLINE unsigned int min(unsigned int a, int b) { return min(a, (unsigned int)b); }
HIP2VX_INLINE unsigned int max(int a, unsigned int b) { return max((unsigned int)a, b); }
HIP2VX_INLINE unsigned int max(unsigned int a, int b) { return max(a, (unsigned int)b); }
// fmin.s/fmax.s directly: picolibc's inline fminf/fmaxf test for signalling NaNs with branches,
// which clang keeps (a data-dependent branch on Vortex).
#if defined(HIP2VX_CPU_BACKEND)
// x86 has no instruction with fminf's NaN rule (a NaN operand gives the other one), so at -O2
// __builtin_fminf is a libm call, made twice by every expf/logf/powf below: minss/maxss and a
// NaN test instead.
HIP2VX_INLINE float hip2vx_fminf(float a, float b) { return b != b ? a : (a < b ? a : b); }
HIP2VX_INLINE float hip2vx_fmaxf(float a, float b) { return b != b ? a : (a > b ? a : b); }
#else
HIP2VX_INLINE float hip2vx_fminf(float a, float b) { float r; __asm__("fmin.s %0, %1, %2" : "=f"(r) : "f"(a), "f"(b)); return r; }
HIP2VX_INLINE float hip2vx_fmaxf(float a, float b) { float r; __asm__("fmax.s %0, %1, %2" : "=f"(r) : "f"(a), "f"(b)); return r; }
#endif
HIP2VX_INLINE float min(float a, float b) { return hip2vx_fminf(a, b); }
HIP2VX_INLINE float max(float a, float b) { return hip2vx_fmaxf(a, b); }
// CUDA's min/max of doubles are fmin/fmax (a NaN operand gives the other one); without these the
// template below would call itself forever.
HIP2VX_INLINE double min(double a, double b) { return hip2vx_select(hip2vx_less(a, b) | hip2vx_bool(b != b), a, b); }
HIP2VX_INLINE double max(double a, double b) { return hip2vx_select(hip2vx_less(b, a) | hip2vx_bool(b != b), a, b); }
// Other mixes compare in their common type: on rv32 `long` is 32 bits wide, so min(long, int)
// matches none of the overloads above exactly and would be ambiguous between them. Not for two
// operands of a type that is their own common type (long double): that call would be this one
// again, forever, so it is left to fail to compile.
template <typename A, typename B, typename C>
struct hip2vx_mixed_minmax { typedef C type; };
template <typename A>
struct hip2vx_mixed_minmax<A, A, A> {};
template <typename A, typename B>
HIP2VX_INLINE auto min(A a, B b) -> typename hip2vx_mixed_minmax<A, B, decltype(a + b)>::type { return min((decltype(a + b))a, (decltype(a + b))b); }
template <typename A, typename B>
HIP2VX_INLINE auto max(A a, B b) -> typename hip2vx_mixed_minmax<A, B, decltype(a + b)>::type { return max((decltype(a + b))a, (decltype(a + b))b); }
HIP2VX_INLINE unsigned int umin(unsigned int a, unsigned int b) { return min(a, b); }
HIP2VX_INLINE unsigned int umax(unsigned int a, unsigned int b) { return max(a, b); }
HIP2VX_INLINE long long llmin(long long a, long long b) { return min(a, b); }
HIP2VX_INLINE long long llmax(long long a, long long b) { return max(a, b); }
HIP2VX_INLINE unsigned long long ullmin(unsigned long long a, unsigned long long b) { return min(a, b); }
HIP2VX_INLINE unsigned long long ullmax(unsigned long long a, unsigned long long b) { return max(a, b); }

// ---- warp operations with CUDA semantics ---------------------------------------------------
// Vortex v2.2 has no shuffle or vote instruction, and a logical warp (HIP2VX_WARP_SIZE lanes)
// spans several hardware warps (4 threads wide in the default simx configuration). The lanes
// exchange values through a scratch area in the block's local memory, after the shared data: per
// thread an epoch word, one word in each of two buffers and one counter word
// (HIP2VX_WARP_SCRATCH_BYTES; the entry of a kernel that uses warp operations reserves it, the host
// counts it at launch), but no counter word where a hardware warp holds a whole logical warp
// (nothing waits there: 32x32 fits 1024-thread blocks in its 16 KB of local memory). One exchange: write own word into the buffer the epoch's parity names,
// wait for the lanes of the logical warp (hip2vx_warp_barrier), read the source lane's word.
// Alternating buffers make one barrier per exchange enough: a lane writes a buffer again only
// after the next exchange's barrier, which every reader of the previous use has passed.
// REQUIREMENT: every lane of the logical warp reaches every warp operation, or has left the warp
// by returning from the kernel or by taking a branch after which it reaches no warp operation
// (the translator calls hip2vx_warp_leave at a kernel's returns, hip2vx_warp_stay in the condition
// of such a branch, and reports calls it cannot prove are reached: warp-op-divergent). A lane that left counts as
// arrived at every later exchange and as absent in votes, as an exited thread on a GPU. The
// logical warps are the block's linear thread indices in groups of HIP2VX_WARP_SIZE; every path
// is branch-free on per-thread values (selects), and the barrier's branches are uniform within a
// hardware warp, as simx requires.
#define HIP2VX_WARP_SCRATCH_BYTES 16
#if HIP2VX_WARP_SIZE == 64
typedef unsigned long long hip2vx_lanemask_t;
#else
typedef unsigned int hip2vx_lanemask_t;
#endif
static_assert(HIP2VX_WARP_SIZE >= 1 && HIP2VX_WARP_SIZE <= 64 && (HIP2VX_WARP_SIZE & (HIP2VX_WARP_SIZE - 1)) == 0,
              "HIP2VX_WARP_SIZE: a power of two up to 64");

static uint32_t hip2vx_warp_scratch_offset;
/** A hardware warp is at least as wide as the logical warp: its lanes run in lockstep, so no wait
    and no counter words (set by hip2vx_reserve_warp_scratch). */
static uint32_t hip2vx_warp_lockstep;
/** Set by the entry of a kernel whose lanes may leave (it returns): the block barrier, which
    counts hardware warps, can no longer stand for a warp's barrier. */
static uint32_t hip2vx_warp_leaving;
/** An epoch word's bit: the lane has left; the rest counts the exchanges it made. */
#define HIP2VX_WARP_GONE 0x80000000u

/** In main(), after hip2vx_begin_launch: the scratch follows the shared data. */
HIP2VX_INLINE void hip2vx_reserve_warp_scratch(const uint32_t* block) {
#if !defined(HIP2VX_CPU_BACKEND)
  hip2vx_warp_lockstep = (uint32_t)vx_num_threads() >= (uint32_t)HIP2VX_WARP_SIZE;
#endif
  const uint32_t bytes = HIP2VX_WARP_SCRATCH_BYTES - 4u * hip2vx_warp_lockstep;
  hip2vx_warp_scratch_offset = (hip2vx_block_shared_bytes + 7u) & ~7u;
  hip2vx_block_shared_bytes = hip2vx_warp_scratch_offset + block[0] * block[1] * block[2] * bytes;
}
HIP2VX_INLINE uint32_t hip2vx_block_threads() { return blockDim.x * blockDim.y * blockDim.z; }
HIP2VX_INLINE uint32_t hip2vx_linear_tid() { return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x; }
/** [epoch: one word per thread][buffer 0][buffer 1][counters: each warp's arrivals in the word of its
    lane 0, the lanes that left in the word of its lane 1] */
HIP2VX_INLINE uint32_t* hip2vx_warp_scratch() { return (uint32_t*)(hip2vx_shared_base() + hip2vx_warp_scratch_offset); }
/** First thread (linear index) of the caller's logical warp. */
HIP2VX_INLINE uint32_t hip2vx_warp_base() { return hip2vx_linear_tid() & ~(uint32_t)(HIP2VX_WARP_SIZE - 1); }
/** The lanes of the caller's warp that exist: the block's last warp may be partial. */
HIP2VX_INLINE uint32_t hip2vx_warp_lanes() { return min(hip2vx_block_threads() - hip2vx_warp_base(), (uint32_t)HIP2VX_WARP_SIZE); }
/** Each thread, before the kernel body: its epoch and counter word start at 0 (local memory is
    not cleared); the block barrier keeps a fast lane from counting before a slow one clears. On
    the CPU backend a block's threads start one after another, thread 0 first, on one worker:
    thread 0 clears every counter word before any other thread runs, and no barrier is needed. */
HIP2VX_INLINE void hip2vx_warp_thread_begin() {
  uint32_t* s = hip2vx_warp_scratch();
  const uint32_t n = hip2vx_block_threads(), me = hip2vx_linear_tid();
  s[me] = 0u;
#if defined(HIP2VX_CPU_BACKEND)
  if (me == 0u) memset(s + 3 * n, 0, n * sizeof(uint32_t));
#else
  if (!hip2vx_warp_lockstep) s[3 * n + me] = 0u;
  hip2vx_syncthreads();
#endif
}

#if defined(HIP2VX_CPU_BACKEND)
extern "C" void hip2vx_cpu_yield(void);  // lets the block's other device threads run (runtime/cpu)
#endif

/** At the top of a loop that may wait for another thread (src/rewrite/spin-loops.ts). The CPU
    backend's fibers switch only when asked: every 64th pass lets the block's other threads run,
    and a block that keeps spinning gets another worker for the blocks not yet started
    (runtime/cpu/device/block.cpp). Vortex's warps are scheduled by the hardware. */
#if defined(HIP2VX_CPU_BACKEND)
extern "C" void hip2vx_cpu_spin(void);
HIP2VX_INLINE void hip2vx_spin_point() {
  if ((++hip2vx_cpu_registers()->spins & 63u) == 0u) hip2vx_cpu_spin();
}
#else
HIP2VX_INLINE void hip2vx_spin_point() {}
#endif

/** Waits until every lane of the caller's logical warp has made `epoch` exchanges or left. A block
    that is one logical warp, none of whose lanes may leave, uses the block barrier; a hardware warp
    as wide as the logical warp runs its lanes in lockstep, so their stores precede their loads;
    otherwise the lanes count arrivals on their warp's counter (an AMO) and spin until the count
    reaches epoch x the lanes still there (wrapping). A lane leaving takes its arrivals off the
    counter before it counts itself gone, and the spin reads the gone count first: a count it sees
    has its arrivals removed already, so no wait ends early. The spin reads local memory only; the
    launch's status (global memory) every 64th pass: on simx, warps polling a cached global word
    starved the other warps' cache misses (a hardware warp of the logical warp never got the stack
    load before its `ret`, and never arrived: fixture warp-waits). */
HIP2VX_INLINE void hip2vx_warp_barrier(uint32_t epoch) {
  const uint32_t n = hip2vx_block_threads();
  // A launch that failed (hip2vx_require_warp_rows): the lanes of a warp may not meet; none waits.
  if (__atomic_load_n(hip2vx_launch_status, __ATOMIC_RELAXED)) return;
  if (n <= (uint32_t)HIP2VX_WARP_SIZE && !hip2vx_warp_leaving) {
    hip2vx_syncthreads();
    return;
  }
  __asm__ volatile("" ::: "memory");
  if (hip2vx_warp_lockstep) return;
  const uint32_t lanes = hip2vx_warp_lanes();
  if (lanes == 1u) return;
  uint32_t* count = hip2vx_warp_scratch() + 3 * n + hip2vx_warp_base();
  __atomic_fetch_add(count, 1u, __ATOMIC_RELAXED);
  for (uint32_t pass = 1;; ++pass) {
    // Program order is memory order here (simx, and the CPU backend's fibers); the empty asm keeps
    // the compiler from swapping the two loads.
    const uint32_t gone = __atomic_load_n(count + 1, __ATOMIC_RELAXED);
    __asm__ volatile("" ::: "memory");
    if ((int32_t)(__atomic_load_n(count, __ATOMIC_RELAXED) - epoch * (lanes - gone)) >= 0) break;
    if ((pass & 63u) == 0u && __atomic_load_n(hip2vx_launch_status, __ATOMIC_RELAXED)) break;
#if defined(HIP2VX_CPU_BACKEND)
    hip2vx_cpu_yield();
#endif
  }
  __asm__ volatile("" ::: "memory");
}

/** At the top of a function whose warp operations were proven for threadIdx.y the same in a whole
    logical warp (blockDim.x a multiple of the warp size, or a 1-D block): a launch with another
    block fails with this message (thread 0 of each block prints it), and every thread marks the
    launch failed before its first warp operation, so none waits for lanes that may not come. */
HIP2VX_INLINE void hip2vx_require_warp_rows(const char* file, int line, const char* fn) {
  if (blockDim.x % HIP2VX_WARP_SIZE == 0u || blockDim.y * blockDim.z == 1u) return;  // uniform
  __atomic_fetch_or(hip2vx_launch_status, HIP2VX_STATUS_TRAP, __ATOMIC_RELAXED);
  int first = hip2vx_bool(hip2vx_linear_tid() == 0u);
  int t = hip2vx_split(first);
  if (first) hip2vx_fail(file, line, "warp operations proven for blockDim.x a multiple of warpSize (or a 1-D block) in ", fn, HIP2VX_STATUS_TRAP);
  hip2vx_join(t);
}

/** `ok` (a constant) is false in an instance kept for another warp size (the program chooses by
    the warp size it queries): the launch fails when that instance runs; one thread says why. */
HIP2VX_INLINE void hip2vx_require_warp_multiple(bool ok, const char* file, int line, const char* what) {
  if (ok) return;
  const uint32_t seen = __atomic_fetch_or(hip2vx_launch_status, HIP2VX_STATUS_TRAP, __ATOMIC_RELAXED);
  int first = hip2vx_bool(!(seen & HIP2VX_STATUS_TRAP));
  int t = hip2vx_split(first);
  if (first) hip2vx_fail(file, line, what, "", HIP2VX_STATUS_TRAP);
  hip2vx_join(t);
}

/** Lanes with `leaving` = 1 make no more exchanges (a kernel's return, or a branch after which
    they reach no warp operation); their warp stops waiting for them. Branch-free on `leaving`; a
    lane that left already is not counted twice. */
HIP2VX_INLINE void hip2vx_warp_leave_if(int leaving) {
  uint32_t* s = hip2vx_warp_scratch();
  const uint32_t n = hip2vx_block_threads(), me = hip2vx_linear_tid(), made = s[me];
  const uint32_t now = (uint32_t)leaving & ~(made >> 31);
  s[me] = made | (now << 31);
  if (hip2vx_warp_lanes() == 1u || hip2vx_warp_lockstep) return;
  uint32_t* count = s + 3 * n + hip2vx_warp_base();
  __atomic_fetch_sub(count, made * now, __ATOMIC_RELAXED);
  __asm__ volatile("" ::: "memory");
  __atomic_fetch_add(count + 1, now, __ATOMIC_RELAXED);
}
HIP2VX_INLINE void hip2vx_warp_leave() { hip2vx_warp_leave_if(1); }
/** The condition of a branch holding the kernel's last warp operations: the lanes not entering
    it (`enters` = 0) leave their warp before any lane waits in it. Returns `enters`. */
HIP2VX_INLINE int hip2vx_warp_stay(int enters) {
  hip2vx_warp_leave_if(1 - enters);
  return enters;
}

/** Thread `t` took part in the exchange `epoch` (it had not left before it): 0 or 1. */
HIP2VX_INLINE int hip2vx_warp_took_part(uint32_t t, uint32_t epoch) {
  const uint32_t word = __atomic_load_n(hip2vx_warp_scratch() + t, __ATOMIC_RELAXED);
  return 1 - ((int)(word >> 31) & hip2vx_less(word & ~HIP2VX_WARP_GONE, epoch));
}

/** Every lane of the warp publishes `v`; returns the buffer, readable until the next exchange. */
HIP2VX_INLINE const uint32_t* hip2vx_publish(uint32_t v) {
  const uint32_t n = hip2vx_block_threads(), me = hip2vx_linear_tid();
  uint32_t* s = hip2vx_warp_scratch();
  const uint32_t epoch = s[me] + 1u;
  s[me] = epoch;
  uint32_t* buf = s + n + (epoch & 1u) * n;
  buf[me] = v;
  hip2vx_warp_barrier(epoch);
  return buf;
}
/** __syncwarp, a tile's sync(): an exchange without data. */
HIP2VX_INLINE void hip2vx_warp_sync() {
  uint32_t* s = hip2vx_warp_scratch();
  const uint32_t me = hip2vx_linear_tid(), epoch = s[me] + 1u;
  s[me] = epoch;
  hip2vx_warp_barrier(epoch);
}

HIP2VX_INLINE uint32_t __lane_id() { return hip2vx_linear_tid() & (HIP2VX_WARP_SIZE - 1u); }
HIP2VX_INLINE hip2vx_lanemask_t __lanemask_lt() { return ((hip2vx_lanemask_t)1 << __lane_id()) - 1u; }

/** The thread of `lane` in the caller's warp; the caller for a lane past the block's end. */
HIP2VX_INLINE uint32_t hip2vx_shuffle_source(uint32_t lane) {
  const uint32_t me = hip2vx_linear_tid(), src = hip2vx_warp_base() + lane;
  return hip2vx_select(hip2vx_less(src, hip2vx_block_threads()), src, me);
}
/** A value of any trivially copyable type, word by word (one exchange per 4 bytes), from `lane` of
    the caller's warp. `ok` = 0 (a source outside the caller's group of `width` lanes) gives the
    caller's own value, as CUDA and HIP define. A lane past the block's end, or one that left
    before the exchange, is an inactive lane: it reads as 0, as on AMD (ds_bpermute); CUDA leaves
    it undefined, and code such as the CUDA samples' reduce6 sums over such lanes. */
template <typename T>
HIP2VX_INLINE T hip2vx_shuffle(T v, uint32_t lane, int ok) {
  enum { WORDS = (sizeof(T) + 3) / 4 };
  const uint32_t me = hip2vx_linear_tid(), src = hip2vx_warp_base() + lane;
  const int exists = ok & hip2vx_less(src, hip2vx_block_threads());
  const uint32_t t = hip2vx_select(exists, src, me);
  uint32_t w[WORDS] = {};
  memcpy(w, &v, sizeof(T));
  for (int i = 0; i < WORDS; ++i) {
    const uint32_t word = hip2vx_publish(w[i])[t];
    int keep = exists | (1 - ok);
    if (hip2vx_warp_leaving) keep &= hip2vx_warp_took_part(t, hip2vx_warp_scratch()[me]);
    w[i] = hip2vx_select(keep, word, 0u);  // not `word & -keep`: clang makes that a branch
  }
  memcpy(&v, w, sizeof(T));
  return v;
}

// The source lanes as HIP computes them (amd_warp_functions.h), which are CUDA's.
template <typename T>
HIP2VX_INLINE T __shfl(T v, int src_lane, int width = HIP2VX_WARP_SIZE) {
  const uint32_t m = (uint32_t)width - 1u;
  return hip2vx_shuffle(v, (__lane_id() & ~m) + ((uint32_t)src_lane & m), 1);
}
template <typename T>
HIP2VX_INLINE T __shfl_up(T v, unsigned int delta, int width = HIP2VX_WARP_SIZE) {
  const uint32_t lane = __lane_id();
  return hip2vx_shuffle(v, lane - delta, 1 - hip2vx_less(lane & ((uint32_t)width - 1u), (uint32_t)delta));
}
template <typename T>
HIP2VX_INLINE T __shfl_down(T v, unsigned int delta, int width = HIP2VX_WARP_SIZE) {
  const uint32_t lane = __lane_id();
  return hip2vx_shuffle(v, lane + delta, hip2vx_less((lane & ((uint32_t)width - 1u)) + delta, (uint32_t)width));
}
/** A source in a later group of `width` lanes gives the caller's own value. */
template <typename T>
HIP2VX_INLINE T __shfl_xor(T v, int lane_mask, int width = HIP2VX_WARP_SIZE) {
  const uint32_t lane = __lane_id(), src = lane ^ (uint32_t)lane_mask;
  return hip2vx_shuffle(v, src, hip2vx_less(src, (lane + (uint32_t)width) & ~((uint32_t)width - 1u)));
}
// The mask names the lanes taking part; here they all do (the requirement above).
template <typename T>
HIP2VX_INLINE T __shfl_sync(unsigned long long, T v, int src_lane, int width = HIP2VX_WARP_SIZE) { return __shfl(v, src_lane, width); }
template <typename T>
HIP2VX_INLINE T __shfl_up_sync(unsigned long long, T v, unsigned int delta, int width = HIP2VX_WARP_SIZE) { return __shfl_up(v, delta, width); }
template <typename T>
HIP2VX_INLINE T __shfl_down_sync(unsigned long long, T v, unsigned int delta, int width = HIP2VX_WARP_SIZE) { return __shfl_down(v, delta, width); }
template <typename T>
HIP2VX_INLINE T __shfl_xor_sync(unsigned long long, T v, int lane_mask, int width = HIP2VX_WARP_SIZE) { return __shfl_xor(v, lane_mask, width); }

/** Bit i set when lane i's predicate is non-zero: every thread reads its warp's words. Lanes
    past the block's end, and lanes that left before this exchange, read as 0. */
HIP2VX_INLINE hip2vx_lanemask_t __ballot(int predicate) {
  const uint32_t n = hip2vx_block_threads(), me = hip2vx_linear_tid(), base = hip2vx_warp_base();
  const uint32_t* buf = hip2vx_publish((uint32_t)hip2vx_bool(predicate));
  const uint32_t epoch = hip2vx_warp_scratch()[me];
  hip2vx_lanemask_t bits = 0;
  for (uint32_t i = 0; i < HIP2VX_WARP_SIZE; ++i) {
    int present = hip2vx_less(base + i, n);  // lanes past the block's end read the caller's word, masked out
    const uint32_t t = hip2vx_select(present, base + i, me);
    if (hip2vx_warp_leaving) present &= hip2vx_warp_took_part(t, epoch);
    bits |= (hip2vx_lanemask_t)(buf[t] & (uint32_t)present) << i;
  }
  return bits;
}
/** The lanes of the caller's warp still in it: all that exist, unless lanes of this kernel may
    leave (return, or skip a branch holding the rest of its warp operations, as in warp-aggregated
    atomics: `if (keep) dst[atomicAggInc(n)] = v;`); then an exchange tells which stayed (the
    translator treats it as a warp operation). */
HIP2VX_INLINE hip2vx_lanemask_t __activemask() {
  if (!hip2vx_warp_leaving) return ~(hip2vx_lanemask_t)0 >> (HIP2VX_WARP_SIZE - hip2vx_warp_lanes());
  return __ballot(1);
}
/** The lanes of `mask` whose `value` equals the caller's (it included): one exchange per 4 bytes. */
template <typename T>
HIP2VX_INLINE hip2vx_lanemask_t __match_any_sync(unsigned long long mask, T value) {
  enum { WORDS = (sizeof(T) + 3) / 4 };
  uint32_t w[WORDS] = {};
  memcpy(w, &value, sizeof(T));
  const uint32_t n = hip2vx_block_threads(), me = hip2vx_linear_tid(), base = hip2vx_warp_base();
  hip2vx_lanemask_t same = (hip2vx_lanemask_t)mask;
  for (int k = 0; k < WORDS; ++k) {
    const uint32_t* buf = hip2vx_publish(w[k]);
    const uint32_t epoch = hip2vx_warp_scratch()[me];
    hip2vx_lanemask_t bits = 0;
    for (uint32_t i = 0; i < HIP2VX_WARP_SIZE; ++i) {
      int present = hip2vx_less(base + i, n);  // as in __ballot
      const uint32_t t = hip2vx_select(present, base + i, me);
      if (hip2vx_warp_leaving) present &= hip2vx_warp_took_part(t, epoch);
      bits |= (hip2vx_lanemask_t)(present & hip2vx_bool(buf[t] == w[k])) << i;
    }
    same &= bits;
  }
  return same;
}
/** `mask`'s lanes when they all hold the caller's `value` (`*pred` = 1), else 0 (`*pred` = 0). */
template <typename T>
HIP2VX_INLINE hip2vx_lanemask_t __match_all_sync(unsigned long long mask, T value, int* pred) {
  const hip2vx_lanemask_t same = __match_any_sync(mask, value), lanes = __ballot(1) & (hip2vx_lanemask_t)mask;
  *pred = 1 - hip2vx_bool(lanes & ~same);
  return hip2vx_select(*pred, lanes, (hip2vx_lanemask_t)0);
}
/** The lanes of `mask` agree on `predicate`. */
HIP2VX_INLINE int __uni_sync(unsigned long long mask, int predicate) {
  const hip2vx_lanemask_t yes = __ballot(predicate), lanes = __ballot(1) & (hip2vx_lanemask_t)mask;
  return 1 - (hip2vx_bool(yes & lanes) & hip2vx_bool(lanes & ~yes));
}
HIP2VX_INLINE int __any(int predicate) { return hip2vx_bool(__ballot(predicate)); }
/** No lane taking part has a zero predicate (exact whatever lanes have left). */
HIP2VX_INLINE int __all(int predicate) { return 1 - hip2vx_bool(__ballot(1 - hip2vx_bool(predicate))); }
HIP2VX_INLINE hip2vx_lanemask_t __ballot_sync(unsigned long long mask, int predicate) { return __ballot(predicate) & (hip2vx_lanemask_t)mask; }
HIP2VX_INLINE int __any_sync(unsigned long long mask, int predicate) { return hip2vx_bool(__ballot_sync(mask, predicate)); }
HIP2VX_INLINE int __all_sync(unsigned long long mask, int predicate) { return 1 - hip2vx_bool(__ballot_sync(mask, 1 - hip2vx_bool(predicate))); }

/** __syncthreads_count: a block barrier that counts the threads whose predicate holds, in thread 0's
    buffer-0 word of the warp scratch (between block barriers no exchange uses the buffers). Thread
    0 clears the word (an AND the others make with all ones: no branch on a per-thread value),
    every thread adds its predicate, every thread reads the sum; the first barrier keeps the clear
    from overtaking the previous vote's reads. */
HIP2VX_INLINE int __syncthreads_count(int predicate) {
  uint32_t* count = hip2vx_warp_scratch() + hip2vx_block_threads();
  hip2vx_syncthreads();
  __atomic_fetch_and(count, 0u - (uint32_t)(hip2vx_linear_tid() != 0u), __ATOMIC_RELAXED);
  hip2vx_syncthreads();
  __atomic_fetch_add(count, (uint32_t)hip2vx_bool(predicate), __ATOMIC_RELAXED);
  hip2vx_syncthreads();
  return (int)__atomic_load_n(count, __ATOMIC_RELAXED);
}
HIP2VX_INLINE int __syncthreads_and(int predicate) { return __syncthreads_count(predicate) == (int)hip2vx_block_threads(); }
HIP2VX_INLINE int __syncthreads_or(int predicate) { return __syncthreads_count(predicate) != 0; }
/** The vote ending a loop whose threads are done at different passes (hip2vortex's lowering of a
    loop holding barriers): every thread of the block calls it, all get whether all are done. */
HIP2VX_INLINE int hip2vx_block_all(int done) { return __syncthreads_and(done); }

// __reduce_*_sync (sm_80): every lane publishes its value and combines the others' with its own
// (one exchange, as __ballot; the operations commute); lanes past the block's end, and lanes
// that left before this exchange, take no part.
template <typename T, typename Op>
HIP2VX_INLINE T hip2vx_warp_reduce(T v, Op op) {
  const uint32_t n = hip2vx_block_threads(), me = hip2vx_linear_tid(), base = hip2vx_warp_base();
  const uint32_t* buf = hip2vx_publish((uint32_t)v);
  const uint32_t epoch = hip2vx_warp_scratch()[me];
  T r = v;
  for (uint32_t i = 0; i < HIP2VX_WARP_SIZE; ++i) {
    int present = hip2vx_less(base + i, n) & hip2vx_bool(base + i - me);
    const uint32_t t = hip2vx_select(present, base + i, me);
    if (hip2vx_warp_leaving) present &= hip2vx_warp_took_part(t, epoch);
    r = hip2vx_select(present, op(r, (T)buf[t]), r);
  }
  return r;
}
#define HIP2VX_WARP_REDUCE(name, T, a_op_b)                                                        \
  HIP2VX_INLINE T name(unsigned long long, T v) { return hip2vx_warp_reduce(v, [](T a, T b) { return (T)(a_op_b); }); }
HIP2VX_WARP_REDUCE(__reduce_add_sync, unsigned, a + b)
HIP2VX_WARP_REDUCE(__reduce_add_sync, int, (unsigned)a + (unsigned)b)
HIP2VX_WARP_REDUCE(__reduce_min_sync, unsigned, min(a, b))
HIP2VX_WARP_REDUCE(__reduce_min_sync, int, min(a, b))
HIP2VX_WARP_REDUCE(__reduce_max_sync, unsigned, max(a, b))
HIP2VX_WARP_REDUCE(__reduce_max_sync, int, max(a, b))
HIP2VX_WARP_REDUCE(__reduce_and_sync, unsigned, a & b)
HIP2VX_WARP_REDUCE(__reduce_or_sync, unsigned, a | b)
HIP2VX_WARP_REDUCE(__reduce_xor_sync, unsigned, a ^ b)
#undef HIP2VX_WARP_REDUCE

// Cooperative groups: warp tiles of N lanes (a power of two up to the logical warp), with the
// same requirement: every lane of the logical warp reaches each collective and sync().
namespace cooperative_groups {
/** A group of `n` consecutive threads of the block (tiled_partition(block, n)). */
struct thread_group {
  unsigned int n;
  void sync() const { hip2vx_syncthreads(); }
  unsigned int size() const { return n; }
  unsigned int num_threads() const { return n; }
  unsigned int thread_rank() const { return hip2vx_linear_tid() % n; }
  unsigned int meta_group_rank() const { return hip2vx_linear_tid() / n; }
  unsigned int meta_group_size() const { return (hip2vx_block_threads() + n - 1u) / n; }
};
template <unsigned int N, typename Parent = void>
struct thread_block_tile;
template <unsigned int N>
struct thread_block_tile<N, void> {
  static_assert(N >= 1 && N <= HIP2VX_WARP_SIZE && (N & (N - 1)) == 0, "thread_block_tile<N>: N is a power of two up to warpSize");
  void sync() const { hip2vx_warp_sync(); }
  static constexpr unsigned int size() { return N; }
  static constexpr unsigned int num_threads() { return N; }
  unsigned int thread_rank() const { return hip2vx_linear_tid() & (N - 1u); }
  unsigned int meta_group_rank() const { return hip2vx_linear_tid() / N; }
  unsigned int meta_group_size() const { return (hip2vx_block_threads() + N - 1u) / N; }
  operator thread_group() const { return thread_group{N}; }
  template <typename T> T shfl(T v, int src) const { return __shfl(v, src, N); }
  template <typename T> T shfl_up(T v, unsigned int delta) const { return __shfl_up(v, delta, N); }
  template <typename T> T shfl_down(T v, unsigned int delta) const { return __shfl_down(v, delta, N); }
  template <typename T> T shfl_xor(T v, int lane_mask) const { return __shfl_xor(v, lane_mask, N); }
  /** The tile's lanes of a warp-wide mask, from bit 0. */
  static hip2vx_lanemask_t own(hip2vx_lanemask_t warp_bits) {
    return (hip2vx_lanemask_t)(warp_bits >> (__lane_id() & ~(N - 1u))) & (~(hip2vx_lanemask_t)0 >> (HIP2VX_WARP_SIZE - N));
  }
  hip2vx_lanemask_t ballot(int predicate) const { return own(__ballot(predicate)); }
  int any(int predicate) const { return hip2vx_bool(ballot(predicate)); }
  int all(int predicate) const { return 1 - hip2vx_bool(ballot(1 - hip2vx_bool(predicate))); }
};
/** The threads of a tile's parent group: a tile's size, or 0 for the block. */
template <typename Parent>
struct hip2vx_group_threads { static constexpr unsigned int value = 0; };
template <unsigned int M, typename P>
struct hip2vx_group_threads<thread_block_tile<M, P>> { static constexpr unsigned int value = M; };
/** A tile of a known parent (what tiled_partition returns) is a tile, as in CUDA: it binds to a
    `thread_block_tile<N>&` parameter. Its meta group is its parent: a tile of a tile is ranked
    among the tiles of that tile (tiled_partition<4>(warp): 8 of them). */
template <unsigned int N, typename Parent>
struct thread_block_tile : thread_block_tile<N, void> {
  static constexpr unsigned int parent = hip2vx_group_threads<Parent>::value;
  unsigned int meta_group_rank() const {
    if constexpr (parent != 0) return hip2vx_linear_tid() % parent / N;
    else return hip2vx_linear_tid() / N;
  }
  unsigned int meta_group_size() const {
    if constexpr (parent != 0) return parent / N;
    else return (hip2vx_block_threads() + N - 1u) / N;
  }
};
template <unsigned int N, typename Parent>
HIP2VX_INLINE thread_block_tile<N, Parent> tiled_partition(const Parent&) { return thread_block_tile<N, Parent>(); }
HIP2VX_INLINE thread_group tiled_partition(const thread_block&, unsigned int n) { return thread_group{n}; }

/** The lane of the warp holding the `rank`-th set bit of `mask` (from 0): the caller's own lane past the last. */
HIP2VX_INLINE unsigned int hip2vx_lane_of_rank(hip2vx_lanemask_t mask, unsigned int rank) {
  unsigned int lane = __lane_id(), seen = 0;
  for (unsigned int i = 0; i < HIP2VX_WARP_SIZE; ++i) {
    const unsigned int bit = (unsigned int)(mask >> i) & 1u;
    lane = hip2vx_select((int)(bit & (seen == rank)), i, lane);
    seen += bit;
  }
  return lane;
}
/** The lanes of the warp still in it where the group is made (coalesced_threads(): a kernel's lanes
    that took a branch holding its last warp operations, as in warp-aggregated atomics), ranked in
    lane order. Its collectives are exchanges of those lanes (the requirement above). */
struct coalesced_group {
  hip2vx_lanemask_t mask;
  void sync() const { hip2vx_warp_sync(); }
  unsigned int size() const { return (unsigned int)__builtin_popcountll(mask); }
  unsigned int num_threads() const { return size(); }
  unsigned int thread_rank() const { return (unsigned int)__builtin_popcountll(mask & __lanemask_lt()); }
  unsigned int meta_group_rank() const { return 0; }
  unsigned int meta_group_size() const { return 1; }
  template <typename T> T shfl(T v, unsigned int rank) const { return __shfl(v, (int)hip2vx_lane_of_rank(mask, rank)); }
  template <typename T> T shfl_down(T v, unsigned int delta) const { return __shfl(v, (int)hip2vx_lane_of_rank(mask, thread_rank() + delta)); }
  template <typename T> T shfl_up(T v, unsigned int delta) const {
    const unsigned int rank = thread_rank();
    return __shfl(v, (int)hip2vx_lane_of_rank(mask, hip2vx_select((int)(delta <= rank), rank - delta, HIP2VX_WARP_SIZE)));
  }
  /** Bit r set when the lane of rank r votes yes. */
  hip2vx_lanemask_t ballot(int predicate) const {
    const hip2vx_lanemask_t votes = __ballot(predicate) & mask;
    hip2vx_lanemask_t packed = 0;
    unsigned int rank = 0;
    for (unsigned int i = 0; i < HIP2VX_WARP_SIZE; ++i) {
      const unsigned int member = (unsigned int)(mask >> i) & 1u;
      packed |= (hip2vx_lanemask_t)((votes >> i) & 1u) << rank;
      rank += member;
    }
    return packed;
  }
  int any(int predicate) const { return hip2vx_bool(__ballot(predicate) & mask); }
  int all(int predicate) const { return 1 - hip2vx_bool(__ballot(1 - hip2vx_bool(predicate)) & mask); }
};
HIP2VX_INLINE coalesced_group coalesced_threads() { return coalesced_group{__activemask()}; }
thread_block::operator thread_group() const { return thread_group{size()}; }
HIP2VX_INLINE void sync(const thread_group& g) { g.sync(); }

// <cooperative_groups/reduce.h>: the operators (branch-free: the lanes of a warp may differ), and
// reduce over a tile (a butterfly of shfl_xor, so every lane gets the same bits: each step combines
// the same two values, commuted).
template <typename T> struct plus { T operator()(T a, T b) const { return a + b; } };
template <typename T> struct less { T operator()(T a, T b) const { return hip2vx_select(hip2vx_less(b, a), b, a); } };
template <typename T> struct greater { T operator()(T a, T b) const { return hip2vx_select(hip2vx_less(a, b), b, a); } };
template <typename T> struct bit_and { T operator()(T a, T b) const { return a & b; } };
template <typename T> struct bit_or { T operator()(T a, T b) const { return a | b; } };
template <typename T> struct bit_xor { T operator()(T a, T b) const { return a ^ b; } };
template <unsigned int N, typename T, typename Op>
HIP2VX_INLINE T reduce(const thread_block_tile<N, void>& tile, T v, Op op) {
  for (unsigned int lanes = N / 2; lanes > 0; lanes /= 2) v = op(v, tile.shfl_xor(v, (int)lanes));
  return v;
}
// <cooperative_groups/scan.h> over a tile: Hillis-Steele with shfl_up (lanes below `d` keep theirs).
template <unsigned int N, typename T, typename Op>
HIP2VX_INLINE T inclusive_scan(const thread_block_tile<N, void>& tile, T v, Op op) {
  for (unsigned int d = 1; d < N; d *= 2) {
    T up = tile.shfl_up(v, d);
    v = hip2vx_select(tile.thread_rank() >= d, op(up, v), v);
  }
  return v;
}
template <unsigned int N, typename T>
HIP2VX_INLINE T inclusive_scan(const thread_block_tile<N, void>& tile, T v) { return inclusive_scan(tile, v, plus<T>()); }
/** The exclusive scan: lane 0 gets T() (CUDA leaves it undefined for operators other than plus). */
template <unsigned int N, typename T, typename Op>
HIP2VX_INLINE T exclusive_scan(const thread_block_tile<N, void>& tile, T v, Op op) {
  T up = tile.shfl_up(inclusive_scan(tile, v, op), 1);
  return hip2vx_select(tile.thread_rank() == 0, T(), up);
}
template <unsigned int N, typename T>
HIP2VX_INLINE T exclusive_scan(const thread_block_tile<N, void>& tile, T v) { return exclusive_scan(tile, v, plus<T>()); }
}  // namespace cooperative_groups

// ---- atomics (32-bit AMOs are atomic on global and local memory; LR/SC is not reliable) ----
#if defined(HIP2VX_CPU_BACKEND)
#define HIP2VX_AMO(name, builtin)                                                                   \
  HIP2VX_INLINE int name(int* p, int v) { return builtin(p, v, __ATOMIC_RELAXED); }                 \
  HIP2VX_INLINE unsigned int name(unsigned int* p, unsigned int v) { return builtin(p, v, __ATOMIC_RELAXED); }
HIP2VX_AMO(atomicAdd, __atomic_fetch_add)
HIP2VX_AMO(atomicSub, __atomic_fetch_sub)
HIP2VX_AMO(atomicAnd, __atomic_fetch_and)
HIP2VX_AMO(atomicOr, __atomic_fetch_or)
HIP2VX_AMO(atomicXor, __atomic_fetch_xor)
HIP2VX_AMO(atomicExch, __atomic_exchange_n)
#undef HIP2VX_AMO
/** Read-modify-write by compare-and-swap: real atomics on the host. */
template <typename T, typename F>
HIP2VX_INLINE T hip2vx_rmw(T* p, F f, int /*one_lock*/ = 0) {
  T old = __atomic_load_n(p, __ATOMIC_RELAXED);
  while (!__atomic_compare_exchange_n(p, &old, f(old), false, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {}
  return old;
}
HIP2VX_INLINE int atomicCAS(int* p, int cmp, int v) { __atomic_compare_exchange_n(p, &cmp, v, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED); return cmp; }
HIP2VX_INLINE unsigned int atomicCAS(unsigned int* p, unsigned int cmp, unsigned int v) { __atomic_compare_exchange_n(p, &cmp, v, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED); return cmp; }
#define HIP2VX_RMW_MINMAX(name, T, pick) \
  HIP2VX_INLINE T name(T* p, T v) { return hip2vx_rmw(p, [=](T old) { return pick(old, v); }); }
HIP2VX_RMW_MINMAX(atomicMin, int, min)
HIP2VX_RMW_MINMAX(atomicMin, unsigned int, min)
HIP2VX_RMW_MINMAX(atomicMax, int, max)
HIP2VX_RMW_MINMAX(atomicMax, unsigned int, max)
#undef HIP2VX_RMW_MINMAX
#else
#define HIP2VX_AMO(name, insn, T)                                                              \
  HIP2VX_INLINE T name(T* p, T v) {                                                            \
    T old;                                                                                     \
    __asm__ volatile(insn " %0, %2, %1" : "=r"(old), "+A"(*p) : "r"(v) : "memory");            \
    return old;                                                                                \
  }
HIP2VX_AMO(atomicAdd, "amoadd.w", int)
HIP2VX_AMO(atomicAdd, "amoadd.w", unsigned int)
HIP2VX_AMO(atomicAnd, "amoand.w", int)
HIP2VX_AMO(atomicAnd, "amoand.w", unsigned int)
HIP2VX_AMO(atomicOr, "amoor.w", int)
HIP2VX_AMO(atomicOr, "amoor.w", unsigned int)
HIP2VX_AMO(atomicXor, "amoxor.w", int)
HIP2VX_AMO(atomicXor, "amoxor.w", unsigned int)
HIP2VX_AMO(atomicExch, "amoswap.w", int)
HIP2VX_AMO(atomicExch, "amoswap.w", unsigned int)
HIP2VX_AMO(atomicMin, "amomin.w", int)
HIP2VX_AMO(atomicMin, "amominu.w", unsigned int)
HIP2VX_AMO(atomicMax, "amomax.w", int)
HIP2VX_AMO(atomicMax, "amomaxu.w", unsigned int)
#undef HIP2VX_AMO
HIP2VX_INLINE int atomicSub(int* p, int v) { return atomicAdd(p, -v); }
HIP2VX_INLINE unsigned int atomicSub(unsigned int* p, unsigned int v) { return atomicAdd(p, 0u - v); }

/** Lock words for read-modify-writes with no AMO (CAS, Inc, Dec, float add), hashed by address. */
// In .bss: the runtime maps the kernel image (.data included) read-only; _start zeroes .bss.
static unsigned int hip2vx_locks[64];

/** Reads and writes a locked word with AMOs, so no core works on a stale cached copy; an 8-byte
    value is two words, made atomic by the lock that every 64-bit atomic on it takes. */
HIP2VX_INLINE unsigned int hip2vx_amo_load(unsigned int* p) { return atomicOr(p, 0u); }
HIP2VX_INLINE void hip2vx_amo_store(unsigned int* p, unsigned int v) { atomicExch(p, v); }
HIP2VX_INLINE unsigned long long hip2vx_amo_load(unsigned long long* p) {
  unsigned int* w = (unsigned int*)p;  // little-endian: low word first
  return hip2vx_amo_load(w) | (unsigned long long)hip2vx_amo_load(w + 1) << 32;
}
HIP2VX_INLINE void hip2vx_amo_store(unsigned long long* p, unsigned long long v) {
  unsigned int* w = (unsigned int*)p;
  hip2vx_amo_store(w, (unsigned int)v);
  hip2vx_amo_store(w + 1, (unsigned int)(v >> 32));
}
/** Makes a locked word read as `old` hold `v`: by adding the difference, so an unchanged value (a
    failing CAS) writes nothing, and the plain AMOs of other threads on the word meanwhile
    (`atomicExch(lock, 0)` releasing a CAS lock, an atomicAdd) are kept, not overwritten. */
HIP2VX_INLINE void hip2vx_amo_update(unsigned int* p, unsigned int old, unsigned int v) { atomicAdd(p, v - old); }
HIP2VX_INLINE void hip2vx_amo_update(unsigned long long* p, unsigned long long, unsigned long long v) { hip2vx_amo_store(p, v); }

/** Runs `f(old) -> new` under an amoswap lock, in a pred loop: each round one thread per lock
    wins (split region), the others retry; only AMOs and verified idioms, no LR/SC.
    T is unsigned int or unsigned long long (RV32 has no 64-bit AMO: the lock makes it atomic).
    With one_lock, every address shares lock 0, so f runs in one thread at a time: for an f that
    branches on the data (soft-float), two winners in one warp would be a divergent branch. */
template <typename T, typename F>
HIP2VX_INLINE T hip2vx_rmw(T* p, F f, int one_lock = 0) {
  unsigned int* lock = &hip2vx_locks[one_lock ? 0 : ((uintptr_t)p >> 2) & 63];
  T old = 0;
  int pending = 1;
  int m = hip2vx_active_threads();
  for (;;) {
    HIP2VX_PRED_EXIT(pending, m, done);
    int got = atomicExch(lock, 1u) == 0u;
    int t = hip2vx_split(got);
    if (got) {
      old = hip2vx_amo_load(p);
      hip2vx_amo_update(p, old, f(old));
      vx_fence();
      atomicExch(lock, 0u);
    }
    hip2vx_join(t);
    pending &= !got;
  }
done:
  hip2vx_tmc(m);
  return old;
}
HIP2VX_INLINE unsigned int atomicCAS(unsigned int* p, unsigned int cmp, unsigned int v) {
  return hip2vx_rmw(p, [=](unsigned int old) { return hip2vx_select(old == cmp, v, old); });
}
HIP2VX_INLINE int atomicCAS(int* p, int cmp, int v) { return (int)atomicCAS((unsigned int*)p, (unsigned int)cmp, (unsigned int)v); }
#endif
/** A read-modify-write of a float, on its bits. */
template <typename F>
HIP2VX_INLINE float hip2vx_rmw_float(float* p, F f) {
  unsigned int old = hip2vx_rmw((unsigned int*)p, [=](unsigned int bits) {
    float x;
    memcpy(&x, &bits, 4);
    x = f(x);
    memcpy(&bits, &x, 4);
    return bits;
  });
  float x;
  memcpy(&x, &old, 4);
  return x;
}
HIP2VX_INLINE float atomicAdd(float* p, float v) { return hip2vx_rmw_float(p, [=](float x) { return x + v; }); }
// HIP's, with its float and double atomicMin/Max. CUDA has neither, so programs define their own:
// these are templates, which a program's function of the same signature wins over.
HIP2VX_INLINE float atomicSub(float* p, float v) { return hip2vx_rmw_float(p, [=](float x) { return x - v; }); }
template <typename = void> HIP2VX_INLINE float atomicMin(float* p, float v) { return hip2vx_rmw_float(p, [=](float x) { return hip2vx_fminf(x, v); }); }
template <typename = void> HIP2VX_INLINE float atomicMax(float* p, float v) { return hip2vx_rmw_float(p, [=](float x) { return hip2vx_fmaxf(x, v); }); }
HIP2VX_INLINE float atomicExch(float* p, float v) {
  unsigned int bits;
  memcpy(&bits, &v, 4);
  bits = atomicExch((unsigned int*)p, bits);
  memcpy(&v, &bits, 4);
  return v;
}
HIP2VX_INLINE unsigned int atomicInc(unsigned int* p, unsigned int limit) {
  return hip2vx_rmw(p, [=](unsigned int old) { return hip2vx_select(old >= limit, 0u, old + 1u); });
}
HIP2VX_INLINE unsigned int atomicDec(unsigned int* p, unsigned int limit) {
  return hip2vx_rmw(p, [=](unsigned int old) { return hip2vx_select((old == 0u) | (old > limit), limit, old - 1u); });
}
// 16-bit compare-and-swap (compute capability 7.0): a read-modify-write of the 4-byte word holding it.
HIP2VX_INLINE unsigned short atomicCAS(unsigned short* p, unsigned short cmp, unsigned short v) {
  unsigned int shift = (unsigned int)((uintptr_t)p & 2) * 8;
  unsigned int* word = (unsigned int*)((uintptr_t)p - ((uintptr_t)p & 2));
  unsigned int old = hip2vx_rmw(word, [=](unsigned int w) {
    return hip2vx_select(((w >> shift) & 0xffffu) == cmp, (w & ~(0xffffu << shift)) | ((unsigned int)v << shift), w);
  });
  return (unsigned short)(old >> shift);
}
// ---- 64-bit atomics: hip2vx_rmw on the 8-byte word (a CAS loop on the host, the lock on Vortex) ----
typedef unsigned long long hip2vx_u64;
// The soft-float double addition branches on the data: it takes the one shared lock (see hip2vx_rmw).
#define HIP2VX_ONE_LOCK(T) (sizeof(T) == 8 && (T)0.5 != 0)
#define HIP2VX_RMW64(name, T, expr)                                                               \
  HIP2VX_INLINE T name(T* p, T v) {                                                               \
    hip2vx_u64 r = hip2vx_rmw((hip2vx_u64*)p, [=](hip2vx_u64 bits) {                              \
      T old;                                                                                      \
      memcpy(&old, &bits, 8);                                                                     \
      T next = (expr);                                                                            \
      memcpy(&bits, &next, 8);                                                                    \
      return bits;                                                                                \
    }, HIP2VX_ONE_LOCK(T));                                                                       \
    T out;                                                                                        \
    memcpy(&out, &r, 8);                                                                          \
    return out;                                                                                   \
  }
#define HIP2VX_RMW64_INTEGER(T)                 \
  HIP2VX_RMW64(atomicAdd, T, old + v)           \
  HIP2VX_RMW64(atomicSub, T, old - v)           \
  HIP2VX_RMW64(atomicAnd, T, old & v)           \
  HIP2VX_RMW64(atomicOr, T, old | v)            \
  HIP2VX_RMW64(atomicXor, T, old ^ v)           \
  HIP2VX_RMW64(atomicExch, T, v)                \
  HIP2VX_RMW64(atomicMin, T, min(old, v))       \
  HIP2VX_RMW64(atomicMax, T, max(old, v))       \
  HIP2VX_INLINE T atomicCAS(T* p, T cmp, T v) { \
    return (T)hip2vx_rmw((hip2vx_u64*)p, [=](hip2vx_u64 old) { return hip2vx_select(old == (hip2vx_u64)cmp, (hip2vx_u64)v, old); }); \
  }
HIP2VX_RMW64_INTEGER(unsigned long long)
HIP2VX_RMW64_INTEGER(long long)
#undef HIP2VX_RMW64_INTEGER
HIP2VX_RMW64(atomicAdd, double, old + v)
HIP2VX_RMW64(atomicSub, double, old - v)
HIP2VX_RMW64(atomicExch, double, v)
template <typename = void> HIP2VX_RMW64(atomicMin, double, hip2vx_select(v < old, v, old))
template <typename = void> HIP2VX_RMW64(atomicMax, double, hip2vx_select(old < v, v, old))
#undef HIP2VX_RMW64
#if __SIZEOF_LONG__ == 4
// uint32_t/int32_t are (unsigned) long with some RISC-V C libraries: same width, same atomics.
#define HIP2VX_LONG_ATOMIC(name)                                                                                   \
  HIP2VX_INLINE long name(long* p, long v) { return (long)name((int*)p, (int)v); }                                 \
  HIP2VX_INLINE unsigned long name(unsigned long* p, unsigned long v) { return name((unsigned int*)p, (unsigned int)v); }
HIP2VX_LONG_ATOMIC(atomicAdd)
HIP2VX_LONG_ATOMIC(atomicSub)
HIP2VX_LONG_ATOMIC(atomicAnd)
HIP2VX_LONG_ATOMIC(atomicOr)
HIP2VX_LONG_ATOMIC(atomicXor)
HIP2VX_LONG_ATOMIC(atomicExch)
HIP2VX_LONG_ATOMIC(atomicMin)
HIP2VX_LONG_ATOMIC(atomicMax)
#undef HIP2VX_LONG_ATOMIC
HIP2VX_INLINE unsigned long atomicInc(unsigned long* p, unsigned long l) { return atomicInc((unsigned int*)p, (unsigned int)l); }
HIP2VX_INLINE unsigned long atomicDec(unsigned long* p, unsigned long l) { return atomicDec((unsigned int*)p, (unsigned int)l); }
HIP2VX_INLINE unsigned long atomicCAS(unsigned long* p, unsigned long c, unsigned long v) { return atomicCAS((unsigned int*)p, (unsigned int)c, (unsigned int)v); }
#endif

// ---- single-precision math without data-dependent branches --------------------------------
// Library routines branch on their argument (special cases, range reduction), which diverges
// on Vortex; these are straight-line (selects, fminf/fmaxf, conversions), accurate to a few ulp
// over the ranges kernels use. The translator renames the CUDA/libm names to them (rules/).
HIP2VX_INLINE float hip2vx_as_float(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
HIP2VX_INLINE uint32_t hip2vx_as_uint(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

HIP2VX_INLINE float hip2vx_sqrtf(float x) {
#if defined(HIP2VX_CPU_BACKEND)
  return __builtin_sqrtf(x);
#else
  float r;
  __asm__("fsqrt.s %0, %1" : "=f"(r) : "f"(x));
  return r;
#endif
}
HIP2VX_INLINE float hip2vx_rsqrtf(float x) { return 1.0f / hip2vx_sqrtf(x); }
HIP2VX_INLINE float hip2vx_fdividef(float a, float b) { return a / b; }
/** CUDA's standard normal distribution function, from the C library's erfc (which branches). */
HIP2VX_INLINE float normcdff(float x) { return 0.5f * erfcf(-x * 0.70710678118654752f); }
HIP2VX_INLINE double normcdf(double x) { return 0.5 * erfc(-x * 0.70710678118654752); }
HIP2VX_INLINE float hip2vx_saturatef(float x) { return hip2vx_fminf(hip2vx_fmaxf(x, 0.0f), 1.0f); }

/** Truncation toward zero by conversion; values beyond 2^23 are already integers. The roundings
    keep the sign of a zero result (-0.4 gives -0.0), as C's do. */
HIP2VX_INLINE float hip2vx_truncf(float x) {
  return hip2vx_select(__builtin_fabsf(x) < 8388608.0f, __builtin_copysignf((float)(int32_t)x, x), x);
}
// The comparisons are opaque: gcc subtracts or adds a comparison turned float with a branch on it.
HIP2VX_INLINE float hip2vx_floorf(float x) { float t = hip2vx_truncf(x); return t - (float)hip2vx_bool(t > x); }
HIP2VX_INLINE float hip2vx_ceilf(float x) { float t = hip2vx_truncf(x); return __builtin_copysignf(t + (float)hip2vx_bool(t < x), x); }
HIP2VX_INLINE float hip2vx_roundf(float x) {
  float t = hip2vx_truncf(x), d = x - t;
  return __builtin_copysignf(t + (float)hip2vx_bool(d >= 0.5f) - (float)hip2vx_bool(d <= -0.5f), x);
}
/** Round to nearest even (adding 2^23 of x's sign leaves no fraction; larger values have none). */
HIP2VX_INLINE float hip2vx_rintf(float x) {
  volatile float magic = 8388608.0f;
  float m = __builtin_copysignf(magic, x);
  return hip2vx_select(__builtin_fabsf(x) < 8388608.0f, __builtin_copysignf((x + m) - m, x), x);
}

/**
 * e^r * 2^k for |r| <= ln2 / 2 and a whole k in [-151, 128]: 2^k in two factors, so the top
 * (k = 128) and the subnormal results (k < -126) have representable ones. `x` (the argument
 * reduced) gives the special cases: NaN stays NaN, beyond the range +inf or 0.
 */
HIP2VX_INLINE float hip2vx_exp_scaled(float r, float k, float x, float top, float bottom) {
  float p = 1.0f + r * (1.0f + r * (0.5f + r * (0.166666672f + r * (0.0416666418f + r * (0.00833345205f + r * 0.00138889067f)))));
  int32_t e = (int32_t)k;
  float s1 = hip2vx_as_float((uint32_t)((e / 2) + 127) << 23);
  float s2 = hip2vx_as_float((uint32_t)((e - e / 2) + 127) << 23);
  float v = p * s1 * s2;
  v = hip2vx_select(x > top, __builtin_inff(), v);
  v = hip2vx_select(x < bottom, 0.0f, v);
  return hip2vx_select(x != x, x + x, v);
}
HIP2VX_INLINE float hip2vx_expf(float x) {
  float c = hip2vx_fminf(hip2vx_fmaxf(x, -104.0f), 88.8f);
  float k = hip2vx_rintf(c * 1.44269504f);
  return hip2vx_exp_scaled(c - k * 0.693145752f - k * 1.42860677e-06f, k, x, 88.7228394f, -103.972084f);
}
/** 2^x: exact at whole x (the reduced argument is then 0). */
HIP2VX_INLINE float hip2vx_exp2f(float x) {
  float c = hip2vx_fminf(hip2vx_fmaxf(x, -150.0f), 128.0f);
  float k = hip2vx_rintf(c);
  return hip2vx_exp_scaled((c - k) * 0.693147181f, k, x, 128.0f, -150.0f);
}
/** 10^x, reduced by log10(2) in two parts. */
HIP2VX_INLINE float hip2vx_exp10f(float x) {
  float c = hip2vx_fminf(hip2vx_fmaxf(x, -45.2f), 38.6f);
  float k = hip2vx_rintf(c * 3.32192802f);
  return hip2vx_exp_scaled((c - k * 0.301025391f - k * 4.60503907e-06f) * 2.30258512f, k, x, 38.5318394f, -45.1544993f);
}

/** x = 2^e * m with m in [sqrt(2)/2, sqrt(2)) (subnormal x normalised first): e, and log(m). */
HIP2VX_INLINE float hip2vx_log_parts(float x, float* e_out) {
  int sub = x < 1.17549435e-38f;
  uint32_t u = hip2vx_as_uint(hip2vx_select(sub, x * 8388608.0f, x));
  int32_t e = (int32_t)((u >> 23) & 0xff) - 127 - 23 * sub;
  float m = hip2vx_as_float((u & 0x7fffffu) | 0x3f800000u);  // [1, 2)
  int big = m > 1.41421356f;
  m = hip2vx_select(big, m * 0.5f, m);
  *e_out = (float)(e + big);
  float f = m - 1.0f, s = f / (2.0f + f), z = s * s;
  return 2.0f * s * (1.0f + z * (0.333333343f + z * (0.2f + z * (0.142857149f + z * 0.111111112f))));
}
/** The special cases of a logarithm: 0 gives -inf, negative and NaN NaN, +inf itself. */
HIP2VX_INLINE float hip2vx_log_special(float x, float r) {
  r = hip2vx_select(x == 0.0f, -__builtin_inff(), r);
  r = hip2vx_select((x < 0.0f) | (x != x), __builtin_nanf(""), r);
  return hip2vx_select(x == __builtin_inff(), x, r);
}
HIP2VX_INLINE float hip2vx_logf(float x) {
  float e, l = hip2vx_log_parts(x, &e);
  return hip2vx_log_special(x, e * 0.693147181f + l);
}
/** log2(x): exact at powers of two (e plus a log of 1). */
HIP2VX_INLINE float hip2vx_log2f(float x) {
  float e, l = hip2vx_log_parts(x, &e);
  return hip2vx_log_special(x, e + l * 1.44269504f);
}
HIP2VX_INLINE float hip2vx_log10f(float x) {
  float e, l = hip2vx_log_parts(x, &e);
  return hip2vx_log_special(x, e * 0.301029996f + l * 0.434294482f);
}
/**
 * x^y: a whole y below 32 in magnitude by repeated squaring (exact where the result is: pow(3, 2)
 * is 9), others as 2^(y log2|x|); a negative base with a whole y gives the sign of y's parity,
 * with another y NaN; y = 0 or x = 1 give 1.
 */
HIP2VX_INLINE float hip2vx_powf(float x, float y) {
  float ax = __builtin_fabsf(x), ay = __builtin_fabsf(y);
  int whole = hip2vx_truncf(y) == y, small = whole & (ay < 32.0f);
  int32_t n = (int32_t)hip2vx_select(small, ay, 0.0f);
  float sq = ax, byparts = 1.0f;
  for (int b = 0; b < 5; ++b) {
    byparts *= hip2vx_select((n >> b) & 1, sq, 1.0f);
    sq *= sq;
  }
  byparts = hip2vx_select(y < 0.0f, 1.0f / byparts, byparts);
  // y log2|x| from log2|x| in two parts (fma keeps the product's rounding error): its rounding
  // would be multiplied by y, 2^60 off by 50 ulp.
  float e, l = hip2vx_log_parts(ax, &e);
  float t = l * 1.44269502f, t_lo = __builtin_fmaf(l, 1.44269502f, -t) + l * 1.92596299e-08f;
  float lg = e + t, lg_lo = (e - lg) + t + t_lo;
  float p = y * lg, p_lo = __builtin_fmaf(y, lg, -p) + y * lg_lo;
  float c = hip2vx_fminf(hip2vx_fmaxf(p, -150.0f), 128.0f), k = hip2vx_rintf(c);
  float general = hip2vx_exp_scaled(((c - k) + p_lo) * 0.693147181f, k, p, 128.0f, -150.0f);
  general = hip2vx_select(ax == 0.0f, hip2vx_select(y < 0.0f, __builtin_inff(), 0.0f), general);
  general = hip2vx_select(ax == __builtin_inff(), hip2vx_select(y < 0.0f, 0.0f, __builtin_inff()), general);
  float r = hip2vx_select(small, byparts, hip2vx_select((x != x) | (y != y), x + y, general));
  int odd = whole & (ay < 16777216.0f) & ((int32_t)hip2vx_select(ay < 16777216.0f, ay, 0.0f) & 1);
  r = hip2vx_select((x < 0.0f) & odd, -r, r);
  r = hip2vx_select((x < 0.0f) & !whole & (y == y), __builtin_nanf(""), r);
  return hip2vx_select((y == 0.0f) | (x == 1.0f), 1.0f, r);
}

/** sin (cosine 0) or cos (1) of r + k pi/2, for r in [-pi/4, pi/4] and a whole number k. */
HIP2VX_INLINE float hip2vx_sincos_reduced(float r, float k, int cosine) {
  float z = r * r;
  float s = r + r * z * (-0.166666667f + z * (0.00833333333f + z * (-0.000198412698f + z * 2.75573192e-06f)));
  float c = 1.0f + z * (-0.5f + z * (0.0416666667f + z * (-0.00138888889f + z * 2.48015873e-05f)));
  int q = ((int32_t)(k - 4.0f * hip2vx_floorf(k * 0.25f)) + cosine) & 3;  // k mod 4, exact at any size
  float v = hip2vx_select(q & 1, c, s);
  return hip2vx_select((q >> 1) & 1, -v, v);
}
HIP2VX_INLINE float hip2vx_sincos_q(float x, int cosine) {
  float k = hip2vx_rintf(x * 0.636619772f);
  return hip2vx_sincos_reduced(x - k * 1.57079625f - k * 7.54978942e-08f, k, cosine);
}
HIP2VX_INLINE float hip2vx_sinf(float x) { return hip2vx_sincos_q(x, 0); }
HIP2VX_INLINE float hip2vx_cosf(float x) { return hip2vx_sincos_q(x, 1); }
HIP2VX_INLINE float hip2vx_tanf(float x) { return hip2vx_sinf(x) / hip2vx_cosf(x); }
HIP2VX_INLINE void hip2vx_sincosf(float x, float* s, float* c) {
  *s = hip2vx_sinf(x);
  *c = hip2vx_cosf(x);
}
// HIP's sin(pi x) and cos(pi x), reduced before the multiplication by pi (x - k/2 is exact): exact
// zeros and ones at whole and half numbers, and no error growing with x.
HIP2VX_INLINE float hip2vx_sincospi_q(float x, int cosine) {
  float k = hip2vx_rintf(2.0f * x);
  return hip2vx_sincos_reduced((x - 0.5f * k) * 3.14159265f, k, cosine);
}
HIP2VX_INLINE float sinpif(float x) { return hip2vx_sincospi_q(x, 0); }
HIP2VX_INLINE float cospif(float x) { return hip2vx_sincospi_q(x, 1); }
HIP2VX_INLINE float hip2vx_tanhf(float x) {
  float a = __builtin_fabsf(x), z = x * x;
  // tanh's series to x^19: below 0.55 its terms fall by about (2x/pi)^2 each.
  float small = x * (1.0f + z * (-0.333333343f + z * (0.13333334f + z * (-0.0539682545f + z * (0.0218694881f + z * (-0.00886323582f + z * (0.00359212793f + z * (-0.00145583437f + z * (0.000590027426f + z * -0.00023912912f)))))))));
  float big = 1.0f - 2.0f / (hip2vx_expf(2.0f * hip2vx_fminf(a, 20.0f)) + 1.0f);
  return hip2vx_select(a < 0.55f, small, __builtin_copysignf(big, x));
}

// CUDA's names for these that the rules rename where they see a call, for the calls they do not:
// in a macro's body (S3D's `#define DIV(x, y) __fdividef(x, y)`). Templates, so that a C library's
// or a program's own declaration of one is the better match and no redefinition.
// glibc (the CPU backend) declares the math ones for its own use and exports none: defined here.
#if defined(HIP2VX_CPU_BACKEND) && defined(__GLIBC__)
#define HIP2VX_LIBC_NAME1(NAME, F) extern "C" __attribute__((weak)) float NAME(float x) noexcept { return F(x); }
#define HIP2VX_LIBC_NAME2(NAME, F) extern "C" __attribute__((weak)) float NAME(float x, float y) noexcept { return F(x, y); }
extern "C" __attribute__((weak)) void __sincosf(float x, float* s, float* c) noexcept { hip2vx_sincosf(x, s, c); }
#else
#define HIP2VX_LIBC_NAME1(NAME, F) template <typename = void> static inline float NAME(float x) { return F(x); }
#define HIP2VX_LIBC_NAME2(NAME, F) template <typename = void> static inline float NAME(float x, float y) { return F(x, y); }
template <typename = void> static inline void __sincosf(float x, float* s, float* c) { hip2vx_sincosf(x, s, c); }
#endif
HIP2VX_LIBC_NAME1(__expf, hip2vx_expf) HIP2VX_LIBC_NAME1(__exp10f, hip2vx_exp10f) HIP2VX_LIBC_NAME1(__logf, hip2vx_logf)
HIP2VX_LIBC_NAME1(__log2f, hip2vx_log2f) HIP2VX_LIBC_NAME1(__log10f, hip2vx_log10f) HIP2VX_LIBC_NAME1(__sinf, hip2vx_sinf)
HIP2VX_LIBC_NAME1(__cosf, hip2vx_cosf) HIP2VX_LIBC_NAME1(__tanf, hip2vx_tanf) HIP2VX_LIBC_NAME2(__powf, hip2vx_powf)
#undef HIP2VX_LIBC_NAME1
#undef HIP2VX_LIBC_NAME2
#define HIP2VX_CUDA_NAME1(NAME, F) template <typename = void> static inline float NAME(float x) { return F(x); }
HIP2VX_CUDA_NAME1(__fsqrt_rn, hip2vx_sqrtf) HIP2VX_CUDA_NAME1(__frsqrt_rn, hip2vx_rsqrtf) HIP2VX_CUDA_NAME1(rsqrtf, hip2vx_rsqrtf)
HIP2VX_CUDA_NAME1(__saturatef, hip2vx_saturatef)
#undef HIP2VX_CUDA_NAME1
template <typename = void> static inline float __fdividef(float x, float y) { return x / y; }
template <typename = void> static inline float fdividef(float x, float y) { return x / y; }

#if defined(__riscv) && __riscv_xlen == 32 && !defined(HIP2VX_CPU_BACKEND)
/* The C library's float routines these replace branch on their arguments; calls the rules do not
   rename (std::exp(x) of a float, a template's exp(T)) reach them by symbol, and the kernel link
   wraps those symbols (HIP2VX_BRANCH_FREE_LIBCALLS in vortex-toolchain.mk) to these. */
#define HIP2VX_BRANCH_FREE1(NAME) extern "C" __attribute__((weak, used)) float __wrap_##NAME(float x) { return hip2vx_##NAME(x); }
HIP2VX_BRANCH_FREE1(expf) HIP2VX_BRANCH_FREE1(exp2f) HIP2VX_BRANCH_FREE1(exp10f) HIP2VX_BRANCH_FREE1(logf)
HIP2VX_BRANCH_FREE1(log2f) HIP2VX_BRANCH_FREE1(log10f) HIP2VX_BRANCH_FREE1(sinf) HIP2VX_BRANCH_FREE1(cosf)
HIP2VX_BRANCH_FREE1(tanf) HIP2VX_BRANCH_FREE1(tanhf) HIP2VX_BRANCH_FREE1(floorf) HIP2VX_BRANCH_FREE1(ceilf)
HIP2VX_BRANCH_FREE1(roundf) HIP2VX_BRANCH_FREE1(truncf) HIP2VX_BRANCH_FREE1(rintf)
#undef HIP2VX_BRANCH_FREE1
extern "C" __attribute__((weak, used)) float __wrap_powf(float x, float y) { return hip2vx_powf(x, y); }
extern "C" __attribute__((weak, used)) float __wrap_fminf(float x, float y) { return hip2vx_fminf(x, y); }
extern "C" __attribute__((weak, used)) float __wrap_fmaxf(float x, float y) { return hip2vx_fmaxf(x, y); }
extern "C" __attribute__((weak, used)) void __wrap_sincosf(float x, float* s, float* c) { hip2vx_sincosf(x, s, c); }
#endif

// ---- integer, conversion and rounded IEEE intrinsics (shared with the host) ---------------
#include "hip2vx_math_intrinsics.h"
// Dot products of the four (__dp4a) or two (__dp2a_lo/hi) packed 8-bit/16-bit lanes, plus c.
HIP2VX_INLINE int __dp4a(int a, int b, int c) {
  for (int i = 0; i < 32; i += 8) c += (int)(int8_t)(a >> i) * (int)(int8_t)(b >> i);
  return c;
}
HIP2VX_INLINE unsigned int __dp4a(unsigned int a, unsigned int b, unsigned int c) {
  for (int i = 0; i < 32; i += 8) c += ((a >> i) & 0xffu) * ((b >> i) & 0xffu);
  return c;
}
/** a's two 16-bit lanes times b's low (lo) or high (hi) two bytes, plus c. */
HIP2VX_INLINE int hip2vx_dp2a(int a, int b, int c, int byte) {
  return c + (int)(int16_t)a * (int)(int8_t)(b >> byte) + (int)(int16_t)(a >> 16) * (int)(int8_t)(b >> (byte + 8));
}
HIP2VX_INLINE unsigned int hip2vx_dp2a(unsigned int a, unsigned int b, unsigned int c, int byte) {
  return c + (a & 0xffffu) * ((b >> byte) & 0xffu) + (a >> 16) * ((b >> (byte + 8)) & 0xffu);
}
HIP2VX_INLINE int __dp2a_lo(int a, int b, int c) { return hip2vx_dp2a(a, b, c, 0); }
HIP2VX_INLINE int __dp2a_hi(int a, int b, int c) { return hip2vx_dp2a(a, b, c, 16); }
HIP2VX_INLINE unsigned int __dp2a_lo(unsigned int a, unsigned int b, unsigned int c) { return hip2vx_dp2a(a, b, c, 0); }
HIP2VX_INLINE unsigned int __dp2a_hi(unsigned int a, unsigned int b, unsigned int c) { return hip2vx_dp2a(a, b, c, 16); }
// ---- AMD GPU builtins HIP code calls directly: renamed to these (rules/device-builtins.json);
// the others (matrix cores, DPP, swizzles, ...) are refused by the amdgcn-builtin rule. ----------
/** sdot4/udot4/sudot4: the dot product of the four bytes plus c (the clamp flag is ignored: the sum wraps). */
HIP2VX_INLINE int hip2vx_amdgcn_sdot4(int a, int b, int c, bool) { return __dp4a(a, b, c); }
HIP2VX_INLINE unsigned int hip2vx_amdgcn_udot4(unsigned int a, unsigned int b, unsigned int c, bool) { return __dp4a(a, b, c); }
HIP2VX_INLINE int hip2vx_amdgcn_sudot4(bool a_signed, int a, bool b_signed, int b, int c, bool) {
  for (int i = 0; i < 32; i += 8) {
    const int x = hip2vx_select(a_signed, (int)(int8_t)(a >> i), (a >> i) & 0xff), y = hip2vx_select(b_signed, (int)(int8_t)(b >> i), (b >> i) & 0xff);
    c += x * y;
  }
  return c;
}
HIP2VX_INLINE void hip2vx_amdgcn_s_sleep(int) {}
HIP2VX_INLINE unsigned int hip2vx_amdgcn_workitem_id_x() { return threadIdx.x; }
HIP2VX_INLINE unsigned int hip2vx_amdgcn_workitem_id_y() { return threadIdx.y; }
HIP2VX_INLINE unsigned int hip2vx_amdgcn_workitem_id_z() { return threadIdx.z; }
HIP2VX_INLINE unsigned int hip2vx_amdgcn_workgroup_id_x() { return blockIdx.x; }
HIP2VX_INLINE unsigned int hip2vx_amdgcn_workgroup_id_y() { return blockIdx.y; }
HIP2VX_INLINE unsigned int hip2vx_amdgcn_workgroup_id_z() { return blockIdx.z; }
/** mbcnt: the bits of the mask's low (lanes 0-31) or high (32-63) word below this lane, plus acc. */
HIP2VX_INLINE unsigned int hip2vx_amdgcn_mbcnt_lo(unsigned int mask, unsigned int acc) { return acc + __popc(mask & (unsigned int)__lanemask_lt()); }
HIP2VX_INLINE unsigned int hip2vx_amdgcn_mbcnt_hi(unsigned int mask, unsigned int acc) { return acc + __popc(mask & (unsigned int)((unsigned long long)__lanemask_lt() >> 32)); }
/** readfirstlane: the value of the warp's first lane (every lane of the logical warp makes the call). */
template <typename T>
HIP2VX_INLINE T hip2vx_amdgcn_readfirstlane(T v) { return __shfl(v, 0); }
/** ds_bpermute: the value of the lane whose index is the byte address / 4. */
HIP2VX_INLINE int hip2vx_amdgcn_ds_bpermute(int address, int v) { return __shfl(v, address >> 2); }
// CUDA's SIMD within a word: __v*4 on the four bytes, __v*2 on the two 16-bit halves. `op` sees
// each lane of a and b sign-extended (Signed) or zero-extended, and its result is cut to the lane.
template <int Bits, bool Signed, typename Op>
HIP2VX_INLINE unsigned int hip2vx_lanewise(unsigned int a, unsigned int b, Op op) {
  const unsigned int mask = (1u << Bits) - 1u;
  unsigned int r = 0;
  for (int i = 0; i < 32; i += Bits) {
    const int x = Signed ? (int)(a << (32 - Bits - i)) >> (32 - Bits) : (int)((a >> i) & mask);
    const int y = Signed ? (int)(b << (32 - Bits - i)) >> (32 - Bits) : (int)((b >> i) & mask);
    r |= ((unsigned int)op(x, y) & mask) << i;
  }
  return r;
}
/** The sum of the lanes (__vsads*, __vsadu*: of |a - b|). */
template <int Bits>
HIP2VX_INLINE unsigned int hip2vx_lane_sum(unsigned int v) {
  unsigned int sum = 0;
  for (int i = 0; i < 32; i += Bits) sum += (v >> i) & ((1u << Bits) - 1u);
  return sum;
}
// One operation at both widths; `lo`/`hi` are the lane's range for saturation (signed or not).
#define HIP2VX_SIMD_WIDTH(name, width, bits, is_signed, expr)                                          \
  HIP2VX_INLINE unsigned int name##width(unsigned int a, unsigned int b) {                             \
    return hip2vx_lanewise<bits, is_signed>(a, b, [](int x, int y) {                                 \
      const int lo = is_signed ? -(1 << (bits - 1)) : 0, hi = is_signed ? (1 << (bits - 1)) - 1 : (1 << bits) - 1; \
      (void)lo, (void)hi;                                                                              \
      return expr;                                                                                     \
    });                                                                                                \
  }
#define HIP2VX_SIMD(name, is_signed, expr) \
  HIP2VX_SIMD_WIDTH(name, 2, 16, is_signed, expr) HIP2VX_SIMD_WIDTH(name, 4, 8, is_signed, expr)
#define HIP2VX_SIMD_UNARY(name, binary) \
  HIP2VX_INLINE unsigned int name##2(unsigned int a) { return binary##2(a, 0u); } \
  HIP2VX_INLINE unsigned int name##4(unsigned int a) { return binary##4(a, 0u); }
#define HIP2VX_SIMD_COMPARE(op, name)                    \
  HIP2VX_SIMD(__vcmp##name##s, true, -hip2vx_bool(x op y))  \
  HIP2VX_SIMD(__vcmp##name##u, false, -hip2vx_bool(x op y)) \
  HIP2VX_SIMD(__vset##name##s, true, hip2vx_bool(x op y))   \
  HIP2VX_SIMD(__vset##name##u, false, hip2vx_bool(x op y))
HIP2VX_SIMD(__vadd, false, x + y)
HIP2VX_SIMD(__vsub, false, x - y)
HIP2VX_SIMD(__vaddss, true, max(lo, min(hi, x + y)))
HIP2VX_SIMD(__vsubss, true, max(lo, min(hi, x - y)))
HIP2VX_SIMD(__vaddus, false, min(hi, x + y))
HIP2VX_SIMD(__vsubus, false, max(lo, x - y))
HIP2VX_SIMD(__vavgu, false, (x + y + 1) >> 1)
HIP2VX_SIMD(__vhaddu, false, (x + y) >> 1)
HIP2VX_SIMD(__vmaxs, true, max(x, y))
HIP2VX_SIMD(__vmaxu, false, max(x, y))
HIP2VX_SIMD(__vmins, true, min(x, y))
HIP2VX_SIMD(__vminu, false, min(x, y))
HIP2VX_SIMD(__vabsdiffs, true, max(x - y, y - x))
HIP2VX_SIMD(__vabsdiffu, false, max(x - y, y - x))
HIP2VX_SIMD(hip2vx_vabsss, true, min(hi, max(x, -x)))
HIP2VX_SIMD(hip2vx_vneg, false, -x)
HIP2VX_SIMD(hip2vx_vnegss, true, min(hi, -x))
HIP2VX_SIMD(__vcmpeq, false, -hip2vx_bool(x == y))
HIP2VX_SIMD(__vcmpne, false, -hip2vx_bool(x != y))
HIP2VX_SIMD(__vseteq, false, hip2vx_bool(x == y))
HIP2VX_SIMD(__vsetne, false, hip2vx_bool(x != y))
HIP2VX_SIMD_COMPARE(<, lt)
HIP2VX_SIMD_COMPARE(<=, le)
HIP2VX_SIMD_COMPARE(>, gt)
HIP2VX_SIMD_COMPARE(>=, ge)
HIP2VX_SIMD_UNARY(__vabs, __vabsdiffs)
HIP2VX_SIMD_UNARY(__vabsss, hip2vx_vabsss)
HIP2VX_SIMD_UNARY(__vneg, hip2vx_vneg)
HIP2VX_SIMD_UNARY(__vnegss, hip2vx_vnegss)
#undef HIP2VX_SIMD_COMPARE
#undef HIP2VX_SIMD_UNARY
#undef HIP2VX_SIMD
#undef HIP2VX_SIMD_WIDTH
HIP2VX_INLINE unsigned int __vsads2(unsigned int a, unsigned int b) { return hip2vx_lane_sum<16>(__vabsdiffs2(a, b)); }
HIP2VX_INLINE unsigned int __vsads4(unsigned int a, unsigned int b) { return hip2vx_lane_sum<8>(__vabsdiffs4(a, b)); }
HIP2VX_INLINE unsigned int __vsadu2(unsigned int a, unsigned int b) { return hip2vx_lane_sum<16>(__vabsdiffu2(a, b)); }
HIP2VX_INLINE unsigned int __vsadu4(unsigned int a, unsigned int b) { return hip2vx_lane_sum<8>(__vabsdiffu4(a, b)); }
// CUDA 12's DPX: max/min of two or three values, of a sum and a value (iadd), with the larger or
// smaller operand's flag (ib), clamped at zero (_relu); on a 32-bit value or on each 16-bit half.
// Sums wrap, as the hardware's do.
HIP2VX_INLINE int hip2vx_wrap_add(int a, int b) { return (int)((unsigned int)a + (unsigned int)b); }
#define HIP2VX_DPX(suffix, T, max2, min2, add2)                                                             \
  HIP2VX_INLINE T __vimax3_##suffix(T a, T b, T c) { return max2(max2(a, b), c); }                           \
  HIP2VX_INLINE T __vimin3_##suffix(T a, T b, T c) { return min2(min2(a, b), c); }                           \
  HIP2VX_INLINE T __viaddmax_##suffix(T a, T b, T c) { return max2((T)add2(a, b), c); }                      \
  HIP2VX_INLINE T __viaddmin_##suffix(T a, T b, T c) { return min2((T)add2(a, b), c); }
#define HIP2VX_DPX_RELU(suffix, T, max2, min2, zero)                                                        \
  HIP2VX_INLINE T __vimax_##suffix##_relu(T a, T b) { return max2(max2(a, b), zero); }                       \
  HIP2VX_INLINE T __vimin_##suffix##_relu(T a, T b) { return max2(min2(a, b), zero); }                       \
  HIP2VX_INLINE T __vimax3_##suffix##_relu(T a, T b, T c) { return max2(__vimax3_##suffix(a, b, c), zero); } \
  HIP2VX_INLINE T __vimin3_##suffix##_relu(T a, T b, T c) { return max2(__vimin3_##suffix(a, b, c), zero); } \
  HIP2VX_INLINE T __viaddmax_##suffix##_relu(T a, T b, T c) { return max2(__viaddmax_##suffix(a, b, c), zero); } \
  HIP2VX_INLINE T __viaddmin_##suffix##_relu(T a, T b, T c) { return max2(__viaddmin_##suffix(a, b, c), zero); }
HIP2VX_DPX(s32, int, max, min, hip2vx_wrap_add)
HIP2VX_DPX(u32, unsigned int, max, min, (unsigned int)hip2vx_wrap_add)
HIP2VX_DPX(s16x2, unsigned int, __vmaxs2, __vmins2, __vadd2)
HIP2VX_DPX(u16x2, unsigned int, __vmaxu2, __vminu2, __vadd2)
HIP2VX_DPX_RELU(s32, int, max, min, 0)
HIP2VX_DPX_RELU(s16x2, unsigned int, __vmaxs2, __vmins2, 0u)
#undef HIP2VX_DPX_RELU
#undef HIP2VX_DPX
// ib: *pred (or each half's) tells whether the result is a: a >= b for max (the larger, else b),
// a <= b for min. Branch-free, like min and max: a per-thread branch diverges on Vortex.
#define HIP2VX_DPX_IB(name, T, x, y)                                                                        \
  HIP2VX_INLINE T name(T a, T b, bool* pred) {                                                           \
    const int keep = 1 - hip2vx_less(x, y);                                                               \
    *pred = keep;                                                                                         \
    return hip2vx_select(keep, a, b);                                                                     \
  }
HIP2VX_DPX_IB(__vibmax_s32, int, a, b)
HIP2VX_DPX_IB(__vibmax_u32, unsigned int, a, b)
HIP2VX_DPX_IB(__vibmin_s32, int, b, a)
HIP2VX_DPX_IB(__vibmin_u32, unsigned int, b, a)
#undef HIP2VX_DPX_IB
#define HIP2VX_DPX_IB2(name, H, ib)                                                                         \
  HIP2VX_INLINE unsigned int name(unsigned int a, unsigned int b, bool* pred_hi, bool* pred_lo) {        \
    const unsigned int hi = (unsigned short)ib((H)(a >> 16), (H)(b >> 16), pred_hi);                     \
    return hi << 16 | (unsigned short)ib((H)a, (H)b, pred_lo);                                            \
  }
HIP2VX_DPX_IB2(__vibmax_s16x2, short, __vibmax_s32)
HIP2VX_DPX_IB2(__vibmax_u16x2, unsigned short, __vibmax_u32)
HIP2VX_DPX_IB2(__vibmin_s16x2, short, __vibmin_s32)
HIP2VX_DPX_IB2(__vibmin_u16x2, unsigned short, __vibmin_u32)
#undef HIP2VX_DPX_IB2
/** Profiler counters do not exist on Vortex: the trigger does nothing. */
HIP2VX_INLINE void __prof_trigger(int) {}
template <typename T> HIP2VX_INLINE T __ldg(const T* p) { return *p; }
// CUDA's cache-operator loads and stores: Vortex has no cache hints, so plain accesses.
#define HIP2VX_CACHE_LOAD(name) template <typename T> HIP2VX_INLINE T name(const T* p) { return *p; }
#define HIP2VX_CACHE_STORE(name) template <typename T> HIP2VX_INLINE void name(T* p, T v) { *p = v; }
HIP2VX_CACHE_LOAD(__ldca)
HIP2VX_CACHE_LOAD(__ldcg)
HIP2VX_CACHE_LOAD(__ldcs)
HIP2VX_CACHE_LOAD(__ldlu)
HIP2VX_CACHE_LOAD(__ldcv)
HIP2VX_CACHE_STORE(__stwb)
HIP2VX_CACHE_STORE(__stcg)
HIP2VX_CACHE_STORE(__stcs)
HIP2VX_CACHE_STORE(__stwt)
#undef HIP2VX_CACHE_LOAD
#undef HIP2VX_CACHE_STORE
// clang's non-temporal hints (HIP code spells CUDA's __stcs/__ldcs with them): plain accesses on
// Vortex, which has no such hint, and under gcc, which has no such builtin.
#if !defined(__has_builtin) || !__has_builtin(__builtin_nontemporal_store)
#define __builtin_nontemporal_store(v, p) ((void)(*(p) = (v)))
#define __builtin_nontemporal_load(p) (*(p))
#endif

// __half, __nv_bfloat16 (cuda_fp16.h, cuda_bf16.h): after the branch-free float math they use.
#include "hip2vx_half.h"
#include "hip2vx_complex.h"
#include "hip/hip_math_constants.h"
#include "hip2vx_fp8.h"
#include "hip2vx_warp_matrix.h"
#include "hip2vx_wmma.h"
/** atomicAdd on a 16-bit float: its containing 32-bit word under hip2vx_rmw (the other half kept);
    on a pair: the pair's word. The addition is branch-free, so the per-address locks do. */
#define HIP2VX_ATOMIC_ADD16(T, T2)                                                                 \
  HIP2VX_INLINE T atomicAdd(T* p, T v) {                                                          \
    const unsigned int shift = (unsigned int)((uintptr_t)p & 2u) * 8u;                            \
    unsigned int old = hip2vx_rmw((unsigned int*)((uintptr_t)p & ~(uintptr_t)3), [=](unsigned int w) { \
      const T sum = __hadd(hip2vx_h16<T>(w >> shift), v);                                \
      return (w & ~(0xffffu << shift)) | ((unsigned int)sum.__x << shift);                        \
    });                                                                                           \
    return hip2vx_h16<T>(old >> shift);                                                  \
  }                                                                                               \
  HIP2VX_INLINE T2 atomicAdd(T2* p, T2 v) {                                                       \
    unsigned int old = hip2vx_rmw((unsigned int*)p, [=](unsigned int w) {                         \
      const T2 sum = __hadd2(T2(hip2vx_h16<T>(w), hip2vx_h16<T>(w >> 16)), v);  \
      return (unsigned int)sum.x.__x | (unsigned int)sum.y.__x << 16;                             \
    });                                                                                           \
    return T2(hip2vx_h16<T>(old), hip2vx_h16<T>(old >> 16));                    \
  }
/** The 16-bit float whose bits are the low half of b. */
template <class T> HIP2VX_INLINE T hip2vx_h16(unsigned int b) { T h; h.__x = (unsigned short)b; return h; }
HIP2VX_ATOMIC_ADD16(__half, __half2)
HIP2VX_ATOMIC_ADD16(__nv_bfloat16, __nv_bfloat162)
#undef HIP2VX_ATOMIC_ADD16

/** HIP's atomicAdd without the guarantees on fine-grained memory AMD needs: the same here. */
template <class T> HIP2VX_INLINE T unsafeAtomicAdd(T* p, T v) { return atomicAdd(p, v); }

/** Block- and system-scope atomics: device scope is the widest Vortex has, and the host never
 *  touches device memory while a kernel runs (managed memory is copied around launches). */
#define HIP2VX_SCOPED_ATOMIC(name)                                                                 \
  template <class... A> HIP2VX_INLINE auto name##_block(A... a) -> decltype(name(a...)) { return name(a...); } \
  template <class... A> HIP2VX_INLINE auto name##_system(A... a) -> decltype(name(a...)) { return name(a...); }
HIP2VX_SCOPED_ATOMIC(atomicAdd)
HIP2VX_SCOPED_ATOMIC(atomicSub)
HIP2VX_SCOPED_ATOMIC(atomicExch)
HIP2VX_SCOPED_ATOMIC(atomicMin)
HIP2VX_SCOPED_ATOMIC(atomicMax)
HIP2VX_SCOPED_ATOMIC(atomicAnd)
HIP2VX_SCOPED_ATOMIC(atomicOr)
HIP2VX_SCOPED_ATOMIC(atomicXor)
HIP2VX_SCOPED_ATOMIC(atomicCAS)
HIP2VX_SCOPED_ATOMIC(atomicInc)
HIP2VX_SCOPED_ATOMIC(atomicDec)
#undef HIP2VX_SCOPED_ATOMIC

#endif  // HIP2VX_DEVICE_H
