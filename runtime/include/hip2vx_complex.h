// hip2vx_complex.h: hip/hip_complex.h (and CUDA's cuComplex.h, whose names the host translation
// renames; device code may keep them, so they are defined too): single and double precision
// complex numbers as float2 / double2, for host and device code. Division is CUDA's (scaled by
// 1 / (|re| + |im|), no overflow for large divisors); the modulus is HIP's sqrt(re^2 + im^2).
// Vortex: all straight-line code (the float square root is hip2vx_device.h's, in device sources).
#ifndef HIP2VX_COMPLEX_H
#define HIP2VX_COMPLEX_H

#include <math.h>
#include "hip2vx_vector_types.h"

#define HIP2VX_COMPLEX_FN static inline __attribute__((always_inline))
#if defined(HIP2VX_DEVICE_H)
#define HIP2VX_COMPLEX_SQRTF hip2vx_sqrtf
#else
#define HIP2VX_COMPLEX_SQRTF sqrtf
#endif

typedef float2 hipFloatComplex;
typedef double2 hipDoubleComplex;
typedef hipFloatComplex hipComplex;

// One set of functions per precision: S the suffix (f or none), C the type, R the scalar, SQRT and ABS its functions.
#define HIP2VX_COMPLEX(S, C, R, SQRT, ABS)                                                                    \
  HIP2VX_COMPLEX_FN R hipCreal##S(C z) { return z.x; }                                                  \
  HIP2VX_COMPLEX_FN R hipCimag##S(C z) { return z.y; }                                                  \
  HIP2VX_COMPLEX_FN C hipConj##S(C z) { C r; r.x = z.x; r.y = -z.y; return r; }                        \
  HIP2VX_COMPLEX_FN R hipCsqabs##S(C z) { return z.x * z.x + z.y * z.y; }                               \
  HIP2VX_COMPLEX_FN C hipCadd##S(C p, C q) { C r; r.x = p.x + q.x; r.y = p.y + q.y; return r; }         \
  HIP2VX_COMPLEX_FN C hipCsub##S(C p, C q) { C r; r.x = p.x - q.x; r.y = p.y - q.y; return r; }         \
  HIP2VX_COMPLEX_FN C hipCmul##S(C p, C q) {                                                            \
    C r; r.x = p.x * q.x - p.y * q.y; r.y = p.x * q.y + p.y * q.x; return r;                            \
  }                                                                                                     \
  HIP2VX_COMPLEX_FN C hipCdiv##S(C p, C q) {                                                            \
    R s = (R)1 / (ABS(q.x) + ABS(q.y));                                     \
    R ars = p.x * s, ais = p.y * s, brs = q.x * s, bis = q.y * s;                                       \
    R t = (R)1 / (brs * brs + bis * bis);                                                               \
    C r; r.x = (ars * brs + ais * bis) * t; r.y = (ais * brs - ars * bis) * t; return r;                \
  }                                                                                                     \
  HIP2VX_COMPLEX_FN R hipCabs##S(C z) { return SQRT(hipCsqabs##S(z)); }                                 \
  HIP2VX_COMPLEX_FN C hipCfma##S(C p, C q, C a) {                                                       \
    C r; r.x = p.x * q.x - p.y * q.y + a.x; r.y = p.x * q.y + p.y * q.x + a.y; return r;                \
  }
HIP2VX_COMPLEX(f, hipFloatComplex, float, HIP2VX_COMPLEX_SQRTF, __builtin_fabsf)
HIP2VX_COMPLEX(, hipDoubleComplex, double, sqrt, __builtin_fabs)
#undef HIP2VX_COMPLEX

HIP2VX_COMPLEX_FN hipFloatComplex make_hipFloatComplex(float re, float im) { return make_float2(re, im); }
HIP2VX_COMPLEX_FN hipDoubleComplex make_hipDoubleComplex(double re, double im) { return make_double2(re, im); }
HIP2VX_COMPLEX_FN hipComplex make_hipComplex(float re, float im) { return make_float2(re, im); }
HIP2VX_COMPLEX_FN hipDoubleComplex hipComplexFloatToDouble(hipFloatComplex z) { return make_double2(z.x, z.y); }
HIP2VX_COMPLEX_FN hipFloatComplex hipComplexDoubleToFloat(hipDoubleComplex z) { return make_float2((float)z.x, (float)z.y); }

// CUDA's names (cuComplex.h), for device code, which keeps them.
typedef hipFloatComplex cuFloatComplex;
typedef hipDoubleComplex cuDoubleComplex;
typedef hipComplex cuComplex;
#define HIP2VX_CU_NAME(cu, hip) template <typename... A> HIP2VX_COMPLEX_FN auto cu(A... a) -> decltype(hip(a...)) { return hip(a...); }
HIP2VX_CU_NAME(cuCrealf, hipCrealf) HIP2VX_CU_NAME(cuCimagf, hipCimagf) HIP2VX_CU_NAME(cuConjf, hipConjf)
HIP2VX_CU_NAME(cuCaddf, hipCaddf) HIP2VX_CU_NAME(cuCsubf, hipCsubf) HIP2VX_CU_NAME(cuCmulf, hipCmulf)
HIP2VX_CU_NAME(cuCdivf, hipCdivf) HIP2VX_CU_NAME(cuCabsf, hipCabsf) HIP2VX_CU_NAME(cuCfmaf, hipCfmaf)
HIP2VX_CU_NAME(cuCreal, hipCreal) HIP2VX_CU_NAME(cuCimag, hipCimag) HIP2VX_CU_NAME(cuConj, hipConj)
HIP2VX_CU_NAME(cuCadd, hipCadd) HIP2VX_CU_NAME(cuCsub, hipCsub) HIP2VX_CU_NAME(cuCmul, hipCmul)
HIP2VX_CU_NAME(cuCdiv, hipCdiv) HIP2VX_CU_NAME(cuCabs, hipCabs) HIP2VX_CU_NAME(cuCfma, hipCfma)
HIP2VX_CU_NAME(make_cuFloatComplex, make_hipFloatComplex) HIP2VX_CU_NAME(make_cuDoubleComplex, make_hipDoubleComplex)
HIP2VX_CU_NAME(make_cuComplex, make_hipComplex)
HIP2VX_CU_NAME(cuComplexFloatToDouble, hipComplexFloatToDouble) HIP2VX_CU_NAME(cuComplexDoubleToFloat, hipComplexDoubleToFloat)
#undef HIP2VX_CU_NAME

#endif
