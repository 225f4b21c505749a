// matmul_tiled: the matmul_tiled sample's sizes (K = n + 7, N = n + 3) and values.
#include "../matmul.h"

static float value(int i) { return (float)((i * 37) % 101) / 101.0f - 0.5f; }

int main(int argc, char** argv) {
  return runMatmul(argc, argv, 7, 3, value, [](int i) { return value(i + 13); });
}
