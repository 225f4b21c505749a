// Differential property test: random `#if` expressions (literals with and without `u`, every
// operator, nested) valued by the evaluator, and the value checked by the host's C preprocessor,
// all in one file.
// IF_SEED=<n> replays a run.
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateIfExpression } from '../../src/parse/if-expression.js';
import { lacks } from '../tools.js';

const seed = Number(process.env.IF_SEED ?? 20261130);

const literal = fc.tuple(fc.integer({ min: 0, max: 300 }), fc.constantFrom('', 'u', 'U', 'l', 'ul', 'LL', 'ull')).map(([n, s]) => `${n}${s}`);
const BINARY = ['+', '-', '*', '&', '|', '^', '<', '>', '<=', '>=', '==', '!=', '&&', '||'];
const expression: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => ({
  e: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    literal,
    fc.tuple(fc.constantFrom('-', '~', '!'), tie('e')).map(([op, e]) => `${op}(${e})`),
    fc.tuple(tie('e'), fc.constantFrom(...BINARY), tie('e')).map(([a, op, b]) => `(${a} ${op} ${b})`),
    // Divisors and shift counts that C defines: nonzero, and below the width.
    fc.tuple(tie('e'), fc.constantFrom('/', '%'), fc.integer({ min: 1, max: 40 }), fc.constantFrom('', 'u')).map(([a, op, d, s]) => `(${a} ${op} ${d}${s})`),
    fc.tuple(tie('e'), fc.constantFrom('<<', '>>'), fc.integer({ min: 0, max: 20 })).map(([a, op, n]) => `(${a} ${op} ${n})`),
    fc.tuple(tie('e'), tie('e'), tie('e')).map(([c, a, b]) => `(${c} ? ${a} : ${b})`),
  ),
})).e;

describe.skipIf(lacks(['g++'], 'the #if evaluator against the preprocessor'))('#if expressions', () => {
  it('are valued as the C preprocessor values them', () => {
    const cases = fc.sample(expression, { seed, numRuns: 400 });
    // Our value's 64 bits, and its sign (an unsigned expression is never negative), asked of the preprocessor.
    const source = cases.map((e, i) => {
      const v = evaluateIfExpression(e);
      return `#if (${e}) == ${BigInt.asUintN(64, v)}u && ((${e}) < 0) == ${v < 0n ? 1 : 0}\nsame\n#else\ncase ${i} differs\n#endif`;
    });
    const cpp = spawnSync('g++', ['-E', '-P', '-w', '-x', 'c++', '-'], { input: source.join('\n'), encoding: 'utf8' });
    expect(cpp.status, cpp.stderr).toBe(0);
    const differing = cpp.stdout.split('\n').filter((l) => l.includes('differs')).map((l) => cases[Number(/case (\d+)/.exec(l)![1])]);
    expect(differing, `IF_SEED=${seed}`).toEqual([]);
    expect(cpp.stdout.split('\n').filter((l) => l.trim() === 'same')).toHaveLength(cases.length);
  });
});
