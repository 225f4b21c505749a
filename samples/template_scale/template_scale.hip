// One kernel template, instantiated for float and int: data[i] = clamp(data[i] * factor + offset).
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

template <typename T>
__host__ __device__ T clamp_to(T v, T lo, T hi)
{
    return v < lo ? lo : (v > hi ? hi : v);
}

template <typename T>
__global__ void scale_offset(T* data, T factor, T offset, T limit, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        data[i] = clamp_to<T>(data[i] * factor + offset, -limit, limit);
}

template <typename T>
static bool check(const char* what, const std::vector<T>& got, const std::vector<T>& in,
                  T factor, T offset, T limit)
{
    for (size_t i = 0; i < in.size(); ++i) {
        const T expected = clamp_to<T>(in[i] * factor + offset, -limit, limit);
        if (std::fabs((double)got[i] - (double)expected) > 1e-5 * (1.0 + std::fabs((double)expected))) {
            printf("FAILED: %s[%zu] = %g, expected %g\n", what, i, (double)got[i], (double)expected);
            return false;
        }
    }
    return true;
}

int main(int argc, char** argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 1 << 14;
    if (n <= 0) {
        fprintf(stderr, "usage: %s [elements > 0]\n", argv[0]);
        return 2;
    }
    std::vector<float> hf(n), rf(n);
    std::vector<int> hi(n), ri(n);
    for (int i = 0; i < n; ++i) {
        hf[i] = (float)(i % 512) * 0.125f - 32.0f;
        hi[i] = i % 2001 - 1000;
    }

    float* df;
    int* di;
    CHECK(hipMalloc(&df, n * sizeof(float)));
    CHECK(hipMalloc(&di, n * sizeof(int)));
    CHECK(hipMemcpy(df, hf.data(), n * sizeof(float), hipMemcpyHostToDevice));
    CHECK(hipMemcpy(di, hi.data(), n * sizeof(int), hipMemcpyHostToDevice));

    const int block = 256, grid = (n + block - 1) / block;
    scale_offset<float><<<grid, block>>>(df, 1.5f, 0.25f, 40.0f, n);
    CHECK(hipGetLastError());
    scale_offset<int><<<grid, block>>>(di, 3, -7, 2500, n);
    CHECK(hipGetLastError());
    CHECK(hipDeviceSynchronize());

    CHECK(hipMemcpy(rf.data(), df, n * sizeof(float), hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(ri.data(), di, n * sizeof(int), hipMemcpyDeviceToHost));
    CHECK(hipFree(df));
    CHECK(hipFree(di));

    if (!check<float>("float", rf, hf, 1.5f, 0.25f, 40.0f) || !check<int>("int", ri, hi, 3, -7, 2500))
        return 1;
    printf("PASSED\n");
    return 0;
}
