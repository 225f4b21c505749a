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
/* libm: rounding to an integer, scaling by a power of 2. */
HIP2VX_SERIAL1(long, lrint, double)
HIP2VX_SERIAL1(long long, llrint, double)
HIP2VX_SERIAL1(long, lround, double)
HIP2VX_SERIAL1(long long, llround, double)
HIP2VX_SERIAL2(double, ldexp, double, int)
/* libm's functions of one double and of two: all branch on their arguments (zeropoint's
   nearbyint classifies its argument first). */
#define HIP2VX_SERIAL_D1(NAME) HIP2VX_SERIAL1(double, NAME, double)
#define HIP2VX_SERIAL_D2(NAME) HIP2VX_SERIAL2(double, NAME, double, double)
HIP2VX_SERIAL_D1(sqrt) HIP2VX_SERIAL_D1(floor) HIP2VX_SERIAL_D1(ceil) HIP2VX_SERIAL_D1(trunc)
HIP2VX_SERIAL_D1(round) HIP2VX_SERIAL_D1(exp) HIP2VX_SERIAL_D1(log) HIP2VX_SERIAL_D1(sin)
HIP2VX_SERIAL_D1(cos) HIP2VX_SERIAL_D1(nearbyint) HIP2VX_SERIAL_D1(rint) HIP2VX_SERIAL_D1(exp2)
HIP2VX_SERIAL_D1(expm1) HIP2VX_SERIAL_D1(log2) HIP2VX_SERIAL_D1(log10) HIP2VX_SERIAL_D1(log1p)
HIP2VX_SERIAL_D1(tan) HIP2VX_SERIAL_D1(asin) HIP2VX_SERIAL_D1(acos) HIP2VX_SERIAL_D1(atan)
HIP2VX_SERIAL_D1(sinh) HIP2VX_SERIAL_D1(cosh) HIP2VX_SERIAL_D1(tanh) HIP2VX_SERIAL_D1(cbrt)
HIP2VX_SERIAL_D1(erf) HIP2VX_SERIAL_D1(erfc) HIP2VX_SERIAL_D1(tgamma) HIP2VX_SERIAL_D1(lgamma)
HIP2VX_SERIAL_D2(pow) HIP2VX_SERIAL_D2(fmod) HIP2VX_SERIAL_D2(fmax) HIP2VX_SERIAL_D2(fmin)
HIP2VX_SERIAL_D2(fdim) HIP2VX_SERIAL_D2(atan2) HIP2VX_SERIAL_D2(hypot) HIP2VX_SERIAL_D2(remainder)
/* libm's float functions that branch and have no branch-free version in hip2vx_device.h (which
   wraps the ones that have). */
#define HIP2VX_SERIAL_F1(NAME) HIP2VX_SERIAL1(float, NAME, float)
#define HIP2VX_SERIAL_F2(NAME) HIP2VX_SERIAL2(float, NAME, float, float)
HIP2VX_SERIAL_F1(asinf) HIP2VX_SERIAL_F1(acosf) HIP2VX_SERIAL_F1(atanf) HIP2VX_SERIAL_F1(sinhf)
HIP2VX_SERIAL_F1(coshf) HIP2VX_SERIAL_F1(cbrtf) HIP2VX_SERIAL_F1(expm1f) HIP2VX_SERIAL_F1(log1pf)
HIP2VX_SERIAL_F1(erff) HIP2VX_SERIAL_F1(erfcf) HIP2VX_SERIAL_F1(tgammaf) HIP2VX_SERIAL_F1(lgammaf)
HIP2VX_SERIAL_F1(nearbyintf) HIP2VX_SERIAL_F2(atan2f) HIP2VX_SERIAL_F2(hypotf) HIP2VX_SERIAL_F2(fmodf)
HIP2VX_SERIAL_F2(remainderf) HIP2VX_SERIAL_F2(fdimf)
HIP2VX_SERIAL2(float, ldexpf, float, int)
HIP2VX_SERIAL1(long, lrintf, float)
HIP2VX_SERIAL1(long, lroundf, float)
#undef HIP2VX_SERIAL_F1
#undef HIP2VX_SERIAL_F2
#undef HIP2VX_SERIAL_D1
#undef HIP2VX_SERIAL_D2
#undef HIP2VX_SERIAL1
#undef HIP2VX_SERIAL2

#endif
#endif
