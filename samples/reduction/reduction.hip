// Sum of an integer array: a tree reduction in shared memory per block, then one atomicAdd
// per block into the global total. Integers keep the result exact (and Vortex has no float
// atomics: atomicAdd on float is not available there).
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

#define BLOCK_SIZE 256  // a power of two: the tree halves it

__global__ void __launch_bounds__(BLOCK_SIZE) block_sum(const int* in, int* total, int n)
{
    __shared__ int partial[BLOCK_SIZE];

    const int tid = threadIdx.x;
    // Each thread first adds two elements, one block apart.
    const int i = blockIdx.x * (blockDim.x * 2) + tid;
    int v = 0;
    if (i < n) v = in[i];
    if (i + (int)blockDim.x < n) v += in[i + blockDim.x];
    partial[tid] = v;
    __syncthreads();

    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < (int)s)
            partial[tid] += partial[tid + s];
        __syncthreads();
    }

    if (tid == 0)
        atomicAdd(total, partial[0]);
}

int main(int argc, char** argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 1 << 14;
    if (n <= 0) {
        fprintf(stderr, "usage: %s [elements > 0]\n", argv[0]);
        return 2;
    }
    std::vector<int> h_in(n);
    long long expected = 0;
    for (int i = 0; i < n; ++i) {
        h_in[i] = (int)((i * 7919LL) % 1000) - 500;
        expected += h_in[i];
    }

    int *d_in, *d_total;
    CHECK(hipMalloc(&d_in, n * sizeof(int)));
    CHECK(hipMalloc(&d_total, sizeof(int)));
    CHECK(hipMemcpy(d_in, h_in.data(), n * sizeof(int), hipMemcpyHostToDevice));
    CHECK(hipMemset(d_total, 0, sizeof(int)));

    const int grid = (n + 2 * BLOCK_SIZE - 1) / (2 * BLOCK_SIZE);
    block_sum<<<grid, BLOCK_SIZE>>>(d_in, d_total, n);
    CHECK(hipGetLastError());
    CHECK(hipDeviceSynchronize());

    int total = 0;
    CHECK(hipMemcpy(&total, d_total, sizeof(int), hipMemcpyDeviceToHost));
    CHECK(hipFree(d_in));
    CHECK(hipFree(d_total));

    if (total != expected) {
        printf("FAILED: total = %d, expected %lld\n", total, expected);
        return 1;
    }
    printf("PASSED\n");
    return 0;
}
