/* CPU backend: the device declarations of runtime/vortex-decls, implemented by
   runtime/cpu/device and linked into every kernel binary. Hidden so that each kernel
   binary binds to its own copy and never to a same-named symbol of the host program. */
#pragma once
#pragma GCC visibility push(hidden)
#include "../../vortex-decls/vx_spawn.h"
#pragma GCC visibility pop

/* The running device thread's registers live in the host program's static TLS, at an offset from
   the thread pointer that the launch passes (runtime/cpu/device/launch.h: kRegistersBytes), and
   are read with plain loads: the kernel binary's own thread-local variables would cost a call
   into the loader at every access. Hence the names below are macros on the CPU backend. */
#ifdef __cplusplus
extern "C" {
#endif
typedef struct {
  dim3_t blockIdx;
  dim3_t threadIdx;
  uint32_t local_group_id;
  uint32_t spins; /* hip2vx_spin_point's pass count */
} hip2vx_cpu_registers_t;
extern __attribute__((visibility("hidden"))) intptr_t hip2vx_cpu_registers_offset;
static inline __attribute__((always_inline)) hip2vx_cpu_registers_t* hip2vx_cpu_registers(void) {
  return (hip2vx_cpu_registers_t*)((char*)__builtin_thread_pointer() + hip2vx_cpu_registers_offset);
}
#ifdef __cplusplus
}
#endif
#define blockIdx (hip2vx_cpu_registers()->blockIdx)
#define threadIdx (hip2vx_cpu_registers()->threadIdx)
#define __local_group_id (hip2vx_cpu_registers()->local_group_id)
