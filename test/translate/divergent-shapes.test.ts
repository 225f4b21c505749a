// Kernels in the shapes stock compilers turn back into divergent branches (combined per-thread
// comparisons, min/max-like selects, per-thread trip counts, switch): the CPU backend checks the
// lowering's meaning, simx (with VORTEX_HOME) that no divergent branch is left, with gcc and
// clang at -O2 and -O3, in Vortex's default 4 x 4 configuration.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runEverywhere, simxToolchains, translateAll } from '../programs.js';

const toolchains = simxToolchains('divergent shapes');

describe('divergent shapes', () => {
  it('pass on the CPU backend and on simx at -O2 and -O3', { timeout: 600_000 }, async () => {
    const { out, results } = await translateAll(join('test', 'fixtures', 'divergent-shapes'), ['shapes.cu']);
    expect(results.get('shapes.cu')!.diagnostics).toEqual([]);
    await runEverywhere(out, 'shapes', toolchains, '301', [{ config: '4x4', opt: '-O2' }, { config: '4x4', opt: '-O3' }]);
  });
});
