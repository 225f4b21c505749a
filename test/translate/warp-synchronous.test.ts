// Legacy warp-synchronous code (analyse/warp-synchronous.ts, rewrite/lockstep.ts): statements that
// read and write volatile shared memory get the lockstep order of a warp (read, logical-warp
// barrier, write, barrier) where every lane of the warp reaches them, and a warning elsewhere.
import { describe, expect, it } from 'vitest';
import { formatted, translateText } from './translate-helpers.js';

const device = async (source: string) => {
  const result = await translateText('w.cu', source);
  return { diagnostics: formatted(result), text: result.outputs.find((o) => o.role === 'device')!.content };
};
const main = 'int main() { int* p; k<<<1, 64>>>(p); }\n';

describe('warp-synchronous shared memory', () => {
  it('splits a volatile reduction in warp 0: one barrier before the run, then read, barrier, write, barrier', async () => {
    const { diagnostics, text } = await device('__global__ void k(int* p) {\n  __shared__ int s[64];\n  const int tid = threadIdx.x;\n  s[tid] = p[tid];\n  __syncthreads();\n'
      + '  if (tid < 32) {\n    volatile int* vs = s;\n    vs[tid] += vs[tid + 32];\n    vs[tid] = vs[tid] + vs[tid + 16];\n  }\n  if (tid == 0) p[0] = s[0];\n}\n' + main);
    expect(diagnostics).toEqual([]);
    expect(text).toContain('    volatile int* vs = s;\n    { hip2vx_syncwarp(); auto __hv_ws1 = vs[tid + 32]; hip2vx_syncwarp(); vs[tid] += __hv_ws1; hip2vx_syncwarp(); }\n'
      + '    { auto __hv_ws2 = vs[tid] + vs[tid + 16]; hip2vx_syncwarp(); vs[tid] = __hv_ws2; hip2vx_syncwarp(); }\n');
    expect(text).toContain('hip2vx_reserve_warp_scratch(args->block_dim);');
  });

  it('a per-lane guard moves outside the barriers: the guarded lanes read, all wait, the guarded lanes write', async () => {
    const { diagnostics, text } = await device('__global__ void k(int* p) {\n  __shared__ volatile int s[64];\n  const int lane = threadIdx.x & 31;\n  s[threadIdx.x] = p[threadIdx.x];\n'
      + '  if (lane >= 2) s[threadIdx.x] += s[threadIdx.x - 2];\n  p[threadIdx.x] = s[threadIdx.x];\n}\n' + main);
    expect(diagnostics).toEqual([]);
    expect(text).toContain('{ hip2vx_syncwarp(); HIP2VX_VALUE_TYPE(s[threadIdx.x - 2]) __hv_ws1{}; { int __hv_wg1 = hip2vx_bool(lane >= 2); int __hv_wt1 = hip2vx_split(__hv_wg1); if (__hv_wg1) { __hv_ws1 = s[threadIdx.x - 2]; } hip2vx_join(__hv_wt1); } hip2vx_syncwarp(); '
      + '{ int __hv_g1 = hip2vx_bool(lane >= 2); int __hv_t2 = hip2vx_split(__hv_g1); if (__hv_g1) { s[threadIdx.x] += __hv_ws1; } hip2vx_join(__hv_t2); } hip2vx_syncwarp(); }');
    // A reading statement right after the exchanges waits before the lanes go on to write.
    expect(text).toContain('{ p[threadIdx.x] = s[threadIdx.x]; hip2vx_syncwarp(); }');
  });

  it('follows shared memory into device functions through parameters every call passes it (bscan, radixsort)', async () => {
    const { diagnostics, text } = await device('__device__ int scan(int v, volatile int* d) {\n  int i = threadIdx.x + 32;\n  d[i] = v;\n  d[i] = v += d[i - 1];\n  return d[i - 1];\n}\n'
      + '__device__ int pass(int v, int* d) { return scan(v, d); }\n'
      + '__global__ void k(int* p) {\n  __shared__ int s[96];\n  int v = pass(p[threadIdx.x], s);\n  if (threadIdx.x < 32) v = scan(v, s + 0);\n  p[threadIdx.x] = v;\n}\n' + main);
    expect(diagnostics).toEqual([]);
    expect(text).toContain('  { hip2vx_syncwarp(); auto __hv_ws1 = v += d[i - 1]; hip2vx_syncwarp(); d[i] = __hv_ws1; hip2vx_syncwarp(); }\n  { auto __hv_ws2 = d[i - 1]; hip2vx_syncwarp(); return __hv_ws2; }\n');
  });

  it("leaves volatile global memory, non-volatile shared memory and a lane's own element alone (no barrier, no scratch)", async () => {
    const { diagnostics, text } = await device('__global__ void k(volatile int* p) {\n  __shared__ int s[64];\n  __shared__ volatile int own[64];\n  s[threadIdx.x] = p[threadIdx.x];\n'
      + '  if (threadIdx.x > 0) p[threadIdx.x] += p[threadIdx.x - 1];\n  s[threadIdx.x] += s[threadIdx.x ^ 1];\n  own[threadIdx.x] = 0;\n'
      + '  for (int i = threadIdx.x; i < p[0]; i += 7) own[threadIdx.x] += p[i];\n  p[threadIdx.x] = s[threadIdx.x] + own[threadIdx.x];\n}\nint main() { volatile int* p; k<<<1, 64>>>(p); }\n');
    expect(diagnostics).toEqual([]);
    expect(text).not.toContain('hip2vx_syncwarp');
    expect(text).not.toContain('hip2vx_reserve_warp_scratch');
  });

  it('warns at the statement where some lanes of the warp may skip it (an if whose condition has side effects, nested per-lane ifs), or its reads and writes cannot be split, and leaves it as written', async () => {
    const source = '__global__ void k(int* p, int n) {\n  __shared__ volatile int s[64];\n  s[threadIdx.x] = p[threadIdx.x];\n'
      + '  if (p[threadIdx.x]-- > n) s[threadIdx.x] += s[threadIdx.x + 1];\n  if (p[threadIdx.x] > 0) { if (threadIdx.x & 1) s[threadIdx.x] += s[threadIdx.x - 1]; }\n  int v = s[threadIdx.x] = s[threadIdx.x + 1];\n  p[v] = 0;\n}\n'
      + 'int main() { int* p; k<<<1, 64>>>(p, 3); }\n';
    const { diagnostics, text } = await device(source);
    const advice = 'put __syncwarp() between the reads and the writes (where every lane of the warp reaches it) or use __shfl_* operations [warp-synchronous-divergent]';
    const lockstep = 'this statement exchanges values between the lanes of a warp through volatile shared memory, which relies on the warp running in lockstep; it is left as written because';
    expect(diagnostics).toEqual([
      `w.cu:4:29: warning: ${lockstep} it lies inside the if at 4:3 on \`p[threadIdx.x]-- > n\`, which may differ between the threads of a warp: on Vortex the lanes of a logical warp do not run in lockstep, so the other lanes' values may be stale; ${advice}`,
      `w.cu:5:50: warning: ${lockstep} it lies inside the if at 5:3 on \`p[threadIdx.x] > 0\`, which may differ between the threads of a warp: on Vortex the lanes of a logical warp do not run in lockstep, so the other lanes' values may be stale; ${advice}`,
      `w.cu:6:3: warning: ${lockstep} its reads and writes of volatile shared memory cannot be split into a read and a store: on Vortex the lanes of a logical warp do not run in lockstep, so the other lanes' values may be stale; ${advice}`,
    ]);
    expect(text).not.toContain('hip2vx_syncwarp');
  });

  it('warns where the divergence lowering computes the statement in split regions (a ?: with loads), and the next exchange waits first', async () => {
    const { diagnostics, text } = await device('__global__ void k(int* p) {\n  __shared__ volatile int s[64];\n  const int lane = threadIdx.x & 31;\n  s[threadIdx.x] = p[threadIdx.x];\n'
      + '  s[threadIdx.x] += lane < 16 ? s[threadIdx.x + 16] : 0;\n  s[threadIdx.x] += s[threadIdx.x + 1];\n  p[threadIdx.x] = s[threadIdx.x];\n}\n' + main);
    expect(diagnostics).toEqual(["w.cu:5:3: warning: this statement exchanges values between the lanes of a warp through volatile shared memory, which relies on the warp running in lockstep; it is left as written because its value is computed in branches on per-thread values (a `?:`, `&&` or `||` with loads), which keep its reads and writes together: on Vortex the lanes of a logical warp do not run in lockstep, so the other lanes' values may be stale; put __syncwarp() between the reads and the writes (where every lane of the warp reaches it) or use __shfl_* operations [warp-synchronous-divergent]"]);
    expect(text).toContain('if (__hv_g1) { s[threadIdx.x] += s[threadIdx.x + 16]; } else { s[threadIdx.x] += 0; }');
    expect(text).toContain('{ hip2vx_syncwarp(); auto __hv_ws1 = s[threadIdx.x + 1]; hip2vx_syncwarp(); s[threadIdx.x] += __hv_ws1; hip2vx_syncwarp(); }');
  });
});
