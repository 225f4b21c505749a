// The `#define`s a file and its local headers make, read from their text (a broken parse cannot
// hide them), and what a use of one expands to. The translator parses the user's text, not a
// preprocessed one; these let it see through the macro uses the grammar cannot (kernels stamped
// out by a macro at file scope, statements and specifiers spelled through macros).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RUNTIME_DIR } from '../package-root.js';
import { conditionalGroups, decidedAgainst, neverCompiled } from './conditionals.js';

export interface Macro {
  name: string;
  /** Parameter names of a function-like macro; undefined for an object-like one. */
  params?: string[];
  variadic: boolean;
  /** The replacement list, continuations joined, comments removed, trimmed. */
  body: string;
}

export type MacroTable = ReadonlyMap<string, Macro>;

const DEFINE = /^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)(\(([^)]*)\))?(.*)$/;
const UNDEF = /^[ \t]*#[ \t]*undef[ \t]+([A-Za-z_]\w*)/;

/**
 * The macros HIP's headers define that spell GPU code, and the HIP and CUDA versions (the
 * runtime's headers define the same, for host and device code).
 */
export const HIP_MACROS = ['hip2vx_hip_macros.h', 'hip2vx_cuda_version.h', 'hip/hip_version.h'].map((h) => readFileSync(join(RUNTIME_DIR, 'include', h), 'utf8')).join('\n');

/** -D macros as the text of their definitions (`-DNAME` defines NAME as 1, as compilers do). */
export const commandLineMacros = (defines: readonly string[] = []): string =>
  defines.map((d) => { const [name, ...value] = d.split('='); return `#define ${name} ${value.length ? value.join('=') : '1'}\n`; }).join('');

/** The macros `texts` define, later definitions winning (as the preprocessor reads them in order). */
export function macroDefinitions(texts: readonly string[], before: MacroTable = new Map()): Map<string, Macro> {
  const table = new Map(before);
  for (const text of texts) forEachDirective(text, table, (_, name, macro) => macro && table.set(name, macro));
  return table;
}

/**
 * Each `#define` (with its macro) and `#undef` (without) of `text` in order, with its offset; not
 * those in branches no compiler takes (`#if defined(__HIPCC__) ... #else`), nor in those the macros
 * defined before the group decide against (`#ifndef BLOCK / #define BLOCK 256` where -D defined
 * BLOCK; `#if USE_SHARED > 1 / #define MODE 2 / #else ...`), as `table` holds them when the group
 * opens (`visit` may add to it).
 */
function forEachDirective(text: string, table: Map<string, Macro>, visit: (at: number, name: string, macro: Macro | undefined) => void): void {
  const skipped = neverCompiled(text, table);
  const groups = conditionalGroups(text);
  let next = 0;
  let offset = 0;
  // Continuations become spaces of the same length: offsets stay those of `text`.
  for (const line of text.replace(/\\\r?\n/g, (c) => ' '.repeat(c.length)).split(/(?<=\n)/)) {
    const at = offset;
    offset += line.length;
    // Groups in the order they open: each decided with the macros defined before its `#if`.
    for (; next < groups.length && groups[next].branches[0].directive[0] <= at; next++) skipped.push(...decidedAgainst(groups[next], table));
    const m = DEFINE.exec(line.replace(/\r?\n$/, '')) ?? UNDEF.exec(line);
    if (!m || skipped.some(([from, to]) => at >= from && at < to)) continue;
    if (m.length === 2) {
      visit(at, m[1], undefined);
      continue;
    }
    const body = m[4].replace(/\/\*.*?\*\//g, ' ').replace(/\/\/.*$/, '').trim();
    const list = m[3]?.split(',').map((p) => p.trim()).filter(Boolean);
    const variadic = !!list && list[list.length - 1]?.endsWith('...');
    const params = list?.map((p) => p.replace(/\.\.\.$/, '').trim()).filter((p) => p && p !== '...');
    visit(at, m[1], { name: m[1], params, variadic, body });
  }
}

export const sameMacro = (a: Macro | undefined, b: Macro | undefined): boolean => a?.body === b?.body && a?.params?.join() === b?.params?.join();

/**
 * The macros `text` defines differently in different places (`#undef BS` then `#define BS 64`):
 * for each, where each definition (or #undef) takes effect, the first at offset 0 with what
 * `before` (the headers' and -D macros) defines.
 */
export function redefinitions(text: string, before: MacroTable): Map<string, { at: number; macro: Macro | undefined }[]> {
  const history = new Map<string, { at: number; macro: Macro | undefined }[]>();
  // Most files define each name once, and none the headers define: nothing to read then.
  const defined = [...text.matchAll(/^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)/gm)].map((m) => m[1]);
  if (new Set(defined).size === defined.length && !defined.some((name) => before.has(name))) return history;
  const table = new Map(before);
  forEachDirective(text, table, (at, name, macro) => {
    let list = history.get(name);
    if (!list) history.set(name, (list = [{ at: 0, macro: before.get(name) }]));
    list.push({ at, macro });
    if (macro) table.set(name, macro);
  });
  for (const [name, list] of history) if (list.every((d) => !d.macro || sameMacro(d.macro, table.get(name)))) history.delete(name);
  return history;
}

/**
 * The macro's body with its arguments in place (`#p` stringised, `a ## b` pasted). `expanded`
 * holds the arguments macro-expanded, as the preprocessor puts them everywhere but beside # and ##.
 */
export function substitute(macro: Macro, args: readonly string[], plainName?: (name: string) => boolean, expanded?: readonly string[]): string {
  const params = macro.params ?? [];
  const valuesOf = (list: readonly string[]) => {
    const value = new Map(params.map((p, i) => [p, list[i]?.trim() ?? '']));
    if (macro.variadic) value.set('__VA_ARGS__', list.slice(params.length).map((a) => a.trim()).join(', '));
    return value;
  };
  const value = valuesOf(args);
  const full = expanded ? valuesOf(expanded) : value;
  // `(x)` of a parameter given a number, or a name `plainName` says no macro stands for, is that
  // alone (not after a name, `)`, `]` or `>`: a call's or a cast's parentheses): the grammar reads
  // `(lo) && (x)` as a cast of `&&(x)`.
  const bare = (v: string) => /^\d[\w.]*$/.test(v) || (/^[A-Za-z_]\w*$/.test(v) && !!plainName?.(v));
  // GNU's `, ## __VA_ARGS__`: the comma goes with empty variadic arguments.
  const body = macro.variadic ? macro.body.replace(/,\s*##\s*__VA_ARGS__\b/g, () => (value.get('__VA_ARGS__') ? ', __VA_ARGS__' : '')) : macro.body;
  return body
    .replace(/#\s*([A-Za-z_]\w*)|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|##|\(\s*([A-Za-z_]\w*)\s*\)|[A-Za-z_]\w*/g, (token, stringised: string | undefined, enclosed: string | undefined, at: number, body: string) => {
      if (stringised !== undefined && !token.startsWith('##')) return value.has(stringised) ? JSON.stringify(value.get(stringised)) : token;
      if (enclosed !== undefined) {
        const v = full.get(enclosed);
        if (v === undefined) return token;
        return plainName && bare(v) && !/[\w)\]>]\s*$/.test(body.slice(0, at)) ? v : token.replace(enclosed, v);
      }
      const pasted = /##\s*$/.test(body.slice(0, at)) || /^\s*##/.test(body.slice(at + token.length));
      return (pasted ? value : full).get(token) ?? token;
    })
    .replace(/\s*##\s*/g, '');
}

/**
 * For each index of `text`, whether it is code: not inside a comment, a string or character
 * literal, or a preprocessor directive (continuation lines included).
 */
export function codeMask(text: string): Uint8Array {
  const code = new Uint8Array(text.length).fill(1);
  const skip = (from: number, to: number) => code.fill(0, from, Math.min(to, text.length));
  let lineStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') {
      lineStart = true;
      continue;
    }
    if (lineStart && c === '#') {
      let end = i;
      for (; end < text.length && (text[end] !== '\n' || text[end - 1] === '\\' || (text[end - 1] === '\r' && text[end - 2] === '\\')); end++);
      skip(i, end);
      i = end - 1;
      continue;
    }
    if (c !== ' ' && c !== '\t' && c !== '\r') lineStart = false;
    if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      skip(i, stop);
      i = stop - 1;
    } else if (c === '/' && text[i + 1] === '/') {
      let end = i;
      for (; end < text.length && (text[end] !== '\n' || text[end - 1] === '\\'); end++);
      skip(i, end);
      i = end - 1;
    } else if (c === '"' || (c === "'" && !/[0-9A-Fa-f]/.test(text[i - 1] ?? ''))) {
      let j = i + 1;
      for (; j < text.length && text[j] !== c && text[j] !== '\n'; j++) if (text[j] === '\\') j++;
      skip(i, j + 1);
      i = j;
    }
  }
  return code;
}

/** The use of a function-like macro whose `(` is at `open`: its end and its arguments' text. */
export function callArguments(text: string, open: number): { end: number; args: string[] } | undefined {
  const args: string[] = [];
  let depth = 0;
  let from = open + 1;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\') i++;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (--depth === 0) {
        args.push(text.slice(from, i));
        return { end: i + 1, args: args.length === 1 && !args[0].trim() ? [] : args };
      }
    } else if (c === ',' && depth === 1) {
      args.push(text.slice(from, i));
      from = i + 1;
    }
  }
  return undefined;
}
