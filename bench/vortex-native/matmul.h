// The matrix multiplies' host side: the matmul samples' data and 16 x 16 blocks, checked on the host.
#include <cmath>

#include "host.h"

/** M = n, K = n + dk, N = n + dn, as the sample does; `a(i)` and `b(i)` fill A and B. */
inline int runMatmul(int argc, char** argv, int dk, int dn, float (*a)(int), float (*b)(int)) {
  if (argc < 2) return usage(argv[0]);
  const int n = argc > 2 ? std::atoi(argv[2]) : 32;
  if (n <= 0) return usage(argv[0]);
  const int M = n, K = n + dk, N = n + dn;
  std::vector<float> A(M * K), B(K * N), C(M * N);
  for (int i = 0; i < M * K; ++i) A[i] = a(i);
  for (int i = 0; i < K * N; ++i) B[i] = b(i);
  Device device;
  vx_buffer_h out;
  matmul_args_t args{launch2d((N + 15) / 16, (M + 15) / 16, 16, 16), (uint32_t)M, (uint32_t)N, (uint32_t)K,
                     device.buffer(A), device.buffer(B), device.buffer(C, &out)};
  device.launch(argv[1], args);
  device.read(out, C);
  for (int r = 0; r < M; ++r) {
    for (int c = 0; c < N; ++c) {
      float expected = 0.0f;
      for (int k = 0; k < K; ++k) expected += A[r * K + k] * B[k * N + c];
      if (std::fabs(C[r * N + c] - expected) > 1e-3f) {
        std::printf("FAILED: C[%d][%d] = %f, expected %f\n", r, c, C[r * N + c], expected);
        return 1;
      }
    }
  }
  std::printf("PASSED\n");
  return 0;
}
