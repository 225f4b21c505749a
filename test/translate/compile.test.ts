// Translations of less common shapes compile: the device source with clang-19 for rv32 (so the
// layout static_asserts are evaluated), the host and registration sources with g++.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { translateText } from './translate-helpers.js';
import { deviceCxxStdlib, lacks, PICOLIBC_INCLUDE } from '../tools.js';

const RUNTIME = resolve('runtime');
const DEVICE = ['-fsyntax-only', '-std=c++17', '-x', 'c++', '--target=riscv32-unknown-elf', '-march=rv32imaf', '-mabi=ilp32f',
  '-I', join(RUNTIME, 'vortex-decls'), '-I', join(RUNTIME, 'include'), ...deviceCxxStdlib(RUNTIME), '-isystem', PICOLIBC_INCLUDE];
/** The same for riscv64-unknown-elf-g++ (a RISC-V compiler already, so no --target). */
const GCC_DEVICE = DEVICE.filter((f) => !f.startsWith('--target'));
const HOST = ['-fsyntax-only', '-std=c++17', '-I', join(RUNTIME, 'include'), '-DHIP2VX_XLEN=32'];

/** The translation's outputs written to a new temporary folder (named from `prefix`). */
function written(result: Awaited<ReturnType<typeof translateText>>, prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const o of result.outputs) writeFileSync(join(dir, o.name), o.content);
  return dir;
}

describe.skipIf(lacks(['clang-19', 'picolibc'], 'translation shapes compile'))('translation shapes compile', () => {
  it('kernels in namespaces (a template launched from a host template outside its namespace), a prototype before the launch, struct parameters', async () => {
    const source = readFileSync('test/fixtures/shapes/namespaces.cu', 'utf8');
    const result = await translateText('namespaces.cu', source);
    expect(result.diagnostics).toEqual([]);
    const dir = written(result, 'hip2vx-shapes-');
    execFileSync('clang-19', [...DEVICE, join(dir, 'namespaces.device.cpp')]);
    for (const file of ['namespaces.host.cpp', 'namespaces.register.cpp']) execFileSync('g++', [...HOST, join(dir, file)]);
    const host = result.outputs.find((o) => o.role === 'host')!.content;
    expect(host).toContain('physics::__hip2vx_launch_step(dim3(1), dim3(4), 0, 0, p);');
    expect(host).toContain('__hip2vx_launch_later(1, 1, 0, 0, d);');
    expect(result.program.kernels).toEqual(expect.arrayContaining(['naive_scale', 'tiled_scale']));
    expect(host).toContain('void run(float* x) { tiled::__hip2vx_launch_tiled_scale(1, 4, 0, 0, x); }');
    expect(host).toContain('void both(float* x) { naive::__hip2vx_launch_naive_scale(1, 4, 0, 0, x); tiled::__hip2vx_launch_tiled_scale(1, 4, 0, 0, x); tiled::run(x); }');
    expect(host).toMatch(/namespace blocks \{\n(.*\n)*template <> inline hipError_t __hip2vx_dispatch_fill<7>\(/);
  });

  it("a kernel's name is a value (its handle and stub; the handle alone in a cast) only where no local, parameter or field of that name hides it, and not as a host function's of that name or qualified by another scope (std::fill)", async () => {
    const source = [
      '__global__ void k(float* p) { p[threadIdx.x] = 1.0f; }',
      '__host__ __device__ float sum(const float* o, int n) { float t = 0; for (int k = 0; k < n; k++) t += o[k]; return t; }',
      'float twice(int k) { return 2.0f * k; }',
      'struct Counter { int k = 0; int next() { return k++; } };',
      'namespace ops { __global__ void scale(float* p) { p[0] *= 2.0f; } }',
      'namespace outer { namespace inner { __global__ void deep(float* p) { p[0] = 3.0f; } } }',
      'float scale(float x) { return 2.0f * x; }',
      '__global__ void fill(int* p, int v) { p[threadIdx.x] = v; }',
      'struct Runner { static void fill(int* p); };',
      'void Runner::fill(int* p) { *p = 0; }',
      'int main() { float* p; cudaMalloc(&p, 64); cudaFuncAttributes a; cudaFuncGetAttributes(&a, k); k<<<1, 16>>>(p);',
      '  cudaFuncGetAttributes(&a, (const void*)&ops::scale); cudaFuncGetAttributes(&a, ops::scale); cudaFuncGetAttributes(&a, (const void*)outer::inner::deep);',
      '  int h[4]; std::fill(h, h + 4, 0); Runner::fill(h); cudaFuncGetAttributes(&a, ::fill);',
      '  int k = 3; return (int)twice(k) + Counter().next() + (int)scale(1.0f); }',
    ].join('\n') + '\n';
    const result = await translateText('shadowed.cu', source);
    expect(result.diagnostics).toEqual([]);
    const host = result.outputs.find((o) => o.role === 'host')!.content;
    expect(host).toContain('hipFuncGetAttributes(&a, hip2vx::kernel_value(&__hip2vx_kernel_shadowed_k, &__hip2vx_launch_k));');
    expect(host).toContain('for (int k = 0; k < n; k++) t += o[k];');
    expect(host).toContain('int k = 3; return (int)twice(k) + Counter().next() + (int)scale(1.0f); }');
    expect(host).toContain('float scale(float x) { return 2.0f * x; }');
    expect(host).toContain('hipFuncGetAttributes(&a, (const void*)((const void*)&ops::__hip2vx_kernel_shadowed_scale)); hipFuncGetAttributes(&a, hip2vx::kernel_value(&ops::__hip2vx_kernel_shadowed_scale, &ops::__hip2vx_launch_scale)); hipFuncGetAttributes(&a, (const void*)((const void*)&outer::inner::__hip2vx_kernel_shadowed_deep));');
    expect(host).toContain('float twice(int k) { return 2.0f * k; }');
    expect(host).toContain('void Runner::fill(int* p) { *p = 0; }');
    expect(host).toContain('int h[4]; std::fill(h, h + 4, 0); Runner::fill(h); hipFuncGetAttributes(&a, hip2vx::kernel_value(&::__hip2vx_kernel_shadowed_fill, &::__hip2vx_launch_fill));');
    expect(host).toContain('int next() { return k++; }');
    const dir = written(result, 'hip2vx-shadowed-');
    execFileSync('g++', [...HOST, join(dir, 'shadowed.host.cpp')]);
  });

  it("a kernel template's instance named as a value gets its handle; a call of a host function template of that name stays", async () => {
    const source = [
      'template <typename T, int K> __global__ void grow(T* p) { p[threadIdx.x] *= K; }',
      'template <typename T> T grow(T x) { return 2 * x; }',
      'int main() { int* p; cudaMalloc(&p, 64); cudaFuncAttributes a; void* args[] = {&p};',
      '  cudaFuncGetAttributes(&a, grow<int, 2>);',
      '  cudaLaunchKernel(reinterpret_cast<const void*>(grow<int, 3>), 1, 16, args, 0, 0);',
      '  grow<int, 2><<<1, 16>>>(p); return grow<int>(1); }',
    ].join('\n') + '\n';
    const result = await translateText('values.cu', source);
    expect(result.diagnostics).toEqual([]);
    const host = result.outputs.find((o) => o.role === 'host')!.content;
    expect(host).toContain('hipFuncGetAttributes(&a, hip2vx::kernel_value(&__hip2vx_kernel_values_grow__int__2, &__hip2vx_launch_grow__int__2));');
    expect(host).toContain('hipLaunchKernel(reinterpret_cast<const void*>(((const void*)&__hip2vx_kernel_values_grow__int__3)), 1, 16, args, 0, 0);');
    expect(host).toContain('return grow<int>(1); }');
    const dir = written(result, 'hip2vx-values-');
    execFileSync('g++', [...HOST, join(dir, 'values.host.cpp')]);
  });

  it('a local or parameter named warpSize hides the builtin, which is a constant, not a macro', async () => {
    const source = [
      '__device__ float reduce(float v, int warpSize) { for (int o = warpSize / 2; o > 0; o /= 2) v += __shfl_down_sync(0xffffffffu, v, o); return v; }',
      '__global__ void k(const float* in, float* out) { const int warpSize = 32; float s = reduce(in[threadIdx.x], warpSize); if (threadIdx.x % warpSize == 0) out[0] = s; }',
      '__global__ void lanes(int* out) { out[threadIdx.x] = threadIdx.x % warpSize; }',
    ].join('\n') + '\n';
    const result = await translateText('warp_size.cu', source);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const dir = written(result, 'hip2vx-warpsize-');
    execFileSync('clang-19', [...DEVICE, join(dir, 'warp_size.device.cpp')]);
  });

  it('template arguments deduced from the launch arguments, as the compiler would', async () => {
    const result = await translateText('deduction.cu', readFileSync('test/fixtures/shapes/deduction.cu', 'utf8'));
    expect(result.diagnostics).toEqual([]);
    expect(result.program.kernels).toEqual(['axpy__float', 'axpy__int']);
    const host = result.outputs.find((o) => o.role === 'host')!.content;
    expect(host).toContain('__hip2vx_launch_axpy__float(4, 256, 0, 0, 2.0f, dx, dy, n);');
    expect(host).toContain('__hip2vx_launch_axpy__float(4, 256, 0, 0, 1.5f, (const float*)dx, dy, n);');
    expect(host).toContain('__hip2vx_launch_axpy__int(4, 256, 0, 0, 3, ix, iy, n);');
    const dir = written(result, 'hip2vx-deduce-');
    execFileSync('clang-19', [...DEVICE, join(dir, 'deduction.device.cpp')]);
    execFileSync('g++', [...HOST, join(dir, 'deduction.host.cpp')]);
  });

  it('HIP vector types: a float4 parameter (16-byte aligned) and make_float4, built and run', { timeout: 300_000 }, async () => {
    const result = await translateText('vectors.cu', readFileSync('test/fixtures/shapes/vectors.cu', 'utf8'));
    expect(result.diagnostics).toEqual([]);
    const dir = written(result, 'hip2vx-vectors-');
    execFileSync('clang-19', [...DEVICE, join(dir, 'vectors.device.cpp')]);
    writeFileSync(join(dir, 'Makefile'), 'include vectors.mk\n');
    const run = execFileSync('make', ['-C', dir, '-s', 'run-cpu'], { encoding: 'utf8' });
    expect(run).toMatch(/^PASSED$/m);
  });

  it('pragmas as the body of an unbraced for or if, and the _Pragma operator (which the grammar cannot parse), stay where they apply; one after #else before a bracketed loop is dropped', async () => {
    const result = await translateText('pragmas.cu', readFileSync('test/fixtures/shapes/pragmas.cu', 'utf8'));
    expect(result.diagnostics).toEqual([]);
    const device = result.outputs.find((o) => o.role === 'device')!.content;
    expect(device).toContain('if (__hv_g1) {\n#pragma unroll\n        for (int di = -1; di <= 1; di++)\n#pragma unroll\n');
    expect(device).toContain('_Pragma("unroll") for (int t = 0; t < 4; t++)');
    expect(device).toContain('    PRAGMA_UNROLL\n    for (int t = 0; t < 2; t++)');
    expect(device).toContain("#else\n// hip2vortex: '#pragma unroll' dropped: the loop below is bracketed for divergence\n");
    execFileSync('clang-19', [...DEVICE, join(written(result, 'hip2vx-pragmas-'), 'pragmas.device.cpp')]);
  });

  it("CUDA's __align__ (which the grammar cannot parse) on a struct parameter and a shared array", async () => {
    const result = await translateText('align.cu', readFileSync('test/fixtures/shapes/align.cu', 'utf8'));
    expect(result.diagnostics).toEqual([]);
    const device = result.outputs.find((o) => o.role === 'device')!.content;
    expect(device).toContain('struct __align__(16) Pair { float a; int b; };');
    expect(device).toContain('static_assert(sizeof(Pair) == HIP2VX_ABI(16, 16) && alignof(Pair) == HIP2VX_ABI(16, 16)');
    const dir = written(result, 'hip2vx-align-');
    execFileSync('clang-19', [...DEVICE, join(dir, 'align.device.cpp')]);
    execFileSync('g++', [...HOST, join(dir, 'align.host.cpp')]);
  });

  it('__restrict__ spelled by a macro on parameters and a local pointer (which the grammar cannot parse there)', async () => {
    const result = await translateText('restrict.cu', readFileSync('test/fixtures/shapes/restrict.cu', 'utf8'));
    expect(result.diagnostics).toEqual([]);
    const device = result.outputs.find((o) => o.role === 'device')!.content;
    expect(device).toContain('__global__ void scale(const float* RESTRICT in, float* NOALIAS out, int n)');
    expect(device).toContain('scale(args->in, args->out, args->n);');
    const dir = written(result, 'hip2vx-restrict-');
    execFileSync('clang-19', [...DEVICE, join(dir, 'restrict.device.cpp')]);
    execFileSync('g++', [...HOST, join(dir, 'restrict.host.cpp')]);
  });

  it.skipIf(lacks(['riscv64-unknown-elf-g++'], 'gcc device compile'))('class parameters with constructors: an argument struct gcc does not warn about, the same layout, built and run', { timeout: 300_000 }, async () => {
    const result = await translateText('class-params.cu', readFileSync('test/fixtures/shapes/class-params.cu', 'utf8'));
    expect(result.diagnostics).toEqual([]);
    const device = result.outputs.find((o) => o.role === 'device')!.content;
    // gcc would ignore `packed` there, and say so at every build; the explicit padding is the layout.
    expect(device).toContain('typedef struct __attribute__((aligned(8))) apply_KernelArgs {');
    expect(device).toContain('typedef struct __attribute__((packed, aligned(8))) fill_KernelArgs {');
    const dir = written(result, 'hip2vx-class-params-');
    execFileSync('clang-19', [...DEVICE, '-Werror', join(dir, 'class-params.device.cpp')]);
    execFileSync('riscv64-unknown-elf-g++', [...GCC_DEVICE, '-Werror', join(dir, 'class-params.device.cpp')]);
    writeFileSync(join(dir, 'Makefile'), 'include class-params.mk\n');
    const run = execFileSync('make', ['-C', dir, '-s', 'run-cpu', 'HOST_CXXFLAGS=-std=c++17 -O2 -Werror'], { encoding: 'utf8' });
    expect(run).toMatch(/^PASSED$/m);
  });

  it.skipIf(lacks(['riscv64-unknown-elf-g++'], 'gcc device compile'))("candle's shapes build with gcc and clang: a constexpr switch the divergence lowering regroups, int* for int32_t*, a using-directive of the file's namespace", async () => {
    const source = [
      '#include <cstdint>',
      'namespace tiles { struct tile { int x[4]; }; }',
      'using namespace tiles;',
      'enum kind { A, B, C };',
      'static constexpr __host__ __device__ int width(kind k) { switch (k) { case A: return 4; case B: return 8; default: return 0; } }',
      'typedef void (*write_t)(const int32_t* src, float* dst);',
      '__device__ void write_ints(const int* src, float* dst) { dst[threadIdx.x] = (float)src[threadIdx.x]; }',
      '__global__ void k(const int* src, float* dst) {',
      '  constexpr write_t write = write_ints;',
      '  static_assert(width(B) == 8, "constant");',
      '  tile t = {};',
      '  int buf[width(A)] = {};',
      '  write(src + t.x[0] + buf[0] + width((kind)src[0]), dst);',
      '}',
    ].join('\n') + '\n';
    const result = await translateText('candle_shapes.cu', source);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const device = result.outputs.find((o) => o.role === 'device')!;
    expect(device.content).toContain('using namespace tiles;');
    const dir = mkdtempSync(join(tmpdir(), 'hip2vx-candle-'));
    writeFileSync(join(dir, device.name), device.content);
    execFileSync('clang-19', [...DEVICE, join(dir, device.name)]);
    execFileSync('riscv64-unknown-elf-g++', [...GCC_DEVICE, join(dir, device.name)]);
  });
});
