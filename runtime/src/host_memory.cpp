// hipHostMalloc memory: plain host memory, kept in a table so that freeing an unknown pointer fails
// instead of corrupting the heap; and hipHostRegister'd ranges, which need nothing (copies go
// through the runtime's own buffers) but are known to hipPointerGetAttributes. Either one mapped
// for the device (zero-copy) is also managed memory (managed.cpp).
#include <cstdlib>
#include <map>

#include "hip2vx_internal.h"

namespace hip2vx {
namespace {
using HostTable = std::map<uintptr_t, Extent>;  // by start address

HostTable& hostAllocations() {
  static auto* table = new HostTable();  // never destroyed (hip2vx_internal.h)
  return *table;
}

HostTable& registeredHostMemory() {
  static auto* table = new HostTable();  // never destroyed (hip2vx_internal.h)
  return *table;
}

uintptr_t addressOf(const void* ptr) { return reinterpret_cast<uintptr_t>(ptr); }

bool find(const HostTable& table, const void* ptr, Extent* extent) {
  auto next = table.upper_bound(addressOf(ptr));
  if (next == table.begin()) return false;
  const auto& [base, found] = *std::prev(next);
  if (addressOf(ptr) - base >= found.size) return false;
  *extent = found;
  return true;
}
}  // namespace

bool hostExtent(const void* ptr, Extent* extent) {
  return find(hostAllocations(), ptr, extent) || find(registeredHostMemory(), ptr, extent);
}
}  // namespace hip2vx

using hip2vx::api;

hipError_t hipHostMalloc(void** ptr, size_t size, unsigned int flags) {
  return api([&] {
    if (!ptr) return hipErrorInvalidValue;
    *ptr = nullptr;
    if (size == 0) return hipSuccess;
    void* memory = nullptr;
    if (flags & hipHostMallocMapped) {
      hipError_t error = hip2vx::allocManaged(size, &memory);
      if (error != hipSuccess) return error;
    } else if (!(memory = std::malloc(size))) {
      return hipErrorOutOfMemory;
    }
    hip2vx::hostAllocations()[hip2vx::addressOf(memory)] = {memory, size, flags};
    *ptr = memory;
    return hipSuccess;
  });
}

hipError_t hipHostFree(void* ptr) {
  return api([&] {
    if (!ptr) return hipSuccess;
    auto found = hip2vx::hostAllocations().find(hip2vx::addressOf(ptr));
    if (found == hip2vx::hostAllocations().end()) return hipErrorInvalidValue;
    const bool mapped = found->second.flags & hipHostMallocMapped;
    hip2vx::hostAllocations().erase(found);
    if (mapped) hip2vx::freeManaged(ptr);
    else std::free(ptr);
    return hipSuccess;
  });
}

hipError_t hipHostRegister(void* ptr, size_t size, unsigned int flags) {
  return api([&] {
    if (!ptr || size == 0 || (flags & ~(hipHostRegisterPortable | hipHostRegisterMapped | hipHostRegisterIoMemory)))
      return hipErrorInvalidValue;
    if (flags & hipHostRegisterIoMemory) return hipErrorNotSupported;
    const bool added = hip2vx::registeredHostMemory().emplace(hip2vx::addressOf(ptr), hip2vx::Extent{ptr, size, flags}).second;
    if (!added) return hipErrorHostMemoryAlreadyRegistered;
    return flags & hipHostRegisterMapped ? hip2vx::mapHostMemory(ptr, size) : hipSuccess;
  });
}

hipError_t hipHostUnregister(void* ptr) {
  return api([&] {
    if (!hip2vx::registeredHostMemory().erase(hip2vx::addressOf(ptr))) return hipErrorHostMemoryNotRegistered;
    hip2vx::freeManaged(ptr);  // mapped or not
    return hipSuccess;
  });
}
