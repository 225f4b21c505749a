// cuFFT's names for hip2vortex's hipFFT, for CUDA programs: an `#include <cufft.h>` is this file,
// translated with the program (libraries/README.md). The types and constants are hipFFT's under
// cuFFT's names (a plan handle is hipFFT's pointer, not cuFFT's int), and each routine is the
// hipFFT one (run on the host through copies) under its cuFFT name.
#pragma once

#include <hip/hip_runtime.h>
#include <hipfft/hipfft.h>

typedef hipfftReal cufftReal;
typedef hipfftDoubleReal cufftDoubleReal;
typedef hipfftComplex cufftComplex;
typedef hipfftDoubleComplex cufftDoubleComplex;

#ifndef __HIP_DEVICE_COMPILE__

typedef hipfftHandle cufftHandle;
typedef hipfftResult cufftResult;
typedef hipfftResult cufftResult_t;
typedef hipfftType cufftType;
typedef hipfftType cufftType_t;

#define CUFFT_FORWARD HIPFFT_FORWARD
#define CUFFT_INVERSE HIPFFT_BACKWARD

#define HIP2VX_CUFFT_CONSTANT(type, name) constexpr type CUFFT_##name = HIPFFT_##name;
HIP2VX_CUFFT_CONSTANT(cufftResult, SUCCESS)
HIP2VX_CUFFT_CONSTANT(cufftResult, INVALID_PLAN)
HIP2VX_CUFFT_CONSTANT(cufftResult, ALLOC_FAILED)
HIP2VX_CUFFT_CONSTANT(cufftResult, INVALID_TYPE)
HIP2VX_CUFFT_CONSTANT(cufftResult, INVALID_VALUE)
HIP2VX_CUFFT_CONSTANT(cufftResult, INTERNAL_ERROR)
HIP2VX_CUFFT_CONSTANT(cufftResult, EXEC_FAILED)
HIP2VX_CUFFT_CONSTANT(cufftResult, SETUP_FAILED)
HIP2VX_CUFFT_CONSTANT(cufftResult, INVALID_SIZE)
HIP2VX_CUFFT_CONSTANT(cufftResult, UNALIGNED_DATA)
HIP2VX_CUFFT_CONSTANT(cufftResult, INCOMPLETE_PARAMETER_LIST)
HIP2VX_CUFFT_CONSTANT(cufftResult, INVALID_DEVICE)
HIP2VX_CUFFT_CONSTANT(cufftResult, PARSE_ERROR)
HIP2VX_CUFFT_CONSTANT(cufftResult, NO_WORKSPACE)
HIP2VX_CUFFT_CONSTANT(cufftResult, NOT_IMPLEMENTED)
HIP2VX_CUFFT_CONSTANT(cufftResult, NOT_SUPPORTED)
HIP2VX_CUFFT_CONSTANT(cufftType, R2C)
HIP2VX_CUFFT_CONSTANT(cufftType, C2R)
HIP2VX_CUFFT_CONSTANT(cufftType, C2C)
HIP2VX_CUFFT_CONSTANT(cufftType, D2Z)
HIP2VX_CUFFT_CONSTANT(cufftType, Z2D)
HIP2VX_CUFFT_CONSTANT(cufftType, Z2Z)
#undef HIP2VX_CUFFT_CONSTANT

// cufftX is hipfftX (the same parameters, of the types above).
#define HIP2VX_CUFFT(name) constexpr auto &cufft##name = hipfft##name;
HIP2VX_CUFFT(Create)
HIP2VX_CUFFT(Destroy)
HIP2VX_CUFFT(Plan1d)
HIP2VX_CUFFT(Plan2d)
HIP2VX_CUFFT(Plan3d)
HIP2VX_CUFFT(PlanMany)
HIP2VX_CUFFT(MakePlan1d)
HIP2VX_CUFFT(MakePlan2d)
HIP2VX_CUFFT(MakePlan3d)
HIP2VX_CUFFT(MakePlanMany)
HIP2VX_CUFFT(SetStream)
HIP2VX_CUFFT(GetSize)
HIP2VX_CUFFT(SetAutoAllocation)
HIP2VX_CUFFT(SetWorkArea)
HIP2VX_CUFFT(GetVersion)
HIP2VX_CUFFT(ExecC2C)
HIP2VX_CUFFT(ExecZ2Z)
HIP2VX_CUFFT(ExecR2C)
HIP2VX_CUFFT(ExecD2Z)
HIP2VX_CUFFT(ExecC2R)
HIP2VX_CUFFT(ExecZ2D)
#undef HIP2VX_CUFFT

#endif  // __HIP_DEVICE_COMPILE__
