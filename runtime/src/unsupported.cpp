// HIP calls Vortex cannot provide (it cannot map host memory into the device); see the list at
// the top of hip/hip_runtime_api.h. They fail cleanly so a program can report it.
#include "hip2vx_internal.h"

hipError_t hipHostGetDevicePointer(void**, void*, unsigned int) { return hip2vx::recordError(hipErrorNotSupported); }
