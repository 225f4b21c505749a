// Managed memory (hipMallocManaged): one pointer valid on the host and in kernels. The pointer is
// a host shadow of a device buffer. Every shadow is uploaded before a launch and downloaded when
// the kernel has finished (waitIdle: hipDeviceSynchronize, stream and event waits, blocking copies),
// the points where CUDA programs may touch managed memory from the host; kernel pointer arguments
// (and pointer fields of struct arguments) inside a shadow are passed as the device address.
// __managed__ variables are device globals whose host variable is the shadow (symbols.cpp).
// Mapped host memory (zero-copy: hipHostMalloc with hipHostMallocMapped, hipHostRegister with
// hipHostRegisterMapped) is the same thing with the host memory as the shadow: Vortex cannot
// address host memory, so the device works on a buffer synchronised at the same points (a kernel
// and the host polling one flag while it runs do not see each other). Pointers to managed memory
// stored in memory are not translated (docs/design.md). On the CPU backend device addresses are
// host addresses, so managed memory is the device buffer itself, and mapped memory the host's.
#include <cstring>
#include <map>
#include <memory>

#include "hip2vx_internal.h"

namespace hip2vx {

namespace {
struct Managed {
  uint64_t device;  // the device buffer's address (a hipMalloc'd pointer value)
  size_t size;
  unsigned char* shadow;  // the host's copy; null where the host addresses the buffer directly
  std::unique_ptr<unsigned char[]> owned;  // the shadow, when the runtime allocated it
  bool ownsDevice;  // false: registered host memory that the CPU backend's kernels address as is
};

std::map<uintptr_t, Managed>& managedAllocations() {  // by host shadow address
  static auto* table = new std::map<uintptr_t, Managed>();  // never destroyed (hip2vx_internal.h)
  return *table;
}

/** The allocation holding host address `p`, or null. */
const Managed* findManaged(const void* p) {
  const uintptr_t address = reinterpret_cast<uintptr_t>(p);
  auto next = managedAllocations().upper_bound(address);
  if (next == managedAllocations().begin()) return nullptr;
  const auto& [base, allocation] = *std::prev(next);
  return address - base < allocation.size ? &allocation : nullptr;
}

uintptr_t hostAddress(const Managed& m) {
  return m.shadow ? reinterpret_cast<uintptr_t>(m.shadow) : static_cast<uintptr_t>(m.device);
}

void* asPointer(uint64_t address) { return reinterpret_cast<void*>(static_cast<uintptr_t>(address)); }

/** Copies every shadow to (toDevice) or from its device buffer. */
hipError_t transferAll(bool toDevice) {
  for (auto& [base, m] : managedAllocations()) {
    if (!m.shadow) continue;
    hipError_t error = toDevice ? copyMemory(asPointer(m.device), m.shadow, m.size, hipMemcpyHostToDevice)
                                : copyMemory(m.shadow, asPointer(m.device), m.size, hipMemcpyDeviceToHost);
    if (error != hipSuccess) return error;
  }
  return transferManagedSymbols(toDevice);
}
}  // namespace

bool isManaged(const void* p) { return findManaged(p) != nullptr; }

bool managedExtent(const void* p, Extent* extent) {
  const Managed* m = findManaged(p);
  if (m) *extent = {asPointer(hostAddress(*m)), m->size, 0};
  return m != nullptr;
}

uint64_t deviceAddressOf(const void* p) {
  const Managed* m = findManaged(p);
  const uintptr_t address = reinterpret_cast<uintptr_t>(p);
  uint64_t symbol = 0;
  if (m) return m->device + (address - hostAddress(*m));
  return symbolAddress(p, &symbol) ? symbol : address;
}

hipError_t uploadManaged() { return transferAll(true); }
hipError_t downloadManaged() { return transferAll(false); }

bool freeManaged(void* ptr) {
  auto found = managedAllocations().find(reinterpret_cast<uintptr_t>(ptr));
  if (found == managedAllocations().end()) return false;
  if (found->second.ownsDevice) freeDevice(asPointer(found->second.device));
  managedAllocations().erase(found);
  return true;
}

hipError_t allocManaged(size_t size, void** ptr) {
  void* device = nullptr;
  hipError_t error = allocDevice(size, &device);
  if (error != hipSuccess) return error;
#if defined(HIP2VX_CPU_BACKEND)
  std::unique_ptr<unsigned char[]> owned;
#else
  std::unique_ptr<unsigned char[]> owned(new unsigned char[size]());
#endif
  Managed m{reinterpret_cast<uintptr_t>(device), size, owned.get(), std::move(owned), true};
  const uintptr_t host = hostAddress(m);
  *ptr = asPointer(host);
  managedAllocations()[host] = std::move(m);
  return hipSuccess;
}

hipError_t mapHostMemory(void* ptr, size_t size) {
  void* device = ptr;
#if !defined(HIP2VX_CPU_BACKEND)
  hipError_t error = allocDevice(size, &device);
  if (error != hipSuccess) return error;
#endif
  const bool ownsDevice = device != ptr;
  managedAllocations()[reinterpret_cast<uintptr_t>(ptr)] = {reinterpret_cast<uintptr_t>(device), size, ownsDevice ? static_cast<unsigned char*>(ptr) : nullptr, nullptr, ownsDevice};
  return hipSuccess;
}

}  // namespace hip2vx

using hip2vx::api;

hipError_t hipMallocManaged(void** ptr, size_t size, unsigned int flags) {
  return api([&] {
    if (!ptr || (flags != hipMemAttachGlobal && flags != hipMemAttachHost)) return hipErrorInvalidValue;
    *ptr = nullptr;
    return size == 0 ? hipSuccess : hip2vx::allocManaged(size, ptr);
  });
}

// Prefetching, advice and stream attachment are hints: the shadows move at every launch and
// synchronisation anyway, whatever stream they are attached to.
hipError_t hipMemPrefetchAsync(const void* ptr, size_t, int, hipStream_t stream) {
  return api([&] { return !hip2vx::isManaged(ptr) ? hipErrorInvalidValue : hip2vx::checkStream(stream); });
}

hipError_t hipStreamAttachMemAsync(hipStream_t stream, void* ptr, size_t, unsigned int flags) {
  return api([&] {
    const bool known = flags == hipMemAttachGlobal || flags == hipMemAttachHost || flags == hipMemAttachSingle;
    return !known || !hip2vx::isManaged(ptr) ? hipErrorInvalidValue : hip2vx::checkStream(stream);
  });
}

hipError_t hipMemAdvise(const void* ptr, size_t, hipMemoryAdvise, int) {
  return api([&] { return hip2vx::isManaged(ptr) ? hipSuccess : hipErrorInvalidValue; });
}

hipError_t hipHostGetDevicePointer(void** devicePointer, void* host, unsigned int flags) {
  // The shadow is the pointer kernels are given: launches pass its device address.
  return api([&] {
    if (!devicePointer || flags != 0 || !hip2vx::isManaged(host)) return hipErrorInvalidValue;
    *devicePointer = host;
    return hipSuccess;
  });
}

uint64_t __hip2vxDeviceAddress(const void* ptr) { return hip2vx::deviceAddressOf(ptr); }
