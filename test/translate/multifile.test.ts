// A kernel defined in a header and launched from the file that includes it: the header is
// translated on its own, the including file gets the instance, stub, entry and registration.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { translateText, output } from './translate-helpers.js';

const FIXTURE = join('test', 'fixtures', 'multifile');

describe('kernels split over several files', () => {
  it('builds and runs on the CPU backend', { timeout: 300_000 }, async () => {
    const out = mkdtempSync(join(tmpdir(), 'hip2vx-multi-'));
    for (const name of ['kernels.cuh', 'main.cu']) {
      const result = await translateText(join(FIXTURE, name), readFileSync(join(FIXTURE, name), 'utf8'));
      expect(result.diagnostics).toEqual([]);
      for (const o of result.outputs) writeFileSync(join(out, o.name), o.content);
      if (name === 'kernels.cuh') expect(result.outputs.map((o) => o.name)).toEqual(['kernels.host.cuh', 'kernels.device.cuh']);
      if (name === 'main.cu') {
        expect(output(result, 'host')).toContain('#include "kernels.host.cuh"');
        expect(output(result, 'device')).toContain('#include "kernels.device.cuh"');
        expect(output(result, 'device')).toContain('#ifdef HIP2VX_ENTRY_scale2');
      }
    }
    writeFileSync(join(out, 'Makefile'), 'include main.mk\n');
    const run = spawnSync('make', ['-C', out, 'run-cpu', 'ARGS=1000'], { encoding: 'utf8' });
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^PASSED$/m);
  });

  it('a header the source cannot find leaves the launch undefined', async () => {
    const result = await translateText('/nonexistent/main.cu', readFileSync(join(FIXTURE, 'main.cu'), 'utf8'));
    expect(result.diagnostics.map((d) => d.ruleId)).toEqual(['kernel-not-found']);
  });

  it('-I directories are searched after the including file\'s directory', async () => {
    const result = await translateText('/nonexistent/main.cu', readFileSync(join(FIXTURE, 'main.cu'), 'utf8'), { includeDirs: [FIXTURE] });
    expect(result.diagnostics).toEqual([]);
    expect(result.program.kernels).toEqual(['scale2']);
  });
});
