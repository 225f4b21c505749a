// CUDA's library data types (library_types.h: cudaDataType, CUDA_R_32F, ...) as HIP's hipDataType,
// for CUDA programs and for the bundled cuBLAS and cuSPARSE names (cublas_v2.h, cusparse.h), which
// include this file. Host code only, as the libraries' routines.
#pragma once

#include <hip/hip_runtime.h>

#ifndef __HIP_DEVICE_COMPILE__

typedef hipDataType cudaDataType;
typedef hipDataType cudaDataType_t;
constexpr cudaDataType CUDA_R_32F = HIP_R_32F, CUDA_R_64F = HIP_R_64F, CUDA_R_16F = HIP_R_16F, CUDA_R_8I = HIP_R_8I, CUDA_C_32F = HIP_C_32F,
                       CUDA_C_64F = HIP_C_64F, CUDA_C_16F = HIP_C_16F, CUDA_C_8I = HIP_C_8I, CUDA_R_8U = HIP_R_8U, CUDA_C_8U = HIP_C_8U,
                       CUDA_R_32I = HIP_R_32I, CUDA_C_32I = HIP_C_32I, CUDA_R_32U = HIP_R_32U, CUDA_C_32U = HIP_C_32U, CUDA_R_16BF = HIP_R_16BF,
                       CUDA_C_16BF = HIP_C_16BF;

#endif  // __HIP_DEVICE_COMPILE__
