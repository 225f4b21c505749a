// The divergence lowering keeps each thread's semantics: random device functions with nested
// control flow (if/else, bounded loops with break/continue, switch, early return, ?:, &&, ||)
// are compiled twice on the host, as written and as lowered (split/join and pred are no-ops on
// the CPU, so only the flags, guards and restructured loops are exercised), and must leave the
// same memory behind for every thread id.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { output, translateText } from './translate-helpers.js';

const expr = fc.constantFrom('i', 'n', 'acc', 'p[(i + 1) & 7]', 'p[acc & 7]', '3', '(i ^ n)');
const cond = fc.oneof(
  fc.tuple(expr, fc.constantFrom('<', '>', '==', '!='), expr).map(([a, op, b]) => `${a} ${op} ${b}`),
  fc.tuple(expr, fc.constantFrom('&&', '||'), expr).map(([a, op, b]) => `(${a} > 2) ${op} (${b} < 5)`),
);
let counter = 0;
const { block } = fc.letrec<{ stmt: string; block: string; loopBlock: string }>((tie) => ({
  stmt: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.tuple(fc.constantFrom('acc', 'p[i & 7]', 'p[(acc + i) & 7]'), fc.constantFrom('=', '+=', '^='), expr).map(([l, op, r]) => `${l} ${op} ${r};`),
    fc.tuple(cond, expr, expr).map(([c, a, b]) => `acc += ${c} ? ${a} : ${b};`),
    fc.tuple(cond, expr).map(([c, a]) => `{ int v = (${c}) ? p[(${a}) & 7] : 1; acc += v; }`),
    fc.constant('return;'),
    fc.tuple(cond, tie('block'), fc.option(tie('block'))).map(([c, t, e]) => `if (${c}) ${t}${e ? ` else ${e}` : ''}`),
    fc.tuple(expr, tie('loopBlock')).map(([bound, b]) => {
      const k = `k${counter++}`;
      return `for (int ${k} = 0; ${k} < ((${bound}) & 3); ++${k}) ${b}`;
    }),
    fc.tuple(cond, tie('loopBlock')).map(([c, b]) => {
      const w = `w${counter++}`;
      return `{ int ${w} = 0; while (${w} < 3 && (${c})) { ++${w}; ${b} } }`;
    }),
    fc.tuple(cond, tie('loopBlock')).map(([c, b]) => {
      const w = `d${counter++}`;
      return `{ int ${w} = 0; do { ++${w}; ${b} } while (${w} < 3 && (${c})); }`;
    }),
    fc.tuple(expr, tie('block'), tie('block')).map(([e, a, b]) => `switch ((${e}) & 3) { case 0: acc += 1; break; case 1: ${a} break; case 2: ${b} default: acc += 7; }`),
    fc.constant('acc += pick(i, acc);'),
  ),
  block: fc.array(tie('stmt'), { maxLength: 3 }).map((s) => `{ ${s.join(' ')} }`),
  loopBlock: fc.array(fc.oneof(tie('stmt'), fc.constantFrom('break;', 'continue;', 'if (acc > 9) break;', 'if (i & 1) continue;')), { maxLength: 3 }).map((s) => `{ ${s.join(' ')} }`),
}));

// The body of pick(): statements whose returns carry values.
const valueBlock = fc
  .array(fc.oneof(block, fc.tuple(cond, expr).map(([c, e]) => `if (${c}) return ${e};`), fc.tuple(expr).map(([e]) => `for (int r = 0; r < 3; ++r) { if ((${e} + r) & 1) return r; }`)), { maxLength: 3 })
  .map((s) => s.join(' ').replace(/return;/g, 'return -1;'));

const HARNESS = `
#include <hip2vx_device.h>
#include <stdio.h>  // fprintf: hip2vx_device.h's printf is vx_printf, which this harness does not link
namespace original {
#include "original.cu"
}
namespace lowered {
#include "lowered.cpp"
}
int main() {
  for (int n = 0; n < 9; n += 4) {
    for (int t = 0; t < 16; ++t) {
      int a[8], b[8];
      for (int j = 0; j < 8; ++j) a[j] = b[j] = (j * 7 + 3) % 11 - 2;
      original::body(a, n, t);
      lowered::body(b, n, t);
      for (int j = 0; j < 8; ++j) {
        if (a[j] != b[j]) { fprintf(stdout, "n=%d t=%d p[%d]: %d written, %d after lowering\\\\n", n, t, j, a[j], b[j]); return 1; }
      }
    }
  }
  return 0;
}
`;

describe('divergence lowering preserves semantics', () => {
  it('random device functions, as written and lowered, agree for every thread id', { timeout: 600_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hip2vx-semantics-'));
    writeFileSync(join(dir, 'main.cpp'), HARNESS);
    await fc.assert(
      fc.asyncProperty(fc.array(block, { minLength: 1, maxLength: 3 }), valueBlock, async (blocks, pickBody) => {
        // pick: a value-returning device function with returns at any depth (its own flags).
        const source = `__device__ int pick(int i, int acc) { int buf[8] = {1, 5, 2, 8, 3, 9, 4, 7}; int* p = buf; int n = 2; ${pickBody} return acc + 1; }\n__device__ void body(int* p, int n, int t) { int i = t; int acc = 0; ${blocks.join(' ')} p[i & 7] += acc; }\n`;
        const result = await translateText('original.cu', source);
        const device = output(result, 'device');
        expect(device, JSON.stringify(result.diagnostics)).not.toBe('');
        writeFileSync(join(dir, 'original.cu'), source);
        writeFileSync(join(dir, 'lowered.cpp'), device.slice(device.indexOf('__device__ int pick')));
        const exe = join(dir, 'check');
        execFileSync('g++', ['-std=c++17', '-O0', '-w', '-DHIP2VX_CPU_BACKEND', '-I', resolve('runtime/include'), '-I', resolve('runtime/cpu/include'), '-I', dir, join(dir, 'main.cpp'), '-o', exe]);
        let failure = '';
        try {
          execFileSync(exe, { encoding: 'utf8' });
        } catch (e) {
          failure = String((e as { stdout?: string }).stdout);
        }
        expect(failure, `${source}\n--- lowered:\n${device.slice(device.indexOf('__device__ int pick'))}`).toBe('');
      }),
      { numRuns: Number(process.env.SEMANTICS_RUNS ?? 40) },
    );
  });
});
