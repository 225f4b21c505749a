// Structs whose layout differs between the x86-64 host and rv32 (pointers, size_t, long), reached
// by kernels through device memory the host fills with hipMemcpy / hipMemcpyToSymbol.
#include <hip/hip_runtime.h>
#include <stdint.h>
#include <cstdio>
#include <cstdlib>

#define CHECK(call)                                                            \
    do {                                                                       \
        hipError_t err_ = (call);                                              \
        if (err_ != hipSuccess) {                                              \
            fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__,      \
                    #call, hipGetErrorString(err_));                           \
            exit(EXIT_FAILURE);                                                \
        }                                                                      \
    } while (0)

// An argument block of pointers, passed to the kernel by pointer.
typedef struct {
    uint32_t num_points;
    float* src_ptr;
    float* dst_ptr;
} kernel_arg_t;

__global__ void scale_points(const kernel_arg_t* arg)
{
    uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < arg->num_points) arg->dst_ptr[i] = 2.0f * arg->src_ptr[i];
}

// An array of structs with size_t and long fields, filled by the host and completed by the kernel.
struct Range {
    size_t begin;
    size_t length;
    long sum;
};

__global__ void sum_ranges(Range* ranges, const int* values, int count)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r < count) {
        long s = 0;
        for (size_t k = 0; k < ranges[r].length; ++k) s += values[ranges[r].begin + k];
        ranges[r].sum = s;
    }
}

// A device global struct set with hipMemcpyToSymbol.
struct Table {
    const float* weights;
    size_t count;
    float bias;
};

__device__ Table table;

__global__ void weigh(float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = table.weights[i % table.count] + table.bias;
}

static int fail(const char* what, int at, double got, double want)
{
    printf("FAILED: %s[%d] = %g, expected %g\n", what, at, got, want);
    return 1;
}

int main(int argc, char** argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 4096;
    const int block = 16;
    const int grid = (n + block - 1) / block;

    float* h_src = (float*)malloc(n * sizeof(float));
    float* h_dst = (float*)malloc(n * sizeof(float));
    int* h_values = (int*)malloc(n * sizeof(int));
    for (int i = 0; i < n; ++i) {
        h_src[i] = (float)(i % 101);
        h_values[i] = i % 7 - 5;
    }

    float *d_src, *d_dst;
    kernel_arg_t* d_arg;
    CHECK(hipMalloc((void**)&d_src, n * sizeof(float)));
    CHECK(hipMalloc((void**)&d_dst, n * sizeof(float)));
    CHECK(hipMalloc((void**)&d_arg, sizeof(kernel_arg_t)));
    CHECK(hipMemcpy(d_src, h_src, n * sizeof(float), hipMemcpyHostToDevice));
    kernel_arg_t arg = {(uint32_t)n, d_src, d_dst};
    CHECK(hipMemcpy(d_arg, &arg, sizeof(arg), hipMemcpyHostToDevice));
    hipLaunchKernelGGL(scale_points, dim3(grid), dim3(block), 0, 0, d_arg);
    CHECK(hipDeviceSynchronize());
    CHECK(hipMemcpy(h_dst, d_dst, n * sizeof(float), hipMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i)
        if (h_dst[i] != 2.0f * h_src[i]) return fail("scale_points", i, h_dst[i], 2.0f * h_src[i]);

    const int kRanges = 48;
    Range ranges[kRanges];
    for (int r = 0; r < kRanges; ++r) {
        ranges[r].begin = (size_t)r * n / kRanges;
        ranges[r].length = (size_t)(r + 1) * n / kRanges - ranges[r].begin;
        ranges[r].sum = 12345;
    }
    int* d_values;
    Range* d_ranges;
    CHECK(hipMalloc((void**)&d_values, n * sizeof(int)));
    CHECK(hipMalloc((void**)&d_ranges, sizeof(ranges)));
    CHECK(hipMemcpy(d_values, h_values, n * sizeof(int), hipMemcpyHostToDevice));
    CHECK(hipMemcpy(d_ranges, ranges, sizeof(ranges), hipMemcpyHostToDevice));
    sum_ranges<<<(kRanges + block - 1) / block, block>>>(d_ranges, d_values, kRanges);
    CHECK(hipDeviceSynchronize());
    CHECK(hipMemcpy(ranges, d_ranges, sizeof(ranges), hipMemcpyDeviceToHost));
    for (int r = 0; r < kRanges; ++r) {
        long want = 0;
        size_t begin = (size_t)r * n / kRanges;
        size_t end = (size_t)(r + 1) * n / kRanges;
        for (size_t k = begin; k < end; ++k) want += h_values[k];
        if (ranges[r].begin != begin || ranges[r].length != end - begin) return fail("ranges.begin", r, (double)ranges[r].begin, (double)begin);
        if (ranges[r].sum != want) return fail("ranges.sum", r, (double)ranges[r].sum, (double)want);
    }

    const float h_weights[7] = {1, 2, 3, 4, 5, 6, 7};
    float* d_weights;
    CHECK(hipMalloc((void**)&d_weights, sizeof(h_weights)));
    CHECK(hipMemcpy(d_weights, h_weights, sizeof(h_weights), hipMemcpyHostToDevice));
    Table t = {d_weights, 7, 0.5f};
    CHECK(hipMemcpyToSymbol(HIP_SYMBOL(table), &t, sizeof(t)));
    weigh<<<grid, block>>>(d_dst, n);
    CHECK(hipDeviceSynchronize());
    CHECK(hipMemcpy(h_dst, d_dst, n * sizeof(float), hipMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i)
        if (h_dst[i] != h_weights[i % 7] + 0.5f) return fail("weigh", i, h_dst[i], h_weights[i % 7] + 0.5f);
    Table back = {nullptr, 0, 0.0f};
    CHECK(hipMemcpyFromSymbol(&back, HIP_SYMBOL(table), sizeof(back)));
    if (back.weights != d_weights || back.count != 7 || back.bias != 0.5f) return fail("table.count", 0, (double)back.count, 7);

    CHECK(hipFree(d_src));
    CHECK(hipFree(d_dst));
    CHECK(hipFree(d_arg));
    CHECK(hipFree(d_values));
    CHECK(hipFree(d_ranges));
    CHECK(hipFree(d_weights));
    free(h_src);
    free(h_dst);
    free(h_values);
    printf("PASSED\n");
    return 0;
}
