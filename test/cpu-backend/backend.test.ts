// The CPU backend (runtime/cpu) against hand-written device programs and a vortex.h host.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { Build, cppFiles, fixtures, runtime, show } from './build.js';

const kernels = ['reverse', 'isolation', 'atomics', 'coords', 'vecadd', 'print', 'early_exit', 'staggered', 'sometimes', 'ids'];

describe('CPU backend', () => {
  let build: Build;
  beforeAll(async () => {
    build = await new Build().prepare(kernels);
  });
  afterAll(() => build?.dispose());

  const ok = (test: string, args: (string | number)[] = [], env: Record<string, string> = {}) => {
    const r = build.run(test, args, env);
    expect(r.stdout, show(r)).toMatch(/^OK$/m);
    expect(r.status, show(r)).toBe(0);
    return r;
  };

  it('gives __syncthreads real barrier semantics (shared-memory reversal)', () => {
    ok('reverse', [256, 1, 64, 1]);
    ok('reverse', [17, 3, 50, 3]);  // 2-D block of 51 threads, several barrier rounds
    ok('reverse', [256, 1, 40, 2], { HIP2VX_CPU_WORKERS: '1' });
  });

  it('lets threads that returned early skip later barriers', () => {
    ok('early_exit');
  });

  it('stops counting threads at the barriers after they return', () => {
    ok('staggered');
    ok('staggered', [256, 9], { HIP2VX_CPU_WORKERS: '3' });
    ok('staggered', [3, 4]);  // in the second round one thread is left: it goes on alone
  });

  it('runs launches with and without a barrier in a row, on one block or several', () => {
    ok('sometimes', [300, 1]);
    ok('sometimes', [300, 5], { HIP2VX_CPU_WORKERS: '4' });
    ok('sometimes', [300, 5], { HIP2VX_CPU_WORKERS: '1' });
  });

  it('gives each thread its own coordinates and lane again after a barrier', () => {
    ok('ids');
    ok('ids', [33, 2, 7], { HIP2VX_CPU_THREADS: '4', HIP2VX_CPU_WARPS: '32' });
  });

  it('gives every block in flight its own local memory', () => {
    ok('isolation', [1024]);
    ok('isolation', [1024], { HIP2VX_CPU_WORKERS: '4' });
  });

  it('keeps atomics on global and local memory exact under contention', () => {
    ok('atomics', [], { HIP2VX_CPU_WORKERS: '4' });
  });

  it.each([
    [[1000, 1, 1, 3, 1, 1]],
    [[7, 3, 1, 5, 3, 1]],
    [[7, 3, 2, 5, 3, 3]],
    [[3, 5, 7, 1, 1, 13]],
    [[1, 1, 1, 256, 1, 1]],
  ])('decomposes grid and block %j x-fastest', (dims) => {
    ok('coords', dims);
  });

  it('adds 1M-element vectors over 4096 blocks of 256 threads quickly', () => {
    const r = ok('vecadd', [1 << 20]);
    const cpuMs = Number(/vecadd cpu ms: ([\d.]+)/.exec(r.stdout)?.[1]);
    expect(cpuMs).toBeLessThan(1000);
    expect(r.ms).toBeLessThan(20_000);
    expect(r.stdout).toMatch(/blocks=4096/);
  });

  it('prints vx_printf lines whole, between the host output before and after', () => {
    const lines = ok('print').stdout.trim().split('\n');
    const hello = lines.filter((l) => l.startsWith('hello'));
    expect(hello.sort()).toEqual([0, 1, 2].flatMap((b) => [0, 1, 2, 3, 4].map((t) =>
      `hello from block ${b} thread ${t}`)).sort());
    expect(lines.indexOf('before')).toBe(0);
    expect(lines.indexOf('after')).toBe(1 + hello.length);
  });

  it('refuses blocks larger than threads x warps', () => {
    const r = ok('too_big', [1025]);  // the default device runs blocks of up to 1024 threads, as GPUs do
    expect(r.stderr).toMatch(/kernel failed/);
    ok('too_big', [65], { HIP2VX_CPU_THREADS: '8', HIP2VX_CPU_WARPS: '8' });
  });

  it('bounds-checks copies and rejects non-kernels', () => {
    ok('copies');
  });

  it('allocates device memory beyond 4 GiB, zeroed and committed only where touched', () => {
    // 6 GiB: more than the old fixed limit, as GPU-sized programs ask; untouched pages cost nothing.
    expect(ok('big_alloc', [6 << 10]).stdout).toMatch(/^allocated$/m);
    expect(ok('big_alloc', [64], { HIP2VX_CPU_GLOBAL_MEM: String(32 << 20) }).stdout).toMatch(/^refused$/m);
  });

  it('reports the configured device, and all of the local memory to any group (one block per worker)', () => {
    expect(ok('caps', [64]).stdout).toMatch(/^32 32 4 65536 occupancy 0 65536$/m);
    const small = { HIP2VX_CPU_THREADS: '4', HIP2VX_CPU_WARPS: '4', HIP2VX_CPU_CORES: '1', HIP2VX_CPU_LOCAL_MEM: '16384' };
    expect(ok('caps', [8], small).stdout).toMatch(/^4 4 1 16384 occupancy 0 16384$/m);
    expect(ok('caps', [17], small).stdout).toMatch(/occupancy -1 0/);
    const bad = build.run('caps', [1], { HIP2VX_CPU_THREADS: 'many' });
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toMatch(/HIP2VX_CPU_THREADS=many/);
  });
});

describe('CPU device headers', () => {
  it('define everything the device declarations declare (no undefined symbols)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hip2vx-cpu-decls-'));
    try {
      execFileSync('g++', ['-std=c++17', '-O2', '-DHIP2VX_XLEN=64', '-fPIC', '-fvisibility=hidden', '-shared',
        '-Wl,-z,defs', '-I', join(runtime, 'cpu/include'), join(fixtures, 'decls.device.cpp'),
        ...cppFiles(join(runtime, 'cpu/device')), '-o', join(dir, 'k.bin')], { stdio: 'pipe' });
      const exported = execFileSync('nm', ['-D', '--defined-only', join(dir, 'k.bin')], { encoding: 'utf8' });
      expect(exported.split('\n').filter((l) => / T /.test(l)).map((l) => l.split(' ')[2])).toEqual(['hip2vx_cpu_entry']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
