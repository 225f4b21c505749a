// --divergence explicit: which constructs get split/join or pred brackets, and in what shape.
// (That the bracketed kernels still compute the right results is shown by the samples, which run
// on the CPU backend; that they compile for RISC-V, by the sample compile checks.)
import { describe, expect, it } from 'vitest';
import { formatted, output, translateText } from './translate-helpers.js';

async function kernelText(body: string, params = 'int* p, int n', divergence: 'explicit' | 'compiler' = 'explicit'): Promise<string> {
  const result = await translateText('k.cu', `__global__ void k(${params}) {\n${body}\n}\n`, { divergence });
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const device = output(result, 'device');
  return device.slice(device.indexOf('__global__ void k('), device.indexOf('// ---- hip2vortex: kernel'));
}

const count = (text: string, what: string) => text.split(what).length - 1;

describe('divergence brackets', () => {
  it('leave conditions on parameters, blockIdx, blockDim, gridDim and constants alone', async () => {
    const text = await kernelText(
      'int b = blockIdx.x * blockDim.x;\nif (b < n && gridDim.x > 2) p[b] = 1;\nfor (int s = blockDim.x / 2; s > 0; s >>= 1) p[s] += 1;\nwhile (n > 100) n -= 10;\nint m = std::min<int>(n, 8) + ::max(n, 2);\nif (m > 3) p[1] = 2;',
    );
    expect(text).not.toContain('hip2vx_split');
    expect(text).not.toContain('HIP2VX_PRED_EXIT');
  });

  it('branch around an integer division only where it would be evaluated speculatively (not in the first operand of && or ?:)', async () => {
    const text = await kernelText('int t = threadIdx.x;\nif (t % (2 * n) == 0 && t + n < 64) p[t] += 1;\np[t] = (t / n > 2) ? t / 3 : t % n;\np[t] += p[t] != 0 && n / p[t] > 1;\nint c = (p[0] == 0 || t / p[0] > 2) ? 5 : 6;\np[t] += c;');
    expect(text).toContain('{ int __hv_g1 = (hip2vx_bool(t % (2 * n) == 0) & hip2vx_bool(t + n < 64));');
    expect(text).toMatch(/if \(__hv_g\d+\) \{ p\[t\] = t \/ 3; \} else \{ p\[t\] = t % n; \}/);
    expect(text).toMatch(/if \(__hv_g\d+\) \{ __hv_c\d+ = hip2vx_bool\(n \/ p\[t\] > 1\); \}/);
    // In the first operand of the ?:, but the right operand of its ||.
    expect(text).toMatch(/if \(__hv_g\d+\) \{ __hv_c\d+ = hip2vx_bool\(t \/ p\[0\] > 2\); \}/);
  });

  it('split a per-thread if/else with an opaque predicate', async () => {
    const text = await kernelText('int i = threadIdx.x;\nif (i < n) p[i] = 1; else p[i] = 2;');
    expect(text).toMatch(/\{ int (__hv_g\d+) = hip2vx_bool\(i < n\); int (__hv_t\d+) = hip2vx_split\(\1\); if \(\1\) \{ p\[i\] = 1; \} else \{ p\[i\] = 2; \} hip2vx_join\(\2\); \}/);
  });

  it('split a condition on an object-like macro naming threadIdx, directly or through another macro', async () => {
    const result = await translateText('k.cu', '#define TX threadIdx.x\n#define IDX (blockIdx.x * blockDim.x + TX)\n#define N 64\n__global__ void k(int* p, int n) {\n  int i = IDX;\n  if (i < n) p[i] = 1;\n  if (N > n) p[0] = 2;\n}\n');
    const device = output(result, 'device');
    expect(device).toMatch(/\{ int (__hv_g\d+) = hip2vx_bool\(i < n\); int (__hv_t\d+) = hip2vx_split\(\1\); if \(\1\) \{ p\[i\] = 1; \} hip2vx_join\(\2\); \}/);
    expect(device).toContain('  if (N > n) p[0] = 2;');
  });

  it('a ?: with a load in a later declarator is computed before the declaration, when the earlier declarators allow it (base64)', async () => {
    const later = await translateText('k.cu', '__global__ void k(const int* in, int n, int* out) {\n  int i = threadIdx.x;\n  int a = in[i], b = (i + 1 < n) ? in[i + 1] : 0;\n  out[i] = a + b;\n}\n');
    expect(formatted(later)).toEqual([]);
    expect(output(later, 'device')).toMatch(/if \(__hv_g\d+\) \{ (__hv_v\d+) = in\[i \+ 1\]; \} else \{ \1 = 0; \} hip2vx_join\(__hv_t\d+\); \} int a = in\[i\], b = \1;/);
    // Reading an earlier declarator, or after one with effects: not moved before them (refused).
    for (const declaration of ['int a = in[i], b = (a < n) ? in[a] : 0;', 'int a = atomicAdd(out, 1), b = (i + 1 < n) ? in[i + 1] : 0;']) {
      const result = await translateText('k.cu', `__global__ void k(const int* in, int n, int* out) {\n  int i = threadIdx.x;\n  ${declaration}\n  out[i] = a + b;\n}\n`);
      expect(formatted(result).map((d) => d.replace(/^.*\[/, '[')), declaration).toEqual(['[divergence-expression]']);
    }
  });

  it('a lowered if\'s branch pins the variables it assigns that live on after it (clang sank `v += 1` past the join), not memory', async () => {
    const text = await kernelText('int v = 0; int a[4] = {0}; int& r = p[0]; __shared__ int s; static int t = 0; int* q = p; struct { int x; } o = {0};\nif (p[threadIdx.x] > 0) { int local = 1; v += local; a[1] = 2; r = 3; s = 4; t = 5; q[1] = 6; o.x = 7; local = 8; q = p + 1; ++v; }\np[threadIdx.x] = v + a[1] + o.x + *q;');
    expect(text).toMatch(/q = p \+ 1; \+\+v; hip2vx_pin\(v\); hip2vx_pin\(a\); hip2vx_pin\(o\); hip2vx_pin\(q\); \} hip2vx_join/);
  });

  it('a branching macro given another function-like macro is expanded with it: MAXF(SQ(x), lo) selects between products', async () => {
    const result = await translateText('k.cu', '#define SQ(a) ((a) * (a))\n#define MAXF(a, b) ((a) > (b) ? (a) : (b))\n__global__ void k(float* p, int n, float lo) {\n  int i = threadIdx.x;\n  float x = p[i];\n  if (i < n && MAXF(SQ(x), lo) > 1.0f) p[i] = 0;\n}\n');
    expect(formatted(result)).toEqual([]);
    expect(output(result, 'device')).toContain('hip2vx_bool((hip2vx_select(hip2vx_bool(((x * x)) > (lo)), ((x * x)), lo)) > 1.0f)');
  });

  it('open the same region in each branch of an #if group splitting an if header, and keep groups between guarded statements', async () => {
    const text = await kernelText(
      'for (int i = threadIdx.x; i < n; i += 4) {\n  if (p[i] == 0) continue;\n#ifdef WIDE\n  p[i] += 1;\n#endif\n#ifndef WIDE\n  if (p[i] > 3 && i > 1)\n#else\n  if (p[i] > 2)\n#endif\n  { p[i] = 0; }\n}',
    );
    expect(text).toMatch(/\{ int __hv_g\d+ = !\(__hv_cont\d+\); int __hv_t\d+ = hip2vx_split\(__hv_g\d+\); if \(__hv_g\d+\) \{ \n#ifdef WIDE\n  p\[i\] \+= 1;\n#endif\n/);
    // The branch the parser saw, lowered; the other one's condition as written, in the same region.
    expect(text).toMatch(/#ifndef WIDE\n  \{ int (__hv_g\d+) = \(hip2vx_bool\(p\[i\] > 3\) & hip2vx_bool\(i > 1\)\); int (__hv_t\d+) = hip2vx_split\(\1\); if \(\1\) \n#else\n  \{ int \1 = hip2vx_bool\(p\[i\] > 2\); int \2 = hip2vx_split\(\1\); if \(\1\)\n#endif\n  \{ p\[i\] = 0; \} hip2vx_join\(\2\); \}/);
  });

  it('keep the text at the ends of a guarded body: a leading comment, and an #if group closing a brace the parser did not see inside the last region (multimaterial)', async () => {
    const text = await kernelText(
      '  // the cell\n  int i = threadIdx.x;\n  if (i >= n) return;\n#ifdef FUSED\n  if (p[i] <= 0) {\n    p[i] = 0;\n  }\n  else {\n#endif\n    p[i] = 1;\n#ifdef FUSED\n  }\n#endif',
    );
    expect(text).toMatch(/^__global__ void k\(int\* p, int n\) \{ int __hv_ret\d+ = 0; \n  \/\/ the cell\n  int i = threadIdx.x;/);
    expect(text).toMatch(/  else \{\n#endif\n    p\[i\] = 1;\n#ifdef FUSED\n  \}\n#endif\n \} hip2vx_join\(__hv_t\d+\); \}  \}/);
  });

  it('make a ?: a select when its arms load only what its condition loads', async () => {
    const text = await kernelText('const int* q = p + threadIdx.x;\np[threadIdx.x] = 1 + ((0 < q[0] && q[0] < n) ? q[0] * 2 : q[0]);');
    expect(text).toContain('1 + (hip2vx_select(hip2vx_bool(((hip2vx_bool(0 < q[0]) & hip2vx_bool(q[0] < n)))), q[0] * 2, q[0]));');
  });

  it('select by address a ?: that must stay an object: bound to a reference, assigned to, its address taken', async () => {
    const text = await kernelText('int i = threadIdx.x;\nint& r = i < n ? p[i] : p[0];\nr += 1;\n(i & 1 ? p[1] : p[2]) = 3;\nint* q = &(i > 2 ? p[3] : n);\n*q = 4;');
    expect(text).toContain('int& r = (*hip2vx_select(hip2vx_bool(i < n), &(p[i]), &(p[0])));');
    expect(text).toContain('((*hip2vx_select(hip2vx_bool(i & 1), &(p[1]), &(p[2])))) = 3;');
    expect(text).toContain('int* q = &((*hip2vx_select(hip2vx_bool(i > 2), &(p[3]), &(n))));');
    // A value is not selected by address.
    expect(await kernelText('int i = threadIdx.x;\nint v = i < n ? p[0] : n;\np[i] = v;')).toContain('if (__hv_g1) { v = p[0]; } else { v = n; }');
  });

  it('keep the parentheses of a comma expression assigned in a branch of a lowered ?:', async () => {
    const text = await kernelText('int i = threadIdx.x, j = 0;\nint v = (i & 1) ? (j++, i * 2) : (j--, i * 3);\np[i] = v + j;');
    expect(text).toMatch(/if \(__hv_g\d+\) \{ v = \(j\+\+, i \* 2\); \} else \{ v = \(j--, i \* 3\); \}/);
  });

  it('return references and pointers from device functions with per-thread returns as such', async () => {
    const result = await translateText('f.cu', [
      'template <typename T> __device__ const T& larger(const T& a, const T& b) { return a < b ? b : a; }',
      'struct P { float x, y; __device__ float& at(int i) { if (i == 0) return x; return y; } };',
      '__device__ const float* const pick(const float* a, const float* b, int i) { if (i & 1) return a; return b; }',
      '__global__ void k(float* v, P* s) { int i = threadIdx.x; v[i] = larger(v[i], v[0]) + *pick(v, v + 1, i); s[i].at(i) = 1.0f; }',
      '',
    ].join('\n'));
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const device = output(result, 'device');
    expect(device).toContain('{ return (*hip2vx_select(hip2vx_bool(hip2vx_lt(a , b)), &(b), &(a))); }');
    expect(device).toMatch(/float& at\(int i\) \{ int __hv_ret\d+ = 0; float\* __hv_rv\{\}; [^]*?__hv_rv = &\(x\);[^]*?__hv_rv = &\(y\);[^]*? return \*__hv_rv; \}/);
    expect(device).toMatch(/const float\* const pick\([^)]*\) \{ int __hv_ret\d+ = 0; const float\* __hv_rv\{\}; [^]*?__hv_rv = a;[^]*? return __hv_rv; \}/);
  });

  it('treat the HIP spellings of threadIdx as per-thread', async () => {
    for (const spelling of ['hipThreadIdx_x', 'hipThreadIdx_y', 'hipThreadIdx_z']) {
      const text = await kernelText(`int x = hipBlockIdx_x * hipBlockDim_x + ${spelling};\nif (x >= n) return;\np[x] = 1;`);
      expect(text, spelling).toMatch(/hip2vx_split\((__hv_g\d+)\); if \(\1\) \{ __hv_ret\d+ = 1; \}/);
    }
    // blockIdx and blockDim alone stay uniform.
    expect(await kernelText('int b = hipBlockIdx_y * hipBlockDim_x;\nif (b >= n) return;\np[b] = 1;')).not.toContain('hip2vx_split');
  });

  it('pass every per-thread comparison of a combined condition through hip2vx_bool', async () => {
    const text = await kernelText('int col = blockIdx.x * blockDim.x + threadIdx.x;\nint row = blockIdx.y * blockDim.y + threadIdx.y;\nif (col < n && row < n) p[row * n + col] = 1;');
    expect(text).toMatch(/int (__hv_g\d+) = \(hip2vx_bool\(col < n\) & hip2vx_bool\(row < n\)\); int __hv_t\d+ = hip2vx_split\(\1\);/);
  });

  it('make a per-thread comparison used as a value opaque, but not a uniform one or a condition', async () => {
    const text = await kernelText('int i = threadIdx.x;\nfloat u = (float)p[i];\nint d = i < n;\np[i] = (int)(u * u * (u > 0)) + ((i < n) & (p[i] != 3)) + (n > 2) * 4 + d;\np[i] += p[i] >= 2;\nbool e = n > 1;\np[0] = f(u == 1.0f, n == 2);\nfloat2 w = {u < 2, 0};\nif (u < 3) p[1] = 0;');
    expect(text).toContain('p[i] = (int)(u * u * (hip2vx_bool(u > 0))) + ((hip2vx_bool(i < n)) & (hip2vx_bool(p[i] != 3))) + (n > 2) * 4 + d;');
    expect(text).toContain('p[i] += hip2vx_bool(p[i] >= 2);');
    expect(text).toContain('int d = hip2vx_bool(i < n);');
    expect(text).toContain('bool e = n > 1;');
    expect(text).toContain('p[0] = f(hip2vx_bool(u == 1.0f), n == 2);');
    expect(text).toContain('float2 w = {hip2vx_bool(u < 2), 0};');
    expect(text).toMatch(/int __hv_g\d+ = hip2vx_bool\(u < 3\);/);
  });

  it('taint flows through locals and memory loads', async () => {
    const text = await kernelText('int i = threadIdx.x;\nint j = i * 2;\nint v = p[0];\nif (j > 3) p[1] = 0;\nif (v) p[2] = 0;');
    expect(count(text, 'hip2vx_split(')).toBe(2);
  });

  it('leave conditions on __shared__ memory read at a uniform address (or through a reference to one) alone, but not at a per-thread one or through a pointer', async () => {
    const text = await kernelText(
      '__shared__ int len;\n__shared__ int s[8];\n__shared__ struct { int n; } box;\nint* q = s;\n' +
      'if (len > 0) p[0] = 1;\nwhile (s[n % 8] > 0) s[n % 8]--;\nif (box.n) p[1] = 2;\nint copy = len;\nif (copy) p[2] = 3;\n' +
      'if (s[threadIdx.x % 8]) p[3] = 4;\nif (q[0]) p[4] = 5;\n' +
      'int& next = s[1];\nif (threadIdx.x == 0) next = p[0];\n__syncthreads();\nwhile (next < n) { __syncthreads(); if (threadIdx.x == 0) next++; __syncthreads(); }\nint& mine = s[threadIdx.x % 8];\nif (mine) p[5] = 6;',
    );
    // A reference to one location reads it (tqs's `int& next = l_mem[0];`); to the thread's own element, it varies.
    expect(count(text, 'hip2vx_split(')).toBe(5);
    expect(text).not.toContain('HIP2VX_PRED_EXIT');
    expect(text).toContain('if (len > 0) p[0] = 1;');
  });

  it('put a per-thread loop bound in a pred loop whose only exit is the asm goto', async () => {
    const text = await kernelText('for (int k = 0; k < p[threadIdx.x]; ++k) p[k] += 1;');
    expect(text).toMatch(/int k = 0; int (__hv_m\d+) = hip2vx_active_threads\(\); int (__hv_go\d+); HIP2VX_PRED_LOOP \{ \2 = hip2vx_bool\(k < p\[threadIdx\.x\]\); HIP2VX_PRED_EXIT\(\2, \1, (__hv_end\d+)\);/);
    expect(text).toMatch(/\+\+k; \} (__hv_end\d+): hip2vx_tmc\(__hv_m\d+\); \}/);
  });

  it('turn a break out of a per-thread loop into a flag folded into the predicate', async () => {
    const text = await kernelText('int x = threadIdx.x;\nwhile (x != 1) { x = x / 2; if (x == 7) break; }');
    expect(text).toMatch(/int (__hv_brk\d+) = 0;/);
    expect(text).toMatch(/!\((__hv_brk\d+)\)/);
    expect(text).not.toMatch(/\bbreak;/);
  });

  it('turn an early return into a flag and guard the rest of the body', async () => {
    const text = await kernelText('int i = threadIdx.x;\nif (i >= n) return;\np[i] = 1;');
    expect(text).toMatch(/int (__hv_ret\d+) = 0;/);
    expect(text).not.toMatch(/\breturn;/);
    expect(text).toMatch(/int (__hv_g\d+) = !\(__hv_ret\d+\); int (__hv_t\d+) = hip2vx_split\(\1\); if \(\1\) \{ p\[i\] = 1; \} hip2vx_join\(\2\);/);
  });

  it('bracket each case of a switch on per-thread data, ORing fallthrough', async () => {
    const text = await kernelText('switch (p[threadIdx.x]) {\ncase 0:\ncase 1: p[0] = 1; break;\ndefault: p[0] = 2;\n}');
    expect(count(text, 'hip2vx_split(')).toBe(3);
    expect(text).not.toContain('switch');
  });

  it('pin the locals each case of a per-thread switch assigns, as an if\'s branches do (clang computed them after the regions, branching on the guards)', async () => {
    const text = await kernelText('float w = 0.f; bool special = false;\nswitch (p[threadIdx.x]) {\ncase 0: w += 3.f; break;\ncase 2: { float u = 1.f; u += 1.f; w = u; } break;\ndefault: special = true;\n}\np[0] = special ? 0 : (int)w;');
    expect(text).toMatch(/\{ w \+= 3\.f;\s+hip2vx_pin\(w\); \}/);
    expect(text).toMatch(/w = u; \}\s+hip2vx_pin\(w\); \}/);
    expect(text).toContain('special = true; hip2vx_pin(special); }');
    expect(text).not.toContain('hip2vx_pin(u)');
  });

  it('drop the fallthrough statements of a per-thread switch (the standard attribute and GNU\'s), and keep those of a uniform one', async () => {
    const text = await kernelText('switch (p[threadIdx.x]) {\ncase 0: p[0] = 1; [[fallthrough]];\ncase 1: p[1] = 1; __attribute__((fallthrough));\ndefault: p[2] = 2;\n}\nswitch (n) {\ncase 0: p[3] = 1; __attribute__((fallthrough));\ndefault: p[4] = 1;\n}');
    expect(count(text, 'hip2vx_split(')).toBe(3);
    expect(text).not.toContain('[[fallthrough]]');
    expect(count(text, '__attribute__((fallthrough));')).toBe(1);
    expect(text).toContain('switch (n) {\ncase 0: p[3] = 1; __attribute__((fallthrough));');
  });

  it('test a GNU case range of a per-thread switch as two comparisons', async () => {
    const text = await kernelText('switch (p[threadIdx.x]) {\ncase 1 ... 3: p[0] = 1; break;\ndefault: p[0] = 2;\n}');
    expect(text).toMatch(/\(hip2vx_bool\((__hv_v\d+) >= \(1\)\) & hip2vx_bool\(\1 <= \(3\)\)\)/);
    expect(text).not.toContain('...');
  });

  it('turn a break in the middle of a case of a per-thread switch into a flag guarding the rest of the case and its fallthrough (read opaque there: clang branched on it)', async () => {
    const text = await kernelText('int i = threadIdx.x;\nswitch (i % 4) {\ncase 0: p[0] = 1; break;\ncase 1: p[1] = 1; if (p[i] > n) break; p[2] = 1;\ncase 2: p[3] = 1; break;\n}');
    expect(text).not.toMatch(/\bbreak;/);
    expect(text).toMatch(/int (__hv_brk\d+) = 0;[^]*if \((__hv_g\d+)\) \{ \1 = 1; \}[^]*int (__hv_g\d+) = !\(\1\); int (__hv_t\d+) = hip2vx_split\(\3\); if \(\3\) \{ p\[2\] = 1; \}[^]*__hv_f\d+ = __hv_g\d+ & !hip2vx_bool\(\1\);/);
  });

  it('make side-effect-free ?:, && and || on per-thread values branch-free', async () => {
    const text = await kernelText('int i = threadIdx.x;\nint a = i < n ? i : n;\nbool b = i > 2 && i < 9;\np[0] = a + b;');
    expect(text).toContain('hip2vx_select(hip2vx_bool(i < n), i, n)');
    expect(text).toContain('(hip2vx_bool(i > 2) & hip2vx_bool(i < 9))');
  });

  it('lower a ?: with a memory load at statement level into a split if/else', async () => {
    const text = await kernelText('int i = threadIdx.x;\nint v = (i < n) ? p[i] : 0;\np[0] = v;');
    expect(text).toMatch(/int v; \{ int (__hv_g\d+) = hip2vx_bool\(i < n\); int (__hv_t\d+) = hip2vx_split\(\1\); if \(\1\) \{ v = p\[i\]; \} else \{ v = 0; \} hip2vx_join\(\2\); \}/);
  });

  it('lower a chain of ?: with loads in its branches into nested split if/else assignments', async () => {
    const text = await kernelText('int i = threadIdx.x;\nint v = i < 4 ? p[i] : i < 8 ? p[i - 4] * 2 : 0;\np[0] = v;');
    expect(text).toMatch(/int v; \{ int (__hv_g\d+) = hip2vx_bool\(i < 4\); int (__hv_t\d+) = hip2vx_split\(\1\); if \(\1\) \{ v = p\[i\]; \} else \{ \{ int (__hv_g\d+) = hip2vx_bool\(i < 8\); int (__hv_t\d+) = hip2vx_split\(\3\); if \(\3\) \{ v = p\[i - 4\] \* 2; \} else \{ v = 0; \} hip2vx_join\(\4\); \} \} hip2vx_join\(\2\); \}/);
  });

  it('leave &&, || and ?: the compiler evaluates alone (static_assert, if constexpr)', async () => {
    const result = await translateText('k.cu', 'constexpr int cap() { return 16; }\ntemplate <int N, int A = 0>\n__device__ void copy(int* p) {\n  static_assert(N <= cap() || A == 0, "x");\n  if constexpr (N > 4 && A == 0) p[threadIdx.x] = 1;\n}\n__global__ void k(int* p) { copy<8>(p); }\n');
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(output(result, 'device')).toContain('static_assert(N <= cap() || A == 0, "x");');
  });

  it('leave the ?: of a constexpr function alone (lowered, it would no longer be a constant expression)', async () => {
    const result = await translateText('k.cu', '__host__ __device__\nconstexpr int cilog2(int v) { return v > 0 ? 1 + cilog2(v >> 1) : -1; }\ntemplate <int N> __global__ void k(int* p) { p[threadIdx.x] = cilog2(N); }\nint main() { int* p; k<8><<<1, 8>>>(p); }\n');
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(output(result, 'device')).toContain('__host__ __device__\nconstexpr int cilog2(int v) { return v > 0 ? 1 + cilog2(v >> 1) : -1; }');
  });

  it('short-circuit with a load: the load only runs where the first operand holds', async () => {
    const text = await kernelText('int i = threadIdx.x;\nif (i < n && p[i] > 0) p[i] = 0;');
    expect(text).toMatch(/int (__hv_c\d+) = hip2vx_bool\(i < n\); \{ int (__hv_g\d+) = \1; int (__hv_t\d+) = hip2vx_split\(\2\); if \(\2\) \{ \1 = hip2vx_bool\(p\[i\] > 0\); \}/);
  });

  it('compute an unsafe ?: inside a call, a return or arithmetic into a temporary before its statement', async () => {
    const text = await kernelText('int i = threadIdx.x;\np[0] = f(i < n ? p[i] : 0) + 1;');
    expect(text).toMatch(/HIP2VX_VALUE_TYPE\(\(i < n\) \? \(p\[i\]\) : \(0\)\) (__hv_v\d+); \{ int (__hv_g\d+) = hip2vx_bool\(i < n\); int (__hv_t\d+) = hip2vx_split\(\2\); if \(\2\) \{ \1 = p\[i\]; \} else \{ \1 = 0; \} hip2vx_join\(\3\); \} p\[0\] = f\(\1\) \+ 1;/);
    const braced = await kernelText('int i = threadIdx.x;\nif (n > 2) p[0] = f(i < n ? p[i] : 0);');
    expect(braced).toMatch(/if \(n > 2\) \{ HIP2VX_VALUE_TYPE.* p\[0\] = f\(__hv_v\d+\); \}/);
  });

  it('compute an unsafe ?: in a per-thread loop condition at every evaluation', async () => {
    const text = await kernelText('int i = threadIdx.x;\nfor (int j = 0; j < (i & 1 ? p[i] : 2); ++j) p[0] += 1;');
    expect(text).toMatch(/HIP2VX_PRED_LOOP \{ HIP2VX_VALUE_TYPE\(.*\) (__hv_v\d+); .* __hv_go\d+ = hip2vx_bool\(j < \(\1\)\); HIP2VX_PRED_EXIT/);
  });

  it('keep refusing an unsafe ?: whose evaluation is itself conditional', async () => {
    const result = await translateText('k.cu', '__device__ int f(int v) { return v; }\n__global__ void k(int* p, int n) {\nint i = threadIdx.x;\np[0] = i > 3 ? f(i < n ? p[i] : 0) : 0;\n}\n');
    expect(result.diagnostics.map((d) => `${d.line}:${d.col} ${d.ruleId}`)).toEqual(['4:18 divergence-expression']);
  });

  it('warn about __syncthreads inside a per-thread region', async () => {
    const result = await translateText('k.cu', '__global__ void k(int* p) {\nif (threadIdx.x < 4) __syncthreads();\n}\n');
    expect(result.diagnostics.map((d) => `${d.line}:${d.col} ${d.severity} ${d.ruleId}`)).toEqual(['2:1 warning divergent-barrier']);
  });

  it('--divergence compiler leaves control flow to Vortex\'s LLVM', async () => {
    const text = await kernelText('int i = threadIdx.x;\nif (i < n) p[i] = i < 3 ? 1 : 2;', 'int* p, int n', 'compiler');
    expect(text).not.toContain('hip2vx_split');
    expect(text).not.toContain('hip2vx_select');
  });

  it('leave conditions on const data read at a uniform address alone, but not on data the kernel may write', async () => {
    const text = await kernelText('if (len[blockIdx.x] > 0) p[0] = 1;\nwhile (*len > n) n++;\nif (p[blockIdx.x]) p[1] = 2;\nif (len[threadIdx.x]) p[2] = 3;', 'const int* len, int* p, int n');
    expect(count(text, 'hip2vx_split(')).toBe(2);
    expect(text).not.toContain('HIP2VX_PRED_EXIT');
  });

  it('a device function\'s parameter is uniform where every call in the file passes a uniform value (its default included)', async () => {
    const scan = '__device__ void scan(int* s, int size, int w = 4) {\nfor (int o = 1; o < size * w; o <<= 1) { __syncthreads(); s[threadIdx.x] += o; }\n}\n';
    const barriers = (r: Awaited<ReturnType<typeof translateText>>) => r.diagnostics.filter((d) => d.ruleId === 'divergent-barrier').map((d) => `${d.line}:${d.col}`);
    const uniform = await translateText('k.cu', `${scan}__global__ void k(int* p, int n) { scan(p, n); scan(p, 8, n / 2); }\n`);
    expect(barriers(uniform)).toEqual([]);
    expect(output(uniform, 'device')).not.toContain('HIP2VX_PRED_EXIT');
    // One call passing a per-thread value, or a header (its includers' calls are not seen here).
    expect(barriers(await translateText('k.cu', `${scan}__global__ void k(int* p, int n) { scan(p, n); scan(p, 8, threadIdx.x); }\n`))).toEqual(['2:1']);
    expect(barriers(await translateText('k.cuh', `${scan}__global__ void k(int* p, int n) { scan(p, n); }\n`))).toEqual(['2:1']);
    // Through a chain of calls, and through recursion that passes on what it was given or not.
    const chain = await translateText('k.cu', `${scan}__device__ void twice(int* s, int m) { scan(s, m); scan(s, m + 1); }\n__global__ void k(int* p, int n) { twice(p, n); }\n`);
    expect(barriers(chain)).toEqual([]);
    const recursion = (arg: string) => translateText('k.cu', `__device__ void down(int* s, int n) {\nif (n > 0) { __syncthreads(); s[threadIdx.x] += n; down(s, ${arg}); }\n}\n__global__ void k(int* p, int n) { down(p, n); }\n`);
    expect(barriers(await recursion('n - 1'))).toEqual([]);
    expect(barriers(await recursion('s[threadIdx.x]'))).toEqual(['2:1']);
  });

  it('a device function\'s result is uniform when its returns depend on nothing per-thread but its arguments, and they are', async () => {
    const fns = '__device__ int ceil_div(int a, int b) { return (a + b - 1) / b; }\n__device__ int lane(int w) { return threadIdx.x % w; }\n';
    const loop = (bound: string) => translateText('k.cu', `${fns}__global__ void k(int* p, int n) {\nfor (int k = 0; k < ${bound}; ++k) { __syncthreads(); p[k] = 1; }\n}\n`);
    // A per-thread trip count around a barrier ends by a block vote (a uniform one needs none).
    expect(output(await loop('ceil_div(n, 4)'), 'device')).not.toMatch(/HIP2VX_PRED_EXIT|hip2vx_block_all/);
    expect(output(await loop('ceil_div(p[threadIdx.x], 4)'), 'device')).toContain('hip2vx_block_all');
    expect(output(await loop('lane(4)'), 'device')).toContain('hip2vx_block_all');
  });

  it('the math library and CUDA\'s fast math give uniform results for uniform arguments (backprop\'s __log2f(HEIGHT))', async () => {
    const loop = (bound: string) => translateText('k.cu', `__global__ void k(int* p, int n) {\nfor (int k = 1; k <= ${bound}; ++k) { __syncthreads(); p[k] = 1; }\n}\n`);
    for (const bound of ['__log2f(n)', '__powf(2.0f, n)', 'log2(n * 1.0)', 'ceil(sqrt(n))', '__popc(n)']) {
      expect(output(await loop(bound), 'device'), bound).not.toMatch(/HIP2VX_PRED_EXIT|hip2vx_block_all/);
    }
    expect(output(await loop('__log2f(p[threadIdx.x])'), 'device')).toContain('hip2vx_block_all');
  });

  it('a for loop whose initializer resets a counter that varies elsewhere, and that changes it uniformly, is uniform', async () => {
    const kernel = (second: string) => kernelText(`int i;\nfor (i = threadIdx.x; i < n; i++) p[i] = 0;\n${second}`);
    // The first loop is a pred loop; a second that is per-thread after all ends by a block vote.
    const uniform = await kernel('for (i = 2; i <= 64; i *= 2) { __syncthreads(); p[i] += 1; }');
    expect([count(uniform, 'HIP2VX_PRED_EXIT'), count(uniform, 'hip2vx_block_all')]).toEqual([1, 0]);
    for (const varying of ['for (i = 2; i <= 64; i *= 2) { if (p[threadIdx.x]) i++; __syncthreads(); }', 'for (i = threadIdx.x; i <= 64; i *= 2) { __syncthreads(); }']) {
      const result = await kernel(varying);
      expect([count(result, 'HIP2VX_PRED_EXIT'), count(result, 'hip2vx_block_all')], varying).toEqual([1, 1]);
    }
  });

  it('device functions called nowhere in the file treat their parameters as per-thread', async () => {
    const result = await translateText('k.cu', '__device__ int f(int x) { if (x > 0) return 1; return 2; }\n');
    const device = output(result, 'device');
    expect(device).toContain('hip2vx_split');
    expect(device).toMatch(/int __hv_rv\{\};.*return __hv_rv; \}/s);
  });
});

describe('--annotate', () => {
  it('leaves the rule id as a comment where a warning points', async () => {
    const source = '__global__ void k(int* p) {\nif (threadIdx.x < 4) __syncthreads();\n}\n';
    const plain = await translateText('k.cu', source);
    const annotated = await translateText('k.cu', source, { annotate: true });
    expect(output(plain, 'device')).not.toContain('/* hip2vortex: divergent-barrier */');
    expect(output(annotated, 'device')).toContain('/* hip2vortex: divergent-barrier */ { int __hv_g');
  });
});

describe('barriers after an early exit', () => {
  const warnings = (result: Awaited<ReturnType<typeof translateText>>) => result.diagnostics.map((d) => `${d.line}:${d.col} ${d.severity} ${d.ruleId}`);

  it('a kernel body\'s barrier after returns is run by every thread, between split regions (the threads that returned have left)', async () => {
    const source = '__global__ void k(int* p, int n) {\nint i = threadIdx.x;\nif (i >= n) return;\np[i] = 1;\n__syncthreads();\nif (p[i + 1] > n) return;\n__syncthreads();\np[i] += p[i + 1];\n}\n';
    const result = await translateText('k.cu', source);
    expect(warnings(result)).toEqual([]);
    const text = output(result, 'device');
    expect(text).toMatch(/if \((__hv_g\d+)\) \{ p\[i\] = 1; \} hip2vx_join\(__hv_t\d+\); \} \nhip2vx_syncthreads\(\);\n\{ int (__hv_g\d+) = !\((__hv_ret\d+)\);/);
    expect(text).toMatch(/\} \nhip2vx_syncthreads\(\);\n\{ int __hv_g\d+ = !\(__hv_ret\d+\); int __hv_t\d+ = hip2vx_split\(__hv_g\d+\); if \(__hv_g\d+\) \{ \np\[i\] \+= p\[i \+ 1\]; \}/);
    expect(count(text, 'hip2vx_syncthreads();')).toBe(2);
  });

  it('a __shared__ variable declared after the return and used after the barrier is declared ahead of the region as it is', async () => {
    const result = await translateText('k.cu', '__global__ void k(int* p, int n) {\nif (threadIdx.x >= n) return;\n__shared__ int s[16];\ns[threadIdx.x] = 1;\n__syncthreads();\np[threadIdx.x] = s[0];\n}\n');
    expect(warnings(result)).toEqual([]);
    expect(output(result, 'device')).toMatch(/\nauto& s = HIP2VX_SHARED\([^\n]*\)\.s; \{ int (__hv_g\d+) = !\(__hv_ret\d+\); int __hv_t\d+ = hip2vx_split\(\1\); if \(\1\) \{ auto& s = /);
  });

  it('an if on a per-thread condition ending a kernel lets the threads failing it leave: its barriers are run by every thread, between split regions', async () => {
    const source = '__global__ void k(int* p, int n) {\nint i = threadIdx.x;\n__shared__ int c;\nif (i < n && p[i] > 0) {\nif (i == 0) c = 0;\n__syncthreads();\np[i] += c;\n}\n}\n';
    const result = await translateText('k.cu', source);
    expect(warnings(result)).toEqual([]);
    const text = output(result, 'device');
    // The condition's && with a load is lowered; the flag is the one returns set.
    expect(text).toMatch(/\{ int (__hv_c\d+) = hip2vx_bool\(i < n\); \{ int (__hv_g\d+) = \1;.*\} (__hv_ret\d+) = !\(\1\); \} \{\{ int (__hv_g\d+) = !\(\3\);/);
    expect(text).toMatch(/hip2vx_join\(__hv_t\d+\); \} \nhip2vx_syncthreads\(\);\n\{ int __hv_g\d+ = !\(__hv_ret\d+\); int __hv_t\d+ = hip2vx_split\(__hv_g\d+\); if \(__hv_g\d+\) \{ \np\[i\] \+= c; \}/);
    // After a return, the threads that returned do not evaluate the condition.
    const returned = await translateText('k.cu', source.replace('__shared__ int c;', '__shared__ int c;\nif (p[0] == i) return;'));
    expect(warnings(returned)).toEqual([]);
    expect(output(returned, 'device')).toMatch(/\{ int (__hv_g\d+) = !__hv_ret\d+; int (__hv_t\d+) = hip2vx_split\(\1\); if \(\1\) \{ int __hv_c\d+ = hip2vx_bool\(i < n\);/);
    // Not the last statement, or a loop's body: the threads failing it are flagged for the if
    // only (the flag saved and restored); with an else, the barrier stays in its region.
    for (const changed of [source.replace('}\n}\n', '}\np[0] = 1;\n}\n'), source.replace('if (i < n', 'for (int r = 0; r < 2; ++r) if (i < n')]) {
      const masked = await translateText('k.cu', changed);
      expect(warnings(masked), changed).toEqual([]);
      expect(output(masked, 'device'), changed).toMatch(/\{ int (__hv_s\d+) = (__hv_ret\d+); .*\2 = !\(__hv_c\d+\);.*hip2vx_syncthreads\(\);.*\2 = \1; \}/s);
    }
    const orElse = source.replace('}\n}\n', '} else p[0] = 1;\n}\n');
    expect(warnings(await translateText('k.cu', orElse)).map((w) => w.replace(/:\d+/, ''))).toEqual(['4 warning divergent-barrier']);
  });

  it('declare ahead of the region the variables used after the barrier, and run the header and barriers of a uniform loop or if after returns on every thread', async () => {
    const source = `__global__ void k(int* p, int n, int m) {
if (threadIdx.x >= n) return;
const int v = p[threadIdx.x];
int w = v > 1 ? p[0] : 0;
__syncthreads();
for (int k = 0; k < m; ++k) {
  int u = p[k] + w;
  __syncthreads();
  if (m > 2) { int r = u; __syncthreads(); p[k] = r; }
}
p[threadIdx.x] = v + w;
}
`;
    const result = await translateText('k.cu', source);
    expect(warnings(result)).toEqual([]);
    const text = output(result, 'device');
    // Declared without const or value ahead of the region; assigned in it (a lowered ?: too).
    expect(text).toMatch(/\nint v; int w; \{ int (__hv_g\d+) = !\(__hv_ret\d+\); int __hv_t\d+ = hip2vx_split\(\1\); if \(\1\) \{ v = p\[threadIdx\.x\];\n\{ int (__hv_g\d+) = hip2vx_bool\(v > 1\); int __hv_t\d+ = hip2vx_split\(\2\); if \(\2\) \{ w = p\[0\]; \} else \{ w = 0; \}/);
    expect(text).not.toContain('int w = ');
    // The loop runs on every thread; its body's statements are guarded between its barriers.
    expect(text).toMatch(/hip2vx_syncthreads\(\);\nfor \(int k = 0; k < m; \+\+k\) \{int u; \{ int (__hv_g\d+) = !\(__hv_ret\d+\); int __hv_t\d+ = hip2vx_split\(\1\); if \(\1\) \{ u = p\[k\] \+ w; \}/);
    expect(text).toMatch(/hip2vx_syncthreads\(\);\n  if \(m > 2\) \{int r; \{ int (__hv_g\d+) = !\(__hv_ret\d+\); int __hv_t\d+ = hip2vx_split\(\1\); if \(\1\) \{ r = u; \}/);
    expect(count(text, 'hip2vx_syncthreads();')).toBe(3);
    expect(count(text, '= !(__hv_ret')).toBe(5);
    // An if that is a loop's whole body, and an else if, are guarded alike.
    const nested = await translateText('k.cu', '__global__ void k(int* p, int n, int m) {\nif (threadIdx.x >= n) return;\nfor (int k = 0; k < m; ++k)\n  if (m > 2) { int r = p[k]; __syncthreads(); p[k] = r; }\n  else if (m > 1) { p[k] = 2; __syncthreads(); }\n  else __syncthreads();\n}\n');
    expect(warnings(nested)).toEqual([]);
    const guarded = output(nested, 'device');
    expect(guarded).toMatch(/if \(m > 2\) \{int r; \{ int (__hv_g\d+) = !\(__hv_ret\d+\); int __hv_t\d+ = hip2vx_split\(\1\); if \(\1\) \{ r = p\[k\]; \}/);
    expect(guarded).toMatch(/else if \(m > 1\) \{\{ int (__hv_g\d+) = !\(__hv_ret\d+\); int __hv_t\d+ = hip2vx_split\(\1\); if \(\1\) \{ p\[k\] = 2; \}/);
    expect(guarded).toContain('else hip2vx_syncthreads();');
    // A counter declared and stepped by statements of their own, with uniform values: every thread runs them.
    const counted = await translateText('k.cu', '__global__ void k(int* p, int n, int m) {\nif (threadIdx.x >= n) return;\nint x = p[threadIdx.x];\nint it = 0;\nint rounds = m / 2;\nwhile (it < rounds) { p[it] += x; __syncthreads(); it += 1; }\ndo { __syncthreads(); } while (--rounds > 0);\n}\n');
    expect(warnings(counted)).toEqual([]);
    const countedText = output(counted, 'device');
    expect(countedText).toMatch(/hip2vx_join\(__hv_t\d+\); \} \nint it = 0;\nint rounds = m \/ 2;\nwhile \(it < rounds\) \{\{ int (__hv_g\d+) = !\(__hv_ret\d+\); int __hv_t\d+ = hip2vx_split\(\1\); if \(\1\) \{ p\[it\] \+= x; \} hip2vx_join\(__hv_t\d+\); \}  hip2vx_syncthreads\(\); it \+= 1;\n\}/);
    expect(countedText).toMatch(/do \{\s*hip2vx_syncthreads\(\);\s*\} while \(--rounds > 0\);/);
  });

  it('know the barriers by every spelling: a thread block\'s sync() waits like __syncthreads(), and the counting forms stay in their region', async () => {
    const head = '#include <cooperative_groups.h>\nnamespace cg = cooperative_groups;\n';
    const synced = await translateText('k.cu', `${head}__global__ void k(int* p, int n) {\ncg::thread_block block = cg::this_thread_block();\nif (threadIdx.x >= n) return;\np[threadIdx.x] = 1;\nblock.sync();\ncg::sync(block);\nauto b2 = cg::this_thread_block();\np[0] = 2;\n}\n`);
    const barriers = (r: Awaited<ReturnType<typeof translateText>>) => warnings(r).filter((w) => w.endsWith('divergent-barrier'));
    expect(barriers(synced)).toEqual([]);
    expect(output(synced, 'device')).toMatch(/hip2vx_join\(__hv_t\d+\); \} \nblock\.sync\(\);\ncg::sync\(block\);\n\{ int/);
    const counted = await translateText('k.cu', `__global__ void k(int* p, int n) {\nif (threadIdx.x >= n) return;\nint c = __syncthreads_count(p[threadIdx.x] > 0);\np[threadIdx.x] = c;\n}\n`);
    expect(warnings(counted)).toEqual(['2:1 warning divergent-barrier']);
    const inRegion = await translateText('k.cu', `${head}__global__ void k(int* p) {\nauto g = cg::this_thread_block();\nif (p[threadIdx.x]) g.sync();\nif (p[threadIdx.x] > 1) __syncthreads_or(1);\n}\n`);
    expect(barriers(inRegion)).toEqual(['5:1 warning divergent-barrier', '6:1 warning divergent-barrier']);
  });

  it('warn where the barrier stays in a split region: a device function\'s return, a barrier in a called function, or a loop that returned threads cannot run alike', async () => {
    const device = await translateText('k.cu', '__device__ void f(int* p, int n) {\nif (threadIdx.x >= n) return;\n__syncthreads();\np[threadIdx.x] = 1;\n}\n__global__ void k(int* p, int n) { f(p, n); }\n');
    expect(warnings(device)).toEqual(['2:1 warning divergent-barrier']);
    const directive = await translateText('k.cu', '__global__ void k(int* p, int n) {\nif (threadIdx.x >= n) return;\np[0] = 1;\n#if 1\n__syncthreads();\n#endif\np[threadIdx.x] = 1;\n}\n');
    expect(output(directive, 'device')).toContain('#if 1\n');
    const called = await translateText('k.cu', 'template <int N> __device__ void scan(int* s) { s[threadIdx.x] += 1; __syncthreads(); }\n__global__ void k(int* p, int n) {\nif (threadIdx.x >= n) return;\nscan<2>(p);\n}\n');
    expect(warnings(called)).toEqual(['3:1 warning divergent-barrier']);
    const inRegion = await translateText('k.cu', '__device__ void wait() { __syncthreads(); }\n__device__ void step() { wait(); }\n__global__ void k(int* p) {\nif (p[threadIdx.x]) step();\n}\n');
    expect(warnings(inRegion)).toEqual(['4:1 warning divergent-barrier']);
    // A member function that waits, the program's or a bundled library's (hipCUB's block collectives).
    const member = await translateText('k.cu', 'struct Sum { int* s; __device__ int all(int v) { s[threadIdx.x] = v; __syncthreads(); return s[0]; } };\n__global__ void k(int* p) {\n__shared__ int s[64];\nif (p[threadIdx.x]) p[0] = Sum{s}.all(1);\n}\n');
    expect(warnings(member)).toEqual(['4:1 warning divergent-barrier']);
    const cub = await translateText('k.cu', '#include <hipcub/hipcub.hpp>\n__global__ void k(const float* x, float* out, int n) {\ntypedef hipcub::BlockReduce<float, 64> BR; __shared__ typename BR::TempStorage t;\nif (blockIdx.x * 64 + threadIdx.x < n) {\n__syncthreads();\nout[0] = BR(t).Sum(x[threadIdx.x]);\n}\n}\n');
    expect(warnings(cub)).toEqual(['4:1 warning divergent-barrier']);
    // A member of the same name in a class that does not wait (a warp's reduction) is not taken for it.
    const warp = await translateText('k.cu', '#include <hipcub/hipcub.hpp>\n__global__ void k(const float* x, float* out) {\nusing WR = hipcub::WarpReduce<float>;\n__shared__ typename WR::TempStorage t[2];\nif (threadIdx.x < 32) out[0] = WR(t[0]).Sum(x[threadIdx.x]);\n}\n');
    expect(warnings(warp).filter((w) => w.endsWith('divergent-barrier'))).toEqual([]);
    const kernel = (body: string) => translateText('k.cu', `__global__ void k(int* p, int n) {\nif (threadIdx.x >= n) return;\n${body}\n}\n`);
    // An array cannot be declared ahead and assigned, and a barrier in a called function makes the
    // loop differ for returned threads (a per-thread bound or break ends by a vote instead).
    for (const body of [
      'int a[2] = {1, 2};\n__syncthreads();\np[threadIdx.x] = a[1];',
      'typedef int word;\nword w = p[threadIdx.x];\n__syncthreads();\np[0] = w;',
      'const int r = 2;\np[0] = r;\n__syncthreads();\nint w[2 * r + 1];\nw[0] = p[threadIdx.x];\np[1] = w[0];',
      'for (int k = 0; k < n; ++k) { p[k] = 1; __syncthreads(); __syncthreads_or(p[k]); }'.replace('__syncthreads_or(p[k])', 'wait()'),
    ]) {
      const source = body.includes('wait()') ? `__device__ void wait() { __syncthreads(); }\n` : '';
      const result = source ? await translateText('k.cu', `${source}__global__ void k(int* p, int n) {\nif (threadIdx.x >= n) return;\n${body}\n}\n`) : await kernel(body);
      expect(warnings(result), body).toContain(`${source ? 3 : 2}:1 warning divergent-barrier`);
    }
  });
});

describe('loops and ifs on per-thread conditions holding barriers', () => {
  const kernel = (body: string, file = 'k.cu') => translateText(file, `__global__ void k(int* p, int n) {\n${body}\n}\n`);
  const barrierWarnings = (result: Awaited<ReturnType<typeof kernel>>) => result.diagnostics.filter((d) => d.ruleId === 'divergent-barrier').map((d) => `${d.line}:${d.column}`);

  it('end by a block vote, the done threads flagged and the body guarded around its barriers', async () => {
    const result = await kernel('for (int i = threadIdx.x; i < n; i += blockDim.x) {\np[i] += 1;\n__syncthreads();\n}');
    expect(barrierWarnings(result)).toEqual([]);
    const device = output(result, 'device');
    expect(device).not.toContain('HIP2VX_PRED_EXIT');
    // The flag saved before the loop and restored after it; the condition and the update only where live.
    expect(device).toMatch(/\{ int i = threadIdx\.x; int (__hv_s\d+) = (__hv_ret\d+); for \(;;\) \{ \{ int (__hv_g\d+) = !\2; int (__hv_t\d+) = hip2vx_split\(\3\); if \(\3\) \{ \2 = !\(hip2vx_bool\(i < n\)\); \} hip2vx_join\(\4\); \} if \(hip2vx_block_all\(\2\)\) break; /);
    expect(device).toMatch(/if \(__hv_g\d+\) \{ p\[i\] \+= 1; \} hip2vx_join\(__hv_t\d+\); \} \nhip2vx_syncthreads\(\);\n\}/);
    expect(device).toMatch(/if \(__hv_g\d+\) \{ i \+= blockDim\.x; \} hip2vx_join\(__hv_t\d+\); \} \} __hv_ret\d+ = __hv_s\d+; \}/);
    // The vote counts in the warp scratch: the kernel's registration reserves it.
    expect(output(result, 'registration')).toContain('__hip2vxSetKernelWarpScratch(&__hip2vx_kernel_k_k, 16);');
  });

  it('take while and do-while loops, loops after a return, and uniform barrier loops inside', async () => {
    for (const body of [
      'int k = n - threadIdx.x;\nwhile (k >= 0) { p[k] = 1; k -= blockDim.x; __syncthreads(); }',
      'if (threadIdx.x >= n) return;\nint i = threadIdx.x;\ndo { p[i] = 1; __syncthreads(); i += 64; } while (i < 2 * n);',
      'if (threadIdx.x >= n) return;\nfor (int j = threadIdx.x; j < 3 * n; j += n) { __syncthreads(); for (int d = 1; d < 64; d *= 2) { p[j] += d; __syncthreads(); } }',
      // A bound written in the loop, per thread.
      'int m = 0;\nfor (int k = 0; k < m; ++k) { p[k] = 1; __syncthreads(); if (p[k]) m++; }',
    ]) {
      const result = await kernel(body);
      expect(barrierWarnings(result), body).toEqual([]);
      expect(output(result, 'device'), body).toContain('hip2vx_block_all');
    }
  });

  it('run the barriers of an if on a per-thread condition on every thread, the threads failing it flagged for the if only (no vote, no scratch)', async () => {
    for (const body of [
      '__shared__ int s[64];\nif (threadIdx.x < n) { s[threadIdx.x] = 1; __syncthreads(); p[threadIdx.x] = s[63 - threadIdx.x]; }\n__syncthreads();\np[0] = 1;',
      'if (threadIdx.x >= 2 * n) return;\nif (threadIdx.x < n) { __syncthreads(); p[threadIdx.x] = 1; }\np[threadIdx.x] += 1;',
    ]) {
      const result = await kernel(body);
      expect(barrierWarnings(result), body).toEqual([]);
      expect(output(result, 'device'), body).toMatch(/\{ int (__hv_s\d+) = (__hv_ret\d+); \{ int (__hv_g\d+) = !\2; int (__hv_t\d+) = hip2vx_split\(\3\); if \(\3\) \{ \2 = !\(hip2vx_bool\(threadIdx\.x < n\)\); \} hip2vx_join\(\4\); \} \{/);
      expect(output(result, 'device'), body).not.toContain('hip2vx_block_all');
      expect(output(result, 'registration'), body).not.toContain('WarpScratch');
    }
  });

  it('flag a thread that breaks for the rest of the loop, and one that continues for the rest of the pass', async () => {
    const broken = await kernel('int found = -1;\nfor (int i = threadIdx.x; i < n; i += 64) {\n__syncthreads();\nif (p[i] == 7) { found = i; break; }\n__syncthreads();\n}\np[threadIdx.x] = found;');
    expect(barrierWarnings(broken)).toEqual([]);
    expect(output(broken, 'device')).toMatch(/if \(__hv_g\d+\) \{ found = i; __hv_ret0 = 1; hip2vx_pin\(found\); \}/);
    const continued = await kernel('int sum = 0;\nfor (int i = threadIdx.x; i < n; i += 64) {\n__syncthreads();\nif (p[i] % 2) continue;\nsum += p[i];\n__syncthreads();\n}\np[threadIdx.x] = sum;');
    expect(barrierWarnings(continued)).toEqual([]);
    const device = output(continued, 'device');
    expect(device).toMatch(/\{ __hv_ret0 = 1; (__hv_c\d+) = 1; \}/);
    // After the pass, in a region of its own: those threads are live again.
    expect(device).toMatch(/\{ int (__hv_g\d+) = (__hv_c\d+); int (__hv_t\d+) = hip2vx_split\(\1\); if \(\1\) \{ __hv_ret0 = 0; \2 = 0; \} hip2vx_join\(\3\); \} \{ int __hv_g\d+ = !__hv_ret0;/);
  });

  it('leave what outlives the loop to the live threads: a counter declared before it is updated in a region', async () => {
    const device = output(await kernel('int k = n - threadIdx.x;\nwhile (k >= 0) { p[k] = 1;\nk -= 64;\n__syncthreads(); }\np[0] = k;'), 'device');
    expect(device).toMatch(/if \(__hv_g\d+\) \{ p\[k\] = 1;\nk -= 64; \} hip2vx_join/);
  });

  it('keep the warning where threads leave otherwise, a header is translated, a nested bound differs, the initializer loads after a return, or an if has an else', async () => {
    for (const [body, file] of [
      ['for (int i = threadIdx.x; i < n; ++i) { __syncthreads(); if (p[i]) return; }', 'k.cu'],
      ['for (int i = threadIdx.x; i < n; ++i) { __syncthreads(); if (p[i]) goto out; }\nout: p[0] = 1;', 'k.cu'],
      ['for (int i = threadIdx.x; i < n; ++i) { p[i] = 1; __syncthreads(); }', 'k.cuh'],
      ['for (int i = threadIdx.x; i < n; ++i) { int m = p[i]; __syncthreads(); for (int j = 0; j < m; ++j) __syncthreads(); }', 'k.cu'],
      ['if (threadIdx.x >= n) return;\nfor (int i = p[threadIdx.x]; i < n; ++i) { __syncthreads(); }', 'k.cu'],
      ['for (int r = 0; r < n; ++r) { if (p[threadIdx.x]) { __syncthreads(); break; } }', 'k.cu'],
      ['if (p[threadIdx.x]) { __syncthreads(); } else { p[0] = 1; }\np[1] = 1;', 'k.cu'],
    ]) {
      const result = await kernel(body, file);
      expect(barrierWarnings(result), body).not.toEqual([]);
      expect(output(result, 'device'), body).not.toContain('hip2vx_block_all');
    }
  });
});

describe('values computed inside a per-thread region', () => {
  it('a loop with a uniform bound inside a per-thread if stays a plain loop', async () => {
    const text = await kernelText('int i = threadIdx.x;\nif (i < n) {\n  for (int k = 0; k < n; ++k) p[i] += k;\n}');
    expect(count(text, 'hip2vx_split(')).toBe(1);
    expect(text).not.toContain('HIP2VX_PRED_EXIT');
  });

  it('a variable declared outside and written inside varies afterwards', async () => {
    const text = await kernelText('int i = threadIdx.x;\nint m = 0;\nif (i < n) m = 4;\nfor (int k = 0; k < m; ++k) p[k] = 0;');
    expect(text).toContain('HIP2VX_PRED_EXIT');
  });

  it('a local array written at a per-thread index, or a local whose address escapes, varies', async () => {
    const array = await kernelText('int a[4] = {0, 0, 0, 0};\na[threadIdx.x & 3] = 1;\nif (a[0]) p[0] = 1;');
    expect(count(array, 'hip2vx_split(')).toBe(1);
    const uniformIndex = await kernelText('int a[4] = {0, 0, 0, 0};\na[blockIdx.x & 3] = n;\nif (a[0]) p[0] = 1;');
    expect(uniformIndex).not.toContain('hip2vx_split');
    const escaped = await kernelText('int c = 0;\natomicAdd(&c, 1);\nif (c) p[0] = 1;');
    expect(count(escaped, 'hip2vx_split(')).toBe(1);
    // An array passed to a function, or through a pointer it decays to, may be written there.
    for (const use of ['fill(a, threadIdx.x);', 'int* q = a + 1;\nq[0] = threadIdx.x;']) {
      const source = `__device__ void fill(int* v, int x) { v[0] = x; }\n__global__ void k(int* p) {\nint a[4] = {0, 0, 0, 0};\n${use}\nif (a[0] > sizeof(a)) p[0] = 1;\n}\n`;
      const result = await translateText('k.cu', source);
      expect(count(output(result, 'device'), 'hip2vx_split(')).toBe(1);
    }
    // A local passed to a device function's non-const reference parameter may be written there.
    const byReference = `__device__ void find(const int* v, int& at, const int& n, float (&w)[2]) { at = v[n]; w[0] = v[0]; }
__global__ void k(int* p) {
int at = 0, n = 1, m = 2;
float w[2] = {0, 0};
find(p + threadIdx.x, at, n, w);
if (at > 1) p[0] = 1;
if (n > 1) p[1] = 1;
if (m > 1) p[2] = 1;
if (w[1] > 1) p[3] = 1;
}
`;
    const referenced = output(await translateText('k.cu', byReference), 'device');
    expect(referenced).toContain('hip2vx_split(__hv_g1)');
    expect(count(referenced, 'hip2vx_split(')).toBe(2);
    expect(referenced).toMatch(/hip2vx_bool\(at > 1\)/);
    expect(referenced).toMatch(/hip2vx_bool\(w\[1\] > 1\)/);
    // So may an object whose member function is called; a warp tile's are read-only.
    const method = `#include <cooperative_groups.h>
namespace cg = cooperative_groups;
struct Acc { int s; __device__ void add(int v) { s += v; } };
__global__ void k(int* p) {
Acc acc = {0};
acc.add(p[threadIdx.x]);
if (acc.s > 1) p[0] = 1;
auto tile = cg::tiled_partition<4>(cg::this_thread_block());
tile.sync();
if (tile.size() > 1) p[1] = 1;
}
`;
    const methods = output(await translateText('k.cu', method), 'device');
    expect(methods).toMatch(/hip2vx_bool\(acc\.s > 1\)/);
    expect(count(methods, 'hip2vx_split(')).toBe(1);
    const swapped = await kernelText('int lo = 0, hi = n;\nif (p[threadIdx.x]) std::swap(lo, hi);\nif (lo > 1) p[0] = 1;');
    expect(count(swapped, 'hip2vx_split(')).toBe(2);
    // A lambda's parameters hold what its callers pass.
    const lambda = await kernelText('int best = 0;\nauto upd = [&](int v) { best = v > best ? v : best; };\nupd(p[threadIdx.x]);\nif (best > 3) p[0] = 1;');
    expect(count(lambda, 'hip2vx_split(')).toBe(1);
    const elementsOnly = await kernelText('int a[4] = {0, 0, 0, 0};\np[0] = sizeof(a) + a[1];\nif (a[0]) p[0] = 1;');
    expect(elementsOnly).not.toContain('hip2vx_split');
  });

  it('warns when split regions nest deeper than 4-thread warps hold (3 levels)', async () => {
    const nested = (levels: number) => {
      const conds = Array.from({ length: levels }, (_, k) => `if (threadIdx.x > ${k}) `).join('');
      return `__global__ void k(int* p) {\n  ${conds}p[threadIdx.x] = 1;\n  if (threadIdx.x == 7) p[0] = 2;\n}\n`;
    };
    const three = await translateText('k.cu', nested(3));
    expect(formatted(three)).toEqual([]);
    expect(output(three, 'device').split('hip2vx_split(').length - 1).toBe(4);
    const four = await translateText('k.cu', nested(4));
    expect(formatted(four)).toEqual([
      "k.cu:1:1: warning: split regions nest 4 deep in 'k': Vortex's reconvergence stack holds (threads per warp - 1) levels, so this needs at least 5 threads per warp (the default of 4 holds 3) [divergence-nesting]",
    ]);
    expect(four.outputs.length).toBeGreaterThan(0);
  });

  it('counts the regions of device functions called inside a region', async () => {
    const source = `__device__ int leaf(int v) {\n  if (v > 1) if (v > 2) v = 0;\n  return v;\n}\n__global__ void k(int* p) {\n  if (threadIdx.x > 0) if (threadIdx.x > 1) p[threadIdx.x] = leaf(p[threadIdx.x]);\n  p[0] = leaf(p[1]);\n}\n`;
    const result = await translateText('k.cu', source);
    expect(formatted(result)).toEqual([
      "k.cu:5:1: warning: split regions nest 4 deep in 'k' (with those of 'leaf', called inside them): Vortex's reconvergence stack holds (threads per warp - 1) levels, so this needs at least 5 threads per warp (the default of 4 holds 3) [divergence-nesting]",
    ]);
  });

  it('a directive opening the statements guarded after a return starts its own line', async () => {
    const text = await kernelText('if (threadIdx.x >= n) return;\n#pragma unroll\nfor (int k = 0; k < 4; ++k) p[threadIdx.x] += k;');
    expect(text).toMatch(/\n#pragma unroll\n/);
    expect(text).not.toMatch(/[^\n]#pragma/);
  });

  it('an unroll pragma before a per-thread loop is dropped with a comment', async () => {
    const text = await kernelText('#pragma unroll 4\nfor (int k = 0; k < p[threadIdx.x]; ++k) p[k] = 0;');
    expect(text).toContain("// hip2vortex: '#pragma unroll 4' dropped: the loop below is bracketed for divergence");
  });
});
