/* hip2vx_fp8.h: __nv_fp8_e4m3 (cuda_fp8.h), for host and device: 8-bit floats with 4 exponent bits
 * (bias 7) and 3 mantissa bits, no infinities, 0x7f/0xff NaN. Conversions from wider types round
 * to nearest even and saturate to +-448 (CUDA's __NV_SATFINITE); branch-free like hip2vx_half.h. */
#ifndef HIP2VX_FP8_H
#define HIP2VX_FP8_H
#include "hip2vx_half.h"

typedef unsigned char __nv_fp8_storage_t;
typedef enum __nv_fp8_interpretation_t { __NV_E4M3, __NV_E5M2 } __nv_fp8_interpretation_t;
typedef enum __nv_saturation_t { __NV_NOSAT, __NV_SATFINITE } __nv_saturation_t;

/** float -> e4m3 bits: rounded to nearest even, saturated to 448, NaN to 0x7f. */
HIP2VX_HALF_FN __nv_fp8_storage_t hip2vx_float2fp8_e4m3_bits(float f) {
  const uint32_t u = hip2vx_hbits(f);
  const uint32_t sign = (u >> 24) & 0x80u, a = u & 0x7fffffffu;
  // Normal (|f| >= 2^-6): rebias the exponent (127 -> 7), drop 20 mantissa bits with rounding.
  uint32_t n = (a >> 20) - (120u << 3);
  const uint32_t rest = a & 0xfffffu;
  n += hip2vx_hbool(rest > 0x80000u) | (hip2vx_hbool(rest == 0x80000u) & n);
  // Subnormal: the 24-bit significand in units of 2^-9 is m >> (141 - e); e <= 116 gives 0.
  const uint32_t e = a >> 23, m = (a & 0x7fffffu) | 0x800000u;
  uint32_t shift = hip2vx_hpick(e > 120u, 20u, 141u - e);
  shift = hip2vx_hpick(shift > 25u, 25u, shift);
  uint32_t s = m >> shift;
  const uint32_t lost = m & ((1u << shift) - 1u), halfway = 1u << (shift - 1u);
  s += hip2vx_hbool(lost > halfway) | (hip2vx_hbool(lost == halfway) & s);
  uint32_t h = hip2vx_hpick(a < 0x3c800000u, s, n);
  h = hip2vx_hpick(a > 0x43e00000u, 0x7eu, h);  // beyond 448 (infinity too): 448
  return (__nv_fp8_storage_t)(hip2vx_hpick(a > 0x7f800000u, 0x7fu, h) | sign);
}

/** e4m3 bits -> float (exact). */
HIP2VX_HALF_FN float hip2vx_fp8_e4m3_2float_bits(__nv_fp8_storage_t x) {
  const uint32_t c = x & 0x7fu, e = c >> 3, mantissa = c & 7u;
  const uint32_t normal = ((e + 120u) << 23) | (mantissa << 20);
  const uint32_t subnormal = hip2vx_hbits((float)mantissa * 0.001953125f);
  const uint32_t r = hip2vx_hpick(c == 0x7fu, 0x7fffffffu, hip2vx_hpick(e == 0u, subnormal, normal));
  return hip2vx_hfloat(r | ((uint32_t)(x & 0x80u) << 24));
}

/** cuda_fp8.h's conversion to binary16 bits (e5m2 is the upper byte of a binary16). */
HIP2VX_HALF_FN __half_raw __nv_cvt_fp8_to_halfraw(__nv_fp8_storage_t x, __nv_fp8_interpretation_t kind) {
  __half_raw r;
  r.x = (unsigned short)hip2vx_hpick(kind == __NV_E5M2, (uint32_t)x << 8, hip2vx_float2half_bits(hip2vx_fp8_e4m3_2float_bits(x), 1u));
  return r;
}

#define HIP2VX_FP8_FROM(T) explicit __nv_fp8_e4m3(T v) : __x(hip2vx_float2fp8_e4m3_bits((float)v)) {}
struct __nv_fp8_e4m3 {
  __nv_fp8_storage_t __x;
  __nv_fp8_e4m3() = default;
  HIP2VX_FP8_FROM(float)
  HIP2VX_FP8_FROM(double)
  HIP2VX_FP8_FROM(const __half&)
  HIP2VX_FP8_FROM(const __nv_bfloat16&)
  HIP2VX_FP8_FROM(int)
  HIP2VX_FP8_FROM(unsigned int)
  HIP2VX_FP8_FROM(short)
  HIP2VX_FP8_FROM(unsigned short)
  HIP2VX_FP8_FROM(long)
  HIP2VX_FP8_FROM(unsigned long)
  HIP2VX_FP8_FROM(long long)
  HIP2VX_FP8_FROM(unsigned long long)
  explicit operator float() const { return hip2vx_fp8_e4m3_2float_bits(__x); }
  explicit operator double() const { return hip2vx_fp8_e4m3_2float_bits(__x); }
  explicit operator __half() const { return __half(hip2vx_fp8_e4m3_2float_bits(__x)); }
  explicit operator __nv_bfloat16() const { return __nv_bfloat16(hip2vx_fp8_e4m3_2float_bits(__x)); }
};
#undef HIP2VX_FP8_FROM

#endif  // HIP2VX_FP8_H
