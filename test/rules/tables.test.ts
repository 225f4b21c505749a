// Spot checks of the shipped tables: the mappings programs rely on, and the consistency of ids.
import { describe, expect, it } from 'vitest';
import { loadRules } from '../../src/rules/index.js';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RUNTIME_DIR } from '../../src/package-root.js';
import { PTX_INSTRUCTIONS, ptxFunction } from '../../src/analyse/ptx-asm.js';
import { RUNTIME_NAMESPACES } from '../../src/rewrite/device.js';

const rules = loadRules();

describe('host names', () => {
  it.each([
    ['cudaMalloc', 'hipMalloc'],
    ['cudaFree', 'hipFree'],
    ['cudaMemcpy', 'hipMemcpy'],
    ['cudaMemcpyHostToDevice', 'hipMemcpyHostToDevice'],
    ['cudaMemcpyDeviceToHost', 'hipMemcpyDeviceToHost'],
    ['cudaError_t', 'hipError_t'],
    ['cudaSuccess', 'hipSuccess'],
    ['cudaStream_t', 'hipStream_t'],
    ['cudaEvent_t', 'hipEvent_t'],
    ['cudaEventElapsedTime', 'hipEventElapsedTime'],
    ['cudaMemcpyToSymbol', 'hipMemcpyToSymbol'],
    ['cudaMemcpyFromSymbol', 'hipMemcpyFromSymbol'],
    ['cudaGetErrorString', 'hipGetErrorString'],
    ['cudaDeviceSynchronize', 'hipDeviceSynchronize'],
    ['cudaDeviceProp', 'hipDeviceProp_t'],
    ['cudaMallocHost', 'hipHostMalloc'],
    ['dim3', 'dim3'],
  ])('%s -> %s', (cuda, hip) => {
    expect(rules.hostNames.get(cuda)).toMatchObject({ to: hip, status: 'supported', report: undefined });
  });

  it('translates deprecated names with a note', () => {
    expect(rules.hostNames.get('cudaThreadSynchronize')).toMatchObject({
      to: 'hipDeviceSynchronize', status: 'deprecated', category: 'Thread Management', report: { rule: 'deprecated-api', severity: 'note' },
    });
  });

  it('reports names HIP lacks', () => {
    expect(rules.hostNames.get('cudaDeviceFlushGPUDirectRDMAWrites')).toMatchObject({ status: 'unsupported', to: undefined, report: { rule: 'no-hip-equivalent' } });
  });

  it('applies Vortex policy to both spellings (longest prefix wins)', () => {
    expect(rules.hostNames.get('cudaGraphAddKernelNode')?.report?.rule).toBe('cuda-graphs');
    // Exact names beat prefixes: what stream capture needs is supported, the rest of cudaGraph* is not.
    expect(rules.hostNames.get('cudaGraphLaunch')).toMatchObject({ status: 'supported', to: 'hipGraphLaunch', report: undefined });
    expect(rules.hostNames.get('cudaStreamBeginCapture')?.report).toBeUndefined();
    expect(rules.hostNames.get('cudaStreamBeginCaptureToGraph')?.report?.rule).toBe('cuda-graphs');
    expect(rules.hostNames.get('cudaGraphicsMapResources')?.report?.rule).toBe('graphics-interop');
    expect(rules.hostNames.get('cuLaunchKernel')?.report?.rule).toBe('module-loading'); // -> hipModuleLaunchKernel
    expect(rules.constructForName('hipMemRangeGetAttributes', 'host')?.id).toBe('managed-memory');
    expect(rules.constructForName('hipStreamAttachMemAsync', 'host')).toBeUndefined();  // a hint
    expect(rules.constructForName('hipMallocManaged', 'host')).toBeUndefined();  // emulated
    expect(rules.constructForName('hipMalloc', 'host')).toBeUndefined();
    expect(rules.constructForName('cudaGraphLaunch', 'device')).toBeUndefined();
  });

  it("keeps only runtime and driver API names, and cuComplex.h's", () => {
    expect(new Set([...rules.hostNames.values()].map((r) => r.api))).toEqual(new Set(['runtime', 'driver', 'complex']));
    expect(rules.hostNames.get('cuCmulf')?.to).toBe('hipCmulf');
    expect(rules.hostNames.has('__shfl_sync')).toBe(false);
  });
});

describe('headers', () => {
  it('that includes are rewritten to are all in the runtime', () => {
    const targets = [...new Set([...rules.headers.values()].flatMap((h) => (h.to ? [h.to] : [])))];
    expect(targets.filter((t) => !existsSync(join(RUNTIME_DIR, 'include', t)))).toEqual([]);
  });

  it.each([
    ['cuda_runtime.h', 'hip/hip_runtime.h'],
    ['cuda.h', 'hip/hip_runtime.h'],
    ['cuComplex.h', 'hip/hip_complex.h'],
    ['cuda_runtime_api.h', 'hip/hip_runtime.h'],
    ['hip/hip_runtime.h', 'hip/hip_runtime.h'],
    ['device_launch_parameters.h', null],
    // CUDA toolkit headers the CUDA samples include directly.
    ['vector_types.h', 'hip/hip_runtime.h'],
    ['driver_types.h', 'hip/hip_runtime.h'],
    ['sm_32_intrinsics.h', 'hip/hip_runtime.h'],
    ['library_types.h', 'hip/library_types.h'],
    // hip2vx_device.h has what they declare that Vortex can run; the rest is refused by name
    // (this_grid, ...), not at the include.
    ['cooperative_groups.h', null],
    ['hip/hip_cooperative_groups.h', null],
  ])('%s -> %s', (header, to) => {
    expect(rules.lookupHeader(header)).toMatchObject({ to, status: 'supported' });
  });

  it.each([
    ['thrust/iterator/zip_iterator.h', 'unsupported', 'cuda-library'],
    ['cublas.h', 'unsupported', 'cuda-library'],
    ['cusolverDn.h', 'unsupported', 'cuda-library'],
    ['rocfft/rocfft.h', 'unsupported', 'cuda-library'],
    ['rccl/rccl.h', 'unsupported', 'cuda-library'],
    ['nccl.h', 'unsupported', 'cuda-library'],
    ['mpi.h', 'unsupported', 'cuda-library'],
    ['cuda_texture_types.h', 'unsupported', 'texture'],
    ['texture_fetch_functions.h', 'unsupported', 'texture'],
    ['cuda_gl_interop.h', 'unsupported', 'graphics-interop'],
  ])('%s is %s [%s]', (header, status, rule) => {
    expect(rules.lookupHeader(header)).toMatchObject({ status, report: { rule } });
  });

  it('leaves other headers alone', () => {
    expect(rules.lookupHeader('stdio.h')).toBeUndefined();
    expect(rules.lookupHeader('thrust')).toBeUndefined();
  });
});

describe('device builtins', () => {
  it.each([
    ['printf', 'vx_printf'],
    ['__syncthreads', 'hip2vx_syncthreads'],
    ['__threadfence', 'hip2vx_threadfence'],
    ['__threadfence_block', 'hip2vx_threadfence'],
    ['hipThreadIdx_x', 'threadIdx.x'],
    ['hipBlockDim_y', 'blockDim.y'],
    ['hipGridDim_z', 'gridDim.z'],
    ['__expf', 'hip2vx_expf'],
    ['__powf', 'hip2vx_powf'],
    ['rsqrtf', 'hip2vx_rsqrtf'],
    ['__fdividef', 'hip2vx_fdividef'],
    ['sinf', 'hip2vx_sinf'],
    ['clock64', 'hip2vx_clock64'],
    ['fminf', 'hip2vx_fminf'],
    ['fmaxf', 'hip2vx_fmaxf'],
  ])('%s -> %s', (name, to) => {
    expect(rules.deviceBuiltins.get(name)?.action).toEqual({ kind: 'rename', to });
  });

  it.each(['atomicAdd', 'atomicMax', 'atomicCAS', 'atomicInc', 'min', 'umax', 'fabsf', '__popc', '__ldg', 'warpSize', '__shfl_down_sync', '__ballot_sync', '__reduce_max_sync', '__dp4a', '__byte_perm', '__vsubss4', '__vcmpne4', '__activemask', 'tiled_partition', 'coalesced_threads', '__match_any_sync', '__match_all_sync', '__uni_sync'])('%s is provided', (name) => {
    expect(rules.deviceBuiltins.get(name)).toMatchObject({ action: { kind: 'provided' }, status: 'supported' });
  });

  it.each([
    ['tex2D', 'texture'],
    ['cudaTextureObject_t', 'texture'],
    ['surf2Dwrite', 'surface'],
    ['__nanosleep', 'device-sleep'],
    ['cudaGetParameterBuffer', 'dynamic-parallelism'],
    ['malloc', 'device-heap'],
    ['this_grid', 'grid-sync'],
  ])('%s is unsupported [%s]', (name, rule) => {
    expect(rules.deviceBuiltins.get(name)).toMatchObject({ action: { kind: 'unsupported' }, status: 'unsupported', report: { rule, severity: 'error' } });
  });

  it('warns about branching library math', () => {
    expect(rules.deviceBuiltins.get('atan2f')?.report).toMatchObject({ rule: 'branching-math', severity: 'warning' });
  });

  it('warns about every float routine the rv32 kernel link runs serialised', () => {
    const header = readFileSync(join(RUNTIME_DIR, 'include', 'hip2vx_serial_libcalls.h'), 'utf8');
    const names = new Set([...header.matchAll(/\bHIP2VX_SERIAL[123]\(\w+(?: \w+)*, (\w+),|\bHIP2VX_SERIAL_M[12]\((\w+)\)|\bHIP2VX_SERIAL_MF[12]\((\w+)\)/g)]
      .flatMap((m) => (m[3] ? [m[3], `${m[3]}f`] : [m[1] ?? m[2]])).filter((name) => !name.startsWith('NAME')));
    // The float forms: a double routine's name and f (modf is a double routine).
    const floats = [...names].filter((name) => name.endsWith('f') && names.has(name.slice(0, -1)));
    expect(floats).toEqual(expect.arrayContaining(['modff', 'remquof', 'lgammaf', 'fmodf']));
    const unwarned = floats.filter((name) => rules.deviceBuiltins.get(name)?.report?.rule !== 'branching-math');
    expect(unwarned).toEqual([]);
  });

  it('warns about none of the float routines the rv32 kernel link wraps to branch-free ones', () => {
    const toolchain = readFileSync(join(RUNTIME_DIR, 'vortex-toolchain.mk'), 'utf8');
    const names = /^HIP2VX_BRANCH_FREE_LIBCALLS := ((?:.*\\\n)*.*)$/m.exec(toolchain)![1].split(/[\s\\]+/).filter(Boolean);
    expect(names).toEqual(expect.arrayContaining(['expf', 'sincosf']));
    expect(names.filter((name) => rules.deviceBuiltins.get(name)?.report)).toEqual([]);
  });

  it.each([['assert', 'hip2vx_assert'], ['__trap', 'hip2vx_trap'], ['__brkpt', 'hip2vx_trap']])('%s -> %s with the source location', (name, to) => {
    expect(rules.deviceBuiltins.get(name)).toMatchObject({ action: { kind: 'rename', to }, location: true, status: 'supported', report: undefined });
  });
});

describe('constructs and diagnostics', () => {
  const KNOWN_IDS = [
    'input-binary', 'input-encoding', 'input-unreadable', 'syntax-error', 'unterminated-comment', 'unterminated-string',
    'template-deduction', 'divergent-barrier', 'divergence-expression', 'divergent-goto', 'macro-unreadable', 'kernel-reference-param', 'unknown-type',
    'already-translated', 'include-cycle', 'output-in-input', 'stale-translation',
    'inline-asm', 'dynamic-parallelism', 'grid-sync', 'managed-memory', 'cuda-graphs', 'graph-capture', 'texture-reference', 'surface-reference',
    'device-virtual', 'device-function-address', 'device-exceptions', 'device-recursion', 'branching-math', 'double-on-rv32', 'variadic-device-function', 'amdgcn-builtin',
  ];

  it.each(KNOWN_IDS)('%s is documented', (id) => {
    const doc = rules.diagnostics.get(id);
    expect(doc?.meaning).toMatch(/\S/);
    expect(doc?.fix).toMatch(/\S/);
  });

  it('every construct has what, reason and fix, and a documentation entry', () => {
    for (const c of rules.constructs.values()) {
      expect([c.what, c.reason, c.fix].every((t) => t.trim().length > 0), c.id).toBe(true);
      expect(rules.diagnostics.get(c.id)?.what).toBe(c.what);
    }
  });

  it('every reported entry resolves to a documented rule', () => {
    const entries = [...rules.hostNames.values(), ...rules.headers.values(), ...rules.deviceBuiltins.values()];
    for (const e of entries) {
      expect(e.report === undefined, `${e.name}`).toBe(e.status === 'supported');
      if (e.report) expect(rules.diagnostics.has(e.report.rule), `${e.name}: ${e.report.rule}`).toBe(true);
    }
  });

  it('prints the table sizes', () => {
    const by = <T>(items: Iterable<T>, key: (t: T) => string) => {
      const counts: Record<string, number> = {};
      for (const t of items) counts[key(t)] = (counts[key(t)] ?? 0) + 1;
      return counts;
    };
    console.log('hostNames by status', by(rules.hostNames.values(), (r) => r.status));
    console.log('headers by status', by(rules.headers.values(), (r) => r.status));
    console.log('deviceBuiltins by action', by(rules.deviceBuiltins.values(), (r) => r.action.kind));
    console.log('constructs by status', by(rules.constructs.values(), (r) => r.status));
    console.log('diagnostics by severity', by(rules.diagnostics.values(), (r) => r.severity));
    expect(rules.hostNames.size).toBeGreaterThan(3000);
  });
});

describe('PTX instructions', () => {
  it('each instruction the translator accepts has its function in hip2vx_warp_matrix.h, and no other', () => {
    const header = readFileSync('runtime/include/hip2vx_warp_matrix.h', 'utf8');
    const defined = new Set([...header.matchAll(/\b(hip2vx_ptx_\w+)/g)].map((m) => m[1]));
    expect([...defined].sort()).toEqual(PTX_INSTRUCTIONS.map(ptxFunction).sort());
  });
});

describe('runtime namespaces', () => {
  it('each namespace whose using-directives stay on the device is one the device headers define', () => {
    const headers = readdirSync('runtime/include').filter((f) => f.endsWith('.h')).map((f) => readFileSync(join('runtime/include', f), 'utf8')).join('\n');
    for (const name of RUNTIME_NAMESPACES) expect(headers, name).toMatch(new RegExp(`^namespace ${name} \\{`, 'm'));
  });
});
