// hip2vx_host.h: included first by every translated host source. The HIP runtime API plus the
// helpers the generated launch stubs use to build device images of struct arguments, and those
// converted copies use to move arrays of such structs into and out of device memory.
#ifndef HIP2VX_HOST_H
#define HIP2VX_HOST_H

#include "hip2vx_compiler.h"

#include <hip/hip_runtime.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/** Picks the value computed for the device ABI or, on the CPU backend, for the host ABI. */
#if defined(HIP2VX_CPU_BACKEND)
#define HIP2VX_ABI(device, host) (host)
#else
#define HIP2VX_ABI(device, host) (device)
#endif

/** A device address (a hipMalloc'd pointer value, or managed memory's device address) stored in
    `size` bytes (4 on XLEN 32). */
static inline void hip2vx_put_pointer(unsigned char* at, const void* p, size_t size) {
  uint64_t address = __hip2vxDeviceAddress(p);
  memcpy(at, &address, size);  // little-endian: the low bytes first
}

/** An integer whose width differs between host and device (long on XLEN 32). */
static inline void hip2vx_put_integer(unsigned char* at, long long value, size_t size) {
  memcpy(at, &value, size);
}

/** A device address stored in `size` bytes, as a host pointer. */
static inline void* hip2vx_get_pointer(const unsigned char* at, size_t size) {
  uint64_t address = 0;
  memcpy(&address, at, size);
  return (void*)(uintptr_t)address;
}

/** An integer stored in `size` bytes (fewer than 8), sign-extended if `is_signed`. */
static inline long long hip2vx_get_integer(const unsigned char* at, size_t size, int is_signed) {
  uint64_t bits = 0;
  memcpy(&bits, at, size);
  uint64_t sign = (uint64_t)1 << (size * 8 - 1);
  return (long long)(is_signed && (bits & sign) ? bits | ~((sign << 1) - 1) : bits);
}

/** Which way a converted copy goes. */
enum hip2vx_direction { hip2vx_to_device, hip2vx_from_device };

/*
 * A converted copy of `bytes` of host objects at `host` (`host_size` bytes each) into or out of
 * device memory, through their device images (`device_size` bytes each): `convert(image, i)`
 * writes object i's image (to the device) or sets object i from it (from the device), and
 * `copy(images, image_bytes)` is the user's copy call on the images. On the CPU backend the
 * device uses the host layout, so `copy` gets the objects themselves.
 */
template <class Host, class Convert, class Copy>
static inline hipError_t hip2vx_copy_images(Host* host, size_t bytes, size_t host_size, size_t device_size,
                                            hip2vx_direction direction, Convert convert, Copy copy) {
#if defined(HIP2VX_CPU_BACKEND)
  (void)host_size, (void)device_size, (void)direction, (void)convert;
  return copy(host, bytes);
#else
  (void)host;
  if (bytes % host_size != 0) return hipErrorInvalidValue;  // part of an object: no image for it
  size_t count = bytes / host_size;
  unsigned char* images = (unsigned char*)calloc(count ? count : 1, device_size);
  if (!images) return hipErrorOutOfMemory;
  if (direction == hip2vx_to_device)
    for (size_t i = 0; i < count; ++i) convert(images + i * device_size, i);
  hipError_t error = copy(images, count * device_size);
  if (direction == hip2vx_from_device && error == hipSuccess)
    for (size_t i = 0; i < count; ++i) convert(images + i * device_size, i);
  free(images);
  return error;
#endif
}

/* An asynchronous copy of images made by hip2vx_copy_images: they are freed when it returns. */
static inline hipError_t hip2vx_copy_waited(hipError_t error, hipStream_t stream) {
  return error != hipSuccess ? error : hipStreamSynchronize(stream);
}

#ifdef __cplusplus
#include <utility>

/*
 * A kernel named as a value in host code (`run(k, ...)`, `kernel_t table[] = {k1, k2}`): its
 * handle, which the HIP API knows it by, and its launch stub. It converts to `const void*` (the
 * API's kernel argument) and to a pointer to a function of the kernel's type, whose value is the
 * handle's address; the stub is remembered for launches through such pointers. A launch through
 * a value (`k<<<g, b>>>(...)` with `k` a variable or parameter) calls the stub, so arguments
 * convert to the kernel's parameter types as in a direct launch.
 */
namespace hip2vx {
using erased_stub = void (*)();
void remember_stub(const void* handle, erased_stub stub);
erased_stub stub_of(const void* handle);

template <typename... P>
struct kernel_ref {
  using stub_t = hipError_t (*)(dim3, dim3, size_t, hipStream_t, P...);
  using function_t = void(P...);
  const void* handle;
  stub_t stub;
  operator const void*() const { return handle; }
  operator function_t*() const {
    remember_stub(handle, reinterpret_cast<erased_stub>(stub));
    return reinterpret_cast<function_t*>(const_cast<void*>(handle));
  }
};

template <typename... P>
kernel_ref<P...> kernel_value(const void* handle, hipError_t (*stub)(dim3, dim3, size_t, hipStream_t, P...)) {
  return kernel_ref<P...>{handle, stub};
}

/** The value as the pointer itself, for a parameter that deduces from it (`template <class... A>
 *  void run(void (*k)(A...), A... a)`): deduction converts nothing. */
template <typename... P>
auto kernel_pointer(const void* handle, hipError_t (*stub)(dim3, dim3, size_t, hipStream_t, P...)) -> void (*)(P...) {
  return kernel_ref<P...>{handle, stub};
}

template <typename... P, typename... A>
hipError_t launch_value(const kernel_ref<P...>& k, dim3 grid, dim3 block, size_t shared, hipStream_t stream, A&&... args) {
  return k.stub(grid, block, shared, stream, std::forward<A>(args)...);
}

template <typename... P, size_t... I>
hipError_t launch_array(hipError_t (*stub)(dim3, dim3, size_t, hipStream_t, P...), dim3 grid, dim3 block, void** args,
                        size_t shared, hipStream_t stream, std::index_sequence<I...>) {
  return stub(grid, block, shared, stream, *static_cast<P*>(args[I])...);
}

/** hipLaunchKernel's argument array given to a kernel's stub: each argument converts to its
 *  device image as in a direct launch (a struct laid out otherwise on the device). */
template <typename... P>
hipError_t launch_args(hipError_t (*stub)(dim3, dim3, size_t, hipStream_t, P...), dim3 grid, dim3 block, void** args,
                       size_t shared, hipStream_t stream) {
  return launch_array(stub, grid, block, args, shared, stream, std::index_sequence_for<P...>{});
}

/** A pointer that is no kernel's value fails as an unknown kernel does (and sets the last error). */
template <typename... P, typename... A>
hipError_t launch_value(void (*k)(P...), dim3 grid, dim3 block, size_t shared, hipStream_t stream, A&&... args) {
  erased_stub stub = stub_of((const void*)k);
  if (!stub) return hipLaunchKernel((const void*)k, grid, block, nullptr, shared, stream);
  return reinterpret_cast<typename kernel_ref<P...>::stub_t>(stub)(grid, block, shared, stream, std::forward<A>(args)...);
}
}  // namespace hip2vx

// Host code keeps `namespace cg = cooperative_groups;` (its header is dropped): the namespace exists.
namespace cooperative_groups {}
#endif

#endif  // HIP2VX_HOST_H
