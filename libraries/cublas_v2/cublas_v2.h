// cuBLAS's v2 names for the routines of hip2vortex's hipBLAS subset, for CUDA programs: an
// `#include <cublas_v2.h>` is this file, translated with the program (libraries/README.md). The
// types and constants are hipBLAS's under cuBLAS's names, and each routine is the hipBLAS one
// (run on the host through copies), under its cuBLAS name and its `_v2` one.
#pragma once

#include <hip/hip_runtime.h>
#include <hipblas/hipblas.h>
#include <library_types.h>

#ifndef __HIP_DEVICE_COMPILE__

typedef hipblasHandle_t cublasHandle_t;
typedef hipblasStatus_t cublasStatus_t;
typedef hipblasOperation_t cublasOperation_t;
typedef hipblasPointerMode_t cublasPointerMode_t;
typedef hipblasAtomicsMode_t cublasAtomicsMode_t;
typedef hipblasMath_t cublasMath_t;
typedef hipblasComputeType_t cublasComputeType_t;
typedef hipblasGemmAlgo_t cublasGemmAlgo_t;

constexpr cublasStatus_t CUBLAS_STATUS_SUCCESS = HIPBLAS_STATUS_SUCCESS, CUBLAS_STATUS_NOT_INITIALIZED = HIPBLAS_STATUS_NOT_INITIALIZED,
                         CUBLAS_STATUS_ALLOC_FAILED = HIPBLAS_STATUS_ALLOC_FAILED, CUBLAS_STATUS_INVALID_VALUE = HIPBLAS_STATUS_INVALID_VALUE,
                         CUBLAS_STATUS_ARCH_MISMATCH = HIPBLAS_STATUS_ARCH_MISMATCH, CUBLAS_STATUS_MAPPING_ERROR = HIPBLAS_STATUS_MAPPING_ERROR,
                         CUBLAS_STATUS_EXECUTION_FAILED = HIPBLAS_STATUS_EXECUTION_FAILED, CUBLAS_STATUS_INTERNAL_ERROR = HIPBLAS_STATUS_INTERNAL_ERROR,
                         CUBLAS_STATUS_NOT_SUPPORTED = HIPBLAS_STATUS_NOT_SUPPORTED, CUBLAS_STATUS_LICENSE_ERROR = HIPBLAS_STATUS_UNKNOWN;
constexpr cublasOperation_t CUBLAS_OP_N = HIPBLAS_OP_N, CUBLAS_OP_T = HIPBLAS_OP_T, CUBLAS_OP_C = HIPBLAS_OP_C, CUBLAS_OP_HERMITAN = HIPBLAS_OP_C;
constexpr cublasPointerMode_t CUBLAS_POINTER_MODE_HOST = HIPBLAS_POINTER_MODE_HOST, CUBLAS_POINTER_MODE_DEVICE = HIPBLAS_POINTER_MODE_DEVICE;
constexpr cublasAtomicsMode_t CUBLAS_ATOMICS_NOT_ALLOWED = HIPBLAS_ATOMICS_NOT_ALLOWED, CUBLAS_ATOMICS_ALLOWED = HIPBLAS_ATOMICS_ALLOWED;
constexpr cublasMath_t CUBLAS_DEFAULT_MATH = HIPBLAS_DEFAULT_MATH, CUBLAS_TENSOR_OP_MATH = HIPBLAS_TENSOR_OP_MATH,
                       CUBLAS_PEDANTIC_MATH = HIPBLAS_PEDANTIC_MATH, CUBLAS_TF32_TENSOR_OP_MATH = HIPBLAS_TF32_TENSOR_OP_MATH;
constexpr cublasComputeType_t CUBLAS_COMPUTE_16F = HIPBLAS_COMPUTE_16F, CUBLAS_COMPUTE_16F_PEDANTIC = HIPBLAS_COMPUTE_16F_PEDANTIC,
                              CUBLAS_COMPUTE_32F = HIPBLAS_COMPUTE_32F, CUBLAS_COMPUTE_32F_PEDANTIC = HIPBLAS_COMPUTE_32F_PEDANTIC,
                              CUBLAS_COMPUTE_32F_FAST_16F = HIPBLAS_COMPUTE_32F_FAST_16F, CUBLAS_COMPUTE_32F_FAST_16BF = HIPBLAS_COMPUTE_32F_FAST_16BF,
                              CUBLAS_COMPUTE_32F_FAST_TF32 = HIPBLAS_COMPUTE_32F_FAST_TF32, CUBLAS_COMPUTE_64F = HIPBLAS_COMPUTE_64F,
                              CUBLAS_COMPUTE_64F_PEDANTIC = HIPBLAS_COMPUTE_64F_PEDANTIC, CUBLAS_COMPUTE_32I = HIPBLAS_COMPUTE_32I,
                              CUBLAS_COMPUTE_32I_PEDANTIC = HIPBLAS_COMPUTE_32I_PEDANTIC;
/** Every algorithm is the one loop on the host. */
constexpr cublasGemmAlgo_t CUBLAS_GEMM_DEFAULT = HIPBLAS_GEMM_DEFAULT, CUBLAS_GEMM_DFALT = HIPBLAS_GEMM_DEFAULT,
                           CUBLAS_GEMM_DEFAULT_TENSOR_OP = HIPBLAS_GEMM_DEFAULT, CUBLAS_GEMM_DFALT_TENSOR_OP = HIPBLAS_GEMM_DEFAULT;

// cublasX and cublasX_v2 are hipblasX (the same parameters, of the types above).
#define HIP2VX_CUBLAS(name) \
  constexpr auto &cublas##name = hipblas##name; \
  constexpr auto &cublas##name##_v2 = hipblas##name;
#define HIP2VX_CUBLAS_TYPED(name) HIP2VX_CUBLAS(S##name) HIP2VX_CUBLAS(D##name)
HIP2VX_CUBLAS(Create)
HIP2VX_CUBLAS(Destroy)
HIP2VX_CUBLAS(SetStream)
HIP2VX_CUBLAS(GetStream)
HIP2VX_CUBLAS(SetPointerMode)
HIP2VX_CUBLAS(GetPointerMode)
HIP2VX_CUBLAS(SetAtomicsMode)
HIP2VX_CUBLAS(GetAtomicsMode)
HIP2VX_CUBLAS(SetMathMode)
HIP2VX_CUBLAS(GetMathMode)
HIP2VX_CUBLAS(SetVector)
HIP2VX_CUBLAS(GetVector)
HIP2VX_CUBLAS(SetMatrix)
HIP2VX_CUBLAS(GetMatrix)
HIP2VX_CUBLAS(SetVectorAsync)
HIP2VX_CUBLAS(GetVectorAsync)
HIP2VX_CUBLAS(SetMatrixAsync)
HIP2VX_CUBLAS(GetMatrixAsync)
HIP2VX_CUBLAS_TYPED(axpy)
HIP2VX_CUBLAS_TYPED(scal)
HIP2VX_CUBLAS_TYPED(copy)
HIP2VX_CUBLAS_TYPED(swap)
HIP2VX_CUBLAS_TYPED(dot)
HIP2VX_CUBLAS_TYPED(nrm2)
HIP2VX_CUBLAS_TYPED(asum)
HIP2VX_CUBLAS_TYPED(gemv)
HIP2VX_CUBLAS_TYPED(gemm)
HIP2VX_CUBLAS_TYPED(gemmStridedBatched)
HIP2VX_CUBLAS_TYPED(gemmBatched)
HIP2VX_CUBLAS(Isamax)
HIP2VX_CUBLAS(Idamax)
HIP2VX_CUBLAS(Isamin)
HIP2VX_CUBLAS(Idamin)
HIP2VX_CUBLAS(Hgemm)
HIP2VX_CUBLAS(HgemmStridedBatched)
HIP2VX_CUBLAS(HgemmBatched)
HIP2VX_CUBLAS(DotEx)
HIP2VX_CUBLAS(GemmStridedBatchedEx)
#undef HIP2VX_CUBLAS_TYPED
#undef HIP2VX_CUBLAS

inline cublasStatus_t cublasGemmEx(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, const void *alpha, const void *A, cudaDataType aType, int lda, const void *B, cudaDataType bType, int ldb, const void *beta, void *C, cudaDataType cType, int ldc, cublasComputeType_t computeType, cublasGemmAlgo_t algo) {
  return hipblasGemmEx(h, ta, tb, m, n, k, alpha, A, aType, lda, B, bType, ldb, beta, C, cType, ldc, computeType, algo);
}
/** CUDA 10's form: the compute type named by a data type. */
inline cublasStatus_t cublasGemmEx(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, const void *alpha, const void *A, cudaDataType aType, int lda, const void *B, cudaDataType bType, int ldb, const void *beta, void *C, cudaDataType cType, int ldc, cudaDataType computeType, cublasGemmAlgo_t algo) {
  const cublasComputeType_t compute = computeType == CUDA_R_64F ? CUBLAS_COMPUTE_64F : computeType == CUDA_R_16F ? CUBLAS_COMPUTE_16F : computeType == CUDA_R_32I ? CUBLAS_COMPUTE_32I : CUBLAS_COMPUTE_32F;
  return hipblasGemmEx(h, ta, tb, m, n, k, alpha, A, aType, lda, B, bType, ldb, beta, C, cType, ldc, compute, algo);
}

inline const char *cublasGetStatusString(cublasStatus_t status) { return hipblasStatusToString(status); }
inline const char *cublasGetStatusName(cublasStatus_t status) { return hipblasStatusToString(status); }

#endif  // __HIP_DEVICE_COMPILE__
