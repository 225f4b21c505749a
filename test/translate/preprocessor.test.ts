// The preprocessor as real code uses it (src/parse/macros.ts, gpu-macros.ts, conditionals.ts,
// repair.ts): what is expanded in the output, what is only hidden from the parser (the user's text
// kept byte for byte), and which syntax errors are tolerated.
import { describe, expect, it } from 'vitest';
import { formatted, output, translateText } from './translate-helpers.js';
import { branchesNeverTaken, chosenBranch, COMPILER_MACROS, conditionalGroups, decided } from '../../src/parse/conditionals.js';
import { commandLineMacros, macroDefinitions } from '../../src/parse/macros.js';

const errors = (r: Awaited<ReturnType<typeof translateText>>) => r.diagnostics.filter((d) => d.severity === 'error');

describe('#if groups', () => {
  const text = [
    '#define LEVEL 3',
    '#if __CUDA_ARCH__ >= 890',
    'fp8',
    '#elif defined(__CUDA_ARCH__)',
    'device',
    '#else',
    'host',
    '#endif',
    '#ifndef __HIPCC__',
    'not hip',
    '#endif',
    '#if LEVEL > 2 && !defined(DEBUG)',
    'level',
    '#endif',
    '',
  ].join('\n');
  const groups = conditionalGroups(text);
  const macros = macroDefinitions([text]);
  const bodyOf = (g: number, b: number) => text.slice(...groups[g].branches[b].body).trim();

  it('are read with their branches', () => {
    expect(groups.map((g) => g.branches.map((b) => b.condition))).toEqual([
      ['__CUDA_ARCH__ >= 890', 'defined(__CUDA_ARCH__)', '1'],
      ['!defined(__HIPCC__)'],
      ['LEVEL > 2 && !defined(DEBUG)'],
    ]);
    expect(bodyOf(0, 2)).toBe('host');
  });

  it('are decided as the device and the host compiler decide them', () => {
    expect(chosenBranch(groups[0], macros, COMPILER_MACROS.device)).toBe(1);
    expect(chosenBranch(groups[0], macros, COMPILER_MACROS.host)).toBe(2);
    expect(chosenBranch(groups[1], macros, COMPILER_MACROS.host)).toBe(-1);
    expect(chosenBranch(groups[2], macros, COMPILER_MACROS.device)).toBe(0);
  });

  it('are decided with function-like macros, macros standing for expressions and character literals, as the preprocessor reads them', () => {
    const config = [
      '#define MY_MAJOR 2',
      '#define MY_MINOR 5',
      '#define VERSION_AT_LEAST(maj, min) ((MY_MAJOR > (maj)) || (MY_MAJOR == (maj) && MY_MINOR >= (min)))',
      '#define VERSION (MY_MAJOR * 100 + MY_MINOR)',
      '',
    ].join('\n');
    const table = macroDefinitions([config]);
    const holds = (condition: string) => decided(condition, table, COMPILER_MACROS.device);
    expect([holds('VERSION_AT_LEAST(2, 1)'), holds('VERSION_AT_LEAST(2, 6)'), holds('VERSION_AT_LEAST (1,9) && VERSION >= 205')]).toEqual([true, false, true]);
    expect([holds("'A' == 65"), holds("'\\n' == 10 && '\\x41' == 'A'"), holds("'0' + 1 == '1'")]).toEqual([true, true, true]);
    // A name no macro here stands for (a header not read may define it): undecided.
    expect(holds('VERSION_AT_LEAST(2, 1) && CUDART_VERSION >= 11000')).toBeUndefined();
  });

  it("are evaluated with C's integer arithmetic: 64 bits, unsigned operands, truncating division, 0/1 logic", () => {
    const table = macroDefinitions(['#define N 7\n#define BIG 0xffffffffffffffff\n']);
    const holds = (condition: string) => decided(condition, table, COMPILER_MACROS.device);
    expect([holds('-1 > 0u'), holds('-1 > 0'), holds('N / 2 * 2 == 6'), holds('-7 / 2 == -3'), holds('-7 % 2 == -1')]).toEqual([true, false, true, true, true]);
    expect([holds('(1 << 40) > 0'), holds('BIG == -1'), holds('BIG > 0'), holds('(2 || 0) == 1'), holds('~0u == BIG'), holds('010 == 8')]).toEqual([true, true, true, true, true, true]);
    expect([holds('N > 5 ? N : 0'), holds('(0, N)'), holds('0x10L == 16UL')]).toEqual([true, true, true]);
  });

  it('have the branches no compiler takes hidden, only when they decide on what compilers predefine', () => {
    expect(branchesNeverTaken(groups[0], macros).map((b) => text.slice(...b.body).trim())).toEqual(['fp8']);
    expect(branchesNeverTaken(groups[1], macros).map((b) => text.slice(...b.body).trim())).toEqual(['not hip']);
    expect(branchesNeverTaken(groups[2], macros)).toEqual([]);
  });

  it('are read on logical lines: a continued line is no directive, a line continued into one is', () => {
    const lines = ['#define M \\', '#if NOT_A_DIRECTIVE', '  \\', '#if A \\', '  && B', 'x', '#define N \\\r', '#endif', '\\', '#endif', 'int y; \\', '', '#if C', '#endif'];
    const joined = lines.join('\n');
    const found = conditionalGroups(joined).map((g) => [...g.branches.map((b) => b.condition), joined.slice(...g.endif)]);
    expect(found).toEqual([
      ['A    && B', '\\\n#endif'],
      ['C', '#endif'],
    ]);
  });
});

describe('macros that spell GPU code', () => {
  const stamp = [
    '#define OP_OUT(T, OUT, NAME, F) \\',
    'extern "C" __global__ void NAME(const T* in, OUT* out) { \\',
    '    T x = in[threadIdx.x]; out[threadIdx.x] = F; \\',
    '}',
    '#define OP(T, NAME, F) OP_OUT(T, T, NAME, F)',
    '',
  ].join('\n');

  it("expand GNU's `, ##__VA_ARGS__` without its comma when no variadic arguments are given", async () => {
    const source = '#define DPRINT_IF(c, fmt, ...) do { if (c) printf("[k] " fmt, ##__VA_ARGS__); } while (0)\n__global__ void k(int* p) {\n  DPRINT_IF(p[0] == 0, "none\\n");\n  DPRINT_IF(p[1] == 0, "%d %d\\n", p[1], p[2]);\n}\nint main() { k<<<1, 4>>>(0); }\n';
    const result = await translateText('k.cu', source);
    expect(formatted(result)).toEqual([]);
    const device = output(result, 'device');
    expect(device).toContain('vx_printf("[k] " "none\\n"); }');
    expect(device).toContain('vx_printf("[k] " "%d %d\\n", p[1], p[2]); }');
  });

  it('stamp kernels at file scope: each use is expanded, through the macros it uses, and annotated', async () => {
    const source = `${stamp}OP(float, twice_f32, x * 2)\nOP_OUT(int, char, low_i32, (char)x)\n#if __CUDA_ARCH__ >= 890\nOP(__nv_fp8_e4m3, twice_f8, x * 2)\n#endif\n`;
    const result = await translateText('k.cu', source, { annotate: true });
    expect(formatted(result)).toEqual([]);
    expect(result.program.kernels).toEqual(['twice_f32', 'low_i32']);
    const device = output(result, 'device');
    expect(device).toContain('/* hip2vortex: macro OP expanded */ extern "C" __global__ void twice_f32(const float* in, float* out) {');
    expect(device).toContain('out[threadIdx.x] = (char)x;');
    // The definitions, and the use under a condition no compiler here takes, stay as written.
    expect(device).toContain(stamp);
    expect(device).toContain('OP(__nv_fp8_e4m3, twice_f8, x * 2)\n');
  });

  it('stand for execution spaces: uses are expanded, a function becomes a device function', async () => {
    const source = '#define HD __host__ __device__\nHD inline float sq(float v) { return v * v; }\n__global__ void k(float* p) { p[0] = sq(p[0]); }\n';
    const result = await translateText('k.cu', source);
    expect(formatted(result)).toEqual([]);
    expect(output(result, 'device')).toContain('__host__ __device__ inline float sq(float v)');
    // With const (`#define CONST_TABLE __constant__ const`), and CUDA's alignment through a macro.
    const table = await translateText('t.cu', '#define CONST_TABLE __constant__ const\n#define ALIGN(n) __align__(n)\nstruct ALIGN(8) Pair { float a, b; };\nCONST_TABLE int c_tab[4] = {1, 2, 3, 4};\n__global__ void k(Pair* p, int* out) { out[threadIdx.x] = c_tab[threadIdx.x % 4] + (int)p[0].a; }\nint main() { k<<<1, 4>>>(nullptr, nullptr); }\n');
    expect(formatted(table)).toEqual([]);
    expect(output(table, 'device')).toContain('__constant__ const int c_tab[4] = {1, 2, 3, 4};');
    expect(output(table, 'device')).toContain('struct __align__(8) Pair { float a, b; };');
    // With the kernel's return type: `#define KERNEL __global__ void`.
    const kernel = await translateText('k.cu', '#define KERNEL __global__ void\nKERNEL twice(int* p) { p[threadIdx.x] *= 2; }\nint main() { twice<<<1, 4>>>(nullptr); }\n');
    expect(formatted(kernel)).toEqual([]);
    expect(output(kernel, 'host')).toContain('__hip2vx_launch_twice(1, 4, 0, 0, nullptr);');
  });

  it('stand for launch bounds, in every place CUDA allows them: uses are expanded and the bound reaches the registration', async () => {
    const source = '#define LB(n) __launch_bounds__(n)\n#define LB256 __launch_bounds__(256)\n__global__ void LB(128) a(float* p) { p[0] = 1; }\n__global__ LB(64) void b(float* p) { p[0] = 2; }\n__global__ void LB256 c(float* p) { p[0] = 3; }\nvoid run(float* p) { a<<<1, 32>>>(p); b<<<1, 32>>>(p); c<<<1, 32>>>(p); }\n';
    const result = await translateText('k.cu', source);
    expect(formatted(result)).toEqual([]);
    expect(result.program.kernels).toEqual(['a', 'b', 'c']);
    expect(output(result, 'device')).toContain('__global__ void __launch_bounds__(128) a(float* p)');
    const registration = output(result, 'registration');
    for (const [k, n] of [['a', 128], ['b', 64], ['c', 256]]) expect(registration).toContain(`__hip2vxSetKernelMaxThreads(&__hip2vx_kernel_k_${k}, ${n});`);
  });

  it('are read from the branch the compilers take: an #else no HIP compiler reaches defines nothing', async () => {
    const source = '#if defined(__CUDACC__) || defined(__HIPCC__)\n#define ESS __inline__ __device__\n#else\n#define ESS inline\n#endif\nESS unsigned add(unsigned a, unsigned b) { return a + b; }\n__global__ void k(unsigned* p) { p[0] = add(p[0], 1u); }\n';
    expect(macroDefinitions([source]).get('ESS')?.body).toBe('__inline__ __device__');
    const result = await translateText('k.cu', source);
    expect(formatted(result)).toEqual([]);
    expect(output(result, 'device')).toContain('__inline__ __device__ unsigned add(unsigned a, unsigned b) { return a + b; }');
  });

  it('a default under #ifndef does not replace a definition made before it (-D): the kernel\'s parameters follow -D', async () => {
    const source = '#ifndef WITH_BIAS\n#define WITH_BIAS 1\n#endif\n#ifndef K_H\n#define K_H\n#endif\n__global__ void k(float* x,\n#if WITH_BIAS\n  float* bias,\n#endif\n  int n) { x[0] = (float)n; }\n';
    expect(macroDefinitions([commandLineMacros(['WITH_BIAS=0']), source]).get('WITH_BIAS')?.body).toBe('0');
    expect(macroDefinitions([source]).get('WITH_BIAS')?.body).toBe('1');
    expect(macroDefinitions([source]).has('K_H')).toBe(true);
    const result = await translateText('k.cu', source, { defines: ['WITH_BIAS=0'] });
    expect(errors(result)).toEqual([]);
    expect(output(result, 'device')).not.toMatch(/KernelArgs \{[^}]*bias/);
  });

  it('a definition in a branch the macros defined before its group decide against is not read (a configuration header\'s #ifndef/#else)', async () => {
    const source = '#ifndef FAST_PATH\n#define WITH_SCALE 1\n#else\n#define WITH_SCALE 0\n#endif\n#define USE_SHARED 2\n#if defined(USE_SHARED) && USE_SHARED > 1\n#define MODE 2\n#elif defined(USE_SHARED)\n#define MODE 1\n#else\n#define MODE 0\n#endif\n#if UNKNOWN_VERSION >= 3\n#define API 3\n#else\n#define API 2\n#endif\n';
    const table = macroDefinitions([source]);
    expect([table.get('WITH_SCALE')?.body, table.get('MODE')?.body]).toEqual(['1', '2']);
    expect(macroDefinitions([commandLineMacros(['FAST_PATH']), source]).get('WITH_SCALE')?.body).toBe('0');
    // Undecided (a name without a value here): the last definition, as before.
    expect(table.get('API')?.body).toBe('2');
    const kernel = '__global__ void k(float* p,\n#if WITH_SCALE\n  float scale,\n#endif\n  int n) { p[n] = 0; }\nint main() { float* d;\n#if WITH_SCALE\n  k<<<1, 1>>>(d, 2.0f, 1);\n#else\n  k<<<1, 1>>>(d, 1);\n#endif\n}\n';
    const result = await translateText('k.cu', `${source}${kernel}`);
    expect(errors(result)).toEqual([]);
    expect(output(result, 'host')).toContain('__hip2vx_launch_k(1, 1, 0, 0, d, 2.0f, 1);');
  });

  it('include HIP_DYNAMIC_SHARED, which HIP\'s headers define', async () => {
    const source = '__global__ void k(unsigned char* p) {\n  HIP_DYNAMIC_SHARED(unsigned char, tile)\n  tile[threadIdx.x] = p[threadIdx.x];\n}\n';
    const result = await translateText('k.cu', source);
    expect(errors(result)).toEqual([]);
    expect(output(result, 'device')).not.toContain('HIP_DYNAMIC_SHARED');
  });

  it('branching in device code: a parenthesised parameter given a plain name or number is that alone in the expansion (`(lo) && (x)` parses as a cast of `&&(x)`)', async () => {
    const source = [
      '#define N_MAX 64 + 1',
      '#define IN_RANGE(x, min, max) ((x) >= (min) && (x) <= (max))',
      '__global__ void k(int* p, int lo, int hi) { int tx = threadIdx.x; if (IN_RANGE(tx, lo, hi) && IN_RANGE(tx, 1, N_MAX) && IN_RANGE(p[tx], f(lo), hi)) p[tx] = 1; }',
      '',
    ].join('\n');
    const result = await translateText('k.cu', source);
    expect(errors(result)).toEqual([]);
    const device = output(result, 'device');
    expect(device).toContain('hip2vx_bool(tx >= lo) & hip2vx_bool(tx <= hi)');
    // A macro's name and an expression keep their parentheses.
    expect(device).toContain('tx <= (N_MAX)');
    expect(device).toContain('(p[tx]) >= (f(lo))');
  });

  it('branching in device code: arguments are expanded before they are stringised or pasted through another macro, as the preprocessor does', async () => {
    const source = [
      '#define STR_(x) #x',
      '#define STR(x) STR_(x)',
      '#define CAT_(a, b) a##b',
      '#define CAT(a, b) CAT_(a, b)',
      '#define WIDTH 128',
      '#define IDX 2',
      '#define PUT_IF(c, d, s) do { if (c) *(d) = s; } while (0)',
      '#define NAME_IF(c, s) do { if (c) puts(STR_(s)); } while (0)',
      '#define QUOTE_IF(c, s) do { if (c) puts(#s); } while (0)',
      '#define SET_IF(c, v, x) do { if (c) CAT(v, IDX) = x; } while (0)',
      '__global__ void k(const char** p, int r2) {',
      '  PUT_IF(threadIdx.x == 0, p, STR(WIDTH));',
      '  NAME_IF(threadIdx.x == 0, WIDTH);',
      '  QUOTE_IF(threadIdx.x == 1, WIDTH);',
      '  SET_IF(threadIdx.x < 16, r, 7);',
      '}',
      '',
    ].join('\n');
    const result = await translateText('k.cu', source);
    expect(errors(result)).toEqual([]);
    const device = output(result, 'device');
    expect(device).toContain('*p = "128";');
    expect(device).toContain('puts("128");');
    // An operand of # in the macro itself is not expanded first.
    expect(device).toContain('puts("WIDTH");');
    expect(device).toContain('r2 = 7;');
  });

  it('branching in device code: an object-like alias of such a macro (`#define CALL UPDATE_IF`) is expanded and bracketed', async () => {
    const source = [
      '#define UPDATE_IF(c, v) do { if (c) v += 100; } while (0)',
      '#define CALL UPDATE_IF',
      '__global__ void k(int* out) { int v = 0; CALL(threadIdx.x < 8, v); out[threadIdx.x] = v; }',
      '',
    ].join('\n');
    const result = await translateText('k.cu', source);
    expect(errors(result)).toEqual([]);
    const device = output(result, 'device');
    expect(device).toMatch(/int v = 0; do \{ \{ int (\w+) = hip2vx_bool\(threadIdx\.x < 8\); int \w+ = hip2vx_split\(\1\); if \(\1\) \{ v \+= 100;/);
  });

  it('holding names the rules rename in device code: renamed in the body too (members, parameters, strings and the file\'s own macros kept)', async () => {
    const source = [
      '#define TID hipThreadIdx_x',
      '#define MEMORY_FENCE() __threadfence()',
      '#define WARP_SYNC() __syncwarp()',
      '#define NOW() clock64()',
      '#define KEEP(clock64, s) (s.clock64 + clock64 + sizeof("clock64"))',
      '#define CHECK(c) assert(c)',
      '__global__ void k(int* out, long long* t) { long long t0 = NOW(); out[TID] = (int)TID * 2; MEMORY_FENCE(); WARP_SYNC(); t[TID] = NOW() - t0; }',
      'int main() { int* d; long long* t; hipMalloc(&d, 128); hipMalloc(&t, 256); hipLaunchKernelGGL(k, dim3(1), dim3(32), 0, 0, d, t); }',
      '',
    ].join('\n');
    const result = await translateText('k.hip', source);
    expect(errors(result)).toEqual([]);
    const device = output(result, 'device');
    for (const line of ['#define TID threadIdx.x', '#define MEMORY_FENCE() hip2vx_threadfence()', '#define WARP_SYNC() hip2vx_syncwarp()', '#define NOW() hip2vx_clock64()', '#define KEEP(clock64, s) (s.clock64 + clock64 + sizeof("clock64"))', '#define CHECK(c) assert(c)']) {
      expect(device).toContain(`${line}\n`);
    }
    // The host side keeps the user's macros.
    expect(output(result, 'host')).toContain('#define TID hipThreadIdx_x\n');
  });

  it('branching in device code, expanded unless the expansion cannot be parsed (a GNU statement expression): that use stays, with a warning', async () => {
    const source = [
      '#define MAX(a, b) ({ typeof(a) _a = (a); typeof(b) _b = (b); _a > _b ? _a : _b; })',
      '#define MIN(a, b) ({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a < _b ? _a : _b; })',
      '#define CLAMP(x) ((x) > 9 ? 9 : (x))',
      '__global__ void k(int* p) { p[0] = MAX(p[threadIdx.x], 5); p[1] = CLAMP(p[threadIdx.x]); p[2] = MIN(p[threadIdx.x], 5); }',
      '',
    ].join('\n');
    const result = await translateText('k.cu', source);
    expect(formatted(result)).toEqual([
      "k.cu:4:36: warning: the expansion of macro 'MAX' cannot be parsed (a GNU statement expression?): the use stays as written, and branches in it are not bracketed for divergence on Vortex [macro-unreadable]",
    ]);
    const device = output(result, 'device');
    expect(device).toContain('p[0] = MAX(p[threadIdx.x], 5);');
    expect(device).toContain('hip2vx_select(hip2vx_bool((p[threadIdx.x]) > 9), 9, (p[threadIdx.x]))');
    // With __typeof__ (read as decltype) the statement expression parses: its ?: is lowered.
    expect(device).toContain('p[2] = ({ __typeof__(p[threadIdx.x]) _a = (p[threadIdx.x]); __typeof__(5) _b = 5; hip2vx_select(hip2vx_bool(_a < _b), _a, _b); });');
  });
});

describe('what the grammar cannot see through, hidden from the parser only', () => {
  const host = (body: string) => `#include <cuda_runtime.h>\n__global__ void k(int* p) { p[0] = 1; }\nint main() {\n  int* d;\n${body}  k<<<1, 1>>>(d);\n}\n`;

  it('statement macros written without a ;: the text passes through, API names inside still rewritten', async () => {
    const body = [
      '#define CHECK(x) { if ((x) != cudaSuccess) return 1; }',
      '#define SYNC_CHECK { if (cudaDeviceSynchronize() != cudaSuccess) return 1; }',
      '#define STEP_A a = 1;',
      '#define STEPS STEP_A STEP_A',
      '  int a;',
      '  CHECK(cudaMalloc(&d, 4))',
      '  CHECK(cudaMemset(d, 0, sizeof a))',
      '  SYNC_CHECK',
      '  STEPS',
      '  CHECK_LAST()',
      '',
    ].join('\n');
    const result = await translateText('m.cu', host(body).replace('int main', '#define CHECK_LAST() { cudaGetLastError(); }\nint main'));
    expect(formatted(result)).toEqual([]);
    const out = output(result, 'host');
    expect(out).toContain('  CHECK(hipMalloc(&d, 4))\n  CHECK(hipMemset(d, 0, sizeof a))\n  SYNC_CHECK\n  STEPS\n  CHECK_LAST()\n  __hip2vx_launch_k(1, 1, 0, 0, d);');
  });

  it('statement macros over several lines, one after another, holding API calls: the calls stay visible and rewritten', async () => {
    const body = [
      '#define CHECK(x) { cudaError_t s = (x); if (s != cudaSuccess) return 1; }',
      '  float* f;',
      '  CHECK( cudaMalloc((void**) &f,',
      '                   (4 + 1) * sizeof(float)) )',
      '  CHECK( cudaMalloc((void**) &d, 4 * sizeof(int)) )',
      '',
    ].join('\n');
    const result = await translateText('m.cu', host(body));
    expect(formatted(result)).toEqual([]);
    expect(output(result, 'host')).toContain('  CHECK( hipMalloc((void**) &f,\n                   (4 + 1) * sizeof(float)) )\n  CHECK( hipMalloc((void**) &d, 4 * sizeof(int)) )\n  __hip2vx_launch_k(1, 1, 0, 0, d);');
  });

  it('a statement macro the grammar reads as the type of a declaration: the call after it is still seen (a launch, an API call)', async () => {
    const source = [
      '#include <cuda_runtime.h>',
      '#define CUERR { if (cudaGetLastError() != cudaSuccess) return 1; }',
      '__global__ void k(int* p) { p[0] = 1; }',
      'int main() {',
      '  int* d;',
      '  cudaMalloc(&d, 4); CUERR',
      '  hipLaunchKernelGGL(k, 1, 1, 0, 0, d); CUERR',
      '  cudaDeviceSynchronize();',
      '}',
      '',
    ].join('\n');
    const result = await translateText('m.cu', source);
    expect(formatted(result)).toEqual([]);
    expect(output(result, 'host')).toContain('  hipMalloc(&d, 4); CUERR\n  __hip2vx_launch_k(1, 1, 0, 0, d); CUERR\n  hipDeviceSynchronize();');
  });

  it('X-macros listing the enumerators of an enum device code uses: the whole enum reaches the device translation, without a warning', async () => {
    const source = [
      '#include <cuda_runtime.h>',
      '#define FIRST(X) X(ADD) X(SUB)',
      '#define SECOND(X) X(MUL)',
      '#define ENUMERATOR(name) OP_##name,',
      'enum Op { FIRST(ENUMERATOR) SECOND(ENUMERATOR) OP_COUNT };',
      '__global__ void k(int* p) { p[threadIdx.x] = OP_COUNT + OP_MUL; }',
      'int main() { int* d; cudaMalloc(&d, 4); k<<<1, 1>>>(d); }',
      '',
    ].join('\n');
    const result = await translateText('m.cu', source);
    expect(formatted(result)).toEqual([]);
    expect(output(result, 'device')).toContain('enum Op { FIRST(ENUMERATOR) SECOND(ENUMERATOR) OP_COUNT };\n');
  });

  it("GNU's alternate qualifier keywords (`__const__`, `__volatile__`): kept as written", async () => {
    const source = '#define DEVICE __device__\nstatic DEVICE __const__ unsigned char mask = 15;\n__global__ void k(__volatile__ int* p) { p[0] = mask; }\nint main() { int* d = 0; k<<<1, 1>>>(d); }\n';
    const result = await translateText('m.cu', source);
    expect(errors(result)).toEqual([]);
    expect(output(result, 'device')).toContain('__global__ void k(__volatile__ int* p)');
  });

  it("GNU's typeof in declarations (`__typeof__(a) t = a;`, a SWAP macro's body, `__typeof`): kept as written, branches around it lowered", async () => {
    const source = [
      '#define SWAP(x, y) do { __typeof__(x) t_ = (x); (x) = (y); (y) = t_; } while (0)',
      '__global__ void k(int *o) {',
      '  int a = o[threadIdx.x], b = o[31 - threadIdx.x];',
      '  if (a > b) { __typeof__(a) t = a; a = b; b = t; }',
      '  if (a > 5) SWAP(a, b);',
      '  __typeof(a) c = a + b;',
      '  o[threadIdx.x] = a * 100 + b + c;',
      '}',
      'int main() { int* d = 0; k<<<1, 32>>>(d); }',
      '',
    ].join('\n');
    const result = await translateText('t.cu', source);
    expect(formatted(result)).toEqual([]);
    const device = output(result, 'device');
    expect(device).toContain('{ __typeof__(a) t = a; a = b; b = t;');
    expect(device).toContain('do { __typeof__(a) t_ = a; a = b; b = t_; } while (0); hip2vx_pin(a);');
    expect(device).toContain('__typeof(a) c = a + b;');
  });

  it('#if splitting a parameter list and an if/else: decided, every line kept', async () => {
    const source = [
      '__global__ void k(int* p',
      '#ifdef __HIPCC__',
      '  , int extra',
      '#endif',
      ') { p[0] = extra; }',
      'int main(int argc, char**) {',
      '  int* d = 0;',
      '  if (argc > 5) return 1;',
      '#ifdef VERBOSE',
      '  else { return 2; }',
      '#endif',
      '  k<<<1, 1>>>(d, 3);',
      '}',
      '',
    ].join('\n');
    const result = await translateText('m.cu', source);
    expect(formatted(result)).toEqual([]);
    expect(result.program.kernels).toEqual(['k']);
    expect(output(result, 'host')).toContain('#ifdef VERBOSE\n  else { return 2; }\n#endif\n  __hip2vx_launch_k(1, 1, 0, 0, d, 3);');
    expect(output(result, 'device')).toContain('__global__ void k(int* p\n#ifdef __HIPCC__\n  , int extra\n#endif\n)');
  });

  it('`* const __restrict`, `= delete` on a member template and an extended lambda', async () => {
    const source = 'struct H { template <class T> __host__ __device__ static int h(T) = delete; };\n__global__ void k(const float* const __restrict a, float* const __restrict b) { b[0] = a[0]; }\nint twice(int v) { auto f = [=] __host__ __device__ (int i) { return 2 * i; }; return f(v); }\n';
    const result = await translateText('k.cu', source);
    expect(formatted(result)).toEqual([]);
    expect(output(result, 'device')).toContain('void k(const float* const __restrict a, float* const __restrict b)');
  });
});

describe('spellings the grammar cannot parse, read as equivalents', () => {
  it('macros standing for strings between string literals (`"%" PRId64`, `STR(N)`, `FMT "\\n"`), beside calls that need rewriting; a quoted #include before a line of code stays one', async () => {
    const source = [
      '#include <cinttypes>',
      '#include "k.h"',
      'DECLARE_K(float);',
      '#define STR(x) #x',
      '#define FMT "%s"',
      '__global__ void k(int64_t* p) { if (threadIdx.x == 3) printf("dev %" PRId64 "\\n", p[threadIdx.x]); }',
      'int main() {',
      '  printf("block=" STR(64) " h=%" PRId64 " %s\\n", (int64_t)3, cudaGetErrorString(cudaGetLastError()));',
      '  printf(FMT "\\n", cudaGetErrorString(cudaDeviceSynchronize()));',
      '  const char* f = "%" PRIu64;',
      '  return f == 0;',
      '}',
      '',
    ].join('\n');
    const result = await translateText('m.cu', source);
    expect(formatted(result).filter((d) => !d.includes('[include-not-found]'))).toEqual([]);
    expect(output(result, 'device')).toContain('vx_printf("dev %" PRId64 "\\n", p[threadIdx.x]);');
    const host = output(result, 'host');
    expect(host).toContain('printf("block=" STR(64) " h=%" PRId64 " %s\\n", (int64_t)3, hipGetErrorString(hipGetLastError()));');
    expect(host).toContain('printf(FMT "\\n", hipGetErrorString(hipDeviceSynchronize()));');
    expect(host).toContain('#include "k.h"\nDECLARE_K(float);');
  });

  it('an array of pointers made by new (`new float *[n]`, Rodinia\'s host code), in a launch argument too', async () => {
    const source = '__global__ void k(char** p) { p[0] = 0; }\nint main() {\n  float **rows = new float *[4];\n  k<<<1, 1>>>(new char*[4]);\n  return rows != 0;\n}\n';
    const result = await translateText('m.cu', source);
    expect(formatted(result).filter((d) => d.includes('syntax'))).toEqual([]);
    expect(output(result, 'host')).toContain('  float **rows = new float *[4];\n  __hip2vx_launch_k(1, 1, 0, 0, new char*[4]);');
  });
});

describe('syntax errors the grammar reports', () => {
  it('in a statement of host code with no GPU code or name: a warning, the text passes through', async () => {
    const source = '__global__ void k(int* p) { p[0] = 1; }\nint main(int argc, char** argv) {\n  int* d = 0;\n  typeof(argc) copy = argc;\n  k<<<1, 1>>>(d);\n  return argc;\n}\n';
    const result = await translateText('m.cu', source);
    expect(errors(result)).toEqual([]);
    expect(result.diagnostics.map((d) => `${d.line}:${d.ruleId}`)).toEqual(['4:syntax-tolerated']);
    expect(output(result, 'host')).toContain('  typeof(argc) copy = argc;\n  __hip2vx_launch_k(1, 1, 0, 0, d);');
  });

  it('in an include-guarded file: the guard is not decided (its macro is defined inside it), so the file is still translated', async () => {
    const source = '#ifndef M_CUH\n#define M_CUH\n__global__ void k(int* p) { p[0] = 1; }\nint main(int argc, char** argv) {\n  int* d = 0;\n  typeof(argc) copy = argc;\n  k<<<1, 1>>>(d);\n  return argc;\n}\n#endif\n';
    const result = await translateText('m.cu', source);
    expect(result.diagnostics.map((d) => `${d.line}:${d.ruleId}`)).toEqual(['6:syntax-tolerated']);
    expect(result.program.kernels).toEqual(['k']);
    expect(output(result, 'host')).toContain('  __hip2vx_launch_k(1, 1, 0, 0, d);');
  });

  it('in a statement with GPU code, or in device code: an error', async () => {
    const launch = await translateText('m.cu', '__global__ void k(char** p) { }\nint main() {\n  k<<<1, 1>>>(new (char*[4]));\n}\n');
    expect(errors(launch).map((d) => d.ruleId)).toEqual(['syntax-error']);
    const device = await translateText('m.cu', '__global__ void k(char** p) {\n  typeof(p) q = p; q[0] = 0;\n}\n');
    expect(errors(device).map((d) => d.ruleId)).toEqual(['syntax-error']);
  });
});

describe('items removed from an output', () => {
  it('keep the directives of the #if groups they cut through: a host function whose header an #ifdef splits', async () => {
    const source = `#include <vector>
__global__ void k(int *p) { p[threadIdx.x] = 1; }
#ifdef USE_STD
double run(const std::vector<int> &v,
#else
double run(int *v,
#endif
           int n) {
  k<<<1, n>>>(0);
  return n;
}
int main() { return (int)run(0, 4); }
`;
    const r = await translateText('/tmp/split.cu', source);
    expect(errors(r)).toEqual([]);
    const device = output(r, 'device');
    // The first branch stays as the device compiler skips it; the removed item's #endif closes it.
    expect(device).toContain('#ifdef USE_STD\ndouble run(const std::vector<int> &v,\n#else\n\n#endif\n');
    expect(device).not.toContain('int n) {');
  });
});
