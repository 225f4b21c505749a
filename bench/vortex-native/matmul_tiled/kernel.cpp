// C = A x B through 16 x 16 tiles of A and B in local memory; out-of-range tile elements are 0.
#include "../common.h"

#define TILE 16

static void kernel_body(matmul_args_t* arg) {
  auto A = reinterpret_cast<const float*>(arg->A);
  auto B = reinterpret_cast<const float*>(arg->B);
  auto C = reinterpret_cast<float*>(arg->C);
  const int M = arg->M, N = arg->N, K = arg->K;
  const uint32_t bytes = 2 * TILE * TILE * sizeof(float);
  auto As = reinterpret_cast<float(*)[TILE]>(__local_mem(bytes));
  auto Bs = As + TILE;
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float acc = 0.0f;
  for (int t = 0; t < (K + TILE - 1) / TILE; ++t) {
    const int a_col = t * TILE + tx, b_row = t * TILE + ty;
    int a_in = opaque(row < M) & opaque(a_col < K);
    int b_in = opaque(b_row < K) & opaque(col < N);
    float a = 0.0f, b = 0.0f;
    int s = split(a_in);
    if (a_in) a = A[row * K + a_col];
    join(s);
    s = split(b_in);
    if (b_in) b = B[b_row * N + col];
    join(s);
    As[ty][tx] = a;
    Bs[ty][tx] = b;
    barrier();
    for (int k = 0; k < TILE; ++k) acc += As[ty][k] * Bs[k][tx];
    barrier();
  }
  int inside = opaque(row < M) & opaque(col < N);
  const int t = split(inside);
  if (inside) C[row * N + col] = acc;
  join(t);
}

int main() {
  auto arg = reinterpret_cast<matmul_args_t*>(csr_read(VX_CSR_MSCRATCH));
  return vx_spawn_threads(2, arg->launch.grid, arg->launch.block, (vx_kernel_func_cb)kernel_body, arg);
}
