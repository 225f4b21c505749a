// Sum of n ints: each block of 256 threads adds 512 elements in a local-memory tree, thread 0
// adds the block's sum to the total with an AMO.
#include "../common.h"

#define BLOCK 256

static void kernel_body(reduction_args_t* arg) {
  auto in = reinterpret_cast<const int*>(arg->in);
  auto total = reinterpret_cast<int*>(arg->total);
  const int n = arg->n;
  const uint32_t bytes = BLOCK * sizeof(int);
  auto partial = reinterpret_cast<int*>(__local_mem(bytes));
  const int tid = threadIdx.x;
  const int i = blockIdx.x * (BLOCK * 2) + tid;
  int v = 0;
  int first = i < n;
  int s = split(first);
  if (first) v = in[i];
  join(s);
  int second = i + BLOCK < n;
  s = split(second);
  if (second) v += in[i + BLOCK];
  join(s);
  partial[tid] = v;
  barrier();
  for (int half = BLOCK / 2; half > 0; half >>= 1) {
    int active = tid < half;
    s = split(active);
    if (active) partial[tid] += partial[tid + half];
    join(s);
    barrier();
  }
  int leader = tid == 0;
  s = split(leader);
  if (leader) __atomic_fetch_add(total, partial[0], __ATOMIC_RELAXED);
  join(s);
}

int main() {
  auto arg = reinterpret_cast<reduction_args_t*>(csr_read(VX_CSR_MSCRATCH));
  return vx_spawn_threads(1, arg->launch.grid, arg->launch.block, (vx_kernel_func_cb)kernel_body, arg);
}
