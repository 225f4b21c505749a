/* Shared state of the HIP-on-Vortex runtime (private to runtime/src). All API entry points run
 * through `api()`, which serialises them (Vortex has one device queue and the tables below are
 * shared) and records failures for hipGetLastError. */
#ifndef HIP2VX_INTERNAL_H
#define HIP2VX_INTERNAL_H

#include <cstdint>
#include <functional>
#include <mutex>

#include <vortex.h>

#include "hip/hip_runtime.h"

namespace hip2vx {

std::recursive_mutex& runtimeMutex();
hipError_t recordError(hipError_t error);

template <class Body>
hipError_t api(Body&& body) {
  std::lock_guard<std::recursive_mutex> lock(runtimeMutex());
  return recordError(body());
}

struct DeviceCaps {
  uint64_t numThreads, numWarps, numCores, localMemSize, globalMemSize;
};

/* The device, opened on first use; `caps` may be null. */
hipError_t openDevice(vx_device_h* device, const DeviceCaps** caps = nullptr);
void closeDevice();

/* Finishes the kernel in flight, if any (Vortex runs one kernel at a time, in issue order). */
hipError_t waitIdle();
// The runtime's tables (allocations, kernels, symbols...) are allocated once and never destroyed:
// a launch still in flight at exit is completed by an atexit handler (device.cpp), which reads
// them after the static destructors of tables built later than its registration would have run.
/* Frees the resident kernel image (before the device closes). */
void releaseKernelImage();
/* The launches' status word is a device allocation: forgotten when they are all freed. */
void forgetStatusWord();

/* Device memory table. */
hipError_t allocDevice(size_t size, void** ptr);
hipError_t freeDevice(void* ptr);
hipError_t copyMemory(void* dst, const void* src, size_t size, hipMemcpyKind kind);
void releaseAllDeviceMemory();
/* Managed memory (managed.cpp): host shadows of device buffers, synchronised at launches and waits. */
bool isManaged(const void* ptr);
/* The device address for a kernel argument: translated inside a managed shadow or a device global's host variable, else the value. */
uint64_t deviceAddressOf(const void* ptr);
hipError_t uploadManaged();
hipError_t downloadManaged();
/* Frees a managed allocation (or unmaps mapped host memory); false when `ptr` is not the start of one. */
bool freeManaged(void* ptr);
hipError_t allocManaged(size_t size, void** ptr);
/* Host memory the device may use (zero-copy), as a managed allocation with `ptr` as its shadow. */
hipError_t mapHostMemory(void* ptr, size_t size);
/* The allocation holding `ptr` in each table: its start and size; false when none does. */
struct Extent {
  void* base;
  size_t size;
  unsigned flags;
};
bool deviceExtent(const void* ptr, Extent* extent);
bool managedExtent(const void* ptr, Extent* extent);
bool hostExtent(const void* ptr, Extent* extent);
/* The device address of a place in a device global's host variable; false when `ptr` is in none. */
bool symbolAddress(const void* ptr, uint64_t* address);
/* Device globals lose their buffers with the device. */
void forgetSymbolBuffers();
/** Copies every __managed__ variable (its host variable) to (toDevice) or from its device buffer. */
hipError_t transferManagedSymbols(bool toDevice);

hipError_t checkStream(hipStream_t stream);

/* Stream capture (graphs.cpp): the graph a stream records its work into, or null. */
using Work = std::function<hipError_t()>;
ihipGraph* captureOf(hipStream_t stream);
void setCapture(hipStream_t stream, ihipGraph* graph);
void record(ihipGraph* graph, Work work);
/* A stream waiting on an event recorded while `graph` captured joins that capture, if it goes on. */
void joinCapture(hipStream_t stream, ihipGraph* graph);

/* Work issued on a stream runs at once, in issue order, once the stream is known to be valid; on
 * a capturing stream it is recorded instead, so `body` must own what it uses (capture by value). */
template <class Body>
hipError_t onStream(hipStream_t stream, Body&& body) {
  hipError_t error = checkStream(stream);
  if (error != hipSuccess) return error;
  if (ihipGraph* graph = captureOf(stream)) {
    record(graph, Work(std::forward<Body>(body)));
    return hipSuccess;
  }
  return body();
}

}  // namespace hip2vx

#endif
