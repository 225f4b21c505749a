// A kernel defined in a header and launched from the file that includes it: the header is
// translated on its own, the including file gets the instance, stub, entry and registration.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { TranslationResult } from '../../src/translate.js';
import { translateText, output } from './translate-helpers.js';
import { deviceCxxStdlib, lacks, PICOLIBC_INCLUDE } from '../tools.js';
import { runEverywhere, simxToolchains, translateAll } from '../programs.js';

const FIXTURE = join('test', 'fixtures', 'multifile');
const SHARED = join('test', 'fixtures', 'shared-headers');
const RUNTIME = resolve('runtime');
const RV32 = ['-fsyntax-only', '-std=c++17', '-x', 'c++', '--target=riscv32-unknown-elf', '-march=rv32imaf', '-mabi=ilp32f',
  '-I', join(RUNTIME, 'vortex-decls'), '-I', join(RUNTIME, 'include'), ...deviceCxxStdlib(RUNTIME), '-isystem', PICOLIBC_INCLUDE];
const noClang = lacks(['clang-19', 'picolibc'], 'multi-file rv32 compile checks');
const toolchains = simxToolchains('multi-file programs');

describe('kernels split over several files', () => {
  it('builds and runs on the CPU backend (and simx with VORTEX_HOME)', { timeout: 300_000 }, async () => {
    const { out, results } = await translateAll(FIXTURE, ['kernels.cuh', 'main.cu']);
    for (const r of results.values()) expect(r.diagnostics).toEqual([]);
    expect(results.get('kernels.cuh')!.outputs.map((o) => o.name)).toEqual(['kernels.host.cuh', 'kernels.device.cuh']);
    const main = results.get('main.cu')!;
    expect(output(main, 'host')).toContain('#include "kernels.host.cuh"');
    expect(output(main, 'device')).toContain('#include "kernels.device.cuh"');
    expect(output(main, 'device')).toContain('HIP2VX_MAIN(scale2) {');
    await runEverywhere(out, 'main', toolchains, '1000');
  });

  it("kernels in a header's namespaces, or of a header included in a namespace, get their stubs in those namespaces, where the launches name them", { timeout: 300_000 }, async () => {
    const { out, results } = await translateAll(join('test', 'fixtures', 'header-namespaces'), ['ops.cuh', 'scaled.cuh', 'main.cu']);
    for (const r of results.values()) expect(r.diagnostics).toEqual([]);
    const host = output(results.get('main.cu')!, 'host');
    expect(host).toMatch(/\nnamespace ops \{\nextern "C" void\* __hip2vx_kernel_main_shift;\n[^]*?\n\}\n/);
    expect(host).toMatch(/\nnamespace ops \{ namespace fill \{\nextern "C" void\* __hip2vx_kernel_main_constant__int;\n[^]*?\n\} \}\n/);
    expect(host).toContain('ops::fill::__hip2vx_launch_constant__int(4, 64, 0, 0, k, 7, n);');
    expect(host).toContain('void shift_all(float* d, int n) { ops::__hip2vx_launch_shift((n + 63) / 64, 64, 0, 0, d, 0.5f, n); }');
    expect(host).toContain('fp::__hip2vx_launch_scale((n + 63) / 64, 64, 0, 0, d, 2.0f, n);');
    expect(output(results.get('main.cu')!, 'device')).toContain('  fp::scale(args->y, args->a, args->n);');
    await runEverywhere(out, 'main', toolchains, '1000');
  });

  it('a source included as text uses the types, constants and device globals its includer declared before the #include', { timeout: 300_000 }, async () => {
    const { out, results } = await translateAll(join('test', 'fixtures', 'text-included-context'), ['main.cu']);
    expect(results.get('main.cu')!.diagnostics.filter((d) => d.severity !== 'warning')).toEqual([]);
    expect(output(results.get('main.cu')!, 'device')).toContain('typedef double real;');
    await runEverywhere(out, 'main', toolchains);
  });

  it('shared memory of device functions in two headers, the source and its kernel never overlaps', { timeout: 300_000 }, async () => {
    const { out, results } = await translateAll(SHARED, ['reduce.cuh', 'count.cuh', 'main.cu']);
    for (const r of results.values()) expect(r.diagnostics).toEqual([]);
    // Headers: offsets from the including file's macros (and a check that it defined them).
    const reduce = output(results.get('reduce.cuh')!, 'device');
    expect(reduce).toContain('HIP2VX_SHARED(HIP2VX_SHARED_BASE_reduce_cuh + HIP2VX_ABI(0, 0), block_sum_SharedMem)');
    expect(reduce).toMatch(/#ifndef HIP2VX_SHARED_BASE_reduce_cuh\n#error/);
    // The source: reduce (128 floats), count (64 ints), its own function, then the kernel's tile.
    const main = output(results.get('main.cu')!, 'device');
    expect(main).toContain('#define HIP2VX_SHARED_BASE_reduce_cuh HIP2VX_ABI(0, 0)\n#define HIP2VX_SHARED_BASE_count_cuh HIP2VX_ABI(512, 512)\n#define HIP2VX_SHARED_KERNEL_BASE HIP2VX_ABI(1024, 1024)');
    expect(main).toContain('HIP2VX_SHARED(HIP2VX_ABI(768, 768), local_max_SharedMem)');
    expect(main).toContain('HIP2VX_SHARED(HIP2VX_ABI(1024, 1024), stats_SharedMem)');
    expect(output(results.get('main.cu')!, 'registration')).toContain('__hip2vxSetKernelStaticShared(&__hip2vx_kernel_main_stats, HIP2VX_ABI(1280, 1280));');
    if (!noClang) execFileSync('clang-19', [...RV32, join(out, 'main.device.cpp')]);
    await runEverywhere(out, 'main', toolchains);
  });

  it("a GPU header's records built on std::string and std::vector stay out of its device translation; the others stay, without their host-only friends", { timeout: 300_000 }, async () => {
    const { out, results } = await translateAll(join('test', 'fixtures', 'hosted-header-types'), ['records.h', 'main.cu']);
    for (const r of results.values()) expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const device = output(results.get('records.h')!, 'device');
    expect(device).toContain('struct Cell { int value; };');
    expect(device).toContain('class Weight {');
    for (const hosted of ['string *name', 'std::vector<Cell>', 'Setup', 'operator<<']) expect(device).not.toContain(hosted);
    await runEverywhere(out, 'main', toolchains);
  });

  it('two GPU headers of one program with the same file name and shared memory are refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hip2vx-clash-'));
    mkdirSync(join(dir, 'a'));
    mkdirSync(join(dir, 'b'));
    writeFileSync(join(dir, 'a', 'util.cuh'), readFileSync(join(SHARED, 'reduce.cuh')));
    writeFileSync(join(dir, 'b', 'util.cuh'), readFileSync(join(SHARED, 'count.cuh')));
    const main = readFileSync(join(SHARED, 'main.cu'), 'utf8').replace('"reduce.cuh"', '"a/util.cuh"').replace('"count.cuh"', '"b/util.cuh"');
    const result = await translateText(join(dir, 'main.cu'), main);
    expect(result.diagnostics.map((d) => `${d.line}: ${d.ruleId}`)).toEqual(['6: shared-header-clash']);
    expect(result.outputs).toEqual([]);
  });

  it('GPU headers that include each other are each read once per source, as their include guards make them (tsne\'s reached 2^n paths)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hip2vx-dag-'));
    // h0 includes h1..h15, h1 includes h2..h15, ...: 2^15 paths reach h15.
    const count = 16;
    for (let i = 0; i < count; i++) {
      const includes = Array.from({ length: count - i - 1 }, (_, j) => `#include "h${i + j + 1}.cuh"\n`).join('');
      writeFileSync(join(dir, `h${i}.cuh`), `#pragma once\n${includes}__device__ inline int f${i}(int x) { return x + ${i}; }\n`);
    }
    const main = '#include "h0.cuh"\n__global__ void k(int* p) { p[threadIdx.x] = f0(f15(threadIdx.x)); }\nint main() { int* d; cudaMalloc(&d, 64); k<<<1, 16>>>(d); }\n';
    const started = performance.now();
    const result = await translateText(join(dir, 'main.cu'), main);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(output(result, 'device')).toContain('#include "h0.device.cuh"');
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('a header calling a device function another header defines (both included by the source, in order) translates; the source sees the definition', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hip2vx-rdc-'));
    writeFileSync(join(dir, 'generic.cuh'), 'template <typename T> inline __device__ float sum(T v);\ntemplate <typename T> inline __device__ float twice(T v) { return 2 * sum(v); }\n');
    writeFileSync(join(dir, 'float.cuh'), 'inline __device__ float sum(float2 v) { return v.x + v.y; }\n');
    writeFileSync(join(dir, 'main.cu'), '#include "generic.cuh"\n#include "float.cuh"\n__global__ void k(float* p) { p[threadIdx.x] = twice(make_float2(1, 2)); }\nint main() { float* d; cudaMalloc(&d, 64); k<<<1, 16>>>(d); }\n');
    const { results } = await translateAll(dir, ['generic.cuh', 'float.cuh', 'main.cu']);
    for (const r of results.values()) expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(output(results.get('main.cu')!, 'device')).toContain('#include "float.device.cuh"');
  });

  it('a header of device declarations gets a device translation; calls to functions no included file defines are refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hip2vx-rdc-'));
    writeFileSync(join(dir, 'lib.h'), '__device__ int device_square(int);\n');
    writeFileSync(join(dir, 'main.cu'), '#include "lib.h"\n__global__ void k(int* p) { p[threadIdx.x] = device_square(threadIdx.x); }\nint main() { int* d; cudaMalloc(&d, 64); k<<<1, 16>>>(d); }\n');
    const { results } = await translateAll(dir, ['lib.h', 'main.cu']);
    expect(results.get('lib.h')!.outputs.map((o) => o.name)).toEqual(['lib.host.h', 'lib.device.h']);
    expect(results.get('main.cu')!.diagnostics.map((d) => `${d.line}:${d.col} ${d.ruleId}`)).toEqual(['2:46 device-function-undefined']);
    // Defined in the header as well: translated, the include pointing at the header's translation.
    writeFileSync(join(dir, 'lib.h'), '__device__ int device_square(int);\n__device__ int device_square(int x) { return x * x; }\n');
    const main = (await translateAll(dir, ['main.cu'])).results.get('main.cu')!;
    expect(main.diagnostics).toEqual([]);
    expect(output(main, 'device')).toContain('#include "lib.device.h"');
  });

  it('a header the source cannot find is named, and leaves the launch undefined', async () => {
    const result = await translateText('/nonexistent/main.cu', readFileSync(join(FIXTURE, 'main.cu'), 'utf8'));
    expect(result.diagnostics.map((d) => d.ruleId)).toEqual(['include-not-found', 'kernel-not-found']);
    expect(result.diagnostics[0].message).toMatch(/^'kernels\.cuh' is found neither beside main\.cu nor in an -I directory/);
  });

  it('-I directories are searched after the including file\'s directory', async () => {
    const result = await translateText('/nonexistent/main.cu', readFileSync(join(FIXTURE, 'main.cu'), 'utf8'), { includeDirs: [FIXTURE] });
    expect(result.diagnostics).toEqual([]);
    expect(result.program.kernels).toEqual(['scale2']);
  });
});

describe('the assert dialect', () => {
  it("is the source's: a HIP header's device translation does not set it for a CUDA includer", async () => {
    const hip = '#include <hip/hip_runtime.h>\n__device__ int twice(int v) { assert(v > 0); return 2 * v; }\n';
    expect(output(await translateText('/tmp/helpers.hpp', hip), 'device')).not.toContain('HIP2VX_ASSERT_STATUS');
    expect(output(await translateText('/tmp/helpers.hip', `${hip}__global__ void k(int *p) { p[0] = twice(p[0]); }\n`), 'device')).toContain('#define HIP2VX_ASSERT_STATUS HIP2VX_STATUS_TRAP');
  });
});
