// Reverses each block-sized chunk of an array through dynamic shared memory.
// The kernel takes its arguments as one struct passed by value; the struct holds device
// pointers mixed with 4-byte fields, so its layout differs between a 64-bit host and the device.
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

struct ReverseParams {
    int n;
    const float* in;
    float scale;
    float* out;
};

__global__ void block_reverse(ReverseParams p)
{
    extern __shared__ float chunk[];  // blockDim.x floats, sized at launch

    const int base = blockIdx.x * blockDim.x;
    const int t = threadIdx.x;
    const int count = min((int)blockDim.x, p.n - base);  // the last block may be partial

    if (t < count)
        chunk[t] = p.in[base + t] * p.scale;
    __syncthreads();
    if (t < count)
        p.out[base + t] = chunk[count - 1 - t];
}

int main(int argc, char** argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 1 << 14;
    if (n <= 0) {
        fprintf(stderr, "usage: %s [elements > 0]\n", argv[0]);
        return 2;
    }
    const int block = 128;
    const int grid = (n + block - 1) / block;

    std::vector<float> in(n), out(n);
    for (int i = 0; i < n; ++i) in[i] = (float)i;

    ReverseParams params;
    params.n = n;
    params.scale = 2.0f;
    CHECK(hipMalloc((void**)&params.in, n * sizeof(float)));
    CHECK(hipMalloc((void**)&params.out, n * sizeof(float)));
    CHECK(hipMemcpy((void*)params.in, in.data(), n * sizeof(float), hipMemcpyHostToDevice));

    const size_t shared_bytes = block * sizeof(float);
    block_reverse<<<grid, block, shared_bytes>>>(params);
    CHECK(hipGetLastError());
    CHECK(hipDeviceSynchronize());
    CHECK(hipMemcpy(out.data(), params.out, n * sizeof(float), hipMemcpyDeviceToHost));
    CHECK(hipFree((void*)params.in));
    CHECK(hipFree(params.out));

    for (int i = 0; i < n; ++i) {
        const int base = i / block * block;
        const int count = (n - base < block) ? n - base : block;
        const float expected = in[base + count - 1 - (i - base)] * params.scale;
        if (out[i] != expected) {  // exact: scaling by 2 of small integers
            printf("FAILED: out[%d] = %f, expected %f\n", i, out[i], expected);
            return 1;
        }
    }
    printf("PASSED\n");
    return 0;
}
