// hip2vx_math_intrinsics.h: CUDA's math-API intrinsics that are plain functions of their arguments,
// for device code (hip2vx_device.h) and host code (hip/hip_runtime.h) alike: `__host__ __device__`
// functions stay in the host translation, so what they call must exist there too.
//  - IEEE operations with a rounding mode (__fadd_rd, __dmul_ru, __frcp_rz, __fmaf_rn, ...): the
//    operation runs under that dynamic rounding mode (frm on RISC-V, fesetround on the host; libgcc's
//    soft double on rv32imf reads frm too), on volatile copies so that the compiler neither moves it
//    across the mode switch nor contracts a _rn multiply and add into an fma;
//  - conversions with a rounding mode, reinterpretations, and the integer bit intrinsics, without
//    data-dependent branches on the device (HIP2VX_PICK).
#ifndef HIP2VX_MATH_INTRINSICS_H
#define HIP2VX_MATH_INTRINSICS_H

#include <stdint.h>
#include <string.h>
#include <math.h>
#include <limits.h>

#define HIP2VX_MATH_FN static inline __attribute__((__always_inline__))

#if defined(HIP2VX_DEVICE_H)
#define HIP2VX_PICK(c, a, b) hip2vx_select((c), (a), (b))
#else
#define HIP2VX_PICK(c, a, b) ((c) ? (a) : (b))
#endif

// ---- rounding modes ------------------------------------------------------------------------
#if defined(__riscv) && !defined(HIP2VX_CPU_BACKEND)
enum { HIP2VX_RN = 0, HIP2VX_RZ = 1, HIP2VX_RD = 2, HIP2VX_RU = 3 };  // the frm encodings
/** Sets the dynamic rounding mode, returning the previous one (read first: on simx, `fsrm rd, rs`
    left the directed mode in place when restoring from its rd: found by the math-intrinsics test). */
HIP2VX_MATH_FN int hip2vx_set_rounding(int mode) {
  int old;
  __asm__ volatile("frrm %0" : "=r"(old) : : "memory");
  __asm__ volatile("fsrm %0" : : "r"(mode) : "memory");
  return old;
}
#else
#include <fenv.h>
enum { HIP2VX_RN = FE_TONEAREST, HIP2VX_RZ = FE_TOWARDZERO, HIP2VX_RD = FE_DOWNWARD, HIP2VX_RU = FE_UPWARD };
HIP2VX_MATH_FN int hip2vx_set_rounding(int mode) {
  int old = fegetround();
  fesetround(mode);
  return old;
}
#endif

/** `name_rn/_rz/_rd/_ru`: `expr` of the volatile copies x, y, z of the parameters, under each mode. */
#define HIP2VX_ROUNDED(R, fn, mode, params, copies, expr) \
  HIP2VX_MATH_FN R fn params {                            \
    const int old = hip2vx_set_rounding(mode);            \
    copies;                                               \
    volatile R r = (expr);                                \
    hip2vx_set_rounding(old);                             \
    return r;                                             \
  }
// `args` is HIP2VX_UNARY/_BINARY/_TERNARY: the parameter list and the copies, split when rescanned.
#define HIP2VX_ROUNDED_FAMILY(R, name, args, expr)         \
  HIP2VX_ROUNDED(R, name##_rn, HIP2VX_RN, args, expr)      \
  HIP2VX_ROUNDED(R, name##_rz, HIP2VX_RZ, args, expr)      \
  HIP2VX_ROUNDED(R, name##_rd, HIP2VX_RD, args, expr)      \
  HIP2VX_ROUNDED(R, name##_ru, HIP2VX_RU, args, expr)
#define HIP2VX_UNARY(T) (T a), volatile T x = a
#define HIP2VX_BINARY(T) (T a, T b), volatile T x = a; volatile T y = b
#define HIP2VX_TERNARY(T) (T a, T b, T c), volatile T x = a; volatile T y = b; volatile T z = c

#define HIP2VX_IEEE_OPS(T, f, SQRT)                            \
  HIP2VX_ROUNDED_FAMILY(T, f##add, HIP2VX_BINARY(T), x + y)       \
  HIP2VX_ROUNDED_FAMILY(T, f##sub, HIP2VX_BINARY(T), x - y)       \
  HIP2VX_ROUNDED_FAMILY(T, f##mul, HIP2VX_BINARY(T), x * y)       \
  HIP2VX_ROUNDED_FAMILY(T, f##div, HIP2VX_BINARY(T), x / y)       \
  HIP2VX_ROUNDED_FAMILY(T, f##rcp, HIP2VX_UNARY(T), (T)1 / x)     \
  HIP2VX_ROUNDED_FAMILY(T, f##sqrt, HIP2VX_UNARY(T), SQRT(x))
HIP2VX_IEEE_OPS(float, __f, __builtin_sqrtf)
HIP2VX_IEEE_OPS(double, __d, __builtin_sqrt)
#undef HIP2VX_IEEE_OPS
HIP2VX_ROUNDED_FAMILY(float, __fmaf, HIP2VX_TERNARY(float), __builtin_fmaf(x, y, z))
HIP2VX_ROUNDED_FAMILY(float, __fmaf_ieee, HIP2VX_TERNARY(float), __builtin_fmaf(x, y, z))
HIP2VX_ROUNDED_FAMILY(double, __fma, HIP2VX_TERNARY(double), __builtin_fma(x, y, z))
HIP2VX_MATH_FN float __frsqrt_rn(float a) { return __frcp_rn(__fsqrt_rn(a)); }
HIP2VX_MATH_FN double __drsqrt_rn(double a) { return __drcp_rn(__dsqrt_rn(a)); }

// ---- conversions -----------------------------------------------------------------------------
// Integer to floating point under a mode; floating point to integer: round to an integral value
// (nearest even, toward zero, down, up), then convert exactly.
#define HIP2VX_INT_TO_FP(R, T, name) HIP2VX_ROUNDED_FAMILY(R, name, HIP2VX_UNARY(T), (R)x)
HIP2VX_INT_TO_FP(float, int, __int2float)
HIP2VX_INT_TO_FP(float, unsigned int, __uint2float)
HIP2VX_INT_TO_FP(float, long long, __ll2float)
HIP2VX_INT_TO_FP(float, unsigned long long, __ull2float)
HIP2VX_INT_TO_FP(double, long long, __ll2double)
HIP2VX_INT_TO_FP(double, unsigned long long, __ull2double)
HIP2VX_INT_TO_FP(float, double, __double2float)
#undef HIP2VX_INT_TO_FP
HIP2VX_MATH_FN double __int2double_rn(int a) { return (double)a; }
HIP2VX_MATH_FN double __uint2double_rn(unsigned int a) { return (double)a; }

#if defined(HIP2VX_DEVICE_H)  // hip2vx_device.h's branch-free roundings
#define HIP2VX_RINTF hip2vx_rintf
#define HIP2VX_FLOORF hip2vx_floorf
#define HIP2VX_CEILF hip2vx_ceilf
#else
#define HIP2VX_RINTF rintf
#define HIP2VX_FLOORF floorf
#define HIP2VX_CEILF ceilf
#endif
// Out of range, CUDA's conversions saturate, as RISC-V's fcvt does, and NaN gives 0 (fcvt gives
// the highest value: masked, branch-free, on Vortex); a C cast is undefined there, and x86's gives
// the lowest value: checked on the host and the CPU backend.
#if defined(HIP2VX_CPU_BACKEND) || !defined(__riscv)
#define HIP2VX_SATURATED(R, T, LO, HI, x) ((x) != (x) ? (R)0 : (x) <= (T)(LO) ? (R)(LO) : (x) >= (T)(HI) ? (R)(HI) : (R)(x))
#else
#define HIP2VX_SATURATED(R, T, LO, HI, x) ((R)(x) & (R)(0 - (R)((x) == (x))))
#endif
#define HIP2VX_FP_TO_INT(R, LO, HI, T, name, RINT, FLOOR, CEIL) \
  HIP2VX_MATH_FN R name##_rn(T a) { return HIP2VX_SATURATED(R, T, LO, HI, RINT(a)); } \
  HIP2VX_MATH_FN R name##_rz(T a) { return HIP2VX_SATURATED(R, T, LO, HI, a); } \
  HIP2VX_MATH_FN R name##_rd(T a) { return HIP2VX_SATURATED(R, T, LO, HI, FLOOR(a)); } \
  HIP2VX_MATH_FN R name##_ru(T a) { return HIP2VX_SATURATED(R, T, LO, HI, CEIL(a)); }
#define HIP2VX_FLOAT_TO(R, LO, HI, name) HIP2VX_FP_TO_INT(R, LO, HI, float, name, HIP2VX_RINTF, HIP2VX_FLOORF, HIP2VX_CEILF)
#define HIP2VX_DOUBLE_TO(R, LO, HI, name) HIP2VX_FP_TO_INT(R, LO, HI, double, name, rint, floor, ceil)
HIP2VX_FLOAT_TO(int, INT_MIN, INT_MAX, __float2int)
HIP2VX_FLOAT_TO(unsigned int, 0, UINT_MAX, __float2uint)
HIP2VX_FLOAT_TO(long long, LLONG_MIN, LLONG_MAX, __float2ll)
HIP2VX_FLOAT_TO(unsigned long long, 0, ULLONG_MAX, __float2ull)
HIP2VX_DOUBLE_TO(int, INT_MIN, INT_MAX, __double2int)
HIP2VX_DOUBLE_TO(unsigned int, 0, UINT_MAX, __double2uint)
HIP2VX_DOUBLE_TO(long long, LLONG_MIN, LLONG_MAX, __double2ll)
HIP2VX_DOUBLE_TO(unsigned long long, 0, ULLONG_MAX, __double2ull)
#undef HIP2VX_SATURATED
#undef HIP2VX_FLOAT_TO
#undef HIP2VX_DOUBLE_TO
#undef HIP2VX_FP_TO_INT

/** The bits of one type as another of the same size. */
#define HIP2VX_AS(R, T, name) \
  HIP2VX_MATH_FN R name(T a) { R r; memcpy(&r, &a, sizeof r); return r; }
HIP2VX_AS(float, int, __int_as_float)
HIP2VX_AS(int, float, __float_as_int)
HIP2VX_AS(float, unsigned int, __uint_as_float)
HIP2VX_AS(unsigned int, float, __float_as_uint)
HIP2VX_AS(long long, double, __double_as_longlong)
HIP2VX_AS(double, long long, __longlong_as_double)
#undef HIP2VX_AS
HIP2VX_MATH_FN int __double2hiint(double a) { return (int)(__double_as_longlong(a) >> 32); }
HIP2VX_MATH_FN int __double2loint(double a) { return (int)__double_as_longlong(a); }
HIP2VX_MATH_FN double __hiloint2double(int hi, int lo) {
  return __longlong_as_double((long long)(((unsigned long long)(unsigned int)hi << 32) | (unsigned int)lo));
}

// ---- integer intrinsics ----------------------------------------------------------------------
HIP2VX_MATH_FN int __popc(unsigned int x) {
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  return (int)((((x + (x >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24);
}
HIP2VX_MATH_FN int __popcll(unsigned long long x) { return __popc((unsigned int)x) + __popc((unsigned int)(x >> 32)); }
/** Leading zeros: smear the highest set bit down, count the ones. */
HIP2VX_MATH_FN int __clz(int v) {
  uint32_t x = (uint32_t)v;
  x |= x >> 1; x |= x >> 2; x |= x >> 4; x |= x >> 8; x |= x >> 16;
  return 32 - __popc(x);
}
HIP2VX_MATH_FN int __clzll(long long v) {
  uint64_t x = (uint64_t)v;
  x |= x >> 1; x |= x >> 2; x |= x >> 4; x |= x >> 8; x |= x >> 16; x |= x >> 32;
  return 64 - __popcll(x);
}
/**
 * The 1-based position of the lowest set bit, 0 for 0: which halves, quarters... of the word the
 * lowest bit is in (Hacker's Delight's branch-free ntz). Not the bit count of the ones below it:
 * clang reads that as count-trailing-zeros and, without Zbb, branches on zero.
 */
HIP2VX_MATH_FN int __ffs(int v) {
  const uint32_t y = (uint32_t)v & (0u - (uint32_t)v);
  const int zeros = ((y & 0x0000ffffu) == 0u) * 16 + ((y & 0x00ff00ffu) == 0u) * 8 + ((y & 0x0f0f0f0fu) == 0u) * 4 +
                    ((y & 0x33333333u) == 0u) * 2 + ((y & 0x55555555u) == 0u);
  return HIP2VX_PICK(y == 0u, 0, zeros + 1);
}
HIP2VX_MATH_FN int __ffsll(long long v) {
  uint64_t x = (uint64_t)v;
  return HIP2VX_PICK(x == 0u, 0, __popcll((x & (0u - x)) - 1u) + 1);
}
/**
 * GCC's bit builtins (HIP-clang takes them in device code): gcc calls libgcc's __clzsi2 and
 * __ctzsi2 for them, which branch on the value. `long` is 32 or 64 bits, as the target has it.
 */
HIP2VX_MATH_FN int hip2vx_builtin_clz(unsigned int v) { return __clz((int)v); }
HIP2VX_MATH_FN int hip2vx_builtin_clzll(unsigned long long v) { return __clzll((long long)v); }
HIP2VX_MATH_FN int hip2vx_builtin_clzl(unsigned long v) { return sizeof(long) == 8 ? __clzll((long long)v) : __clz((int)v); }
HIP2VX_MATH_FN int hip2vx_builtin_ctz(unsigned int v) { return __ffs((int)v) - 1; }
HIP2VX_MATH_FN int hip2vx_builtin_ctzll(unsigned long long v) { return __ffsll((long long)v) - 1; }
HIP2VX_MATH_FN int hip2vx_builtin_ctzl(unsigned long v) { return (sizeof(long) == 8 ? __ffsll((long long)v) : __ffs((int)v)) - 1; }
HIP2VX_MATH_FN int hip2vx_builtin_ffs(int v) { return __ffs(v); }
HIP2VX_MATH_FN int hip2vx_builtin_ffsll(long long v) { return __ffsll(v); }
HIP2VX_MATH_FN int hip2vx_builtin_ffsl(long v) { return sizeof(long) == 8 ? __ffsll((long long)v) : __ffs((int)v); }
HIP2VX_MATH_FN unsigned int __brev(unsigned int x) {
  x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
  x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
  x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
  x = ((x >> 8) & 0x00ff00ffu) | ((x & 0x00ff00ffu) << 8);
  return (x >> 16) | (x << 16);
}
HIP2VX_MATH_FN unsigned long long __brevll(unsigned long long x) {
  return (unsigned long long)__brev((unsigned int)x) << 32 | __brev((unsigned int)(x >> 32));
}
// In 32-bit operations: a 64-bit shift by a per-thread amount is a branch on rv32 (gcc).
/** Byte i of the result is byte (s >> 4i) & 7 of the 8 bytes y:x. */
HIP2VX_MATH_FN unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s) {
  unsigned int r = 0;
  for (int i = 0; i < 4; ++i) {
    const unsigned int b = (s >> (4 * i)) & 7u, high = 0u - ((b >> 2) & 1u);
    r |= (((y & high) | (x & ~high)) >> ((b & 3u) * 8) & 0xffu) << (8 * i);
  }
  return r;
}
/** The high word of hi:lo shifted left by n (0 to 31). */
HIP2VX_MATH_FN unsigned int hip2vx_funnel_l(unsigned int lo, unsigned int hi, unsigned int n) { return hi << n | (lo >> 1) >> (31 - n); }
/** The low word of hi:lo shifted right by n (0 to 31). */
HIP2VX_MATH_FN unsigned int hip2vx_funnel_r(unsigned int lo, unsigned int hi, unsigned int n) { return lo >> n | (hi << 1) << (31 - n); }
HIP2VX_MATH_FN unsigned int __funnelshift_l(unsigned int lo, unsigned int hi, unsigned int s) { return hip2vx_funnel_l(lo, hi, s & 31); }
HIP2VX_MATH_FN unsigned int __funnelshift_r(unsigned int lo, unsigned int hi, unsigned int s) { return hip2vx_funnel_r(lo, hi, s & 31); }
HIP2VX_MATH_FN unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi, unsigned int s) {
  return HIP2VX_PICK(s >= 32u, lo, hip2vx_funnel_l(lo, hi, s & 31));
}
HIP2VX_MATH_FN unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi, unsigned int s) {
  return HIP2VX_PICK(s >= 32u, hi, hip2vx_funnel_r(lo, hi, s & 31));
}
/**
 * The position of the offset-th set bit of mask counting from bit base (base itself first), toward
 * the high bits for a positive offset and the low ones for a negative one; for offset 0, base if
 * that bit is set. 0xffffffff when there is none.
 */
HIP2VX_MATH_FN unsigned int __fns(unsigned int mask, unsigned int base, int offset) {
  const int step = HIP2VX_PICK(offset < 0, -1, 1), wanted = HIP2VX_PICK(offset < 0, -offset, HIP2VX_PICK(offset == 0, 1, offset));
  const int limit = HIP2VX_PICK(offset == 0, 1, 32);
  unsigned int found = 0xffffffffu;
  int seen = 0;
  for (int i = 0; i < 32; ++i) {
    const int at = (int)base + step * i;
    const int bit = (i < limit) & (at >= 0) & (at < 32) & (int)((mask >> (at & 31)) & 1u);
    seen += bit;
    found = HIP2VX_PICK(bit & (seen == wanted) & (found == 0xffffffffu), (unsigned int)at, found);
  }
  return found;
}
/** The low 24 bits of each, sign-extended, multiplied modulo 2^32 (in unsigned: an int product may overflow). */
HIP2VX_MATH_FN int __mul24(int a, int b) {
  return (int)((uint32_t)((int32_t)((uint32_t)a << 8) >> 8) * (uint32_t)((int32_t)((uint32_t)b << 8) >> 8));
}
HIP2VX_MATH_FN unsigned int __umul24(unsigned int a, unsigned int b) { return (a & 0xffffffu) * (b & 0xffffffu); }
HIP2VX_MATH_FN int __mulhi(int a, int b) { return (int)(((int64_t)a * b) >> 32); }
HIP2VX_MATH_FN unsigned int __umulhi(unsigned int a, unsigned int b) { return (unsigned int)(((uint64_t)a * b) >> 32); }
/** The high half of a 64 x 64-bit product from 32-bit partial products (rv32 has no __int128). */
HIP2VX_MATH_FN unsigned long long __umul64hi(unsigned long long a, unsigned long long b) {
  const uint64_t al = (uint32_t)a, ah = a >> 32, bl = (uint32_t)b, bh = b >> 32;
  const uint64_t lh = al * bh, hl = ah * bl;
  const uint64_t mid = ((al * bl) >> 32) + (uint32_t)lh + (uint32_t)hl;
  return ah * bh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}
/** Signed: the unsigned product's high half less b where a < 0 and a where b < 0. */
HIP2VX_MATH_FN long long __mul64hi(long long a, long long b) {
  const unsigned long long ua = (unsigned long long)a, ub = (unsigned long long)b;
  return (long long)(__umul64hi(ua, ub) - HIP2VX_PICK(a < 0, ub, 0ull) - HIP2VX_PICK(b < 0, ua, 0ull));
}
/** Averages without overflow: halves, floor (hadd) or ceiling (rhadd). */
HIP2VX_MATH_FN int __hadd(int a, int b) { return (int)(((int64_t)a + b) >> 1); }
HIP2VX_MATH_FN int __rhadd(int a, int b) { return (int)(((int64_t)a + b + 1) >> 1); }
HIP2VX_MATH_FN unsigned int __uhadd(unsigned int a, unsigned int b) { return (unsigned int)(((uint64_t)a + b) >> 1); }
HIP2VX_MATH_FN unsigned int __urhadd(unsigned int a, unsigned int b) { return (unsigned int)(((uint64_t)a + b + 1) >> 1); }
HIP2VX_MATH_FN unsigned int __sad(int a, int b, unsigned int c) { return c + (unsigned int)HIP2VX_PICK(a > b, a - b, b - a); }
HIP2VX_MATH_FN unsigned int __usad(unsigned int a, unsigned int b, unsigned int c) { return c + HIP2VX_PICK(a > b, a - b, b - a); }

// The fast approximate forms the C library does not declare (glibc has __expf, __sinf, ...);
// device code calls hip2vx_device.h's branch-free ones (rules/).
#if !defined(HIP2VX_DEVICE_H)
HIP2VX_MATH_FN float __fdividef(float a, float b) { return a / b; }
HIP2VX_MATH_FN float fdividef(float a, float b) { return a / b; }
HIP2VX_MATH_FN float __saturatef(float a) { return fminf(fmaxf(a, 0.0f), 1.0f); }
// CUDA's math functions outside the C library that CUDA also defines for host code (`float scale =
// rsqrtf(d);` in a host function). Templates, so that a program's own definition for other
// compilers is the better match and no redefinition.
#if defined(__cplusplus)
template <typename = void> static inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }
template <typename = void> static inline double rsqrt(double x) { return 1.0 / sqrt(x); }
template <typename = void> static inline float rcbrtf(float x) { return 1.0f / cbrtf(x); }
template <typename = void> static inline double rcbrt(double x) { return 1.0 / cbrt(x); }
template <typename = void> static inline float normcdff(float x) { return 0.5f * erfcf(-x * 0.70710678118654752f); }
template <typename = void> static inline double normcdf(double x) { return 0.5 * erfc(-x * 0.70710678118654752); }
#endif
#endif

// CUDA's math functions the C library lacks, for host and device code alike, from C library
// routines (which branch on their argument on Vortex: the translator says so for the ones it sees).
// Templates, so that a program's own definition of one is the better match and no redefinition.
#if defined(__cplusplus)
#define HIP2VX_MATH_TEMPLATE template <typename = void> static inline
#if defined(HIP2VX_DEVICE_H)
#define HIP2VX_SQRTF hip2vx_sqrtf  // the instruction: the C library's checks its argument
#else
#define HIP2VX_SQRTF sqrtf
#endif
#if defined(HIP2VX_DEVICE_H)
HIP2VX_MATH_TEMPLATE double rsqrt(double x) { return 1.0 / sqrt(x); }
HIP2VX_MATH_TEMPLATE double rcbrt(double x) { return 1.0 / cbrt(x); }
HIP2VX_MATH_TEMPLATE float rcbrtf(float x) { return 1.0f / cbrtf(x); }
#endif
/** sin(pi x) (cosine 0) or cos(pi x) (1), reduced before the multiplication by pi (x - k/2 is
    exact): exact zeros and ones at whole and half numbers, no error growing with x. */
template <typename T> static inline T hip2vx_sincospi(T x, int cosine) {
  T k = rint(2 * x), r = (x - k / 2) * (T)3.14159265358979323846;
  int q = ((int)(k - 4 * floor(k / 4)) + cosine) & 3;
  T v = HIP2VX_PICK(q & 1, cos(r), sin(r));
  return HIP2VX_PICK((q >> 1) & 1, -v, v);
}
#if !defined(HIP2VX_DEVICE_H)  // the device's are hip2vx_device.h's, branch-free
HIP2VX_MATH_TEMPLATE float sinpif(float x) { return hip2vx_sincospi(x, 0); }
HIP2VX_MATH_TEMPLATE float cospif(float x) { return hip2vx_sincospi(x, 1); }
#endif
HIP2VX_MATH_TEMPLATE double sinpi(double x) { return hip2vx_sincospi(x, 0); }
HIP2VX_MATH_TEMPLATE double cospi(double x) { return hip2vx_sincospi(x, 1); }
HIP2VX_MATH_TEMPLATE void sincospif(float x, float* s, float* c) { *s = sinpif(x); *c = cospif(x); }
HIP2VX_MATH_TEMPLATE void sincospi(double x, double* s, double* c) { *s = sinpi(x); *c = cospi(x); }
// Euclidean norms of 3 and 4 values, of `dim` values, and their reciprocals.
HIP2VX_MATH_TEMPLATE float norm3df(float a, float b, float c) { return HIP2VX_SQRTF(a * a + b * b + c * c); }
HIP2VX_MATH_TEMPLATE float norm4df(float a, float b, float c, float d) { return HIP2VX_SQRTF(a * a + b * b + c * c + d * d); }
HIP2VX_MATH_TEMPLATE double norm3d(double a, double b, double c) { return sqrt(a * a + b * b + c * c); }
HIP2VX_MATH_TEMPLATE double norm4d(double a, double b, double c, double d) { return sqrt(a * a + b * b + c * c + d * d); }
HIP2VX_MATH_TEMPLATE float rnorm3df(float a, float b, float c) { return 1.0f / norm3df(a, b, c); }
HIP2VX_MATH_TEMPLATE float rnorm4df(float a, float b, float c, float d) { return 1.0f / norm4df(a, b, c, d); }
HIP2VX_MATH_TEMPLATE double rnorm3d(double a, double b, double c) { return 1.0 / norm3d(a, b, c); }
HIP2VX_MATH_TEMPLATE double rnorm4d(double a, double b, double c, double d) { return 1.0 / norm4d(a, b, c, d); }
HIP2VX_MATH_TEMPLATE float rhypotf(float a, float b) { return 1.0f / HIP2VX_SQRTF(a * a + b * b); }
HIP2VX_MATH_TEMPLATE double rhypot(double a, double b) { return 1.0 / sqrt(a * a + b * b); }
HIP2VX_MATH_TEMPLATE float normf(int dim, const float* a) {
  float s = 0.0f;
  for (int i = 0; i < dim; ++i) s += a[i] * a[i];
  return HIP2VX_SQRTF(s);
}
HIP2VX_MATH_TEMPLATE double norm(int dim, const double* a) {
  double s = 0.0;
  for (int i = 0; i < dim; ++i) s += a[i] * a[i];
  return sqrt(s);
}
HIP2VX_MATH_TEMPLATE float rnormf(int dim, const float* a) { return 1.0f / normf(dim, a); }
HIP2VX_MATH_TEMPLATE double rnorm(int dim, const double* a) { return 1.0 / norm(dim, a); }
/** The inverse error function: Giles' single-precision approximation (both of its ranges computed,
    one picked); the double form refines it with two Newton steps on erf. */
HIP2VX_MATH_TEMPLATE float erfinvf(float x) {
  const float w = -logf((1.0f - x) * (1.0f + x)), a = w - 2.5f, b = sqrtf(w) - 3.0f;
  float p = 2.81022636e-08f, q = -0.000200214257f;
  p = 3.43273939e-07f + p * a, q = 0.000100950558f + q * b;
  p = -3.5233877e-06f + p * a, q = 0.00134934322f + q * b;
  p = -4.39150654e-06f + p * a, q = -0.00367342844f + q * b;
  p = 0.00021858087f + p * a, q = 0.00573950773f + q * b;
  p = -0.00125372503f + p * a, q = -0.0076224613f + q * b;
  p = -0.00417768164f + p * a, q = 0.00943887047f + q * b;
  p = 0.246640727f + p * a, q = 1.00167406f + q * b;
  p = 1.50140941f + p * a, q = 2.83297682f + q * b;
  // At +-1 the series meet infinities of both signs.
  return HIP2VX_PICK(fabsf(x) == 1.0f, x * __builtin_inff(), HIP2VX_PICK(w < 5.0f, p, q) * x);
}
HIP2VX_MATH_TEMPLATE double erfinv(double x) {
  double r = erfinvf((float)x);
  const double step = 1.1283791670955126;  // 2 / sqrt(pi)
  for (int i = 0; i < 2; ++i) {
    const double next = r - (erf(r) - x) / (step * exp(-r * r));
    r = HIP2VX_PICK(fabs(x) < 1.0, next, r);
  }
  return r;
}
HIP2VX_MATH_TEMPLATE float erfcinvf(float y) { return erfinvf(1.0f - y); }
HIP2VX_MATH_TEMPLATE double erfcinv(double y) { return erfinv(1.0 - y); }
HIP2VX_MATH_TEMPLATE float normcdfinvf(float p) { return -1.41421356237f * erfcinvf(2.0f * p); }
HIP2VX_MATH_TEMPLATE double normcdfinv(double p) { return -1.4142135623730951 * erfcinv(2.0 * p); }
/** exp(x^2) erfc(x): directly where exp(x^2) does not overflow, else its asymptotic series. */
HIP2VX_MATH_TEMPLATE float erfcxf(float x) {
  const float direct = expf(x * x) * erfcf(x), r = 1.0f / (x * x);
  const float series = 0.564189584f / x * (1.0f - 0.5f * r * (1.0f - 1.5f * r));
  return HIP2VX_PICK(x < 9.0f, direct, series);
}
HIP2VX_MATH_TEMPLATE double erfcx(double x) {
  const double direct = exp(x * x) * erfc(x), r = 1.0 / (x * x);
  const double series = 0.5641895835477563 / x * (1.0 - 0.5 * r * (1.0 - 1.5 * r * (1.0 - 2.5 * r)));
  return HIP2VX_PICK(x < 25.0, direct, series);
}
/** Modified Bessel functions of the first kind of orders 0 and 1 (Abramowitz and Stegun 9.8.1-4,
    relative error below 2e-7: float precision, in the double forms too). */
template <typename T>
static inline T hip2vx_bessel_i(T x, int order) {
  const T ax = fabs(x), t = ax / (T)3.75, t2 = t * t, u = (T)3.75 / (ax + (T)(ax == (T)0));
  const T i0_small = 1 + t2 * ((T)3.5156229 + t2 * ((T)3.0899424 + t2 * ((T)1.2067492 + t2 * ((T)0.2659732 + t2 * ((T)0.0360768 + t2 * (T)0.0045813)))));
  const T i1_small = ax * ((T)0.5 + t2 * ((T)0.87890594 + t2 * ((T)0.51498869 + t2 * ((T)0.15084934 + t2 * ((T)0.02658733 + t2 * ((T)0.00301532 + t2 * (T)0.00032411))))));
  const T i0_large = (T)0.39894228 + u * ((T)0.01328592 + u * ((T)0.00225319 + u * ((T)-0.00157565 + u * ((T)0.00916281 + u * ((T)-0.02057706 + u * ((T)0.02635537 + u * ((T)-0.01647633 + u * (T)0.00392377)))))));
  const T i1_large = (T)0.39894228 + u * ((T)-0.03988024 + u * ((T)-0.00362018 + u * ((T)0.00163801 + u * ((T)-0.01031555 + u * ((T)0.02282967 + u * ((T)-0.02895312 + u * ((T)0.01787654 + u * (T)-0.00420059)))))));
  const T scale = exp(ax) / sqrt(ax + (T)(ax == (T)0));
  const T small = order ? i1_small : i0_small, large = scale * (order ? i1_large : i0_large);
  const T r = HIP2VX_PICK(ax < (T)3.75, small, large);
  return HIP2VX_PICK(order && x < 0, -r, r);
}
HIP2VX_MATH_TEMPLATE float cyl_bessel_i0f(float x) { return hip2vx_bessel_i(x, 0); }
HIP2VX_MATH_TEMPLATE float cyl_bessel_i1f(float x) { return hip2vx_bessel_i(x, 1); }
HIP2VX_MATH_TEMPLATE double cyl_bessel_i0(double x) { return hip2vx_bessel_i(x, 0); }
HIP2VX_MATH_TEMPLATE double cyl_bessel_i1(double x) { return hip2vx_bessel_i(x, 1); }
#undef HIP2VX_MATH_TEMPLATE
#undef HIP2VX_SQRTF
#endif

#undef HIP2VX_UNARY
#undef HIP2VX_BINARY
#undef HIP2VX_TERNARY
#undef HIP2VX_ROUNDED_FAMILY
#undef HIP2VX_ROUNDED
#endif  // HIP2VX_MATH_INTRINSICS_H
