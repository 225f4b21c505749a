// 1-D stencil (sum over a radius-3 window) written with CUDA spellings: a stream, all four
// launch parameters and event timing. The block loads its tile plus halo into shared memory.
#include <cuda_runtime.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CUDA_CHECK(expr)                                                        \
    do {                                                                        \
        cudaError_t status = (expr);                                            \
        if (status != cudaSuccess) {                                            \
            fprintf(stderr, "CUDA error %s at %s:%d: %s\n", cudaGetErrorString(status), \
                    __FILE__, __LINE__, #expr);                                 \
            exit(1);                                                            \
        }                                                                       \
    } while (0)

#define RADIUS 3
#define BLOCK 256

__global__ void stencil_1d(const float *in, float *out, int n)
{
    __shared__ float tile[BLOCK + 2 * RADIUS];

    int g = blockIdx.x * blockDim.x + threadIdx.x;
    int l = threadIdx.x + RADIUS;

    tile[l] = g < n ? in[g] : 0.0f;
    if (threadIdx.x < RADIUS) {
        // The first RADIUS threads also load the halo on both sides.
        int left = g - RADIUS;
        int right = g + BLOCK;
        tile[l - RADIUS] = left >= 0 && left < n ? in[left] : 0.0f;
        tile[l + BLOCK] = right < n ? in[right] : 0.0f;
    }
    __syncthreads();

    if (g < n) {
        float sum = 0.0f;
        for (int off = -RADIUS; off <= RADIUS; ++off)
            sum += tile[l + off];
        out[g] = sum;
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1 << 14;
    if (n <= 0) {
        fprintf(stderr, "usage: %s [elements > 0]\n", argv[0]);
        return 2;
    }
    size_t bytes = n * sizeof(float);
    std::vector<float> h_in(n), h_out(n);
    for (int i = 0; i < n; ++i) h_in[i] = (float)((i * 13) % 17) - 8.0f;

    float *d_in, *d_out;
    CUDA_CHECK(cudaMalloc((void **)&d_in, bytes));
    CUDA_CHECK(cudaMalloc((void **)&d_out, bytes));

    cudaStream_t stream;
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaStreamCreate(&stream));
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));

    CUDA_CHECK(cudaMemcpy(d_in, h_in.data(), bytes, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaEventRecord(start, stream));
    stencil_1d<<<(n + BLOCK - 1) / BLOCK, BLOCK, 0, stream>>>(d_in, d_out, n);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(stop, stream));
    CUDA_CHECK(cudaEventSynchronize(stop));
    CUDA_CHECK(cudaStreamSynchronize(stream));
    CUDA_CHECK(cudaDeviceSynchronize());

    float ms = 0.0f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    printf("stencil_1d: %d elements in %.3f ms\n", n, ms);

    CUDA_CHECK(cudaMemcpy(h_out.data(), d_out, bytes, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaStreamDestroy(stream));
    CUDA_CHECK(cudaFree(d_in));
    CUDA_CHECK(cudaFree(d_out));

    for (int i = 0; i < n; ++i) {
        float expected = 0.0f;
        for (int off = -RADIUS; off <= RADIUS; ++off)
            if (i + off >= 0 && i + off < n) expected += h_in[i + off];
        if (fabsf(h_out[i] - expected) > 1e-4f) {
            printf("FAILED: out[%d] = %f, expected %f\n", i, h_out[i], expected);
            return 1;
        }
    }
    printf("PASSED\n");
    return 0;
}
