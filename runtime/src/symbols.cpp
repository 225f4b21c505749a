// Device globals (__constant__ / __device__ variables), keyed by their host shadow variable.
#include <map>
#include <vector>

#include "hip2vx_internal.h"

namespace hip2vx {

namespace {
struct Symbol {
  const char* name;
  size_t size;
  void* device;  // null until first use
  // Writes the variable's device-layout image when its host bytes are not that (see
  // __hip2vxSetVarImage); null: the host bytes are copied.
  void (*image)(unsigned char* out);
  bool managed;  // a __managed__ variable: the host variable is its shadow (managed.cpp)
};

// Function-local: registration runs in static constructors of other translation units.
std::map<const void*, Symbol>& symbols() {
  static auto* table = new std::map<const void*, Symbol>();  // never destroyed (hip2vx_internal.h)
  return *table;
}

// The variable's bytes, or its device image (zero-padded to the host size, which is not smaller).
hipError_t copyInitialValue(const Symbol& symbol, void* buffer, const void* hostVar) {
  if (!symbol.image) return copyMemory(buffer, hostVar, symbol.size, hipMemcpyHostToDevice);
  std::vector<unsigned char> image(symbol.size);
  symbol.image(image.data());
  return copyMemory(buffer, image.data(), symbol.size, hipMemcpyHostToDevice);
}

// The symbol's device buffer, created on first use from the host variable's current bytes.
hipError_t deviceSymbol(const void* hostVar, Symbol** symbol) {
  auto found = symbols().find(hostVar);
  if (found == symbols().end()) return hipErrorInvalidSymbol;
  Symbol& entry = found->second;
  if (!entry.device) {
    void* buffer = nullptr;
    hipError_t error = allocDevice(entry.size, &buffer);
    if (error != hipSuccess) return error;
    // Set before the initial value is written: an image pointing back at this variable finds it.
    entry.device = buffer;
    error = copyInitialValue(entry, buffer, hostVar);
    if (error != hipSuccess) {
      entry.device = nullptr;
      freeDevice(buffer);
      return error;
    }
  }
  *symbol = &entry;
  return hipSuccess;
}

}  // namespace

// A pointer into a device global's host variable (`__device__ int* p = table;` in an initial
// value's image): the same place in its device buffer, created if need be.
bool symbolAddress(const void* p, uint64_t* address) {
  auto after = symbols().upper_bound(p);
  if (after == symbols().begin()) return false;
  const auto& [hostVar, entry] = *std::prev(after);
  const size_t offset = static_cast<const unsigned char*>(p) - static_cast<const unsigned char*>(hostVar);
  Symbol* symbol = nullptr;
  if (offset >= entry.size || deviceSymbol(hostVar, &symbol) != hipSuccess) return false;
  *address = reinterpret_cast<uintptr_t>(symbol->device) + offset;
  return true;
}

namespace {
// The device address of bytes [offset, offset + bytes) of a symbol.
hipError_t symbolRange(const void* hostVar, size_t bytes, size_t offset, void** address) {
  Symbol* symbol = nullptr;
  hipError_t error = deviceSymbol(hostVar, &symbol);
  if (error != hipSuccess) return error;
  if (offset > symbol->size || bytes > symbol->size - offset) return hipErrorInvalidValue;
  *address = static_cast<unsigned char*>(symbol->device) + offset;
  return hipSuccess;
}

// The device address for a copy of [offset, offset + bytes) of a symbol whose other side is
// `hostSide` (host memory), device memory or either (hipMemcpyDefault).
hipError_t symbolCopyRange(const void* hostVar, size_t bytes, size_t offset, hipMemcpyKind kind,
                           hipMemcpyKind hostSide, void** address) {
  if (kind != hostSide && kind != hipMemcpyDeviceToDevice && kind != hipMemcpyDefault)
    return hipErrorInvalidMemcpyDirection;
  return symbolRange(hostVar, bytes, offset, address);
}

hipError_t copyToSymbol(const void* symbol, const void* src, size_t bytes, size_t offset,
                        hipMemcpyKind kind) {
  void* address = nullptr;
  hipError_t error = symbolCopyRange(symbol, bytes, offset, kind, hipMemcpyHostToDevice, &address);
  return error != hipSuccess ? error : copyMemory(address, src, bytes, kind);
}

hipError_t copyFromSymbol(void* dst, const void* symbol, size_t bytes, size_t offset,
                          hipMemcpyKind kind) {
  void* address = nullptr;
  hipError_t error = symbolCopyRange(symbol, bytes, offset, kind, hipMemcpyDeviceToHost, &address);
  return error != hipSuccess ? error : copyMemory(dst, address, bytes, kind);
}
}  // namespace

hipError_t transferManagedSymbols(bool toDevice) {
  for (auto& [hostVar, symbol] : symbols()) {
    if (!symbol.managed) continue;
    Symbol* entry = nullptr;
    void* host = const_cast<void*>(hostVar);
    hipError_t error = deviceSymbol(hostVar, &entry);
    if (error == hipSuccess)
      error = toDevice ? copyMemory(entry->device, host, entry->size, hipMemcpyHostToDevice)
                       : copyMemory(host, entry->device, entry->size, hipMemcpyDeviceToHost);
    if (error != hipSuccess) return error;
  }
  return hipSuccess;
}

void forgetSymbolBuffers() {
  for (auto& entry : symbols()) entry.second.device = nullptr;
}

}  // namespace hip2vx

using hip2vx::api;

hipError_t __hipRegisterVar(void* host_var, const char* name, size_t size) {
  return api([&] {
    if (!host_var || !name || size == 0) return hipErrorInvalidValue;
    hip2vx::symbols()[host_var] = hip2vx::Symbol{name, size, nullptr, nullptr, false};
    return hipSuccess;
  });
}

hipError_t __hip2vxRegisterManagedVar(void* host_var, const char* name, size_t size) {
  return api([&] {
    hipError_t error = __hipRegisterVar(host_var, name, size);
    if (error == hipSuccess) hip2vx::symbols()[host_var].managed = true;
    return error;
  });
}

hipError_t __hip2vxSetVarImage(void* host_var, void (*image)(unsigned char* out)) {
  return api([&] {
    auto found = hip2vx::symbols().find(host_var);
    if (found == hip2vx::symbols().end()) return hipErrorInvalidSymbol;
    found->second.image = image;
    return hipSuccess;
  });
}

hipError_t hipGetSymbolAddress(void** dev_ptr, const void* symbol) {
  return api([&] {
    if (!dev_ptr) return hipErrorInvalidValue;
    return hip2vx::symbolRange(symbol, 0, 0, dev_ptr);
  });
}

hipError_t hipGetSymbolSize(size_t* size, const void* symbol) {
  return api([&] {
    if (!size) return hipErrorInvalidValue;
    auto found = hip2vx::symbols().find(symbol);
    if (found == hip2vx::symbols().end()) return hipErrorInvalidSymbol;
    *size = found->second.size;
    return hipSuccess;
  });
}

hipError_t hipMemcpyToSymbol(const void* symbol, const void* src, size_t bytes, size_t offset,
                             hipMemcpyKind kind) {
  return api([&] { return hip2vx::copyToSymbol(symbol, src, bytes, offset, kind); });
}

hipError_t hipMemcpyFromSymbol(void* dst, const void* symbol, size_t bytes, size_t offset,
                               hipMemcpyKind kind) {
  return api([&] { return hip2vx::copyFromSymbol(dst, symbol, bytes, offset, kind); });
}

hipError_t hipMemcpyToSymbolAsync(const void* symbol, const void* src, size_t bytes, size_t offset,
                                  hipMemcpyKind kind, hipStream_t stream) {
  return api([&] {
    return hip2vx::onStream(stream, [=] { return hip2vx::copyToSymbol(symbol, src, bytes, offset, kind); });
  });
}

hipError_t hipMemcpyFromSymbolAsync(void* dst, const void* symbol, size_t bytes, size_t offset,
                                    hipMemcpyKind kind, hipStream_t stream) {
  return api([&] {
    return hip2vx::onStream(stream, [=] { return hip2vx::copyFromSymbol(dst, symbol, bytes, offset, kind); });
  });
}
