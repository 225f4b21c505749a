// A small particle simulation: several kernels sharing device helper functions and user types
// (a typedef'd struct, a struct containing it, an enum). The host reference reuses the
// __host__ __device__ helpers.
#include <hip/hip_runtime.h>
#include <cmath>
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

typedef struct {
    float x, y;
} vec2;

enum Region { REGION_INSIDE = 0, REGION_RING = 1, REGION_OUTSIDE = 2, NUM_REGIONS };

struct Particle {
    vec2 pos;
    vec2 vel;
    int region;  // a Region
};

// ---- helpers shared by host and device ---------------------------------------------------

__host__ __device__ inline unsigned int hash_u32(unsigned int x)
{
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

// A value in [-1, 1) from a hash; exact in float on every target.
__host__ __device__ inline float unit_from_hash(unsigned int h)
{
    return (float)(h & 0xFFFFu) / 32768.0f - 1.0f;
}

__host__ __device__ inline vec2 make_vec2(float x, float y)
{
    vec2 v;
    v.x = x;
    v.y = y;
    return v;
}

__host__ __device__ inline Region classify(vec2 p)
{
    const float r2 = p.x * p.x + p.y * p.y;
    if (r2 < 0.25f) return REGION_INSIDE;
    if (r2 < 1.0f) return REGION_RING;
    return REGION_OUTSIDE;
}

// ---- device-only helpers ------------------------------------------------------------------

__device__ __forceinline__ vec2 axpy(float a, vec2 x, vec2 y)
{
    return make_vec2(a * x.x + y.x, a * x.y + y.y);
}

// Kept out of line on purpose: one integration step with a reflecting wall at |x| = 1.5.
__device__ __noinline__ void integrate(Particle* p, vec2 gravity, float dt)
{
    p->vel = axpy(dt, gravity, p->vel);
    p->pos = axpy(dt, p->vel, p->pos);
    if (p->pos.x > 1.5f) {
        p->pos.x = 3.0f - p->pos.x;
        p->vel.x = -p->vel.x;
    } else if (p->pos.x < -1.5f) {
        p->pos.x = -3.0f - p->pos.x;
        p->vel.x = -p->vel.x;
    }
}

// ---- kernels -------------------------------------------------------------------------------

__global__ void init_particles(Particle* ps, int n, unsigned int seed)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned int h = hash_u32(seed ^ (unsigned int)i);
    Particle p;
    p.pos = make_vec2(unit_from_hash(h), unit_from_hash(h >> 16));
    p.vel = make_vec2(0.5f * unit_from_hash(hash_u32(h)), 0.0f);
    p.region = REGION_INSIDE;
    ps[i] = p;
}

__global__ void step(Particle* ps, int n, vec2 gravity, float dt)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) integrate(&ps[i], gravity, dt);
}

__global__ void count_regions(Particle* ps, int n, unsigned int* counts)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        Region r = classify(ps[i].pos);
        ps[i].region = r;
        atomicAdd(&counts[r], 1u);
    }
}

// ---- host ----------------------------------------------------------------------------------

static void reference_step(Particle& p, vec2 g, float dt)
{
    p.vel.x = dt * g.x + p.vel.x;
    p.vel.y = dt * g.y + p.vel.y;
    p.pos.x = dt * p.vel.x + p.pos.x;
    p.pos.y = dt * p.vel.y + p.pos.y;
    if (p.pos.x > 1.5f) {
        p.pos.x = 3.0f - p.pos.x;
        p.vel.x = -p.vel.x;
    } else if (p.pos.x < -1.5f) {
        p.pos.x = -3.0f - p.pos.x;
        p.vel.x = -p.vel.x;
    }
}

int main(int argc, char** argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 1 << 14;
    if (n <= 0) {
        fprintf(stderr, "usage: %s [particles > 0]\n", argv[0]);
        return 2;
    }
    const unsigned int seed = 2024u;
    const int steps = 10;
    const float dt = 0.05f;
    const vec2 gravity = make_vec2(0.0f, -9.81f);

    Particle* d_ps;
    unsigned int* d_counts;
    CHECK(hipMalloc(&d_ps, n * sizeof(Particle)));
    CHECK(hipMalloc(&d_counts, NUM_REGIONS * sizeof(unsigned int)));
    CHECK(hipMemset(d_counts, 0, NUM_REGIONS * sizeof(unsigned int)));

    const int block = 256;
    const int grid = (n + block - 1) / block;
    init_particles<<<grid, block>>>(d_ps, n, seed);
    CHECK(hipGetLastError());
    for (int s = 0; s < steps; ++s) {
        step<<<grid, block>>>(d_ps, n, gravity, dt);
        CHECK(hipGetLastError());
    }
    count_regions<<<grid, block>>>(d_ps, n, d_counts);
    CHECK(hipGetLastError());
    CHECK(hipDeviceSynchronize());

    std::vector<Particle> ps(n);
    unsigned int counts[NUM_REGIONS];
    CHECK(hipMemcpy(ps.data(), d_ps, n * sizeof(Particle), hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(counts, d_counts, sizeof(counts), hipMemcpyDeviceToHost));
    CHECK(hipFree(d_ps));
    CHECK(hipFree(d_counts));

    // Positions against a host simulation; regions and counts against the device's own
    // positions, so a rounding difference at a region border cannot fail the check.
    unsigned int expected_counts[NUM_REGIONS] = {0, 0, 0};
    for (int i = 0; i < n; ++i) {
        unsigned int h = hash_u32(seed ^ (unsigned int)i);
        Particle p;
        p.pos = make_vec2(unit_from_hash(h), unit_from_hash(h >> 16));
        p.vel = make_vec2(0.5f * unit_from_hash(hash_u32(h)), 0.0f);
        for (int s = 0; s < steps; ++s) reference_step(p, gravity, dt);

        const float err = std::fabs(p.pos.x - ps[i].pos.x) + std::fabs(p.pos.y - ps[i].pos.y);
        const Region r = classify(ps[i].pos);
        if (err > 1e-4f || ps[i].region != r) {
            printf("FAILED: particle %d at (%f, %f) region %d, expected (%f, %f) region %d\n", i,
                   ps[i].pos.x, ps[i].pos.y, ps[i].region, p.pos.x, p.pos.y, (int)r);
            return 1;
        }
        expected_counts[r]++;
    }
    for (int r = 0; r < NUM_REGIONS; ++r) {
        if (counts[r] != expected_counts[r]) {
            printf("FAILED: region %d has %u particles, expected %u\n", r, counts[r], expected_counts[r]);
            return 1;
        }
    }
    printf("PASSED\n");
    return 0;
}
