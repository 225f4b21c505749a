/* Declaration-only stand-in for Vortex v2.2's vx_print.h (see vx_intrinsics.h). */
#ifndef HIP2VX_DECLS_VX_PRINT_H
#define HIP2VX_DECLS_VX_PRINT_H

#ifdef __cplusplus
extern "C" {
#endif

int vx_printf(const char* format, ...) __attribute__((format(printf, 1, 2)));

#ifdef __cplusplus
}
#endif

#endif
