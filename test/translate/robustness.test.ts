// Whatever the input, translation returns diagnostics or outputs: it never throws.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { translateText } from './translate-helpers.js';

const TOKENS = [
  '__global__', '__device__', '__host__', '__shared__', '__constant__', 'extern', 'template', '<typename T>', 'void', 'int',
  'float', 'T', 'k', 'f', 'x', 'p', 'n', 'i', '(', ')', '{', '}', '[', ']', ';', ',', '*', '&', '=', '+', '<', '>',
  '<<<', '>>>', '?', ':', '&&', '||', '!', 'if', 'else', 'for', 'while', 'do', 'switch', 'case 1:', 'default:', 'break;',
  'continue;', 'return', 'threadIdx.x', 'blockIdx.x', 'blockDim.x', '__syncthreads()', 'atomicAdd', 'cudaMalloc',
  'hipLaunchKernelGGL', 'struct S', 'typedef', 'namespace ns', '#include "x.h"', '#define N 4', '"s"', "'c'", '/* c */',
  '// c', '\n', ' ', '0', '1.5f', 'sizeof(int)', 'printf', 'asm("nop")', 'texture<float>', '__shfl_sync',
];

const program = fc.array(fc.constantFrom(...TOKENS), { maxLength: 80 }).map((t) => t.join(' '));
const kernelish = fc
  .tuple(fc.array(fc.constantFrom(...TOKENS), { maxLength: 30 }), fc.array(fc.constantFrom(...TOKENS), { maxLength: 30 }))
  .map(([a, b]) => `__global__ void k(int* p, int n) { int i = threadIdx.x; ${a.join(' ')} }\nint main() { ${b.join(' ')} k<<<1, 1>>>(0, 0); }\n`);

describe('robustness', () => {
  it.each([
    ['token soup', program],
    ['kernels with random bodies', kernelish],
  ] as const)('%s: never throws, and errors mean no outputs', async (_, arb) => {
    await fc.assert(
      fc.asyncProperty(arb, async (text) => {
        for (const divergence of ['explicit', 'compiler'] as const) {
          const result = await translateText('fuzz.cu', text, { divergence });
          if (result.diagnostics.some((d) => d.severity === 'error')) expect(result.outputs).toEqual([]);
        }
      }),
      { numRuns: 400 },
    );
  });
});

// Well-formed kernels with random control flow: the divergence lowering must produce valid C++
// (checked with g++ against the CPU backend's headers) whatever the nesting of if/loops/switch,
// early returns, break/continue and per-thread ?:, && and ||.
const expr = fc.constantFrom('i', 'n', 'p[i & 7]', 'blockIdx.x', '(int)threadIdx.x', 'acc', 'k', '3');
const cond = fc.oneof(
  fc.tuple(expr, fc.constantFrom('<', '>', '==', '!='), expr).map(([a, op, b]) => `${a} ${op} ${b}`),
  fc.tuple(expr, fc.constantFrom('&&', '||'), expr).map(([a, op, b]) => `(${a} > 0) ${op} (${b} < 5)`),
);
const { stmt } = fc.letrec<{ stmt: string; block: string }>((tie) => ({
  stmt: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.tuple(fc.constantFrom('acc', 'p[i & 7]'), fc.constantFrom('=', '+='), expr).map(([l, op, r]) => `${l} ${op} ${r};`),
    fc.tuple(cond, expr, expr).map(([c, a, b]) => `acc = ${c} ? ${a} : ${b};`),
    fc.tuple(cond, expr).map(([c, a]) => `int v${a.length} = (${c}) ? p[${a} & 7] : 0; acc += v${a.length};`),
    fc.constantFrom('break;', 'continue;', 'return;', 'hip2vx_noop();'),
    fc.tuple(cond, tie('block'), fc.option(tie('block'))).map(([c, t, e]) => `if (${c}) ${t}${e ? ` else ${e}` : ''}`),
    fc.tuple(cond, tie('block')).map(([c, b]) => `for (int k = 0; ${c}; ++k) ${b}`),
    fc.tuple(cond, tie('block')).map(([c, b]) => `while (${c}) ${b}`),
    fc.tuple(tie('block'), cond).map(([b, c]) => `do ${b} while (${c});`),
    fc.tuple(expr, tie('block'), tie('block')).map(([e, a, b]) => `switch (${e}) { case 0: ${a} break; case 1: ${b} default: acc = 1; }`),
  ),
  block: fc.array(tie('stmt'), { maxLength: 3 }).map((s) => `{ ${s.join(' ')} }`),
}));

describe('divergence lowering output compiles', () => {
  it('random well-formed kernels', { timeout: 300_000 }, async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join, resolve } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const { spawnSync } = await import('node:child_process');
    const dir = mkdtempSync(join(tmpdir(), 'hip2vx-fuzz-'));
    await fc.assert(
      fc.asyncProperty(fc.array(stmt, { minLength: 1, maxLength: 4 }), async (body) => {
        const source = `__device__ void hip2vx_noop() {}\n__global__ void k(int* p, int n) { int i = threadIdx.x; int acc = 0; (void)acc; ${body.join(' ')} p[i & 7] = acc; }\n`;
        // break/continue outside a loop or switch are not C++: skip those bodies.
        const result = await translateText('fuzz.cu', source);
        const device = result.outputs.find((o) => o.role === 'device');
        if (!device) return;
        const file = join(dir, 'k.device.cpp');
        writeFileSync(file, device.content);
        const r = spawnSync('g++', ['-fsyntax-only', '-std=c++17', '-DHIP2VX_CPU_BACKEND', '-I', resolve('runtime/include'), '-I', resolve('runtime/cpu/include'), file], { encoding: 'utf8' });
        const original = spawnSync('g++', ['-fsyntax-only', '-std=c++17', '-x', 'c++', '-', '-include', resolve('test/fixtures/cuda-syntax.h')], { input: source, encoding: 'utf8' });
        if (original.status === 0) expect(r.stderr, `${source}\n--- translated:\n${device.content}`).toBe('');
      }),
      { numRuns: 60 },
    );
  });
});

describe('reading time', () => {
  // A regular expression that backtracked over every `.` after a line's last quote took 2^n steps:
  // candle's binary.cu (kernels stamped by a macro, `extern "C"` then one long line each) took 6 min.
  it('a long line after a string literal is read in time linear in its length', async () => {
    const sum = Array.from({ length: 28 }, (_, i) => `${i}.5f`).join(' + ');
    const started = performance.now();
    const result = await translateText('k.cu', `extern "C" __global__ void k(float* p) { p[0] = ${sum}; }\n`);
    expect(result.diagnostics).toEqual([]);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
