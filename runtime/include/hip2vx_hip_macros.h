// hip2vx_hip_macros.h: macros HIP's headers define that spell GPU code. Host and device headers
// include it, and the translator reads it (src/parse/macros.ts) to see through their uses.
#ifndef HIP2VX_HIP_MACROS_H
#define HIP2VX_HIP_MACROS_H
#define HIP_DYNAMIC_SHARED(type, var) extern __shared__ type var[];
#define HIP_DYNAMIC_SHARED_ATTRIBUTE
#endif
