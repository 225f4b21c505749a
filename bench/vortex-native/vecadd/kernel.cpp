// c = a + b, one element per thread; the launch covers n exactly (a multiple of the block).
#include "../common.h"

static void kernel_body(vecadd_args_t* arg) {
  auto a = reinterpret_cast<const float*>(arg->a);
  auto b = reinterpret_cast<const float*>(arg->b);
  auto c = reinterpret_cast<float*>(arg->c);
  const uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  c[i] = a[i] + b[i];
}

int main() {
  auto arg = reinterpret_cast<vecadd_args_t*>(csr_read(VX_CSR_MSCRATCH));
  return vx_spawn_threads(1, arg->launch.grid, arg->launch.block, (vx_kernel_func_cb)kernel_body, arg);
}
