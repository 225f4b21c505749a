/* HIP for hip2vortex, host side: the runtime API, the registration ABI used by the generated
 * sources, and the CUDA/HIP qualifiers defined so that the host output still compiles with a plain
 * C++ compiler (it keeps `__host__ __device__` functions and `__constant__`/`__device__`
 * variables, which become host shadows of the device globals). */
#ifndef HIP2VX_HIP_RUNTIME_H
#define HIP2VX_HIP_RUNTIME_H

/* CUDA programs often rely on the runtime header pulling these in. */
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hip_runtime_api.h"
#include "../hip2vx_register.h"
#include "../hip2vx_vector_types.h"
#include "../hip2vx_hip_macros.h"
#include "../hip2vx_math_intrinsics.h"

#ifdef __cplusplus
// min and max, which HIP (like CUDA) makes callable from host code too: the same overloads as
// hip2vx_device.h's (mixed signed and unsigned compare as unsigned, other mixes in their common type).
#define HIP2VX_HOST_MINMAX(T)                                        \
  static inline T min(T a, T b) { return b < a ? b : a; }           \
  static inline T max(T a, T b) { return a < b ? b : a; }
HIP2VX_HOST_MINMAX(int)
HIP2VX_HOST_MINMAX(unsigned int)
HIP2VX_HOST_MINMAX(long)
HIP2VX_HOST_MINMAX(unsigned long)
HIP2VX_HOST_MINMAX(long long)
HIP2VX_HOST_MINMAX(unsigned long long)
HIP2VX_HOST_MINMAX(float)
HIP2VX_HOST_MINMAX(double)
#undef HIP2VX_HOST_MINMAX
static inline unsigned int min(int a, unsigned int b) { return min((unsigned int)a, b); }
static inline unsigned int min(unsigned int a, int b) { return min(a, (unsigned int)b); }
static inline unsigned int max(int a, unsigned int b) { return max((unsigned int)a, b); }
static inline unsigned int max(unsigned int a, int b) { return max(a, (unsigned int)b); }
template <typename A, typename B>
static inline auto min(A a, B b) -> decltype(a + b) { return min((decltype(a + b))a, (decltype(a + b))b); }
template <typename A, typename B>
static inline auto max(A a, B b) -> decltype(a + b) { return max((decltype(a + b))a, (decltype(a + b))b); }
#endif

#define __host__
#define __device__
#define __global__
#define __constant__
#define __managed__
#define __shared__
#define __launch_bounds__(...)
// CUDA 11.7's read-only kernel parameter: every kernel parameter is a copy here.
#define __grid_constant__
#define __forceinline__ inline __attribute__((__always_inline__))
/* Empty rather than __attribute__((noinline)): libstdc++ spells `__attribute__((__noinline__))`,
 * which would otherwise expand to a nested attribute and fail to compile. */
#define __noinline__
#define __align__(n) __attribute__((__aligned__(n)))

#endif
