// Uses of macros that spell GPU code: a function-like macro stamping out kernels or device
// functions (`AFFINE_OP(float, affine_f32, x * mul + add)` at file scope), or an object-like one
// standing for execution-space specifiers (`#define HOST_DEVICE __host__ __device__`). The
// translator must rewrite what they expand to, so each use is expanded in the text it translates
// (said in --annotate); so is a macro that opens or closes a namespace or `extern "C"` block
// (`#define NS_BEGIN namespace my {`), without which the grammar cannot see the kernels inside,
// and one that is a loop's header (`KERNEL_LOOP(i, n)`), before a body the grammar cannot read.
// Every other macro use stays as written.
import { applyExpansions, type MacroExpansion } from '../analyse/launch-macros.js';
import { callArguments, codeMask, redefinitions, sameMacro, substitute, type Macro, type MacroTable } from './macros.js';

export const GPU_SPACE = /\b(?:__global__|__device__|__host__|__constant__|__shared__|__managed__)\b/;
/** What a macro spelling GPU specifiers holds: an execution space, launch bounds (`#define LB(n) __launch_bounds__(n)`) or CUDA's alignment (`#define ALIGN(n) __align__(n)`). */
const GPU_SPECIFIER = /\b(?:__global__|__device__|__host__|__constant__|__shared__|__managed__|__launch_bounds__|__align__)\b/;
/** Nothing but specifiers and attributes, at least one an execution space or launch bounds; a kernel's `void` may end them (`#define KERNEL __global__ void`). */
const SPECIFIERS = /^(?:\s*(?:__host__|__device__|__global__|__forceinline__|__noinline__|__inline__|inline|static|extern|const|volatile|constexpr|__managed__|__constant__|__shared__|__attribute__\s*\(\(.*?\)\)|__launch_bounds__\s*\([^)]*\)))+(?:\s+void)?\s*$/;

/** The macros for which `holds` (given whether a macro their body uses is one of them). */
function macrosWhere(macros: MacroTable, holds: (m: Macro, viaOthers: boolean) => boolean): Set<string> {
  const memo = new Map<string, boolean>();
  const test = (m: Macro, seen: Set<string>): boolean => {
    if (memo.has(m.name)) return memo.get(m.name)!;
    seen.add(m.name);
    const viaOthers = wordsOf(m.body).some((w) => !seen.has(w) && macros.has(w) && test(macros.get(w)!, seen));
    const result = holds(m, viaOthers);
    memo.set(m.name, result);
    return result;
  };
  return new Set([...macros.values()].filter((m) => test(m, new Set())).map((m) => m.name));
}

const wordsOf = (text: string) => text.match(/[A-Za-z_]\w*/g) ?? [];

/** Nothing but namespace or linkage blocks opened, or nothing but braces closed. */
const SCOPE = /^(?:(?:(?:inline\s+)?namespace(?:\s+[A-Za-z_][\w:]*)?|extern\s*"C(?:\+\+)?")\s*\{\s*)+$|^(?:\}\s*;?\s*)+$/;

/**
 * A loop's header and nothing else (`#define KERNEL_LOOP(i, n) for (int i = ...; i < (n); ...)`):
 * the grammar cannot read an unbraced body after its use (`KERNEL_LOOP(i, n) p[i] = 0;`).
 */
const LOOP_HEADER = /^(?:for|while)\s*\([^]*\)$/;

/** Macros spelling GPU code (defining kernels or device functions, or standing for execution spaces), scopes or loop headers. */
const spellsGpu = (m: Macro, viaOthers: boolean) =>
  SCOPE.test(m.body) ||
  (!!m.params && LOOP_HEADER.test(m.body)) ||
  (m.params ? GPU_SPECIFIER.test(m.body) || viaOthers : (SPECIFIERS.test(m.body) && GPU_SPECIFIER.test(m.body)) || (/^[A-Za-z_]\w*$/.test(m.body) && viaOthers));

/** The uses to expand in `text`, in order. */
export function gpuMacroExpansions(text: string, macros: MacroTable): MacroExpansion[] {
  return expansions(text, macros, macrosWhere(macros, spellsGpu));
}

/**
 * Uses of the macros `text` defines differently in different places (`#undef BS` / `#define BS 64`
 * between two kernels), where the definition in force is not the last, which the translator reads:
 * expanded with the one in force, so that template arguments, shared array sizes, struct layouts
 * and branches are read as the compiler reads them. `before`: the macros the headers and -D define.
 */
export function redefinedUses(text: string, macros: MacroTable, before: MacroTable): MacroExpansion[] {
  const history = redefinitions(text, before);
  if (!history.size) return [];
  const mask = codeMask(text);
  const out: MacroExpansion[] = [];
  const word = /[A-Za-z_]\w*/g;
  for (let m = word.exec(text); m; m = word.exec(text)) {
    const at = m.index;
    const inForce = history.get(m[0])?.filter((d) => d.at <= at).pop()?.macro;
    if (!inForce || !mask[at] || sameMacro(inForce, macros.get(m[0]))) continue;
    const call = useOf(inForce, text, at + m[0].length);
    if (!call) continue;
    const { end, args } = call;
    out.push({ start: at, end, macro: m[0], text: substitute(inForce, args, (name) => !macros.has(name)).replace(/\s*\n\s*/g, ' ') });
    word.lastIndex = end;
  }
  return out;
}

/**
 * Where a use of `macro` whose name ends at `end` ends, and its arguments; undefined for a
 * function-like macro's name without them (not a use).
 */
function useOf(macro: Macro, text: string, end: number): { end: number; args: string[] } | undefined {
  if (!macro.params) return { end, args: [] };
  const open = /^\s*\(/.exec(text.slice(end, end + 200));
  return open ? callArguments(text, end + open[0].length - 1) : undefined;
}

/** A launch the translation rewrites. */
const LAUNCH = /<<<|\bhipLaunchKernel(?:GGL)?\b/;

/** Declares a name: `constexpr bool NAME = true;`, `using scalar_t = float;`, a typedef. */
const DECLARES = /\bconstexpr\b|\busing\s+[A-Za-z_]\w*\s*=|\btypedef\b/;

/**
 * Uses of function-like macros that launch kernels, directly or through another such macro
 * (`#define RUN(k) RUN_S(k, 0)` over `#define RUN_S(k, s) hipLaunchKernelGGL(k, 1, 1, s, 0)`),
 * fully expanded: the launch's rewrite falls inside their expansion. So are uses of dispatch
 * macros with a launch in an argument (`BOOL_SWITCH(c, kNeg, k<kNeg><<<g, b>>>(p))` over a body
 * declaring `constexpr bool kNeg = true;`): the launch's template arguments name what they declare.
 */
export function launchingMacroExpansions(text: string, macros: MacroTable): MacroExpansion[] {
  const names = macrosWhere(macros, (m, viaOthers) => !!m.params && (LAUNCH.test(m.body) || DECLARES.test(m.body) || viaOthers));
  return expansions(text, macros, names).filter((u) => LAUNCH.test(u.text));
}

/** Control flow a divergence bracket must enclose on Vortex. */
const BRANCHES = /\b(?:if|for|while|do|switch)\b|\?|&&|\|\|/;

/**
 * Uses, inside `spans` (device code), of macros whose expansion the device translation must see:
 * naming one of `globals` (device globals, whose uses it rewrites), calling a warp operation
 * (`warpOps`: the kernel reserves their scratch, and the lanes that skip one must leave) or
 * branching (it brackets branches on per-thread values); a macro's body is not rewritten.
 */
export function deviceMacroExpansions(text: string, macros: MacroTable, globals: ReadonlySet<string>, spans: readonly [number, number][], warpOps?: RegExp): MacroExpansion[] {
  const names = macrosWhere(macros, (m, viaOthers) => viaOthers || BRANCHES.test(m.body.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '')) || !!warpOps?.test(m.body) || wordsOf(m.body).some((w) => globals.has(w) && !m.params?.includes(w)));
  // Inside such an expansion, function-like macros are expanded too: `MAXF(SQ(x), lo)` brackets
  // `SQ(x)` as the product it is, not as a call of an unknown function.
  const functionLike = new Set([...names, ...[...macros.values()].filter((m) => m.params).map((m) => m.name)]);
  return expansions(text, macros, names, functionLike).filter((u) => spans.some(([from, to]) => u.start >= from && u.end <= to));
}

/** Per table and macro, which parameters reach a `#` or `##` through the macros its body calls. */
const pastedByTable = new WeakMap<MacroTable, Map<string, boolean[]>>();

/**
 * For each parameter of `macro`, whether its argument reaches a `#` or `##` of another macro the
 * body calls (`#define STR(x) STR_(x)` over `#define STR_(x) #x`): there the preprocessor's
 * expanding the argument first shows (`STR(WIDTH)` is "128"); anywhere else the text is the same.
 */
function pastedInside(macro: Macro, macros: MacroTable, seen = new Set<string>()): boolean[] {
  let memo = pastedByTable.get(macros);
  if (!memo) pastedByTable.set(macros, (memo = new Map()));
  const known = memo.get(macro.name);
  if (known) return known;
  const params = [...(macro.params ?? []), ...(macro.variadic ? ['__VA_ARGS__'] : [])];
  const result = params.map(() => false);
  seen.add(macro.name);
  const code = macro.body.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, (s) => ' '.repeat(s.length));
  for (const call of code.matchAll(/\b([A-Za-z_]\w*)\s*\(/g)) {
    const callee = macros.get(call[1]);
    if (!callee?.params || seen.has(callee.name)) continue;
    const args = callArguments(code, call.index + call[0].length - 1)?.args ?? [];
    const reached = pastedDirectly(callee).map((direct, i) => direct || pastedInside(callee, macros, seen)[i]);
    args.forEach((arg, j) => {
      if (!reached[Math.min(j, reached.length - 1)]) return;
      for (const w of wordsOf(arg)) if (params.includes(w)) result[params.indexOf(w)] = true;
    });
  }
  seen.delete(macro.name);
  memo.set(macro.name, result);
  return result;
}

/** For each parameter of `macro`, whether it is an operand of its own `#` or `##`. */
function pastedDirectly(macro: Macro): boolean[] {
  const params = [...(macro.params ?? []), ...(macro.variadic ? ['__VA_ARGS__'] : [])];
  return params.map((p) => new RegExp(`#\\s*${p}\\b|\\b${p}\\s*##`).test(macro.body));
}

/** `text` with every macro use expanded, as the preprocessor expands an argument before substituting it. */
function fullyExpanded(text: string, macros: MacroTable, active: ReadonlySet<string>): string {
  const all = new Set(macros.keys());
  return applyExpansions(text, usesIn(text, all, macros, active), false);
}

/**
 * The function-like macro a use of `macro` calls: itself, or the one an object-like alias names
 * (`#define CALL UPDATE_IF`, used as `CALL(c, v)`).
 */
function called(macro: Macro, macros: MacroTable, text: string, end: number): Macro {
  const target = !macro.params && /^[A-Za-z_]\w*$/.test(macro.body) ? macros.get(macro.body) : undefined;
  return target?.params && /^\s*\(/.test(text.slice(end, end + 200)) ? target : macro;
}

function expansions(text: string, macros: MacroTable, names: ReadonlySet<string>, inside = names): MacroExpansion[] {
  if (!names.size) return [];
  return usesIn(text, names, macros, new Set(), inside).map((u) => ({ ...u, text: u.text.replace(/\s*\n\s*/g, ' ') }));
}

/**
 * Uses of `names` in code positions of `text`, each expanded with the uses of `inside` in its
 * expansion (`active`: being expanded).
 */
function usesIn(text: string, names: ReadonlySet<string>, macros: MacroTable, active: ReadonlySet<string>, inside = names): MacroExpansion[] {
  const out: MacroExpansion[] = [];
  // Most texts use none of the names: the whole-text scans below are not needed.
  if (![...names].some((name) => text.includes(name))) return out;
  let mask: Uint8Array | undefined;
  const word = /[A-Za-z_]\w*/g;
  for (let m = word.exec(text); m; m = word.exec(text)) {
    const use = macros.get(m[0]);
    if (!use || !names.has(m[0]) || active.has(m[0]) || !(mask ??= codeMask(text))[m.index]) continue;
    const macro = called(use, macros, text, m.index + m[0].length);
    const call = useOf(macro, text, m.index + m[0].length);
    if (!call) continue;
    const { end, args } = call;
    const inner = new Set([...active, m[0], macro.name]);
    const pasted = macro.params ? pastedInside(macro, macros) : [];
    const expanded = pasted.some(Boolean) ? args.map((a, i) => (pasted[Math.min(i, pasted.length - 1)] ? fullyExpanded(a, macros, active) : a)) : undefined;
    const body = substitute(macro, args, (name) => !macros.has(name), expanded);
    out.push({ start: m.index, end, macro: m[0], text: applyExpansions(body, usesIn(body, inside, macros, inner), false) });
    word.lastIndex = end;
  }
  return out;
}
