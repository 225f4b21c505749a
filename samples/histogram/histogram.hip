// 64-bin histogram of bytes: each block counts into shared bins with shared-memory atomics,
// then merges its bins into the global histogram with one global atomic per bin.
#include <hip/hip_runtime.h>
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

#define NUM_BINS 64

__global__ void histogram(const unsigned char* data, int n, unsigned int* hist)
{
    __shared__ unsigned int bins[NUM_BINS];

    for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x)
        bins[b] = 0;
    __syncthreads();

    // Grid-stride loop: the grid is capped below, so each thread handles several bytes.
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&bins[data[i] >> 2], 1u);
    __syncthreads();

    for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x) {
        if (bins[b] != 0)
            atomicAdd(&hist[b], bins[b]);
    }
}

int main(int argc, char** argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 1 << 14;
    if (n <= 0) {
        fprintf(stderr, "usage: %s [bytes > 0]\n", argv[0]);
        return 2;
    }

    // Deterministic pseudo-random bytes (a 32-bit LCG).
    std::vector<unsigned char> data(n);
    unsigned int state = 12345u;
    for (int i = 0; i < n; ++i) {
        state = state * 1664525u + 1013904223u;
        data[i] = (unsigned char)(state >> 24);
    }

    unsigned char* d_data;
    unsigned int* d_hist;
    CHECK(hipMalloc(&d_data, n));
    CHECK(hipMalloc(&d_hist, NUM_BINS * sizeof(unsigned int)));
    CHECK(hipMemcpy(d_data, data.data(), n, hipMemcpyHostToDevice));
    CHECK(hipMemset(d_hist, 0, NUM_BINS * sizeof(unsigned int)));

    const int block = 256;
    int grid = (n + block - 1) / block;
    if (grid > 16) grid = 16;
    histogram<<<grid, block>>>(d_data, n, d_hist);
    CHECK(hipGetLastError());
    CHECK(hipDeviceSynchronize());

    std::vector<unsigned int> hist(NUM_BINS);
    CHECK(hipMemcpy(hist.data(), d_hist, NUM_BINS * sizeof(unsigned int), hipMemcpyDeviceToHost));
    CHECK(hipFree(d_data));
    CHECK(hipFree(d_hist));

    std::vector<unsigned int> expected(NUM_BINS, 0);
    for (int i = 0; i < n; ++i) expected[data[i] >> 2]++;
    for (int b = 0; b < NUM_BINS; ++b) {
        if (hist[b] != expected[b]) {
            printf("FAILED: bin %d = %u, expected %u\n", b, hist[b], expected[b]);
            return 1;
        }
    }
    printf("PASSED\n");
    return 0;
}
