// SAXPY, y = a*x + y, with a grid-stride loop so a capped grid still covers any n.
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

constexpr int kBlock = 256;
constexpr int kMaxBlocks = 32;

__global__ void __launch_bounds__(kBlock)
saxpy(int n, float a, const float* __restrict__ x, float* __restrict__ y)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        y[i] = a * x[i] + y[i];
    }
}

int main(int argc, char** argv)
{
    int n = (argc > 1) ? atoi(argv[1]) : (1 << 14);
    if (n <= 0) {
        fprintf(stderr, "usage: %s [elements > 0]\n", argv[0]);
        return 2;
    }
    const float a = 2.5f;

    std::vector<float> x(n), y(n), result(n);
    for (int i = 0; i < n; i++) {
        x[i] = (float)(i % 1000) / 100.0f;
        y[i] = 1.0f - (float)(i % 37);
    }

    float* dx = nullptr;
    float* dy = nullptr;
    CHECK(hipMalloc((void**)&dx, n * sizeof(float)));
    CHECK(hipMalloc((void**)&dy, n * sizeof(float)));
    CHECK(hipMemcpy(dx, x.data(), n * sizeof(float), hipMemcpyHostToDevice));
    CHECK(hipMemcpy(dy, y.data(), n * sizeof(float), hipMemcpyHostToDevice));

    int blocks = (n + kBlock - 1) / kBlock;
    if (blocks > kMaxBlocks) blocks = kMaxBlocks;  // the grid-stride loop does the rest
    // The launch sits inside CHECK: the comma expression reports the launch error.
    CHECK((saxpy<<<blocks, kBlock>>>(n, a, dx, dy), hipGetLastError()));
    CHECK(hipDeviceSynchronize());
    CHECK(hipMemcpy(result.data(), dy, n * sizeof(float), hipMemcpyDeviceToHost));
    CHECK(hipFree(dx));
    CHECK(hipFree(dy));

    for (int i = 0; i < n; i++) {
        float expected = a * x[i] + y[i];
        if (fabsf(result[i] - expected) > 1e-5f * (1.0f + fabsf(expected))) {
            printf("FAILED: y[%d] = %g, expected %g\n", i, result[i], expected);
            return 1;
        }
    }
    printf("PASSED\n");
    return 0;
}
