// 64-bit integer comparisons and variable shifts in device code built for rv32 become the
// runtime's branch-free helpers (compilers branch on the high words); that the helpers compute
// the operators' results on simx and the CPU backend is shown by the int64-compare feature program.
import { describe, expect, it } from 'vitest';
import { output, translateText } from './translate-helpers.js';

const KERNEL = `#include <cstdint>
__global__ void k(const int64_t* a, unsigned long long* u, int* p, int64_t n, int m) {
  for (int64_t i = threadIdx.x; i < n; i += blockDim.x) {
    int j = threadIdx.x;
    if (j < m && a[i] >= 0 && u[i] > (unsigned long long)a[i]) p[j] = (int)(a[i] >> j) + (int)(u[i] << 3);
    if (i <= m) u[i] = u[i] << p[j];
    static_assert(sizeof(int64_t) > 4, "");
  }
}
`;

async function device(xlen: 32 | 64) {
  const result = await translateText('k.cu', KERNEL, { xlen });
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return output(result, 'device');
}

describe('64-bit integers on rv32', () => {
  it('compare and shift by a variable count through the helpers, and leave 32-bit operations and constant shifts alone', async () => {
    const text = await device(32);
    expect(text).toContain('hip2vx_lt(i , n)');
    expect(text).toContain('hip2vx_bool(j < m)');
    expect(text).toContain('hip2vx_ge(a[i] , 0)');
    expect(text).toContain('hip2vx_gt(u[i] , (unsigned long long)a[i])');
    expect(text).toContain('hip2vx_le(i , m)');
    expect(text).toContain('(int)(hip2vx_shr(a[i] , j))');
    expect(text).toContain('(int)(u[i] << 3)');
    expect(text).toContain('u[i] = hip2vx_shl(u[i] , p[j]);');
    expect(text).toContain('static_assert(sizeof(int64_t) > 4, "");');
  });

  it('rewrite a shift in a lambda inside device code once (an internal error: the lambda is lowered on its own too)', async () => {
    const source = '#include <cstdint>\n__device__ uint64_t load(const uint8_t* in) {\n  auto le = [](const uint8_t* p) { uint64_t r = 0; for (int i = 0; i < 8; i++) r |= (uint64_t)p[i] << (8 * i); return r; };\n  return le(in);\n}\n';
    const result = await translateText('k.cu', source);
    expect(result.diagnostics).toEqual([]);
    expect(output(result, 'device')).toContain('r |= hip2vx_shl((uint64_t)p[i] , (8 * i));');
  });

  it('leave what the compiler evaluates alone: a constexpr variable\'s value, an enumerator (langford\'s file-scope lsb)', async () => {
    const source = '#include <cstdint>\nconstexpr int64_t lsb = 1;\ntemplate <int n> __global__ void k(int64_t* p) {\n  constexpr int64_t msb = lsb << (int64_t)(n - 1);\n  enum { WIDE = lsb << n > 4 };\n  p[threadIdx.x] = msb + WIDE + (lsb << threadIdx.x);\n}\nint main() { k<3><<<1, 1>>>(nullptr); }\n';
    const text = output(await translateText('k.cu', source), 'device');
    expect(text).toContain('constexpr int64_t msb = lsb << (int64_t)(n - 1);');
    expect(text).toContain('enum { WIDE = lsb << n > 4 };');
    expect(text).toContain('p[threadIdx.x] = msb + WIDE + (hip2vx_shl(lsb , threadIdx.x));');
  });

  it('read auto, arithmetic and long long literals, and rewrite where a value of a device function template\'s parameter type is compared', async () => {
    const source = `#include <cstdint>
template <typename T> __device__ int below(T a, T s) { return a < s; }
__global__ void k(const int64_t* a, int* out) {
  int i = threadIdx.x;
  auto x = -a[i] * 2;
  out[i] = x > 1;
  out[i] += (1ull << i) >= 4;
  int64_t m = a[i];
  m <<= i;
  out[i] += (int)m + below(a[i], m);
  out[i + 1] <<= i;
}
__global__ void w(int64_t* a) { a[threadIdx.x] <<= threadIdx.x; }
int main() { long long* a; int* o; k<<<1, 4>>>(a, o); w<<<1, 4>>>(a); }
`;
    const result = await translateText('t.cu', source, { xlen: 32 });
    expect(result.diagnostics.filter((d) => d.ruleId === 'wide-integer-unknown').map((d) => `${d.line}:${d.col}`)).toEqual(['13:48']);
    const text = output(result, 'device');
    // Its instances are not collected: the helper, generic, serves every one.
    expect(text).toContain('__device__ int below(T a, T s) { return hip2vx_bool(hip2vx_lt(a , s)); }');
    // Its value stored, the comparison is also made opaque (divergence.ts: redundant, harmless).
    expect(text).toContain('out[i] = hip2vx_bool(hip2vx_gt(x , 1));');
    expect(text).toContain('hip2vx_ge((hip2vx_shl(1ull , i)) , 4)');
    expect(text).toContain('m = hip2vx_shl(m, i);');
    expect(text).toContain('out[i + 1] <<= i;');
  });

  it('follow what a kernel template\'s instances make its type parameters', async () => {
    const kernel = `#include <cstdint>
template <typename T> __global__ void t(const T* a, int* out, T s, int n) {
  int i = threadIdx.x;
  T v = a[i];
  v >>= n;
  out[i] = a[i] < s;
  out[i] += (s >> i) != 0 && v > s;
  out[i] += i < 3;
  for (T k = 0; k < s; ++k) out[i] += 1;
}
`;
    const launches = (...types: string[]) => `int main() { ${types.map((t) => `${t}* a${t.length}; t<<<1, 4>>>(a${t.length}, (int*)0, (${t})2, 1);`).join(' ')} }
`;
    const translated = async (...types: string[]) => {
      const result = await translateText('t.cu', kernel + launches(...types), { xlen: 32 });
      return { unknown: result.diagnostics.filter((d) => d.ruleId === 'wide-integer-unknown').length, text: output(result, 'device') };
    };
    // A 64-bit instance: the helpers take any arithmetic type, so every instance shares them.
    const wide = await translated('int', 'long long');
    expect(wide.unknown).toBe(0);
    expect(wide.text).toContain('out[i] = hip2vx_bool(hip2vx_lt(a[i] , s));');
    expect(wide.text).toContain('v = hip2vx_shr(v, n);');
    expect(wide.text).toContain('(hip2vx_bool((hip2vx_shr(s , i)) != 0) & hip2vx_bool(hip2vx_gt(v , s)))');
    expect(wide.text).toContain('out[i] += hip2vx_bool(i < 3);');
    // No 64-bit instance: nothing to rewrite or report.
    const narrow = await translated('int', 'short');
    expect(narrow.unknown).toBe(0);
    expect(narrow.text).not.toMatch(/hip2vx_(lt|gt|shr)\(/);
    // No instance at all: any might be 64-bit, so the helpers serve them where threads may differ;
    // a loop's uniform counter keeps its operator.
    const none = await translateText('t.cu', kernel, { xlen: 32 });
    expect(none.diagnostics.filter((d) => d.ruleId === 'wide-integer-unknown')).toEqual([]);
    expect(output(none, 'device')).toContain('out[i] += (hip2vx_bool((hip2vx_shr(s , i)) != 0) & hip2vx_bool(hip2vx_gt(v , s)));');
    expect(output(none, 'device')).toContain('for (T k = 0; k < s; ++k) out[i] += 1;');
  });

  it('rewrite what a class template\'s parameter types compare in its member functions (MaxOp<int64_t>)', async () => {
    const source = `#include <cstdint>
template <class T> struct MaxOp { __device__ T operator()(const T& a, const T& b) const { return b > a ? b : a; } };
template <class T, class Op> __global__ void k(const T* in, T* out, Op op) { out[threadIdx.x] = op(in[threadIdx.x], in[threadIdx.x + 1]); }
int main() { int64_t* d; k<<<1, 4>>>(d, d, MaxOp<int64_t>{}); }
`;
    const result = await translateText('t.cu', source, { xlen: 32 });
    expect(output(result, 'device')).toContain('return hip2vx_select(hip2vx_bool(hip2vx_gt(b , a)), b, a);');
  });

  it('are native operations on rv64', async () => {
    expect(await device(64)).not.toMatch(/hip2vx_(lt|gt|le|ge|shl|shr)\(/);
  });
});
