// Every unsupported construct gets its exact diagnostic and no output; malformed input likewise.
// The expected lines were reviewed by hand against rules/constructs.json.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { formatted, translateText } from './translate-helpers.js';

const CASES: [name: string, source: string, expected: string[]][] = [
  ['texture', 'texture<float, 1, cudaReadModeElementType> tex;\n__global__ void k(float* o) { o[0] = tex1Dfetch(tex, 0); }\n', [
    'texture.cu:1:1: error: texture references (texture<...> declarations) is not supported on Vortex v2.2 [texture-reference]',
    'texture.cu:1:19: error: textures is not supported on Vortex v2.2 [texture]',
    'texture.cu:2:38: error: textures is not supported on Vortex v2.2 [texture]',
  ]],
  ['texture-object', '__global__ void k(cudaTextureObject_t t, float* o) { o[0] = 1.0f; }\n', [
    'texture-object.cu:1:19: error: textures is not supported on Vortex v2.2 [texture]',
    "texture-object.cu:1:19: error: unknown or incomplete type 'cudaTextureObject_t' [unknown-type]",
  ]],
  ['surface', '__global__ void k(float* o) { surf2Dwrite(1.0f, s, 0, 0); }\n', [
    'surface.cu:1:31: error: surfaces is not supported on Vortex v2.2 [surface]',
  ]],
  ['dynamic-parallelism', '__global__ void child(int* p) { p[0] = 1; }\n__global__ void parent(int* p) { child<<<1, 1>>>(p); }\n', [
    'dynamic-parallelism.cu:2:34: error: launching kernels from device code (dynamic parallelism) is not supported on Vortex v2.2 [dynamic-parallelism]',
  ]],
  ['grid-sync', '#include <cooperative_groups.h>\nnamespace cg = cooperative_groups;\n__global__ void k(int* p) { cg::grid_group g = cg::this_grid(); g.sync(); }\n', [
    'grid-sync.cu:3:33: error: grid-wide synchronisation (cooperative launch, grid_group::sync) is not supported on Vortex v2.2 [grid-sync]',
    'grid-sync.cu:3:52: error: grid-wide synchronisation (cooperative launch, grid_group::sync) is not supported on Vortex v2.2 [grid-sync]',
  ]],
  ['cooperative-groups-tile', '#include <cooperative_groups.h>\nnamespace cg = cooperative_groups;\n__global__ void k(int* p) { auto g = cg::binary_partition(cg::tiled_partition<32>(cg::this_thread_block()), p[0] > 0); p[1] = g.size(); }\n', [
    'cooperative-groups-tile.cu:3:42: error: cooperative groups extensions (memcpy_async, binary_partition, labeled_partition, ...) is not supported on Vortex v2.2 [cooperative-groups-tile]',
  ]],
  // Warp operations wait for their logical warp: every lane of it must reach each call (or have
  // left it: see warp-tail-loop and test/fixtures/warp-tails).
  ['warp-branch', '__global__ void k(int* p) {\n  int v = p[threadIdx.x];\n  if (threadIdx.x < 16) v = __shfl_down_sync(0xffffffff, v, 1);\n  p[threadIdx.x] = __shfl_sync(~0u, v, 0);\n}\n', [
    "warp-branch.cu:3:29: error: '__shfl_down_sync' may not be reached by every lane of its warp (it lies inside the if at 3:3 on `threadIdx.x < 16`, which may differ between the threads of a warp): warp operations are emulated with barriers of the logical warp on Vortex; make every lane of the warp make the call [warp-op-divergent]",
  ]],
  ['warp-lane', '__global__ void k(int* p) {\n  int v = p[threadIdx.x];\n  if (threadIdx.x % 32 == 0) v = __shfl_sync(~0u, v, 0);\n  int w = threadIdx.x / 16;\n  if (w == 0) v = __shfl_xor_sync(~0u, v, 1);\n  p[threadIdx.x] = __shfl_sync(~0u, v, 0);\n}\n', [
    "warp-lane.cu:3:34: error: '__shfl_sync' may not be reached by every lane of its warp (it lies inside the if at 3:3 on `threadIdx.x % 32 == 0`, which may differ between the threads of a warp): warp operations are emulated with barriers of the logical warp on Vortex; make every lane of the warp make the call [warp-op-divergent]",
    "warp-lane.cu:5:19: error: '__shfl_xor_sync' may not be reached by every lane of its warp (it lies inside the if at 5:3 on `w == 0`, which may differ between the threads of a warp): warp operations are emulated with barriers of the logical warp on Vortex; make every lane of the warp make the call [warp-op-divergent]",
  ]],
  // Lanes leaving a per-thread loop leave their warp only where they reach no warp operation after
  // it (test/fixtures/warp-loops), nor leave it by a break.
  ['warp-loop', '__global__ void k(int* p) {\n  for (int i = 0; i < p[threadIdx.x]; ++i) p[0] += __ballot_sync(~0u, i & 1);\n  p[1] = __ballot_sync(~0u, 1);\n}\n', [
    "warp-loop.cu:2:52: error: '__ballot_sync' may not be reached by every lane of its warp (it lies inside the loop at 2:3 on `i < p[threadIdx.x]`, which may differ between the threads of a warp): warp operations are emulated with barriers of the logical warp on Vortex; make every lane of the warp make the call [warp-op-divergent]",
  ]],
  ['warp-loop-break', '__global__ void k(int* p) {\n  for (int i = 0; i < p[threadIdx.x]; ++i) {\n    if (p[i] < 0) break;\n    p[0] += __ballot_sync(~0u, i & 1);\n  }\n}\n', [
    "warp-loop-break.cu:4:13: error: '__ballot_sync' may not be reached by every lane of its warp (it lies inside the loop at 2:3 on `i < p[threadIdx.x]`, which may differ between the threads of a warp): warp operations are emulated with barriers of the logical warp on Vortex; make every lane of the warp make the call [warp-op-divergent]",
  ]],
  ['warp-loop-nested', '__global__ void k(int* p, int n) {\n  for (int j = 0; j < n; ++j)\n    while (p[threadIdx.x] > j) p[j] += __any_sync(~0u, p[j] & 1);\n}\n', [
    "warp-loop-nested.cu:3:40: error: '__any_sync' may not be reached by every lane of its warp (it lies inside the loop at 3:5 on `p[threadIdx.x] > j`, which may differ between the threads of a warp): warp operations are emulated with barriers of the logical warp on Vortex; make every lane of the warp make the call [warp-op-divergent]",
  ]],
  // A variable written under a per-thread if inside the loop differs between the lanes after that if.
  ['warp-loop-merge', '__global__ void k(int* p, int n) {\n  int x = 0;\n  for (int i = threadIdx.x; i < n; i += blockDim.x) {\n    if (p[i] > 0) x = 1;\n    if (x) p[i] = __any_sync(~0u, p[i] > 2);\n  }\n}\n', [
    "warp-loop-merge.cu:5:19: error: '__any_sync' may not be reached by every lane of its warp (it lies inside the if at 5:5 on `x`, which may differ between the threads of a warp): warp operations are emulated with barriers of the logical warp on Vortex; make every lane of the warp make the call [warp-op-divergent]",
  ]],
  // Lanes skipping an if leave their warp only where they reach no warp operation after it: not
  // in a loop, which brings them back to the call.
  ['warp-tail-loop', '__global__ void k(int* p, int n) {\n  for (int i = 0; i < n; ++i)\n    if (threadIdx.x < 16) p[i] = __shfl_down_sync(~0u, p[i], 1);\n}\n', [
    "warp-tail-loop.cu:3:34: error: '__shfl_down_sync' may not be reached by every lane of its warp (it lies inside the if at 3:5 on `threadIdx.x < 16`, which may differ between the threads of a warp): warp operations are emulated with barriers of the logical warp on Vortex; make every lane of the warp make the call [warp-op-divergent]",
  ]],
  // A device function's return ends no thread: its later warp operation waits for the lanes that took it.
  ['warp-return', '__device__ int sum(int v, int n) {\n  if (threadIdx.x >= n) return v;\n  return v + __shfl_xor_sync(~0u, v, 1);\n}\n__global__ void k(int* p, int n) { p[threadIdx.x] = sum(p[threadIdx.x], n); }\n', [
    "warp-return.cu:3:14: error: '__shfl_xor_sync' may not be reached by every lane of its warp (it follows the return at 2:25, which only some threads take): warp operations are emulated with barriers of the logical warp on Vortex; make every lane of the warp make the call [warp-op-divergent]",
  ]],
  // A void device function's return ends its thread only where every call is the caller's last statement.
  ['warp-return-call', '__device__ void add(int* p, int n) {\n  if (threadIdx.x >= n) return;\n  p[threadIdx.x] += __shfl_xor_sync(~0u, p[threadIdx.x], 1);\n}\n__global__ void k(int* p, int n) { add(p, n); p[0] = 1; }\n', [
    "warp-return-call.cu:3:21: error: '__shfl_xor_sync' may not be reached by every lane of its warp (it follows the return at 2:25, which only some threads take): warp operations are emulated with barriers of the logical warp on Vortex; make every lane of the warp make the call [warp-op-divergent]",
  ]],
  // threadIdx.y is the same in a warp's lanes only in blocks whose width is a multiple of the warp size.
  ['warp-rows', '__global__ void k(float* p) {\n  float v = p[threadIdx.x];\n  if (threadIdx.y == 0) v += __shfl_down_sync(~0u, v, 1);\n  v += __shfl_xor_sync(~0u, v, 1);\n  p[threadIdx.x] = v;\n}\nint main() {\n  dim3 block(16, 4);\n  k<<<1, block>>>(0);\n}\n', [
    "warp-rows.cu:9:3: error: 'k' is launched with blocks 16 threads wide: its warp operations were proven for blocks whose width is a multiple of the logical warp size (32), where threadIdx.y is the same in every lane of a warp [warp-op-divergent]",
  ]],
  // Only the lanes where the left side allows it evaluate the vote.
  ['warp-guard', '__global__ void k(int* p) {\n  int v = p[threadIdx.x];\n  if (v > 0 && __any_sync(~0u, v > 2)) p[0] = 1;\n}\n', [
    "warp-guard.cu:3:16: error: '__any_sync' may not be reached by every lane of its warp (it is evaluated only where `v > 0` is true, which may differ between the threads of a warp): warp operations are emulated with barriers of the logical warp on Vortex; make every lane of the warp make the call [warp-op-divergent]",
  ]],
  // A template parameter whose values the file knows is not assumed: 16 lanes are half a warp.
  ['warp-template', 'template <int W>\n__global__ void k(int* p) {\n  if (threadIdx.x / W == 0) p[threadIdx.x] = __shfl_sync(~0u, p[threadIdx.x], 0);\n  p[0] = __ballot_sync(~0u, 1);\n}\nint main() { k<16><<<1, 64>>>(0); }\n', [
    "warp-template.cu:3:46: error: '__shfl_sync' may not be reached by every lane of its warp (it lies inside the if at 3:3 on `threadIdx.x / W == 0`, which may differ between the threads of a warp): warp operations are emulated with barriers of the logical warp on Vortex; make every lane of the warp make the call [warp-op-divergent]",
  ]],
  ['warp-tile', '#include <cooperative_groups.h>\nnamespace cg = cooperative_groups;\n__global__ void k(int* p) {\n  auto t = cg::tiled_partition<16>(cg::this_thread_block());\n  if (p[threadIdx.x] > 0) p[0] = t.any(1);\n  p[1] = t.all(1);\n}\n', [
    "warp-tile.cu:5:34: error: 't.any' may not be reached by every lane of its warp (it lies inside the if at 5:3 on `p[threadIdx.x] > 0`, which may differ between the threads of a warp): warp operations are emulated with barriers of the logical warp on Vortex; make every lane of the warp make the call [warp-op-divergent]",
  ]],
  ['warp-tile-reduce', '#include <cooperative_groups.h>\n#include <cooperative_groups/reduce.h>\nnamespace cg = cooperative_groups;\n__global__ void k(int* p) {\n  auto t = cg::tiled_partition<32>(cg::this_thread_block());\n  if (p[threadIdx.x] > 0) p[0] = cg::reduce(t, 1, cg::plus<int>());\n  p[1] = cg::reduce(t, p[threadIdx.x], cg::greater<int>());\n}\n', [
    "warp-tile-reduce.cu:6:34: error: 'cg::reduce' may not be reached by every lane of its warp (it lies inside the if at 6:3 on `p[threadIdx.x] > 0`, which may differ between the threads of a warp): warp operations are emulated with barriers of the logical warp on Vortex; make every lane of the warp make the call [warp-op-divergent]",
  ]],
  ['inline-asm', '__global__ void k(int* p) { asm volatile("nop"); p[0] = 1; }\n', [
    'inline-asm.cu:1:29: error: inline assembly in device code is not supported on Vortex v2.2 [inline-asm]',
  ]],
  // PTX warp-matrix instructions become calls; an unknown one, or one with operands the runtime's
  // function cannot take, stays an inline-asm error.
  ['ptx-unknown', '__global__ void k(int* p) { int d = 0; asm("mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64 {%0}, {%0}, {%0}, {%0};" : "+r"(d)); p[0] = d; }\n', [
    'ptx-unknown.cu:1:40: error: inline assembly in device code is not supported on Vortex v2.2 [inline-asm]',
  ]],
  ['ptx-operands', '__global__ void k(int* p) { int a; asm volatile("ldmatrix.sync.aligned.m8n8.x2.b16 {%0}, [%1];" : "=r"(a) : "l"(p)); p[0] = a; }\n', [
    "ptx-operands.cu:1:36: error: inline assembly in device code (operand 1 of 'ldmatrix.sync.aligned.m8n8.x2.b16' must be 2 registers {%n, ...}) is not supported on Vortex v2.2 [inline-asm]",
  ]],
  ['ptx-cvt-operands', '__global__ void k(unsigned short* p) { asm("cvt.rn.f16.f32 %0;" : "=h"(p[0])); }\n', [
    "ptx-cvt-operands.cu:1:40: error: inline assembly in device code ('cvt.rn.f16.f32' takes 2 operands, not 1) is not supported on Vortex v2.2 [inline-asm]",
  ]],
  ['ptx-side-effects', '__global__ void k(int* p) { int i = 0; asm("mma.sync.aligned.m8n8k16.row.col.s32.s8.s8.s32 {%0, %1}, {%2}, {%3}, {%0, %1};" : "+r"(p[i++]), "+r"(p[1]) : "r"(p[2]), "r"(p[3])); }\n', [
    "ptx-side-effects.cu:1:40: error: inline assembly in device code ('%0' is used twice and its expression has side effects) is not supported on Vortex v2.2 [inline-asm]",
  ]],
  ['ptx-divergent', '__global__ void k(int* p) {\n  int y = p[threadIdx.x];\n  if (y > 0) asm("movmatrix.sync.aligned.m8n8.trans.b16 %0, %1;" : "=r"(y) : "r"(y));\n  asm("movmatrix.sync.aligned.m8n8.trans.b16 %0, %1;" : "=r"(y) : "r"(y));\n  p[threadIdx.x] = y;\n}\n', [
    "ptx-divergent.cu:3:14: error: 'movmatrix.sync.aligned.m8n8.trans.b16' may not be reached by every lane of its warp (it lies inside the if at 3:3 on `y > 0`, which may differ between the threads of a warp): warp operations are emulated with barriers of the logical warp on Vortex; make every lane of the warp make the call [warp-op-divergent]",
  ]],
  ['wmma-divergent', '#include <mma.h>\nusing namespace nvcuda;\n__global__ void k(const __half* a, float* d) {\n  wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;\n  wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major> fb;\n  wmma::fragment<wmma::accumulator, 16, 16, 16, float> c;\n  wmma::load_matrix_sync(fa, a, 16);\n  wmma::load_matrix_sync(fb, a, 16);\n  wmma::fill_fragment(c, 0.0f);\n  if (a[threadIdx.x] > __float2half(0.0f)) wmma::mma_sync(c, fa, fb, c);\n  wmma::mma_sync(c, fa, fb, c);\n  wmma::store_matrix_sync(d, c, 16, wmma::mem_row_major);\n}\n', [
    "wmma-divergent.cu:10:44: error: 'wmma::mma_sync' may not be reached by every lane of its warp (it lies inside the if at 10:3 on `a[threadIdx.x] > __float2half(0.0f)`, which may differ between the threads of a warp): warp operations are emulated with barriers of the logical warp on Vortex; make every lane of the warp make the call [warp-op-divergent]",
  ]],
  ['runtime-missing', '#include <hip/hip_runtime.h>\nint main() { char b[16]; int p = 0; cudaIpcGetMemHandle(0, b); hipSetValidDevices(&p, 1); }\n', [
    "runtime-missing.cu:2:37: error: 'hipIpcGetMemHandle' (for 'cudaIpcGetMemHandle') is not implemented by hip2vortex's runtime [runtime-missing]",
    "runtime-missing.cu:2:64: error: 'hipSetValidDevices' is not implemented by hip2vortex's runtime [runtime-missing]",
  ]],
  ['graphs', 'int main() { cudaGraph_t g; cudaGraphCreate(&g, 0); }\n', [
    'graphs.cu:1:29: error: CUDA/HIP graphs built node by node, and graph editing is not supported on Vortex v2.2 [cuda-graphs]',
  ]],
  ['device-std', '#include <vector>\n__global__ void k(int* p) { std::vector<int> v; p[0] = std::min(1, 2); }\n', [
    'device-std.cu:2:29: error: C++ standard library facilities that need a hosted runtime (containers, strings, smart pointers, std::function, I/O streams, threads, exception types) in device code is not supported on Vortex v2.2 [device-std-library]',
  ]],
  ['rdc', '__device__ int square(int);\n__global__ void k(int* p) { p[0] = square(3); }\n', [
    "rdc.cu:2:36: error: device function 'square' is declared but defined in no file this one includes; a Vortex kernel is built from one translation unit (no relocatable device code): define it in a header [device-function-undefined]",
  ]],
  ['managed-range', 'int main() { float* p; int v; cudaMemRangeGetAttribute(&v, 4, 1, p, 4); }\n', [
    'managed-range.cu:1:31: error: managed-memory range queries is not supported on Vortex v2.2 [managed-memory]',
  ]],
  ['reference-param', '__global__ void k(int& x) { x = 1; }\n', [
    "reference-param.cu:1:19: error: kernel parameter 'int& x' is a reference; kernels take parameters by value [kernel-reference-param]",
  ]],
  ['host-template-undeducible', 'template <typename T> __global__ void k(T* p) { p[0] = 1; }\ntemplate <typename T> void run(T* p) { k<T><<<1, 1>>>(p); }\nint main() { run(make_buffer()); }\n', [
    "host-template-undeducible.cu:3:14: error: cannot deduce the template arguments of host function template 'run', which launches kernels, at this call (nothing gives 'T' a value); write run<...> here [template-deduction]",
  ]],
  ['host-template-conflict', 'template <typename T> __global__ void k(T* a, T* b) { a[0] = b[0]; }\ntemplate <typename T> void run(T* a, double* b) { k<<<1, 1>>>(a, b); }\nint main() { float* a; run(a, nullptr); }\n', [
    "host-template-conflict.cu:2:51: error: cannot deduce the template arguments of kernel 'k' from this launch in 'run<float>' ('T' is deduced as both 'float' and 'double'); write k<...> at the launch [template-deduction]",
  ]],
  ['device-lambda', 'template <typename F> __global__ void k(F f) { f(0); }\ntemplate <typename F> void run(F f) { k<<<1, 1>>>(f); }\nint main() { int n = 1; auto f = [&] __device__ (int i) { n = i; }; run(f); k<<<1, 1>>>([=] (int i) {}); int a[2] = {1, 2}; k<<<1, 1>>>([=] __device__ (int i) { a[i] = 0; }); }\n', [
    "device-lambda.cu:3:73: error: 'F' of 'run' is the closure type of a lambda, 'f' (line 3), which cannot be passed to a kernel: it captures by reference ('&'), and host variables are not in device memory; pass an object of a struct with a __device__ operator() instead [device-lambda]",
    "device-lambda.cu:3:89: error: 'F' of 'k' is the closure type of a lambda, written here, which cannot be passed to a kernel: it is not a __device__ lambda, so its body is host code; pass an object of a struct with a __device__ operator() instead [device-lambda]",
    "device-lambda.cu:3:137: error: 'F' of 'k' is the closure type of a lambda, written here, which cannot be passed to a kernel: it captures 'a', whose declaration ('int a[2] = {1, 2};') gives no type a struct member can have (auto, an array); pass an object of a struct with a __device__ operator() instead [device-lambda]",
  ]],
  ['template-deduction', 'template <typename T> __global__ void k(T* p) { p[0] = 1; }\nint main() { k<<<1, 1>>>(make_buffer()); }\n', [
    "template-deduction.cu:2:14: error: cannot deduce the template arguments of kernel 'k' from this launch (nothing gives 'T' a value); write k<...> at the launch [template-deduction]",
  ]],
  ['divergent-expression', '__global__ void k(int* p, int n) { p[0] = p[1] > 3 ? foo(threadIdx.x < n ? p[threadIdx.x] : 0) : 0; }\n', [
    "divergent-expression.cu:1:58: error: '?:' on per-thread values with side effects or memory loads inside an expression cannot be bracketed for divergence; assign it to a variable first [divergence-expression]",
  ]],
  ['divergent-goto', '__global__ void k(int* p) {\n  for (int i = 0; i < 4; i++)\n    if (p[threadIdx.x] == i) goto done;\n  p[0] = 1;\ndone:\n  if (p[0] > 1) { goto skip; p[1] = 2; skip: p[2] = 3; }\n  goto inside;\n  if (threadIdx.x) { inside: p[3] = 4; }\n}\n', [
    "divergent-goto.cu:3:30: error: 'goto done' jumps out of the if at 3:5 on `p[threadIdx.x] == i`, which may differ between the threads of a warp: a jump across a branch on per-thread values skips its split or join on Vortex; use a flag (`found = true; break;`) or a loop instead [divergent-goto]",
    "divergent-goto.cu:7:3: error: 'goto inside' jumps into the if at 8:3 on `threadIdx.x`, which may differ between the threads of a warp: a jump across a branch on per-thread values skips its split or join on Vortex; use a flag (`found = true; break;`) or a loop instead [divergent-goto]",
  ]],
  ['ggl-unknown', 'int main() { int* d; hipLaunchKernelGGL(missing, dim3(1), dim3(1), 0, 0, d); }\n', [
    "ggl-unknown.cu:1:22: error: kernel 'missing' is launched here but neither defined nor declared in this file or the headers it includes [kernel-not-found]",
  ]],
  ['kernel-not-found', 'int main() { float* p; elsewhere<<<1, 1>>>(p); }\n', [
    "kernel-not-found.cu:1:24: error: kernel 'elsewhere' is launched here but neither defined nor declared in this file or the headers it includes [kernel-not-found]",
  ]],
  // Bound by no launch, a kernel template named in a host template has no instance to name.
  ['template-value-unlaunched', 'template <typename T> __global__ void fill(T* p) { p[0] = 1; }\ntemplate <typename F> void timed(F k, float* p) { k<<<1, 1>>>(p); }\ntemplate <typename T> void run(T* p) { timed(fill<T>, p); }\nint main() { float* p; run(p); }\n', [
    "template-value-unlaunched.cu:3:46: error: kernel template 'fill' is named as a value in a host function template that never launches it, so no instance of it is made for the types that template is instantiated with; launch it there as well, or name an instance (fill<float>) outside templates [kernel-not-found]",
  ]],
  ['template-kernel-elsewhere', 'template <typename T> __global__ void fill(T* p);\nint main() { float* p; fill<float><<<1, 1>>>(p); }\n', [
    "template-kernel-elsewhere.cu:2:24: error: template kernel 'fill' is declared here but defined in another file, where its instances for these launches are not made; define it in a header this file includes [kernel-not-found]",
  ]],
  ['virtual', 'struct Shape {\n  __device__ virtual float area() const = 0;\n  virtual void log();\n  virtual __host__ __device__ ~Shape() {}\n};\n__global__ void k(float* o) { o[0] = 1.0f; }\n', [
    'virtual.cu:2:14: error: virtual functions in device code is not supported on Vortex v2.2 [device-virtual]',
    'virtual.cu:4:3: error: virtual functions in device code is not supported on Vortex v2.2 [device-virtual]',
  ]],
  // A table of device function pointers in a kernel is per binary, and stays; a global's is refused.
  ['device-function-address', 'typedef float (*op_t)(float);\n__device__ float inc(float x) { return x + 1; }\n__device__ float neg(float x) { return -x; }\n__device__ op_t table[2] = {inc, neg};\n__global__ void k(float* o) { op_t local[2] = {inc, neg}; o[0] = table[0](local[1](o[0])); }\n', [
    'device-function-address.cu:4:29: error: a __device__ variable initialised with the address of a device function is not supported on Vortex v2.2 [device-function-address]',
    'device-function-address.cu:4:34: error: a __device__ variable initialised with the address of a device function is not supported on Vortex v2.2 [device-function-address]',
  ]],
  // Placement new constructs in storage the thread has: only the heap forms are refused.
  ['device-heap', '__global__ void k(int* p) { int* q = new int[4]; p[0] = q[0]; delete[] q; alignas(int) unsigned char s[4]; int* r = new (s) int(1); p[1] = *r; }\n', [
    'device-heap.cu:1:38: error: dynamic memory allocation in device code (malloc, free, new, delete) is not supported on Vortex v2.2 [device-heap]',
    'device-heap.cu:1:63: error: dynamic memory allocation in device code (malloc, free, new, delete) is not supported on Vortex v2.2 [device-heap]',
  ]],
  ['amdgcn-builtin', '__global__ void k(float* p) { p[0] = __builtin_amdgcn_rcpf(p[1]) + __builtin_amdgcn_readfirstlane(p[2]); }\n', [
    'amdgcn-builtin.cu:1:38: error: AMD GPU builtins (__builtin_amdgcn_*) other than the dot products, lane counts, work-item ids, readfirstlane, ds_bpermute and barriers hip2vx_device.h provides is not supported on Vortex v2.2 [amdgcn-builtin]',
  ]],
  ['exceptions', '__global__ void k(int* p) { if (!p) throw 1; p[0] = 1; }\n', [
    'exceptions.cu:1:37: error: exceptions in device code (try, throw) is not supported on Vortex v2.2 [device-exceptions]',
  ]],
  ['syntax', '__global__ void k(int* p) { p[0] = ; }\n', ["syntax.cu:1:34: error: syntax error near '=' [syntax-error]"]],
  // Past a syntax error, the unsupported features are still named (issue 14, item 15).
  ['syntax-then-features', '__global__ void k(float* p) { p[0] = 1 }\ntexture<float, 1> tex;\nint main() { nvrtcProgram prog; cudaGraphicsMapResources(1, 0, 0); }\n', [
    "syntax-then-features.cu:1:41: error: syntax error: expected ';' [syntax-error]",
    'syntax-then-features.cu:2:1: error: texture references (texture<...> declarations) is not supported on Vortex v2.2 [texture-reference]',
    'syntax-then-features.cu:3:14: error: loading or compiling kernels at run time (modules, linker, NVRTC) is not supported on Vortex v2.2 [module-loading]',
    'syntax-then-features.cu:3:33: error: graphics and external-resource interoperability is not supported on Vortex v2.2 [graphics-interop]',
  ]],
  ['comment', '/* never closed\n__global__ void k() {}\n', ['comment.cu:1:1: error: unterminated /* comment [unterminated-comment]']],
  ['string', '__global__ void k() { printf("oops); }\n', ['string.cu:1:30: error: unterminated string literal [unterminated-string]']],
];

describe('unsupported constructs and malformed input', () => {
  it.each(CASES)('%s', async (name, source, expected) => {
    const result = await translateText(`${name}.cu`, source);
    expect(formatted(result).filter((d) => d.includes(': error: '))).toEqual(expected);
    expect(result.outputs).toEqual([]);
  });

  it('leaves what it cannot translate in a branch the device compiler does not take, with a warning', async () => {
    // vLLM's float_to_half (candle's moe_utils.cuh): PTX for CUDA, AMD's asm under USE_ROCM.
    const source = (defines: string) => `${defines}__device__ unsigned short h(float f) {\n  unsigned short r;\n#ifndef USE_ROCM\n` +
      '  asm volatile("cvt.rn.f16.f32 %0, %1;" : "=h"(r) : "f"(f));\n#else\n  asm volatile("v_cvt_f16_f32 %0, %1;" : "=v"(r) : "v"(f));\n#endif\n' +
      '  return r;\n}\n__global__ void k(unsigned short* p) { p[0] = h(1.0f); }\n';
    const cuda = await translateText('skipped.cu', source(''));
    expect(formatted(cuda)).toEqual(['skipped.cu:6:3: warning: inline assembly in device code is not supported on Vortex v2.2: left as is, ' +
      'in a preprocessor branch the device compiler does not take with the macros in sight [inline-asm]']);
    const device = cuda.outputs.find((o) => o.role === 'device')!.content;
    expect(device).toContain('hip2vx_ptx_cvt_rn_f16_f32(r, f);');
    expect(device).toContain('asm volatile("v_cvt_f16_f32 %0, %1;" : "=v"(r) : "v"(f));');
    // Where the macros say the AMD branch is taken, it is an error again.
    const rocm = await translateText('taken.cu', source('#define USE_ROCM 1\n'));
    expect(formatted(rocm).filter((d) => d.includes(': error: '))).toEqual(['taken.cu:7:3: error: inline assembly in device code is not supported on Vortex v2.2 [inline-asm]']);
  });

  it('warns about a quoted include nothing finds, outside branches a compiler may skip', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hip2vx-include-'));
    mkdirSync(join(dir, 'inc'));
    writeFileSync(join(dir, 'inc', 'found.h'), '#define FOUND 1\n');
    const source = '#ifndef MAIN_CU\n#define MAIN_CU\n#include "found.h"\n#include "cuda_runtime.h"\n#include "stdio.h"\n' +
      '#include "hip2vx-test-absent.h"\n#ifdef USE_MPI\n#include "mpi_helpers.h"\n#endif\n#if defined(__CUDACC__)\n#include "cuda_only_absent.h"\n#endif\n' +
      '#include <vector>\n#include <sys/time.h>\n#include <hipcub/hipcub.hpp>\n#include <found.h>\n#include <hip2vx-absent/lib.hpp>\n' +
      '__global__ void k(int* p) { p[0] = 1; }\nint main() { int* d; cudaMalloc(&d, 4); k<<<1, 1>>>(d); return 0; }\n#endif\n';
    const result = await translateText(join(dir, 'main.cu'), source, { includeDirs: [join(dir, 'inc')] });
    const warning = (line: number, file: string) => `${join(dir, 'main.cu')}:${line}:10: warning: '${file}' is found neither beside main.cu nor in an -I directory: ` +
      'the build fails unless the compiler finds it elsewhere (give hip2vortex and the build its directory with -I) [include-not-found]';
    expect(formatted(result)).toEqual([warning(6, 'hip2vx-test-absent.h'), warning(11, 'cuda_only_absent.h'),
      `${join(dir, 'main.cu')}:17:10: warning: 'hip2vx-absent/lib.hpp' is found neither in an -I directory nor among the compiler's headers and the libraries hip2vortex bundles: ` +
      'the build fails unless the compiler finds it elsewhere (give hip2vortex and the build its directory with -I) [include-not-found]']);
    expect(result.outputs.length).toBeGreaterThan(0);
  });

  it('an include guard, or a test of a name its own group defines, is not a branch the device compiler skips', async () => {
    const source = (condition: string) => `${condition}\n#define K_CUH\n__global__ void k(int* p) {\n  __nanosleep(100);\n  p[0] = 1;\n}\n#endif\n`;
    for (const guard of ['#ifndef K_CUH', '#if !defined(K_CUH)', '#if !defined K_CUH && !defined(OTHER)']) {
      const result = await translateText('k.cuh', source(guard));
      expect(formatted(result)).toEqual(['k.cuh:4:3: error: __nanosleep is not supported on Vortex v2.2 [device-sleep]']);
    }
  });

  it('the CLI writes nothing for any of them and exits non-zero', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hip2vx-diag-'));
    const src = join(dir, 'src');
    const out = join(dir, 'out');
    spawnSync('mkdir', ['-p', src, out]);
    for (const [name, source] of CASES) writeFileSync(join(src, `${name}.cu`), source);
    const run = spawnSync(process.execPath, ['bin/hip2vortex.js', 'translate', src, '-o', out, '--skip-non-gpu'], { encoding: 'utf8' });
    expect(run.status).not.toBe(0);
    for (const [, , expected] of CASES) for (const line of expected) expect(run.stderr + run.stdout).toContain(line.split(': ').slice(1).join(': '));
    expect(readdirSync(out)).toEqual([]);
  });

  it('an include of a HIP header the runtime lacks is a warning and leaves the host code; the headers it has stay', async () => {
    const source = '#include <hip/hip_runtime.h>\n#include <hip/hip_ext.h>\n#include <hip/hip_complex.h>\n#include <hip/hip_math_constants.h>\n__global__ void k(float* p) { p[0] = HIP_PI_F; }\nint main() { k<<<1, 1>>>(0); }\n';
    const result = await translateText('h.hip', source);
    expect(formatted(result).map((d) => d.split(': ').slice(0, 2).join(': ') + ` [${d.split('[').pop()}`)).toEqual(['h.hip:2:10: warning [hip-header-not-provided]']);
    const host = result.outputs.find((o) => o.role === 'host')!.content;
    expect(host).not.toContain('hip_ext.h');
    expect(host).toContain('#include <hip/hip_complex.h>\n#include <hip/hip_math_constants.h>\n');
  });

  it("a quoted include the program's own file answers is the program's, whatever HIP header it is named like", () => {
    const dir = mkdtempSync(join(tmpdir(), 'hip2vx-user-header-'));
    mkdirSync(join(dir, 'hip'));
    writeFileSync(join(dir, 'hip', 'vision.h'), '#pragma once\ninline int width() { return 4; }\n');
    writeFileSync(join(dir, 'main.hip'), '#include <hip/hip_runtime.h>\n#include "hip/vision.h"\n__global__ void k(int* p) { p[0] = 1; }\nint main() { k<<<1, width()>>>(0); }\n');
    const out = join(dir, 'out');
    const run = spawnSync(process.execPath, ['bin/hip2vortex.js', 'translate', join(dir, 'main.hip'), '-o', out], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).not.toContain('hip-header-not-provided');
    expect(readFileSync(join(out, 'main.host.cpp'), 'utf8')).toContain('#include "hip/vision.h"\n');
  });

  it('warp operations in uniform control flow translate silently; a divergent __syncwarp is a fence, with a warning', async () => {
    const source = '__global__ void k(int* p, int n, const int* q) {\n  int v = p[threadIdx.x];\n  for (int o = n; o > 0; o /= 2) v += __shfl_down_sync(~0u, v, o);\n  if (blockIdx.x > 0) v = __shfl_sync(~0u, v, 0);\n  __syncwarp();\n  if (threadIdx.x < 16) { p[threadIdx.x] = v; __syncwarp(); }\n  if (*q > 0 && q[blockIdx.x] > 0) v = __shfl_sync(~0u, v, 1);\n  if (threadIdx.x / 32 == 1) v = __shfl_xor_sync(~0u, v, 1);\n  p[0] = v;\n}\nint main() { int* p; k<<<1, 32>>>(p, 16, p); }\n';
    const result = await translateText('w.cu', source);
    expect(formatted(result)).toEqual([
      "w.cu:6:47: warning: '__syncwarp' may not be reached by every lane of its warp (it lies inside the if at 6:3 on `threadIdx.x < 16`, which may differ between the threads of a warp): it only orders memory here, and does not wait for the other lanes of the logical warp [warp-sync-divergent]",
    ]);
    const device = result.outputs.find((o) => o.role === 'device')!.content;
    expect(device).toContain('  hip2vx_syncwarp();\n');
    expect(device).toContain('hip2vx_syncwarp_fence();');
    expect(device).toContain('hip2vx_reserve_warp_scratch(args->block_dim);');
  });

  it('a shuffle reaching past the logical warp (code written for 64-lane wavefronts) is a warning naming --warp-size 64', async () => {
    // logprob's reduce.h under WAVE64: masks 32, 16, ... 1 for AMD's 64-lane wavefronts.
    const source = '__global__ void k(float* p) {\n  float v = p[threadIdx.x];\n  for (int mask = 32; mask > 0; mask >>= 1) v += __shfl_xor(v, mask);\n' +
      '  for (int mask = 16; mask > 0; mask >>= 1) v += __shfl_xor(v, mask, 32);\n  v += __shfl_down_sync(~0u, v, 64) + __shfl_down_sync(~0u, v, 8, 16);\n  p[threadIdx.x] = v;\n}\n';
    expect(formatted(await translateText('w.cu', source)).filter((d) => d.includes('warp-size-assumed'))).toEqual([
      "w.cu:3:50: warning: '__shfl_xor' with lane mask or delta 32 reaches past the logical warp of 32 lanes: its lanes get their own value back, as on a CUDA GPU; code written for AMD's 64-lane wavefronts needs --warp-size 64 [warp-size-assumed]",
      "w.cu:5:8: warning: '__shfl_down_sync' with lane mask or delta 64 reaches past the logical warp of 32 lanes: its lanes get their own value back, as on a CUDA GPU; code written for AMD's 64-lane wavefronts needs --warp-size 64 [warp-size-assumed]",
    ]);
    // With 64 lanes only the delta of 64 reaches past.
    expect(formatted(await translateText('w.cu', source, { warpSize: 64 })).filter((d) => d.includes('warp-size-assumed')).map((d) => d.slice(0, 8))).toEqual(['w.cu:5:8']);
  });

  it("a header's template whose warp size is a parameter of unknown value is proven for multiples of the warp size, and an instance for another warp size fails when it runs", async () => {
    const source = 'template <int W>\n__device__ int first(int v) {\n  if (threadIdx.x / W == 0) v = __shfl_sync(~0u, v, 0);\n  return v;\n}\n'
      + 'template <int W>\n__device__ int plain(int v) {\n  const int row = threadIdx.x / W;\n  return __shfl_xor_sync(~0u, v, 1) + row;\n}\n';
    const result = await translateText('w.cuh', source);
    expect(formatted(result)).toEqual([]);
    const device = result.outputs.find((o) => o.role === 'device')!.content;
    expect(device).toContain('__device__ int first(int v) { hip2vx_require_warp_multiple((W) % HIP2VX_WARP_SIZE == 0, "w.cuh", 2, "warp operations of \'first\' proven for W a multiple of warpSize");\n');
    expect(device).toContain('__device__ int plain(int v) {\n');
  });

  it('traits constants and helpers of uniform values keep warp operations proven', async () => {
    const source = 'template <int N> struct S { static constexpr int kWarps = N / 32; };\n'
      + '__device__ int turns(int n, int w) { return (n + w - 1) / w; }\n'
      + '__device__ int lane_turns(int n) { return threadIdx.x < n ? 1 : 2; }\n'
      + 'template <typename T>\n__global__ void k(int* p, int n) {\n  int v = p[threadIdx.x];\n'
      + '  if (T::kWarps > 1) v = __shfl_xor_sync(~0u, v, 1);\n'
      + '  for (int i = 0; i < turns(n, blockDim.x / 32); ++i) v = __shfl_xor_sync(~0u, v, 2);\n'
      + '  for (int i = 0; i < lane_turns(n); ++i) v = __shfl_xor_sync(~0u, v, 4);\n'
      + '  p[threadIdx.x] = __shfl_xor_sync(~0u, v, 8);\n}\nint main() { int* p = 0; k<S<64>><<<1, 64>>>(p, 3); }\n';
    const result = await translateText('t.cu', source);
    expect(formatted(result)).toEqual([
      "t.cu:9:47: error: '__shfl_xor_sync' may not be reached by every lane of its warp (it lies inside the loop at 9:3 on `i < lane_turns(n)`, which may differ between the threads of a warp): warp operations are emulated with barriers of the logical warp on Vortex; make every lane of the warp make the call [warp-op-divergent]",
    ]);
  });

  it('a syntax error in a host item or host statement without GPU code is a warning and passes through; in device code it stays an error', async () => {
    const helper = 'static int helper() {\n  unsigned short table[4] __attribute__((aligned(16)));\n  return sizeof table;\n}\n';
    const gpu = '__global__ void k(int* p) { p[threadIdx.x] = 1; }\nint main() { int* p; k<<<1, 4>>>(p); return helper(); }\n';
    const result = await translateText('t.cu', helper + gpu);
    expect(formatted(result)).toEqual([
      "t.cu:2:26: warning: syntax error: expected ';'; nothing there needs translating, so it passes through as written [syntax-tolerated]",
      "t.cu:2:27: warning: syntax error near '__attribute__((aligned(16)))'; nothing there needs translating, so it passes through as written [syntax-tolerated]",
    ]);
    const host = result.outputs.find((o) => o.role === 'host')!.content;
    expect(host).toContain(helper);
    expect(host).toContain('__hip2vx_launch_k(1, 4, 0, 0, p)');
    const inMain = await translateText('m.cu', gpu.replace('int* p;', 'int* p; unsigned short t[4] __attribute__((aligned(16)));'));
    expect(formatted(inMain).filter((d) => d.includes(': error: '))).toEqual([]);
    expect(inMain.outputs.find((o) => o.role === 'host')!.content).toContain('int* p; unsigned short t[4] __attribute__((aligned(16))); __hip2vx_launch_k(1, 4, 0, 0, p);');
    const inKernel = await translateText('m.cu', gpu.replace('{ p[threadIdx.x] = 1; }', '{ unsigned short t[4] __attribute__((aligned(16))); p[threadIdx.x] = t[0]; }'));
    expect(formatted(inKernel).filter((d) => d.includes(': error: '))).toEqual(["m.cu:1:48: error: syntax error: expected ';' [syntax-error]"]);
    expect(inKernel.outputs).toEqual([]);
  });

  it('an empty asm (a compiler barrier, legacy reductions\' `asm volatile("" ::: "memory")`) stays as written', async () => {
    const result = await translateText('b.cu', '__global__ void k(int* p) { p[threadIdx.x] = 1; asm volatile("" ::: "memory"); p[0] += p[1]; }\n');
    expect(result.diagnostics).toEqual([]);
    expect(result.outputs.find((o) => o.role === 'device')!.content).toContain('asm volatile("" ::: "memory");');
  });

  it('double arithmetic on rv32 is a warning and the file still translates', async () => {
    const result = await translateText('d.cu', '__device__ double twice(double x) { return 2.0 * x; }\n__global__ void k(double* p) { double v = p[threadIdx.x]; p[threadIdx.x] = twice(v); }\nint main() { double* p; k<<<1, 1>>>(p); }\n');
    // Once per function, at its first use.
    expect(formatted(result).filter((d) => d.includes('double-on-rv32')).map((d) => d.replace(/\(its first use.*$/, ''))).toEqual([
      "d.cu:1:25: warning: double-precision arithmetic on a 32-bit device in 'twice' ",
      "d.cu:2:59: warning: double-precision arithmetic on a 32-bit device in 'k' ",
    ]);
    // Pointers to doubles load and store them: a copy is no arithmetic; the first operator on a double is.
    const copies = await translateText('c.cu', '__global__ void copy(const double* a, double* b) { b[threadIdx.x] = ((double*)a)[threadIdx.x]; }\n__global__ void scale(const double* a, double* b) { int i = threadIdx.x; b[i] = a[i] * 2; }\nint main() { double* p; copy<<<1, 1>>>(p, p); scale<<<1, 1>>>(p, p); }\n');
    expect(formatted(copies).map((d) => d.replace(/\(its first use.*$/, ''))).toEqual(["c.cu:2:81: warning: double-precision arithmetic on a 32-bit device in 'scale' "]);
    expect(result.outputs.map((o) => o.role)).toEqual(['host', 'device', 'registration', 'build']);
    const rv64 = await translateText('d.cu', '__global__ void k(double* p) { p[threadIdx.x] *= 2.0; }\n', { xlen: 64 });
    expect(rv64.diagnostics).toEqual([]);
    // A kernel template computes in double where an instance binds a parameter to it (double2 too), not with float.
    const template = 'template <typename T, typename U> __global__ void axpy(T a, U* y) { y[threadIdx.x] = y[threadIdx.x] * a; }\n';
    const launched = (args: string) => translateText('t.cu', `${template}int main() { axpy<${args}><<<1, 1>>>(0, nullptr); }\n`);
    expect(formatted(await launched('float, double')).map((d) => d.replace(/\(its first use.*$/, ''))).toEqual([
      "t.cu:1:35: warning: double-precision arithmetic on a 32-bit device in 'axpy<float, double>' ",
    ]);
    expect(formatted(await launched('int, double2')).map((d) => d.replace(/\(its first use.*$/, ''))).toEqual([
      "t.cu:1:35: warning: double-precision arithmetic on a 32-bit device in 'axpy<int, double2>' ",
    ]);
    expect((await launched('float, float')).diagnostics).toEqual([]);
    // sizeof(double) names the type and does no arithmetic.
    const sizes = await translateText('d.cu', '__global__ void k(int* p) { p[threadIdx.x] = (int)sizeof(double) + (int)alignof(double); }\n');
    expect(sizes.diagnostics).toEqual([]);
  });

  it('recursion is a call of the function itself: an overload with another number of arguments is not (CUB\'s LoadDirectBlocked)', async () => {
    const result = await translateText('r.cu', [
      '__device__ void load(int t, int *items) { items[0] = t; }',
      '__device__ void load(int t, int *items, int valid, int def) { items[0] = def; load(t, items); }',
      '__device__ int fact(int n, int acc = 1) { return n <= 1 ? acc : fact(n - 1); }',
      '__global__ void k(int *out) { load(threadIdx.x, out, 1, 0); out[1] = fact(5); }',
    ].join('\n'));
    expect(formatted(result)).toEqual(['r.cu:3:65: warning: recursion in device code: a per-thread recursion depth is a divergent branch, and per-thread stacks are small [device-recursion]']);
  });

  it('a call of an overloaded name that another overload of as many parameters may take is not reported as recursion (vLLM\'s add of vector types)', async () => {
    const result = await translateText('r.cu', [
      'struct pair { float x, y; };',
      '__device__ float add(float a, float b) { return a + b; }',
      '__device__ pair add(pair a, pair b) { pair c; c.x = add(a.x, b.x); c.y = add(a.y, b.y); return c; }',
      '__device__ int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }',
      '__global__ void k(pair *out, int *n) { out[0] = add(out[1], out[2]); n[0] = fact(5); }',
    ].join('\n'));
    expect(formatted(result)).toEqual(['r.cu:4:54: warning: recursion in device code: a per-thread recursion depth is a divergent branch, and per-thread stacks are small [device-recursion]']);
  });

  it('a variadic template passing its pack on is not recursion (another instance each time, down to a base overload)', async () => {
    const result = await translateText('r.cu', [
      '__device__ float vsum() { return 0.f; }',
      'template <typename T, typename... Rest> __device__ float vsum(T a, Rest... r) { return (float)a + vsum(r...); }',
      '__device__ int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }',
      '__global__ void k(float *out, int *n) { out[0] = vsum(1, 2.0f, 3.5); n[0] = fact(5); }',
    ].join('\n'));
    expect(formatted(result)).toEqual(['r.cu:3:54: warning: recursion in device code: a per-thread recursion depth is a divergent branch, and per-thread stacks are small [device-recursion]']);
  });

  it('a function whose body names a local type alias or variable after itself constructs or calls that, not itself, and a call of a member of what a call returns is not a call of the function (adamw\'s BlockReduce)', async () => {
    const result = await translateText('r.cu', [
      'template <typename T> struct Reducer { __device__ Reducer(T* s, T v) : s(s) {} __device__ T sum(T a, T b) { return a + b; } T* s; };',
      'template <typename T> __device__ T BlockReduce(T* s, T v) { using BlockReduce = Reducer<T>; return BlockReduce(s, v).sum(v, v); }',
      '__device__ int twice(int v) { auto twice = [](int x) { return 2 * x; }; return twice(v); }',
      '__device__ int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }',
      '__global__ void k(float *out, int *n) { out[0] = BlockReduce(out, out[1]); n[0] = fact(5) + twice(n[1]); }',
    ].join('\n'));
    expect(formatted(result)).toEqual(['r.cu:4:54: warning: recursion in device code: a per-thread recursion depth is a divergent branch, and per-thread stacks are small [device-recursion]']);
  });

  it('an overload of a builtin that calls the builtin is not recursion (helper_math.h\'s fminf of float3)', async () => {
    const result = await translateText('r.cu', [
      '__device__ float3 fminf(float3 a, float3 b) { return make_float3(fminf(a.x, b.x), fminf(a.y, b.y), fminf(a.z, b.z)); }',
      '__global__ void k(float3 *out) { out[0] = fminf(out[1], out[2]); }',
    ].join('\n'));
    expect(formatted(result)).toEqual([]);
  });
});
