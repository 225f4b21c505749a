// The CPU backend's costs, measured through the HIP runtime as translated programs see it.
// Usage: launches <case> <repeats>; prints `<case>: <us> us/launch <ns> ns/thread wall, <us>
// us/launch <ns> ns/thread cpu` (cpu: the process's CPU time, all threads) and PASSED when the
// results are right.
//   tiny1   launches of 1 block x 1 thread           (per-launch cost)
//   tiny256 launches of 1 block x 256 threads, a barrier in each (reverse through shared memory)
//   multi   launches of 8 blocks x 64 threads        (per-launch cost with several blocks)
//   swap    launches of 1 block x 1 thread, of two kernels in turn (per-launch cost of a switch)
//   mid     launches of 64 blocks x 256 threads, no barrier (a launch worth sharing out)
//   flat    4096 blocks x 256 threads, no barrier    (per-thread cost)
//   sync    4096 blocks x 256 threads, 9 barriers    (per-thread cost with a tree reduction)
//   memory  rounds of a fresh 256 MiB buffer: hipMalloc, hipMemset, copy in, a[i] += 1, copy
//           out, hipFree (device memory's first touch, fills and copies; a round is a "launch")
//   chain   launches of 1563 blocks x 64 threads, each block waiting for the flag of the one that
//           took the previous ticket (a chained scan's look-back: blocks that wait for each other)
#include <chrono>
#include <cstdio>
#include <ctime>
#include <cstdlib>
#include <cstring>
#include <string>
#include <hip/hip_runtime.h>

__global__ void bump(int* counter) { atomicAdd(counter, 1); }
__global__ void bump_twice(int* counter) { atomicAdd(counter, 2); }

__global__ void reverse(int* d) {
    __shared__ int s[256];
    const int t = threadIdx.x;
    s[t] = d[t];
    __syncthreads();
    d[t] = s[blockDim.x - 1 - t];
}

__global__ void add_one(float* a, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) a[i] += 1.0f;
}

__global__ void block_sum(const float* in, float* out) {
    __shared__ float s[256];
    const int t = threadIdx.x;
    s[t] = in[blockIdx.x * blockDim.x + t];
    __syncthreads();
    for (int k = blockDim.x / 2; k > 0; k >>= 1) {
        if (t < k) s[t] += s[t + k];
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = s[0];
}

// Each block takes a ticket, waits until the block with the previous one has published its
// running count, and publishes its own.
__device__ unsigned int tickets;
__global__ void chain(volatile int* counts, volatile int* flags) {
    __shared__ int ticket;
    if (threadIdx.x == 0) ticket = atomicAdd(&tickets, 1u);
    __syncthreads();
    if (threadIdx.x == 0) {
        int before = 0;
        if (ticket > 0) {
            while (flags[ticket - 1] == 0) {}
            before = counts[ticket - 1];
        }
        counts[ticket] = before + blockDim.x;
        __threadfence();
        flags[ticket] = 1;
    }
}

static bool check(bool ok, const char* what) {
    if (!ok) printf("FAILED: %s\n", what);
    return ok;
}

int main(int argc, char** argv) {
    const char* which = argc == 3 && *argv[1] ? argv[1] : "?";
    if (!strstr(" tiny1 tiny256 multi swap mid flat sync memory chain ", (std::string(" ") + which + " ").c_str())) {
        printf("usage: %s tiny1|tiny256|multi|swap|mid|flat|sync|memory|chain <repeats>\n", argv[0]);
        return 2;
    }
    const int repeats = atoi(argv[2]);
    const int blocks = strcmp(which, "mid") ? 4096 : 64, block = 256, n = blocks * block;
    const int launches = repeats;
    int threads = 0;
    bool ok = true;
    // Only the launches and the wait for the last one are timed.
    std::chrono::steady_clock::time_point start;
    std::clock_t cpu_start = 0;
    double wall = 0, cpu = 0;
    auto begin = [&] {
        hipDeviceSynchronize();
        start = std::chrono::steady_clock::now();
        cpu_start = std::clock();
    };
    auto end = [&] {
        ok = check(hipDeviceSynchronize() == hipSuccess, "no launch failed") && ok;
        wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        cpu = double(std::clock() - cpu_start) / CLOCKS_PER_SEC;
    };
    if (!strcmp(which, "tiny1") || !strcmp(which, "multi") || !strcmp(which, "swap")) {
        const bool multi = which[0] == 'm', swap = which[0] == 's';
        int* counter;
        hipMalloc(&counter, sizeof(int));
        hipMemset(counter, 0, sizeof(int));
        begin();
        for (int r = 0; r < repeats; ++r) {
            if (swap && r % 2) bump_twice<<<1, 1>>>(counter);
            else bump<<<multi ? 8 : 1, multi ? 64 : 1>>>(counter);
        }
        end();
        int got = 0;
        hipMemcpy(&got, counter, sizeof got, hipMemcpyDeviceToHost);
        threads = multi ? 512 : 1;
        ok = check(got == repeats * threads + (swap ? repeats / 2 : 0), "every thread of every launch counted");
        hipFree(counter);
    } else if (!strcmp(which, "memory")) {
        const int m = 64 << 20;  // floats: 256 MiB
        float* h = (float*)malloc(m * sizeof(float));
        for (int i = 0; i < m; ++i) h[i] = (float)(i % 7);
        begin();
        for (int r = 0; r < repeats && ok; ++r) {
            float* d;
            ok = check(hipMalloc(&d, m * sizeof(float)) == hipSuccess, "allocated");
            hipMemset(d, 0xff, m * sizeof(float));  // NaNs
            hipMemcpy(d, h, m * sizeof(float) / 2, hipMemcpyHostToDevice);
            add_one<<<m / 256, 256>>>(d, m);
            hipMemcpy(h, d, m * sizeof(float), hipMemcpyDeviceToHost);
            hipFree(d);
        }
        end();
        for (int i = 0; i < m && ok; ++i) ok = check(i < m / 2 ? h[i] == (float)(i % 7 + repeats) : h[i] != h[i], "filled, copied, incremented");
        threads = m;
        free(h);
    } else if (!strcmp(which, "chain")) {
        const int links = 1563, block = 64;
        int *counts, *flags, last = 0;
        hipMalloc(&counts, links * sizeof(int));
        hipMalloc(&flags, links * sizeof(int));
        begin();
        for (int r = 0; r < repeats; ++r) {
            const unsigned int zero = 0;
            hipMemcpyToSymbol(HIP_SYMBOL(tickets), &zero, sizeof zero);
            hipMemset(flags, 0, links * sizeof(int));
            chain<<<links, block>>>(counts, flags);
        }
        end();
        hipMemcpy(&last, counts + links - 1, sizeof last, hipMemcpyDeviceToHost);
        ok = check(last == links * block, "chained counts");
        threads = links * block;
        hipFree(counts);
        hipFree(flags);
    } else if (!strcmp(which, "tiny256")) {
        int h[256], *d;
        for (int i = 0; i < 256; ++i) h[i] = i;
        hipMalloc(&d, sizeof h);
        hipMemcpy(d, h, sizeof h, hipMemcpyHostToDevice);
        begin();
        for (int r = 0; r < repeats; ++r) reverse<<<1, 256>>>(d);
        end();
        hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost);
        for (int i = 0; i < 256; ++i) ok = ok && check(h[i] == (repeats % 2 ? 255 - i : i), "reversed");
        threads = 256;
        hipFree(d);
    } else {
        const bool flat = strcmp(which, "sync") != 0;
        float* h = (float*)malloc(n * sizeof(float));
        for (int i = 0; i < n; ++i) h[i] = (float)(i % 7);
        float *d, *sums;
        hipMalloc(&d, n * sizeof(float));
        hipMalloc(&sums, blocks * sizeof(float));
        hipMemcpy(d, h, n * sizeof(float), hipMemcpyHostToDevice);
        begin();
        for (int r = 0; r < repeats; ++r) {
            if (flat) add_one<<<blocks, block>>>(d, n);
            else block_sum<<<blocks, block>>>(d, sums);
        }
        end();
        if (flat) {
            hipMemcpy(h, d, n * sizeof(float), hipMemcpyDeviceToHost);
            for (int i = 0; i < n && ok; ++i) ok = check(h[i] == (float)(i % 7 + repeats), "incremented");
        } else {
            hipMemcpy(h, sums, blocks * sizeof(float), hipMemcpyDeviceToHost);
            for (int b = 0; b < blocks && ok; ++b) {
                float want = 0;
                for (int t = 0; t < block; ++t) want += (float)((b * block + t) % 7);
                ok = check(h[b] == want, "block sums");
            }
        }
        threads = n;
        hipFree(d);
        hipFree(sums);
        free(h);
    }
    const double total_threads = double(launches) * threads;
    printf("%s: %.2f us/launch %.2f ns/thread wall, %.2f us/launch %.2f ns/thread cpu\n", which,
           wall * 1e6 / launches, wall * 1e9 / total_threads, cpu * 1e6 / launches, cpu * 1e9 / total_threads);
    if (!ok) return 1;
    printf("PASSED\n");
    return 0;
}
