// hipBLASLt's matrix multiply for hip2vortex: an `#include <hipblaslt/...>` of a program is this
// file, translated with the program (libraries/README.md). hipblasLtMatmul runs on the host like
// the bundled hipBLAS's routines (whose statuses, operations and compute types it shares): its
// operands are copied in, D = epilogue(alpha op(A) op(B) + beta C) is computed in double precision
// from any of the element types below, rounded to D's type and copied back. Correct on every
// backend, for programs whose time is not in these calls.
#pragma once

#include <hip/hip_runtime.h>
#include <hip/hip_bf16.h>
#include <hipblas/hipblas.h>

#ifndef __HIP_DEVICE_COMPILE__
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

typedef enum {
  HIPBLASLT_EPILOGUE_DEFAULT = 1,
  HIPBLASLT_EPILOGUE_RELU = 2,
  HIPBLASLT_EPILOGUE_BIAS = 4,
  HIPBLASLT_EPILOGUE_RELU_BIAS = 6,
  HIPBLASLT_EPILOGUE_GELU = 32,
  HIPBLASLT_EPILOGUE_GELU_BIAS = 36
} hipblasLtEpilogue_t;

typedef enum {
  HIPBLASLT_MATMUL_DESC_TRANSA = 0,
  HIPBLASLT_MATMUL_DESC_TRANSB = 1,
  HIPBLASLT_MATMUL_DESC_EPILOGUE = 2,
  HIPBLASLT_MATMUL_DESC_BIAS_POINTER = 3,
  HIPBLASLT_MATMUL_DESC_BIAS_DATA_TYPE = 4,
  HIPBLASLT_MATMUL_DESC_POINTER_MODE = 5
} hipblasLtMatmulDescAttributes_t;

typedef enum {
  HIPBLASLT_MATRIX_LAYOUT_BATCH_COUNT = 0,
  HIPBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET = 1,
  HIPBLASLT_MATRIX_LAYOUT_TYPE = 2,
  HIPBLASLT_MATRIX_LAYOUT_ORDER = 3,
  HIPBLASLT_MATRIX_LAYOUT_ROWS = 4,
  HIPBLASLT_MATRIX_LAYOUT_COLS = 5,
  HIPBLASLT_MATRIX_LAYOUT_LD = 6
} hipblasLtMatrixLayoutAttribute_t;

typedef enum { HIPBLASLT_ORDER_COL = 0, HIPBLASLT_ORDER_ROW = 1 } hipblasLtOrder_t;
typedef enum { HIPBLASLT_MATMUL_PREF_SEARCH_MODE = 0, HIPBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES = 1 } hipblasLtMatmulPreferenceAttributes_t;

struct hip2vx_lt_handle {};
struct hip2vx_lt_desc {
  hipblasComputeType_t compute;
  hipDataType scale;
  int32_t trans[2] = {HIPBLAS_OP_N, HIPBLAS_OP_N};
  int32_t epilogue = HIPBLASLT_EPILOGUE_DEFAULT;
  const void* bias = nullptr;
  int32_t bias_type = -1;  // -1: D's type
};
struct hip2vx_lt_layout {
  int32_t type;
  uint64_t rows, cols;
  int64_t ld;
  int32_t batch = 1;
  int64_t stride = 0;
  int32_t order = HIPBLASLT_ORDER_COL;
};
struct hip2vx_lt_preference {};
typedef hip2vx_lt_handle* hipblasLtHandle_t;
typedef hip2vx_lt_desc* hipblasLtMatmulDesc_t;
typedef hip2vx_lt_layout* hipblasLtMatrixLayout_t;
typedef hip2vx_lt_preference* hipblasLtMatmulPreference_t;
typedef struct { uint8_t data[16]; size_t max_workspace_bytes; } hipblasLtMatmulAlgo_t;
typedef struct {
  hipblasLtMatmulAlgo_t algo;
  size_t workspaceSize;
  hipblasStatus_t state;
  float wavesCount;
  int reserved[4];
} hipblasLtMatmulHeuristicResult_t;

namespace hip2vx_lt {

/** Bytes per element of the real types hipblasLtMatmul reads and writes; 0 for others. */
inline size_t bytes(int32_t t) {
  switch (t) {
    case HIP_R_64F: return 8;
    case HIP_R_32F: case HIP_R_32I: return 4;
    case HIP_R_16F: case HIP_R_16BF: return 2;
    case HIP_R_8I: return 1;
    default: return 0;
  }
}

inline double read(int32_t t, const unsigned char* p) {
  switch (t) {
    case HIP_R_64F: { double v; std::memcpy(&v, p, 8); return v; }
    case HIP_R_32F: { float v; std::memcpy(&v, p, 4); return v; }
    case HIP_R_32I: { int32_t v; std::memcpy(&v, p, 4); return v; }
    case HIP_R_16F: { __half v; std::memcpy(&v, p, 2); return __half2float(v); }
    case HIP_R_16BF: { __hip_bfloat16 v; std::memcpy(&v, p, 2); return __bfloat162float(v); }
    default: return (int8_t)p[0];
  }
}

inline void write(int32_t t, unsigned char* p, double x) {
  switch (t) {
    case HIP_R_64F: std::memcpy(p, &x, 8); break;
    case HIP_R_32F: { const float v = (float)x; std::memcpy(p, &v, 4); break; }
    case HIP_R_32I: { const int32_t v = (int32_t)std::lrint(x); std::memcpy(p, &v, 4); break; }
    case HIP_R_16F: { const __half v = __float2half((float)x); std::memcpy(p, &v, 2); break; }
    case HIP_R_16BF: { const __hip_bfloat16 v = __float2bfloat16((float)x); std::memcpy(p, &v, 2); break; }
    default: p[0] = (unsigned char)(int8_t)std::lrint(x);
  }
}

/** The bytes of every batch of a column-major matrix, copied from device memory. */
inline std::vector<unsigned char> load(const hip2vx_lt_layout& l, const void* device) {
  const size_t count = (size_t)(l.stride * (l.batch - 1) + l.ld * ((int64_t)l.cols - 1) + (int64_t)l.rows);
  std::vector<unsigned char> host(count * bytes(l.type));
  hipMemcpy(host.data(), device, host.size(), hipMemcpyDefault);
  return host;
}

inline double element(const hip2vx_lt_layout& l, const std::vector<unsigned char>& m, int64_t batch, int64_t row, int64_t col) {
  return read(l.type, &m[(size_t)(batch * l.stride + col * l.ld + row) * bytes(l.type)]);
}

/** The scalars: of the scale type, in host memory. */
inline double scalar(const hip2vx_lt_desc& d, const void* p) { return read(d.scale, static_cast<const unsigned char*>(p)); }

inline double gelu(double x) { return 0.5 * x * (1.0 + std::tanh(0.7978845608028654 * (x + 0.044715 * x * x * x))); }

}  // namespace hip2vx_lt

inline hipblasStatus_t hipblasLtCreate(hipblasLtHandle_t* handle) {
  if (!handle) return HIPBLAS_STATUS_INVALID_VALUE;
  *handle = new hip2vx_lt_handle;
  return HIPBLAS_STATUS_SUCCESS;
}
inline hipblasStatus_t hipblasLtDestroy(hipblasLtHandle_t handle) {
  delete handle;
  return HIPBLAS_STATUS_SUCCESS;
}

inline hipblasStatus_t hipblasLtMatmulDescCreate(hipblasLtMatmulDesc_t* desc, hipblasComputeType_t compute, hipDataType scale) {
  if (!desc || !hip2vx_lt::bytes(scale)) return HIPBLAS_STATUS_INVALID_VALUE;
  *desc = new hip2vx_lt_desc{compute, scale};
  return HIPBLAS_STATUS_SUCCESS;
}
inline hipblasStatus_t hipblasLtMatmulDescDestroy(hipblasLtMatmulDesc_t desc) {
  delete desc;
  return HIPBLAS_STATUS_SUCCESS;
}

/** Copies `size` bytes of `buf` into `field` when they are its size. */
template <typename T>
hipblasStatus_t hip2vx_lt_set(T& field, const void* buf, size_t size) {
  if (!buf || size != sizeof(T)) return HIPBLAS_STATUS_INVALID_VALUE;
  std::memcpy(&field, buf, sizeof(T));
  return HIPBLAS_STATUS_SUCCESS;
}

inline hipblasStatus_t hipblasLtMatmulDescSetAttribute(hipblasLtMatmulDesc_t desc, hipblasLtMatmulDescAttributes_t attr, const void* buf, size_t size) {
  if (!desc) return HIPBLAS_STATUS_NOT_INITIALIZED;
  switch (attr) {
    case HIPBLASLT_MATMUL_DESC_TRANSA: return hip2vx_lt_set(desc->trans[0], buf, size);
    case HIPBLASLT_MATMUL_DESC_TRANSB: return hip2vx_lt_set(desc->trans[1], buf, size);
    case HIPBLASLT_MATMUL_DESC_EPILOGUE: return hip2vx_lt_set(desc->epilogue, buf, size);
    case HIPBLASLT_MATMUL_DESC_BIAS_POINTER: return hip2vx_lt_set(desc->bias, buf, size);
    case HIPBLASLT_MATMUL_DESC_BIAS_DATA_TYPE: return hip2vx_lt_set(desc->bias_type, buf, size);
    default: return HIPBLAS_STATUS_NOT_SUPPORTED;  // scalars in device memory are not
  }
}

inline hipblasStatus_t hipblasLtMatrixLayoutCreate(hipblasLtMatrixLayout_t* layout, hipDataType type, uint64_t rows, uint64_t cols, int64_t ld) {
  if (!layout || !hip2vx_lt::bytes(type) || ld < (int64_t)rows) return HIPBLAS_STATUS_INVALID_VALUE;
  *layout = new hip2vx_lt_layout{type, rows, cols, ld};
  return HIPBLAS_STATUS_SUCCESS;
}
inline hipblasStatus_t hipblasLtMatrixLayoutDestroy(hipblasLtMatrixLayout_t layout) {
  delete layout;
  return HIPBLAS_STATUS_SUCCESS;
}

inline hipblasStatus_t hipblasLtMatrixLayoutSetAttribute(hipblasLtMatrixLayout_t layout, hipblasLtMatrixLayoutAttribute_t attr, const void* buf, size_t size) {
  if (!layout) return HIPBLAS_STATUS_NOT_INITIALIZED;
  switch (attr) {
    case HIPBLASLT_MATRIX_LAYOUT_BATCH_COUNT: return hip2vx_lt_set(layout->batch, buf, size);
    case HIPBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET: return hip2vx_lt_set(layout->stride, buf, size);
    case HIPBLASLT_MATRIX_LAYOUT_ORDER: return hip2vx_lt_set(layout->order, buf, size);
    case HIPBLASLT_MATRIX_LAYOUT_TYPE: return hip2vx_lt_set(layout->type, buf, size);
    case HIPBLASLT_MATRIX_LAYOUT_ROWS: return hip2vx_lt_set(layout->rows, buf, size);
    case HIPBLASLT_MATRIX_LAYOUT_COLS: return hip2vx_lt_set(layout->cols, buf, size);
    case HIPBLASLT_MATRIX_LAYOUT_LD: return hip2vx_lt_set(layout->ld, buf, size);
  }
  return HIPBLAS_STATUS_INVALID_VALUE;
}

inline hipblasStatus_t hipblasLtMatmulPreferenceCreate(hipblasLtMatmulPreference_t* pref) {
  if (!pref) return HIPBLAS_STATUS_INVALID_VALUE;
  *pref = new hip2vx_lt_preference;
  return HIPBLAS_STATUS_SUCCESS;
}
inline hipblasStatus_t hipblasLtMatmulPreferenceDestroy(hipblasLtMatmulPreference_t pref) {
  delete pref;
  return HIPBLAS_STATUS_SUCCESS;
}
/** Accepted and not needed: the host computation takes no workspace. */
inline hipblasStatus_t hipblasLtMatmulPreferenceSetAttribute(hipblasLtMatmulPreference_t pref, hipblasLtMatmulPreferenceAttributes_t, const void* buf, size_t) {
  return pref && buf ? HIPBLAS_STATUS_SUCCESS : HIPBLAS_STATUS_INVALID_VALUE;
}

/** One algorithm, which needs no workspace. */
inline hipblasStatus_t hipblasLtMatmulAlgoGetHeuristic(hipblasLtHandle_t handle, hipblasLtMatmulDesc_t desc, hipblasLtMatrixLayout_t, hipblasLtMatrixLayout_t, hipblasLtMatrixLayout_t, hipblasLtMatrixLayout_t, hipblasLtMatmulPreference_t, int requested, hipblasLtMatmulHeuristicResult_t results[], int* returned) {
  if (!handle || !desc) return HIPBLAS_STATUS_NOT_INITIALIZED;
  if (requested < 1 || !results || !returned) return HIPBLAS_STATUS_INVALID_VALUE;
  results[0] = hipblasLtMatmulHeuristicResult_t{};
  results[0].state = HIPBLAS_STATUS_SUCCESS;
  results[0].wavesCount = 1.0f;
  *returned = 1;
  return HIPBLAS_STATUS_SUCCESS;
}

inline hipblasStatus_t hipblasLtMatmul(hipblasLtHandle_t handle, hipblasLtMatmulDesc_t desc, const void* alpha, const void* A, hipblasLtMatrixLayout_t a, const void* B, hipblasLtMatrixLayout_t b, const void* beta, const void* C, hipblasLtMatrixLayout_t c, void* D, hipblasLtMatrixLayout_t d, const hipblasLtMatmulAlgo_t*, void*, size_t, hipStream_t stream) {
  using namespace hip2vx_lt;
  if (!handle || !desc || !a || !b || !c || !d) return HIPBLAS_STATUS_NOT_INITIALIZED;
  if (!alpha || !beta || !A || !B || !D) return HIPBLAS_STATUS_INVALID_VALUE;
  const bool bias = desc->epilogue == HIPBLASLT_EPILOGUE_BIAS || desc->epilogue == HIPBLASLT_EPILOGUE_RELU_BIAS || desc->epilogue == HIPBLASLT_EPILOGUE_GELU_BIAS;
  const bool relu = desc->epilogue == HIPBLASLT_EPILOGUE_RELU || desc->epilogue == HIPBLASLT_EPILOGUE_RELU_BIAS;
  const bool gelu_after = desc->epilogue == HIPBLASLT_EPILOGUE_GELU || desc->epilogue == HIPBLASLT_EPILOGUE_GELU_BIAS;
  if ((!bias && !relu && !gelu_after && desc->epilogue != HIPBLASLT_EPILOGUE_DEFAULT) || (bias && !desc->bias)) return HIPBLAS_STATUS_NOT_SUPPORTED;
  for (const hip2vx_lt_layout* l : {a, b, c, d})
    if (l->order != HIPBLASLT_ORDER_COL) return HIPBLAS_STATUS_NOT_SUPPORTED;
  const bool ta = desc->trans[0] != HIPBLAS_OP_N, tb = desc->trans[1] != HIPBLAS_OP_N;
  const int64_t m = (int64_t)d->rows, n = (int64_t)d->cols, k = (int64_t)(ta ? a->rows : a->cols);
  if ((int64_t)(ta ? a->cols : a->rows) != m || (int64_t)(tb ? b->rows : b->cols) != n || (int64_t)(tb ? b->cols : b->rows) != k ||
      c->rows != d->rows || c->cols != d->cols || c->batch != d->batch)
    return HIPBLAS_STATUS_INVALID_VALUE;
  if (hipStreamSynchronize(stream) != hipSuccess) return HIPBLAS_STATUS_EXECUTION_FAILED;
  const double x = scalar(*desc, alpha), y = scalar(*desc, beta);
  const std::vector<unsigned char> ha = load(*a, A), hb = load(*b, B);
  const std::vector<unsigned char> hc = y != 0 && C ? load(*c, C) : std::vector<unsigned char>();
  // D's elements the product does not write (past each column's rows) keep their values.
  std::vector<unsigned char> hd = load(*d, D);
  const int32_t bias_type = desc->bias_type < 0 ? d->type : desc->bias_type;
  std::vector<unsigned char> hbias(bias ? m * bytes(bias_type) : 0);
  if (bias) hipMemcpy(hbias.data(), desc->bias, hbias.size(), hipMemcpyDefault);
  for (int64_t p = 0; p < d->batch; ++p) {
    // A batch count of 1 on A or B: the same matrix for every batch.
    const int64_t pa = a->batch == 1 ? 0 : p, pb = b->batch == 1 ? 0 : p;
    for (int64_t j = 0; j < n; ++j)
      for (int64_t i = 0; i < m; ++i) {
        double sum = 0;
        for (int64_t l = 0; l < k; ++l)
          sum += (ta ? element(*a, ha, pa, l, i) : element(*a, ha, pa, i, l)) * (tb ? element(*b, hb, pb, j, l) : element(*b, hb, pb, l, j));
        double v = x * sum + (hc.empty() ? 0.0 : y * element(*c, hc, p, i, j));
        if (bias) v += read(bias_type, &hbias[i * bytes(bias_type)]);
        if (relu) v = v > 0 ? v : 0;
        if (gelu_after) v = gelu(v);
        write(d->type, &hd[(size_t)(p * d->stride + j * d->ld + i) * bytes(d->type)], v);
      }
  }
  return hipMemcpy(D, hd.data(), hd.size(), hipMemcpyDefault) == hipSuccess ? HIPBLAS_STATUS_SUCCESS : HIPBLAS_STATUS_EXECUTION_FAILED;
}
#endif  // __HIP_DEVICE_COMPILE__
