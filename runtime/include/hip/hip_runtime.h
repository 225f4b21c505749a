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

#define __host__
#define __device__
#define __global__
#define __constant__
#define __shared__
#define __launch_bounds__(...)
#define __forceinline__ inline __attribute__((__always_inline__))
/* Empty rather than __attribute__((noinline)): libstdc++ spells `__attribute__((__noinline__))`,
 * which would otherwise expand to a nested attribute and fail to compile. */
#define __noinline__
#define __align__(n) __attribute__((__aligned__(n)))

#endif
