// Error state (per host thread, as in HIP) and error names/descriptions.
#include "hip2vx_internal.h"

namespace hip2vx {

namespace {
thread_local hipError_t lastError = hipSuccess;

struct ErrorInfo {
  hipError_t code;
  const char* name;
  const char* description;
};

// Aliases (hipErrorMemoryAllocation, hipErrorInvalidResourceHandle, ...) share a code, so only
// the current HIP spelling is listed.
constexpr ErrorInfo kErrors[] = {
    {hipSuccess, "hipSuccess", "no error"},
    {hipErrorInvalidValue, "hipErrorInvalidValue", "invalid argument"},
    {hipErrorOutOfMemory, "hipErrorOutOfMemory", "out of memory"},
    {hipErrorNotInitialized, "hipErrorNotInitialized", "initialization error"},
    {hipErrorInvalidConfiguration, "hipErrorInvalidConfiguration", "invalid configuration argument"},
    {hipErrorInvalidPitchValue, "hipErrorInvalidPitchValue", "invalid pitch argument"},
    {hipErrorInvalidSymbol, "hipErrorInvalidSymbol", "invalid device symbol"},
    {hipErrorInvalidDevicePointer, "hipErrorInvalidDevicePointer", "invalid device pointer"},
    {hipErrorInvalidMemcpyDirection, "hipErrorInvalidMemcpyDirection", "invalid copy direction for memcpy"},
    {hipErrorInvalidDeviceFunction, "hipErrorInvalidDeviceFunction", "invalid device function (kernel not registered)"},
    {hipErrorNoDevice, "hipErrorNoDevice", "no Vortex device available"},
    {hipErrorInvalidDevice, "hipErrorInvalidDevice", "invalid device ordinal"},
    {hipErrorInvalidImage, "hipErrorInvalidImage", "device kernel image is invalid"},
    {hipErrorUnsupportedLimit, "hipErrorUnsupportedLimit", "limit is not supported on this architecture"},
    {hipErrorInvalidKernelFile, "hipErrorInvalidKernelFile", "invalid kernel binary"},
    {hipErrorInvalidHandle, "hipErrorInvalidHandle", "invalid resource handle"},
    {hipErrorNotFound, "hipErrorNotFound", "named symbol not found"},
    {hipErrorNotReady, "hipErrorNotReady", "device not ready"},
    {hipErrorIllegalAddress, "hipErrorIllegalAddress", "an illegal memory access was encountered"},
    {hipErrorLaunchOutOfResources, "hipErrorLaunchOutOfResources", "too many resources requested for launch"},
    {hipErrorLaunchTimeOut, "hipErrorLaunchTimeOut", "the launch timed out"},
    {hipErrorPeerAccessAlreadyEnabled, "hipErrorPeerAccessAlreadyEnabled", "peer access is already enabled"},
    {hipErrorPeerAccessNotEnabled, "hipErrorPeerAccessNotEnabled", "peer access has not been enabled"},
    {hipErrorAssert, "hipErrorAssert", "device-side assert triggered"},
    {hipErrorHostMemoryAlreadyRegistered, "hipErrorHostMemoryAlreadyRegistered", "part or all of the requested memory range is already mapped"},
    {hipErrorHostMemoryNotRegistered, "hipErrorHostMemoryNotRegistered", "pointer does not correspond to a registered memory region"},
    {hipErrorLaunchFailure, "hipErrorLaunchFailure", "unspecified launch failure"},
    {hipErrorNotSupported, "hipErrorNotSupported", "operation not supported on Vortex"},
    {hipErrorIllegalState, "hipErrorIllegalState", "the operation cannot be performed in the present state"},
    {hipErrorStreamCaptureUnsupported, "hipErrorStreamCaptureUnsupported", "operation not permitted when stream is capturing"},
    {hipErrorStreamCaptureUnmatched, "hipErrorStreamCaptureUnmatched", "capture was not initiated in this stream"},
    {hipErrorUnknown, "hipErrorUnknown", "unknown error"},
};

const ErrorInfo& infoOf(hipError_t error) {
  for (const ErrorInfo& info : kErrors)
    if (info.code == error) return info;
  return kErrors[sizeof kErrors / sizeof kErrors[0] - 1];
}
}  // namespace

std::recursive_mutex& runtimeMutex() {
  static std::recursive_mutex mutex;
  return mutex;
}

hipError_t recordError(hipError_t error) {
  if (error != hipSuccess) lastError = error;
  return error;
}

}  // namespace hip2vx

hipError_t hipGetLastError() {
  hipError_t error = hip2vx::lastError;
  hip2vx::lastError = hipSuccess;
  return error;
}

hipError_t hipPeekAtLastError() { return hip2vx::lastError; }

const char* hipGetErrorName(hipError_t error) { return hip2vx::infoOf(error).name; }

const char* hipGetErrorString(hipError_t error) { return hip2vx::infoOf(error).description; }
