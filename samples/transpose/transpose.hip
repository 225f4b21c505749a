// Matrix transpose through a shared-memory tile. The tile (a 2-D static __shared__ array,
// padded by one column against bank conflicts) is declared in a __device__ helper that the
// kernel calls.
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

#define TILE 16

__device__ void transpose_tile(const float* in, float* out, int rows, int cols)
{
    __shared__ float tile[TILE][TILE + 1];

    int x = blockIdx.x * TILE + threadIdx.x;  // column in `in`
    int y = blockIdx.y * TILE + threadIdx.y;  // row in `in`
    if (x < cols && y < rows)
        tile[threadIdx.y][threadIdx.x] = in[y * cols + x];
    __syncthreads();

    // Write the tile to the mirrored block position, reading it column-wise.
    x = blockIdx.y * TILE + threadIdx.x;  // column in `out` (a row of `in`)
    y = blockIdx.x * TILE + threadIdx.y;  // row in `out`
    if (x < rows && y < cols)
        out[y * rows + x] = tile[threadIdx.x][threadIdx.y];
}

__global__ void transpose(const float* in, float* out, int rows, int cols)
{
    transpose_tile(in, out, rows, cols);
}

int main(int argc, char** argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 128;
    if (n <= 0) {
        fprintf(stderr, "usage: %s [rows > 0]\n", argv[0]);
        return 2;
    }
    const int rows = n, cols = n + 7;
    const size_t count = (size_t)rows * cols;

    std::vector<float> in(count), out(count);
    for (size_t i = 0; i < count; ++i) in[i] = (float)i;

    float *d_in, *d_out;
    CHECK(hipMalloc(&d_in, count * sizeof(float)));
    CHECK(hipMalloc(&d_out, count * sizeof(float)));
    CHECK(hipMemcpy(d_in, in.data(), count * sizeof(float), hipMemcpyHostToDevice));

    dim3 threads(TILE, TILE);
    dim3 blocks((cols + TILE - 1) / TILE, (rows + TILE - 1) / TILE);
    transpose<<<blocks, threads>>>(d_in, d_out, rows, cols);
    CHECK(hipGetLastError());
    CHECK(hipDeviceSynchronize());
    CHECK(hipMemcpy(out.data(), d_out, count * sizeof(float), hipMemcpyDeviceToHost));
    CHECK(hipFree(d_in));
    CHECK(hipFree(d_out));

    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < cols; ++c) {
            const float expected = in[(size_t)r * cols + c];
            const float got = out[(size_t)c * rows + r];
            if (got != expected) {
                printf("FAILED: out[%d][%d] = %f, expected %f\n", c, r, got, expected);
                return 1;
            }
        }
    }
    printf("PASSED\n");
    return 0;
}
