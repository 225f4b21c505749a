// Loops that may wait for another thread of the block get a spin point (the CPU backend's fibers
// switch only when asked); that the points let such programs finish is shown by the spin-waits
// feature program.
import { describe, expect, it } from 'vitest';
import { output, translateText } from './translate-helpers.js';

const FUNCTIONS: [string, string, boolean][] = [
  ['counts', '__device__ int counts(volatile int* flag) { int n = 0; while (flag[0] == 0) n++; return n; }', true],
  ['lock', '__device__ void lock(int* m) { while (atomicCAS(m, 0, 1) != 0) {} }', true],
  ['through_cast', '__device__ void through_cast(int* p) { do {} while (*(volatile int*)p == 0); }', true],
  ['global_wait', '__device__ void global_wait() { while (!ready_flag) {} }', true],
  ['local_volatile', '__device__ void local_volatile(int* p) { volatile int* q = p; while (q[0] == 0) {} }', true],
  ['forever', '__device__ void forever(volatile int* q) { for (;;) { if (q[0]) break; } }', true],
  ['counted', '__device__ int counted(volatile int* q) { int s = 0; for (int i = 0; i < 4; ++i) s += q[i]; return s; }', false],
  ['histogram', '__device__ void histogram(int* h, const int* v, int n) { for (int i = 0; i < n; ++i) atomicAdd(&h[v[i]], 1); }', false],
  ['plain', '__device__ int plain(const int* v, int n) { int s = 0; for (int i = 0; i < n; ++i) s += v[i]; return s; }', false],
];

describe('spin points', () => {
  it('go into loops that read volatile memory or use an atomic\'s value, and only those', async () => {
    const source = ['__device__ volatile int ready_flag;', ...FUNCTIONS.map(([, text]) => text)].join('\n') + '\n';
    const result = await translateText('s.cu', source);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const device = output(result, 'device');
    for (const [name, , spins] of FUNCTIONS) {
      const start = device.indexOf(` ${name}(`);
      const end = device.indexOf('__device__', start);
      expect(start, name).toBeGreaterThan(0);
      expect(device.slice(start, end < 0 ? undefined : end).includes('hip2vx_spin_point();'), name).toBe(spins);
    }
    // A body of one statement is braced around the point.
    expect(device).toContain('{ hip2vx_spin_point(); n++; }');
  });
});
