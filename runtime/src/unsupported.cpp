// HIP calls Vortex cannot provide (no mapped memory, one device); see the list at the
// top of hip/hip_runtime_api.h. They fail cleanly so a program can report it.
#include "hip2vx_internal.h"

namespace {
hipError_t notSupported() { return hip2vx::recordError(hipErrorNotSupported); }
}  // namespace

hipError_t hipHostRegister(void*, size_t, unsigned int) { return notSupported(); }
hipError_t hipHostUnregister(void*) { return notSupported(); }
hipError_t hipHostGetDevicePointer(void**, void*, unsigned int) { return notSupported(); }
hipError_t hipMallocPitch(void**, size_t*, size_t, size_t) { return notSupported(); }
hipError_t hipMemcpy2D(void*, size_t, const void*, size_t, size_t, size_t, hipMemcpyKind) {
  return notSupported();
}
hipError_t hipDeviceEnablePeerAccess(int, unsigned int) { return notSupported(); }
hipError_t hipMemcpyPeer(void*, int, const void*, int, size_t) { return notSupported(); }
