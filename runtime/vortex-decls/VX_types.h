/* Declaration-only stand-in for Vortex v2.2's generated VX_types.h: the CSR numbers that
   kernels and the hip2vortex runtime use. Values as in Vortex v2.2 (docs/vortex.md). */
#ifndef HIP2VX_DECLS_VX_TYPES_H
#define HIP2VX_DECLS_VX_TYPES_H

#define VX_CSR_MSCRATCH        0x340
#define VX_CSR_MCYCLE          0xB00
#define VX_CSR_MCYCLE_H        0xB80
#define VX_CSR_MINSTRET        0xB02
#define VX_CSR_MINSTRET_H      0xB82
#define VX_CSR_MHARTID         0xF14
#define VX_CSR_THREAD_ID       0xCC0
#define VX_CSR_WARP_ID         0xCC1
#define VX_CSR_CORE_ID         0xCC2
#define VX_CSR_ACTIVE_WARPS    0xCC3
#define VX_CSR_ACTIVE_THREADS  0xCC4
#define VX_CSR_NUM_THREADS     0xFC0
#define VX_CSR_NUM_WARPS       0xFC1
#define VX_CSR_NUM_CORES       0xFC2
#define VX_CSR_LOCAL_MEM_BASE  0xFC3

#endif
