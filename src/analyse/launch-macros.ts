// Launches written through macros: `#define LAUNCH(k, g, b, ...) k<<<g, b>>>(__VA_ARGS__)` used as
// `LAUNCH(inc, 1, 16, d)` (also through other macros, or with hipLaunchKernelGGL), or a kernel
// named by an object-like macro (`#define KERNEL axpy<float>` then `KERNEL<<<g, b>>>(...)`), or a
// configuration written as one macro standing for several values (`k<<<GRID_BLOCK(n)>>>(...)`). The launch's rewrite would fall inside the macro's expansion, so
// those uses are expanded in the text before translation; everything else stays byte for byte.
import type { Node } from '../parse/parser.js';
import { argumentsOf, scan } from './syntax.js';
import { callArguments, substitute, type Macro, type MacroTable } from '../parse/macros.js';
import { gpuMacroExpansions, launchingMacroExpansions, redefinedUses } from '../parse/gpu-macros.js';
import { neverCompiled } from '../parse/conditionals.js';

export interface MacroExpansion {
  start: number;
  end: number;
  macro: string;
  text: string;
}

const DEFINITIONS = new Set(['preproc_def', 'preproc_function_def', 'function_definition']);
const CALLS = new Set(['call_expression']);

/** The uses to expand, in source order. */
export function launchMacroExpansions(root: Node, text: string, macros: MacroTable, kernelNames: ReadonlySet<string>): MacroExpansion[] {
  const objectMacros = new Map<string, string>();
  scan(root, DEFINITIONS, (d) => {
    if (d.type === 'function_definition') return false;
    const name = d.childForFieldName('name')?.text;
    if (name && d.type === 'preproc_def') objectMacros.set(name, (d.childForFieldName('value')?.text ?? '').replace(/\\\r?\n/g, ' ').trim());
  });
  const isKernelMacro = (n: Node | null | undefined): n is Node =>
    n?.type === 'identifier' && objectMacros.has(n.text) && !kernelNames.has(n.text);
  const out = launchingMacroExpansions(text, macros);
  const inLaunchingMacro = (n: Node) => out.some((e) => n.startIndex >= e.start && n.endIndex <= e.end);
  scan(root, CALLS, (call) => {
    if (inLaunchingMacro(call)) return false;
    const fn = call.childForFieldName('function');
    const launched = call.namedChildren.some((c) => c?.type === 'kernel_call_syntax') ? fn : fn?.text === 'hipLaunchKernelGGL' ? argumentsOf(call.childForFieldName('arguments'))[0] : undefined;
    if (isKernelMacro(launched)) out.push({ start: launched.startIndex, end: launched.endIndex, macro: launched.text, text: objectMacros.get(launched.text)! });
    const chevrons = call.namedChildren.find((c) => c?.type === 'kernel_call_syntax');
    if (chevrons) out.push(...argumentsOf(chevrons).flatMap((a) => severalValues(a, macros) ?? []));
  });
  return out.sort((a, b) => a.start - b.start);
}

/** A configuration argument that is a macro use standing for several values (`<<<GRID_BLOCK(n)>>>`), expanded. */
function severalValues(arg: Node, macros: MacroTable): MacroExpansion | undefined {
  const name = arg.type === 'call_expression' ? arg.childForFieldName('function') : arg;
  const macro = name?.type === 'identifier' ? macros.get(name.text) : undefined;
  if (!macro || !!macro.params !== (arg.type === 'call_expression')) return undefined;
  const text = macro.params ? expandCall(macro, arg) : macro.body;
  return (callArguments(`(${text})`, 0)?.args.length ?? 1) > 1 ? { start: arg.startIndex, end: arg.endIndex, macro: macro.name, text } : undefined;
}

/** A `#define NAME(params) body` directive read as a macro to expand. */
export function functionMacro(d: Node): Macro {
  const params = d.childForFieldName('parameters')!;
  const names = params.namedChildren.filter((p): p is Node => p?.type === 'identifier').map((p) => p.text);
  const body = (d.childForFieldName('value')?.text ?? '').replace(/\\\r?\n/g, ' ').trim();
  return { name: d.childForFieldName('name')?.text ?? '', params: names, variadic: params.children.some((c) => c?.type === '...'), body };
}

/** `call` of a function-like macro, expanded (one level). */
export const expandCall = (macro: Macro, call: Node): string => substitute(macro, argumentsOf(call.childForFieldName('arguments')).map((a) => a.text));

const expansionText = (e: MacroExpansion, annotate: boolean) => (annotate ? `/* hip2vortex: macro ${e.macro} expanded */ ` : '') + e.text;

/** `text` with each use replaced by its expansion (marked when annotating). */
export function applyExpansions(text: string, expansions: readonly MacroExpansion[], annotate: boolean): string {
  let out = '';
  let at = 0;
  for (const e of expansions) {
    out += text.slice(at, e.start) + expansionText(e, annotate);
    at = e.end;
  }
  return out + text.slice(at);
}

/** Where each expansion lies in the text applyExpansions makes, [start, end). */
export function expandedSpans(expansions: readonly MacroExpansion[], annotate: boolean): [number, number][] {
  let shift = 0;
  return expansions.map((e) => {
    const length = expansionText(e, annotate).length;
    const start = e.start + shift;
    shift += length - (e.end - e.start);
    return [start, start + length];
  });
}

/**
 * `text` with the uses of macros spelling GPU code expanded, and with `before` (the macros defined
 * before `text`: headers, -D) the uses of macros it redefines (outside text no compiler compiles);
 * undefined if none.
 */
export function expandGpuMacros(text: string, macros: MacroTable, annotate: boolean, before?: MacroTable): string | undefined {
  const never = neverCompiled(text, macros);
  const uses = [...gpuMacroExpansions(text, macros), ...(before ? redefinedUses(text, macros, before) : [])]
    .filter((u) => !never.some(([from, to]) => u.start >= from && u.end <= to))
    .sort((a, b) => a.start - b.start)
    .filter((u, i, all) => i === 0 || u.start >= all[i - 1].end);
  return uses.length ? applyExpansions(text, uses, annotate) : undefined;
}
