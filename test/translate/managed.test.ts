// Managed memory (runtime/src/managed.cpp): the allocation calls translate and the patterns CUDA
// programs use give the right results on the CPU backend and, with VORTEX_HOME, on simx, where
// host shadows are uploaded before each launch and downloaded when the kernel has finished.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { output } from './translate-helpers.js';
import { runEverywhere, simxToolchains, translateAll } from '../programs.js';

const toolchains = simxToolchains('managed memory');

describe('managed memory', () => {
  it('host init, launches, synchronise, host read; copies, memset, hints, struct arguments', { timeout: 600_000 }, async () => {
    const { out, results } = await translateAll(join('test', 'fixtures', 'managed'), ['managed.cu']);
    const result = results.get('managed.cu')!;
    expect(result.diagnostics).toEqual([]);
    expect(output(result, 'host')).toContain('CHECK(hipMallocManaged(&b, n * sizeof(int), hipMemAttachGlobal));');
    expect(output(result, 'host')).toContain('CHECK(hipMemAdvise(a, n * sizeof(int), hipMemAdviseSetReadMostly, 0));');
    await runEverywhere(out, 'managed', toolchains, '1000', [{ config: '4x4' }]);
  });
});
