// Device allocations, copies and memsets. hipMalloc returns the device address itself
// as the pointer value; the table maps it back to the Vortex buffer (and to the offset inside it,
// so copies may start anywhere within an allocation).
#include <algorithm>
#include <cstring>
#include <map>
#include <vector>

#include "hip2vx_internal.h"

namespace hip2vx {

namespace {
struct Allocation {
  vx_buffer_h buffer;
  size_t size;
};

// Function-local tables: user static constructors may allocate before this file's globals exist.
std::map<uint64_t, Allocation>& deviceAllocations() {  // by device base address
  static auto* table = new std::map<uint64_t, Allocation>();  // never destroyed (hip2vx_internal.h)
  return *table;
}

uint64_t addressOf(const void* ptr) { return reinterpret_cast<uintptr_t>(ptr); }

// A device range [ptr, ptr + size) resolved to its buffer; `buffer` is null for an unknown pointer.
struct DeviceRange {
  vx_buffer_h buffer = nullptr;
  uint64_t offset = 0;
  bool fits = false;
};

DeviceRange findDeviceRange(const void* ptr, size_t size) {
  DeviceRange range;
  const uint64_t address = addressOf(ptr);
  auto next = deviceAllocations().upper_bound(address);
  if (next == deviceAllocations().begin()) return range;
  const auto& [base, allocation] = *std::prev(next);
  range.offset = address - base;
  if (range.offset >= allocation.size) return range;
  range.buffer = allocation.buffer;
  range.fits = size <= allocation.size - range.offset;
  return range;
}

hipError_t checkRange(const DeviceRange& range) {
  if (!range.buffer) return hipErrorInvalidDevicePointer;
  return range.fits ? hipSuccess : hipErrorInvalidValue;
}

bool isDevicePointer(const void* ptr) { return findDeviceRange(ptr, 0).buffer != nullptr; }

// Compared as an integer: the value may be any cast number.
bool validKind(hipMemcpyKind kind) { return static_cast<unsigned>(kind) <= hipMemcpyDefault; }

// The explicit kind is trusted for host pointers (as CUDA does): a host address may coincide
// with a device address range, so host pointers are never looked up.
hipMemcpyKind resolveKind(hipMemcpyKind kind, const void* dst, const void* src) {
  if (kind != hipMemcpyDefault) return kind;
  const bool fromDevice = isDevicePointer(src), toDevice = isDevicePointer(dst);
  if (fromDevice) return toDevice ? hipMemcpyDeviceToDevice : hipMemcpyDeviceToHost;
  return toDevice ? hipMemcpyHostToDevice : hipMemcpyHostToHost;
}

hipError_t toDevice(const DeviceRange& dst, const void* src, size_t size) {
  return vx_copy_to_dev(dst.buffer, src, dst.offset, size) == 0 ? hipSuccess : hipErrorUnknown;
}

// Fills and clears write the device from a buffer of at most this many bytes, copied as often as
// needed: a host buffer the size of the fill would double the memory a GPU-sized memset touches.
constexpr size_t kFillChunk = size_t{1} << 20;

/** `size` bytes from `dst` on, written with `piece` again and again (the device is idle). */
hipError_t toDeviceRepeated(DeviceRange dst, const std::vector<unsigned char>& piece, size_t size) {
  hipError_t error = hipSuccess;
  for (size_t done = 0; error == hipSuccess && done < size; done += piece.size(), dst.offset += piece.size())
    error = toDevice(dst, piece.data(), std::min(piece.size(), size - done));
  return error;
}

hipError_t fromDevice(void* dst, const DeviceRange& src, size_t size) {
  return vx_copy_from_dev(dst, src.buffer, src.offset, size) == 0 ? hipSuccess : hipErrorUnknown;
}

hipError_t copyChecked(void* dst, const void* src, size_t size, hipMemcpyKind kind) {
  const bool srcOnDevice = kind == hipMemcpyDeviceToHost || kind == hipMemcpyDeviceToDevice;
  const bool dstOnDevice = kind == hipMemcpyHostToDevice || kind == hipMemcpyDeviceToDevice;
  const DeviceRange srcRange = srcOnDevice ? findDeviceRange(src, size) : DeviceRange{};
  const DeviceRange dstRange = dstOnDevice ? findDeviceRange(dst, size) : DeviceRange{};
  hipError_t error = srcOnDevice ? checkRange(srcRange) : hipSuccess;
  if (error == hipSuccess && dstOnDevice) error = checkRange(dstRange);
  // The kernel in flight may read or write these buffers.
  if (error == hipSuccess && (srcOnDevice || dstOnDevice)) error = waitIdle();
  if (error != hipSuccess) return error;
  switch (kind) {
    case hipMemcpyHostToHost:
      std::memmove(dst, src, size);
      return hipSuccess;
    case hipMemcpyHostToDevice:
      return toDevice(dstRange, src, size);
    case hipMemcpyDeviceToHost:
      return fromDevice(dst, srcRange, size);
    default: {
      // Vortex has no device-side copy: bounce through the host.
      std::vector<unsigned char> bounce(size);
      error = fromDevice(bounce.data(), srcRange, size);
      return error != hipSuccess ? error : toDevice(dstRange, bounce.data(), size);
    }
  }
}

/** `count` copies of the `width`-byte `pattern` from `dst` (hipMemset: one byte; hipMemsetD16/D32). */
hipError_t fillPattern(void* dst, const void* pattern, size_t width, size_t count) {
  const size_t size = width * count;
  if (size == 0) return hipSuccess;
  if (!dst) return hipErrorInvalidValue;
  std::vector<unsigned char> piece(std::min(size, kFillChunk / width * width));
  for (size_t at = 0; at < piece.size(); at += width) std::memcpy(piece.data() + at, pattern, width);
  if (isManaged(dst)) {
    hipError_t error = waitIdle();
    for (size_t done = 0; error == hipSuccess && done < size; done += piece.size())
      std::memcpy(static_cast<unsigned char*>(dst) + done, piece.data(), std::min(piece.size(), size - done));
    return error;
  }
  const DeviceRange range = findDeviceRange(dst, size);
  hipError_t error = checkRange(range);
  if (error == hipSuccess) error = waitIdle();
  return error != hipSuccess ? error : toDeviceRepeated(range, piece, size);
}

hipError_t fillDevice(void* dst, int value, size_t size) {
  const unsigned char byte = static_cast<unsigned char>(value);
  return fillPattern(dst, &byte, 1, size);
}
}  // namespace

bool deviceExtent(const void* ptr, Extent* extent) {
  const uint64_t address = addressOf(ptr);
  auto next = deviceAllocations().upper_bound(address);
  if (next == deviceAllocations().begin()) return false;
  const auto& [base, allocation] = *std::prev(next);
  if (address - base >= allocation.size) return false;
  *extent = {reinterpret_cast<void*>(static_cast<uintptr_t>(base)), allocation.size, 0};
  return true;
}

// Fresh GPU memory reads as zero in practice (drivers clear the pages they hand out), and programs
// rely on it (HeCBench's unfold accumulates into a buffer it never clears); simx fills it with
// 0xbaadf00d. The CPU backend's allocations are zeroed pages, committed only when touched.
static hipError_t clearNew(vx_buffer_h buffer, size_t size) {
#if defined(HIP2VX_CPU_BACKEND)
  (void)buffer, (void)size;
  return hipSuccess;
#else
  static const std::vector<unsigned char> zeros(kFillChunk);
  const hipError_t error = waitIdle();
  return error != hipSuccess ? error : toDeviceRepeated(DeviceRange{buffer, 0, true}, zeros, size);
#endif
}

hipError_t allocDevice(size_t size, void** ptr) {
  if (!ptr) return hipErrorInvalidValue;
  *ptr = nullptr;
  if (size == 0) return hipSuccess;  // HIP: a zero-byte allocation succeeds with a null pointer
  vx_device_h device;
  hipError_t error = openDevice(&device);
  if (error != hipSuccess) return error;
  vx_buffer_h buffer;
  if (vx_mem_alloc(device, size, VX_MEM_READ_WRITE, &buffer) != 0) return hipErrorOutOfMemory;
  uint64_t address = 0;
  if (vx_mem_address(buffer, &address) != 0) {
    vx_mem_free(buffer);
    return hipErrorOutOfMemory;
  }
  error = clearNew(buffer, size);
  if (error != hipSuccess) {
    vx_mem_free(buffer);
    return error;
  }
  deviceAllocations()[address] = Allocation{buffer, size};
  *ptr = reinterpret_cast<void*>(static_cast<uintptr_t>(address));
  return hipSuccess;
}

// Managed memory is host memory whatever the kind says; its shadow is current once idle.
hipMemcpyKind hostSides(hipMemcpyKind kind, bool dstHost, bool srcHost) {
  const bool fromDevice = (kind == hipMemcpyDeviceToHost || kind == hipMemcpyDeviceToDevice) && !srcHost;
  const bool toDevice = (kind == hipMemcpyHostToDevice || kind == hipMemcpyDeviceToDevice) && !dstHost;
  if (fromDevice) return toDevice ? hipMemcpyDeviceToDevice : hipMemcpyDeviceToHost;
  return toDevice ? hipMemcpyHostToDevice : hipMemcpyHostToHost;
}

hipError_t copyMemory(void* dst, const void* src, size_t size, hipMemcpyKind kind) {
  if (!validKind(kind)) return hipErrorInvalidMemcpyDirection;
  if (size == 0) return hipSuccess;  // HIP: an empty copy is a no-op
  if (!dst || !src) return hipErrorInvalidValue;
  kind = resolveKind(kind, dst, src);
  const bool dstManaged = isManaged(dst), srcManaged = isManaged(src);
  if (dstManaged || srcManaged) {
    hipError_t error = waitIdle();
    if (error != hipSuccess) return error;
    kind = hostSides(kind, dstManaged, srcManaged);
  }
  return copyChecked(dst, src, size, kind);
}

hipError_t freeDevice(void* ptr) {
  auto found = deviceAllocations().find(addressOf(ptr));
  if (found == deviceAllocations().end()) return hipErrorInvalidValue;
  hipError_t error = waitIdle();  // the kernel in flight may still use the buffer
  vx_mem_free(found->second.buffer);
  deviceAllocations().erase(found);
  return error;
}

void releaseAllDeviceMemory() {
  for (auto& entry : deviceAllocations()) vx_mem_free(entry.second.buffer);
  deviceAllocations().clear();
}

}  // namespace hip2vx

using hip2vx::api;

hipError_t hipMalloc(void** ptr, size_t size) {
  return api([&] { return hip2vx::allocDevice(size, ptr); });
}

hipError_t hipFree(void* ptr) {
  return api([&] {
    if (!ptr || hip2vx::freeManaged(ptr)) return hipSuccess;
    return hip2vx::freeDevice(ptr);
  });
}

hipError_t hipMallocAsync(void** ptr, size_t size, hipStream_t) { return hipMalloc(ptr, size); }

hipError_t hipFreeAsync(void* ptr, hipStream_t stream) {
  const hipError_t done = hipStreamSynchronize(stream);
  return done != hipSuccess ? done : hipFree(ptr);
}

hipError_t hipMemcpy(void* dst, const void* src, size_t size, hipMemcpyKind kind) {
  return api([&] { return hip2vx::copyMemory(dst, src, size, kind); });
}

hipError_t hipMemcpyAsync(void* dst, const void* src, size_t size, hipMemcpyKind kind,
                          hipStream_t stream) {
  return api([&] {
    return hip2vx::onStream(stream, [=] { return hip2vx::copyMemory(dst, src, size, kind); });
  });
}

hipError_t hipMemcpyWithStream(void* dst, const void* src, size_t size, hipMemcpyKind kind, hipStream_t stream) {
  hipError_t error = hipMemcpyAsync(dst, src, size, kind, stream);
  return error == hipSuccess ? hipStreamSynchronize(stream) : error;
}

hipError_t hipMemset(void* dst, int value, size_t size) {
  return api([&] { return hip2vx::fillDevice(dst, value, size); });
}

hipError_t hipMemsetAsync(void* dst, int value, size_t size, hipStream_t stream) {
  return api([&] {
    return hip2vx::onStream(stream, [=] { return hip2vx::fillDevice(dst, value, size); });
  });
}

// The driver API's memsets: `count` 8-, 16- or 32-bit values.
hipError_t hipMemsetD8(hipDeviceptr_t dst, unsigned char value, size_t count) {
  return api([&] { return hip2vx::fillPattern(dst, &value, sizeof value, count); });
}
hipError_t hipMemsetD16(hipDeviceptr_t dst, unsigned short value, size_t count) {
  return api([&] { return hip2vx::fillPattern(dst, &value, sizeof value, count); });
}
hipError_t hipMemsetD32(hipDeviceptr_t dst, int value, size_t count) {
  return api([&] { return hip2vx::fillPattern(dst, &value, sizeof value, count); });
}
hipError_t hipMemsetD8Async(hipDeviceptr_t dst, unsigned char value, size_t count, hipStream_t stream) {
  return api([&] { return hip2vx::onStream(stream, [=] { return hip2vx::fillPattern(dst, &value, sizeof value, count); }); });
}
hipError_t hipMemsetD16Async(hipDeviceptr_t dst, unsigned short value, size_t count, hipStream_t stream) {
  return api([&] { return hip2vx::onStream(stream, [=] { return hip2vx::fillPattern(dst, &value, sizeof value, count); }); });
}
hipError_t hipMemsetD32Async(hipDeviceptr_t dst, int value, size_t count, hipStream_t stream) {
  return api([&] { return hip2vx::onStream(stream, [=] { return hip2vx::fillPattern(dst, &value, sizeof value, count); }); });
}

hipError_t hipMemGetInfo(size_t* free, size_t* total) {
  return api([&] {
    if (!free || !total) return hipErrorInvalidValue;
    vx_device_h device;
    const hip2vx::DeviceCaps* caps = nullptr;
    hipError_t error = hip2vx::openDevice(&device, &caps);
    if (error != hipSuccess) return error;
    uint64_t freeBytes = 0, usedBytes = 0;
    if (vx_mem_info(device, &freeBytes, &usedBytes) != 0) return hipErrorUnknown;
    *free = freeBytes;
    *total = caps->globalMemSize;
    return hipSuccess;
  });
}

hipError_t hipMallocPitch(void** ptr, size_t* pitch, size_t width, size_t height) {
  return api([&] {
    if (!ptr || !pitch) return hipErrorInvalidValue;
    *pitch = (width + 63) / 64 * 64;
    return hip2vx::allocDevice(*pitch * height, ptr);
  });
}

hipError_t hipMalloc3D(hipPitchedPtr* pitched, hipExtent extent) {
  if (!pitched) return hipErrorInvalidValue;
  size_t pitch = 0;
  void* ptr = nullptr;
  const hipError_t status = hipMallocPitch(&ptr, &pitch, extent.width, extent.height * extent.depth);
  if (status == hipSuccess) *pitched = make_hipPitchedPtr(ptr, pitch, extent.width, extent.height);
  return status;
}

namespace {
hipError_t copyRows(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
                    size_t height, hipMemcpyKind kind) {
  if (width > dpitch || width > spitch) return hipErrorInvalidValue;
  for (size_t row = 0; row < height; ++row) {
    hipError_t error = hip2vx::copyMemory(static_cast<char*>(dst) + row * dpitch,
                                          static_cast<const char*>(src) + row * spitch, width, kind);
    if (error != hipSuccess) return error;
  }
  return hipSuccess;
}
}  // namespace

hipError_t hipMemcpy2D(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
                       size_t height, hipMemcpyKind kind) {
  return api([&] { return copyRows(dst, dpitch, src, spitch, width, height, kind); });
}

hipError_t hipMemcpy2DAsync(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
                            size_t height, hipMemcpyKind kind, hipStream_t stream) {
  return api([&] {
    return hip2vx::onStream(stream, [=] { return copyRows(dst, dpitch, src, spitch, width, height, kind); });
  });
}

namespace {
hipError_t fillRows(void* dst, size_t pitch, int value, size_t width, size_t height) {
  if (width > pitch) return hipErrorInvalidValue;
  for (size_t row = 0; row < height; ++row) {
    hipError_t error = hip2vx::fillDevice(static_cast<char*>(dst) + row * pitch, value, width);
    if (error != hipSuccess) return error;
  }
  return hipSuccess;
}
}  // namespace

hipError_t hipMemset2D(void* dst, size_t pitch, int value, size_t width, size_t height) {
  return api([&] { return fillRows(dst, pitch, value, width, height); });
}

hipError_t hipMemset2DAsync(void* dst, size_t pitch, int value, size_t width, size_t height, hipStream_t stream) {
  return api([&] { return hip2vx::onStream(stream, [=] { return fillRows(dst, pitch, value, width, height); }); });
}

namespace {
/** Byte address of `pos` (x in bytes) in pitched memory of `ptr.ysize` rows per slice. */
char* at(const hipPitchedPtr& ptr, const hipPos& pos) {
  return static_cast<char*>(ptr.ptr) + (pos.z * ptr.ysize + pos.y) * ptr.pitch + pos.x;
}

/** Slice by slice, each one a 2-D copy of `extent.height` rows. */
hipError_t copySlices(const hipMemcpy3DParms& p) {
  if (p.srcArray || p.dstArray) return hipErrorNotSupported;
  for (size_t z = 0; z < p.extent.depth; ++z) {
    const hipPos src{p.srcPos.x, p.srcPos.y, p.srcPos.z + z};
    const hipPos dst{p.dstPos.x, p.dstPos.y, p.dstPos.z + z};
    hipError_t error = copyRows(at(p.dstPtr, dst), p.dstPtr.pitch, at(p.srcPtr, src), p.srcPtr.pitch,
                                p.extent.width, p.extent.height, p.kind);
    if (error != hipSuccess) return error;
  }
  return hipSuccess;
}

hipError_t fillSlices(hipPitchedPtr ptr, int value, hipExtent extent) {
  for (size_t z = 0; z < extent.depth; ++z) {
    hipError_t error = fillRows(at(ptr, {0, 0, z}), ptr.pitch, value, extent.width, extent.height);
    if (error != hipSuccess) return error;
  }
  return hipSuccess;
}
}  // namespace

hipError_t hipMemcpy3D(const hipMemcpy3DParms* p) {
  return api([&] { return p ? copySlices(*p) : hipErrorInvalidValue; });
}

hipError_t hipMemcpy3DAsync(const hipMemcpy3DParms* p, hipStream_t stream) {
  return api([&] {
    if (!p) return hipErrorInvalidValue;
    return hip2vx::onStream(stream, [parms = *p] { return copySlices(parms); });
  });
}

hipError_t hipMemset3D(hipPitchedPtr pitched, int value, hipExtent extent) {
  return api([&] { return fillSlices(pitched, value, extent); });
}

hipError_t hipMemset3DAsync(hipPitchedPtr pitched, int value, hipExtent extent, hipStream_t stream) {
  return api([&] { return hip2vx::onStream(stream, [=] { return fillSlices(pitched, value, extent); }); });
}

// Device 0 is the only device, so a "peer" copy is a copy within it.
hipError_t hipMemcpyPeer(void* dst, int dst_device, const void* src, int src_device, size_t size) {
  return api([&] {
    if (dst_device != 0 || src_device != 0) return hipErrorInvalidDevice;
    return hip2vx::copyMemory(dst, src, size, hipMemcpyDeviceToDevice);
  });
}

hipError_t hipMemcpyPeerAsync(void* dst, int dst_device, const void* src, int src_device, size_t size, hipStream_t stream) {
  return api([&] {
    if (dst_device != 0 || src_device != 0) return hipErrorInvalidDevice;
    return hip2vx::onStream(stream, [=] { return hip2vx::copyMemory(dst, src, size, hipMemcpyDeviceToDevice); });
  });
}
