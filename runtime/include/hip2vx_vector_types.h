// hip2vx_vector_types.h: HIP's vector types (float4, int2, uchar3, ...) and make_<type>(), for
// host and device code alike. Ranks 2 and 4 are aligned to rank x element size, ranks 1 and 3 to
// the element (as HIP defines them; src/layout/vectors.ts computes the same layouts).
#ifndef HIP2VX_VECTOR_TYPES_H
#define HIP2VX_VECTOR_TYPES_H

// The types have HIP's constructors (amd_hip_vector_types.h): the default one, which leaves the
// lanes uninitialised; one taking every lane (float4(1, 2, 3, w), double2 z(a, b), and CUDA's full
// braces {a, b}); and an explicit one giving every lane one value (not explicit for rank 1, so
// CUDA's float1 v = {x} still builds). The types stay trivial: __shared__ arrays, unions and memcpy
// see plain structs.
#define HIP2VX_BROADCAST(T, V, SPECIFIER) /* from a value convertible to T: not a derived struct */ \
  V() = default;                                                                                       \
  template <typename U, typename = decltype((T) * (U*)0)> SPECIFIER constexpr V(U s)
#define HIP2VX_VECTORS(T, name)                                                                        \
  struct name##1 {                                                                                     \
    T x;                                                                                               \
    HIP2VX_BROADCAST(T, name##1, ) : x((T)s) {}                                                        \
  };                                                                                                   \
  struct __attribute__((aligned(2 * sizeof(T)))) name##2 {                                             \
    T x, y;                                                                                            \
    HIP2VX_BROADCAST(T, name##2, explicit) : x((T)s), y((T)s) {}                                       \
    template <typename A, typename B> constexpr name##2(A a, B b) : x((T)a), y((T)b) {}                \
  };                                                                                                   \
  struct name##3 {                                                                                     \
    T x, y, z;                                                                                         \
    HIP2VX_BROADCAST(T, name##3, explicit) : x((T)s), y((T)s), z((T)s) {}                              \
    template <typename A, typename B, typename C>                                                      \
    constexpr name##3(A a, B b, C c) : x((T)a), y((T)b), z((T)c) {}                                    \
  };                                                                                                   \
  struct __attribute__((aligned(4 * sizeof(T)))) name##4 {                                             \
    T x, y, z, w;                                                                                      \
    HIP2VX_BROADCAST(T, name##4, explicit) : x((T)s), y((T)s), z((T)s), w((T)s) {}                     \
    template <typename A, typename B, typename C, typename D>                                          \
    constexpr name##4(A a, B b, C c, D d) : x((T)a), y((T)b), z((T)c), w((T)d) {}                      \
  };                                                                                                   \
  static inline name##1 make_##name##1(T x) { name##1 v; v.x = x; return v; }                          \
  static inline name##2 make_##name##2(T x, T y) { name##2 v; v.x = x; v.y = y; return v; }           \
  static inline name##3 make_##name##3(T x, T y, T z) { name##3 v; v.x = x; v.y = y; v.z = z; return v; } \
  static inline name##4 make_##name##4(T x, T y, T z, T w) { name##4 v; v.x = x; v.y = y; v.z = z; v.w = w; return v; }

HIP2VX_VECTORS(char, char)
HIP2VX_VECTORS(unsigned char, uchar)
HIP2VX_VECTORS(short, short)
HIP2VX_VECTORS(unsigned short, ushort)
HIP2VX_VECTORS(int, int)
HIP2VX_VECTORS(unsigned int, uint)
HIP2VX_VECTORS(long, long)
HIP2VX_VECTORS(unsigned long, ulong)
HIP2VX_VECTORS(long long, longlong)
HIP2VX_VECTORS(unsigned long long, ulonglong)
HIP2VX_VECTORS(float, float)
HIP2VX_VECTORS(double, double)
#undef HIP2VX_VECTORS
#undef HIP2VX_BROADCAST

#ifdef __cplusplus
// The operators HIP defines on its vector types (amd_hip_vector_types.h): component-wise
// arithmetic with a vector or a scalar on either side, compound assignment, negation, and
// equality of all components; %, bitwise and shift operators for the integer types too.
// Function templates: CUDA programs often define such operators themselves (CUDA has none), and
// overload resolution prefers their non-template functions to these.
template <typename V> struct hip2vx_vector_traits {};
template <bool, typename R> struct hip2vx_enable_if {};
template <typename R> struct hip2vx_enable_if<true, R> { typedef R type; };
#define HIP2VX_TRAITS(T, name, N, INTEGER)                                                             \
  template <> struct hip2vx_vector_traits<name##N> { typedef T scalar; enum { rank = N, integer = INTEGER }; };
#define HIP2VX_RANKS(T, name, INTEGER) \
  HIP2VX_TRAITS(T, name, 1, INTEGER) HIP2VX_TRAITS(T, name, 2, INTEGER) HIP2VX_TRAITS(T, name, 3, INTEGER) HIP2VX_TRAITS(T, name, 4, INTEGER)
HIP2VX_RANKS(char, char, 1)
HIP2VX_RANKS(unsigned char, uchar, 1)
HIP2VX_RANKS(short, short, 1)
HIP2VX_RANKS(unsigned short, ushort, 1)
HIP2VX_RANKS(int, int, 1)
HIP2VX_RANKS(unsigned int, uint, 1)
HIP2VX_RANKS(long, long, 1)
HIP2VX_RANKS(unsigned long, ulong, 1)
HIP2VX_RANKS(long long, longlong, 1)
HIP2VX_RANKS(unsigned long long, ulonglong, 1)
HIP2VX_RANKS(float, float, 0)
HIP2VX_RANKS(double, double, 0)
#undef HIP2VX_RANKS
#undef HIP2VX_TRAITS

// V's scalar type when V is a vector type (of the integer types when INTEGER): the overloads' filter.
#define HIP2VX_SCALAR(V, INTEGER) typename hip2vx_enable_if<(INTEGER) <= hip2vx_vector_traits<V>::integer, typename hip2vx_vector_traits<V>::scalar>::type
// R when V is a vector type: every overload's filter (other types never see these templates).
#define HIP2VX_IF_VECTOR(V, R) typename hip2vx_enable_if<(hip2vx_vector_traits<V>::rank > 0), R>::type
#define HIP2VX_BINARY(op, INTEGER)                                                                     \
  template <typename V> static inline HIP2VX_IF_VECTOR(V, V) operator op(V a, V b) {                  \
    for (int i = 0; i < (int)hip2vx_vector_traits<V>::rank; ++i) (&a.x)[i] = (HIP2VX_SCALAR(V, INTEGER))((&a.x)[i] op (&b.x)[i]); \
    return a;                                                                                          \
  }                                                                                                    \
  template <typename V> static inline V operator op(V a, HIP2VX_SCALAR(V, INTEGER) s) {               \
    for (int i = 0; i < (int)hip2vx_vector_traits<V>::rank; ++i) (&a.x)[i] = (HIP2VX_SCALAR(V, INTEGER))((&a.x)[i] op s); \
    return a;                                                                                          \
  }                                                                                                    \
  template <typename V> static inline V operator op(HIP2VX_SCALAR(V, INTEGER) s, V b) {               \
    for (int i = 0; i < (int)hip2vx_vector_traits<V>::rank; ++i) (&b.x)[i] = (HIP2VX_SCALAR(V, INTEGER))(s op (&b.x)[i]); \
    return b;                                                                                          \
  }                                                                                                    \
  template <typename V> static inline HIP2VX_IF_VECTOR(V, V&) operator op##=(V& a, V b) { return a = a op b; } \
  template <typename V> static inline V& operator op##=(V& a, HIP2VX_SCALAR(V, INTEGER) s) { return a = a op s; }
HIP2VX_BINARY(+, 0)
HIP2VX_BINARY(-, 0)
HIP2VX_BINARY(*, 0)
HIP2VX_BINARY(/, 0)
HIP2VX_BINARY(%, 1)
HIP2VX_BINARY(&, 1)
HIP2VX_BINARY(|, 1)
HIP2VX_BINARY(^, 1)
HIP2VX_BINARY(<<, 1)
HIP2VX_BINARY(>>, 1)
#undef HIP2VX_BINARY

template <typename V> static inline HIP2VX_IF_VECTOR(V, V) operator-(V a) {
  for (int i = 0; i < (int)hip2vx_vector_traits<V>::rank; ++i) (&a.x)[i] = (HIP2VX_SCALAR(V, 0))(-(&a.x)[i]);
  return a;
}
template <typename V> static inline HIP2VX_IF_VECTOR(V, bool) operator==(V a, V b) {
  bool same = true;
  for (int i = 0; i < (int)hip2vx_vector_traits<V>::rank; ++i) same = same & ((&a.x)[i] == (&b.x)[i]);
  return same;
}
template <typename V> static inline HIP2VX_IF_VECTOR(V, bool) operator!=(V a, V b) { return !(a == b); }
#undef HIP2VX_SCALAR
#undef HIP2VX_IF_VECTOR
#endif  // __cplusplus

#endif  // HIP2VX_VECTOR_TYPES_H
