/* Declaration-only stand-in for Vortex v2.2's vx_intrinsics.h, for syntax and static_assert
   checks of generated device sources (clang --target=riscv32/64-unknown-elf -fsyntax-only).
   Nothing here generates code; build real kernels against Vortex's own kernel/include. */
#ifndef HIP2VX_DECLS_VX_INTRINSICS_H
#define HIP2VX_DECLS_VX_INTRINSICS_H

#include <stddef.h>
#include <VX_types.h>

#ifdef __cplusplus
extern "C" {
#endif

#ifdef __clang__
#define __UNIFORM__ __attribute__((annotate("vortex.uniform")))
#else
#define __UNIFORM__
#endif

/* The real csr_read/csr_write are statement-expression macros around csrr/csrw with an
   immediate CSR number; a call keeps the same use sites valid. */
size_t __hip2vx_csr_read(int csr);
void __hip2vx_csr_write(int csr, size_t value);
#define csr_read(csr) __hip2vx_csr_read(csr)
#define csr_write(csr, val) __hip2vx_csr_write((csr), (size_t)(val))

typedef void (*vx_serial_cb)(void* arg);

void vx_tmc(int thread_mask);
void vx_pred(int condition, int thread_mask);
int vx_split(int predicate);
void vx_join(int stack_ptr);
void vx_barrier(int barrier_id, int num_warps);
void vx_fence(void);
int vx_active_threads(void);
int vx_thread_id(void);
int vx_warp_id(void);
int vx_core_id(void);
int vx_num_threads(void);
int vx_num_warps(void);
int vx_num_cores(void);
void vx_serial(vx_serial_cb callback, const void* arg);

#ifdef __cplusplus
}
#endif

#endif
