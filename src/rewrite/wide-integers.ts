// On rv32 a 64-bit integer comparison is made of word comparisons, and gcc and clang join them
// with a branch on the high words (`blt`/`beq`, or `beq` then `slt`/`sltu`); a variable 64-bit
// shift branches on whether the count reaches 32. On per-thread values those branches diverge
// (simx: "divergent branch!"). Such an operation, found by the operands' types (expression-type
// analysis), becomes a call of the runtime's branch-free helper for its operator
// (runtime/include/hip2vx_device.h), in place: `a < b` -> `hip2vx_lt(a, b)`.
// 64-bit division and remainder are library calls, serialised at link time (hip2vx_serial_libcalls.h).
import type { Node } from '../parse/parser.js';
import { declarationOf, staticType } from '../analyse/expression-type.js';
import { scan, spanHas } from '../analyse/syntax.js';
import type { KernelInstance } from '../analyse/instances.js';
import type { TypeTable } from '../analyse/types.js';
import type { CType } from '../layout/index.js';
import { scalarSize } from '../layout/scalars.js';
import { compileTime, inDirective } from './divergence.js';
import type { EditSet } from './edits.js';
import type { Reporter } from './reporter.js';

/** Comparisons: either operand 64-bit. */
const COMPARISONS: Readonly<Record<string, string>> = { '<': 'hip2vx_lt', '>': 'hip2vx_gt', '<=': 'hip2vx_le', '>=': 'hip2vx_ge' };
/** Shifts: the shifted operand 64-bit and the count not a literal (a constant shift has no branch). */
const SHIFTS: Readonly<Record<string, string>> = { '<<': 'hip2vx_shl', '>>': 'hip2vx_shr' };

const BINARY = new Set(['binary_expression', 'assignment_expression']);
/** Compound shifts: `x <<= n` becomes `x = hip2vx_shl(x, n)` when `x` is a variable (evaluated once either way). */
const COMPOUND_SHIFTS: Readonly<Record<string, string>> = { '<<=': 'hip2vx_shl', '>>=': 'hip2vx_shr' };
/** Operators whose result has the operands' common type (the usual arithmetic conversions). */
const ARITHMETIC = new Set(['+', '-', '*', '/', '%', '&', '|', '^']);
/** `1LL`, `0x10ull`, `5u`...: an integer literal with a long long suffix. */
const WIDE_LITERAL = /^(0x[0-9a-f]+|0b[01]+|\d+)(ll|ull|llu)$/i;

/** What an operand is: a 64-bit integer, something else, or a type the analysis cannot read. */
type Width = 'wide' | 'narrow' | 'unknown';

/**
 * The enclosing template's type parameters, with what its instances make them: `wide` when some
 * instance makes one a 64-bit integer and all make it arithmetic (the helpers take any arithmetic
 * type), `narrow` when none does, `unknown` when the instances are not all known.
 */
export type TemplateWidths = ReadonlyMap<string, Width>;

/**
 * Rewrites the comparisons and variable shifts of 64-bit integers in `body` (device code built for
 * rv32). An operand of a template parameter's `unknown` type may be 64-bit in some instance: where
 * the operation is not `uniform` (a branch on it could diverge), it is rewritten too (the helpers
 * apply the operator itself to what is not arithmetic); a loop's counter keeps its operator.
 */
export function wideIntegers(body: Node, text: string, types: TypeTable, edits: EditSet, templateParams: TemplateWidths, report: Reporter, uniform: (e: Node) => boolean): void {
  const width = (e: Node) => widthOf(e, text, types, templateParams);
  scan(body, BINARY, (e) => {
    const op = e.childForFieldName('operator')!;
    const left = e.childForFieldName('left');
    const right = e.childForFieldName('right');
    if (!left || !right || compileTime(e) || inDirective(e)) return;
    if (e.type === 'assignment_expression') {
      const w = width(left);
      compoundShift(op, left, right, w === 'unknown' && uniform(e) ? 'narrow' : w, edits, report);
      return;
    }
    const operands = COMPARISONS[op.type] ? [width(left), width(right)] : SHIFTS[op.type] && right.type !== 'number_literal' ? [width(left)] : [];
    if (operands.includes('wide') || (operands.includes('unknown') && !uniform(e))) {
      const helper = COMPARISONS[op.type] ?? SHIFTS[op.type];
      edits.transform(left, (t) => `${helper}(${t}`);
      edits.replace(op, ',');
      edits.transform(right, (t) => `${t})`);
    }
  }, (_, start, end) => spanHas(text, '<', start, end) || spanHas(text, '>', start, end));
}

/** What `instances` (a kernel template's, all of them when any) make each of its type parameters. */
export function templateWidths(params: readonly string[], instances: readonly KernelInstance[]): TemplateWidths {
  return new Map(params.map((param) => {
    const values = instances.map((i) => i.subst.get(param));
    const wide = values.filter((v) => typeof v === 'object' && isWide(v)).length;
    if (values.length === 0 || (wide > 0 && values.some((v) => typeof v !== 'object' || v.kind !== 'scalar'))) return [param, 'unknown'];
    return [param, wide > 0 ? 'wide' : 'narrow'];
  }));
}

const isWide = (t: CType) => t.kind === 'scalar' && scalarSize(t.name, 'rv32') === 8 && t.name !== 'double';

function compoundShift(op: Node, left: Node, right: Node, width: Width, edits: EditSet, report: Reporter): void {
  const helper = COMPOUND_SHIFTS[op.type];
  if (!helper || right.type === 'number_literal' || width === 'narrow') return;
  if (left.type === 'identifier') {
    edits.replace(op, `= ${helper}(${left.text},`);
    edits.transform(right, (t) => `${t})`);
  } else {
    const what = width === 'wide' ? 'of a 64-bit integer that is not a plain variable' : "of a template parameter's type, not a plain variable";
    report.at(op, 'warning', 'wide-integer-unknown', `'${op.type}' by a variable count ${what}: gcc and clang branch on the count on rv32 (when it is a 64-bit integer), which diverges on per-thread values; write it as 'x = ${helper}(x, n)'`);
  }
}

function widthOf(expr: Node, text: string, types: TypeTable, templateParams: TemplateWidths): Width {
  let e = expr;
  while (e.type === 'parenthesized_expression' && e.namedChildren[0]) e = e.namedChildren[0];
  const of = (n: Node | null): Width => (n ? widthOf(n, text, types, templateParams) : 'narrow');
  const t = staticType(e, text, types);
  if (t?.kind === 'opaque') return templateParams.get(t.text.replace(/\bconst\b|\bvolatile\b/g, '').trim()) ?? 'narrow';  // *p of a T*
  if (t) return isWide(t) ? 'wide' : 'narrow';
  switch (e.type) {
    case 'number_literal':
      return WIDE_LITERAL.test(e.text) ? 'wide' : 'narrow';
    case 'binary_expression': {
      const op = e.childForFieldName('operator')!.type;
      if (SHIFTS[op]) return of(e.childForFieldName('left'));
      if (!ARITHMETIC.has(op)) return 'narrow';  // comparisons and logical operators give bool
      return common(of(e.childForFieldName('left')), of(e.childForFieldName('right')), e, text, types);
    }
    case 'unary_expression':
      return e.child(0)?.type === '!' ? 'narrow' : of(e.childForFieldName('argument'));
    case 'conditional_expression':
      return common(of(e.childForFieldName('consequence')), of(e.childForFieldName('alternative')), e, text, types);
    case 'subscript_expression':
    case 'pointer_expression':
      return of(e.childForFieldName('argument')) === 'unknown' ? 'unknown' : 'narrow';  // T* a: a[i], *a
    case 'identifier':
      return declaredWidth(e, text, types, templateParams);
    default:
      return 'narrow';
  }
}

/** The usual arithmetic conversions: a 64-bit integer operand makes the result 64-bit, unless the other is floating point. */
function common(a: Width, b: Width, e: Node, text: string, types: TypeTable): Width {
  if (a !== 'wide' && b !== 'wide') return a === 'unknown' || b === 'unknown' ? 'unknown' : 'narrow';
  const floating = e.namedChildren.some((c) => { const t = c && staticType(c, text, types); return t?.kind === 'scalar' && (t.name === 'float' || t.name === 'double'); });
  return floating ? 'narrow' : 'wide';
}

/** A variable the type table cannot read: `auto` takes its initializer's width; a template parameter's type, its instances'. */
function declaredWidth(name: Node, text: string, types: TypeTable, templateParams: TemplateWidths): Width {
  const found = declarationOf(name);
  const type = found?.node.childForFieldName('type');
  if (!found || !type) return 'narrow';
  if (type.type === 'placeholder_type_specifier' || type.text === 'auto') {
    const value = found.declarator?.type === 'init_declarator' ? found.declarator.childForFieldName('value') : null;
    return value && value.type !== 'initializer_list' ? widthOf(value, text, types, templateParams) : 'narrow';
  }
  return templateParams.get(type.text) ?? 'narrow';
}
