// The divergence idioms as the compilers emitted them (docs/vortex.md): every split is followed,
// before any other branch, by a branch that tests the split's own predicate register, and every
// pred is immediately followed by the loop exit `beqz` on its own register. A compiler that
// hoisted, threaded or re-derived those branches breaks the verified shape.

const CUSTOM0 = 0x0b;
const SPLIT = 2;
const JOIN = 3;
const PRED = 5;
const BRANCH = /^(beq|bne|blt|bge|bltu|bgeu|beqz|bnez|blez|bgez|bltz|bgtz)$/;
const REGISTERS = ['zero', 'ra', 'sp', 'gp', 'tp', 't0', 't1', 't2', 's0', 's1', 'a0', 'a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7',
  's2', 's3', 's4', 's5', 's6', 's7', 's8', 's9', 's10', 's11', 't3', 't4', 't5', 't6'];

interface Insn {
  address: string;
  word: number;
  mnemonic: string;
  operands: string[];
}

/** Instructions of one function of an `llvm-objdump -d` listing (raw words shown). */
function parse(lines: string[]): Insn[] {
  return lines.flatMap((line) => {
    const m = /^\s*([0-9a-f]+):\s+([0-9a-f]{8})\s+(\S+)\s*(.*)$/.exec(line);
    if (!m) return [];
    return [{ address: m[1], word: parseInt(m[2], 16), mnemonic: m[3], operands: m[4].split(/,\s*/).map((o) => o.replace(/\s.*$/, '')) }];
  });
}

const custom = (i: Insn) => ((i.word & 0x7f) === CUSTOM0 ? (i.word >> 12) & 7 : -1);
const rs1 = (i: Insn) => REGISTERS[(i.word >> 15) & 0x1f];
const rd = (i: Insn) => REGISTERS[(i.word >> 7) & 0x1f];

/**
 * What ends the straight-line code after instruction `from`: the first conditional branch, or
 * the join of `token` (a region the compiler made branch-free), following unconditional jumps
 * (objects are compiled with -mno-relax, so local targets are resolved).
 */
function firstExit(insns: Insn[], from: number, token: string): Insn | undefined {
  const at = new Map(insns.map((n, i) => [parseInt(n.address, 16), i]));
  for (let i = from + 1, hops = 0; i < insns.length && hops < 16; i++) {
    const n = insns[i];
    if (BRANCH.test(n.mnemonic) || n.mnemonic === 'ret' || (custom(n) === JOIN && rs1(n) === token)) return n;
    if (n.mnemonic === 'j') {
      const target = at.get(parseInt(n.operands[0], 16));
      if (target === undefined) return n;
      i = target - 1;
      hops++;
    }
  }
  return undefined;
}

/** Functions of a listing by symbol (labels such as `.Lpcrel_hi1` continue the current one). */
function functions(listing: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of listing.split('\n')) {
    const label = /^[0-9a-f]+ <([^>]+)>:$/.exec(line);
    if (label && !label[1].startsWith('.L')) out.set(label[1], (current = []));
    else current?.push(line);
  }
  return out;
}

export interface ShapeReport {
  splits: number;
  preds: number;
  problems: string[];
}

export function checkDivergenceShapes(listing: string): ShapeReport {
  const report: ShapeReport = { splits: 0, preds: 0, problems: [] };
  for (const [name, lines] of functions(listing)) {
    const insns = parse(lines);
    insns.forEach((insn, i) => {
      const kind = custom(insn);
      if (kind === PRED) {
        report.preds++;
        const next = insns[i + 1];
        if (!next || next.mnemonic !== 'beqz' || next.operands[0] !== rs1(insn)) {
          report.problems.push(`${name}+${insn.address}: pred on ${rs1(insn)} is not followed by beqz ${rs1(insn)}`);
        }
      } else if (kind === SPLIT) {
        report.splits++;
        const exit = firstExit(insns, i, rd(insn));
        const predicate = rs1(insn);
        const ok = !!exit && (custom(exit) === JOIN || (BRANCH.test(exit.mnemonic) && exit.operands.slice(0, 2).includes(predicate)));
        if (!ok) {
          report.problems.push(`${name}+${insn.address}: the first branch after the split on ${predicate} is ${exit ? `${exit.mnemonic} ${exit.operands.join(', ')}` : 'missing'}`);
        }
      }
    });
  }
  return report;
}
