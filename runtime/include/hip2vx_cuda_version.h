/* The CUDA version translated code sees, host and device alike: `#if CUDA_VERSION >= 11000` is
 * decided as a CUDA 12.0 compiler would decide it (features of later versions that Vortex lacks
 * are refused where they are used, not by the version test). */
#ifndef HIP2VX_CUDA_VERSION_H
#define HIP2VX_CUDA_VERSION_H
#define CUDA_VERSION 12000
#define CUDART_VERSION 12000
/* The include guards of CUDA's runtime headers, which helper_cuda.h-style code tests to know what
 * was included before it (`#ifdef __DRIVER_TYPES_H__` defines checkCudaErrors). */
#define __CUDA_RUNTIME_H__
#define __CUDA_RUNTIME_API_H__
#define __DRIVER_TYPES_H__
#endif
