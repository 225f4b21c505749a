// hip2vx_vector_types.h: HIP's vector types (float4, int2, uchar3, ...) and make_<type>(), for
// host and device code alike. Ranks 2 and 4 are aligned to rank x element size, ranks 1 and 3 to
// the element (as HIP defines them; src/layout/vectors.ts computes the same layouts).
#ifndef HIP2VX_VECTOR_TYPES_H
#define HIP2VX_VECTOR_TYPES_H

#define HIP2VX_VECTORS(T, name)                                                                        \
  struct name##1 { T x; };                                                                             \
  struct __attribute__((aligned(2 * sizeof(T)))) name##2 { T x, y; };                                 \
  struct name##3 { T x, y, z; };                                                                       \
  struct __attribute__((aligned(4 * sizeof(T)))) name##4 { T x, y, z, w; };                           \
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

#endif  // HIP2VX_VECTOR_TYPES_H
