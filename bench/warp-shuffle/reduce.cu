// One block reduction written twice: with __shfl_down_sync (two warp stages) and with shared
// memory and __syncthreads (a tree). Usage: reduce <threads per block> <blocks>. Prints PASSED.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define FULL 0xffffffffu

__global__ void reduce_shfl(const float* in, float* out, int width) {
    __shared__ float partial[32];
    float v = in[blockIdx.x * blockDim.x + threadIdx.x];
    for (int o = width / 2; o > 0; o /= 2) v += __shfl_down_sync(FULL, v, o, width);
    if (threadIdx.x % width == 0) partial[threadIdx.x / width] = v;
    __syncthreads();
    float p = 0.0f;
    if (threadIdx.x < blockDim.x / width) p = partial[threadIdx.x];
    for (int o = width / 2; o > 0; o /= 2) p += __shfl_down_sync(FULL, p, o, width);
    if (threadIdx.x == 0) out[blockIdx.x] = p;
}

__global__ void reduce_shared(const float* in, float* out) {
    extern __shared__ float s[];
    s[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
    __syncthreads();
    for (unsigned o = blockDim.x / 2; o > 0; o >>= 1) {
        if (threadIdx.x < o) s[threadIdx.x] += s[threadIdx.x + o];
        __syncthreads();
    }
    if (threadIdx.x == 0) out[blockIdx.x] = s[0];
}

int main(int argc, char** argv) {
    const int block = argc > 1 ? atoi(argv[1]) : 256, blocks = argc > 2 ? atoi(argv[2]) : 4, n = block * blocks;
    const int width = block < 32 ? block : 32;  // a power of two; the second stage needs block / width <= width
    float* h = (float*)malloc(n * sizeof(float));
    for (int i = 0; i < n; ++i) h[i] = (float)((i * 7) % 13);
    float *in, *out;
    cudaMalloc(&in, n * sizeof(float));
    cudaMalloc(&out, blocks * sizeof(float));
    cudaMemcpy(in, h, n * sizeof(float), cudaMemcpyHostToDevice);
    float r[2][64];
    reduce_shfl<<<blocks, block>>>(in, out, width);
    cudaMemcpy(r[0], out, blocks * sizeof(float), cudaMemcpyDeviceToHost);
    reduce_shared<<<blocks, block, block * sizeof(float)>>>(in, out);
    cudaMemcpy(r[1], out, blocks * sizeof(float), cudaMemcpyDeviceToHost);
    for (int b = 0; b < blocks; ++b) {
        float want = 0.0f;
        for (int k = 0; k < block; ++k) want += h[b * block + k];
        if (r[0][b] != want || r[1][b] != want) {
            printf("FAILED: block %d: shuffle %g, shared %g, expected %g\n", b, r[0][b], r[1][b], want);
            return 1;
        }
    }
    printf("PASSED\n");
    return 0;
}
