// hipHostMalloc memory: plain host memory (Vortex cannot map host memory into the device), kept
// in a table so that freeing an unknown pointer fails instead of corrupting the heap.
#include <cstdlib>
#include <set>

#include "hip2vx_internal.h"

namespace hip2vx {
namespace {
std::set<void*>& hostAllocations() {
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
