// Uses of macros that spell GPU code: a function-like macro stamping out kernels or device
// functions (`AFFINE_OP(float, affine_f32, x * mul + add)` at file scope), or an object-like one
// standing for execution-space specifiers (`#define HOST_DEVICE __host__ __device__`). The
// translator must rewrite what they expand to, so each use is expanded in the text it translates
// (said in --annotate); every other macro use stays as written.
import { applyExpansions, type MacroExpansion } from '../analyse/launch-macros.js';
import { callArguments, codeMask, substitute, type Macro, type MacroTable } from './macros.js';

export const GPU_SPACE = /\b(?:__global__|__device__|__host__|__constant__|__shared__|__managed__)\b/;
/** Nothing but specifiers and attributes, at least one an execution space. */
const SPECIFIERS = /^(?:\s*(?:__host__|__device__|__global__|__forceinline__|__noinline__|__inline__|inline|static|extern|__managed__|__constant__|__shared__|__attribute__\s*\(\(.*?\)\)|__launch_bounds__\s*\([^)]*\)))+\s*$/;

/** Which macros spell GPU code, through the macros their bodies use. */
function gpuMacros(macros: MacroTable): Set<string> {
  const memo = new Map<string, boolean>();
  const spells = (m: Macro, seen: Set<string>): boolean => {
    if (memo.has(m.name)) return memo.get(m.name)!;
    seen.add(m.name);
    const words = m.body.match(/[A-Za-z_]\w*/g) ?? [];
    const viaOthers = words.some((w) => !seen.has(w) && macros.has(w) && spells(macros.get(w)!, seen));
    const result = m.params ? GPU_SPACE.test(m.body) || viaOthers : (SPECIFIERS.test(m.body) && GPU_SPACE.test(m.body)) || (/^[A-Za-z_]\w*$/.test(m.body) && viaOthers);
    memo.set(m.name, result);
    return result;
  };
  return new Set([...macros.values()].filter((m) => spells(m, new Set())).map((m) => m.name));
}

/** The uses to expand in `text`, in order. */
export function gpuMacroExpansions(text: string, macros: MacroTable): MacroExpansion[] {
  const gpu = gpuMacros(macros);
  if (!gpu.size) return [];
  return usesIn(text, gpu, macros, new Set()).map((u) => ({ ...u, text: u.text.replace(/\s*\n\s*/g, ' ') }));
}

/** Uses of `names` in code positions of `text`, each fully expanded (`active`: being expanded). */
function usesIn(text: string, names: ReadonlySet<string>, macros: MacroTable, active: ReadonlySet<string>): MacroExpansion[] {
  const mask = codeMask(text);
  const out: MacroExpansion[] = [];
  const word = /[A-Za-z_]\w*/g;
  for (let m = word.exec(text); m; m = word.exec(text)) {
    const macro = macros.get(m[0]);
    if (!macro || !names.has(m[0]) || active.has(m[0]) || !mask[m.index]) continue;
    let end = m.index + m[0].length;
    let args: string[] = [];
    if (macro.params) {
      const open = /^\s*\(/.exec(text.slice(end, end + 200));
      const call = open ? callArguments(text, end + open[0].length - 1) : undefined;
      if (!call) continue;
      ({ end, args } = call);
    }
    const inner = new Set([...active, m[0]]);
    const body = substitute(macro, args);
    out.push({ start: m.index, end, macro: m[0], text: applyExpansions(body, usesIn(body, names, macros, inner), false) });
    word.lastIndex = end;
  }
  return out;
}
