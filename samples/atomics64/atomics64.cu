// 64-bit atomics under contention on a 32-bit device: every thread hits a handful of shared
// counters whose values need all 64 bits (carries across the low word), and the checks are
// order-independent: totals, extremes, bit sets, single compare-and-swap winners, and a double
// sum of exactly representable values.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                            \
    do {                                                                       \
        cudaError_t err_ = (call);                                             \
        if (err_ != cudaSuccess) {                                             \
            fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__,      \
                    #call, cudaGetErrorString(err_));                          \
            exit(EXIT_FAILURE);                                                \
        }                                                                      \
    } while (0)

#define BIG 0x100000000ull  // every addend carries into the high word
#define CLAIMERS 4          // threads competing for each slot
#define EMPTY 0xffffffffffffffffull

struct Totals {
    unsigned long long sum, max, min, bits, exch;
    long long signed_sum, signed_min;
    double dsum;
    double dparts[4];  // neighbouring threads add to different doubles at once
};

__global__ void atomics64(Totals* t, unsigned long long* slots, int* won, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        const unsigned long long v = BIG * (unsigned long long)(i % 7) + 0xfffffff0ull + (unsigned long long)i;
        atomicAdd(&t->sum, v);
        atomicMax(&t->max, v);
        atomicMin(&t->min, v);
        // Not `1ull << (i % 64)`: gcc expands a 64-bit shift by a per-thread amount on rv32 with a
        // branch on the amount (divergent; the sample tests catch it). A product has both words.
        atomicOr(&t->bits, (unsigned long long)(i % 61 + 1) * 0x0000000100000001ull);
        atomicExch(&t->exch, (unsigned long long)i);
        atomicAdd(&t->signed_sum, -(long long)v);
        atomicMin(&t->signed_min, -(long long)v);
        atomicAdd(&t->dsum, 0.25);  // uniform: per-thread double arithmetic would diverge on rv32
        atomicAdd(&t->dparts[i % 4], 0.5);
        // CLAIMERS consecutive threads race for one slot; exactly one compare-and-swap wins.
        won[i] = atomicCAS(&slots[i / CLAIMERS], EMPTY, BIG * (unsigned long long)i + 1ull) == EMPTY;
    }
}

int main(int argc, char** argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 4096;
    if (n <= 0) {
        fprintf(stderr, "usage: %s [elements > 0]\n", argv[0]);
        return 2;
    }
    const int block = 16;  // fits one core of the default 4 warps x 4 threads simx
    const int grid = (n + block - 1) / block;
    const int num_slots = (n + CLAIMERS - 1) / CLAIMERS;

    Totals init = {0ull, 0ull, EMPTY, 0ull, EMPTY, 0ll, 0x7fffffffffffffffll, 0.0, {0.0, 0.0, 0.0, 0.0}};
    std::vector<unsigned long long> slots(num_slots, EMPTY);
    Totals* d_t;
    unsigned long long* d_slots;
    int* d_won;
    CHECK(cudaMalloc(&d_t, sizeof(Totals)));
    CHECK(cudaMalloc(&d_slots, num_slots * sizeof(unsigned long long)));
    CHECK(cudaMalloc(&d_won, n * sizeof(int)));
    CHECK(cudaMemcpy(d_t, &init, sizeof(Totals), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_slots, slots.data(), num_slots * sizeof(unsigned long long), cudaMemcpyHostToDevice));
    atomics64<<<grid, block>>>(d_t, d_slots, d_won, n);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());

    Totals t;
    std::vector<int> won(n);
    CHECK(cudaMemcpy(&t, d_t, sizeof(Totals), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(slots.data(), d_slots, num_slots * sizeof(unsigned long long), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(won.data(), d_won, n * sizeof(int), cudaMemcpyDeviceToHost));

    unsigned long long sum = 0, max = 0, min = EMPTY, bits = 0;
    long long signed_min = 0x7fffffffffffffffll;
    double dsum = 0.0, dparts[4] = {0.0, 0.0, 0.0, 0.0};
    for (int i = 0; i < n; ++i) {
        const unsigned long long v = BIG * (unsigned long long)(i % 7) + 0xfffffff0ull + (unsigned long long)i;
        sum += v;
        max = v > max ? v : max;
        min = v < min ? v : min;
        bits |= (unsigned long long)(i % 61 + 1) * 0x0000000100000001ull;
        signed_min = -(long long)v < signed_min ? -(long long)v : signed_min;
        dsum += 0.25;
        dparts[i % 4] += 0.5;
    }
    int errors = 0;
    errors += t.sum != sum;
    errors += t.max != max;
    errors += t.min != min;
    errors += t.bits != bits;
    errors += t.exch >= (unsigned long long)n;
    errors += t.signed_sum != -(long long)sum;
    errors += t.signed_min != signed_min;
    errors += t.dsum != dsum;
    for (int k = 0; k < 4; ++k) errors += t.dparts[k] != dparts[k];
    for (int s = 0; s < num_slots; ++s) {
        int winners = 0;
        for (int i = s * CLAIMERS; i < n && i < (s + 1) * CLAIMERS; ++i)
            if (won[i]) {
                ++winners;
                errors += slots[s] != BIG * (unsigned long long)i + 1ull;
            }
        errors += winners != 1;
    }
    if (errors) {
        printf("FAILED: %d errors (sum %llx want %llx, max %llx want %llx, min %llx want %llx, dsum %f want %f)\n",
               errors, t.sum, sum, t.max, max, t.min, min, t.dsum, dsum);
        return 1;
    }
    CHECK(cudaFree(d_t));
    CHECK(cudaFree(d_slots));
    CHECK(cudaFree(d_won));
    printf("PASSED\n");
    return 0;
}
