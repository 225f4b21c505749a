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

  it('warn where an operand has a template parameter\'s type, and read auto, arithmetic and long long literals', async () => {
    const source = `#include <cstdint>
template <typename T> __global__ void t(const T* a, int* out, T s) {
  int i = threadIdx.x;
  out[i] = a[i] < s;
  out[i] += (s >> i) != 0;
  out[i] += i < 3;
}
__global__ void k(const int64_t* a, int* out) {
  int i = threadIdx.x;
  auto x = -a[i] * 2;
  out[i] = x > 1;
  out[i] += (1ull << i) >= 4;
  int64_t m = a[i];
  m <<= i;
  out[i] += (int)m;
  out[i + 1] <<= i;
}
__global__ void w(int64_t* a) { a[threadIdx.x] <<= threadIdx.x; }
int main() { long long* a; int* o; t<<<1, 4>>>(a, o, 2ll); k<<<1, 4>>>(a, o); w<<<1, 4>>>(a); }
`;
    const result = await translateText('t.cu', source, { xlen: 32 });
    expect(result.diagnostics.filter((d) => d.ruleId === 'wide-integer-unknown').map((d) => `${d.line}:${d.col}`)).toEqual(['4:17', '5:16', '18:48']);
    const text = output(result, 'device');
    // Its value stored, the comparison is also made opaque (divergence.ts: redundant, harmless).
    expect(text).toContain('out[i] = hip2vx_bool(hip2vx_gt(x , 1));');
    expect(text).toContain('hip2vx_ge((hip2vx_shl(1ull , i)) , 4)');
    // A 32-bit comparison is no wide-integer helper (only made opaque, as a number added).
    expect(text).toContain('out[i] += hip2vx_bool(i < 3);');
    expect(text).toContain('m = hip2vx_shl(m, i);');
    expect(text).toContain('out[i + 1] <<= i;');
  });

  it('are native operations on rv64', async () => {
    expect(await device(64)).not.toMatch(/hip2vx_(lt|gt|le|ge|shl|shr)\(/);
  });
});
