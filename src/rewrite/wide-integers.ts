// On rv32 a 64-bit integer comparison is made of word comparisons, and gcc and clang join them
// with a branch on the high words (`blt`/`beq`, or `beq` then `slt`/`sltu`); a variable 64-bit
// shift branches on whether the count reaches 32. On per-thread values those branches diverge
// (simx: "divergent branch!"). Such an operation, found by the operands' types (expression-type
// analysis), becomes a call of the runtime's branch-free helper for its operator
// (runtime/include/hip2vx_device.h), in place: `a < b` -> `hip2vx_lt(a, b)`.
// 64-bit division and remainder are library calls, serialised at link time (hip2vx_serial_libcalls.h).
import type { Node } from '../parse/parser.js';
import { staticType } from '../analyse/expression-type.js';
import { scan, spanHas } from '../analyse/syntax.js';
import type { TypeTable } from '../analyse/types.js';
import { scalarSize } from '../layout/scalars.js';
import { compileTime, inDirective } from './divergence.js';
import type { EditSet } from './edits.js';

/** Comparisons: either operand 64-bit. */
const COMPARISONS: Readonly<Record<string, string>> = { '<': 'hip2vx_lt', '>': 'hip2vx_gt', '<=': 'hip2vx_le', '>=': 'hip2vx_ge' };
/** Shifts: the shifted operand 64-bit and the count not a literal (a constant shift has no branch). */
const SHIFTS: Readonly<Record<string, string>> = { '<<': 'hip2vx_shl', '>>': 'hip2vx_shr' };

const BINARY = new Set(['binary_expression']);

/** Rewrites the comparisons and variable shifts of 64-bit integers in `body` (device code built for rv32). */
export function wideIntegers(body: Node, text: string, types: TypeTable, edits: EditSet): void {
  scan(body, BINARY, (e) => {
    const op = e.childForFieldName('operator')!;
    const left = e.childForFieldName('left');
    const right = e.childForFieldName('right');
    if (!left || !right || compileTime(e) || inDirective(e)) return;
    const helper = (COMPARISONS[op.type] && (isWide(left, text, types) || isWide(right, text, types)) && COMPARISONS[op.type])
      || (SHIFTS[op.type] && right.type !== 'number_literal' && isWide(left, text, types) && SHIFTS[op.type]);
    if (!helper) return;
    edits.transform(left, (t) => `${helper}(${t}`);
    edits.replace(op, ',');
    edits.transform(right, (t) => `${t})`);
  }, (_, start, end) => spanHas(text, '<', start, end) || spanHas(text, '>', start, end));
}

function isWide(e: Node, text: string, types: TypeTable): boolean {
  const t = staticType(e, text, types);
  return t?.kind === 'scalar' && scalarSize(t.name, 'rv32') === 8 && t.name !== 'double';
}
