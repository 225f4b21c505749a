// Differential property test: random types and parameter lists, the engine's layout of each
// written as static_asserts, all cases of a run in one source file per ABI, checked by two
// compilers per ABI. LAYOUT_SEED=<n> replays a run; LAYOUT_RUNS=<n> changes its size.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ABIS, renderDefinitions, type CType } from '../../src/layout/index.js';
import { PRELUDE, argsAsserts, typeAsserts } from './asserts.js';
import { compileAll, noCompilers, failingCases } from './compilers.js';
import { named, paramsArb, typeArb } from './gen.js';

const seed = Number(process.env.LAYOUT_SEED ?? 20250611);
const numRuns = Number(process.env.LAYOUT_RUNS ?? 600);

const counter = { n: 0 };
const types = fc.sample(typeArb, { seed, numRuns }).map((t) => named(t, counter));
const paramLists = fc.sample(paramsArb, { seed: seed + 1, numRuns }).map((ps) => ps.map((p) => named(p, counter)));

function explain(diagnostics: string, abi: string): string {
  const shown = failingCases(diagnostics)
    .slice(0, 5)
    .map((id) => {
      const i = Number(id.slice(1));
      const value = id.startsWith('t') ? types[i] : paramLists[i];
      return `case ${id}: ${JSON.stringify(value)}`;
    });
  return `seed ${seed} (LAYOUT_SEED=${seed} to replay), ${abi}:\n${shown.join('\n')}\n\n${diagnostics.slice(0, 6000)}`;
}

describe.skipIf(noCompilers)('layout engine agrees with the compilers on random types', () => {
  it.each(ABIS)('%s', async (abi) => {
    const all: CType[] = [...types, ...paramLists.flat()];
    const source = [
      PRELUDE,
      renderDefinitions(all, { vectors: true }),
      ...types.map((t, i) => typeAsserts(`t${i}`, t, abi)),
      ...paramLists.map((ps, i) => argsAsserts(`p${i}`, ps, abi)),
    ].join('\n');
    const failures = await compileAll(source, abi);
    expect(failures.map((f) => explain(f, abi)).join('\n')).toBe('');
  });
});
