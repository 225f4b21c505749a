// Single-precision math builtins, each in its own output column, checked against the host's
// libm with a tolerance per column (the fast intrinsics __expf / __fdividef are approximate).
#include <hip/hip_runtime.h>
#include <algorithm>
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

#define NUM_COLUMNS 8

__global__ void math_kernel(const float* __restrict__ x, float* __restrict__ out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;

    float v = x[i];
    float* o = out + (size_t)i * NUM_COLUMNS;
    o[0] = sqrtf(fabsf(v));
    o[1] = rsqrtf(fabsf(v) + 1.0f);
    o[2] = expf(-v * v);
    o[3] = __expf(0.5f * v);
    o[4] = __fdividef(v, 1.0f + fabsf(v));
    o[5] = fmaxf(v, 0.0f) + 0.1f * fminf(v, 0.0f);  // leaky ReLU
    o[6] = __saturatef(v);
    o[7] = (float)(min(i % 100, 42) + max(i % 7, 3));
}

int main(int argc, char** argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 1 << 14;
    if (n <= 0) {
        fprintf(stderr, "usage: %s [elements > 0]\n", argv[0]);
        return 2;
    }
    std::vector<float> x(n), out((size_t)n * NUM_COLUMNS);
    for (int i = 0; i < n; ++i) x[i] = -4.0f + 8.0f * (float)((i * 7) % 1024) / 1023.0f;

    float *d_x, *d_out;
    CHECK(hipMalloc(&d_x, n * sizeof(float)));
    CHECK(hipMalloc(&d_out, out.size() * sizeof(float)));
    CHECK(hipMemcpy(d_x, x.data(), n * sizeof(float), hipMemcpyHostToDevice));

    math_kernel<<<dim3((n + 255) / 256), dim3(256)>>>(d_x, d_out, n);
    CHECK(hipGetLastError());
    CHECK(hipDeviceSynchronize());
    CHECK(hipMemcpy(out.data(), d_out, out.size() * sizeof(float), hipMemcpyDeviceToHost));
    CHECK(hipFree(d_x));
    CHECK(hipFree(d_out));

    const char* names[NUM_COLUMNS] = {"sqrtf", "rsqrtf", "expf", "__expf", "__fdividef",
                                      "fmaxf/fminf", "__saturatef", "min/max"};
    const double rel_tol[NUM_COLUMNS] = {1e-6, 1e-5, 1e-5, 1e-4, 1e-5, 1e-6, 0, 0};
    for (int i = 0; i < n; ++i) {
        const double v = x[i];
        const double expected[NUM_COLUMNS] = {
            std::sqrt(std::fabs(v)),
            1.0 / std::sqrt(std::fabs(v) + 1.0),
            std::exp(-v * v),
            std::exp(0.5 * v),
            v / (1.0 + std::fabs(v)),
            std::max(v, 0.0) + 0.1 * std::min(v, 0.0),
            std::min(std::max(v, 0.0), 1.0),
            (double)(std::min(i % 100, 42) + std::max(i % 7, 3)),
        };
        for (int c = 0; c < NUM_COLUMNS; ++c) {
            const double got = out[(size_t)i * NUM_COLUMNS + c];
            if (std::fabs(got - expected[c]) > rel_tol[c] * std::fabs(expected[c]) + 1e-6) {
                printf("FAILED: %s at x[%d] = %f: got %.9g, expected %.9g\n", names[c], i, v, got,
                       expected[c]);
                return 1;
            }
        }
    }
    printf("PASSED\n");
    return 0;
}
