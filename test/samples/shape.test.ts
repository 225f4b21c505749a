// The shape checker itself, on listings written by hand: it must accept the verified idioms and
// reject the reorderings that made simx abort.
import { describe, expect, it } from 'vitest';
import { checkDivergenceShapes } from './shape.js';

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
});
