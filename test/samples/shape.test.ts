// The shape checker itself, on listings written by hand: it must accept the verified idioms and
// reject the reorderings that made simx abort.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { checkDivergenceShapes, unbracketedBranches } from './shape.js';

const listing = (body: string) => `00000000 <k_kernel_body>:\n${body}\n`;

describe('divergence shape check', () => {
  it('accepts a split followed by a branch on its predicate, and a pred + beqz pair', () => {
    const r = checkDivergenceShapes(listing([
      '      a8: 00e6a733     \tslt\ta4, a3, a4',
      '      ac: 0007250b     \t<unknown>',
      '      b4: 00269693     \tslli\ta3, a3, 0x2',
      '      b0: 00070063     \tbeqz\ta4, 0xb0 <x>',
      '      c0: 00b7d00b     \t<unknown>',
      '      c4: 00078063     \tbeqz\ta5, 0xc4 <x>',
    ].join('\n')));
    expect(r).toEqual({ splits: 1, preds: 1, problems: [] });
  });

  it('rejects a branch on another register after a split, and a pred without its exit', () => {
    const r = checkDivergenceShapes(listing([
      '      ac: 0007250b     \t<unknown>',
      '      b0: 00068063     \tbeqz\ta3, 0xb0 <x>',
      '      c0: 00b7500b     \t<unknown>',
      '      c4: 00f00793     \tli\ta5, 0xf',
    ].join('\n')));
    expect(r.problems).toEqual([
      'k_kernel_body+ac: the first branch after the split on a4 is beqz a3, 0xb0',
      'k_kernel_body+c0: pred on a4 is not followed by beqz a4',
    ]);
  });

  it('accepts a region the compiler made branch-free (the join comes first) and follows jumps', () => {
    const r = checkDivergenceShapes(listing([
      '      44: 0005270b     \t<unknown>',
      '      48: 00153793     \tseqz\ta5, a0',
      '      4c: 0007300b     \t<unknown>',
      '      50: 0007a50b     \t<unknown>',
      '      54: 0080006f     \tj\t0x5c <x>',
      '      58: 00000013     \tnop',
      '      5c: 00078063     \tbeqz\ta5, 0x60 <x>',
    ].join('\n')));
    expect(r).toEqual({ splits: 2, preds: 0, problems: [] });
  });

  // Real gcc -O3 listings of `if (col < n && row < n)`: lowered with plain `!!` comparisons, gcc
  // computed max(col, row) with a branch (simx: "divergent branch!"); with hip2vx_bool it did not.
  it('finds the branch gcc made on per-thread values, which the idiom check alone accepted', () => {
    const before = readFileSync('test/fixtures/matmul-max-branch.gcc.dis', 'utf8');
    expect(checkDivergenceShapes(before).problems).toEqual([]);
    expect(unbracketedBranches(before)).toEqual([
      '_ZL18matmul_kernel_bodyP17matmul_KernelArgs+5c: bge a3, a2, 0x64 branches on a per-thread value outside the divergence idioms',
    ]);
    expect(unbracketedBranches(readFileSync('test/fixtures/matmul-opaque.gcc.dis', 'utf8'))).toEqual([]);
  });

  it('taints through stack slots and calls, not through uniform loads', () => {
    const body = (lines: string[]) => `00000000 <k_kernel_body>:\n${lines.join('\n')}\n`;
    const tid = ['       0: 00000797     \tauipc\ta5, 0x0', '\t\t\t00000000:  R_RISCV_TLS_GOT_HI20\tthreadIdx',
      '       4: 0007a783     \tlw\ta5, 0x0(a5)', '       8: 004787b3     \tadd\ta5, a5, tp', '       c: 0007a703     \tlw\ta4, 0x0(a5)'];
    expect(unbracketedBranches(body([...tid,
      '      10: 00e12623     \tsw\ta4, 0xc(sp)', '      14: 00c12683     \tlw\ta3, 0xc(sp)',
      '      18: 00068463     \tbeqz\ta3, 0x20 <x>', '      1c: 00052603     \tlw\ta2, 0x0(a0)',
      '      20: 00060463     \tbeqz\ta2, 0x28 <x>',
    ]))).toEqual(['k_kernel_body+18: beqz a3, 0x20 branches on a per-thread value outside the divergence idioms']);
  });
});
