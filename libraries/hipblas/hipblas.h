// hipBLAS's common routines for hip2vortex: an `#include <hipblas/hipblas.h>` (not `<hipblas.h>`, its old path)
// of a program is this file, translated with the program (libraries/README.md). Every routine
// runs on the host: its operands are copied in from device memory (after the work queued on the
// handle's stream), computed in column-major order as the reference BLAS does, and the results
// copied back. Correct on every backend, for programs whose time is not in these calls.
#pragma once

#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <type_traits>
#include <vector>

#ifndef __HIP_DEVICE_COMPILE__

typedef enum {
  HIPBLAS_STATUS_SUCCESS = 0,
  HIPBLAS_STATUS_NOT_INITIALIZED = 1,
  HIPBLAS_STATUS_ALLOC_FAILED = 2,
  HIPBLAS_STATUS_INVALID_VALUE = 3,
  HIPBLAS_STATUS_MAPPING_ERROR = 4,
  HIPBLAS_STATUS_EXECUTION_FAILED = 5,
  HIPBLAS_STATUS_INTERNAL_ERROR = 6,
  HIPBLAS_STATUS_NOT_SUPPORTED = 7,
  HIPBLAS_STATUS_ARCH_MISMATCH = 8,
  HIPBLAS_STATUS_HANDLE_IS_NULLPTR = 9,
  HIPBLAS_STATUS_INVALID_ENUM = 10,
  HIPBLAS_STATUS_UNKNOWN = 11,
} hipblasStatus_t;

typedef enum { HIPBLAS_OP_N = 111, HIPBLAS_OP_T = 112, HIPBLAS_OP_C = 113 } hipblasOperation_t;
typedef enum { HIPBLAS_POINTER_MODE_HOST = 0, HIPBLAS_POINTER_MODE_DEVICE = 1 } hipblasPointerMode_t;
typedef enum { HIPBLAS_FILL_MODE_UPPER = 121, HIPBLAS_FILL_MODE_LOWER = 122, HIPBLAS_FILL_MODE_FULL = 123 } hipblasFillMode_t;
typedef enum { HIPBLAS_DIAG_NON_UNIT = 131, HIPBLAS_DIAG_UNIT = 132 } hipblasDiagType_t;
typedef enum { HIPBLAS_SIDE_LEFT = 141, HIPBLAS_SIDE_RIGHT = 142, HIPBLAS_SIDE_BOTH = 143 } hipblasSideMode_t;
typedef enum { HIPBLAS_GEMM_DEFAULT = 160 } hipblasGemmAlgo_t;
typedef enum { HIPBLAS_ATOMICS_NOT_ALLOWED = 0, HIPBLAS_ATOMICS_ALLOWED = 1 } hipblasAtomicsMode_t;
typedef enum { HIPBLAS_DEFAULT_MATH = 0, HIPBLAS_XF32_XDL_MATH = 1, HIPBLAS_PEDANTIC_MATH = 2, HIPBLAS_TF32_TENSOR_OP_MATH = 3, HIPBLAS_TENSOR_OP_MATH = 4 } hipblasMath_t;
typedef enum {
  HIPBLAS_COMPUTE_16F = 0,
  HIPBLAS_COMPUTE_16F_PEDANTIC = 1,
  HIPBLAS_COMPUTE_32F = 2,
  HIPBLAS_COMPUTE_32F_PEDANTIC = 3,
  HIPBLAS_COMPUTE_32F_FAST_16F = 4,
  HIPBLAS_COMPUTE_32F_FAST_16BF = 5,
  HIPBLAS_COMPUTE_32F_FAST_TF32 = 6,
  HIPBLAS_COMPUTE_64F = 7,
  HIPBLAS_COMPUTE_64F_PEDANTIC = 8,
  HIPBLAS_COMPUTE_32I = 9,
  HIPBLAS_COMPUTE_32I_PEDANTIC = 10,
} hipblasComputeType_t;

/** hipBLAS's half is HIP's (hipBLAS's HIPBLAS_USE_HIP_HALF), so `__half` data and scalars pass as they are. */
typedef __half hipblasHalf;

struct hip2vx_blas_handle {
  hipStream_t stream = 0;
  hipblasPointerMode_t pointer_mode = HIPBLAS_POINTER_MODE_HOST;
  hipblasAtomicsMode_t atomics = HIPBLAS_ATOMICS_ALLOWED;
  hipblasMath_t math = HIPBLAS_DEFAULT_MATH;
};
typedef hip2vx_blas_handle *hipblasHandle_t;

namespace hip2vx_blas {

/** A BLAS vector of `n` elements `inc` apart: the offset of element i (a negative `inc` starts at the far end). */
inline size_t at(int64_t i, int64_t n, int64_t inc) { return static_cast<size_t>(inc >= 0 ? i * inc : (n - 1 - i) * -inc); }
inline size_t span(int64_t n, int64_t inc) { return n > 0 ? at(n - 1, n, inc < 0 ? -inc : inc) + 1 : 0; }
/** Elements a column-major `rows` x `cols` matrix with leading dimension `ld` reaches. */
inline size_t extent(int64_t rows, int64_t cols, int64_t ld) { return rows > 0 && cols > 0 ? static_cast<size_t>(ld * (cols - 1) + rows) : 0; }

/** Device memory in host copies: read after the work queued on the stream, written back with `store`. */
template <typename T>
std::vector<T> load(hipStream_t stream, const T *device, size_t count) {
  std::vector<T> host(count);
  hipStreamSynchronize(stream);
  if (count) hipMemcpy(host.data(), device, count * sizeof(T), hipMemcpyDeviceToHost);
  return host;
}
template <typename T>
void store(T *device, const std::vector<T> &host) {
  if (!host.empty()) hipMemcpy(device, host.data(), host.size() * sizeof(T), hipMemcpyHostToDevice);
}

/** A scalar argument (alpha, beta), in host or device memory as the handle's pointer mode says. */
template <typename T>
T scalar(hipblasHandle_t h, const T *p) {
  return h->pointer_mode == HIPBLAS_POINTER_MODE_DEVICE ? load(h->stream, p, 1)[0] : *p;
}
/** A scalar result (dot, nrm2, iamax), written as the handle's pointer mode says. */
template <typename T>
void result(hipblasHandle_t h, T *p, T value) {
  if (h->pointer_mode == HIPBLAS_POINTER_MODE_DEVICE) store(p, std::vector<T>(1, value));
  else *p = value;
}

/** The index types of the routines without and with the `_64` suffix. */
typedef int index;
typedef int64_t index_64;

/** The type a routine on T computes in: float for half. */
template <typename T>
using Acc = typename std::conditional<std::is_same<T, __half>::value, float, T>::type;

template <typename T>
hipblasStatus_t axpy(hipblasHandle_t h, int64_t n, const T *alpha, const T *x, int64_t incx, T *y, int64_t incy) {
  if (!h) return HIPBLAS_STATUS_NOT_INITIALIZED;
  if (n <= 0) return HIPBLAS_STATUS_SUCCESS;
  const Acc<T> a = scalar(h, alpha);
  const std::vector<T> hx = load(h->stream, x, span(n, incx));
  std::vector<T> hy = load(h->stream, static_cast<const T *>(y), span(n, incy));
  for (int64_t i = 0; i < n; ++i) hy[at(i, n, incy)] = static_cast<T>(a * static_cast<Acc<T>>(hx[at(i, n, incx)]) + static_cast<Acc<T>>(hy[at(i, n, incy)]));
  store(y, hy);
  return HIPBLAS_STATUS_SUCCESS;
}

template <typename T>
hipblasStatus_t scal(hipblasHandle_t h, int64_t n, const T *alpha, T *x, int64_t incx) {
  if (!h) return HIPBLAS_STATUS_NOT_INITIALIZED;
  if (n <= 0 || incx <= 0) return HIPBLAS_STATUS_SUCCESS;
  const Acc<T> a = scalar(h, alpha);
  std::vector<T> hx = load(h->stream, static_cast<const T *>(x), span(n, incx));
  for (int64_t i = 0; i < n; ++i) hx[at(i, n, incx)] = static_cast<T>(a * static_cast<Acc<T>>(hx[at(i, n, incx)]));
  store(x, hx);
  return HIPBLAS_STATUS_SUCCESS;
}

template <typename T>
hipblasStatus_t copy(hipblasHandle_t h, int64_t n, const T *x, int64_t incx, T *y, int64_t incy) {
  if (!h) return HIPBLAS_STATUS_NOT_INITIALIZED;
  if (n <= 0) return HIPBLAS_STATUS_SUCCESS;
  const std::vector<T> hx = load(h->stream, x, span(n, incx));
  std::vector<T> hy = load(h->stream, static_cast<const T *>(y), span(n, incy));
  for (int64_t i = 0; i < n; ++i) hy[at(i, n, incy)] = hx[at(i, n, incx)];
  store(y, hy);
  return HIPBLAS_STATUS_SUCCESS;
}

template <typename T>
hipblasStatus_t swap(hipblasHandle_t h, int64_t n, T *x, int64_t incx, T *y, int64_t incy) {
  if (!h) return HIPBLAS_STATUS_NOT_INITIALIZED;
  if (n <= 0) return HIPBLAS_STATUS_SUCCESS;
  std::vector<T> hx = load(h->stream, static_cast<const T *>(x), span(n, incx));
  std::vector<T> hy = load(h->stream, static_cast<const T *>(y), span(n, incy));
  for (int64_t i = 0; i < n; ++i) std::swap(hx[at(i, n, incx)], hy[at(i, n, incy)]);
  store(x, hx);
  store(y, hy);
  return HIPBLAS_STATUS_SUCCESS;
}

template <typename T, typename R = T>
hipblasStatus_t dot(hipblasHandle_t h, int64_t n, const T *x, int64_t incx, const T *y, int64_t incy, R *out) {
  if (!h) return HIPBLAS_STATUS_NOT_INITIALIZED;
  const std::vector<T> hx = load(h->stream, x, span(n, incx));
  const std::vector<T> hy = load(h->stream, y, span(n, incy));
  Acc<T> sum = 0;
  for (int64_t i = 0; i < n; ++i) sum += static_cast<Acc<T>>(hx[at(i, n, incx)]) * static_cast<Acc<T>>(hy[at(i, n, incy)]);
  result(h, out, static_cast<R>(sum));
  return HIPBLAS_STATUS_SUCCESS;
}

/** nrm2 (`squares`) and asum (incx <= 0 gives 0, as BLAS). */
template <typename T>
hipblasStatus_t norm(hipblasHandle_t h, int64_t n, const T *x, int64_t incx, T *out, bool squares) {
  if (!h) return HIPBLAS_STATUS_NOT_INITIALIZED;
  Acc<T> acc = 0;
  if (n > 0 && incx > 0) {
    const std::vector<T> hx = load(h->stream, x, span(n, incx));
    for (int64_t i = 0; i < n; ++i) {
      const Acc<T> v = static_cast<Acc<T>>(hx[at(i, n, incx)]);
      acc += squares ? v * v : std::fabs(v);
    }
  }
  result(h, out, static_cast<T>(squares ? std::sqrt(acc) : acc));
  return HIPBLAS_STATUS_SUCCESS;
}

/** iamax and iamin: the 1-based index of the first element of largest (smallest) magnitude; 0 when n or incx is not positive. */
template <typename T, typename I, typename Better>
hipblasStatus_t iamax(hipblasHandle_t h, int64_t n, const T *x, int64_t incx, I *out, Better better) {
  if (!h) return HIPBLAS_STATUS_NOT_INITIALIZED;
  I best = 0;
  if (n > 0 && incx > 0) {
    const std::vector<T> hx = load(h->stream, x, span(n, incx));
    best = 1;
    for (int64_t i = 1; i < n; ++i)
      if (better(std::fabs(static_cast<Acc<T>>(hx[at(i, n, incx)])), std::fabs(static_cast<Acc<T>>(hx[at(best - 1, n, incx)])))) best = static_cast<I>(i + 1);
  }
  result(h, out, best);
  return HIPBLAS_STATUS_SUCCESS;
}

/** op(A)(i, l) of a column-major A with leading dimension lda. */
template <typename T>
Acc<T> element(const std::vector<T> &a, hipblasOperation_t op, int64_t i, int64_t l, int64_t lda) {
  return static_cast<Acc<T>>(op == HIPBLAS_OP_N ? a[i + l * lda] : a[l + i * lda]);
}

/** y = alpha op(A) x + beta y, A m x n. */
template <typename T>
hipblasStatus_t gemv(hipblasHandle_t h, hipblasOperation_t op, int64_t m, int64_t n, const T *alpha, const T *A, int64_t lda, const T *x, int64_t incx, const T *beta, T *y, int64_t incy) {
  if (!h) return HIPBLAS_STATUS_NOT_INITIALIZED;
  if (m < 0 || n < 0 || lda < (m > 1 ? m : 1) || incx == 0 || incy == 0) return HIPBLAS_STATUS_INVALID_VALUE;
  const int64_t rows = op == HIPBLAS_OP_N ? m : n, cols = op == HIPBLAS_OP_N ? n : m;
  if (rows == 0) return HIPBLAS_STATUS_SUCCESS;
  const Acc<T> a = scalar(h, alpha), b = scalar(h, beta);
  const std::vector<T> ha = load(h->stream, A, extent(m, n, lda));
  const std::vector<T> hx = load(h->stream, x, span(cols, incx));
  std::vector<T> hy = load(h->stream, static_cast<const T *>(y), span(rows, incy));
  for (int64_t i = 0; i < rows; ++i) {
    Acc<T> sum = 0;
    for (int64_t l = 0; l < cols; ++l) sum += element(ha, op, i, l, lda) * static_cast<Acc<T>>(hx[at(l, cols, incx)]);
    T &yi = hy[at(i, rows, incy)];
    yi = static_cast<T>(a * sum + (b == Acc<T>(0) ? Acc<T>(0) : b * static_cast<Acc<T>>(yi)));
  }
  store(y, hy);
  return HIPBLAS_STATUS_SUCCESS;
}

/**
 * C_i = alpha op(A_i) op(B_i) + beta C_i for i < batch, op(A) m x k, op(B) k x n, the matrices
 * `stride` elements apart; beta 0 ignores C's contents (NaN included), as BLAS does.
 */
template <typename T, typename S>
hipblasStatus_t multiply(hipblasHandle_t h, hipblasOperation_t ta, hipblasOperation_t tb, int64_t m, int64_t n, int64_t k, S a, const T *A, int64_t lda, int64_t strideA, const T *B, int64_t ldb, int64_t strideB, S b, T *C, int64_t ldc, int64_t strideC, int64_t batch) {
  if (!h) return HIPBLAS_STATUS_NOT_INITIALIZED;
  const int64_t arows = ta == HIPBLAS_OP_N ? m : k, acols = ta == HIPBLAS_OP_N ? k : m;
  const int64_t brows = tb == HIPBLAS_OP_N ? k : n, bcols = tb == HIPBLAS_OP_N ? n : k;
  if (m < 0 || n < 0 || k < 0 || batch < 0 || lda < (arows > 1 ? arows : 1) || ldb < (brows > 1 ? brows : 1) || ldc < (m > 1 ? m : 1)) return HIPBLAS_STATUS_INVALID_VALUE;
  if (m == 0 || n == 0 || batch == 0) return HIPBLAS_STATUS_SUCCESS;
  const size_t ea = extent(arows, acols, lda), eb = extent(brows, bcols, ldb), ec = extent(m, n, ldc);
  const std::vector<T> ha = load(h->stream, A, strideA * (batch - 1) + ea);
  const std::vector<T> hb = load(h->stream, B, strideB * (batch - 1) + eb);
  std::vector<T> hc = load(h->stream, static_cast<const T *>(C), strideC * (batch - 1) + ec);
  for (int64_t p = 0; p < batch; ++p) {
    const std::vector<T> ap(ha.begin() + strideA * p, ha.begin() + strideA * p + ea);
    const std::vector<T> bp(hb.begin() + strideB * p, hb.begin() + strideB * p + eb);
    for (int64_t j = 0; j < n; ++j)
      for (int64_t i = 0; i < m; ++i) {
        S sum = 0;
        for (int64_t l = 0; l < k; ++l) sum += static_cast<S>(element(ap, ta, i, l, lda)) * static_cast<S>(element(bp, tb, l, j, ldb));
        T &c = hc[strideC * p + i + j * ldc];
        c = static_cast<T>(a * sum + (b == S(0) ? S(0) : b * static_cast<S>(static_cast<Acc<T>>(c))));
      }
  }
  store(C, hc);
  return HIPBLAS_STATUS_SUCCESS;
}

/** gemm with alpha and beta where the pointer mode says, in the type it computes in. */
template <typename T, typename S>
hipblasStatus_t gemm(hipblasHandle_t h, hipblasOperation_t ta, hipblasOperation_t tb, int64_t m, int64_t n, int64_t k, const S *alpha, const T *A, int64_t lda, int64_t strideA, const T *B, int64_t ldb, int64_t strideB, const S *beta, T *C, int64_t ldc, int64_t strideC, int64_t batch) {
  if (!h) return HIPBLAS_STATUS_NOT_INITIALIZED;
  if (!alpha || !beta) return HIPBLAS_STATUS_INVALID_VALUE;
  return multiply<T, Acc<S>>(h, ta, tb, m, n, k, scalar(h, alpha), A, lda, strideA, B, ldb, strideB, scalar(h, beta), C, ldc, strideC, batch);
}

/** gemm of arrays of matrix pointers (in device memory): one gemm per pointer triple. */
template <typename T>
hipblasStatus_t gemmBatched(hipblasHandle_t h, hipblasOperation_t ta, hipblasOperation_t tb, int64_t m, int64_t n, int64_t k, const T *alpha, const T *const A[], int64_t lda, const T *const B[], int64_t ldb, const T *beta, T *const C[], int64_t ldc, int64_t batch) {
  if (!h) return HIPBLAS_STATUS_NOT_INITIALIZED;
  if (batch <= 0) return HIPBLAS_STATUS_SUCCESS;
  const std::vector<const T *> as = load(h->stream, A, batch), bs = load(h->stream, B, batch);
  const std::vector<T *> cs = load(h->stream, C, batch);
  for (int64_t p = 0; p < batch; ++p) {
    const hipblasStatus_t s = gemm(h, ta, tb, m, n, k, alpha, as[p], lda, 0, bs[p], ldb, 0, beta, cs[p], ldc, 0, 1);
    if (s != HIPBLAS_STATUS_SUCCESS) return s;
  }
  return HIPBLAS_STATUS_SUCCESS;
}

/** The C type of an `Ex` routine's data type, called with a null pointer of it; false when not provided. */
template <typename Call>
bool dispatch(hipDataType type, Call call) {
  switch (type) {
    case HIP_R_32F: call(static_cast<float *>(nullptr)); return true;
    case HIP_R_64F: call(static_cast<double *>(nullptr)); return true;
    case HIP_R_16F: call(static_cast<__half *>(nullptr)); return true;
    default: return false;
  }
}

}  // namespace hip2vx_blas

inline hipblasStatus_t hipblasCreate(hipblasHandle_t *handle) {
  if (!handle) return HIPBLAS_STATUS_HANDLE_IS_NULLPTR;
  *handle = new hip2vx_blas_handle();
  return HIPBLAS_STATUS_SUCCESS;
}
inline hipblasStatus_t hipblasDestroy(hipblasHandle_t handle) {
  if (!handle) return HIPBLAS_STATUS_NOT_INITIALIZED;
  delete handle;
  return HIPBLAS_STATUS_SUCCESS;
}
inline hipblasStatus_t hipblasSetStream(hipblasHandle_t h, hipStream_t stream) { return h ? (h->stream = stream, HIPBLAS_STATUS_SUCCESS) : HIPBLAS_STATUS_NOT_INITIALIZED; }
inline hipblasStatus_t hipblasGetStream(hipblasHandle_t h, hipStream_t *stream) { return h ? (*stream = h->stream, HIPBLAS_STATUS_SUCCESS) : HIPBLAS_STATUS_NOT_INITIALIZED; }
inline hipblasStatus_t hipblasSetPointerMode(hipblasHandle_t h, hipblasPointerMode_t mode) { return h ? (h->pointer_mode = mode, HIPBLAS_STATUS_SUCCESS) : HIPBLAS_STATUS_NOT_INITIALIZED; }
inline hipblasStatus_t hipblasGetPointerMode(hipblasHandle_t h, hipblasPointerMode_t *mode) { return h ? (*mode = h->pointer_mode, HIPBLAS_STATUS_SUCCESS) : HIPBLAS_STATUS_NOT_INITIALIZED; }
inline hipblasStatus_t hipblasSetAtomicsMode(hipblasHandle_t h, hipblasAtomicsMode_t mode) { return h ? (h->atomics = mode, HIPBLAS_STATUS_SUCCESS) : HIPBLAS_STATUS_NOT_INITIALIZED; }
inline hipblasStatus_t hipblasGetAtomicsMode(hipblasHandle_t h, hipblasAtomicsMode_t *mode) { return h ? (*mode = h->atomics, HIPBLAS_STATUS_SUCCESS) : HIPBLAS_STATUS_NOT_INITIALIZED; }
inline hipblasStatus_t hipblasSetMathMode(hipblasHandle_t h, hipblasMath_t mode) { return h ? (h->math = mode, HIPBLAS_STATUS_SUCCESS) : HIPBLAS_STATUS_NOT_INITIALIZED; }
inline hipblasStatus_t hipblasGetMathMode(hipblasHandle_t h, hipblasMath_t *mode) { return h ? (*mode = h->math, HIPBLAS_STATUS_SUCCESS) : HIPBLAS_STATUS_NOT_INITIALIZED; }

inline const char *hipblasStatusToString(hipblasStatus_t status) {
  static const char *const names[] = {"HIPBLAS_STATUS_SUCCESS", "HIPBLAS_STATUS_NOT_INITIALIZED", "HIPBLAS_STATUS_ALLOC_FAILED", "HIPBLAS_STATUS_INVALID_VALUE", "HIPBLAS_STATUS_MAPPING_ERROR", "HIPBLAS_STATUS_EXECUTION_FAILED", "HIPBLAS_STATUS_INTERNAL_ERROR", "HIPBLAS_STATUS_NOT_SUPPORTED", "HIPBLAS_STATUS_ARCH_MISMATCH", "HIPBLAS_STATUS_HANDLE_IS_NULLPTR", "HIPBLAS_STATUS_INVALID_ENUM", "HIPBLAS_STATUS_UNKNOWN"};
  return status >= 0 && status <= HIPBLAS_STATUS_UNKNOWN ? names[status] : "<undefined hipblasStatus_t value>";
}
inline const char *hipblasGetStatusString(hipblasStatus_t status) { return hipblasStatusToString(status); }

/** Vectors and matrices between host and device memory, elements `elemSize` bytes, strided. */
inline hipblasStatus_t hipblasSetMatrixAsync(int rows, int cols, int elemSize, const void *A, int lda, void *B, int ldb, hipStream_t stream) {
  if (rows < 0 || cols < 0 || elemSize <= 0 || lda < rows || ldb < rows) return HIPBLAS_STATUS_INVALID_VALUE;
  return hipMemcpy2DAsync(B, size_t(ldb) * elemSize, A, size_t(lda) * elemSize, size_t(rows) * elemSize, cols, hipMemcpyHostToDevice, stream) == hipSuccess ? HIPBLAS_STATUS_SUCCESS : HIPBLAS_STATUS_MAPPING_ERROR;
}
inline hipblasStatus_t hipblasGetMatrixAsync(int rows, int cols, int elemSize, const void *A, int lda, void *B, int ldb, hipStream_t stream) {
  if (rows < 0 || cols < 0 || elemSize <= 0 || lda < rows || ldb < rows) return HIPBLAS_STATUS_INVALID_VALUE;
  return hipMemcpy2DAsync(B, size_t(ldb) * elemSize, A, size_t(lda) * elemSize, size_t(rows) * elemSize, cols, hipMemcpyDeviceToHost, stream) == hipSuccess ? HIPBLAS_STATUS_SUCCESS : HIPBLAS_STATUS_MAPPING_ERROR;
}
inline hipblasStatus_t hipblasSetMatrix(int rows, int cols, int elemSize, const void *A, int lda, void *B, int ldb) {
  const hipblasStatus_t s = hipblasSetMatrixAsync(rows, cols, elemSize, A, lda, B, ldb, 0);
  return s == HIPBLAS_STATUS_SUCCESS && hipStreamSynchronize(0) != hipSuccess ? HIPBLAS_STATUS_MAPPING_ERROR : s;
}
inline hipblasStatus_t hipblasGetMatrix(int rows, int cols, int elemSize, const void *A, int lda, void *B, int ldb) {
  const hipblasStatus_t s = hipblasGetMatrixAsync(rows, cols, elemSize, A, lda, B, ldb, 0);
  return s == HIPBLAS_STATUS_SUCCESS && hipStreamSynchronize(0) != hipSuccess ? HIPBLAS_STATUS_MAPPING_ERROR : s;
}
/** A vector is a one-row matrix whose columns are `inc` elements apart. */
inline hipblasStatus_t hipblasSetVectorAsync(int n, int elemSize, const void *x, int incx, void *y, int incy, hipStream_t stream) {
  return incx <= 0 || incy <= 0 ? HIPBLAS_STATUS_INVALID_VALUE : hipblasSetMatrixAsync(1, n, elemSize, x, incx, y, incy, stream);
}
inline hipblasStatus_t hipblasGetVectorAsync(int n, int elemSize, const void *x, int incx, void *y, int incy, hipStream_t stream) {
  return incx <= 0 || incy <= 0 ? HIPBLAS_STATUS_INVALID_VALUE : hipblasGetMatrixAsync(1, n, elemSize, x, incx, y, incy, stream);
}
inline hipblasStatus_t hipblasSetVector(int n, int elemSize, const void *x, int incx, void *y, int incy) {
  return incx <= 0 || incy <= 0 ? HIPBLAS_STATUS_INVALID_VALUE : hipblasSetMatrix(1, n, elemSize, x, incx, y, incy);
}
inline hipblasStatus_t hipblasGetVector(int n, int elemSize, const void *x, int incx, void *y, int incy) {
  return incx <= 0 || incy <= 0 ? HIPBLAS_STATUS_INVALID_VALUE : hipblasGetMatrix(1, n, elemSize, x, incx, y, incy);
}

// The typed routines, each for its BLAS prefix and type, in hipBLAS's int and `_64` (int64_t) forms.
#define HIP2VX_BLAS_LEVEL1(P, p, T, I)                                                                                         \
  inline hipblasStatus_t hipblas##P##axpy##I(hipblasHandle_t h, hip2vx_blas::index##I n, const T *alpha, const T *x, hip2vx_blas::index##I incx, T *y, hip2vx_blas::index##I incy) { return hip2vx_blas::axpy(h, n, alpha, x, incx, y, incy); } \
  inline hipblasStatus_t hipblas##P##scal##I(hipblasHandle_t h, hip2vx_blas::index##I n, const T *alpha, T *x, hip2vx_blas::index##I incx) { return hip2vx_blas::scal(h, n, alpha, x, incx); } \
  inline hipblasStatus_t hipblas##P##copy##I(hipblasHandle_t h, hip2vx_blas::index##I n, const T *x, hip2vx_blas::index##I incx, T *y, hip2vx_blas::index##I incy) { return hip2vx_blas::copy(h, n, x, incx, y, incy); } \
  inline hipblasStatus_t hipblas##P##swap##I(hipblasHandle_t h, hip2vx_blas::index##I n, T *x, hip2vx_blas::index##I incx, T *y, hip2vx_blas::index##I incy) { return hip2vx_blas::swap(h, n, x, incx, y, incy); } \
  inline hipblasStatus_t hipblas##P##dot##I(hipblasHandle_t h, hip2vx_blas::index##I n, const T *x, hip2vx_blas::index##I incx, const T *y, hip2vx_blas::index##I incy, T *result) { return hip2vx_blas::dot(h, n, x, incx, y, incy, result); } \
  inline hipblasStatus_t hipblas##P##nrm2##I(hipblasHandle_t h, hip2vx_blas::index##I n, const T *x, hip2vx_blas::index##I incx, T *result) { return hip2vx_blas::norm(h, n, x, incx, result, true); } \
  inline hipblasStatus_t hipblas##P##asum##I(hipblasHandle_t h, hip2vx_blas::index##I n, const T *x, hip2vx_blas::index##I incx, T *result) { return hip2vx_blas::norm(h, n, x, incx, result, false); } \
  inline hipblasStatus_t hipblasI##p##amax##I(hipblasHandle_t h, hip2vx_blas::index##I n, const T *x, hip2vx_blas::index##I incx, hip2vx_blas::index##I *result) { return hip2vx_blas::iamax(h, n, x, incx, result, [](T a, T b) { return a > b; }); } \
  inline hipblasStatus_t hipblasI##p##amin##I(hipblasHandle_t h, hip2vx_blas::index##I n, const T *x, hip2vx_blas::index##I incx, hip2vx_blas::index##I *result) { return hip2vx_blas::iamax(h, n, x, incx, result, [](T a, T b) { return a < b; }); } \
  inline hipblasStatus_t hipblas##P##gemv##I(hipblasHandle_t h, hipblasOperation_t op, hip2vx_blas::index##I m, hip2vx_blas::index##I n, const T *alpha, const T *A, hip2vx_blas::index##I lda, const T *x, hip2vx_blas::index##I incx, const T *beta, T *y, hip2vx_blas::index##I incy) { return hip2vx_blas::gemv(h, op, m, n, alpha, A, lda, x, incx, beta, y, incy); }

#define HIP2VX_BLAS_LEVEL3(P, T, I)                                                                                         \
  inline hipblasStatus_t hipblas##P##gemm##I(hipblasHandle_t h, hipblasOperation_t ta, hipblasOperation_t tb, hip2vx_blas::index##I m, hip2vx_blas::index##I n, hip2vx_blas::index##I k, const T *alpha, const T *A, hip2vx_blas::index##I lda, const T *B, hip2vx_blas::index##I ldb, const T *beta, T *C, hip2vx_blas::index##I ldc) { \
    return hip2vx_blas::gemm(h, ta, tb, m, n, k, alpha, A, lda, 0, B, ldb, 0, beta, C, ldc, 0, 1); } \
  inline hipblasStatus_t hipblas##P##gemmStridedBatched##I(hipblasHandle_t h, hipblasOperation_t ta, hipblasOperation_t tb, hip2vx_blas::index##I m, hip2vx_blas::index##I n, hip2vx_blas::index##I k, const T *alpha, const T *A, hip2vx_blas::index##I lda, int64_t strideA, const T *B, hip2vx_blas::index##I ldb, int64_t strideB, const T *beta, T *C, hip2vx_blas::index##I ldc, int64_t strideC, hip2vx_blas::index##I batch) { \
    return hip2vx_blas::gemm(h, ta, tb, m, n, k, alpha, A, lda, strideA, B, ldb, strideB, beta, C, ldc, strideC, batch); } \
  inline hipblasStatus_t hipblas##P##gemmBatched##I(hipblasHandle_t h, hipblasOperation_t ta, hipblasOperation_t tb, hip2vx_blas::index##I m, hip2vx_blas::index##I n, hip2vx_blas::index##I k, const T *alpha, const T *const A[], hip2vx_blas::index##I lda, const T *const B[], hip2vx_blas::index##I ldb, const T *beta, T *const C[], hip2vx_blas::index##I ldc, hip2vx_blas::index##I batch) { \
    return hip2vx_blas::gemmBatched(h, ta, tb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc, batch); }

HIP2VX_BLAS_LEVEL1(S, s, float, )
HIP2VX_BLAS_LEVEL1(D, d, double, )
HIP2VX_BLAS_LEVEL1(S, s, float, _64)
HIP2VX_BLAS_LEVEL1(D, d, double, _64)
HIP2VX_BLAS_LEVEL3(S, float, )
HIP2VX_BLAS_LEVEL3(D, double, )
HIP2VX_BLAS_LEVEL3(H, hipblasHalf, )
HIP2VX_BLAS_LEVEL3(S, float, _64)
HIP2VX_BLAS_LEVEL3(D, double, _64)
HIP2VX_BLAS_LEVEL3(H, hipblasHalf, _64)
#undef HIP2VX_BLAS_LEVEL1
#undef HIP2VX_BLAS_LEVEL3

/** dot with the data types named at run time; the result may be in another type than the vectors. */
inline hipblasStatus_t hipblasDotEx(hipblasHandle_t h, int n, const void *x, hipDataType xType, int incx, const void *y, hipDataType yType, int incy, void *result, hipDataType resultType, hipDataType executionType) {
  if (!h) return HIPBLAS_STATUS_NOT_INITIALIZED;
  if (xType != yType || resultType != xType) return HIPBLAS_STATUS_NOT_SUPPORTED;
  hipblasStatus_t s = HIPBLAS_STATUS_NOT_SUPPORTED;
  hip2vx_blas::dispatch(xType, [&](auto *type) {
    using T = typename std::remove_pointer<decltype(type)>::type;
    s = hip2vx_blas::dot(h, n, static_cast<const T *>(x), incx, static_cast<const T *>(y), incy, static_cast<T *>(result));
  });
  return s;
}

/** gemm with the data types named at run time: A and B of one type, C of one type, the scalars of the compute type. */
inline hipblasStatus_t hipblasGemmStridedBatchedEx(hipblasHandle_t h, hipblasOperation_t ta, hipblasOperation_t tb, int m, int n, int k, const void *alpha, const void *A, hipDataType aType, int lda, int64_t strideA, const void *B, hipDataType bType, int ldb, int64_t strideB, const void *beta, void *C, hipDataType cType, int ldc, int64_t strideC, int batch, hipblasComputeType_t computeType, hipblasGemmAlgo_t) {
  if (!h) return HIPBLAS_STATUS_NOT_INITIALIZED;
  if (aType != bType || aType != cType) return HIPBLAS_STATUS_NOT_SUPPORTED;
  hipblasStatus_t s = HIPBLAS_STATUS_NOT_SUPPORTED;
  hip2vx_blas::dispatch(aType, [&](auto *type) {
    using T = typename std::remove_pointer<decltype(type)>::type;
    const T *a = static_cast<const T *>(A), *b = static_cast<const T *>(B);
    // The scalars are of the compute type: half only for HIPBLAS_COMPUTE_16F.
    if (std::is_same<T, __half>::value && computeType != HIPBLAS_COMPUTE_16F && computeType != HIPBLAS_COMPUTE_16F_PEDANTIC)
      s = hip2vx_blas::gemm(h, ta, tb, m, n, k, static_cast<const float *>(alpha), a, lda, strideA, b, ldb, strideB, static_cast<const float *>(beta), static_cast<T *>(C), ldc, strideC, batch);
    else
      s = hip2vx_blas::gemm(h, ta, tb, m, n, k, static_cast<const T *>(alpha), a, lda, strideA, b, ldb, strideB, static_cast<const T *>(beta), static_cast<T *>(C), ldc, strideC, batch);
  });
  return s;
}
inline hipblasStatus_t hipblasGemmEx(hipblasHandle_t h, hipblasOperation_t ta, hipblasOperation_t tb, int m, int n, int k, const void *alpha, const void *A, hipDataType aType, int lda, const void *B, hipDataType bType, int ldb, const void *beta, void *C, hipDataType cType, int ldc, hipblasComputeType_t computeType, hipblasGemmAlgo_t algo) {
  return hipblasGemmStridedBatchedEx(h, ta, tb, m, n, k, alpha, A, aType, lda, 0, B, bType, ldb, 0, beta, C, cType, ldc, 0, 1, computeType, algo);
}

#endif  // __HIP_DEVICE_COMPILE__
