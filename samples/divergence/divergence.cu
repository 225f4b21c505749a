// Divergent control flow: every thread picks its work from its own data. Exercises an early
// return, a switch on per-thread data, loops with per-thread trip counts, a break out of a
// per-thread loop and data-dependent if/else.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                            \
    do {                                                                       \
        cudaError_t e = (call);                                                \
        if (e != cudaSuccess) {                                                \
            fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                 \
                    cudaGetErrorString(e));                                    \
            exit(EXIT_FAILURE);                                                \
        }                                                                      \
    } while (0)

// Launches a kernel and checks the launch; the launch expression is the macro argument.
#define LAUNCH(...)                                                            \
    do {                                                                       \
        __VA_ARGS__;                                                           \
        CHECK(cudaGetLastError());                                             \
    } while (0)

enum Op { OP_TRIANGLE = 0, OP_FACTORIAL_MOD = 1, OP_COLLATZ = 2, OP_NEGATE = 3 };

#define COLLATZ_CAP 60
#define MODULUS 1000003

__global__ void mixed_work(const int *ops, const int *vals, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;

    int v = vals[i];
    int result = 0;
    switch (ops[i]) {
    case OP_TRIANGLE:
        for (int k = 0; k < vals[i]; ++k)
            result += k;
        break;
    case OP_FACTORIAL_MOD: {
        int p = 1;
        for (int k = 2; k <= v; ++k)
            p = (p * k) % MODULUS;
        result = p;
        break;
    }
    case OP_COLLATZ: {
        unsigned int x = v + 1;
        while (x != 1) {
            if (x & 1)
                x = 3 * x + 1;
            else
                x /= 2;
            if (++result >= COLLATZ_CAP)
                break;  // give up on long trajectories
        }
        break;
    }
    default:
        result = -v;
    }
    out[i] = result;
}

// Data-dependent if/else chain on the previous results.
__global__ void classify(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int v = in[i];
        if (v < 0)
            out[i] = 0;
        else if (v % 3 == 0)
            out[i] = v / 3;
        else
            out[i] = 2 * v + 1;
    }
}

static int reference_work(int op, int v)
{
    int result = 0;
    switch (op) {
    case OP_TRIANGLE:
        return v * (v - 1) / 2;
    case OP_FACTORIAL_MOD: {
        int p = 1;
        for (int k = 2; k <= v; ++k) p = (p * k) % MODULUS;
        return p;
    }
    case OP_COLLATZ:
        for (unsigned int x = v + 1; x != 1 && result < COLLATZ_CAP; ++result)
            x = (x & 1) ? 3 * x + 1 : x / 2;
        return result;
    default:
        return -v;
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1 << 14;
    if (n <= 0) {
        fprintf(stderr, "usage: %s [elements > 0]\n", argv[0]);
        return 2;
    }
    std::vector<int> ops(n), vals(n), work(n), classes(n);
    unsigned int seed = 7;
    for (int i = 0; i < n; ++i) {
        seed = seed * 1103515245u + 12345u;
        ops[i] = (seed >> 16) % 4;
        vals[i] = (seed >> 8) % 64;
    }

    int *d_ops, *d_vals, *d_work, *d_classes;
    CHECK(cudaMalloc(&d_ops, n * sizeof(int)));
    CHECK(cudaMalloc(&d_vals, n * sizeof(int)));
    CHECK(cudaMalloc(&d_work, n * sizeof(int)));
    CHECK(cudaMalloc(&d_classes, n * sizeof(int)));
    CHECK(cudaMemcpy(d_ops, ops.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_vals, vals.data(), n * sizeof(int), cudaMemcpyHostToDevice));

    const int threads = 128;
    const int blocks = (n + threads - 1) / threads;
    LAUNCH(mixed_work<<<blocks, threads>>>(d_ops, d_vals, d_work, n));
    LAUNCH(classify<<<blocks, threads>>>(d_work, d_classes, n));
    CHECK(cudaDeviceSynchronize());

    CHECK(cudaMemcpy(work.data(), d_work, n * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(classes.data(), d_classes, n * sizeof(int), cudaMemcpyDeviceToHost));
    cudaFree(d_ops);
    cudaFree(d_vals);
    cudaFree(d_work);
    cudaFree(d_classes);

    for (int i = 0; i < n; ++i) {
        const int expected = reference_work(ops[i], vals[i]);
        const int expected_class = expected < 0 ? 0 : (expected % 3 == 0 ? expected / 3 : 2 * expected + 1);
        if (work[i] != expected || classes[i] != expected_class) {
            printf("FAILED: element %d (op %d, value %d): got %d/%d, expected %d/%d\n", i, ops[i],
                   vals[i], work[i], classes[i], expected, expected_class);
            return 1;
        }
    }
    printf("PASSED\n");
    return 0;
}
