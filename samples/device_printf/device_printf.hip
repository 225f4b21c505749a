// Squares an array; a few threads report what they did with device printf.
// The host still checks every result (printf output is informational only).
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

__global__ void square_and_report(const int* in, int* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i == 0)
        printf("square_and_report: %u blocks of %u threads\n", gridDim.x, blockDim.x);
    if (i < n) {
        out[i] = in[i] * in[i];
        if (i < 2 || i == n - 1)
            printf("block %u thread %u: %d^2 = %d\n", blockIdx.x, threadIdx.x, in[i], out[i]);
    }
}

int main(int argc, char** argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 1 << 14;
    if (n <= 0) {
        fprintf(stderr, "usage: %s [elements > 0]\n", argv[0]);
        return 2;
    }
    std::vector<int> in(n), out(n);
    for (int i = 0; i < n; ++i) in[i] = i % 46341 - 20000;  // squares fit in int

    int *d_in, *d_out;
    CHECK(hipMalloc(&d_in, n * sizeof(int)));
    CHECK(hipMalloc(&d_out, n * sizeof(int)));
    CHECK(hipMemcpy(d_in, in.data(), n * sizeof(int), hipMemcpyHostToDevice));

    const int block = 256;
    square_and_report<<<(n + block - 1) / block, block>>>(d_in, d_out, n);
    CHECK(hipGetLastError());
    CHECK(hipDeviceSynchronize());  // also flushes the device printf output
    CHECK(hipMemcpy(out.data(), d_out, n * sizeof(int), hipMemcpyDeviceToHost));
    CHECK(hipFree(d_in));
    CHECK(hipFree(d_out));

    for (int i = 0; i < n; ++i) {
        if (out[i] != in[i] * in[i]) {
            printf("FAILED: out[%d] = %d, expected %d\n", i, out[i], in[i] * in[i]);
            return 1;
        }
    }
    printf("PASSED\n");
    return 0;
}
