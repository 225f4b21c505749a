// rocBLAS's names for the routines of hip2vortex's hipBLAS subset: an `#include <rocblas/...>`
// of a program is this file, translated with the program (libraries/README.md). Each routine is
// the hipBLAS one (run on the host through copies) under rocBLAS's name, types and statuses.
#pragma once

#include <hip/hip_runtime.h>
#include <hipblas/hipblas.h>

#ifndef __HIP_DEVICE_COMPILE__

typedef enum {
  rocblas_status_success = 0,
  rocblas_status_invalid_handle = 1,
  rocblas_status_not_implemented = 2,
  rocblas_status_invalid_pointer = 3,
  rocblas_status_invalid_size = 4,
  rocblas_status_memory_error = 5,
  rocblas_status_internal_error = 6,
  rocblas_status_perf_degraded = 7,
  rocblas_status_size_query_mismatch = 8,
  rocblas_status_size_increased = 9,
  rocblas_status_size_unchanged = 10,
  rocblas_status_invalid_value = 11,
  rocblas_status_continue = 12,
  rocblas_status_check_numerics_fail = 13,
  rocblas_status_excluded_from_build = 14,
  rocblas_status_arch_mismatch = 15,
} rocblas_status;

typedef enum { rocblas_operation_none = 111, rocblas_operation_transpose = 112, rocblas_operation_conjugate_transpose = 113 } rocblas_operation;
typedef enum { rocblas_pointer_mode_host = 0, rocblas_pointer_mode_device = 1 } rocblas_pointer_mode;
typedef enum { rocblas_datatype_f16_r = 150, rocblas_datatype_f32_r = 151, rocblas_datatype_f64_r = 152 } rocblas_datatype;
typedef enum { rocblas_gemm_algo_standard = 0 } rocblas_gemm_algo;
typedef int32_t rocblas_int;
typedef int64_t rocblas_stride;
/** rocBLAS's half is a struct of the 16 bits; HIP's __half has its size and layout, so casts between them hold. */
typedef __half rocblas_half;
typedef hipblasHandle_t rocblas_handle;

namespace hip2vx_blas {

inline rocblas_status rocblas(hipblasStatus_t s) {
  switch (s) {
    case HIPBLAS_STATUS_SUCCESS: return rocblas_status_success;
    case HIPBLAS_STATUS_NOT_INITIALIZED: case HIPBLAS_STATUS_HANDLE_IS_NULLPTR: return rocblas_status_invalid_handle;
    case HIPBLAS_STATUS_INVALID_VALUE: return rocblas_status_invalid_size;
    case HIPBLAS_STATUS_NOT_SUPPORTED: return rocblas_status_not_implemented;
    case HIPBLAS_STATUS_ALLOC_FAILED: return rocblas_status_memory_error;
    default: return rocblas_status_internal_error;
  }
}

inline hipDataType data_type(rocblas_datatype t) {
  return t == rocblas_datatype_f32_r ? HIP_R_32F : t == rocblas_datatype_f64_r ? HIP_R_64F : t == rocblas_datatype_f16_r ? HIP_R_16F : static_cast<hipDataType>(-1);
}

}  // namespace hip2vx_blas

inline rocblas_status rocblas_create_handle(rocblas_handle *handle) { return hip2vx_blas::rocblas(hipblasCreate(handle)); }
inline rocblas_status rocblas_destroy_handle(rocblas_handle handle) { return hip2vx_blas::rocblas(hipblasDestroy(handle)); }
inline rocblas_status rocblas_set_stream(rocblas_handle h, hipStream_t stream) { return hip2vx_blas::rocblas(hipblasSetStream(h, stream)); }
inline rocblas_status rocblas_get_stream(rocblas_handle h, hipStream_t *stream) { return hip2vx_blas::rocblas(hipblasGetStream(h, stream)); }
inline rocblas_status rocblas_set_pointer_mode(rocblas_handle h, rocblas_pointer_mode mode) { return hip2vx_blas::rocblas(hipblasSetPointerMode(h, static_cast<hipblasPointerMode_t>(mode))); }
inline rocblas_status rocblas_get_pointer_mode(rocblas_handle h, rocblas_pointer_mode *mode) {
  hipblasPointerMode_t m;
  const hipblasStatus_t s = hipblasGetPointerMode(h, &m);
  if (s == HIPBLAS_STATUS_SUCCESS) *mode = static_cast<rocblas_pointer_mode>(m);
  return hip2vx_blas::rocblas(s);
}
inline const char *rocblas_status_to_string(rocblas_status status) {
  static const char *const names[] = {"rocblas_status_success", "rocblas_status_invalid_handle", "rocblas_status_not_implemented", "rocblas_status_invalid_pointer", "rocblas_status_invalid_size", "rocblas_status_memory_error", "rocblas_status_internal_error", "rocblas_status_perf_degraded", "rocblas_status_size_query_mismatch", "rocblas_status_size_increased", "rocblas_status_size_unchanged", "rocblas_status_invalid_value", "rocblas_status_continue", "rocblas_status_check_numerics_fail", "rocblas_status_excluded_from_build", "rocblas_status_arch_mismatch"};
  return status >= 0 && status <= rocblas_status_arch_mismatch ? names[status] : "Invalid status";
}

inline rocblas_status rocblas_set_vector(rocblas_int n, rocblas_int elem_size, const void *x, rocblas_int incx, void *y, rocblas_int incy) { return hip2vx_blas::rocblas(hipblasSetVector(n, elem_size, x, incx, y, incy)); }
inline rocblas_status rocblas_get_vector(rocblas_int n, rocblas_int elem_size, const void *x, rocblas_int incx, void *y, rocblas_int incy) { return hip2vx_blas::rocblas(hipblasGetVector(n, elem_size, x, incx, y, incy)); }
inline rocblas_status rocblas_set_matrix(rocblas_int rows, rocblas_int cols, rocblas_int elem_size, const void *a, rocblas_int lda, void *b, rocblas_int ldb) { return hip2vx_blas::rocblas(hipblasSetMatrix(rows, cols, elem_size, a, lda, b, ldb)); }
inline rocblas_status rocblas_get_matrix(rocblas_int rows, rocblas_int cols, rocblas_int elem_size, const void *a, rocblas_int lda, void *b, rocblas_int ldb) { return hip2vx_blas::rocblas(hipblasGetMatrix(rows, cols, elem_size, a, lda, b, ldb)); }

#define HIP2VX_ROCBLAS_LEVEL1(p, T)                                                                                         \
  inline rocblas_status rocblas_##p##axpy(rocblas_handle h, rocblas_int n, const T *alpha, const T *x, rocblas_int incx, T *y, rocblas_int incy) { return hip2vx_blas::rocblas(hip2vx_blas::axpy(h, n, alpha, x, incx, y, incy)); } \
  inline rocblas_status rocblas_##p##scal(rocblas_handle h, rocblas_int n, const T *alpha, T *x, rocblas_int incx) { return hip2vx_blas::rocblas(hip2vx_blas::scal(h, n, alpha, x, incx)); } \
  inline rocblas_status rocblas_##p##copy(rocblas_handle h, rocblas_int n, const T *x, rocblas_int incx, T *y, rocblas_int incy) { return hip2vx_blas::rocblas(hip2vx_blas::copy(h, n, x, incx, y, incy)); } \
  inline rocblas_status rocblas_##p##swap(rocblas_handle h, rocblas_int n, T *x, rocblas_int incx, T *y, rocblas_int incy) { return hip2vx_blas::rocblas(hip2vx_blas::swap(h, n, x, incx, y, incy)); } \
  inline rocblas_status rocblas_##p##dot(rocblas_handle h, rocblas_int n, const T *x, rocblas_int incx, const T *y, rocblas_int incy, T *result) { return hip2vx_blas::rocblas(hip2vx_blas::dot(h, n, x, incx, y, incy, result)); } \
  inline rocblas_status rocblas_##p##nrm2(rocblas_handle h, rocblas_int n, const T *x, rocblas_int incx, T *result) { return hip2vx_blas::rocblas(hip2vx_blas::norm(h, n, x, incx, result, true)); } \
  inline rocblas_status rocblas_##p##asum(rocblas_handle h, rocblas_int n, const T *x, rocblas_int incx, T *result) { return hip2vx_blas::rocblas(hip2vx_blas::norm(h, n, x, incx, result, false)); } \
  inline rocblas_status rocblas_i##p##amax(rocblas_handle h, rocblas_int n, const T *x, rocblas_int incx, rocblas_int *result) { return hip2vx_blas::rocblas(hipblasI##p##amax(h, n, x, incx, result)); } \
  inline rocblas_status rocblas_i##p##amin(rocblas_handle h, rocblas_int n, const T *x, rocblas_int incx, rocblas_int *result) { return hip2vx_blas::rocblas(hipblasI##p##amin(h, n, x, incx, result)); } \
  inline rocblas_status rocblas_##p##gemv(rocblas_handle h, rocblas_operation op, rocblas_int m, rocblas_int n, const T *alpha, const T *A, rocblas_int lda, const T *x, rocblas_int incx, const T *beta, T *y, rocblas_int incy) { return hip2vx_blas::rocblas(hip2vx_blas::gemv(h, static_cast<hipblasOperation_t>(op), m, n, alpha, A, lda, x, incx, beta, y, incy)); }

#define HIP2VX_ROCBLAS_LEVEL3(p, T)                                                                                         \
  inline rocblas_status rocblas_##p##gemm(rocblas_handle h, rocblas_operation ta, rocblas_operation tb, rocblas_int m, rocblas_int n, rocblas_int k, const T *alpha, const T *A, rocblas_int lda, const T *B, rocblas_int ldb, const T *beta, T *C, rocblas_int ldc) { \
    return hip2vx_blas::rocblas(hip2vx_blas::gemm(h, static_cast<hipblasOperation_t>(ta), static_cast<hipblasOperation_t>(tb), m, n, k, alpha, A, lda, 0, B, ldb, 0, beta, C, ldc, 0, 1)); } \
  inline rocblas_status rocblas_##p##gemm_strided_batched(rocblas_handle h, rocblas_operation ta, rocblas_operation tb, rocblas_int m, rocblas_int n, rocblas_int k, const T *alpha, const T *A, rocblas_int lda, rocblas_stride strideA, const T *B, rocblas_int ldb, rocblas_stride strideB, const T *beta, T *C, rocblas_int ldc, rocblas_stride strideC, rocblas_int batch) { \
    return hip2vx_blas::rocblas(hip2vx_blas::gemm(h, static_cast<hipblasOperation_t>(ta), static_cast<hipblasOperation_t>(tb), m, n, k, alpha, A, lda, strideA, B, ldb, strideB, beta, C, ldc, strideC, batch)); } \
  inline rocblas_status rocblas_##p##gemm_batched(rocblas_handle h, rocblas_operation ta, rocblas_operation tb, rocblas_int m, rocblas_int n, rocblas_int k, const T *alpha, const T *const A[], rocblas_int lda, const T *const B[], rocblas_int ldb, const T *beta, T *const C[], rocblas_int ldc, rocblas_int batch) { \
    return hip2vx_blas::rocblas(hip2vx_blas::gemmBatched(h, static_cast<hipblasOperation_t>(ta), static_cast<hipblasOperation_t>(tb), m, n, k, alpha, A, lda, B, ldb, beta, C, ldc, batch)); }

HIP2VX_ROCBLAS_LEVEL1(s, float)
HIP2VX_ROCBLAS_LEVEL1(d, double)
HIP2VX_ROCBLAS_LEVEL3(s, float)
HIP2VX_ROCBLAS_LEVEL3(d, double)
HIP2VX_ROCBLAS_LEVEL3(h, rocblas_half)
#undef HIP2VX_ROCBLAS_LEVEL1
#undef HIP2VX_ROCBLAS_LEVEL3

/** gemm with the data types named at run time, A and B of one type, C and D of one type: D = alpha op(A) op(B) + beta C. */
inline rocblas_status rocblas_gemm_strided_batched_ex(rocblas_handle h, rocblas_operation ta, rocblas_operation tb, rocblas_int m, rocblas_int n, rocblas_int k, const void *alpha, const void *a, rocblas_datatype a_type, rocblas_int lda, rocblas_stride stride_a, const void *b, rocblas_datatype b_type, rocblas_int ldb, rocblas_stride stride_b, const void *beta, const void *c, rocblas_datatype c_type, rocblas_int ldc, rocblas_stride stride_c, void *d, rocblas_datatype d_type, rocblas_int ldd, rocblas_stride stride_d, rocblas_int batch, rocblas_datatype compute_type, rocblas_gemm_algo, int32_t, uint32_t) {
  if (!h) return rocblas_status_invalid_handle;
  if (c_type != d_type) return rocblas_status_not_implemented;
  if (c != d) {
    // C into D, then D in place.
    const size_t size = d_type == rocblas_datatype_f16_r ? 2 : d_type == rocblas_datatype_f32_r ? 4 : 8;
    if (m < 0 || n < 0 || ldc < m || ldd < m) return rocblas_status_invalid_size;
    hipStreamSynchronize(h->stream);
    for (rocblas_int p = 0; p < batch; ++p)
      if (hipMemcpy2D(static_cast<char *>(d) + p * stride_d * size, ldd * size, static_cast<const char *>(c) + p * stride_c * size, ldc * size, m * size, n, hipMemcpyDeviceToDevice) != hipSuccess) return rocblas_status_memory_error;
  }
  const hipblasComputeType_t compute = compute_type == rocblas_datatype_f16_r ? HIPBLAS_COMPUTE_16F : compute_type == rocblas_datatype_f64_r ? HIPBLAS_COMPUTE_64F : HIPBLAS_COMPUTE_32F;
  return hip2vx_blas::rocblas(hipblasGemmStridedBatchedEx(h, static_cast<hipblasOperation_t>(ta), static_cast<hipblasOperation_t>(tb), m, n, k, alpha, a, hip2vx_blas::data_type(a_type), lda, stride_a, b, hip2vx_blas::data_type(b_type), ldb, stride_b, beta, d, hip2vx_blas::data_type(d_type), ldd, stride_d, batch, compute, HIPBLAS_GEMM_DEFAULT));
}
inline rocblas_status rocblas_gemm_ex(rocblas_handle h, rocblas_operation ta, rocblas_operation tb, rocblas_int m, rocblas_int n, rocblas_int k, const void *alpha, const void *a, rocblas_datatype a_type, rocblas_int lda, const void *b, rocblas_datatype b_type, rocblas_int ldb, const void *beta, const void *c, rocblas_datatype c_type, rocblas_int ldc, void *d, rocblas_datatype d_type, rocblas_int ldd, rocblas_datatype compute_type, rocblas_gemm_algo algo, int32_t solution_index, uint32_t flags) {
  return rocblas_gemm_strided_batched_ex(h, ta, tb, m, n, k, alpha, a, a_type, lda, 0, b, b_type, ldb, 0, beta, c, c_type, ldc, 0, d, d_type, ldd, 0, 1, compute_type, algo, solution_index, flags);
}

#endif  // __HIP_DEVICE_COMPILE__
