// hipHostMalloc memory: plain host memory (Vortex cannot map host memory into the device), kept
// in a table so that freeing an unknown pointer fails instead of corrupting the heap; and
// hipHostRegister'd ranges, which need nothing (copies go through the runtime's own buffers).
#include <cstdlib>
#include <set>

#include "hip2vx_internal.h"

namespace hip2vx {
namespace {
std::set<void*>& hostAllocations() {
  static std::set<void*> table;
  return table;
}

std::set<void*>& registeredHostMemory() {
  static std::set<void*> table;
  return table;
}
}  // namespace
}  // namespace hip2vx

using hip2vx::api;

hipError_t hipHostMalloc(void** ptr, size_t size, unsigned int flags) {
  return api([&] {
    if (!ptr) return hipErrorInvalidValue;
    *ptr = nullptr;
    if (flags & hipHostMallocMapped) return hipErrorNotSupported;  // the device cannot see host memory
    if (size == 0) return hipSuccess;
    void* memory = std::malloc(size);
    if (!memory) return hipErrorOutOfMemory;
    hip2vx::hostAllocations().insert(memory);
    *ptr = memory;
    return hipSuccess;
  });
}

hipError_t hipHostFree(void* ptr) {
  return api([&] {
    if (!ptr) return hipSuccess;
    if (hip2vx::hostAllocations().erase(ptr) == 0) return hipErrorInvalidValue;
    std::free(ptr);
    return hipSuccess;
  });
}

hipError_t hipHostRegister(void* ptr, size_t size, unsigned int flags) {
  return api([&] {
    if (!ptr || size == 0 || (flags & ~(hipHostRegisterPortable | hipHostRegisterMapped | hipHostRegisterIoMemory)))
      return hipErrorInvalidValue;
    if (flags & (hipHostRegisterMapped | hipHostRegisterIoMemory)) return hipErrorNotSupported;
    return hip2vx::registeredHostMemory().insert(ptr).second ? hipSuccess : hipErrorHostMemoryAlreadyRegistered;
  });
}

hipError_t hipHostUnregister(void* ptr) {
  return api([&] { return hip2vx::registeredHostMemory().erase(ptr) ? hipSuccess : hipErrorHostMemoryNotRegistered; });
}
