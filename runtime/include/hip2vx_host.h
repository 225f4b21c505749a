// hip2vx_host.h: included first by every translated host source. The HIP runtime API plus the
// helpers the generated launch stubs use to build device images of struct arguments.
#ifndef HIP2VX_HOST_H
#define HIP2VX_HOST_H

#include <hip/hip_runtime.h>
#include <stdint.h>
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

#endif  // HIP2VX_HOST_H
