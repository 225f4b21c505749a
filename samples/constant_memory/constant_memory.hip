// Polynomial evaluation with coefficients in __constant__ memory (set with hipMemcpyToSymbol);
// a __device__ counter of results above a threshold is read back with hipMemcpyFromSymbol.
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

#define NUM_COEFFS 6

__constant__ float coeffs[NUM_COEFFS];  // c0 + c1 x + c2 x^2 + ...
__constant__ float threshold;
__device__ unsigned int above_count;

__global__ void poly_eval(const float* x, float* y, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;

    float acc = 0.0f;
    for (int k = NUM_COEFFS - 1; k >= 0; --k)  // Horner's rule
        acc = acc * x[i] + coeffs[k];
    y[i] = acc;
    if (acc > threshold)
        atomicAdd(&above_count, 1u);
}

int main(int argc, char** argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 1 << 14;
    if (n <= 0) {
        fprintf(stderr, "usage: %s [elements > 0]\n", argv[0]);
        return 2;
    }
    const float h_coeffs[NUM_COEFFS] = {1.0f, -0.5f, 0.25f, 2.0f, -1.0f, 0.125f};
    const float h_threshold = 0.75f;
    const unsigned int zero = 0;
    CHECK(hipMemcpyToSymbol(HIP_SYMBOL(coeffs), h_coeffs, sizeof(h_coeffs)));
    CHECK(hipMemcpyToSymbol(threshold, &h_threshold, sizeof(float)));
    CHECK(hipMemcpyToSymbol(above_count, &zero, sizeof(zero), 0, hipMemcpyHostToDevice));

    std::vector<float> x(n), y(n);
    for (int i = 0; i < n; ++i) x[i] = -2.0f + 4.0f * (float)i / (float)n;

    float *d_x, *d_y;
    CHECK(hipMalloc(&d_x, n * sizeof(float)));
    CHECK(hipMalloc(&d_y, n * sizeof(float)));
    CHECK(hipMemcpy(d_x, x.data(), n * sizeof(float), hipMemcpyHostToDevice));

    const int block = 256;
    poly_eval<<<(n + block - 1) / block, block>>>(d_x, d_y, n);
    CHECK(hipGetLastError());
    CHECK(hipDeviceSynchronize());

    unsigned int count = 0;
    CHECK(hipMemcpy(y.data(), d_y, n * sizeof(float), hipMemcpyDeviceToHost));
    CHECK(hipMemcpyFromSymbol(&count, above_count, sizeof(count)));
    CHECK(hipFree(d_x));
    CHECK(hipFree(d_y));

    // The count is checked against the device's own values, which the kernel compared.
    unsigned int expected_count = 0;
    for (int i = 0; i < n; ++i) {
        float expected = 0.0f;
        for (int k = NUM_COEFFS - 1; k >= 0; --k) expected = expected * x[i] + h_coeffs[k];
        if (std::fabs(y[i] - expected) > 1e-4f * (1.0f + std::fabs(expected))) {
            printf("FAILED: y[%d] = %f, expected %f\n", i, y[i], expected);
            return 1;
        }
        if (y[i] > h_threshold) ++expected_count;
    }
    if (count != expected_count) {
        printf("FAILED: above_count = %u, expected %u\n", count, expected_count);
        return 1;
    }
    printf("PASSED\n");
    return 0;
}
