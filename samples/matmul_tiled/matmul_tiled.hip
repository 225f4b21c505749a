// Tiled matrix multiply C = A * B: each block stages TILE x TILE tiles of A and B in shared
// memory. A is M x K, B is K x N, none of them a multiple of TILE, so edge tiles are zero-padded.
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

#define TILE 16

__global__ void matmul_tiled(const float* A, const float* B, float* C, int M, int N, int K)
{
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];

    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TILE + ty;
    const int col = blockIdx.x * TILE + tx;
    float acc = 0.0f;

    // Every thread takes part in every tile (no early exit) so the barriers line up.
    for (int t = 0; t < (K + TILE - 1) / TILE; ++t) {
        const int a_col = t * TILE + tx;
        const int b_row = t * TILE + ty;
        As[ty][tx] = (row < M && a_col < K) ? A[row * K + a_col] : 0.0f;
        Bs[ty][tx] = (b_row < K && col < N) ? B[b_row * N + col] : 0.0f;
        __syncthreads();

        for (int k = 0; k < TILE; ++k)
            acc += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }

    if (row < M && col < N)
        C[row * N + col] = acc;
}

static float init_value(int i) { return (float)((i * 37) % 101) / 101.0f - 0.5f; }

int main(int argc, char** argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 64;
    if (n <= 0) {
        fprintf(stderr, "usage: %s [size > 0]\n", argv[0]);
        return 2;
    }
    const int M = n, K = n + 7, N = n + 3;

    std::vector<float> A((size_t)M * K), B((size_t)K * N), C((size_t)M * N);
    for (size_t i = 0; i < A.size(); ++i) A[i] = init_value((int)i);
    for (size_t i = 0; i < B.size(); ++i) B[i] = init_value((int)i + 13);

    float *dA, *dB, *dC;
    CHECK(hipMalloc(&dA, A.size() * sizeof(float)));
    CHECK(hipMalloc(&dB, B.size() * sizeof(float)));
    CHECK(hipMalloc(&dC, C.size() * sizeof(float)));
    CHECK(hipMemcpy(dA, A.data(), A.size() * sizeof(float), hipMemcpyHostToDevice));
    CHECK(hipMemcpy(dB, B.data(), B.size() * sizeof(float), hipMemcpyHostToDevice));

    const dim3 block(TILE, TILE);
    const dim3 grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
    matmul_tiled<<<
        grid,
        block>>>(dA, dB, dC, M, N, K);
    CHECK(hipGetLastError());
    CHECK(hipDeviceSynchronize());
    CHECK(hipMemcpy(C.data(), dC, C.size() * sizeof(float), hipMemcpyDeviceToHost));
    CHECK(hipFree(dA));
    CHECK(hipFree(dB));
    CHECK(hipFree(dC));

    // Reference in double; the device sums in float in a different order.
    for (int r = 0; r < M; ++r) {
        for (int c = 0; c < N; ++c) {
            double expected = 0.0;
            for (int k = 0; k < K; ++k) expected += (double)A[r * K + k] * B[k * N + c];
            const double got = C[(size_t)r * N + c];
            if (std::fabs(got - expected) > 1e-4 * K) {
                printf("FAILED: C[%d][%d] = %f, expected %f\n", r, c, got, expected);
                return 1;
            }
        }
    }
    printf("PASSED\n");
    return 0;
}
