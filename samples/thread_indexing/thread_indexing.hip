// Records, for every element of a width x height grid, which thread wrote it, using the HIP
// spellings hipThreadIdx_x, hipBlockIdx_y, hipBlockDim_x, hipGridDim_x, ... and warpSize.
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

struct ThreadRecord {
    int block_linear;   // linear block index in the grid
    int thread_linear;  // linear thread index in the block
    int lane;           // position in the warp
    int warp;           // warp index in the block
};

__global__ void record_threads(ThreadRecord* records, int* warp_size, int width, int height)
{
    const int x = hipBlockIdx_x * hipBlockDim_x + hipThreadIdx_x;
    const int y = hipBlockIdx_y * hipBlockDim_y + hipThreadIdx_y;
    if (x >= width || y >= height) return;

    const int t = hipThreadIdx_y * hipBlockDim_x + hipThreadIdx_x;
    ThreadRecord r;
    r.block_linear = hipBlockIdx_y * hipGridDim_x + hipBlockIdx_x;
    r.thread_linear = t;
    r.lane = t % warpSize;
    r.warp = t / warpSize;
    records[y * width + x] = r;
    if (x == 0 && y == 0) *warp_size = warpSize;
}

int main(int argc, char** argv)
{
    const int width = argc > 1 ? atoi(argv[1]) : 256;
    if (width <= 0) {
        fprintf(stderr, "usage: %s [width > 0]\n", argv[0]);
        return 2;
    }
    const int height = 19;
    const int count = width * height;

    ThreadRecord* d_records;
    int* d_warp_size;
    CHECK(hipMalloc(&d_records, count * sizeof(ThreadRecord)));
    CHECK(hipMalloc(&d_warp_size, sizeof(int)));

    const dim3 block(32, 8);
    const dim3 grid((width + block.x - 1) / block.x, (height + block.y - 1) / block.y);
    hipLaunchKernelGGL(record_threads, grid, block, 0, 0, d_records, d_warp_size, width, height);
    CHECK(hipGetLastError());
    CHECK(hipDeviceSynchronize());

    std::vector<ThreadRecord> records(count);
    int warp_size = 0;
    CHECK(hipMemcpy(records.data(), d_records, count * sizeof(ThreadRecord), hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(&warp_size, d_warp_size, sizeof(int), hipMemcpyDeviceToHost));
    CHECK(hipFree(d_records));
    CHECK(hipFree(d_warp_size));

    if (warp_size <= 0 || (warp_size & (warp_size - 1)) != 0) {
        printf("FAILED: warpSize = %d is not a positive power of two\n", warp_size);
        return 1;
    }
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            const ThreadRecord& r = records[y * width + x];
            const int t = (y % block.y) * block.x + x % block.x;
            const int b = (y / block.y) * grid.x + x / block.x;
            if (r.block_linear != b || r.thread_linear != t || r.lane != t % warp_size ||
                r.warp != t / warp_size) {
                printf("FAILED: (%d, %d) got block %d thread %d lane %d warp %d, expected block %d "
                       "thread %d (warpSize %d)\n",
                       x, y, r.block_linear, r.thread_linear, r.lane, r.warp, b, t, warp_size);
                return 1;
            }
        }
    }
    printf("PASSED\n");
    return 0;
}
