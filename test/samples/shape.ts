// The divergence idioms as the compilers emitted them (docs/vortex.md): every split is followed,
// before any other branch, by a branch that tests the split's own predicate register, and every
// pred is immediately followed by the loop exit `beqz` on its own register. A compiler that
// hoisted, threaded or re-derived those branches breaks the verified shape. Beyond the idioms,
// a dataflow pass over each kernel body finds conditional branches the compiler introduced on
// values derived from threadIdx (e.g. a `max` computed with a branch): simx aborts on those.

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
  /** The symbol of a relocation on this instruction (`llvm-objdump -dr`), if any. */
  symbol?: string;
}

/** Instructions of one function of an `llvm-objdump -d[r]` listing (raw words shown). */
function parse(lines: string[]): Insn[] {
  const insns: Insn[] = [];
  for (const line of lines) {
    const reloc = /^\s+[0-9a-f]+:\s+R_RISCV_\w+\s+(\S+)/.exec(line);
    if (reloc && insns.length) insns[insns.length - 1].symbol = reloc[1];
    const m = /^\s*([0-9a-f]+):\s+([0-9a-f]{8})\s+(\S+)\s*(.*)$/.exec(line);
    if (m) insns.push({ address: m[1], word: parseInt(m[2], 16), mnemonic: m[3], operands: m[4].split(/,\s*/).map((o) => o.replace(/\s.*$/, '')) });
  }
  return insns;
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

// ---- branches on per-thread values --------------------------------------------------------

/** Per program point: registers (and sp-relative stack slots, as `sp+<offset>`) derived from threadIdx. */
type Taint = Set<string>;

const NO_DEST = /^(s[bhwd]|fs[wd]|beq|bne|blt|bge|bltu|bgeu|beqz|bnez|blez|bgez|bltz|bgtz|j|jr|ret|fence|ecall|ebreak|nop|csrw\w*)$/;
const CALL = /^(call|jal|jalr|tail)$/;
const CALLER_SAVED = ['ra', 't0', 't1', 't2', 't3', 't4', 't5', 't6', 'a0', 'a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7'];
const ARGS = ['a0', 'a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'fa0', 'fa1', 'fa2', 'fa3', 'fa4', 'fa5', 'fa6', 'fa7'];

/** Registers an operand reads: a register, or the base of `offset(base)`. */
const readsOf = (operand: string) => /\((\w+)\)$/.exec(operand)?.[1] ?? operand;
const slotOf = (operand: string) => (/^(-?(?:0x)?[0-9a-f]+)\(sp\)$/.exec(operand) ? `sp+${operand}` : undefined);

/** The taint after `insn` (the thread id CSR and threadIdx's TLS address are the sources). */
function transfer(insn: Insn, before: Taint): Taint {
  const after = new Set(before);
  const { mnemonic: op, operands } = insn;
  if (custom(insn) >= 0) return after;  // split tokens, pred, join, tmc: control, not data
  if (CALL.test(op)) {
    const tainted = ARGS.some((r) => before.has(r));
    for (const r of CALLER_SAVED) after.delete(r);
    if (tainted) after.add('a0').add('fa0');
    return after;
  }
  if (/^(s[bhwd]|fs[wd])$/.test(op)) {
    const slot = slotOf(operands[1]);
    if (slot) before.has(operands[0]) ? after.add(slot) : after.delete(slot);
    return after;
  }
  if (NO_DEST.test(op) || operands.length === 0) return after;
  const [dest, ...sources] = operands;
  const slot = /^f?l[bhwd]u?$/.test(op) ? slotOf(sources[0] ?? '') : undefined;
  const tainted = (op === 'auipc' || op === 'lui') ? insn.symbol === 'threadIdx'
    : /^csrr/.test(op) ? /^(0xcc0|3264)$/.test(sources[0] ?? '')
    : slot ? before.has(slot)
    : sources.some((o) => before.has(readsOf(o)));
  if (tainted) after.add(dest);
  else after.delete(dest);
  return after;
}

/**
 * Conditional branches of each kernel body that test a value derived from threadIdx, other than
 * the idioms' own (the branch on a split's predicate, the pred's exit): the ones the compiler made.
 */
export function unbracketedBranches(listing: string): string[] {
  const problems: string[] = [];
  for (const [name, lines] of functions(listing)) {
    if (!name.includes('kernel_body')) continue;  // its argument (a0) is the uniform argument struct
    const insns = parse(lines);
    const index = new Map(insns.map((n, i) => [parseInt(n.address, 16), i]));
    const allowed = new Set<number>();
    insns.forEach((insn, i) => {
      if (custom(insn) === PRED) allowed.add(i + 1);
      if (custom(insn) === SPLIT) {
        const exit = firstExit(insns, i, rd(insn));
        if (exit) allowed.add(insns.indexOf(exit));
      }
    });
    // Forward dataflow to a fixpoint: the taint at each instruction is the union over its predecessors.
    const at: Taint[] = insns.map(() => new Set());
    const seen = new Set([0]);
    const work = [0];
    while (work.length) {
      const i = work.pop()!;
      const out = transfer(insns[i], at[i]);
      const { mnemonic: op, operands } = insns[i];
      const target = index.get(parseInt(operands.at(-1) ?? '', 16));
      const next = [
        ...(/^(j|jr|ret|tail)$/.test(op) ? [] : [i + 1]),
        ...(BRANCH.test(op) || op === 'j' ? [target] : []),
      ].filter((n): n is number => n !== undefined && n < insns.length);
      for (const n of next) {
        const size = at[n].size;
        for (const r of out) at[n].add(r);
        if (at[n].size !== size || !seen.has(n)) {
          seen.add(n);
          work.push(n);
        }
      }
    }
    insns.forEach((insn, i) => {
      if (!BRANCH.test(insn.mnemonic) || allowed.has(i)) return;
      const tested = insn.operands.slice(0, insn.mnemonic.endsWith('z') ? 1 : 2).filter((r) => at[i].has(r));
      // A loop's back edge comparing two per-thread values is taken as an induction pair (`p != end`
      // with both offset by the thread's index, a uniform trip count): dataflow cannot tell them apart.
      const backEdge = (index.get(parseInt(insn.operands.at(-1)!, 16)) ?? i) < i;
      if (tested.length === 1 || (tested.length === 2 && !backEdge)) {
        problems.push(`${name}+${insn.address}: ${insn.mnemonic} ${insn.operands.join(', ')} branches on a per-thread value outside the divergence idioms`);
      }
    });
  }
  return problems;
}
