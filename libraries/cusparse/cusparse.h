// cuSPARSE's names for the routines of hip2vortex's hipSPARSE subset (its generic API), for CUDA
// programs: an `#include <cusparse.h>` is this file, translated with the program
// (libraries/README.md). The types and constants are hipSPARSE's under cuSPARSE's names, the data
// types CUDA's (library_types.h), and each routine is the hipSPARSE one (run on the host through
// copies) under its cuSPARSE name.
#pragma once

#include <hip/hip_runtime.h>
#include <hipsparse/hipsparse.h>
#include <library_types.h>

#ifndef __HIP_DEVICE_COMPILE__

typedef hipsparseHandle_t cusparseHandle_t;
typedef hipsparseStatus_t cusparseStatus_t;
typedef hipsparseOperation_t cusparseOperation_t;
typedef hipsparseIndexBase_t cusparseIndexBase_t;
typedef hipsparseIndexType_t cusparseIndexType_t;
typedef hipsparseOrder_t cusparseOrder_t;
typedef hipsparsePointerMode_t cusparsePointerMode_t;
typedef hipsparseFormat_t cusparseFormat_t;
typedef hipsparseSpMVAlg_t cusparseSpMVAlg_t;
typedef hipsparseSpMMAlg_t cusparseSpMMAlg_t;
typedef hipsparseDenseToSparseAlg_t cusparseDenseToSparseAlg_t;
typedef hipsparseSparseToDenseAlg_t cusparseSparseToDenseAlg_t;
typedef hipsparseSpMatDescr_t cusparseSpMatDescr_t;
typedef hipsparseConstSpMatDescr_t cusparseConstSpMatDescr_t;
typedef hipsparseDnMatDescr_t cusparseDnMatDescr_t;
typedef hipsparseConstDnMatDescr_t cusparseConstDnMatDescr_t;
typedef hipsparseDnVecDescr_t cusparseDnVecDescr_t;
typedef hipsparseConstDnVecDescr_t cusparseConstDnVecDescr_t;

#define HIP2VX_CUSPARSE_CONSTANT(type, name) constexpr type CUSPARSE_##name = HIPSPARSE_##name;
HIP2VX_CUSPARSE_CONSTANT(cusparseStatus_t, STATUS_SUCCESS)
HIP2VX_CUSPARSE_CONSTANT(cusparseStatus_t, STATUS_NOT_INITIALIZED)
HIP2VX_CUSPARSE_CONSTANT(cusparseStatus_t, STATUS_ALLOC_FAILED)
HIP2VX_CUSPARSE_CONSTANT(cusparseStatus_t, STATUS_INVALID_VALUE)
HIP2VX_CUSPARSE_CONSTANT(cusparseStatus_t, STATUS_ARCH_MISMATCH)
HIP2VX_CUSPARSE_CONSTANT(cusparseStatus_t, STATUS_MAPPING_ERROR)
HIP2VX_CUSPARSE_CONSTANT(cusparseStatus_t, STATUS_EXECUTION_FAILED)
HIP2VX_CUSPARSE_CONSTANT(cusparseStatus_t, STATUS_INTERNAL_ERROR)
HIP2VX_CUSPARSE_CONSTANT(cusparseStatus_t, STATUS_MATRIX_TYPE_NOT_SUPPORTED)
HIP2VX_CUSPARSE_CONSTANT(cusparseStatus_t, STATUS_ZERO_PIVOT)
HIP2VX_CUSPARSE_CONSTANT(cusparseStatus_t, STATUS_NOT_SUPPORTED)
HIP2VX_CUSPARSE_CONSTANT(cusparseStatus_t, STATUS_INSUFFICIENT_RESOURCES)
HIP2VX_CUSPARSE_CONSTANT(cusparseOperation_t, OPERATION_NON_TRANSPOSE)
HIP2VX_CUSPARSE_CONSTANT(cusparseOperation_t, OPERATION_TRANSPOSE)
HIP2VX_CUSPARSE_CONSTANT(cusparseOperation_t, OPERATION_CONJUGATE_TRANSPOSE)
HIP2VX_CUSPARSE_CONSTANT(cusparseIndexBase_t, INDEX_BASE_ZERO)
HIP2VX_CUSPARSE_CONSTANT(cusparseIndexBase_t, INDEX_BASE_ONE)
HIP2VX_CUSPARSE_CONSTANT(cusparseIndexType_t, INDEX_16U)
HIP2VX_CUSPARSE_CONSTANT(cusparseIndexType_t, INDEX_32I)
HIP2VX_CUSPARSE_CONSTANT(cusparseIndexType_t, INDEX_64I)
HIP2VX_CUSPARSE_CONSTANT(cusparseOrder_t, ORDER_COL)
HIP2VX_CUSPARSE_CONSTANT(cusparseOrder_t, ORDER_ROW)
HIP2VX_CUSPARSE_CONSTANT(cusparsePointerMode_t, POINTER_MODE_HOST)
HIP2VX_CUSPARSE_CONSTANT(cusparsePointerMode_t, POINTER_MODE_DEVICE)
HIP2VX_CUSPARSE_CONSTANT(cusparseFormat_t, FORMAT_CSR)
HIP2VX_CUSPARSE_CONSTANT(cusparseFormat_t, FORMAT_CSC)
HIP2VX_CUSPARSE_CONSTANT(cusparseFormat_t, FORMAT_COO)
HIP2VX_CUSPARSE_CONSTANT(cusparseSpMVAlg_t, SPMV_ALG_DEFAULT)
HIP2VX_CUSPARSE_CONSTANT(cusparseSpMVAlg_t, MV_ALG_DEFAULT)
HIP2VX_CUSPARSE_CONSTANT(cusparseSpMVAlg_t, SPMV_COO_ALG1)
HIP2VX_CUSPARSE_CONSTANT(cusparseSpMVAlg_t, SPMV_CSR_ALG1)
HIP2VX_CUSPARSE_CONSTANT(cusparseSpMVAlg_t, SPMV_CSR_ALG2)
HIP2VX_CUSPARSE_CONSTANT(cusparseSpMVAlg_t, SPMV_COO_ALG2)
HIP2VX_CUSPARSE_CONSTANT(cusparseSpMMAlg_t, SPMM_ALG_DEFAULT)
HIP2VX_CUSPARSE_CONSTANT(cusparseSpMMAlg_t, MM_ALG_DEFAULT)
HIP2VX_CUSPARSE_CONSTANT(cusparseSpMMAlg_t, SPMM_COO_ALG1)
HIP2VX_CUSPARSE_CONSTANT(cusparseSpMMAlg_t, SPMM_COO_ALG2)
HIP2VX_CUSPARSE_CONSTANT(cusparseSpMMAlg_t, SPMM_COO_ALG3)
HIP2VX_CUSPARSE_CONSTANT(cusparseSpMMAlg_t, SPMM_COO_ALG4)
HIP2VX_CUSPARSE_CONSTANT(cusparseSpMMAlg_t, SPMM_CSR_ALG1)
HIP2VX_CUSPARSE_CONSTANT(cusparseSpMMAlg_t, SPMM_CSR_ALG2)
HIP2VX_CUSPARSE_CONSTANT(cusparseSpMMAlg_t, SPMM_CSR_ALG3)
HIP2VX_CUSPARSE_CONSTANT(cusparseDenseToSparseAlg_t, DENSETOSPARSE_ALG_DEFAULT)
HIP2VX_CUSPARSE_CONSTANT(cusparseSparseToDenseAlg_t, SPARSETODENSE_ALG_DEFAULT)
#undef HIP2VX_CUSPARSE_CONSTANT

// cusparseX is hipsparseX (the same parameters, of the types above).
#define HIP2VX_CUSPARSE(name) constexpr auto &cusparse##name = hipsparse##name;
HIP2VX_CUSPARSE(Create)
HIP2VX_CUSPARSE(Destroy)
HIP2VX_CUSPARSE(SetStream)
HIP2VX_CUSPARSE(GetStream)
HIP2VX_CUSPARSE(SetPointerMode)
HIP2VX_CUSPARSE(GetPointerMode)
HIP2VX_CUSPARSE(GetErrorName)
HIP2VX_CUSPARSE(GetErrorString)
HIP2VX_CUSPARSE(CreateCsr)
HIP2VX_CUSPARSE(CreateCsc)
HIP2VX_CUSPARSE(CreateCoo)
HIP2VX_CUSPARSE(DestroySpMat)
HIP2VX_CUSPARSE(SpMatGetSize)
HIP2VX_CUSPARSE(CsrSetPointers)
HIP2VX_CUSPARSE(CooSetPointers)
HIP2VX_CUSPARSE(CreateDnMat)
HIP2VX_CUSPARSE(DestroyDnMat)
HIP2VX_CUSPARSE(CreateDnVec)
HIP2VX_CUSPARSE(DestroyDnVec)
HIP2VX_CUSPARSE(SpMV)
HIP2VX_CUSPARSE(SpMV_bufferSize)
HIP2VX_CUSPARSE(SpMM)
HIP2VX_CUSPARSE(SpMM_bufferSize)
HIP2VX_CUSPARSE(SpMM_preprocess)
HIP2VX_CUSPARSE(DenseToSparse_bufferSize)
HIP2VX_CUSPARSE(DenseToSparse_analysis)
HIP2VX_CUSPARSE(DenseToSparse_convert)
HIP2VX_CUSPARSE(SparseToDense_bufferSize)
HIP2VX_CUSPARSE(SparseToDense)
#undef HIP2VX_CUSPARSE

#endif  // __HIP_DEVICE_COMPILE__
