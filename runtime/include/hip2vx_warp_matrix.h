// PTX instructions as calls: warp-matrix ones (ldmatrix, movmatrix, mma.sync), and at the end the
// scalar cvt between float and 16-bit floats. The translator replaces an
// `asm("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,...}, ...;" : ...)` statement by
// `hip2vx_ptx_mma_m16n8k16_row_col_f32_bf16_bf16_f32({d...}, {a...}, {b...}, {c...})` (register
// operands as arrays, in the instruction's order; addresses as pointers; src/analyse/ptx-asm.ts
// lists the instructions). They run on the logical warp of the warp operations above (same
// requirement: every lane reaches them), with the fragment layouts of the PTX ISA: groupID
// g = lane / 4, t = lane % 4; an A fragment register holds
// row g (+8 for the odd registers of an m16 shape), 32 bits of k at word 4 x (register / 2) + t;
// B's register r holds column g, k word 4r + t; C/D's hold rows g, g+8, columns 2t, 2t+1.
// Included by hip2vx_device.h after the half types.
#ifndef HIP2VX_WARP_MATRIX_H
#define HIP2VX_WARP_MATRIX_H

/** A 32-bit register operand read: any 4-byte object's bits. */
struct hip2vx_b32 {
  uint32_t v;
  template <typename T>
  hip2vx_b32(const T& x) {
    static_assert(sizeof(T) == 4, "hip2vortex: a PTX .b32 register operand is a 4-byte object");
    memcpy(&v, &x, 4);
  }
};
/** A 32-bit register operand written: the 4-byte object it names. */
struct hip2vx_b32_out {
  void* p;
  template <typename T>
  hip2vx_b32_out(T& x) : p(&x) { static_assert(sizeof(T) == 4, "hip2vortex: a PTX .b32 register operand is a 4-byte object"); }
  void set(uint32_t v) const { memcpy(p, &v, 4); }
};

// W is the logical warp's size: a template parameter, so that only a call checks it.
#define HIP2VX_REQUIRE_PTX_WARP static_assert(W == 32, "hip2vortex: PTX warp-matrix instructions need a logical warp of 32 lanes (HIP2VX_WARP_SIZE)")

/** ldmatrix.sync.aligned.m8n8.xN[.trans].b16: lanes 8m..8m+7 give the row addresses of matrix m
    (8 x 8 b16, a row 16 contiguous bytes); lane (g, t) receives in register m row g's b16
    columns 2t, 2t+1 (with .trans: column g of rows 2t, 2t+1). Only addresses are exchanged. */
template <int W, int N, bool TRANS>
HIP2VX_INLINE void hip2vx_ldmatrix(const hip2vx_b32_out (&d)[N], const void* row) {
  HIP2VX_REQUIRE_PTX_WARP;
  const uint32_t lane = __lane_id(), g = lane >> 2, t = lane & 3u;
  for (int m = 0; m < N; ++m) {
    uint32_t v;
    if constexpr (TRANS) {
      const unsigned char* r0 = (const unsigned char*)__shfl(row, 8 * m + 2 * t);
      const unsigned char* r1 = (const unsigned char*)__shfl(row, 8 * m + 2 * t + 1);
      uint16_t lo, hi;
      memcpy(&lo, r0 + 2 * g, 2);
      memcpy(&hi, r1 + 2 * g, 2);
      v = lo | (uint32_t)hi << 16;
    } else {
      memcpy(&v, (const unsigned char*)__shfl(row, 8 * m + g) + 4 * t, 4);
    }
    d[m].set(v);
  }
}

/** movmatrix.sync.aligned.m8n8.trans.b16: the 8 x 8 b16 matrix of the fragment (lane (g, t): row g,
    columns 2t, 2t+1), transposed: lane (g, t) receives elements (2t, g) and (2t + 1, g). */
template <int W = HIP2VX_WARP_SIZE>
HIP2VX_INLINE void hip2vx_ptx_movmatrix_m8n8_trans_b16(const hip2vx_b32_out (&d)[1], const hip2vx_b32 (&x)[1]) {
  HIP2VX_REQUIRE_PTX_WARP;
  const uint32_t lane = __lane_id(), g = lane >> 2, t = lane & 3u, shift = 16u * (g & 1u);
  const uint32_t lo = __shfl(x[0].v, (int)(8 * t + g / 2)) >> shift & 0xffffu;
  const uint32_t hi = __shfl(x[0].v, (int)(8 * t + 4 + g / 2)) >> shift & 0xffffu;
  d[0].set(lo | hi << 16);
}

// Element types of A and B: PER_WORD elements per 32-bit register, element e as a number.
struct hip2vx_mma_f16 {
  enum { PER_WORD = 2 };
  static float get(uint32_t w, int e) { return hip2vx_half2float_bits((unsigned short)(w >> (16 * e))); }
};
struct hip2vx_mma_bf16 {
  enum { PER_WORD = 2 };
  static float get(uint32_t w, int e) { return hip2vx_bfloat162float_bits((unsigned short)(w >> (16 * e))); }
};
/** .tf32: an f32 register whose 13 low mantissa bits the instruction ignores. */
struct hip2vx_mma_tf32 {
  enum { PER_WORD = 1 };
  static float get(uint32_t w, int) { return hip2vx_hfloat(w & ~0x1fffu); }
};
struct hip2vx_mma_s8 {
  enum { PER_WORD = 4 };
  static int32_t get(uint32_t w, int e) { return (int8_t)(w >> (8 * e)); }
};
// Accumulator types of C and D: REGS registers for an m16n8 tile; element (i, j) of the lane is
// row g + 8i, column 2t + j.
struct hip2vx_mma_f32 {
  enum { REGS = 4 };
  typedef float type;
  static float get(const hip2vx_b32* c, int i, int j) { return hip2vx_hfloat(c[2 * i + j].v); }
  static float add(float s, float p) { return s + p; }
  static void put(const hip2vx_b32_out* d, int i, const float* s) { d[2 * i].set(hip2vx_hbits(s[0])); d[2 * i + 1].set(hip2vx_hbits(s[1])); }
};
struct hip2vx_mma_s32 {
  enum { REGS = 4 };
  typedef int32_t type;
  static int32_t get(const hip2vx_b32* c, int i, int j) { return (int32_t)c[2 * i + j].v; }
  static int32_t add(int32_t s, int32_t p) { return (int32_t)((uint32_t)s + (uint32_t)p); }  // wraps, as the hardware
  static void put(const hip2vx_b32_out* d, int i, const int32_t* s) { d[2 * i].set((uint32_t)s[0]); d[2 * i + 1].set((uint32_t)s[1]); }
};
/** .f16 accumulators: one f16x2 register per row; the sums round to f16 once, at the end. */
struct hip2vx_mma_f16_acc {
  enum { REGS = 2 };
  typedef float type;
  static float get(const hip2vx_b32* c, int i, int j) { return hip2vx_half2float_bits((unsigned short)(c[i].v >> (16 * j))); }
  static float add(float s, float p) { return s + p; }
  static void put(const hip2vx_b32_out* d, int i, const float* s) {
    d[i].set(hip2vx_float2half_bits(s[0], 1u) | (uint32_t)hip2vx_float2half_bits(s[1], 1u) << 16);
  }
};

/** mma.sync.aligned.mMn8kK.row.col: D = A (M x K, row-major) x B (K x 8, column-major) + C. Each lane
    gathers the rows of A and the columns of B its outputs need, one exchange per A and B register. */
template <int W, int M, int K, typename In, typename Acc>
HIP2VX_INLINE void hip2vx_mma_sync(const hip2vx_b32_out* d, const hip2vx_b32* a, const hip2vx_b32* b, const hip2vx_b32* c) {
  HIP2VX_REQUIRE_PTX_WARP;
  enum { ROWS = M / 8, KW = K / In::PER_WORD, NA = ROWS * KW / 4, NB = KW / 4 };
  const uint32_t lane = __lane_id(), g = lane >> 2, t = lane & 3u;
  uint32_t arow[ROWS][KW], bcol[2][KW];
  for (int r = 0; r < NA; ++r) {
    const uint32_t* buf = hip2vx_publish(a[r].v);
    for (uint32_t q = 0; q < 4; ++q) arow[r % ROWS][4 * (r / ROWS) + q] = buf[hip2vx_shuffle_source(4 * g + q)];
  }
  for (int r = 0; r < NB; ++r) {
    const uint32_t* buf = hip2vx_publish(b[r].v);
    for (uint32_t j = 0; j < 2; ++j)
      for (uint32_t q = 0; q < 4; ++q) bcol[j][4 * r + q] = buf[hip2vx_shuffle_source(4 * (2 * t + j) + q)];
  }
  for (int i = 0; i < ROWS; ++i) {
    typename Acc::type s[2];
    for (int j = 0; j < 2; ++j) {
      s[j] = Acc::get(c, i, j);
      for (int w = 0; w < KW; ++w)
        for (int e = 0; e < In::PER_WORD; ++e) s[j] = Acc::add(s[j], In::get(arow[i][w], e) * In::get(bcol[j][w], e));
    }
    Acc::put(d, i, s);
  }
}

// The instructions of src/analyse/ptx-asm.ts, one function each: operand groups as arrays.
#define HIP2VX_PTX_LDMATRIX(name, N, TRANS)                                                        \
  template <int W = HIP2VX_WARP_SIZE>                                                               \
  HIP2VX_INLINE void name(const hip2vx_b32_out (&d)[N], const void* row) { hip2vx_ldmatrix<W, N, TRANS>(d, row); }
HIP2VX_PTX_LDMATRIX(hip2vx_ptx_ldmatrix_m8n8_x1_b16, 1, false)
HIP2VX_PTX_LDMATRIX(hip2vx_ptx_ldmatrix_m8n8_x2_b16, 2, false)
HIP2VX_PTX_LDMATRIX(hip2vx_ptx_ldmatrix_m8n8_x4_b16, 4, false)
HIP2VX_PTX_LDMATRIX(hip2vx_ptx_ldmatrix_m8n8_x1_trans_b16, 1, true)
HIP2VX_PTX_LDMATRIX(hip2vx_ptx_ldmatrix_m8n8_x2_trans_b16, 2, true)
HIP2VX_PTX_LDMATRIX(hip2vx_ptx_ldmatrix_m8n8_x4_trans_b16, 4, true)
#undef HIP2VX_PTX_LDMATRIX
#define HIP2VX_PTX_MMA(name, M, K, In, Acc)                                                         \
  template <int W = HIP2VX_WARP_SIZE>                                                               \
  HIP2VX_INLINE void name(const hip2vx_b32_out (&d)[Acc::REGS * M / 16], const hip2vx_b32 (&a)[M * K / 32 / In::PER_WORD], \
                          const hip2vx_b32 (&b)[8 * K / 32 / In::PER_WORD], const hip2vx_b32 (&c)[Acc::REGS * M / 16]) { \
    hip2vx_mma_sync<W, M, K, In, Acc>(d, a, b, c);                                                    \
  }
HIP2VX_PTX_MMA(hip2vx_ptx_mma_m16n8k8_row_col_f16_f16_f16_f16, 16, 8, hip2vx_mma_f16, hip2vx_mma_f16_acc)
HIP2VX_PTX_MMA(hip2vx_ptx_mma_m16n8k16_row_col_f16_f16_f16_f16, 16, 16, hip2vx_mma_f16, hip2vx_mma_f16_acc)
HIP2VX_PTX_MMA(hip2vx_ptx_mma_m16n8k8_row_col_f32_f16_f16_f32, 16, 8, hip2vx_mma_f16, hip2vx_mma_f32)
HIP2VX_PTX_MMA(hip2vx_ptx_mma_m16n8k16_row_col_f32_f16_f16_f32, 16, 16, hip2vx_mma_f16, hip2vx_mma_f32)
HIP2VX_PTX_MMA(hip2vx_ptx_mma_m16n8k8_row_col_f32_bf16_bf16_f32, 16, 8, hip2vx_mma_bf16, hip2vx_mma_f32)
HIP2VX_PTX_MMA(hip2vx_ptx_mma_m16n8k16_row_col_f32_bf16_bf16_f32, 16, 16, hip2vx_mma_bf16, hip2vx_mma_f32)
HIP2VX_PTX_MMA(hip2vx_ptx_mma_m16n8k8_row_col_f32_tf32_tf32_f32, 16, 8, hip2vx_mma_tf32, hip2vx_mma_f32)
HIP2VX_PTX_MMA(hip2vx_ptx_mma_m8n8k16_row_col_s32_s8_s8_s32, 8, 16, hip2vx_mma_s8, hip2vx_mma_s32)
HIP2VX_PTX_MMA(hip2vx_ptx_mma_m16n8k16_row_col_s32_s8_s8_s32, 16, 16, hip2vx_mma_s8, hip2vx_mma_s32)
HIP2VX_PTX_MMA(hip2vx_ptx_mma_m16n8k32_row_col_s32_s8_s8_s32, 16, 32, hip2vx_mma_s8, hip2vx_mma_s32)
#undef HIP2VX_PTX_MMA

// Scalar conversions (cvt) between float and a 16-bit float, one lane each: `"=h"(u16) : "f"(x)`
// and the reverse. A 16-bit register operand is any 2-byte object's bits.
#define HIP2VX_PTX_CVT_TO16(name, to_bits, nearest)                                                 \
  template <typename D>                                                                             \
  HIP2VX_INLINE void name(D& d, float a) {                                                          \
    static_assert(sizeof(D) == 2, "hip2vortex: a PTX .b16 register operand is a 2-byte object");    \
    const unsigned short b = to_bits(a, nearest);                                                   \
    memcpy(&d, &b, 2);                                                                              \
  }
HIP2VX_PTX_CVT_TO16(hip2vx_ptx_cvt_rn_f16_f32, hip2vx_float2half_bits, 1u)
HIP2VX_PTX_CVT_TO16(hip2vx_ptx_cvt_rz_f16_f32, hip2vx_float2half_bits, 0u)
HIP2VX_PTX_CVT_TO16(hip2vx_ptx_cvt_rn_bf16_f32, hip2vx_float2bfloat16_bits, 1u)
HIP2VX_PTX_CVT_TO16(hip2vx_ptx_cvt_rz_bf16_f32, hip2vx_float2bfloat16_bits, 0u)
#undef HIP2VX_PTX_CVT_TO16
#define HIP2VX_PTX_CVT_FROM16(name, to_float)                                                       \
  template <typename S>                                                                             \
  HIP2VX_INLINE void name(float& d, const S& a) {                                                   \
    static_assert(sizeof(S) == 2, "hip2vortex: a PTX .b16 register operand is a 2-byte object");    \
    unsigned short b;                                                                               \
    memcpy(&b, &a, 2);                                                                              \
    d = to_float(b);                                                                                \
  }
HIP2VX_PTX_CVT_FROM16(hip2vx_ptx_cvt_f32_f16, hip2vx_half2float_bits)
HIP2VX_PTX_CVT_FROM16(hip2vx_ptx_cvt_f32_bf16, hip2vx_bfloat162float_bits)
#undef HIP2VX_PTX_CVT_FROM16

#endif  // HIP2VX_WARP_MATRIX_H
