// cuRAND's host API for CUDA programs: an `#include <curand.h>` is this file, translated with the
// program (libraries/README.md). Its generators, statuses and routines are hipRAND's
// (libraries/hiprand/hiprand.h) under cuRAND's names.
#pragma once

#include <hip/hip_runtime.h>
#include <hiprand/hiprand.h>

#ifndef __HIP_DEVICE_COMPILE__

typedef hiprandGenerator_t curandGenerator_t;
typedef hiprandStatus_t curandStatus_t;
typedef hiprandStatus_t curandStatus;
typedef hiprandRngType_t curandRngType_t;
typedef hiprandRngType_t curandRngType;

#define HIP2VX_CURAND_CONSTANT(type, name) constexpr type CURAND_##name = HIPRAND_##name;
HIP2VX_CURAND_CONSTANT(curandStatus_t, STATUS_SUCCESS)
HIP2VX_CURAND_CONSTANT(curandStatus_t, STATUS_VERSION_MISMATCH)
HIP2VX_CURAND_CONSTANT(curandStatus_t, STATUS_NOT_INITIALIZED)
HIP2VX_CURAND_CONSTANT(curandStatus_t, STATUS_ALLOCATION_FAILED)
HIP2VX_CURAND_CONSTANT(curandStatus_t, STATUS_TYPE_ERROR)
HIP2VX_CURAND_CONSTANT(curandStatus_t, STATUS_OUT_OF_RANGE)
HIP2VX_CURAND_CONSTANT(curandStatus_t, STATUS_LENGTH_NOT_MULTIPLE)
HIP2VX_CURAND_CONSTANT(curandStatus_t, STATUS_DOUBLE_PRECISION_REQUIRED)
HIP2VX_CURAND_CONSTANT(curandStatus_t, STATUS_LAUNCH_FAILURE)
HIP2VX_CURAND_CONSTANT(curandStatus_t, STATUS_PREEXISTING_FAILURE)
HIP2VX_CURAND_CONSTANT(curandStatus_t, STATUS_INITIALIZATION_FAILED)
HIP2VX_CURAND_CONSTANT(curandStatus_t, STATUS_ARCH_MISMATCH)
HIP2VX_CURAND_CONSTANT(curandStatus_t, STATUS_INTERNAL_ERROR)
HIP2VX_CURAND_CONSTANT(curandRngType_t, RNG_TEST)
HIP2VX_CURAND_CONSTANT(curandRngType_t, RNG_PSEUDO_DEFAULT)
HIP2VX_CURAND_CONSTANT(curandRngType_t, RNG_PSEUDO_XORWOW)
HIP2VX_CURAND_CONSTANT(curandRngType_t, RNG_PSEUDO_MRG32K3A)
HIP2VX_CURAND_CONSTANT(curandRngType_t, RNG_PSEUDO_MTGP32)
HIP2VX_CURAND_CONSTANT(curandRngType_t, RNG_PSEUDO_MT19937)
HIP2VX_CURAND_CONSTANT(curandRngType_t, RNG_PSEUDO_PHILOX4_32_10)
HIP2VX_CURAND_CONSTANT(curandRngType_t, RNG_QUASI_DEFAULT)
HIP2VX_CURAND_CONSTANT(curandRngType_t, RNG_QUASI_SOBOL32)
HIP2VX_CURAND_CONSTANT(curandRngType_t, RNG_QUASI_SCRAMBLED_SOBOL32)
HIP2VX_CURAND_CONSTANT(curandRngType_t, RNG_QUASI_SOBOL64)
HIP2VX_CURAND_CONSTANT(curandRngType_t, RNG_QUASI_SCRAMBLED_SOBOL64)
#undef HIP2VX_CURAND_CONSTANT

// curandX is hiprandX (the same parameters, of the types above).
#define HIP2VX_CURAND(name) constexpr auto &curand##name = hiprand##name;
HIP2VX_CURAND(CreateGenerator)
HIP2VX_CURAND(CreateGeneratorHost)
HIP2VX_CURAND(DestroyGenerator)
HIP2VX_CURAND(SetPseudoRandomGeneratorSeed)
HIP2VX_CURAND(SetGeneratorOffset)
HIP2VX_CURAND(SetStream)
HIP2VX_CURAND(GetVersion)
HIP2VX_CURAND(Generate)
HIP2VX_CURAND(GenerateUniform)
HIP2VX_CURAND(GenerateUniformDouble)
HIP2VX_CURAND(GenerateNormal)
HIP2VX_CURAND(GenerateNormalDouble)
HIP2VX_CURAND(GenerateLogNormal)
HIP2VX_CURAND(GenerateLogNormalDouble)
HIP2VX_CURAND(GeneratePoisson)
#undef HIP2VX_CURAND

#endif  // __HIP_DEVICE_COMPILE__
