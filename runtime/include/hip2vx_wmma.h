// CUDA's warp matrix functions (mma.h: nvcuda::wmma) on the logical warp of the warp operations:
// fragment, fill_fragment, load_matrix_sync, store_matrix_sync, mma_sync, for f16 and bf16 inputs
// with f32 or f16 accumulators in the shapes m16n16k16, m32n8k16 and m8n32k16. Every lane of a
// 32-lane logical warp must reach each call (the translator checks it as for shuffles).
//
// Which elements of the matrix a lane holds is unspecified in CUDA; here, so that each lane loads
// and stores its own elements and mma_sync exchanges only what a lane's outputs need:
//  - an A or B fragment holds 16-bit pairs along k: element e of lane l is half e % 2 of pair
//    p = l + 32 (e / 2), pair p covering k = 2 (p % (K/2)) + {0, 1} of row p / (K/2) of A (of
//    column p / (K/2) of B);
//  - an accumulator holds a 2 x 4 tile: lane l's tile is rows 2 (l / (N/4)) + {0, 1}, columns
//    4 (l % (N/4)) + {0..3}, element e at row + e / 4, column + e % 4.
// mma_sync publishes each A and B register once (hip2vx_publish) and each lane keeps the 2 rows of
// A and 4 columns of B its tile needs; products are summed in float in k order and rounded once.
// `satf` is accepted and not applied. On the host, only the types (host code names them in
// declarations and using-directives).
#ifndef HIP2VX_WMMA_H
#define HIP2VX_WMMA_H

#include "hip2vx_half.h"

namespace nvcuda {
namespace wmma {

struct matrix_a {};
struct matrix_b {};
struct accumulator {};
struct row_major {};
struct col_major {};
enum layout_t { mem_row_major, mem_col_major };

namespace hip2vx {
template <typename A, typename B> struct same { enum { value = 0 }; };
template <typename A> struct same<A, A> { enum { value = 1 }; };
/** The matrix a fragment holds: A is M x K, B is K x N, an accumulator M x N. */
template <typename Use, int M, int N, int K> struct extent { enum { ROWS = M, COLS = N }; };
template <int M, int N, int K> struct extent<matrix_a, M, N, K> { enum { ROWS = M, COLS = K }; };
template <int M, int N, int K> struct extent<matrix_b, M, N, K> { enum { ROWS = K, COLS = N }; };
}  // namespace hip2vx

template <typename Use, int M, int N, int K, typename T, typename Layout = void>
class fragment {
  static_assert(((M == 16 && N == 16) || (M == 32 && N == 8) || (M == 8 && N == 32)) && K == 16,
                "hip2vortex: wmma shapes m16n16k16, m32n8k16 and m8n32k16 only");

 public:
  typedef T element_type;
  typedef T storage_element_type;
  static constexpr int num_elements = hip2vx::extent<Use, M, N, K>::ROWS * hip2vx::extent<Use, M, N, K>::COLS / 32;
  T x[num_elements];
};

#if defined(HIP2VX_DEVICE_H)
// Checked where a function is instantiated (M makes it dependent): --warp-size 64 compiles until a kernel uses wmma.
#define HIP2VX_REQUIRE_WMMA_WARP static_assert(M > 0 && HIP2VX_WARP_SIZE == 32, "hip2vortex: wmma needs a logical warp of 32 lanes (HIP2VX_WARP_SIZE)")
namespace hip2vx {

/** An input element type: its 16 bits, and half h of a packed pair as a float. */
template <typename T> struct input;
template <> struct input<__half> {
  static uint32_t bits(__half v) { return __half_as_ushort(v); }
  static float get(uint32_t w, int h) { return hip2vx_half2float_bits((unsigned short)(w >> (16 * h))); }
};
template <> struct input<__nv_bfloat16> {
  static uint32_t bits(__nv_bfloat16 v) { return __bfloat16_as_ushort(v); }
  static float get(uint32_t w, int h) { return hip2vx_bfloat162float_bits((unsigned short)(w >> (16 * h))); }
};
/** An accumulator element type, through float. */
template <typename T> struct acc;
template <> struct acc<float> {
  static float get(float v) { return v; }
  static float put(float s) { return s; }
};
template <> struct acc<__half> {
  static float get(__half v) { return __half2float(v); }
  static __half put(float s) { return __float2half(s); }
};

/** Row and column of element e of the lane's fragment (the layouts above). */
template <typename Use, int M, int N, int K>
HIP2VX_INLINE void place(int e, uint32_t& row, uint32_t& col) {
  HIP2VX_REQUIRE_WMMA_WARP;
  const uint32_t lane = __lane_id();
  if constexpr (hip2vx::same<Use, accumulator>::value) {
    row = 2u * (lane / (N / 4)) + (uint32_t)e / 4u;
    col = 4u * (lane % (N / 4)) + (uint32_t)e % 4u;
  } else {
    const uint32_t pair = lane + 32u * (uint32_t)(e / 2), line = pair / (K / 2), k = 2u * (pair % (K / 2)) + (uint32_t)(e % 2);
    row = hip2vx::same<Use, matrix_a>::value ? line : k;
    col = hip2vx::same<Use, matrix_a>::value ? k : line;
  }
}
/** Offset of element (row, col) in memory of leading dimension ldm. */
HIP2VX_INLINE uint32_t offset(uint32_t row, uint32_t col, unsigned ldm, int row_major) {
  return hip2vx_select(row_major, row * ldm + col, col * ldm + row);
}
/** Publishes the lane's pairs of an A or B fragment one register at a time; `mine` receives the
    `n` pairs from `first` on (pairs of consecutive index: the lane's rows of A, columns of B). */
template <typename F, typename T>
HIP2VX_INLINE void gather(const F& f, uint32_t first, uint32_t* mine, int n) {
  for (int w = 0; w < F::num_elements / 2; ++w) {
    const uint32_t* buf = hip2vx_publish(input<T>::bits(f.x[2 * w]) | input<T>::bits(f.x[2 * w + 1]) << 16);
    for (int q = 0; q < n; ++q) {
      const uint32_t pair = first + (uint32_t)q;
      mine[q] = hip2vx_select((int)(pair / 32u == (uint32_t)w), buf[hip2vx_shuffle_source(pair % 32u)], mine[q]);
    }
  }
}
}  // namespace hip2vx

template <typename Use, int M, int N, int K, typename T, typename Layout, typename V>
HIP2VX_INLINE void fill_fragment(fragment<Use, M, N, K, T, Layout>& f, const V& v) {
  for (int e = 0; e < fragment<Use, M, N, K, T, Layout>::num_elements; ++e) f.x[e] = (T)v;
}

template <typename Use, int M, int N, int K, typename T, typename Layout>
HIP2VX_INLINE void load_matrix_sync(fragment<Use, M, N, K, T, Layout>& f, const T* p, unsigned ldm) {
  static_assert(!hip2vx::same<Use, accumulator>::value, "hip2vortex: an accumulator's load_matrix_sync takes a layout_t");
  for (int e = 0; e < fragment<Use, M, N, K, T, Layout>::num_elements; ++e) {
    uint32_t row, col;
    hip2vx::place<Use, M, N, K>(e, row, col);
    f.x[e] = p[hip2vx::offset(row, col, ldm, hip2vx::same<Layout, row_major>::value)];
  }
}
template <int M, int N, int K, typename T>
HIP2VX_INLINE void load_matrix_sync(fragment<accumulator, M, N, K, T>& f, const T* p, unsigned ldm, layout_t layout) {
  for (int e = 0; e < fragment<accumulator, M, N, K, T>::num_elements; ++e) {
    uint32_t row, col;
    hip2vx::place<accumulator, M, N, K>(e, row, col);
    f.x[e] = p[hip2vx::offset(row, col, ldm, (int)(layout == mem_row_major))];
  }
}
template <int M, int N, int K, typename T>
HIP2VX_INLINE void store_matrix_sync(T* p, const fragment<accumulator, M, N, K, T>& f, unsigned ldm, layout_t layout) {
  for (int e = 0; e < fragment<accumulator, M, N, K, T>::num_elements; ++e) {
    uint32_t row, col;
    hip2vx::place<accumulator, M, N, K>(e, row, col);
    p[hip2vx::offset(row, col, ldm, (int)(layout == mem_row_major))] = f.x[e];
  }
}

template <int M, int N, int K, typename Tc, typename Tab, typename LA, typename LB>
HIP2VX_INLINE void mma_sync(fragment<accumulator, M, N, K, Tc>& d, const fragment<matrix_a, M, N, K, Tab, LA>& a,
                            const fragment<matrix_b, M, N, K, Tab, LB>& b, const fragment<accumulator, M, N, K, Tc>& c, bool satf = false) {
  HIP2VX_REQUIRE_WMMA_WARP;
  (void)satf;
  enum { KP = K / 2 };
  const uint32_t lane = __lane_id(), tile_row = lane / (N / 4), tile_col = lane % (N / 4);
  uint32_t arow[2 * KP] = {}, bcol[4 * KP] = {};
  hip2vx::gather<fragment<matrix_a, M, N, K, Tab, LA>, Tab>(a, 2u * tile_row * KP, arow, 2 * KP);
  hip2vx::gather<fragment<matrix_b, M, N, K, Tab, LB>, Tab>(b, 4u * tile_col * KP, bcol, 4 * KP);
  for (int e = 0; e < 8; ++e) {
    float s = hip2vx::acc<Tc>::get(c.x[e]);
    for (int k = 0; k < KP; ++k)
      for (int h = 0; h < 2; ++h) s += hip2vx::input<Tab>::get(arow[(e / 4) * KP + k], h) * hip2vx::input<Tab>::get(bcol[(e % 4) * KP + k], h);
    d.x[e] = hip2vx::acc<Tc>::put(s);
  }
}
#endif  // HIP2VX_DEVICE_H

}  // namespace wmma
}  // namespace nvcuda

#endif  // HIP2VX_WMMA_H
