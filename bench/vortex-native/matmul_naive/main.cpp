// matmul_naive: the matmul_naive sample's sizes (K = n + 5, N = n + 11) and values.
#include "../matmul.h"

int main(int argc, char** argv) {
  return runMatmul(argc, argv, 5, 11, [](int i) { return (float)(i % 7 - 3); }, [](int i) { return (float)(i % 5 - 2); });
}
