// hipFFT for hip2vortex: an `#include <hipfft/...>` (or <hipfft.h>) of a program is this file,
// translated with the program (libraries/README.md). A plan's execution copies its input to the
// host, transforms there (a mixed-radix Cooley-Tukey FFT in double precision, along each
// dimension of each batch) and copies the result back: correct on every backend, for programs
// whose time is not in their FFTs. Transforms are unnormalised, as hipFFT's and cuFFT's.
#pragma once

#include <hip/hip_runtime.h>
#include <hip/hip_complex.h>

typedef float hipfftReal;
typedef double hipfftDoubleReal;
typedef hipFloatComplex hipfftComplex;
typedef hipDoubleComplex hipfftDoubleComplex;

#ifndef __HIP_DEVICE_COMPILE__
#include <algorithm>
#include <complex>
#include <vector>

typedef enum hipfftResult_t {
  HIPFFT_SUCCESS = 0,
  HIPFFT_INVALID_PLAN = 1,
  HIPFFT_ALLOC_FAILED = 2,
  HIPFFT_INVALID_TYPE = 3,
  HIPFFT_INVALID_VALUE = 4,
  HIPFFT_INTERNAL_ERROR = 5,
  HIPFFT_EXEC_FAILED = 6,
  HIPFFT_SETUP_FAILED = 7,
  HIPFFT_INVALID_SIZE = 8,
  HIPFFT_UNALIGNED_DATA = 9,
  HIPFFT_INCOMPLETE_PARAMETER_LIST = 10,
  HIPFFT_INVALID_DEVICE = 11,
  HIPFFT_PARSE_ERROR = 12,
  HIPFFT_NO_WORKSPACE = 13,
  HIPFFT_NOT_IMPLEMENTED = 14,
  HIPFFT_NOT_SUPPORTED = 16
} hipfftResult;

typedef enum hipfftType_t {
  HIPFFT_R2C = 0x2a,
  HIPFFT_C2R = 0x2c,
  HIPFFT_C2C = 0x29,
  HIPFFT_D2Z = 0x6a,
  HIPFFT_Z2D = 0x6c,
  HIPFFT_Z2Z = 0x69
} hipfftType;

#define HIPFFT_FORWARD -1
#define HIPFFT_BACKWARD 1

/** A plan: the logical sizes, the batch, and where each side's elements lie (advanced layout). */
struct hipfftHandle_t {
  hipfftType type = HIPFFT_C2C;
  int rank = 0;
  long long n[3] = {1, 1, 1};
  long long batch = 1;
  // Per side (0: input, 1: output): the embedding sizes, stride and distance between batches.
  long long embed[2][3] = {{1, 1, 1}, {1, 1, 1}};
  long long stride[2] = {1, 1};
  long long dist[2] = {0, 0};
  bool padded = false;  // the basic layout: an in-place real transform's real rows are padded
  hipStream_t stream = nullptr;
};
typedef hipfftHandle_t* hipfftHandle;

namespace hip2vx_fft {

using Complex = std::complex<double>;

inline bool real_input(hipfftType t) { return t == HIPFFT_R2C || t == HIPFFT_D2Z; }
inline bool real_output(hipfftType t) { return t == HIPFFT_C2R || t == HIPFFT_Z2D; }

/** The DFT of the `n` values at `in` (`stride` apart) into out[0..n), with e^(sign 2 pi i jk / n). */
inline void transform(const Complex* in, size_t stride, Complex* out, size_t n, int sign) {
  if (n == 1) {
    out[0] = in[0];
    return;
  }
  size_t p = 2;
  while (p * p <= n && n % p) ++p;
  if (n % p) p = n;  // a prime size: the direct sum
  const size_t m = n / p;
  // The p interleaved subsequences' DFTs, then the radix-p butterflies combining them.
  for (size_t r = 0; r < p; ++r) transform(in + r * stride, stride * p, out + r * m, m, sign);
  const double turn = sign * 2.0 * 3.14159265358979323846 / (double)n;
  std::vector<Complex> t(p), combined(p);
  for (size_t k = 0; k < m; ++k) {
    for (size_t r = 0; r < p; ++r) t[r] = out[r * m + k] * std::polar(1.0, turn * (double)(r * k));
    for (size_t q = 0; q < p; ++q) {
      Complex sum = 0;
      for (size_t r = 0; r < p; ++r) sum += t[r] * std::polar(1.0, turn * (double)(r * q * m % n));
      combined[q] = sum;
    }
    for (size_t q = 0; q < p; ++q) out[k + q * m] = combined[q];
  }
}

/** The multidimensional DFT of one batch's values (row-major, the last dimension fastest), in place. */
inline void transform_all(std::vector<Complex>& a, const long long* n, int rank, int sign) {
  long long total = 1;
  for (int d = 0; d < rank; ++d) total *= n[d];
  for (int d = 0; d < rank; ++d) {
    long long inner = 1;
    for (int e = d + 1; e < rank; ++e) inner *= n[e];
    std::vector<Complex> line(n[d]), out(n[d]);
    for (long long start = 0; start < total; ++start) {
      if ((start / inner) % n[d]) continue;  // one line per start: its first element
      for (long long i = 0; i < n[d]; ++i) line[i] = a[start + i * inner];
      transform(line.data(), 1, out.data(), (size_t)n[d], sign);
      for (long long i = 0; i < n[d]; ++i) a[start + i * inner] = out[i];
    }
  }
}

/** Offset of the element at multi-index `idx` (sizes `n`) of batch `b` on side `side`. */
inline long long offset(const hipfftHandle_t& p, int side, long long b, const long long* idx) {
  long long at = 0;
  for (int d = 0; d < p.rank; ++d) at = at * p.embed[side][d] + idx[d];
  return b * p.dist[side] + at * p.stride[side];
}

/** The number of elements from a side's first to its last (the extent to copy). */
inline long long extent(const hipfftHandle_t& p, int side, const long long* sizes) {
  long long last[3];
  for (int d = 0; d < p.rank; ++d) last[d] = sizes[d] - 1;
  return offset(p, side, p.batch - 1, last) + 1;
}

/** Calls `each(flat, idx)` for every multi-index of `sizes`, in row-major order. */
template <typename F>
void for_each_index(int rank, const long long* sizes, F each) {
  long long total = 1, idx[3] = {0, 0, 0};
  for (int d = 0; d < rank; ++d) total *= sizes[d];
  for (long long flat = 0; flat < total; ++flat) {
    long long rest = flat;
    for (int d = rank - 1; d >= 0; --d) idx[d] = rest % sizes[d], rest /= sizes[d];
    each(flat, idx);
  }
}

/**
 * Executes `p` from `in` (elements of type In, `in_scalars` scalars each: 1 real, 2 complex) to
 * `out`. Real input is transformed as complex and the first n/2+1 values of the last dimension
 * kept; complex input to real output is completed by Hermitian symmetry first.
 */
template <typename Scalar>
hipfftResult execute(hipfftHandle p, const void* in, void* out, int sign, bool real_in, bool real_out) {
  if (!p || p->rank == 0) return HIPFFT_INVALID_PLAN;
  if (hipStreamSynchronize(p->stream) != hipSuccess) return HIPFFT_EXEC_FAILED;
  long long full[3], half[3];
  for (int d = 0; d < p->rank; ++d) full[d] = half[d] = p->n[d];
  half[p->rank - 1] = p->n[p->rank - 1] / 2 + 1;
  const long long* in_sizes = real_out ? half : full;
  const long long* out_sizes = real_in ? half : full;
  const int in_width = real_in ? 1 : 2, out_width = real_out ? 1 : 2;
  std::vector<Scalar> source(extent(*p, 0, in_sizes) * in_width), result(extent(*p, 1, out_sizes) * out_width);
  if (hipMemcpy(source.data(), in, source.size() * sizeof(Scalar), hipMemcpyDefault) != hipSuccess) return HIPFFT_EXEC_FAILED;
  // In place, the output's elements the transform does not write keep their values.
  if (in == out) result.assign(source.begin(), source.begin() + std::min(source.size(), result.size()));
  result.resize(extent(*p, 1, out_sizes) * out_width);
  long long total = 1;
  for (int d = 0; d < p->rank; ++d) total *= full[d];
  std::vector<Complex> a(total);
  for (long long b = 0; b < p->batch; ++b) {
    std::fill(a.begin(), a.end(), Complex(0));
    for_each_index(p->rank, in_sizes, [&](long long flat, const long long* idx) {
      const long long at = offset(*p, 0, b, idx) * in_width;
      const Complex v = real_in ? Complex(source[at]) : Complex(source[at], source[at + 1]);
      long long to = 0;
      for (int d = 0; d < p->rank; ++d) to = to * full[d] + idx[d];
      a[to] = v;
      (void)flat;
    });
    if (real_out) {
      // The values of the last dimension past n/2 are the conjugates of their mirror images.
      for_each_index(p->rank, full, [&](long long flat, const long long* idx) {
        if (idx[p->rank - 1] < half[p->rank - 1]) return;
        long long mirror = 0;
        for (int d = 0; d < p->rank; ++d) mirror = mirror * full[d] + (idx[d] ? full[d] - idx[d] : 0);
        a[flat] = std::conj(a[mirror]);
      });
    }
    transform_all(a, full, p->rank, sign);
    for_each_index(p->rank, out_sizes, [&](long long, const long long* idx) {
      long long from = 0;
      for (int d = 0; d < p->rank; ++d) from = from * full[d] + idx[d];
      const long long at = offset(*p, 1, b, idx) * out_width;
      result[at] = (Scalar)a[from].real();
      if (!real_out) result[at + 1] = (Scalar)a[from].imag();
    });
  }
  if (hipMemcpy(out, result.data(), result.size() * sizeof(Scalar), hipMemcpyDefault) != hipSuccess) return HIPFFT_EXEC_FAILED;
  return HIPFFT_SUCCESS;
}

/** Sets up `p` for `rank` sizes `n`; null embeddings give the basic (tight) layout. */
inline hipfftResult plan(hipfftHandle p, int rank, const int* n, const int* inembed, int istride, int idist, const int* onembed, int ostride, int odist, hipfftType type, int batch) {
  if (!p) return HIPFFT_INVALID_PLAN;
  if (rank < 1 || rank > 3 || batch < 1) return HIPFFT_INVALID_VALUE;
  for (int d = 0; d < rank; ++d)
    if (n[d] < 1) return HIPFFT_INVALID_SIZE;
  p->type = type, p->rank = rank, p->batch = batch;
  for (int d = 0; d < rank; ++d) p->n[d] = n[d];
  long long half_last = n[rank - 1] / 2 + 1;
  const bool basic = !inembed || !onembed;
  for (int side = 0; side < 2; ++side) {
    const int* embed = side ? onembed : inembed;
    // The basic layout: tight, with a real-to-complex's complex side n/2+1 long in the last dimension.
    const bool complex_half = side == 0 ? real_output(type) : real_input(type);
    for (int d = 0; d < rank; ++d) p->embed[side][d] = basic ? (d == rank - 1 && complex_half ? half_last : n[d]) : embed[d];
    p->stride[side] = basic ? 1 : (side ? ostride : istride);
    long long size = 1;
    for (int d = 0; d < rank; ++d) size *= p->embed[side][d];
    p->dist[side] = basic ? size : (side ? odist : idist);
  }
  return HIPFFT_SUCCESS;
}

/** A basic plan's real side: rows padded to 2 (n/2+1) reals in place, tight out of place. */
inline void real_rows(hipfftHandle p, const void* in, const void* out) {
  if (!p->padded || !(real_input(p->type) || real_output(p->type))) return;
  const int side = real_input(p->type) ? 0 : 1;
  const long long last = p->n[p->rank - 1];
  p->embed[side][p->rank - 1] = in == out ? 2 * (last / 2 + 1) : last;
  long long size = 1;
  for (int d = 0; d < p->rank; ++d) size *= p->embed[side][d];
  p->dist[side] = size;
}

}  // namespace hip2vx_fft

inline hipfftResult hipfftCreate(hipfftHandle* plan) {
  if (!plan) return HIPFFT_INVALID_VALUE;
  *plan = new hipfftHandle_t;
  return HIPFFT_SUCCESS;
}

inline hipfftResult hipfftDestroy(hipfftHandle plan) {
  delete plan;
  return HIPFFT_SUCCESS;
}

inline hipfftResult hipfftMakePlanMany(hipfftHandle plan, int rank, int* n, int* inembed, int istride, int idist, int* onembed, int ostride, int odist, hipfftType type, int batch, size_t* work) {
  if (work) *work = 0;
  const hipfftResult r = hip2vx_fft::plan(plan, rank, n, inembed, istride, idist, onembed, ostride, odist, type, batch);
  if (r == HIPFFT_SUCCESS) plan->padded = !inembed || !onembed;
  return r;
}

inline hipfftResult hipfftMakePlan1d(hipfftHandle plan, int nx, hipfftType type, int batch, size_t* work) {
  int n[] = {nx};
  return hipfftMakePlanMany(plan, 1, n, nullptr, 1, 0, nullptr, 1, 0, type, batch, work);
}

inline hipfftResult hipfftMakePlan2d(hipfftHandle plan, int nx, int ny, hipfftType type, size_t* work) {
  int n[] = {nx, ny};
  return hipfftMakePlanMany(plan, 2, n, nullptr, 1, 0, nullptr, 1, 0, type, 1, work);
}

inline hipfftResult hipfftMakePlan3d(hipfftHandle plan, int nx, int ny, int nz, hipfftType type, size_t* work) {
  int n[] = {nx, ny, nz};
  return hipfftMakePlanMany(plan, 3, n, nullptr, 1, 0, nullptr, 1, 0, type, 1, work);
}

/** Creates a plan with `make` (a MakePlan function); on failure no plan is left. */
template <typename Make>
hipfftResult hip2vx_fft_create(hipfftHandle* plan, Make make) {
  if (hipfftCreate(plan) != HIPFFT_SUCCESS) return HIPFFT_INVALID_VALUE;
  const hipfftResult r = make(*plan);
  if (r != HIPFFT_SUCCESS) hipfftDestroy(*plan);
  return r;
}

inline hipfftResult hipfftPlan1d(hipfftHandle* plan, int nx, hipfftType type, int batch) {
  return hip2vx_fft_create(plan, [&](hipfftHandle p) { return hipfftMakePlan1d(p, nx, type, batch, nullptr); });
}

inline hipfftResult hipfftPlan2d(hipfftHandle* plan, int nx, int ny, hipfftType type) {
  return hip2vx_fft_create(plan, [&](hipfftHandle p) { return hipfftMakePlan2d(p, nx, ny, type, nullptr); });
}

inline hipfftResult hipfftPlan3d(hipfftHandle* plan, int nx, int ny, int nz, hipfftType type) {
  return hip2vx_fft_create(plan, [&](hipfftHandle p) { return hipfftMakePlan3d(p, nx, ny, nz, type, nullptr); });
}

inline hipfftResult hipfftPlanMany(hipfftHandle* plan, int rank, int* n, int* inembed, int istride, int idist, int* onembed, int ostride, int odist, hipfftType type, int batch) {
  return hip2vx_fft_create(plan, [&](hipfftHandle p) { return hipfftMakePlanMany(p, rank, n, inembed, istride, idist, onembed, ostride, odist, type, batch, nullptr); });
}

inline hipfftResult hipfftSetStream(hipfftHandle plan, hipStream_t stream) {
  if (!plan) return HIPFFT_INVALID_PLAN;
  plan->stream = stream;
  return HIPFFT_SUCCESS;
}

/** No work area is needed (the transform runs on the host). */
inline hipfftResult hipfftGetSize(hipfftHandle plan, size_t* work) {
  if (!plan) return HIPFFT_INVALID_PLAN;
  if (work) *work = 0;
  return HIPFFT_SUCCESS;
}
inline hipfftResult hipfftSetAutoAllocation(hipfftHandle plan, int) { return plan ? HIPFFT_SUCCESS : HIPFFT_INVALID_PLAN; }
inline hipfftResult hipfftSetWorkArea(hipfftHandle plan, void*) { return plan ? HIPFFT_SUCCESS : HIPFFT_INVALID_PLAN; }

inline hipfftResult hipfftGetVersion(int* version) {
  *version = 10000;
  return HIPFFT_SUCCESS;
}

/** Runs `plan`, which must be of type `type` (a real side's in-place rows padded). */
template <typename Scalar>
hipfftResult hip2vx_fft_exec(hipfftHandle plan, hipfftType type, const void* in, void* out, int sign) {
  if (!plan || plan->type != type) return HIPFFT_INVALID_PLAN;
  hip2vx_fft::real_rows(plan, in, out);
  return hip2vx_fft::execute<Scalar>(plan, in, out, sign, hip2vx_fft::real_input(type), hip2vx_fft::real_output(type));
}

inline hipfftResult hipfftExecC2C(hipfftHandle plan, hipfftComplex* in, hipfftComplex* out, int direction) { return hip2vx_fft_exec<float>(plan, HIPFFT_C2C, in, out, direction); }
inline hipfftResult hipfftExecZ2Z(hipfftHandle plan, hipfftDoubleComplex* in, hipfftDoubleComplex* out, int direction) { return hip2vx_fft_exec<double>(plan, HIPFFT_Z2Z, in, out, direction); }
inline hipfftResult hipfftExecR2C(hipfftHandle plan, hipfftReal* in, hipfftComplex* out) { return hip2vx_fft_exec<float>(plan, HIPFFT_R2C, in, out, HIPFFT_FORWARD); }
inline hipfftResult hipfftExecD2Z(hipfftHandle plan, hipfftDoubleReal* in, hipfftDoubleComplex* out) { return hip2vx_fft_exec<double>(plan, HIPFFT_D2Z, in, out, HIPFFT_FORWARD); }
inline hipfftResult hipfftExecC2R(hipfftHandle plan, hipfftComplex* in, hipfftReal* out) { return hip2vx_fft_exec<float>(plan, HIPFFT_C2R, in, out, HIPFFT_BACKWARD); }
inline hipfftResult hipfftExecZ2D(hipfftHandle plan, hipfftDoubleComplex* in, hipfftDoubleReal* out) { return hip2vx_fft_exec<double>(plan, HIPFFT_Z2D, in, out, HIPFFT_BACKWARD); }
#endif  // __HIP_DEVICE_COMPILE__
