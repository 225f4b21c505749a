// `#if`/`#ifdef` groups, and which branch the device and the host compiler take. The translator
// keeps every branch in its output; it only decides a group for the parser's view of the text
// (./repair.ts): a branch neither compiler takes (`#if __CUDA_ARCH__ >= 890`), or the branches of a
// group that splits a declaration or an argument list, which the grammar cannot parse as written.
import { evaluateIfExpression } from './if-expression.js';
import { callArguments, substitute, type MacroTable } from './macros.js';

/**
 * What the generated code's compilers define (hip2vx_device.h / hip2vx_host.h define the same):
 * both are HIP compilers, and the device one compiles for this compute capability (half and
 * bfloat16 arithmetic; no fp8, no tensor cores).
 */
export const CUDA_ARCH = 800;
const BOTH: Record<string, number> = { __HIPCC__: 1, __CUDACC__: 1, __cplusplus: 201703 };
export const COMPILER_MACROS = {
  device: { ...BOTH, __CUDA_ARCH__: CUDA_ARCH, __HIP_DEVICE_COMPILE__: 1 } as Record<string, number>,
  host: BOTH,
};
export type Side = keyof typeof COMPILER_MACROS;

export const CUDA_CONDITION = /\b(__CUDA_ARCH__|__HIP_DEVICE_COMPILE__|__CUDACC__|__HIPCC__)\b/;

export interface Branch {
  /** The directive line (`#if ...`, `#elif ...`, `#else`), continuations included. */
  directive: [number, number];
  /** The condition (`defined(X)` for #ifdef, `1` for #else). */
  condition: string;
  /** The branch's text after its directive, up to the next directive of the group. */
  body: [number, number];
}

export interface Group {
  branches: Branch[];
  endif: [number, number];
}

const DIRECTIVE = /^[ \t]*#[ \t]*(if|ifdef|ifndef|elif|else|endif)\b(.*)$/;

/** A physical line that may begin a directive: `#`, or a line continued into one (`\\` then `#if`). */
const DIRECTIVE_START = /^[ \t]*[#\\]/gm;

/** The line ending with the newline at `newline` continues onto the next (a backslash ends it). */
const continued = (text: string, newline: number): boolean => newline > 0 && text[newline - 1 - (text[newline - 1] === '\r' ? 1 : 0)] === '\\';

/** The groups of the last texts asked for: a file's text (and its headers') is asked for by several stages in turn. */
const recentGroups = new Map<string, readonly Group[]>();
const RECENT = 8;

/** The complete groups of `text`, outer before inner. */
export function conditionalGroups(text: string): readonly Group[] {
  let groups = recentGroups.get(text);
  if (!groups) {
    if (recentGroups.size === RECENT) recentGroups.delete(recentGroups.keys().next().value!);
    recentGroups.set(text, (groups = readGroups(text)));
  }
  return groups;
}

function readGroups(text: string): Group[] {
  const groups: Group[] = [];
  const open: Group[] = [];
  // Only the lines that can begin a directive are read: most lines of a file cannot.
  for (const line of text.matchAll(DIRECTIVE_START)) {
    const at = line.index;
    if (at > 0 && (text[at - 1] !== '\n' || continued(text, at - 1))) continue;
    let end = text.indexOf('\n', at);
    while (continued(text, end)) end = text.indexOf('\n', end + 1);
    if (end < 0) end = text.length;
    const m = DIRECTIVE.exec(text.slice(at, end).replace(/\\\r?\n/g, ' ').replace(/\r$/, ''));
    if (m) {
      const rest = m[2].replace(/\/\*.*?\*\//g, ' ').replace(/\/\/.*$/, '').trim();
      const span: [number, number] = [at, end];
      const top = open[open.length - 1];
      const close = () => {
        if (top?.branches.length) top.branches[top.branches.length - 1].body[1] = at;
      };
      if (m[1] === 'if' || m[1] === 'ifdef' || m[1] === 'ifndef') {
        const condition = m[1] === 'if' ? rest : `${m[1] === 'ifndef' ? '!' : ''}defined(${rest.split(/\s/)[0]})`;
        const g: Group = { branches: [{ directive: span, condition, body: [end, end] }], endif: [0, 0] };
        open.push(g);
        groups.push(g);
      } else if (top && (m[1] === 'elif' || m[1] === 'else')) {
        close();
        top.branches.push({ directive: span, condition: m[1] === 'else' ? '1' : rest, body: [end, end] });
      } else if (top && m[1] === 'endif') {
        close();
        top.endif = span;
        open.pop();
      }
    }
  }
  return groups.filter((g) => g.endif[1] > 0);
}

/** The branch a compiler with `predefined` (and the file's own macros) takes; -1 if none. */
export function chosenBranch(group: Group, macros: MacroTable, predefined: Record<string, number>): number {
  return group.branches.findIndex((b) => evaluate(b.condition, macros, predefined) !== 0);
}

/** Branches no compiler takes, of groups deciding on what the compilers predefine. */
export function branchesNeverTaken(group: Group, macros: MacroTable): Branch[] {
  if (!group.branches.some((b) => CUDA_CONDITION.test(b.condition))) return [];
  const taken = new Set((Object.keys(COMPILER_MACROS) as Side[]).map((side) => chosenBranch(group, macros, COMPILER_MACROS[side])));
  return group.branches.filter((_, i) => !taken.has(i));
}

/** The text no compiler compiles: bodies of the branches neither takes. */
export function neverCompiled(text: string, macros: MacroTable): [number, number][] {
  return conditionalGroups(text).flatMap((g) => branchesNeverTaken(g, macros).map((b) => b.body));
}

/** The text the device compiler skips in groups deciding on what compilers predefine. */
export function skippedOnDevice(text: string, macros: MacroTable): [number, number][] {
  return conditionalGroups(text)
    .filter((g) => g.branches.some((b) => CUDA_CONDITION.test(b.condition)))
    .flatMap((g) => {
      const taken = chosenBranch(g, macros, COMPILER_MACROS.device);
      return g.branches.filter((_, i) => i !== taken).map((b) => b.body);
    });
}

/** `node` lies wholly inside one of `ranges` (branch bodies). */
export const within = (node: { startIndex: number; endIndex: number }, ranges: readonly (readonly [number, number])[]): boolean =>
  ranges.some(([from, to]) => from <= node.startIndex && node.endIndex <= to);

/**
 * The branch bodies the device compiler (or the one `predefined` describes) does not take as far
 * as the macros in sight decide it (a group's later branches are unknown from its first undecided
 * condition on): `#else` of `#ifndef USE_ROCM` when nothing defines USE_ROCM.
 */
export function decidedNotTaken(text: string, macros: MacroTable, predefined: Record<string, number> = COMPILER_MACROS.device): [number, number][] {
  return conditionalGroups(text).flatMap((g) => {
    const own = ownDefines(text, g);
    return notTaken(g, (b) => (testsAny(b.condition, own) ? undefined : decided(b.condition, macros, predefined)));
  });
}

/**
 * The bodies of the branches of `group` (one not deciding on what the compilers predefine) that
 * `macros`, those defined before it, decide against: a configuration header's `#ifndef FAST_PATH
 * / #define WITH_SCALE 1 / #else / #define WITH_SCALE 0`.
 */
export function decidedAgainst(group: Group, macros: MacroTable): [number, number][] {
  if (group.branches.some((b) => CUDA_CONDITION.test(b.condition))) return [];
  return notTaken(group, (b) => decided(b.condition, macros, COMPILER_MACROS.host));
}

/** The branches before the first that `holds`, and those after it; none from the first undecided one on. */
function notTaken(group: Group, holds: (b: Branch) => boolean | undefined): [number, number][] {
  const skipped: [number, number][] = [];
  for (const [i, b] of group.branches.entries()) {
    const taken = holds(b);
    if (taken === undefined) break;
    if (taken) return [...skipped, ...group.branches.slice(i + 1).map((later) => later.body)];
    skipped.push(b.body);
  }
  return skipped;
}

/**
 * The names a group's own text defines. The macro table holds the whole file's macros, so an
 * include guard's `#ifndef K_H` cannot be decided by it: the `#define K_H` it encloses comes later.
 */
const ownDefines = (text: string, g: Group): Set<string> => new Set([...text.slice(g.branches[0].body[0], g.endif[0]).matchAll(DEFINE)].map((m) => m[1]));

const testsAny = (condition: string, names: ReadonlySet<string>): boolean => [...condition.matchAll(DEFINED)].some((m) => names.has(m[1] ?? m[2]));

/**
 * The branch bodies that a compiler may not compile: all but the one the host or the device
 * compiler surely takes, as far as the macros in sight decide (a name the group defines itself
 * is not defined yet at its conditions: include guards hold).
 */
export function uncertainBranches(text: string, macros: MacroTable): [number, number][] {
  return conditionalGroups(text).flatMap((g) => {
    const own = ownDefines(text, g);
    const table = g.branches.some((b) => testsAny(b.condition, own)) ? new Map([...macros].filter(([name]) => !own.has(name))) : macros;
    const taken = (predefined: Record<string, number>): number => {
      for (const [i, b] of g.branches.entries()) {
        const holds = decided(b.condition, table, predefined);
        if (holds !== false) return holds ? i : -1;
      }
      return -1;
    };
    const sure = new Set(Object.values(COMPILER_MACROS).map(taken));
    return g.branches.filter((_, i) => !sure.has(i)).map((b) => b.body);
  });
}

/**
 * The conditions under which [start, end) is compiled, of the groups lying inside `within`: one
 * expression per group (a later branch's says the earlier ones are false).
 */
export function enclosingConditions(groups: readonly Group[], start: number, end: number, within: readonly [number, number]): string[] {
  const out: string[] = [];
  for (const g of groups) {
    if (g.branches[0].directive[0] < within[0] || g.endif[1] > within[1]) continue;
    const k = g.branches.findIndex((b) => b.body[0] <= start && end <= b.body[1]);
    if (k < 0) continue;
    const earlier = g.branches.slice(0, k).map((b) => `!(${b.condition})`);
    out.push([...earlier, ...(g.branches[k].condition === '1' ? [] : [`(${g.branches[k].condition})`])].join(' && ') || '1');
  }
  return out;
}

/** Whether every condition holds for a compiler with `predefined` and the file's macros. */
export const allHold = (conditions: readonly string[], macros: MacroTable, predefined: Record<string, number>): boolean => conditions.every((c) => evaluate(c, macros, predefined) !== 0);

const DEFINE = /^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)/gm;
const DEFINED = /\bdefined\s*\(\s*([A-Za-z_]\w*)\s*\)|\bdefined\s+([A-Za-z_]\w*)/g;

/**
 * Whether `condition` holds, when every name it reads outside `defined` has a value; undefined when
 * one has none here (defined, perhaps, by a header not read: `#if CUDART_VERSION >= 11000`).
 */
export function decided(condition: string, macros: MacroTable, predefined: Record<string, number>): boolean | undefined {
  const names = expanded(condition.replace(DEFINED, ' 1 '), macros, predefined).replace(CHARACTER, '0').match(NAME) ?? [];
  if (names.some((n) => !(n in predefined))) return undefined;
  return evaluate(condition, macros, predefined) !== 0;
}

const NAME = /\b[A-Za-z_]\w*\b/g;
const CHARACTER = /'(?:[^'\\]|\\[^']*)'/g;
const MAX_EXPANSION = 8;

/**
 * `condition` with the file's macros replaced by what they stand for, as the preprocessor expands
 * them (a few levels deep): `VERSION_AT_LEAST(2, 1)`, `#define VERSION (MAJOR * 100 + MINOR)`.
 * The names left are no macro here.
 */
function expanded(condition: string, macros: MacroTable, predefined: Record<string, number>): string {
  let text = condition;
  for (let pass = 0; pass < MAX_EXPANSION; pass++) {
    let out = '';
    let last = 0;
    const names = new RegExp(NAME);
    for (let m = names.exec(text); m; m = names.exec(text)) {
      const macro = m[0] in predefined ? undefined : macros.get(m[0]);
      if (!macro) continue;
      let end = m.index + m[0].length;
      let body = macro.body;
      if (macro.params) {
        const open = /^\s*\(/.exec(text.slice(end));
        const call = open && callArguments(text, end + open[0].length - 1);
        if (!call) continue;
        body = substitute(macro, call.args);
        end = call.end;
      }
      out += `${text.slice(last, m.index)}(${body})`;
      last = names.lastIndex = end;
    }
    if (!last) return text;
    text = out + text.slice(last);
  }
  return text;
}

const ESCAPES: Readonly<Record<string, number>> = { n: 10, t: 9, r: 13, '\\': 92, "'": 39, '"': 34, a: 7, b: 8, f: 12, v: 11 };
/** `'A'`, `'\n'`, `'\x41'`: the character's code, as `#if` reads a character literal. */
function characterCode(literal: string): string {
  const c = literal.slice(1, -1);
  if (!c.startsWith('\\')) return String(c.codePointAt(0) ?? 0);
  if (/^\\x[0-9a-fA-F]+$/.test(c)) return String(parseInt(c.slice(2), 16));
  if (/^\\[0-7]{1,3}$/.test(c)) return String(parseInt(c.slice(1), 8));
  return String(ESCAPES[c.slice(1)] ?? 0);
}

/**
 * The value of an `#if` expression: `defined`, the file's macros expanded, what the compiler
 * predefines; other names are 0, as the preprocessor has them.
 */
function evaluate(condition: string, macros: MacroTable, predefined: Record<string, number>): number {
  const isDefined = (name: string) => name in predefined || macros.has(name);
  const expr = expanded(condition.replace(DEFINED, (_, a?: string, b?: string) => (isDefined(a ?? b!) ? ' 1 ' : ' 0 ')), macros, predefined)
    .replace(CHARACTER, characterCode)
    .replace(NAME, (name) => String(predefined[name] ?? 0));
  try {
    return Number(evaluateIfExpression(expr));
  } catch {
    return 0;  // what a compiler would reject, or this cannot read: the branch is not taken
  }
}

/**
 * The directive lines of `text` (an item removed from an output) that belong to groups reaching
 * outside it, each on a line of its own: an item whose header an `#ifdef` splits ends past the
 * group's `#endif`, which must stay for the text before the item.
 */
export function unbalancedDirectives(text: string): string {
  const kept: string[] = [];
  const open: string[] = [];
  for (const line of text.split('\n').filter((l) => /^\s*#/.test(l))) {
    const word = /^\s*#\s*(\w+)/.exec(line)?.[1] ?? '';
    if (/^if/.test(word)) open.push(line);
    else if (word === 'endif' && open.length) open.pop();
    else if (/^(endif|else|elif)/.test(word) && !open.length) kept.push(line);
  }
  const lines = [...kept, ...open];
  return lines.length ? `\n${lines.join('\n')}\n` : '';
}
