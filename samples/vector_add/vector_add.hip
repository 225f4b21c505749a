// Vector addition c = a + b, launched with hipLaunchKernelGGL.
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

__global__ void vector_add(const float* __restrict__ a, const float* __restrict__ b,
                           float* __restrict__ c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
}

int main(int argc, char** argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 1 << 14;
    if (n <= 0) {
        fprintf(stderr, "usage: %s [elements > 0]\n", argv[0]);
        return 2;
    }
    const int block = 256;
    const int grid = (n + block - 1) / block;
    const size_t bytes = n * sizeof(float);

    std::vector<float> a(n), b(n), c(n);
    for (int i = 0; i < n; ++i) {
        a[i] = 0.5f * i;
        b[i] = 0.25f * (n - i);
    }

    float *d_a, *d_b, *d_c;
    CHECK(hipMalloc(&d_a, bytes));
    CHECK(hipMalloc(&d_b, bytes));
    CHECK(hipMalloc(&d_c, bytes));
    CHECK(hipMemcpy(d_a, a.data(), bytes, hipMemcpyHostToDevice));
    CHECK(hipMemcpy(d_b, b.data(), bytes, hipMemcpyHostToDevice));

    hipLaunchKernelGGL(vector_add, dim3(grid), dim3(block), 0, 0, d_a, d_b, d_c, n);
    CHECK(hipGetLastError());
    CHECK(hipDeviceSynchronize());

    CHECK(hipMemcpy(c.data(), d_c, bytes, hipMemcpyDeviceToHost));
    CHECK(hipFree(d_a));
    CHECK(hipFree(d_b));
    CHECK(hipFree(d_c));

    for (int i = 0; i < n; ++i) {
        const float expected = a[i] + b[i];
        if (std::fabs(c[i] - expected) > 1e-5f * std::fabs(expected)) {
            printf("FAILED: c[%d] = %f, expected %f\n", i, c[i], expected);
            return 1;
        }
    }
    printf("PASSED\n");
    return 0;
}
