/* The CUDA version translated code sees, host and device alike: `#if CUDA_VERSION >= 11000` is
 * decided as a CUDA 12.0 compiler would decide it (features of later versions that Vortex lacks
 * are refused where they are used, not by the version test). */
#ifndef HIP2VX_CUDA_VERSION_H
#define HIP2VX_CUDA_VERSION_H
#define CUDA_VERSION 12000
#define CUDART_VERSION 12000
#endif
