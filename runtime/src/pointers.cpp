// Pointer queries over the runtime's allocation tables: hipHostMalloc'd or registered host memory,
// managed memory, device memory. Host tables first: a device address is a number that could
// coincide with a host address, a host allocation is a real one; and mapped host memory, which is
// also managed (managed.cpp), is host memory to HIP.
#include "hip2vx_internal.h"

using hip2vx::api;

namespace {
/** The table holding `ptr` and its extent there; hipMemoryTypeUnregistered when none does. */
hipMemoryType classify(const void* ptr, hip2vx::Extent* extent) {
  if (hip2vx::hostExtent(ptr, extent)) return hipMemoryTypeHost;
  if (hip2vx::managedExtent(ptr, extent)) return hipMemoryTypeManaged;
  if (hip2vx::deviceExtent(ptr, extent)) return hipMemoryTypeDevice;
  return hipMemoryTypeUnregistered;
}
}  // namespace

hipError_t hipPointerGetAttributes(hipPointerAttribute_t* attributes, const void* ptr) {
  return api([&] {
    if (!attributes || !ptr) return hipErrorInvalidValue;
    hip2vx::Extent extent{};
    const hipMemoryType type = classify(ptr, &extent);
    void* p = const_cast<void*>(ptr);
    *attributes = {};
    attributes->type = type;
    attributes->device = 0;
    // Host memory has a device pointer only when mapped (then the pointer itself, as for managed memory).
    const bool mapped = type == hipMemoryTypeHost && hip2vx::isManaged(ptr);
    attributes->devicePointer = type == hipMemoryTypeDevice || type == hipMemoryTypeManaged || mapped ? p : nullptr;
    attributes->hostPointer = type == hipMemoryTypeDevice ? nullptr : p;
    attributes->isManaged = type == hipMemoryTypeManaged;
    attributes->allocationFlags = extent.flags;
    return hipSuccess;
  });
}

hipError_t hipMemPtrGetInfo(void* ptr, size_t* size) {
  return api([&] {
    hip2vx::Extent extent{};
    if (!ptr || !size || classify(ptr, &extent) == hipMemoryTypeUnregistered) return hipErrorInvalidValue;
    *size = extent.size;
    return hipSuccess;
  });
}

hipError_t hipMemGetAddressRange(hipDeviceptr_t* base, size_t* size, hipDeviceptr_t ptr) {
  return api([&] {
    hip2vx::Extent extent{};
    if (!ptr || (!hip2vx::managedExtent(ptr, &extent) && !hip2vx::deviceExtent(ptr, &extent))) return hipErrorNotFound;
    if (base) *base = extent.base;
    if (size) *size = extent.size;
    return hipSuccess;
  });
}

hipError_t hipHostGetFlags(unsigned int* flags, void* host) {
  return api([&] {
    hip2vx::Extent extent{};
    if (!flags || !hip2vx::hostExtent(host, &extent)) return hipErrorInvalidValue;
    *flags = extent.flags;
    return hipSuccess;
  });
}
