// The integer atomic family. Every check is order-independent: totals, extremes, bit sets,
// wrap-around counters whose final value does not depend on the order, single winners.
// (Only integer atomics: Vortex has no float atomic instruction.)
#include <hip/hip_runtime.h>
#include <algorithm>
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

enum Counter {
    C_SUB, C_EXCH, C_MIN, C_MAX, C_AND, C_OR, C_XOR, C_INC, C_DEC,
    C_DONE_BLOCKS, C_GRAND_TOTAL, NUM_COUNTERS
};

#define INC_LIMIT 16u   // atomicInc/atomicDec wrap at this value
#define EMPTY (-1)
#define EXCH_INIT (-7)
#define CLAIMERS 4      // threads competing for each slot

__global__ void atomic_ops(const int* values, int* counters, int* exch_old, int* slots, int* won,
                           int* block_sums, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        const int v = values[i];
        unsigned int* ucounters = (unsigned int*)counters;

        atomicSub(&counters[C_SUB], v);
        exch_old[i] = atomicExch(&counters[C_EXCH], i);  // old values + final = a permutation
        atomicMin(&counters[C_MIN], v);
        atomicMax(&counters[C_MAX], v);
        atomicAnd(&ucounters[C_AND], ~(1u << (i % 32)));
        atomicOr(&ucounters[C_OR], 1u << ((unsigned int)v % 32));
        atomicXor(&ucounters[C_XOR], (unsigned int)v * 2654435761u);
        atomicInc(&ucounters[C_INC], INC_LIMIT);
        atomicDec(&ucounters[C_DEC], INC_LIMIT);

        // CLAIMERS consecutive threads race for one slot; exactly one compare-and-swap wins.
        won[i] = atomicCAS(&slots[i / CLAIMERS], EMPTY, i) == EMPTY;
    }

    // Last-block-done: thread 0 publishes the block's sum, fences, then takes a ticket.
    if (threadIdx.x == 0) {
        int sum = 0;
        for (int k = blockIdx.x * blockDim.x; k < n && k < (int)((blockIdx.x + 1) * blockDim.x); ++k)
            sum += values[k];
        block_sums[blockIdx.x] = sum;
        __threadfence();  // the sum must be visible before the ticket is
        // Wraps to 0 after the last block, leaving the counter ready for another launch.
        unsigned int ticket = atomicInc((unsigned int*)&counters[C_DONE_BLOCKS], gridDim.x - 1);
        if (ticket == gridDim.x - 1) {
            int total = 0;
            for (unsigned int b = 0; b < gridDim.x; ++b) total += atomicAdd(&block_sums[b], 0);
            counters[C_GRAND_TOTAL] = total;
        }
    }
}

int main(int argc, char** argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 1 << 14;
    if (n <= 0) {
        fprintf(stderr, "usage: %s [elements > 0]\n", argv[0]);
        return 2;
    }
    const int block = 256;
    const int grid = (n + block - 1) / block;
    const int num_slots = (n + CLAIMERS - 1) / CLAIMERS;

    std::vector<int> values(n);
    for (int i = 0; i < n; ++i) values[i] = (int)((i * 2654435761u) % 20001u) - 10000;  // sums fit in int

    std::vector<int> counters(NUM_COUNTERS, 0);
    counters[C_SUB] = 1000000;
    counters[C_EXCH] = EXCH_INIT;
    counters[C_MIN] = 0x7fffffff;
    counters[C_MAX] = -0x7fffffff - 1;
    counters[C_AND] = -1;  // all bits set

    int *d_values, *d_counters, *d_exch_old, *d_slots, *d_won, *d_block_sums;
    CHECK(hipMalloc(&d_values, n * sizeof(int)));
    CHECK(hipMalloc(&d_counters, NUM_COUNTERS * sizeof(int)));
    CHECK(hipMalloc(&d_exch_old, n * sizeof(int)));
    CHECK(hipMalloc(&d_slots, num_slots * sizeof(int)));
    CHECK(hipMalloc(&d_won, n * sizeof(int)));
    CHECK(hipMalloc(&d_block_sums, grid * sizeof(int)));
    CHECK(hipMemcpy(d_values, values.data(), n * sizeof(int), hipMemcpyHostToDevice));
    CHECK(hipMemcpy(d_counters, counters.data(), NUM_COUNTERS * sizeof(int), hipMemcpyHostToDevice));
    CHECK(hipMemset(d_slots, 0xff, num_slots * sizeof(int)));  // EMPTY

    atomic_ops<<<grid, block>>>(d_values, d_counters, d_exch_old, d_slots, d_won, d_block_sums, n);
    CHECK(hipGetLastError());
    CHECK(hipDeviceSynchronize());

    std::vector<int> result(NUM_COUNTERS), exch_old(n), slots(num_slots), won(n);
    CHECK(hipMemcpy(result.data(), d_counters, NUM_COUNTERS * sizeof(int), hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(exch_old.data(), d_exch_old, n * sizeof(int), hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(slots.data(), d_slots, num_slots * sizeof(int), hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(won.data(), d_won, n * sizeof(int), hipMemcpyDeviceToHost));
    CHECK(hipFree(d_values));
    CHECK(hipFree(d_counters));
    CHECK(hipFree(d_exch_old));
    CHECK(hipFree(d_slots));
    CHECK(hipFree(d_won));
    CHECK(hipFree(d_block_sums));

    // Host reference for the order-independent counters.
    std::vector<int> expected(counters);
    unsigned int bits_and = 0xffffffffu, bits_or = 0, bits_xor = 0;
    long long total = 0;
    for (int i = 0; i < n; ++i) {
        const int v = values[i];
        expected[C_SUB] -= v;
        expected[C_MIN] = std::min(expected[C_MIN], v);
        expected[C_MAX] = std::max(expected[C_MAX], v);
        bits_and &= ~(1u << (i % 32));
        bits_or |= 1u << ((unsigned int)v % 32);
        bits_xor ^= (unsigned int)v * 2654435761u;
        total += v;
    }
    expected[C_AND] = (int)bits_and;
    expected[C_OR] = (int)bits_or;
    expected[C_XOR] = (int)bits_xor;
    expected[C_INC] = n % (INC_LIMIT + 1);                            // 0, 1, .., 16, 0, ...
    expected[C_DEC] = (INC_LIMIT + 1 - n % (INC_LIMIT + 1)) % (INC_LIMIT + 1);  // 0, 16, 15, ...
    expected[C_DONE_BLOCKS] = 0;  // the ticket counter wraps back to 0 after the last block
    expected[C_GRAND_TOTAL] = (int)total;
    expected[C_EXCH] = result[C_EXCH];  // checked as a permutation below

    const char* names[NUM_COUNTERS] = {"atomicSub", "atomicExch", "atomicMin", "atomicMax",
                                       "atomicAnd", "atomicOr", "atomicXor", "atomicInc",
                                       "atomicDec", "done blocks", "grand total"};
    for (int c = 0; c < NUM_COUNTERS; ++c) {
        if (result[c] != expected[c]) {
            printf("FAILED: %s = %d, expected %d\n", names[c], result[c], expected[c]);
            return 1;
        }
    }

    // atomicExch: the initial value and every index appear exactly once among the old values
    // and the final value.
    std::vector<int> seen(exch_old);
    seen.push_back(result[C_EXCH]);
    std::sort(seen.begin(), seen.end());
    for (int k = 0; k <= n; ++k) {
        const int want = k == 0 ? EXCH_INIT : k - 1;
        if (seen[k] != want) {
            printf("FAILED: atomicExch values are not a permutation of {%d, 0..%d}\n", EXCH_INIT, n - 1);
            return 1;
        }
    }

    // atomicCAS: each slot is owned by one of its claimers, and only the owner won.
    for (int i = 0; i < n; ++i) {
        const int owner = slots[i / CLAIMERS];
        if (owner < 0 || owner / CLAIMERS != i / CLAIMERS || won[i] != (owner == i)) {
            printf("FAILED: atomicCAS slot %d owned by %d, thread %d won = %d\n", i / CLAIMERS,
                   owner, i, won[i]);
            return 1;
        }
    }
    printf("PASSED\n");
    return 0;
}
