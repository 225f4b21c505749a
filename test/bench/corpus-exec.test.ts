// The corpus script's runs: a CPU-time limit (what a program needs, whatever else the machine
// runs) and a wall-clock limit (a program that waits rather than computes).
import { describe, expect, it } from 'vitest';

import { exec } from '../../bench/corpus-exec.js';

describe('corpus runs', () => {
  it('stops a computing run when its CPU time reaches the limit, before the wall-clock limit', async () => {
    const start = Date.now();
    const r = await exec(process.execPath, ['-e', 'for (;;) {}'], '.', 20, process.env, undefined, 1);
    expect(r.stop).toBe('cpu');
    expect((Date.now() - start) / 1000).toBeLessThan(15);
  });

  it('stops a waiting run at the wall-clock limit, having used next to no CPU time', async () => {
    const r = await exec('sleep', ['30'], '.', 1.5, process.env, undefined, 1);
    expect(r.stop).toBe('wall');
    expect(r.lastCpu).toBeLessThan(0.2);
  });

  it('lets a run that ends within its limits end', async () => {
    const r = await exec('sh', ['-c', 'echo done; exit 3'], '.', 10, process.env, undefined, 5);
    expect(r.stop).toBeUndefined();
    expect([r.code, r.out.trim()]).toEqual([3, 'done']);
  });
});
