// Per-thread double arithmetic and 64-bit division on rv32: the software routines branch on
// their arguments, so the kernel link runs them serialised (runtime/include/
// hip2vx_serial_libcalls.h). Without that simx aborts with "divergent branch!".
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runEverywhere, simxToolchains, translateAll } from '../programs.js';

const toolchains = simxToolchains('software double');

describe('double and 64-bit division on rv32', () => {
  it('give the host results on the CPU backend and on simx', { timeout: 600_000 }, async () => {
    const { out, results } = await translateAll(join('test', 'fixtures', 'soft-double'), ['soft_double.cu']);
    expect(results.get('soft_double.cu')!.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    await runEverywhere(out, 'soft_double', toolchains, '200', [{ config: '4x4' }]);
  });
});
