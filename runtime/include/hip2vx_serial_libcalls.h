/* hip2vx_serial_libcalls.h: on rv32 Vortex, `double` is software floating point and 64-bit division
 * is a library routine; libgcc's and picolibc's routines (and libm's float ones) branch on their arguments, which diverges
 * when threads of a warp hold different values (simx: "divergent branch!"). The kernel link wraps
 * them (`-Wl,--wrap=<name>`, list in hip2vx.mk: HIP2VX_SERIAL_LIBCALLS) so each call runs under
 * vx_serial, one thread of the warp at a time, with the original routine (`__real_<name>`).
 * Correct and slow: a double add costs a serialised library call per active thread. */
#ifndef HIP2VX_SERIAL_LIBCALLS_H
#define HIP2VX_SERIAL_LIBCALLS_H

#if defined(__riscv) && __riscv_xlen == 32 && !defined(HIP2VX_CPU_BACKEND)

/* Weak: a program's device source is one translation unit, but headers may be included twice. */
#define HIP2VX_SERIAL1(R, NAME, A)                                                         \
  extern "C" R __real_##NAME(A);                                                           \
  extern "C" __attribute__((weak, used)) R __wrap_##NAME(A a) {                            \
    struct { A a; R r; } s = {a, {}};                                                     \
    vx_serial([](void* p) { auto* q = (decltype(s)*)p; q->r = __real_##NAME(q->a); }, &s); \
    return s.r;                                                                            \
  }
#define HIP2VX_SERIAL2(R, NAME, A, B)                                                                  \
  extern "C" R __real_##NAME(A, B);                                                                    \
  extern "C" __attribute__((weak, used)) R __wrap_##NAME(A a, B b) {                                   \
    struct { A a; B b; R r; } s = {a, b, {}};                                                         \
    vx_serial([](void* p) { auto* q = (decltype(s)*)p; q->r = __real_##NAME(q->a, q->b); }, &s);      \
    return s.r;                                                                                        \
  }
#define HIP2VX_SERIAL3(R, NAME, A, B, C)                                                                    \
  extern "C" R __real_##NAME(A, B, C);                                                                      \
  extern "C" __attribute__((weak, used)) R __wrap_##NAME(A a, B b, C c) {                                   \
    struct { A a; B b; C c; R r; } s = {a, b, c, {}};                                                     \
    vx_serial([](void* p) { auto* q = (decltype(s)*)p; q->r = __real_##NAME(q->a, q->b, q->c); }, &s);     \
    return s.r;                                                                                             \
  }

HIP2VX_SERIAL2(double, __adddf3, double, double)
HIP2VX_SERIAL2(double, __subdf3, double, double)
HIP2VX_SERIAL2(double, __muldf3, double, double)
HIP2VX_SERIAL2(double, __divdf3, double, double)
HIP2VX_SERIAL2(int, __eqdf2, double, double)
HIP2VX_SERIAL2(int, __nedf2, double, double)
HIP2VX_SERIAL2(int, __ltdf2, double, double)
HIP2VX_SERIAL2(int, __ledf2, double, double)
HIP2VX_SERIAL2(int, __gtdf2, double, double)
HIP2VX_SERIAL2(int, __gedf2, double, double)
HIP2VX_SERIAL2(int, __unorddf2, double, double)
HIP2VX_SERIAL1(double, __extendsfdf2, float)
HIP2VX_SERIAL1(float, __truncdfsf2, double)
HIP2VX_SERIAL1(double, __floatsidf, int)
HIP2VX_SERIAL1(double, __floatunsidf, unsigned int)
HIP2VX_SERIAL1(double, __floatdidf, long long)
HIP2VX_SERIAL1(double, __floatundidf, unsigned long long)
HIP2VX_SERIAL1(int, __fixdfsi, double)
HIP2VX_SERIAL1(unsigned int, __fixunsdfsi, double)
HIP2VX_SERIAL1(long long, __fixdfdi, double)
HIP2VX_SERIAL1(unsigned long long, __fixunsdfdi, double)
HIP2VX_SERIAL1(float, __floatdisf, long long)
HIP2VX_SERIAL1(float, __floatundisf, unsigned long long)
HIP2VX_SERIAL1(long long, __fixsfdi, float)
HIP2VX_SERIAL1(unsigned long long, __fixunssfdi, float)
HIP2VX_SERIAL2(long long, __divdi3, long long, long long)
HIP2VX_SERIAL2(long long, __moddi3, long long, long long)
HIP2VX_SERIAL2(unsigned long long, __udivdi3, unsigned long long, unsigned long long)
HIP2VX_SERIAL2(unsigned long long, __umoddi3, unsigned long long, unsigned long long)
/* libm: rounding to an integer, scaling by a power of 2, and the functions of one and of two
   arguments: all branch on their arguments (zeropoint's nearbyint classifies its argument first).
   Their float forms too (MF), but for the ones hip2vx_device.h implements branch-free and wraps. */
#define HIP2VX_SERIAL_M1(NAME) HIP2VX_SERIAL1(double, NAME, double)
#define HIP2VX_SERIAL_M2(NAME) HIP2VX_SERIAL2(double, NAME, double, double)
#define HIP2VX_SERIAL_MF1(NAME) HIP2VX_SERIAL_M1(NAME) HIP2VX_SERIAL1(float, NAME##f, float)
#define HIP2VX_SERIAL_MF2(NAME) HIP2VX_SERIAL_M2(NAME) HIP2VX_SERIAL2(float, NAME##f, float, float)
HIP2VX_SERIAL1(long, lrint, double) HIP2VX_SERIAL1(long, lrintf, float)
HIP2VX_SERIAL1(long long, llrint, double)
HIP2VX_SERIAL1(long, lround, double) HIP2VX_SERIAL1(long, lroundf, float)
HIP2VX_SERIAL1(long long, llround, double)
HIP2VX_SERIAL2(double, ldexp, double, int) HIP2VX_SERIAL2(float, ldexpf, float, int)
HIP2VX_SERIAL_M1(sqrt) HIP2VX_SERIAL_M1(floor) HIP2VX_SERIAL_M1(ceil) HIP2VX_SERIAL_M1(trunc)
HIP2VX_SERIAL_M1(round) HIP2VX_SERIAL_M1(exp) HIP2VX_SERIAL_M1(log) HIP2VX_SERIAL_M1(sin)
HIP2VX_SERIAL_M1(cos) HIP2VX_SERIAL_M1(rint) HIP2VX_SERIAL_M1(exp2) HIP2VX_SERIAL_M1(log2)
HIP2VX_SERIAL_M1(log10) HIP2VX_SERIAL_M1(tan) HIP2VX_SERIAL_M1(tanh) HIP2VX_SERIAL_M2(pow)
HIP2VX_SERIAL_M2(fmax) HIP2VX_SERIAL_M2(fmin)
HIP2VX_SERIAL_MF1(nearbyint) HIP2VX_SERIAL_MF1(expm1) HIP2VX_SERIAL_MF1(log1p) HIP2VX_SERIAL_MF1(asin)
HIP2VX_SERIAL_MF1(acos) HIP2VX_SERIAL_MF1(atan) HIP2VX_SERIAL_MF1(sinh) HIP2VX_SERIAL_MF1(cosh)
HIP2VX_SERIAL_MF1(cbrt) HIP2VX_SERIAL_MF1(erf) HIP2VX_SERIAL_MF1(erfc) HIP2VX_SERIAL_MF1(tgamma)
HIP2VX_SERIAL_MF1(lgamma) HIP2VX_SERIAL_MF2(fmod) HIP2VX_SERIAL_MF2(fdim) HIP2VX_SERIAL_MF2(atan2)
HIP2VX_SERIAL_MF2(hypot) HIP2VX_SERIAL_MF2(remainder) HIP2VX_SERIAL_MF1(logb) HIP2VX_SERIAL_MF1(asinh)
HIP2VX_SERIAL_MF1(acosh) HIP2VX_SERIAL_MF1(atanh) HIP2VX_SERIAL_MF1(j0) HIP2VX_SERIAL_MF1(j1)
HIP2VX_SERIAL_MF1(y0) HIP2VX_SERIAL_MF1(y1) HIP2VX_SERIAL_MF2(nextafter) HIP2VX_SERIAL_M1(exp10)
/* The ones with an integer or pointer operand (CUDA's device API has them all). */
HIP2VX_SERIAL1(long long, llrintf, float) HIP2VX_SERIAL1(long long, llroundf, float)
HIP2VX_SERIAL1(int, ilogb, double) HIP2VX_SERIAL1(int, ilogbf, float)
HIP2VX_SERIAL2(double, scalbn, double, int) HIP2VX_SERIAL2(float, scalbnf, float, int)
HIP2VX_SERIAL2(double, scalbln, double, long) HIP2VX_SERIAL2(float, scalblnf, float, long)
HIP2VX_SERIAL2(double, jn, int, double) HIP2VX_SERIAL2(float, jnf, int, float)
HIP2VX_SERIAL2(double, yn, int, double) HIP2VX_SERIAL2(float, ynf, int, float)
HIP2VX_SERIAL2(double, modf, double, double*) HIP2VX_SERIAL2(float, modff, float, float*)
HIP2VX_SERIAL2(double, frexp, double, int*) HIP2VX_SERIAL2(float, frexpf, float, int*)
HIP2VX_SERIAL3(double, remquo, double, double, int*) HIP2VX_SERIAL3(float, remquof, float, float, int*)
HIP2VX_SERIAL3(double, fma, double, double, double)
/* sincos calls sin and cos within libm, where the wrapping does not reach: the two calls, each serialised. */
extern "C" double __wrap_sin(double);
extern "C" double __wrap_cos(double);
extern "C" __attribute__((weak, used)) void __wrap_sincos(double x, double* s, double* c) {
  *s = __wrap_sin(x);
  *c = __wrap_cos(x);
}
#undef HIP2VX_SERIAL_M1
#undef HIP2VX_SERIAL_M2
#undef HIP2VX_SERIAL_MF1
#undef HIP2VX_SERIAL_MF2
#undef HIP2VX_SERIAL1
#undef HIP2VX_SERIAL2
#undef HIP2VX_SERIAL3

#endif
#endif
