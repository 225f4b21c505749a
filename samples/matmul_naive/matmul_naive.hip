// Naive matrix multiply C = A * B, one thread per output element on a 2-D grid.
// A is M x K, B is K x N; the sizes are deliberately not multiples of the 16 x 16 block.
#include <hip/hip_runtime.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                            \
    do {                                                                       \
        hipError_t err_ = (call);                                              \
        if (err_ != hipSuccess) {                                              \
            fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__,      \
                    #call, hipGetErrorString(err_));                           \
            exit(EXIT_FAILURE);                                                \
        }                                                                      \
    } while (0)

__global__ void matmul(const float* A, const float* B, float* C, int M, int N, int K)
{
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < M && col < N) {
        float acc = 0.0f;
        for (int k = 0; k < K; ++k)
            acc += A[row * K + k] * B[k * N + col];
        C[row * N + col] = acc;
    }
}

int main(int argc, char** argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 64;
    if (n <= 0) {
        fprintf(stderr, "usage: %s [size > 0]\n", argv[0]);
        return 2;
    }
    const int M = n, K = n + 5, N = n + 11;

    // Small integer values keep every partial sum exact in float.
    std::vector<float> A(M * K), B(K * N), C(M * N);
    for (int i = 0; i < M * K; ++i) A[i] = (float)(i % 7 - 3);
    for (int i = 0; i < K * N; ++i) B[i] = (float)(i % 5 - 2);

    float *dA, *dB, *dC;
    CHECK(hipMalloc(&dA, A.size() * sizeof(float)));
    CHECK(hipMalloc(&dB, B.size() * sizeof(float)));
    CHECK(hipMalloc(&dC, C.size() * sizeof(float)));
    CHECK(hipMemcpy(dA, A.data(), A.size() * sizeof(float), hipMemcpyHostToDevice));
    CHECK(hipMemcpy(dB, B.data(), B.size() * sizeof(float), hipMemcpyHostToDevice));

    dim3 block(16, 16);
    dim3 grid((N + block.x - 1) / block.x, (M + block.y - 1) / block.y);
    matmul<<<grid, block>>>(dA, dB, dC, M, N, K);
    CHECK(hipGetLastError());
    CHECK(hipDeviceSynchronize());
    CHECK(hipMemcpy(C.data(), dC, C.size() * sizeof(float), hipMemcpyDeviceToHost));
    CHECK(hipFree(dA));
    CHECK(hipFree(dB));
    CHECK(hipFree(dC));

    for (int r = 0; r < M; ++r) {
        for (int c = 0; c < N; ++c) {
            float expected = 0.0f;
            for (int k = 0; k < K; ++k) expected += A[r * K + k] * B[k * N + c];
            if (std::fabs(C[r * N + c] - expected) > 1e-3f) {
                printf("FAILED: C[%d][%d] = %f, expected %f\n", r, c, C[r * N + c], expected);
                return 1;
            }
        }
    }
    printf("PASSED\n");
    return 0;
}
