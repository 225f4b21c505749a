// The corpus script's runs: a CPU-time limit (what a program needs, whatever else the machine
// runs) and a wall-clock limit (a program that waits rather than computes).
import { describe, expect, it } from 'vitest';

import { exec } from '../../bench/corpus-exec.js';

describe('corpus runs', () => {
  it('stops a computing run when its CPU time reaches the limit, before the wall-clock limit', async () => {
    const start = Date.now();
    const r = await exec(process.execPath, ['-e', 'for (;;) {}'], '.', 20, { cpuLimitS: 1 });
    expect(r.stop).toBe('cpu');
    expect((Date.now() - start) / 1000).toBeLessThan(15);
  });

  it('stops a waiting run at the wall-clock limit, having used next to no CPU time', async () => {
    const r = await exec('sleep', ['30'], '.', 1.5, { cpuLimitS: 1 });
    expect(r.stop).toBe('wall');
    expect(r.lastCpu).toBeLessThan(0.2);
  });

  it('gives a run that has printed its verdict as much CPU time again (at least 5 s), then stops it', async () => {
    const settled = (out: string) => out.includes('PASSED');
    // About 1 s of CPU, the verdict, then computing on.
    const script = 'const t = Date.now(); while (Date.now() - t < 1000) {} console.log("PASSED"); for (;;) {}';
    const start = Date.now();
    const r = await exec(process.execPath, ['-e', script], '.', 60, { cpuLimitS: 30, settled });
    expect(r.stop).toBe('settled');
    expect(r.out.trim()).toBe('PASSED');
    const seconds = (Date.now() - start) / 1000;
    expect(seconds).toBeGreaterThan(5.5);
    expect(seconds).toBeLessThan(20);
  });

  it('lets a run that ends within its limits end', async () => {
    const r = await exec('sh', ['-c', 'echo done; exit 3'], '.', 10, { cpuLimitS: 5 });
    expect(r.stop).toBeUndefined();
    expect([r.code, r.out.trim()]).toEqual([3, 'done']);
  });
});
