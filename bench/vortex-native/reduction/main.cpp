// reduction: the reduction sample's data and launch (blocks of 256 summing 512 elements each).
#include "../host.h"

int main(int argc, char** argv) {
  if (argc < 2) return usage(argv[0]);
  const int n = argc > 2 ? std::atoi(argv[2]) : 4096, block = 256;
  if (n <= 0) return usage(argv[0]);
  std::vector<int> in(n), total(1, 0);
  long long expected = 0;
  for (int i = 0; i < n; ++i) {
    in[i] = (int)((i * 7919LL) % 1000) - 500;
    expected += in[i];
  }
  Device device;
  vx_buffer_h out;
  const uint32_t grid = (n + 2 * block - 1) / (2 * block);
  reduction_args_t args{launch2d(grid, 1, block, 1), (uint32_t)n, device.buffer(in), device.buffer(total, &out)};
  device.launch(argv[1], args);
  device.read(out, total);
  if (total[0] != expected) {
    std::printf("FAILED: total = %d, expected %lld\n", total[0], expected);
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}
