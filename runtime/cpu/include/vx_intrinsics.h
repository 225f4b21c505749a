/* CPU backend: hidden declarations, as in vx_spawn.h. */
#pragma once
#pragma GCC visibility push(hidden)
#include "../../vortex-decls/vx_intrinsics.h"
/* __local_mem reads the local memory base at every __shared__ access: a variable the entry sets
   for the launch, not a call of __hip2vx_csr_read (the comparison folds for a constant CSR). */
#ifdef __cplusplus
extern "C" char* __hip2vx_local_mem_base;
#else
extern char* __hip2vx_local_mem_base;
#endif
#undef csr_read
#define csr_read(csr) \
  ((csr) == VX_CSR_LOCAL_MEM_BASE ? (size_t)__hip2vx_local_mem_base : __hip2vx_csr_read(csr))
#pragma GCC visibility pop
