// hipSPARSE's generic API for hip2vortex: an `#include <hipsparse/...>` of a program is this file,
// translated with the program (libraries/README.md). Sparse (CSR, COO) and dense descriptors,
// SpMV, SpMM and the dense/sparse conversions. Every routine runs on the host: after the work
// queued on the handle's stream, the operands are copied in from device memory, computed (in
// double, rounded once to the value type) and the results copied back. Correct on every backend,
// for programs whose time is not in these calls.
#pragma once

#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>
#include <cstddef>
#include <cstdint>
#include <vector>

#ifndef __HIP_DEVICE_COMPILE__

typedef enum {
  HIPSPARSE_STATUS_SUCCESS = 0,
  HIPSPARSE_STATUS_NOT_INITIALIZED = 1,
  HIPSPARSE_STATUS_ALLOC_FAILED = 2,
  HIPSPARSE_STATUS_INVALID_VALUE = 3,
  HIPSPARSE_STATUS_ARCH_MISMATCH = 4,
  HIPSPARSE_STATUS_MAPPING_ERROR = 5,
  HIPSPARSE_STATUS_EXECUTION_FAILED = 6,
  HIPSPARSE_STATUS_INTERNAL_ERROR = 7,
  HIPSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED = 8,
  HIPSPARSE_STATUS_ZERO_PIVOT = 9,
  HIPSPARSE_STATUS_NOT_SUPPORTED = 10,
  HIPSPARSE_STATUS_INSUFFICIENT_RESOURCES = 11,
} hipsparseStatus_t;

typedef enum { HIPSPARSE_OPERATION_NON_TRANSPOSE = 0, HIPSPARSE_OPERATION_TRANSPOSE = 1, HIPSPARSE_OPERATION_CONJUGATE_TRANSPOSE = 2 } hipsparseOperation_t;
typedef enum { HIPSPARSE_INDEX_BASE_ZERO = 0, HIPSPARSE_INDEX_BASE_ONE = 1 } hipsparseIndexBase_t;
typedef enum { HIPSPARSE_INDEX_16U = 1, HIPSPARSE_INDEX_32I = 2, HIPSPARSE_INDEX_64I = 3 } hipsparseIndexType_t;
typedef enum { HIPSPARSE_ORDER_COL = 1, HIPSPARSE_ORDER_ROW = 2 } hipsparseOrder_t;
typedef enum { HIPSPARSE_POINTER_MODE_HOST = 0, HIPSPARSE_POINTER_MODE_DEVICE = 1 } hipsparsePointerMode_t;
typedef enum { HIPSPARSE_FORMAT_CSR = 1, HIPSPARSE_FORMAT_CSC = 2, HIPSPARSE_FORMAT_COO = 3 } hipsparseFormat_t;
typedef enum { HIPSPARSE_SPMV_ALG_DEFAULT = 0, HIPSPARSE_MV_ALG_DEFAULT = 0, HIPSPARSE_SPMV_COO_ALG1 = 1, HIPSPARSE_SPMV_CSR_ALG1 = 2, HIPSPARSE_SPMV_CSR_ALG2 = 3, HIPSPARSE_SPMV_COO_ALG2 = 4 } hipsparseSpMVAlg_t;
typedef enum { HIPSPARSE_SPMM_ALG_DEFAULT = 0, HIPSPARSE_MM_ALG_DEFAULT = 0, HIPSPARSE_SPMM_COO_ALG1 = 1, HIPSPARSE_SPMM_COO_ALG2 = 2, HIPSPARSE_SPMM_COO_ALG3 = 3, HIPSPARSE_SPMM_COO_ALG4 = 5, HIPSPARSE_SPMM_CSR_ALG1 = 4, HIPSPARSE_SPMM_CSR_ALG2 = 6, HIPSPARSE_SPMM_CSR_ALG3 = 12 } hipsparseSpMMAlg_t;
typedef enum { HIPSPARSE_DENSETOSPARSE_ALG_DEFAULT = 0 } hipsparseDenseToSparseAlg_t;
typedef enum { HIPSPARSE_SPARSETODENSE_ALG_DEFAULT = 0 } hipsparseSparseToDenseAlg_t;

struct hip2vx_sparse_handle {
  hipStream_t stream = 0;
  hipsparsePointerMode_t pointer_mode = HIPSPARSE_POINTER_MODE_HOST;
};
typedef hip2vx_sparse_handle *hipsparseHandle_t;

/** A sparse matrix: CSR (offsets of rows + 1), CSC (offsets of columns + 1) or COO (a row per entry), as device pointers. */
struct hip2vx_sparse_matrix {
  hipsparseFormat_t format;
  int64_t rows, cols, nnz;
  void *offsets, *rowInd, *colInd, *values;  // CSR: offsets, colInd; CSC: offsets, rowInd; COO: rowInd, colInd
  hipsparseIndexType_t offsetType, indexType;
  hipsparseIndexBase_t base;
  hipDataType valueType;
};
typedef hip2vx_sparse_matrix *hipsparseSpMatDescr_t;
typedef const hip2vx_sparse_matrix *hipsparseConstSpMatDescr_t;

struct hip2vx_dense_matrix {
  int64_t rows, cols, ld;
  void *values;
  hipDataType valueType;
  hipsparseOrder_t order;
};
typedef hip2vx_dense_matrix *hipsparseDnMatDescr_t;
typedef const hip2vx_dense_matrix *hipsparseConstDnMatDescr_t;

struct hip2vx_dense_vector {
  int64_t size;
  void *values;
  hipDataType valueType;
};
typedef hip2vx_dense_vector *hipsparseDnVecDescr_t;
typedef const hip2vx_dense_vector *hipsparseConstDnVecDescr_t;

namespace hip2vx_sparse {

inline size_t valueBytes(hipDataType t) { return t == HIP_R_64F ? 8 : t == HIP_R_16F ? 2 : 4; }
inline size_t indexBytes(hipsparseIndexType_t t) { return t == HIPSPARSE_INDEX_64I ? 8 : t == HIPSPARSE_INDEX_16U ? 2 : 4; }
inline bool supported(hipDataType t) { return t == HIP_R_32F || t == HIP_R_64F || t == HIP_R_16F; }

/** `bytes` of device memory, read after the work queued on the stream; and written back. */
inline std::vector<unsigned char> loadBytes(hipStream_t stream, const void *device, size_t bytes) {
  std::vector<unsigned char> raw(bytes);
  hipStreamSynchronize(stream);
  if (bytes) hipMemcpy(raw.data(), device, bytes, hipMemcpyDeviceToHost);
  return raw;
}
inline void storeBytes(void *device, const std::vector<unsigned char> &raw) {
  if (!raw.empty()) hipMemcpy(device, raw.data(), raw.size(), hipMemcpyHostToDevice);
}

/** Values of any value type as double, and back. */
inline double valueAt(const unsigned char *p, hipDataType type) {
  return type == HIP_R_64F ? *reinterpret_cast<const double *>(p) : type == HIP_R_16F ? static_cast<double>(__half2float(*reinterpret_cast<const __half *>(p))) : static_cast<double>(*reinterpret_cast<const float *>(p));
}
inline std::vector<double> loadValues(hipStream_t stream, const void *device, size_t count, hipDataType type) {
  const std::vector<unsigned char> raw = loadBytes(stream, device, count * valueBytes(type));
  std::vector<double> out(count);
  for (size_t i = 0; i < count; ++i) out[i] = valueAt(raw.data() + i * valueBytes(type), type);
  return out;
}
inline void storeValues(void *device, const std::vector<double> &values, hipDataType type) {
  std::vector<unsigned char> raw(values.size() * valueBytes(type));
  for (size_t i = 0; i < values.size(); ++i) {
    unsigned char *p = raw.data() + i * valueBytes(type);
    if (type == HIP_R_64F) *reinterpret_cast<double *>(p) = values[i];
    else if (type == HIP_R_16F) *reinterpret_cast<__half *>(p) = __float2half(static_cast<float>(values[i]));
    else *reinterpret_cast<float *>(p) = static_cast<float>(values[i]);
  }
  storeBytes(device, raw);
}

/** Indices of any index type as int64_t, and back. */
inline std::vector<int64_t> loadIndices(hipStream_t stream, const void *device, size_t count, hipsparseIndexType_t type) {
  const std::vector<unsigned char> raw = loadBytes(stream, device, count * indexBytes(type));
  std::vector<int64_t> out(count);
  for (size_t i = 0; i < count; ++i) {
    const unsigned char *p = raw.data() + i * indexBytes(type);
    out[i] = type == HIPSPARSE_INDEX_64I ? *reinterpret_cast<const int64_t *>(p) : type == HIPSPARSE_INDEX_16U ? *reinterpret_cast<const uint16_t *>(p) : *reinterpret_cast<const int32_t *>(p);
  }
  return out;
}
inline void storeIndices(void *device, const std::vector<int64_t> &indices, hipsparseIndexType_t type) {
  std::vector<unsigned char> raw(indices.size() * indexBytes(type));
  for (size_t i = 0; i < indices.size(); ++i) {
    unsigned char *p = raw.data() + i * indexBytes(type);
    if (type == HIPSPARSE_INDEX_64I) *reinterpret_cast<int64_t *>(p) = indices[i];
    else if (type == HIPSPARSE_INDEX_16U) *reinterpret_cast<uint16_t *>(p) = static_cast<uint16_t>(indices[i]);
    else *reinterpret_cast<int32_t *>(p) = static_cast<int32_t>(indices[i]);
  }
  storeBytes(device, raw);
}

/** A scalar (alpha, beta) of the compute type, where the handle's pointer mode says. */
inline double scalar(hipsparseHandle_t h, const void *p, hipDataType type) {
  if (h->pointer_mode == HIPSPARSE_POINTER_MODE_DEVICE) return loadValues(h->stream, p, 1, type)[0];
  return valueAt(static_cast<const unsigned char *>(p), type);
}

/** A sparse matrix's entries on the host, 0-based: entry k is (row[k], col[k]) = value[k]. */
struct Entries {
  std::vector<int64_t> row, col;
  std::vector<double> value;
};
inline Entries entries(hipStream_t stream, const hip2vx_sparse_matrix &m) {
  Entries e;
  e.value = loadValues(stream, m.values, m.nnz, m.valueType);
  if (m.format == HIPSPARSE_FORMAT_COO) {
    e.row = loadIndices(stream, m.rowInd, m.nnz, m.indexType);
    e.col = loadIndices(stream, m.colInd, m.nnz, m.indexType);
  } else {
    // CSR compresses rows, CSC columns: the other index is stored per entry.
    const bool csr = m.format == HIPSPARSE_FORMAT_CSR;
    const std::vector<int64_t> offsets = loadIndices(stream, m.offsets, (csr ? m.rows : m.cols) + 1, m.offsetType);
    std::vector<int64_t> &major = csr ? e.row : e.col, &minor = csr ? e.col : e.row;
    minor = loadIndices(stream, csr ? m.colInd : m.rowInd, m.nnz, m.indexType);
    major.resize(m.nnz);
    for (size_t r = 0; r + 1 < offsets.size(); ++r)
      for (int64_t k = offsets[r] - m.base; k < offsets[r + 1] - m.base; ++k) major[k] = static_cast<int64_t>(r) + m.base;
  }
  for (size_t k = 0; k < e.value.size(); ++k) e.row[k] -= m.base, e.col[k] -= m.base;
  return e;
}

/** Element (i, j) of a dense matrix in its order. */
inline size_t at(const hip2vx_dense_matrix &d, int64_t i, int64_t j) { return d.order == HIPSPARSE_ORDER_ROW ? i * d.ld + j : j * d.ld + i; }
inline size_t span(const hip2vx_dense_matrix &d) { return d.rows && d.cols ? (d.order == HIPSPARSE_ORDER_ROW ? (d.rows - 1) * d.ld + d.cols : (d.cols - 1) * d.ld + d.rows) : 0; }

}  // namespace hip2vx_sparse

inline hipsparseStatus_t hipsparseCreate(hipsparseHandle_t *handle) {
  if (!handle) return HIPSPARSE_STATUS_INVALID_VALUE;
  *handle = new hip2vx_sparse_handle();
  return HIPSPARSE_STATUS_SUCCESS;
}
inline hipsparseStatus_t hipsparseDestroy(hipsparseHandle_t handle) {
  if (!handle) return HIPSPARSE_STATUS_NOT_INITIALIZED;
  delete handle;
  return HIPSPARSE_STATUS_SUCCESS;
}
inline hipsparseStatus_t hipsparseSetStream(hipsparseHandle_t h, hipStream_t stream) { return h ? (h->stream = stream, HIPSPARSE_STATUS_SUCCESS) : HIPSPARSE_STATUS_NOT_INITIALIZED; }
inline hipsparseStatus_t hipsparseGetStream(hipsparseHandle_t h, hipStream_t *stream) { return h ? (*stream = h->stream, HIPSPARSE_STATUS_SUCCESS) : HIPSPARSE_STATUS_NOT_INITIALIZED; }
inline hipsparseStatus_t hipsparseSetPointerMode(hipsparseHandle_t h, hipsparsePointerMode_t mode) { return h ? (h->pointer_mode = mode, HIPSPARSE_STATUS_SUCCESS) : HIPSPARSE_STATUS_NOT_INITIALIZED; }
inline hipsparseStatus_t hipsparseGetPointerMode(hipsparseHandle_t h, hipsparsePointerMode_t *mode) { return h ? (*mode = h->pointer_mode, HIPSPARSE_STATUS_SUCCESS) : HIPSPARSE_STATUS_NOT_INITIALIZED; }

inline const char *hipsparseGetErrorName(hipsparseStatus_t status) {
  static const char *const names[] = {"HIPSPARSE_STATUS_SUCCESS", "HIPSPARSE_STATUS_NOT_INITIALIZED", "HIPSPARSE_STATUS_ALLOC_FAILED", "HIPSPARSE_STATUS_INVALID_VALUE", "HIPSPARSE_STATUS_ARCH_MISMATCH", "HIPSPARSE_STATUS_MAPPING_ERROR", "HIPSPARSE_STATUS_EXECUTION_FAILED", "HIPSPARSE_STATUS_INTERNAL_ERROR", "HIPSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED", "HIPSPARSE_STATUS_ZERO_PIVOT", "HIPSPARSE_STATUS_NOT_SUPPORTED", "HIPSPARSE_STATUS_INSUFFICIENT_RESOURCES"};
  return status >= 0 && status <= HIPSPARSE_STATUS_INSUFFICIENT_RESOURCES ? names[status] : "HIPSPARSE_STATUS_UNKNOWN";
}
inline const char *hipsparseGetErrorString(hipsparseStatus_t status) { return hipsparseGetErrorName(status); }

// ---- descriptors -------------------------------------------------------------------------

inline hipsparseStatus_t hip2vx_sparse_create(hipsparseSpMatDescr_t *m, hip2vx_sparse_matrix value) {
  if (!m || value.rows < 0 || value.cols < 0 || value.nnz < 0 || !hip2vx_sparse::supported(value.valueType)) return HIPSPARSE_STATUS_INVALID_VALUE;
  *m = new hip2vx_sparse_matrix(value);
  return HIPSPARSE_STATUS_SUCCESS;
}
inline hipsparseStatus_t hipsparseCreateCsr(hipsparseSpMatDescr_t *m, int64_t rows, int64_t cols, int64_t nnz, void *rowOffsets, void *colInd, void *values, hipsparseIndexType_t offsetType, hipsparseIndexType_t indexType, hipsparseIndexBase_t base, hipDataType valueType) {
  return hip2vx_sparse_create(m, {HIPSPARSE_FORMAT_CSR, rows, cols, nnz, rowOffsets, nullptr, colInd, values, offsetType, indexType, base, valueType});
}
inline hipsparseStatus_t hipsparseCreateCsc(hipsparseSpMatDescr_t *m, int64_t rows, int64_t cols, int64_t nnz, void *colOffsets, void *rowInd, void *values, hipsparseIndexType_t offsetType, hipsparseIndexType_t indexType, hipsparseIndexBase_t base, hipDataType valueType) {
  return hip2vx_sparse_create(m, {HIPSPARSE_FORMAT_CSC, rows, cols, nnz, colOffsets, rowInd, nullptr, values, offsetType, indexType, base, valueType});
}
inline hipsparseStatus_t hipsparseCreateCoo(hipsparseSpMatDescr_t *m, int64_t rows, int64_t cols, int64_t nnz, void *rowInd, void *colInd, void *values, hipsparseIndexType_t indexType, hipsparseIndexBase_t base, hipDataType valueType) {
  return hip2vx_sparse_create(m, {HIPSPARSE_FORMAT_COO, rows, cols, nnz, nullptr, rowInd, colInd, values, indexType, indexType, base, valueType});
}
inline hipsparseStatus_t hipsparseDestroySpMat(hipsparseConstSpMatDescr_t m) {
  delete m;
  return HIPSPARSE_STATUS_SUCCESS;
}
inline hipsparseStatus_t hipsparseSpMatGetSize(hipsparseConstSpMatDescr_t m, int64_t *rows, int64_t *cols, int64_t *nnz) {
  if (!m) return HIPSPARSE_STATUS_INVALID_VALUE;
  *rows = m->rows, *cols = m->cols, *nnz = m->nnz;
  return HIPSPARSE_STATUS_SUCCESS;
}
inline hipsparseStatus_t hipsparseCsrSetPointers(hipsparseSpMatDescr_t m, void *rowOffsets, void *colInd, void *values) {
  if (!m || m->format != HIPSPARSE_FORMAT_CSR) return HIPSPARSE_STATUS_INVALID_VALUE;
  m->offsets = rowOffsets, m->colInd = colInd, m->values = values;
  return HIPSPARSE_STATUS_SUCCESS;
}
inline hipsparseStatus_t hipsparseCooSetPointers(hipsparseSpMatDescr_t m, void *rowInd, void *colInd, void *values) {
  if (!m || m->format != HIPSPARSE_FORMAT_COO) return HIPSPARSE_STATUS_INVALID_VALUE;
  m->rowInd = rowInd, m->colInd = colInd, m->values = values;
  return HIPSPARSE_STATUS_SUCCESS;
}

inline hipsparseStatus_t hipsparseCreateDnMat(hipsparseDnMatDescr_t *d, int64_t rows, int64_t cols, int64_t ld, void *values, hipDataType valueType, hipsparseOrder_t order) {
  if (!d || rows < 0 || cols < 0 || ld < (order == HIPSPARSE_ORDER_ROW ? cols : rows) || !hip2vx_sparse::supported(valueType)) return HIPSPARSE_STATUS_INVALID_VALUE;
  *d = new hip2vx_dense_matrix{rows, cols, ld, values, valueType, order};
  return HIPSPARSE_STATUS_SUCCESS;
}
inline hipsparseStatus_t hipsparseDestroyDnMat(hipsparseConstDnMatDescr_t d) {
  delete d;
  return HIPSPARSE_STATUS_SUCCESS;
}
inline hipsparseStatus_t hipsparseCreateDnVec(hipsparseDnVecDescr_t *v, int64_t size, void *values, hipDataType valueType) {
  if (!v || size < 0 || !hip2vx_sparse::supported(valueType)) return HIPSPARSE_STATUS_INVALID_VALUE;
  *v = new hip2vx_dense_vector{size, values, valueType};
  return HIPSPARSE_STATUS_SUCCESS;
}
inline hipsparseStatus_t hipsparseDestroyDnVec(hipsparseConstDnVecDescr_t v) {
  delete v;
  return HIPSPARSE_STATUS_SUCCESS;
}

// ---- operations: the buffer sizes are 0 (the host needs none) -----------------------------

/** y = alpha op(A) x + beta y. */
inline hipsparseStatus_t hipsparseSpMV(hipsparseHandle_t h, hipsparseOperation_t opA, const void *alpha, hipsparseConstSpMatDescr_t A, hipsparseConstDnVecDescr_t x, const void *beta, hipsparseDnVecDescr_t y, hipDataType computeType, hipsparseSpMVAlg_t, void *) {
  if (!h) return HIPSPARSE_STATUS_NOT_INITIALIZED;
  if (!A || !x || !y || !alpha || !beta) return HIPSPARSE_STATUS_INVALID_VALUE;
  const bool t = opA != HIPSPARSE_OPERATION_NON_TRANSPOSE;
  if (x->size != (t ? A->rows : A->cols) || y->size != (t ? A->cols : A->rows)) return HIPSPARSE_STATUS_INVALID_VALUE;
  const double a = hip2vx_sparse::scalar(h, alpha, computeType), b = hip2vx_sparse::scalar(h, beta, computeType);
  const hip2vx_sparse::Entries e = hip2vx_sparse::entries(h->stream, *A);
  const std::vector<double> hx = hip2vx_sparse::loadValues(h->stream, x->values, x->size, x->valueType);
  std::vector<double> hy = hip2vx_sparse::loadValues(h->stream, y->values, y->size, y->valueType), sum(y->size, 0.0);
  for (size_t k = 0; k < e.value.size(); ++k) sum[t ? e.col[k] : e.row[k]] += e.value[k] * hx[t ? e.row[k] : e.col[k]];
  for (size_t i = 0; i < hy.size(); ++i) hy[i] = a * sum[i] + (b == 0 ? 0 : b * hy[i]);
  hip2vx_sparse::storeValues(y->values, hy, y->valueType);
  return HIPSPARSE_STATUS_SUCCESS;
}
inline hipsparseStatus_t hipsparseSpMV_bufferSize(hipsparseHandle_t h, hipsparseOperation_t, const void *, hipsparseConstSpMatDescr_t, hipsparseConstDnVecDescr_t, const void *, const hipsparseDnVecDescr_t, hipDataType, hipsparseSpMVAlg_t, size_t *bytes) {
  if (!h) return HIPSPARSE_STATUS_NOT_INITIALIZED;
  *bytes = 0;
  return HIPSPARSE_STATUS_SUCCESS;
}

/** C = alpha op(A) op(B) + beta C, A sparse, B and C dense. */
inline hipsparseStatus_t hipsparseSpMM(hipsparseHandle_t h, hipsparseOperation_t opA, hipsparseOperation_t opB, const void *alpha, hipsparseConstSpMatDescr_t A, hipsparseConstDnMatDescr_t B, const void *beta, const hipsparseDnMatDescr_t C, hipDataType computeType, hipsparseSpMMAlg_t, void *) {
  if (!h) return HIPSPARSE_STATUS_NOT_INITIALIZED;
  if (!A || !B || !C || !alpha || !beta) return HIPSPARSE_STATUS_INVALID_VALUE;
  const bool ta = opA != HIPSPARSE_OPERATION_NON_TRANSPOSE, tb = opB != HIPSPARSE_OPERATION_NON_TRANSPOSE;
  const int64_t m = ta ? A->cols : A->rows, k = ta ? A->rows : A->cols, n = C->cols;
  if (C->rows != m || (tb ? B->cols : B->rows) != k || (tb ? B->rows : B->cols) != n) return HIPSPARSE_STATUS_INVALID_VALUE;
  const double a = hip2vx_sparse::scalar(h, alpha, computeType), b = hip2vx_sparse::scalar(h, beta, computeType);
  const hip2vx_sparse::Entries e = hip2vx_sparse::entries(h->stream, *A);
  const std::vector<double> hb = hip2vx_sparse::loadValues(h->stream, B->values, hip2vx_sparse::span(*B), B->valueType);
  std::vector<double> hc = hip2vx_sparse::loadValues(h->stream, C->values, hip2vx_sparse::span(*C), C->valueType), sum(m * n, 0.0);
  for (size_t p = 0; p < e.value.size(); ++p) {
    const int64_t i = ta ? e.col[p] : e.row[p], l = ta ? e.row[p] : e.col[p];
    for (int64_t j = 0; j < n; ++j) sum[i * n + j] += e.value[p] * hb[tb ? hip2vx_sparse::at(*B, j, l) : hip2vx_sparse::at(*B, l, j)];
  }
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      double &c = hc[hip2vx_sparse::at(*C, i, j)];
      c = a * sum[i * n + j] + (b == 0 ? 0 : b * c);
    }
  hip2vx_sparse::storeValues(C->values, hc, C->valueType);
  return HIPSPARSE_STATUS_SUCCESS;
}
inline hipsparseStatus_t hipsparseSpMM_bufferSize(hipsparseHandle_t h, hipsparseOperation_t, hipsparseOperation_t, const void *, hipsparseConstSpMatDescr_t, hipsparseConstDnMatDescr_t, const void *, const hipsparseDnMatDescr_t, hipDataType, hipsparseSpMMAlg_t, size_t *bytes) {
  if (!h) return HIPSPARSE_STATUS_NOT_INITIALIZED;
  *bytes = 0;
  return HIPSPARSE_STATUS_SUCCESS;
}
inline hipsparseStatus_t hipsparseSpMM_preprocess(hipsparseHandle_t h, hipsparseOperation_t, hipsparseOperation_t, const void *, hipsparseConstSpMatDescr_t, hipsparseConstDnMatDescr_t, const void *, const hipsparseDnMatDescr_t, hipDataType, hipsparseSpMMAlg_t, void *) {
  return h ? HIPSPARSE_STATUS_SUCCESS : HIPSPARSE_STATUS_NOT_INITIALIZED;
}

/** Dense to CSR in three steps, as hipSPARSE: the analysis counts the non-zeros (and writes the row offsets), the conversion fills the columns and values. */
inline hipsparseStatus_t hipsparseDenseToSparse_bufferSize(hipsparseHandle_t h, hipsparseConstDnMatDescr_t, hipsparseConstSpMatDescr_t, hipsparseDenseToSparseAlg_t, size_t *bytes) {
  if (!h) return HIPSPARSE_STATUS_NOT_INITIALIZED;
  *bytes = 0;
  return HIPSPARSE_STATUS_SUCCESS;
}
inline hipsparseStatus_t hip2vx_dense_to_sparse(hipsparseHandle_t h, hipsparseConstDnMatDescr_t A, hipsparseSpMatDescr_t B, bool fill) {
  if (!h) return HIPSPARSE_STATUS_NOT_INITIALIZED;
  if (!A || !B || A->rows != B->rows || A->cols != B->cols) return HIPSPARSE_STATUS_INVALID_VALUE;
  if (B->format != HIPSPARSE_FORMAT_CSR) return HIPSPARSE_STATUS_NOT_SUPPORTED;
  const std::vector<double> dense = hip2vx_sparse::loadValues(h->stream, A->values, hip2vx_sparse::span(*A), A->valueType);
  std::vector<int64_t> offsets(1, B->base), cols;
  std::vector<double> values;
  for (int64_t i = 0; i < A->rows; ++i) {
    for (int64_t j = 0; j < A->cols; ++j) {
      const double v = dense[hip2vx_sparse::at(*A, i, j)];
      if (v != 0) cols.push_back(j + B->base), values.push_back(v);
    }
    offsets.push_back(static_cast<int64_t>(cols.size()) + B->base);
  }
  B->nnz = static_cast<int64_t>(values.size());
  if (B->offsets) hip2vx_sparse::storeIndices(B->offsets, offsets, B->offsetType);
  if (fill) {
    hip2vx_sparse::storeIndices(B->colInd, cols, B->indexType);
    hip2vx_sparse::storeValues(B->values, values, B->valueType);
  }
  return HIPSPARSE_STATUS_SUCCESS;
}
inline hipsparseStatus_t hipsparseDenseToSparse_analysis(hipsparseHandle_t h, hipsparseConstDnMatDescr_t A, hipsparseSpMatDescr_t B, hipsparseDenseToSparseAlg_t, void *) { return hip2vx_dense_to_sparse(h, A, B, false); }
inline hipsparseStatus_t hipsparseDenseToSparse_convert(hipsparseHandle_t h, hipsparseConstDnMatDescr_t A, hipsparseSpMatDescr_t B, hipsparseDenseToSparseAlg_t, void *) { return hip2vx_dense_to_sparse(h, A, B, true); }

inline hipsparseStatus_t hipsparseSparseToDense_bufferSize(hipsparseHandle_t h, hipsparseConstSpMatDescr_t, hipsparseConstDnMatDescr_t, hipsparseSparseToDenseAlg_t, size_t *bytes) {
  if (!h) return HIPSPARSE_STATUS_NOT_INITIALIZED;
  *bytes = 0;
  return HIPSPARSE_STATUS_SUCCESS;
}
inline hipsparseStatus_t hipsparseSparseToDense(hipsparseHandle_t h, hipsparseConstSpMatDescr_t A, hipsparseDnMatDescr_t B, hipsparseSparseToDenseAlg_t, void *) {
  if (!h) return HIPSPARSE_STATUS_NOT_INITIALIZED;
  if (!A || !B || A->rows != B->rows || A->cols != B->cols) return HIPSPARSE_STATUS_INVALID_VALUE;
  const hip2vx_sparse::Entries e = hip2vx_sparse::entries(h->stream, *A);
  std::vector<double> dense = hip2vx_sparse::loadValues(h->stream, B->values, hip2vx_sparse::span(*B), B->valueType);
  for (int64_t i = 0; i < B->rows; ++i)
    for (int64_t j = 0; j < B->cols; ++j) dense[hip2vx_sparse::at(*B, i, j)] = 0;
  for (size_t k = 0; k < e.value.size(); ++k) dense[hip2vx_sparse::at(*B, e.row[k], e.col[k])] += e.value[k];
  hip2vx_sparse::storeValues(B->values, dense, B->valueType);
  return HIPSPARSE_STATUS_SUCCESS;
}

#endif  // __HIP_DEVICE_COMPILE__
