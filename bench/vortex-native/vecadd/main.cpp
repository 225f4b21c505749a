// vecadd: the vector_add sample's data and launch shape (blocks of 256, n a multiple of 256).
#include <cmath>

#include "../host.h"

int main(int argc, char** argv) {
  if (argc < 2) return usage(argv[0]);
  const uint32_t n = argc > 2 ? std::atoi(argv[2]) : 4096, block = 256;
  if (n == 0 || n % block) return usage(argv[0]);
  std::vector<float> a(n), b(n), c(n);
  for (uint32_t i = 0; i < n; ++i) {
    a[i] = 0.5f * i;
    b[i] = 0.25f * (n - i);
  }
  Device device;
  vx_buffer_h out;
  vecadd_args_t args{launch2d(n / block, 1, block, 1), n, device.buffer(a), device.buffer(b), device.buffer(c, &out)};
  device.launch(argv[1], args);
  device.read(out, c);
  for (uint32_t i = 0; i < n; ++i) {
    if (std::fabs(c[i] - (a[i] + b[i])) > 1e-5f * std::fabs(a[i] + b[i])) {
      std::printf("FAILED: c[%u] = %f\n", i, c[i]);
      return 1;
    }
  }
  std::printf("PASSED\n");
  return 0;
}
