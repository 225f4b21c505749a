// cuRAND's kernel API for CUDA programs: an `#include <curand_kernel.h>` is this file, translated
// with the program (libraries/README.md). Its states and functions are hipRAND's (Philox4x32-10
// for every generator type: libraries/hiprand/hiprand.h) under cuRAND's names.
#pragma once

#include <hip/hip_runtime.h>
#include <hiprand/hiprand.h>
#include <curand.h>

typedef hiprandStateXORWOW curandStateXORWOW;
typedef hiprandStateXORWOW_t curandStateXORWOW_t;
typedef hiprandStateMRG32k3a curandStateMRG32k3a;
typedef hiprandStateMRG32k3a_t curandStateMRG32k3a_t;
typedef hiprandStatePhilox4_32_10 curandStatePhilox4_32_10;
typedef hiprandStatePhilox4_32_10_t curandStatePhilox4_32_10_t;
typedef hiprandState_t curandState_t;
typedef hiprandState curandState;

__host__ __device__ inline void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset, hiprandStatePhilox4_32_10* s) { hiprand_init(seed, subsequence, offset, s); }
__host__ __device__ inline unsigned int curand(hiprandStatePhilox4_32_10* s) { return hiprand(s); }
__host__ __device__ inline uint4 curand4(hiprandStatePhilox4_32_10* s) { return hiprand4(s); }
__host__ __device__ inline float curand_uniform(hiprandStatePhilox4_32_10* s) { return hiprand_uniform(s); }
__host__ __device__ inline float2 curand_uniform2(hiprandStatePhilox4_32_10* s) { return hiprand_uniform2(s); }
__host__ __device__ inline float4 curand_uniform4(hiprandStatePhilox4_32_10* s) { return hiprand_uniform4(s); }
__host__ __device__ inline double curand_uniform_double(hiprandStatePhilox4_32_10* s) { return hiprand_uniform_double(s); }
__host__ __device__ inline float curand_normal(hiprandStatePhilox4_32_10* s) { return hiprand_normal(s); }
__host__ __device__ inline float2 curand_normal2(hiprandStatePhilox4_32_10* s) { return hiprand_normal2(s); }
__host__ __device__ inline double curand_normal_double(hiprandStatePhilox4_32_10* s) { return hiprand_normal_double(s); }
__host__ __device__ inline double2 curand_normal2_double(hiprandStatePhilox4_32_10* s) { return hiprand_normal2_double(s); }
__host__ __device__ inline float curand_log_normal(hiprandStatePhilox4_32_10* s, float mean, float stddev) { return hiprand_log_normal(s, mean, stddev); }
__host__ __device__ inline double curand_log_normal_double(hiprandStatePhilox4_32_10* s, double mean, double stddev) { return hiprand_log_normal_double(s, mean, stddev); }
__host__ __device__ inline unsigned int curand_poisson(hiprandStatePhilox4_32_10* s, double lambda) { return hiprand_poisson(s, lambda); }
