// C = A x B, one element per thread of 16 x 16 blocks; edge blocks hang over C (a split).
#include "../common.h"

static void kernel_body(matmul_args_t* arg) {
  auto A = reinterpret_cast<const float*>(arg->A);
  auto B = reinterpret_cast<const float*>(arg->B);
  auto C = reinterpret_cast<float*>(arg->C);
  const int M = arg->M, N = arg->N, K = arg->K;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  int inside = opaque(row < M) & opaque(col < N);
  const int t = split(inside);
  if (inside) {
    float acc = 0.0f;
    for (int k = 0; k < K; ++k) acc += A[row * K + k] * B[k * N + col];
    C[row * N + col] = acc;
  }
  join(t);
}

int main() {
  auto arg = reinterpret_cast<matmul_args_t*>(csr_read(VX_CSR_MSCRATCH));
  return vx_spawn_threads(2, arg->launch.grid, arg->launch.block, (vx_kernel_func_cb)kernel_body, arg);
}
