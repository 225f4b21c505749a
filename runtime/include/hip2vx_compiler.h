// hip2vx_compiler.h: what a HIP compiler predefines on the host and the device side alike
// (src/parse/conditionals.ts decides `#if`s the same way); hip2vx_device.h adds the device side's.
#ifndef HIP2VX_COMPILER_H
#define HIP2VX_COMPILER_H
#ifndef __HIPCC__
#define __HIPCC__ 1
#endif
#ifndef __CUDACC__
#define __CUDACC__ 1
#endif
// clang's builtins HIP code uses that gcc (the CPU backend's and Vortex's other compiler) lacks:
// an assumption is only a hint, so it is dropped (its condition is not evaluated, as clang's is not).
#if defined(__has_builtin)
#if !__has_builtin(__builtin_assume)
#define __builtin_assume(cond) ((void)0)
#endif
#endif
#endif
