// hipRAND for hip2vortex: an `#include <hiprand/...>` of a program (the kernel API of
// hiprand_kernel.h and the host API of hiprand.h) is this file, translated with the program
// (libraries/README.md). Every generator type is Philox4x32-10 (Salmon et al., "Parallel random
// numbers: as easy as 1, 2, 3", SC 2011): a state is a counter and a key, so hiprand_init of any
// subsequence costs one block of rounds, and no tables are needed (XORWOW's skip-ahead needs
// megabytes of them). The numbers have the distributions hipRAND documents, but they are not the
// sequences of AMD's or NVIDIA's XORWOW, MRG32k3a or MTGP32: a program that compares them with
// numbers recorded from a GPU will differ.
#pragma once

#include <hip/hip_runtime.h>
#include <math.h>

/** A Philox4x32-10 stream: block `ctr` of subsequence `ctr[2..3]`, under key `seed`. */
struct hiprandStatePhilox4_32_10 {
  unsigned int ctr[4];
  unsigned int key[2];
  unsigned int out[4];  // the block's four numbers, of which `idx` are used
  unsigned int idx;
  int has_normal;       // hiprand_normal's second value is waiting
  float normal;
  double normal_double;
};
// The other generators' states are the same Philox state (distinct types, as programs name them).
struct hiprandStateXORWOW : hiprandStatePhilox4_32_10 {};
struct hiprandStateMRG32k3a : hiprandStatePhilox4_32_10 {};
typedef hiprandStatePhilox4_32_10 hiprandStatePhilox4_32_10_t;
typedef hiprandStateXORWOW hiprandStateXORWOW_t;
typedef hiprandStateMRG32k3a hiprandStateMRG32k3a_t;
typedef hiprandStateXORWOW_t hiprandState_t;
typedef hiprandState_t hiprandState;

__host__ __device__ inline unsigned int hip2vx_rand_mulhi(unsigned int a, unsigned int b) {
  return (unsigned int)(((unsigned long long)a * b) >> 32);
}

/** Ten Philox rounds over the state's counter and key into its block. */
__host__ __device__ inline void hip2vx_rand_block(hiprandStatePhilox4_32_10* s) {
  unsigned int c0 = s->ctr[0], c1 = s->ctr[1], c2 = s->ctr[2], c3 = s->ctr[3];
  unsigned int k0 = s->key[0], k1 = s->key[1];
  for (int round = 0; round < 10; ++round) {
    const unsigned int hi0 = hip2vx_rand_mulhi(0xD2511F53u, c0), lo0 = 0xD2511F53u * c0;
    const unsigned int hi1 = hip2vx_rand_mulhi(0xCD9E8D57u, c2), lo1 = 0xCD9E8D57u * c2;
    c0 = hi1 ^ c1 ^ k0;
    c1 = lo1;
    c2 = hi0 ^ c3 ^ k1;
    c3 = lo0;
    k0 += 0x9E3779B9u;
    k1 += 0xBB67AE85u;
  }
  s->out[0] = c0, s->out[1] = c1, s->out[2] = c2, s->out[3] = c3;
}

/** Moves the state `blocks` blocks on within its subsequence (the counter's low 64 bits, carrying into the subsequence). */
__host__ __device__ inline void hip2vx_rand_advance(hiprandStatePhilox4_32_10* s, unsigned long long blocks) {
  const unsigned long long low = ((unsigned long long)s->ctr[1] << 32 | s->ctr[0]) + blocks;
  const unsigned long long high = ((unsigned long long)s->ctr[3] << 32 | s->ctr[2]) + (low < blocks);
  s->ctr[0] = (unsigned int)low, s->ctr[1] = (unsigned int)(low >> 32);
  s->ctr[2] = (unsigned int)high, s->ctr[3] = (unsigned int)(high >> 32);
}

/** Skips `n` numbers (of 32 bits). */
__host__ __device__ inline void skipahead(unsigned long long n, hiprandStatePhilox4_32_10* s) {
  const unsigned long long at = s->idx + n;
  hip2vx_rand_advance(s, at / 4);
  s->idx = (unsigned int)(at % 4);
  hip2vx_rand_block(s);
}

/** Skips `n` subsequences (of 2^66 numbers each). */
__host__ __device__ inline void skipahead_sequence(unsigned long long n, hiprandStatePhilox4_32_10* s) {
  const unsigned long long sub = ((unsigned long long)s->ctr[3] << 32 | s->ctr[2]) + n;
  s->ctr[2] = (unsigned int)sub, s->ctr[3] = (unsigned int)(sub >> 32);
  hip2vx_rand_block(s);
}

__host__ __device__ inline void hiprand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset, hiprandStatePhilox4_32_10* s) {
  s->key[0] = (unsigned int)seed, s->key[1] = (unsigned int)(seed >> 32);
  s->ctr[0] = s->ctr[1] = 0;
  s->ctr[2] = (unsigned int)subsequence, s->ctr[3] = (unsigned int)(subsequence >> 32);
  s->idx = 0;
  s->has_normal = 0;
  skipahead(offset, s);
}

/** The next 32 random bits. */
__host__ __device__ inline unsigned int hiprand(hiprandStatePhilox4_32_10* s) {
  if (s->idx == 4) {
    hip2vx_rand_advance(s, 1);
    hip2vx_rand_block(s);
    s->idx = 0;
  }
  return s->out[s->idx++];
}

__host__ __device__ inline uint4 hiprand4(hiprandStatePhilox4_32_10* s) {
  const unsigned int a = hiprand(s), b = hiprand(s), c = hiprand(s);
  return make_uint4(a, b, c, hiprand(s));
}

/** Uniform in (0, 1], as cuRAND and hipRAND give it: x 2^-32 + 2^-33. */
__host__ __device__ inline float hip2vx_rand_unit(unsigned int x) { return (float)x * 2.3283064365386963e-10f + 1.1641532182693481e-10f; }

__host__ __device__ inline double hip2vx_rand_unit_double(unsigned int x, unsigned int y) {
  const unsigned long long z = (unsigned long long)x ^ ((unsigned long long)y << 21);
  return (double)z * 1.1102230246251565e-16 + 5.5511151231257827e-17;
}

__host__ __device__ inline float hiprand_uniform(hiprandStatePhilox4_32_10* s) { return hip2vx_rand_unit(hiprand(s)); }

__host__ __device__ inline float2 hiprand_uniform2(hiprandStatePhilox4_32_10* s) {
  const float a = hiprand_uniform(s);
  return make_float2(a, hiprand_uniform(s));
}

__host__ __device__ inline float4 hiprand_uniform4(hiprandStatePhilox4_32_10* s) {
  const float a = hiprand_uniform(s), b = hiprand_uniform(s), c = hiprand_uniform(s);
  return make_float4(a, b, c, hiprand_uniform(s));
}

__host__ __device__ inline double hiprand_uniform_double(hiprandStatePhilox4_32_10* s) {
  const unsigned int x = hiprand(s);
  return hip2vx_rand_unit_double(x, hiprand(s));
}

/** Two standard normal values from two uniform ones (Box-Muller). */
__host__ __device__ inline float2 hiprand_normal2(hiprandStatePhilox4_32_10* s) {
  const float u = hiprand_uniform(s), v = hiprand_uniform(s);
  const float r = sqrtf(-2.0f * logf(u));
  return make_float2(r * cosf(6.2831853071795865f * v), r * sinf(6.2831853071795865f * v));
}

__host__ __device__ inline double2 hiprand_normal2_double(hiprandStatePhilox4_32_10* s) {
  const double u = hiprand_uniform_double(s), v = hiprand_uniform_double(s);
  const double r = sqrt(-2.0 * log(u));
  return make_double2(r * cos(6.283185307179586 * v), r * sin(6.283185307179586 * v));
}

/** The first value of a pair `pair` draws, then the second (kept in `kept`; `kind` says which kind is kept). */
template <typename T, typename Pair>
__host__ __device__ inline T hip2vx_rand_paired(hiprandStatePhilox4_32_10* s, int kind, T* kept, Pair (*pair)(hiprandStatePhilox4_32_10*)) {
  if (s->has_normal == kind) {
    s->has_normal = 0;
    return *kept;
  }
  const Pair values = pair(s);
  s->has_normal = kind;
  *kept = values.y;
  return values.x;
}

/** A standard normal value: the first of a pair, then the second. */
__host__ __device__ inline float hiprand_normal(hiprandStatePhilox4_32_10* s) { return hip2vx_rand_paired(s, 1, &s->normal, hiprand_normal2); }

__host__ __device__ inline double hiprand_normal_double(hiprandStatePhilox4_32_10* s) { return hip2vx_rand_paired(s, 2, &s->normal_double, hiprand_normal2_double); }

__host__ __device__ inline float hiprand_log_normal(hiprandStatePhilox4_32_10* s, float mean, float stddev) { return expf(mean + stddev * hiprand_normal(s)); }

__host__ __device__ inline double hiprand_log_normal_double(hiprandStatePhilox4_32_10* s, double mean, double stddev) { return exp(mean + stddev * hiprand_normal_double(s)); }

/** A Poisson value (Knuth's product of uniforms: meant for the small means kernels draw). */
__host__ __device__ inline unsigned int hiprand_poisson(hiprandStatePhilox4_32_10* s, double lambda) {
  const float limit = expf(-(float)lambda);
  unsigned int k = 0;
  for (float p = hiprand_uniform(s); p > limit; p *= hiprand_uniform(s)) ++k;
  return k;
}

#ifndef __HIP_DEVICE_COMPILE__
// The host API: a generator fills device (or, for a host generator, host) memory with numbers of
// one Philox stream of its seed, computed on the host and copied.
#include <vector>

typedef enum hiprandStatus {
  HIPRAND_STATUS_SUCCESS = 0,
  HIPRAND_STATUS_VERSION_MISMATCH = 100,
  HIPRAND_STATUS_NOT_INITIALIZED = 101,
  HIPRAND_STATUS_ALLOCATION_FAILED = 102,
  HIPRAND_STATUS_TYPE_ERROR = 103,
  HIPRAND_STATUS_OUT_OF_RANGE = 104,
  HIPRAND_STATUS_LENGTH_NOT_MULTIPLE = 105,
  HIPRAND_STATUS_DOUBLE_PRECISION_REQUIRED = 106,
  HIPRAND_STATUS_LAUNCH_FAILURE = 201,
  HIPRAND_STATUS_PREEXISTING_FAILURE = 202,
  HIPRAND_STATUS_INITIALIZATION_FAILED = 203,
  HIPRAND_STATUS_ARCH_MISMATCH = 204,
  HIPRAND_STATUS_INTERNAL_ERROR = 999,
  HIPRAND_STATUS_NOT_IMPLEMENTED = 1000
} hiprandStatus_t;

typedef enum hiprandRngType {
  HIPRAND_RNG_TEST = 0,
  HIPRAND_RNG_PSEUDO_DEFAULT = 400,
  HIPRAND_RNG_PSEUDO_XORWOW = 401,
  HIPRAND_RNG_PSEUDO_MRG32K3A = 402,
  HIPRAND_RNG_PSEUDO_MTGP32 = 403,
  HIPRAND_RNG_PSEUDO_MT19937 = 404,
  HIPRAND_RNG_PSEUDO_PHILOX4_32_10 = 405,
  HIPRAND_RNG_QUASI_DEFAULT = 500,
  HIPRAND_RNG_QUASI_SOBOL32 = 501,
  HIPRAND_RNG_QUASI_SCRAMBLED_SOBOL32 = 502,
  HIPRAND_RNG_QUASI_SOBOL64 = 503,
  HIPRAND_RNG_QUASI_SCRAMBLED_SOBOL64 = 504
} hiprandRngType_t;

struct hiprandGenerator_st {
  hiprandRngType_t type;
  bool host;  // hiprandCreateGeneratorHost: the output is host memory
  unsigned long long seed = 0;
  unsigned long long offset = 0;
  hipStream_t stream = nullptr;
};
typedef hiprandGenerator_st* hiprandGenerator_t;

inline hiprandStatus_t hip2vx_rand_create(hiprandGenerator_t* g, hiprandRngType_t type, bool host) {
  if (!g) return HIPRAND_STATUS_NOT_INITIALIZED;
  // Quasi-random sequences are not pseudo-random ones: refused rather than imitated.
  if (type < HIPRAND_RNG_PSEUDO_DEFAULT || type > HIPRAND_RNG_PSEUDO_PHILOX4_32_10) return HIPRAND_STATUS_TYPE_ERROR;
  *g = new hiprandGenerator_st{type, host};
  return HIPRAND_STATUS_SUCCESS;
}

inline hiprandStatus_t hiprandCreateGenerator(hiprandGenerator_t* g, hiprandRngType_t type) { return hip2vx_rand_create(g, type, false); }
inline hiprandStatus_t hiprandCreateGeneratorHost(hiprandGenerator_t* g, hiprandRngType_t type) { return hip2vx_rand_create(g, type, true); }

inline hiprandStatus_t hiprandDestroyGenerator(hiprandGenerator_t g) {
  delete g;
  return HIPRAND_STATUS_SUCCESS;
}

inline hiprandStatus_t hiprandSetPseudoRandomGeneratorSeed(hiprandGenerator_t g, unsigned long long seed) {
  if (!g) return HIPRAND_STATUS_NOT_INITIALIZED;
  g->seed = seed;
  g->offset = 0;
  return HIPRAND_STATUS_SUCCESS;
}

inline hiprandStatus_t hiprandSetGeneratorOffset(hiprandGenerator_t g, unsigned long long offset) {
  if (!g) return HIPRAND_STATUS_NOT_INITIALIZED;
  g->offset = offset;
  return HIPRAND_STATUS_SUCCESS;
}

inline hiprandStatus_t hiprandSetStream(hiprandGenerator_t g, hipStream_t stream) {
  if (!g) return HIPRAND_STATUS_NOT_INITIALIZED;
  g->stream = stream;
  return HIPRAND_STATUS_SUCCESS;
}

inline hiprandStatus_t hiprandGetVersion(int* version) {
  *version = 200000;
  return HIPRAND_STATUS_SUCCESS;
}

/** Fills `out` with `n` values `draw(state)` of the generator's stream, which then starts after them. */
template <typename T, typename Draw>
hiprandStatus_t hip2vx_rand_fill(hiprandGenerator_t g, T* out, size_t n, Draw draw) {
  if (!g) return HIPRAND_STATUS_NOT_INITIALIZED;
  if (!out && n) return HIPRAND_STATUS_OUT_OF_RANGE;
  hiprandStatePhilox4_32_10 s;
  hiprand_init(g->seed, 0, g->offset, &s);
  std::vector<T> values(n);
  for (T& v : values) v = draw(&s);
  // The next call starts where this one stopped (the stream's subsequence 0: its block and index).
  g->offset = ((unsigned long long)s.ctr[1] << 32 | s.ctr[0]) * 4 + s.idx;
  if (g->host) {
    for (size_t i = 0; i < n; ++i) out[i] = values[i];
    return HIPRAND_STATUS_SUCCESS;
  }
  if (hipStreamSynchronize(g->stream) != hipSuccess || hipMemcpy(out, values.data(), n * sizeof(T), hipMemcpyHostToDevice) != hipSuccess)
    return HIPRAND_STATUS_LAUNCH_FAILURE;
  return HIPRAND_STATUS_SUCCESS;
}

inline hiprandStatus_t hiprandGenerate(hiprandGenerator_t g, unsigned int* out, size_t n) {
  return hip2vx_rand_fill(g, out, n, [](hiprandStatePhilox4_32_10* s) { return hiprand(s); });
}

inline hiprandStatus_t hiprandGenerateUniform(hiprandGenerator_t g, float* out, size_t n) {
  return hip2vx_rand_fill(g, out, n, [](hiprandStatePhilox4_32_10* s) { return hiprand_uniform(s); });
}

inline hiprandStatus_t hiprandGenerateUniformDouble(hiprandGenerator_t g, double* out, size_t n) {
  return hip2vx_rand_fill(g, out, n, [](hiprandStatePhilox4_32_10* s) { return hiprand_uniform_double(s); });
}

inline hiprandStatus_t hiprandGenerateNormal(hiprandGenerator_t g, float* out, size_t n, float mean, float stddev) {
  return hip2vx_rand_fill(g, out, n, [=](hiprandStatePhilox4_32_10* s) { return mean + stddev * hiprand_normal(s); });
}

inline hiprandStatus_t hiprandGenerateNormalDouble(hiprandGenerator_t g, double* out, size_t n, double mean, double stddev) {
  return hip2vx_rand_fill(g, out, n, [=](hiprandStatePhilox4_32_10* s) { return mean + stddev * hiprand_normal_double(s); });
}

inline hiprandStatus_t hiprandGenerateLogNormal(hiprandGenerator_t g, float* out, size_t n, float mean, float stddev) {
  return hip2vx_rand_fill(g, out, n, [=](hiprandStatePhilox4_32_10* s) { return hiprand_log_normal(s, mean, stddev); });
}

inline hiprandStatus_t hiprandGenerateLogNormalDouble(hiprandGenerator_t g, double* out, size_t n, double mean, double stddev) {
  return hip2vx_rand_fill(g, out, n, [=](hiprandStatePhilox4_32_10* s) { return hiprand_log_normal_double(s, mean, stddev); });
}

inline hiprandStatus_t hiprandGeneratePoisson(hiprandGenerator_t g, unsigned int* out, size_t n, double lambda) {
  return hip2vx_rand_fill(g, out, n, [=](hiprandStatePhilox4_32_10* s) { return hiprand_poisson(s, lambda); });
}
#endif  // __HIP_DEVICE_COMPILE__
