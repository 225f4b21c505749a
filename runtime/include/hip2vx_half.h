// hip2vx_half.h: CUDA/HIP half precision (__half, __half2, cuda_fp16.h) and bfloat16
// (__nv_bfloat16, __hip_bfloat16 and their 2 forms, cuda_bf16.h) for host and device code.
// 16-bit storage with the IEEE binary16 / bfloat16 bit layouts: __half and __nv_bfloat16 are
// 2 bytes aligned to 2, the 2 forms 4 bytes aligned to 4 (src/layout/vectors.ts knows the same).
// Arithmetic and comparisons go through float: for + - * / and sqrt the result rounded to half is
// the correctly rounded half result (float holds more than 2 x 11 + 2 bits). Conversions round as
// CUDA does (to nearest even; _rz toward zero; NaN becomes the canonical 0x7fff).
// Vortex: no data-dependent branch (simx stops on a divergent branch), so the conversions are bit
// arithmetic with selects through masks the optimiser cannot see through, and the math functions
// use hip2vx_device.h's branch-free float routines. The host and the CPU backend use the same code
// (the math from libm on the host side of a program, from hip2vx_device.h in device sources).
#ifndef HIP2VX_HALF_H
#define HIP2VX_HALF_H

#include <stdint.h>
#include <string.h>
#include <math.h>
#include "hip2vx_vector_types.h"

#define HIP2VX_HALF_FN static inline __attribute__((always_inline))

#if defined(__riscv) && !defined(HIP2VX_CPU_BACKEND)
#define HIP2VX_HALF_OPAQUE(x) __asm__("" : "+r"(x))
#else
#define HIP2VX_HALF_OPAQUE(x) ((void)0)
#endif

// ---- bit-level conversions -----------------------------------------------------------------
/** `c ? a : b` for c in {0, 1}, by masks (compilers turn a ?: on RV32IMAF into a branch). */
/** A comparison's 0/1 that compilers cannot see through: knowing it is 0 or 1, they add it or turn
    it into a float with a branch on it. */
HIP2VX_HALF_FN uint32_t hip2vx_hbool(bool c) {
  uint32_t x = c;
  HIP2VX_HALF_OPAQUE(x);
  return x;
}
HIP2VX_HALF_FN uint32_t hip2vx_hpick(uint32_t c, uint32_t a, uint32_t b) {
  uint32_t m = 0u - c;
  HIP2VX_HALF_OPAQUE(m);
  return (a & m) | (b & ~m);
}
HIP2VX_HALF_FN uint32_t hip2vx_hbits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
HIP2VX_HALF_FN float hip2vx_hfloat(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }

/** float -> binary16 bits, rounded to nearest even (nearest = 1) or toward zero (nearest = 0). */
HIP2VX_HALF_FN unsigned short hip2vx_float2half_bits(float f, uint32_t nearest) {
  const uint32_t u = hip2vx_hbits(f);
  const uint32_t sign = (u >> 16) & 0x8000u, a = u & 0x7fffffffu;
  // Normal halves (|f| >= 2^-14): rebias the exponent, drop 13 mantissa bits; a carry out of the
  // mantissa moves into the exponent, as rounding should.
  uint32_t n = (a >> 13) - (112u << 10);
  const uint32_t rest = a & 0x1fffu;
  n += nearest & (hip2vx_hbool(rest > 0x1000u) | (hip2vx_hbool(rest == 0x1000u) & n));
  // Subnormal halves: the 24-bit significand in units of 2^-24 is m >> (126 - e); e <= 101 gives 0.
  const uint32_t e = a >> 23, m = (a & 0x7fffffu) | 0x800000u;
  uint32_t shift = hip2vx_hpick(e > 112u, 14u, 126u - e);
  shift = hip2vx_hpick(shift > 25u, 25u, shift);
  uint32_t s = m >> shift;
  const uint32_t lost = m & ((1u << shift) - 1u), halfway = 1u << (shift - 1u);
  s += nearest & (hip2vx_hbool(lost > halfway) | (hip2vx_hbool(lost == halfway) & s));
  uint32_t h = hip2vx_hpick(a < 0x38800000u, s, n);
  // Too large: infinity when rounding to nearest (from 65520 up), 65504 toward zero (from 65536).
  h = hip2vx_hpick(a >= 0x47800000u - (nearest << 12), 0x7bffu + nearest, h);
  h = hip2vx_hpick(a == 0x7f800000u, 0x7c00u, h) | sign;
  return (unsigned short)hip2vx_hpick(a > 0x7f800000u, 0x7fffu, h);
}

/** binary16 bits -> float (exact; NaNs keep their payload). */
HIP2VX_HALF_FN float hip2vx_half2float_bits(unsigned short h) {
  const uint32_t e = (h >> 10) & 0x1fu, m = h & 0x3ffu;
  const uint32_t normal = ((e + 112u) << 23) | (m << 13);
  const uint32_t special = 0x7f800000u | (m << 13);
  const uint32_t subnormal = hip2vx_hbits((float)(int32_t)m * 5.9604644775390625e-8f);  // m * 2^-24
  const uint32_t r = hip2vx_hpick(e == 0u, subnormal, hip2vx_hpick(e == 31u, special, normal));
  return hip2vx_hfloat(r | ((uint32_t)(h & 0x8000u) << 16));
}

/** float -> bfloat16 bits, to nearest even or toward zero; NaN becomes 0x7fff. */
HIP2VX_HALF_FN unsigned short hip2vx_float2bfloat16_bits(float f, uint32_t nearest) {
  const uint32_t u = hip2vx_hbits(f);
  const uint32_t r = (u + (nearest & ((u >> 16) & 1u)) + (nearest * 0x7fffu)) >> 16;
  return (unsigned short)hip2vx_hpick((u & 0x7fffffffu) > 0x7f800000u, 0x7fffu, r);
}
HIP2VX_HALF_FN float hip2vx_bfloat162float_bits(unsigned short b) { return hip2vx_hfloat((uint32_t)b << 16); }

// ---- float math used by the functions below --------------------------------------------------
#if defined(HIP2VX_DEVICE_H)
#define HIP2VX_HMATH(name) hip2vx_##name##f
#else
#define HIP2VX_HMATH(name) hip2vx_hhost_##name##f
#define HIP2VX_HHOST(name, expr) HIP2VX_HALF_FN float hip2vx_hhost_##name##f(float x) { return expr; }
HIP2VX_HHOST(sqrt, sqrtf(x))
HIP2VX_HHOST(rsqrt, 1.0f / sqrtf(x))
HIP2VX_HHOST(exp, expf(x))
HIP2VX_HHOST(exp2, exp2f(x))
HIP2VX_HHOST(exp10, expf(x * 2.30258509f))
HIP2VX_HHOST(log, logf(x))
HIP2VX_HHOST(log2, log2f(x))
HIP2VX_HHOST(log10, log10f(x))
HIP2VX_HHOST(sin, sinf(x))
HIP2VX_HHOST(cos, cosf(x))
HIP2VX_HHOST(tanh, tanhf(x))
HIP2VX_HHOST(floor, floorf(x))
HIP2VX_HHOST(ceil, ceilf(x))
HIP2VX_HHOST(trunc, truncf(x))
HIP2VX_HHOST(rint, rintf(x))
#undef HIP2VX_HHOST
HIP2VX_HALF_FN float hip2vx_hhost_fminf(float a, float b) { return fminf(a, b); }
HIP2VX_HALF_FN float hip2vx_hhost_fmaxf(float a, float b) { return fmaxf(a, b); }
#endif

// ---- the types -----------------------------------------------------------------------------
struct __half_raw { unsigned short x; };
struct __half2_raw { unsigned short x, y; };
struct __nv_bfloat16_raw { unsigned short x; };
struct __nv_bfloat162_raw { unsigned short x, y; };

/**
 * One 16-bit type T (bits in __x; to_bits/to_float convert), its pair T2 (x, y; aligned to 4) and
 * the constructors and conversions CUDA gives them. The conversion to float and the constructors
 * from float and the integer types are implicit, as in CUDA. Programs reach them through pointers
 * into other types (a half2* into a float4 of 8 halves, as GPU compilers allow): may_alias keeps
 * the optimiser from dropping such stores under strict aliasing.
 */
#define HIP2VX_HALF_TYPES(T, T2, RAW, RAW2, to_bits, to_float)                                      \
  struct __attribute__((__may_alias__)) T {                                                        \
    unsigned short __x;                                                                            \
    T() = default;                                                                                 \
    T(const RAW& r) : __x(r.x) {}                                                                  \
    T(float f) : __x(to_bits(f, 1u)) {}                                                            \
    T(double f) : __x(to_bits((float)f, 1u)) {}                                                    \
    T(int i) : __x(to_bits((float)i, 1u)) {}                                                       \
    T(unsigned int i) : __x(to_bits((float)i, 1u)) {}                                              \
    T(short i) : __x(to_bits((float)i, 1u)) {}                                                     \
    T(unsigned short i) : __x(to_bits((float)i, 1u)) {}                                            \
    T(long i) : __x(to_bits((float)i, 1u)) {}                                                      \
    T(unsigned long i) : __x(to_bits((float)i, 1u)) {}                                             \
    T(long long i) : __x(to_bits((float)i, 1u)) {}                                                 \
    T(unsigned long long i) : __x(to_bits((float)i, 1u)) {}                                        \
    T& operator=(const RAW& r) { __x = r.x; return *this; }                                        \
    operator float() const { return to_float(__x); }                                               \
    operator RAW() const { RAW r; r.x = __x; return r; }                                           \
  };                                                                                               \
  struct __attribute__((__may_alias__, __aligned__(4))) T2 {                                        \
    T x, y;                                                                                        \
    T2() = default;                                                                                \
    T2(const T& a, const T& b) : x(a), y(b) {}                                                     \
    T2(const RAW2& r) { x.__x = r.x; y.__x = r.y; }                                                \
    T2& operator=(const RAW2& r) { x.__x = r.x; y.__x = r.y; return *this; }                       \
    operator RAW2() const { RAW2 r; r.x = x.__x; r.y = y.__x; return r; }                          \
  };
HIP2VX_HALF_TYPES(__half, __half2, __half_raw, __half2_raw, hip2vx_float2half_bits, hip2vx_half2float_bits)
HIP2VX_HALF_TYPES(__nv_bfloat16, __nv_bfloat162, __nv_bfloat16_raw, __nv_bfloat162_raw, hip2vx_float2bfloat16_bits, hip2vx_bfloat162float_bits)
#undef HIP2VX_HALF_TYPES
typedef __half half;
typedef __half2 half2;
typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;
typedef __nv_bfloat16 __hip_bfloat16;
typedef __nv_bfloat162 __hip_bfloat162;
// ROCm's older hip/hip_bfloat16.h type: it converts to and from float the same way.
typedef __nv_bfloat16 hip_bfloat16;

// ---- helpers ----------------------------------------------------------------------------------
/** float -> int toward zero, saturating, NaN -> 0 (as CUDA's conversions; no branch). */
HIP2VX_HALF_FN int hip2vx_hfloat2int_rz(float f) {
  const float c = HIP2VX_HMATH(fmin)(HIP2VX_HMATH(fmax)(f, -2147483648.0f), 2147483520.0f);
  const uint32_t r = hip2vx_hpick(f >= 2147483648.0f, 0x7fffffffu, (uint32_t)(int32_t)c);
  return (int)hip2vx_hpick(f != f, 0u, r);
}
HIP2VX_HALF_FN unsigned int hip2vx_hfloat2uint_rz(float f) {
  const float c = HIP2VX_HMATH(fmin)(HIP2VX_HMATH(fmax)(f, 0.0f), 4294967040.0f);
  const uint32_t r = hip2vx_hpick(f >= 4294967296.0f, 0xffffffffu, (uint32_t)c);
  return hip2vx_hpick(f != f, 0u, r);
}

// ---- functions of one 16-bit type (S is its stem in CUDA's names: half, bfloat16) -----------
#define HIP2VX_HALF_CONVERSIONS(T, T2, S, to_bits, to_float)                                      \
  HIP2VX_HALF_FN T __ushort_as_##S(unsigned short b) { T h; h.__x = b; return h; }                 \
  HIP2VX_HALF_FN unsigned short __##S##_as_ushort(T h) { return h.__x; }                           \
  HIP2VX_HALF_FN T __short_as_##S(short b) { return __ushort_as_##S((unsigned short)b); }          \
  HIP2VX_HALF_FN short __##S##_as_short(T h) { return (short)h.__x; }                              \
  HIP2VX_HALF_FN T __float2##S(float f) { return __ushort_as_##S(to_bits(f, 1u)); }                \
  HIP2VX_HALF_FN T __float2##S##_rn(float f) { return __ushort_as_##S(to_bits(f, 1u)); }           \
  HIP2VX_HALF_FN T __float2##S##_rz(float f) { return __ushort_as_##S(to_bits(f, 0u)); }           \
  HIP2VX_HALF_FN T __double2##S(double f) { return __float2##S((float)f); }                        \
  HIP2VX_HALF_FN float __##S##2float(T h) { return to_float(h.__x); }                              \
  HIP2VX_HALF_FN float2 __##S##22float2(T2 h) { return make_float2(to_float(h.x.__x), to_float(h.y.__x)); } \
  HIP2VX_HALF_FN T2 __floats2##S##2_rn(float a, float b) { return T2(__float2##S(a), __float2##S(b)); } \
  HIP2VX_HALF_FN T2 __float22##S##2_rn(float2 f) { return __floats2##S##2_rn(f.x, f.y); }          \
  HIP2VX_HALF_FN T2 __float2##S##2_rn(float f) { return __floats2##S##2_rn(f, f); }                \
  HIP2VX_HALF_FN T2 __##S##2##S##2(T a) { return T2(a, a); }                                       \
  HIP2VX_HALF_FN T2 __halves2##S##2(T a, T b) { return T2(a, b); }                                 \
  HIP2VX_HALF_FN T __low2##S(T2 a) { return a.x; }                                                 \
  HIP2VX_HALF_FN T __high2##S(T2 a) { return a.y; }                                                \
  HIP2VX_HALF_FN T2 __lows2##S##2(T2 a, T2 b) { return T2(a.x, b.x); }                             \
  HIP2VX_HALF_FN T2 __highs2##S##2(T2 a, T2 b) { return T2(a.y, b.y); }                            \
  HIP2VX_HALF_FN T2 __low2##S##2(T2 a) { return T2(a.x, a.x); }                                    \
  HIP2VX_HALF_FN T2 __high2##S##2(T2 a) { return T2(a.y, a.y); }                                   \
  /* Rounded down (up = 0) or up (up = 1): toward zero, then one step away from zero (the bits  \
     are sign and magnitude) where that was inexact and the direction leads away from zero. */   \
  HIP2VX_HALF_FN T hip2vx_float2##S##_directed(float f, uint32_t up) {                             \
    const uint32_t z = to_bits(f, 0u);                                                             \
    const float back = to_float((unsigned short)z);                                                \
    const uint32_t away = (up & hip2vx_hbool(f > back)) | ((up ^ 1u) & hip2vx_hbool(f < back));    \
    return __ushort_as_##S((unsigned short)(z + away));                                            \
  }                                                                                                \
  HIP2VX_HALF_FN T __float2##S##_rd(float f) { return hip2vx_float2##S##_directed(f, 0u); }        \
  HIP2VX_HALF_FN T __float2##S##_ru(float f) { return hip2vx_float2##S##_directed(f, 1u); }        \
  HIP2VX_HALF_INTEGERS(T, S, to_float, rn, rint)                                                   \
  HIP2VX_HALF_INTEGERS(T, S, to_float, rz, trunc)                                                  \
  HIP2VX_HALF_INTEGERS(T, S, to_float, rd, floor)                                                  \
  HIP2VX_HALF_INTEGERS(T, S, to_float, ru, ceil)                                                   \
  HIP2VX_HALF_FN signed char __##S##2char_rz(T h) {                                                \
    const int i = __##S##2int_rz(h);                                                               \
    return (signed char)hip2vx_hpick(i > 127, 127u, hip2vx_hpick(i < -128, (uint32_t)-128, (uint32_t)i)); \
  }                                                                                                \
  HIP2VX_HALF_FN unsigned char __##S##2uchar_rz(T h) {                                             \
    const unsigned int i = __##S##2uint_rz(h);                                                     \
    return (unsigned char)hip2vx_hpick(i > 255u, 255u, i);                                         \
  }
// Integer conversions in one rounding mode R (F: the float function rounding so): to each integer
// type, saturating, NaN -> 0 (64-bit ones through 32 bits: a half's range fits); from each, as
// the float conversion in that mode.
#define HIP2VX_HALF_INTEGERS(T, S, to_float, R, F)                                                \
  HIP2VX_HALF_FN int __##S##2int_##R(T h) { return hip2vx_hfloat2int_rz(HIP2VX_HMATH(F)(to_float(h.__x))); } \
  HIP2VX_HALF_FN unsigned int __##S##2uint_##R(T h) { return hip2vx_hfloat2uint_rz(HIP2VX_HMATH(F)(to_float(h.__x))); } \
  HIP2VX_HALF_FN short __##S##2short_##R(T h) {                                                    \
    const int i = __##S##2int_##R(h);                                                              \
    return (short)hip2vx_hpick(i > 32767, 32767u, hip2vx_hpick(i < -32768, (uint32_t)-32768, (uint32_t)i)); \
  }                                                                                                \
  HIP2VX_HALF_FN unsigned short __##S##2ushort_##R(T h) {                                          \
    const unsigned int i = __##S##2uint_##R(h);                                                    \
    return (unsigned short)hip2vx_hpick(i > 65535u, 65535u, i);                                    \
  }                                                                                                \
  HIP2VX_HALF_FN long long __##S##2ll_##R(T h) { return __##S##2int_##R(h); }                      \
  HIP2VX_HALF_FN unsigned long long __##S##2ull_##R(T h) { return __##S##2uint_##R(h); }           \
  HIP2VX_HALF_FN T __int2##S##_##R(int i) { return __float2##S##_##R((float)i); }                  \
  HIP2VX_HALF_FN T __uint2##S##_##R(unsigned int i) { return __float2##S##_##R((float)i); }        \
  HIP2VX_HALF_FN T __short2##S##_##R(short i) { return __float2##S##_##R((float)i); }              \
  HIP2VX_HALF_FN T __ushort2##S##_##R(unsigned short i) { return __float2##S##_##R((float)i); }    \
  HIP2VX_HALF_FN T __ll2##S##_##R(long long i) { return __float2##S##_##R((float)i); }             \
  HIP2VX_HALF_FN T __ull2##S##_##R(unsigned long long i) { return __float2##S##_##R((float)i); }
HIP2VX_HALF_CONVERSIONS(__half, __half2, half, hip2vx_float2half_bits, hip2vx_half2float_bits)
HIP2VX_HALF_CONVERSIONS(__nv_bfloat16, __nv_bfloat162, bfloat16, hip2vx_float2bfloat16_bits, hip2vx_bfloat162float_bits)
#undef HIP2VX_HALF_INTEGERS
#undef HIP2VX_HALF_CONVERSIONS

// ---- arithmetic, comparisons and math, overloaded for both types ------------------------------
// Lane-wise forms of a one-lane function f (g is the T2 name).
#define HIP2VX_H2_UNARY(T2, g, f) HIP2VX_HALF_FN T2 g(T2 a) { return T2(f(a.x), f(a.y)); }
#define HIP2VX_H2_BINARY(T2, g, f) HIP2VX_HALF_FN T2 g(T2 a, T2 b) { return T2(f(a.x, b.x), f(a.y, b.y)); }
#define HIP2VX_H2_TERNARY(T2, g, f) \
  HIP2VX_HALF_FN T2 g(T2 a, T2 b, T2 c) { return T2(f(a.x, b.x, c.x), f(a.y, b.y, c.y)); }
// A comparison: bool on T; on T2 as 1.0/0.0 per lane (__heq2) and as both lanes (__hbeq2).
#define HIP2VX_H_COMPARE(T, T2, name, expr)                                                          \
  HIP2VX_HALF_FN bool __h##name(T a, T b) { const float x = (float)a, y = (float)b; return hip2vx_hbool(expr); } \
  HIP2VX_HALF_FN T2 __h##name##2(T2 a, T2 b) { return T2((T)(float)__h##name(a.x, b.x), (T)(float)__h##name(a.y, b.y)); } \
  HIP2VX_HALF_FN bool __hb##name##2(T2 a, T2 b) { return (int)__h##name(a.x, b.x) & (int)__h##name(a.y, b.y); } \
  HIP2VX_HALF_FN unsigned __h##name##2_mask(T2 a, T2 b) { return (0u - (unsigned)__h##name(a.x, b.x)) & 0xffffu | (0u - (unsigned)__h##name(a.y, b.y)) << 16; }
// A math function through the float routine m; a NaN argument gives NaN (0x7fff), whatever m
// does with it.
#define HIP2VX_H_MATH(T, T2, h, h2, m)                                                              \
  HIP2VX_HALF_FN T h(T a) {                                                                        \
    const float x = (float)a;                                                                      \
    T r(HIP2VX_HMATH(m)(x));                                                                       \
    r.__x = (unsigned short)hip2vx_hpick(x != x, 0x7fffu, r.__x);                                  \
    return r;                                                                                      \
  }                                                                                                \
  HIP2VX_H2_UNARY(T2, h2, h)
// Operators of X (a 16-bit type or a pair), as CUDA defines them (!= unordered, the others ordered).
#define HIP2VX_H_OPERATORS(X, add, sub, mul, div, neg, eq, ne, lt, le, gt, ge)                      \
  HIP2VX_HALF_FN X operator+(const X& a, const X& b) { return add(a, b); }                         \
  HIP2VX_HALF_FN X operator-(const X& a, const X& b) { return sub(a, b); }                         \
  HIP2VX_HALF_FN X operator*(const X& a, const X& b) { return mul(a, b); }                         \
  HIP2VX_HALF_FN X operator/(const X& a, const X& b) { return div(a, b); }                         \
  HIP2VX_HALF_FN X& operator+=(X& a, const X& b) { return a = add(a, b); }                         \
  HIP2VX_HALF_FN X& operator-=(X& a, const X& b) { return a = sub(a, b); }                         \
  HIP2VX_HALF_FN X& operator*=(X& a, const X& b) { return a = mul(a, b); }                         \
  HIP2VX_HALF_FN X& operator/=(X& a, const X& b) { return a = div(a, b); }                         \
  HIP2VX_HALF_FN X operator+(const X& a) { return a; }                                             \
  HIP2VX_HALF_FN X operator-(const X& a) { return neg(a); }                                        \
  HIP2VX_HALF_FN bool operator==(const X& a, const X& b) { return eq(a, b); }                      \
  HIP2VX_HALF_FN bool operator!=(const X& a, const X& b) { return ne(a, b); }                      \
  HIP2VX_HALF_FN bool operator<(const X& a, const X& b) { return lt(a, b); }                       \
  HIP2VX_HALF_FN bool operator<=(const X& a, const X& b) { return le(a, b); }                      \
  HIP2VX_HALF_FN bool operator>(const X& a, const X& b) { return gt(a, b); }                       \
  HIP2VX_HALF_FN bool operator>=(const X& a, const X& b) { return ge(a, b); }
#define HIP2VX_HALF_OPERATIONS(T, T2)                                                               \
  HIP2VX_HALF_FN T __hadd(T a, T b) { return T((float)a + (float)b); }                             \
  HIP2VX_HALF_FN T __hsub(T a, T b) { return T((float)a - (float)b); }                             \
  HIP2VX_HALF_FN T __hmul(T a, T b) { return T((float)a * (float)b); }                             \
  HIP2VX_HALF_FN T __hdiv(T a, T b) { return T((float)a / (float)b); }                             \
  HIP2VX_HALF_FN T __hadd_rn(T a, T b) { return __hadd(a, b); }                                    \
  HIP2VX_HALF_FN T __hsub_rn(T a, T b) { return __hsub(a, b); }                                    \
  HIP2VX_HALF_FN T __hmul_rn(T a, T b) { return __hmul(a, b); }                                    \
  /* The product of two 16-bit values is exact in float: one rounding to float, one to T. */       \
  HIP2VX_HALF_FN T __hfma(T a, T b, T c) { return T((float)a * (float)b + (float)c); }             \
  HIP2VX_HALF_FN T __hneg(T a) { T r = a; r.__x = (unsigned short)(a.__x ^ 0x8000u); return r; }   \
  HIP2VX_HALF_FN T __habs(T a) { T r = a; r.__x = (unsigned short)(a.__x & 0x7fffu); return r; }   \
  HIP2VX_HALF_FN T habs(T a) { return __habs(a); }                                                 \
  HIP2VX_HALF_FN T hip2vx_hsat(T a) { return T(HIP2VX_HMATH(fmin)(HIP2VX_HMATH(fmax)((float)a, 0.0f), 1.0f)); } \
  HIP2VX_HALF_FN T __hadd_sat(T a, T b) { return hip2vx_hsat(__hadd(a, b)); }                      \
  HIP2VX_HALF_FN T __hsub_sat(T a, T b) { return hip2vx_hsat(__hsub(a, b)); }                      \
  HIP2VX_HALF_FN T __hmul_sat(T a, T b) { return hip2vx_hsat(__hmul(a, b)); }                      \
  HIP2VX_HALF_FN T __hfma_sat(T a, T b, T c) { return hip2vx_hsat(__hfma(a, b, c)); }              \
  /* Negative results become 0; a NaN stays. */                                                    \
  HIP2VX_HALF_FN T __hfma_relu(T a, T b, T c) {                                                    \
    T r = __hfma(a, b, c);                                                                         \
    r.__x = (unsigned short)hip2vx_hpick(hip2vx_hbool((float)r < 0.0f), 0u, r.__x);                \
    return r;                                                                                      \
  }                                                                                                \
  HIP2VX_HALF_FN bool __hisnan(T a) { return hip2vx_hbool((float)a != (float)a); }                 \
  /** -1 for -inf, 1 for +inf, 0 otherwise. */                                                     \
  HIP2VX_HALF_FN int __hisinf(T a) {                                                               \
    const float x = (float)a;                                                                      \
    return (int)hip2vx_hbool(x == __builtin_inff()) - (int)hip2vx_hbool(x == -__builtin_inff());   \
  }                                                                                                \
  /* NaN operands: __hmax/__hmin return the other one, the _nan forms NaN (0x7fff bits). */        \
  HIP2VX_HALF_FN T __hmax(T a, T b) { return T(HIP2VX_HMATH(fmax)((float)a, (float)b)); }          \
  HIP2VX_HALF_FN T __hmin(T a, T b) { return T(HIP2VX_HMATH(fmin)((float)a, (float)b)); }          \
  HIP2VX_HALF_FN T hip2vx_hnan_or(T a, T b, T r) {                                                 \
    r.__x = (unsigned short)hip2vx_hpick((uint32_t)__hisnan(a) | (uint32_t)__hisnan(b), 0x7fffu, r.__x); \
    return r;                                                                                      \
  }                                                                                                \
  HIP2VX_HALF_FN T __hmax_nan(T a, T b) { return hip2vx_hnan_or(a, b, __hmax(a, b)); }             \
  HIP2VX_HALF_FN T __hmin_nan(T a, T b) { return hip2vx_hnan_or(a, b, __hmin(a, b)); }             \
  HIP2VX_HALF_FN float __low2float(T2 a) { return (float)a.x; }                                    \
  HIP2VX_HALF_FN float __high2float(T2 a) { return (float)a.y; }                                   \
  HIP2VX_HALF_FN T2 __lowhigh2highlow(T2 a) { return T2(a.y, a.x); }                               \
  HIP2VX_H2_BINARY(T2, __hadd2, __hadd)                                                            \
  HIP2VX_H2_BINARY(T2, __hsub2, __hsub)                                                            \
  HIP2VX_H2_BINARY(T2, __hmul2, __hmul)                                                            \
  HIP2VX_H2_BINARY(T2, __hadd2_rn, __hadd)                                                         \
  HIP2VX_H2_BINARY(T2, __hsub2_rn, __hsub)                                                         \
  HIP2VX_H2_BINARY(T2, __hmul2_rn, __hmul)                                                         \
  /* a * b + c of two complex numbers (x real, y imaginary), each part rounded once. */             \
  HIP2VX_HALF_FN T2 __hcmadd(T2 a, T2 b, T2 c) {                                                    \
    const float ax = (float)a.x, ay = (float)a.y, bx = (float)b.x, by = (float)b.y;                \
    return T2(T(ax * bx - ay * by + (float)c.x), T(ax * by + ay * bx + (float)c.y));               \
  }                                                                                                \
  HIP2VX_H2_BINARY(T2, __h2div, __hdiv)                                                            \
  HIP2VX_H2_BINARY(T2, __hadd2_sat, __hadd_sat)                                                    \
  HIP2VX_H2_BINARY(T2, __hsub2_sat, __hsub_sat)                                                    \
  HIP2VX_H2_BINARY(T2, __hmul2_sat, __hmul_sat)                                                    \
  HIP2VX_H2_BINARY(T2, __hmax2, __hmax)                                                            \
  HIP2VX_H2_BINARY(T2, __hmin2, __hmin)                                                            \
  HIP2VX_H2_BINARY(T2, __hmax2_nan, __hmax_nan)                                                    \
  HIP2VX_H2_BINARY(T2, __hmin2_nan, __hmin_nan)                                                    \
  HIP2VX_H2_TERNARY(T2, __hfma2, __hfma)                                                           \
  HIP2VX_H2_TERNARY(T2, __hfma2_sat, __hfma_sat)                                                   \
  HIP2VX_H2_TERNARY(T2, __hfma2_relu, __hfma_relu)                                                 \
  HIP2VX_H2_UNARY(T2, __hneg2, __hneg)                                                             \
  HIP2VX_H2_UNARY(T2, __habs2, __habs)                                                             \
  HIP2VX_HALF_FN T2 __hisnan2(T2 a) { return T2((T)(float)__hisnan(a.x), (T)(float)__hisnan(a.y)); } \
  HIP2VX_H_COMPARE(T, T2, eq, x == y)                                                              \
  HIP2VX_H_COMPARE(T, T2, ne, hip2vx_hbool(x < y) | hip2vx_hbool(x > y))                           \
  HIP2VX_H_COMPARE(T, T2, lt, x < y)                                                               \
  HIP2VX_H_COMPARE(T, T2, le, x <= y)                                                              \
  HIP2VX_H_COMPARE(T, T2, gt, x > y)                                                               \
  HIP2VX_H_COMPARE(T, T2, ge, x >= y)                                                              \
  HIP2VX_H_COMPARE(T, T2, equ, !(hip2vx_hbool(x < y) | hip2vx_hbool(x > y)))                       \
  HIP2VX_H_COMPARE(T, T2, neu, !(x == y))                                                          \
  HIP2VX_H_COMPARE(T, T2, ltu, !(x >= y))                                                          \
  HIP2VX_H_COMPARE(T, T2, leu, !(x > y))                                                           \
  HIP2VX_H_COMPARE(T, T2, gtu, !(x <= y))                                                          \
  HIP2VX_H_COMPARE(T, T2, geu, !(x < y))                                                           \
  HIP2VX_H_MATH(T, T2, hsqrt, h2sqrt, sqrt)                                                        \
  HIP2VX_H_MATH(T, T2, hrsqrt, h2rsqrt, rsqrt)                                                     \
  HIP2VX_H_MATH(T, T2, hexp, h2exp, exp)                                                           \
  HIP2VX_H_MATH(T, T2, hexp2, h2exp2, exp2)                                                        \
  HIP2VX_H_MATH(T, T2, hexp10, h2exp10, exp10)                                                     \
  HIP2VX_H_MATH(T, T2, hlog, h2log, log)                                                           \
  HIP2VX_H_MATH(T, T2, hlog2, h2log2, log2)                                                        \
  HIP2VX_H_MATH(T, T2, hlog10, h2log10, log10)                                                     \
  HIP2VX_H_MATH(T, T2, hsin, h2sin, sin)                                                           \
  HIP2VX_H_MATH(T, T2, hcos, h2cos, cos)                                                           \
  HIP2VX_H_MATH(T, T2, htanh, h2tanh, tanh)                                                        \
  HIP2VX_H_MATH(T, T2, hfloor, h2floor, floor)                                                     \
  HIP2VX_H_MATH(T, T2, hceil, h2ceil, ceil)                                                        \
  HIP2VX_H_MATH(T, T2, htrunc, h2trunc, trunc)                                                     \
  HIP2VX_H_MATH(T, T2, hrint, h2rint, rint)                                                        \
  HIP2VX_HALF_FN T hrcp(T a) { return T(1.0f / (float)a); }                                        \
  HIP2VX_H2_UNARY(T2, h2rcp, hrcp)                                                                 \
  HIP2VX_H_OPERATORS(T, __hadd, __hsub, __hmul, __hdiv, __hneg, __heq, __hneu, __hlt, __hle, __hgt, __hge) \
  HIP2VX_H_OPERATORS(T2, __hadd2, __hsub2, __hmul2, __h2div, __hneg2, __hbeq2, __hbneu2, __hblt2, __hble2, __hbgt2, __hbge2) \
  HIP2VX_HALF_FN T& operator++(T& a) { return a = __hadd(a, T(1.0f)); }                            \
  HIP2VX_HALF_FN T& operator--(T& a) { return a = __hsub(a, T(1.0f)); }                            \
  HIP2VX_HALF_FN T operator++(T& a, int) { T old = a; ++a; return old; }                           \
  HIP2VX_HALF_FN T operator--(T& a, int) { T old = a; --a; return old; }
HIP2VX_HALF_OPERATIONS(__half, __half2)
HIP2VX_HALF_OPERATIONS(__nv_bfloat16, __nv_bfloat162)
#undef HIP2VX_HALF_OPERATIONS
#undef HIP2VX_H_OPERATORS
#undef HIP2VX_H_MATH
#undef HIP2VX_H_COMPARE
#undef HIP2VX_H2_TERNARY
#undef HIP2VX_H2_BINARY
#undef HIP2VX_H2_UNARY

HIP2VX_HALF_FN __half2 make_half2(__half x, __half y) { return __half2(x, y); }
HIP2VX_HALF_FN __nv_bfloat162 make_bfloat162(__nv_bfloat16 x, __nv_bfloat16 y) { return __nv_bfloat162(x, y); }

// cuda_fp16.h / cuda_bf16.h constants.
#define CUDART_INF_FP16 __ushort_as_half((unsigned short)0x7c00u)
#define CUDART_NAN_FP16 __ushort_as_half((unsigned short)0x7fffu)
#define CUDART_MIN_DENORM_FP16 __ushort_as_half((unsigned short)0x0001u)
#define CUDART_MAX_NORMAL_FP16 __ushort_as_half((unsigned short)0x7bffu)
#define CUDART_NEG_ZERO_FP16 __ushort_as_half((unsigned short)0x8000u)
#define CUDART_ZERO_FP16 __ushort_as_half((unsigned short)0x0000u)
#define CUDART_ONE_FP16 __ushort_as_half((unsigned short)0x3c00u)
#define CUDART_INF_BF16 __ushort_as_bfloat16((unsigned short)0x7f80u)
#define CUDART_NAN_BF16 __ushort_as_bfloat16((unsigned short)0x7fffu)
#define CUDART_MIN_DENORM_BF16 __ushort_as_bfloat16((unsigned short)0x0001u)
#define CUDART_MAX_NORMAL_BF16 __ushort_as_bfloat16((unsigned short)0x7f7fu)
#define CUDART_NEG_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x8000u)
#define CUDART_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x0000u)
#define CUDART_ONE_BF16 __ushort_as_bfloat16((unsigned short)0x3f80u)

#endif  // HIP2VX_HALF_H
