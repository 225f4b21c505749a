// PTX instructions written as inline assembly: the warp-matrix ones (ldmatrix, movmatrix,
// mma.sync: the tensor-core code of llama.cpp/candle, CUTLASS-style kernels) and the scalar
// conversions between float and 16-bit floats (cvt). An `asm` statement holding one of the
// instructions below, with register and address operands only, becomes a call to the function of
// runtime/include/hip2vx_warp_matrix.h that emulates it (a warp-matrix one is a warp operation:
// every lane must reach it); any other asm stays an `inline-asm` error.
import type { Node } from '../parse/parser.js';

/** Operand groups of each instruction: registers per group ('addr': one `[%n]` address). */
const INSTRUCTIONS: ReadonlyMap<string, readonly (number | 'addr')[]> = new Map<string, readonly (number | 'addr')[]>([
  ...(['x1', 'x2', 'x4'] as const).flatMap((x) => {
    const n = Number(x.slice(1));
    return [`m8n8.${x}.b16`, `m8n8.${x}.trans.b16`].map((s) => [`ldmatrix.sync.aligned.${s}`, [n, 'addr']] as const);
  }),
  ['movmatrix.sync.aligned.m8n8.trans.b16', [1, 1]] as const,
  // mma.sync.aligned.<shape>.row.col.<D>.<A>.<B>.<C>: registers of D, A, B, C.
  ...([
    ['m16n8k8', 'f16.f16.f16.f16', [2, 2, 1, 2]],
    ['m16n8k16', 'f16.f16.f16.f16', [2, 4, 2, 2]],
    ['m16n8k8', 'f32.f16.f16.f32', [4, 2, 1, 4]],
    ['m16n8k16', 'f32.f16.f16.f32', [4, 4, 2, 4]],
    ['m16n8k8', 'f32.bf16.bf16.f32', [4, 2, 1, 4]],
    ['m16n8k16', 'f32.bf16.bf16.f32', [4, 4, 2, 4]],
    ['m16n8k8', 'f32.tf32.tf32.f32', [4, 4, 2, 4]],
    ['m8n8k16', 's32.s8.s8.s32', [2, 1, 1, 2]],
    ['m16n8k16', 's32.s8.s8.s32', [4, 2, 1, 4]],
    ['m16n8k32', 's32.s8.s8.s32', [4, 4, 2, 4]],
  ] as const).map(([shape, types, groups]) => [`mma.sync.aligned.${shape}.row.col.${types}`, groups] as const),
]);

/** Scalar conversions: one register operand each for the destination and the source. */
const CONVERSIONS: ReadonlySet<string> = new Set(['cvt.rn.f16.f32', 'cvt.rz.f16.f32', 'cvt.rn.bf16.f32', 'cvt.rz.bf16.f32', 'cvt.f32.f16', 'cvt.f32.bf16']);

/** The runtime function of an instruction: `hip2vx_ptx_` + its name without `.sync.aligned`, dots as underscores. */
export const ptxFunction = (instruction: string) => `hip2vx_ptx_${instruction.replace('.sync.aligned', '').replace(/\./g, '_')}`;

/** The instructions the runtime emulates. */
export const PTX_INSTRUCTIONS: readonly string[] = [...INSTRUCTIONS.keys(), ...CONVERSIONS];

interface AsmOperand { value: Node; output: boolean; readWrite: boolean; constraint: string }

/** A recognised warp-matrix asm statement: the function and its arguments (operand nodes, grouped). */
export interface PtxCall {
  fn: string;
  /** Per PTX operand: its asm operands' values, and whether it is a register group (an array argument: `{a, b}`) rather than an address. */
  groups: { values: Node[]; registers: boolean }[];
}

/** The instruction an asm statement spells (cheap: no operand checks). */
function instructionOf(asm: Node): string | undefined {
  const code = asmCode(asm);
  return (code && /^\s*([a-z][\w.:]*)\s/.exec(code)?.[1]) || undefined;
}

/** The PTX warp-matrix instruction an asm statement spells, if it is one of the emulated ones. */
export function warpMatrixInstruction(asm: Node): string | undefined {
  const op = instructionOf(asm);
  return op && INSTRUCTIONS.has(op) ? op : undefined;
}

/** The call an asm statement becomes, or why it cannot (undefined: not an emulated instruction). */
export function ptxCall(asm: Node): PtxCall | { error: string } | undefined {
  const instruction = instructionOf(asm);
  const shape = instruction && (INSTRUCTIONS.get(instruction) ?? (CONVERSIONS.has(instruction) ? [1, 1] : undefined));
  if (!shape) return undefined;
  // A conversion's operands are plain values; a warp-matrix instruction's register groups are arrays.
  const scalar = CONVERSIONS.has(instruction);
  const m = /^\s*[a-z][\w.:]*\s+([^;]*);\s*$/.exec(asmCode(asm)!);
  if (!m) return { error: `'${instruction}' must be the statement's only instruction` };
  const operands = asmOperands(asm);
  const spelled = splitTop(m[1]);
  if (spelled.length !== shape.length) return { error: `'${instruction}' takes ${shape.length} operands, not ${spelled.length}` };
  const groups: PtxCall['groups'] = [];
  const uses = new Map<number, number>();
  for (let i = 0; i < shape.length; i++) {
    const text = spelled[i].trim();
    const want = shape[i];
    const braced = /^\{.*\}$/s.test(text);
    const inner = want === 'addr' ? /^\[\s*(%\d+)\s*\]$/.exec(text)?.[1] : braced ? text.slice(1, -1) : text;
    const refs = inner?.split(',').map((r) => /^\s*%(\d+)\s*$/.exec(r)?.[1]);
    const count = want === 'addr' ? 1 : want;
    if (!refs || refs.length !== count || refs.some((r) => r === undefined)) return { error: `operand ${i + 1} of '${instruction}' must be ${want === 'addr' ? 'an address [%n]' : count === 1 ? 'a register %n' : `${count} registers {%n, ...}`}` };
    const values: Node[] = [];
    for (const r of refs.map(Number)) {
      const operand = operands[r];
      if (!operand) return { error: `'%${r}' names no operand` };
      const written = isOutput(i);
      if (written && !operand.output) return { error: `'%${r}' is written by '${instruction}' but is an input operand` };
      if (!written && operand.output && !operand.readWrite) return { error: `'%${r}' is read by '${instruction}' but is a write-only ("=") operand` };
      if (!/^[=+]?&?[rhfl]$/.test(operand.constraint)) return { error: `'%${r}' has constraint "${operand.constraint}"; registers and addresses need "r", "h", "f" or "l"` };
      uses.set(r, (uses.get(r) ?? 0) + 1);
      values.push(operand.value);
    }
    groups.push({ values, registers: want !== 'addr' && !scalar });
  }
  // An operand both read and written is written out twice in the call: it must not have side effects.
  for (const [r, n] of uses) if (n > 1 && hasSideEffects(operands[r].value)) return { error: `'%${r}' is used twice and its expression has side effects` };
  return { fn: ptxFunction(instruction), groups };
}

/** Every instruction's first operand is its destination. */
const isOutput = (i: number) => i === 0;

/** The asm string (concatenated literals joined), or undefined when not a plain literal. */
function asmCode(asm: Node): string | undefined {
  const code = asm.childForFieldName('assembly_code');
  if (!code || code.type === 'raw_string_literal') return undefined;
  const parts = code.type === 'concatenated_string' ? code.namedChildren.filter((c) => c?.type === 'string_literal') : [code];
  if (parts.length === 0) return undefined;
  return parts.map((p) => p!.text.slice(1, -1)).join('').replace(/\\n|\\t/g, ' ');
}

/** Outputs then inputs, numbered as %0, %1, ... */
function asmOperands(asm: Node): AsmOperand[] {
  const list = (field: string, out: boolean) => (asm.childForFieldName(field)?.namedChildren ?? [])
    .filter((o) => o?.type === (out ? 'gnu_asm_output_operand' : 'gnu_asm_input_operand'))
    .map((o) => {
      const constraint = o!.childForFieldName('constraint')!.text.slice(1, -1);
      return { value: o!.childForFieldName('value')!, output: out, readWrite: constraint.startsWith('+'), constraint };
    });
  return [...list('output_operands', true), ...list('input_operands', false)];
}

/** Splits at the commas outside braces and brackets. */
function splitTop(text: string): string[] {
  const parts: string[] = [];
  let depth = 0, start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  return [...parts, text.slice(start)];
}

const SIDE_EFFECTS = new Set(['update_expression', 'assignment_expression', 'call_expression']);
function hasSideEffects(n: Node): boolean {
  if (SIDE_EFFECTS.has(n.type)) return true;
  return n.namedChildren.some((c) => !!c && hasSideEffects(c));
}
