// What a HeCBench-style Makefile tells the corpus script (bench/corpus-programs.ts): its -I
// directories and -D macros (in the blocks a make run with the default variables reads), the
// `run:` target's arguments, and the program's sources. Pure functions of the text, unit-tested.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { runCommand } from './corpus-outcome.js';

/**
 * What a HeCBench-style Makefile says: -I directories, the `run:` target's arguments, and the
 * program's name and sources when it names them all (its objects' rules, or its `source` list).
 */
export function makefileFacts(dir: string): { includes: string[]; defines: string[]; args: string; program?: { name: string; sources: string[] } } {
  const text = readFileSync(join(dir, 'Makefile'), 'utf8').replace(/\\\n/g, ' ');
  const active = activeLines(text).replace(/#.*$/gm, '');
  const flags = expand(active, makeVariables(text));
  const includes = [...flags.matchAll(/-I\s*([^\s$)]+)/g)].map((m) => resolve(dir, m[1])).concat(cmakeIncludes(dir, text)).filter((d) => existsSync(d));
  // The program's own macros (`-DUSE_GPU`, `-DNX=400`), from its variables: not a recipe's, which
  // builds one variant (`$(CC) $(CFLAGS) -DFUSED ... -o fused`); not the toolchain's reserved names.
  const assigned = expand(active.split('\n').filter((l) => !l.startsWith('\t')).join('\n'), makeVariables(text));
  const defines = [...assigned.matchAll(/(?<![\w-])-D\s*([A-Za-z]\w*(?:=[^\s$()]*)?)(?=\s|$)/g)].map((m) => m[1]);
  const run = /^run\s*:.*\n((?:\t.*\n?)+)/m.exec(text);
  const line = runCommand(run?.[1] ?? '');
  const args = expand(line.replace(/^\$\(LAUNCHER\)\s*/, '').replace(/^\S+\s*/, ''), makeVariables(text));  // drop ./$(program)
  return { includes: [...new Set(includes)], defines: [...new Set(defines)], args, program: programSources(text, dir) };
}

/**
 * The lines a make run with the default variables reads: `ifeq`/`ifneq` (`($(V),value)` forms),
 * `ifdef`/`ifndef` and `else` decided with the assignments read so far (`DEBUG = no` then
 * `ifeq ($(DEBUG),yes)` drops `CFLAGS += -g -DDEBUG`).
 */
export function activeLines(text: string): string {
  const vars = new Map<string, string>();
  const open: { taken: boolean; active: boolean }[] = [];
  const active = () => open.every((o) => o.active);
  const kept: string[] = [];
  for (const line of text.split('\n')) {
    const d = /^\s*(ifeq|ifneq|ifdef|ifndef|else|endif)\b\s*(.*)$/.exec(line);
    if (!d) {
      if (!active()) continue;
      kept.push(line);
      const a = /^([A-Za-z_][\w-]*)\s*[:?]?=[ \t]*(.*)$/.exec(line);
      if (a) vars.set(a[1], expand(a[2], vars).trim());
      continue;
    }
    const [, word, rest] = d;
    if (word === 'endif') open.pop();
    else if (word === 'else') {
      const top = open[open.length - 1];
      if (top) top.active = !top.taken && (!rest.trim() || conditionHolds(rest, vars));
      if (top?.active) top.taken = true;
    } else {
      const holds = conditionHolds(`${word} ${rest}`, vars);
      open.push({ taken: holds, active: holds });
    }
  }
  return kept.join('\n');
}

/** `ifeq (a,b)`, `ifneq (a,b)`, `ifdef V`, `ifndef V` (the part after an `else` too) with the variables so far. */
function conditionHolds(condition: string, vars: Map<string, string>): boolean {
  const c = /^(ifeq|ifneq|ifdef|ifndef)\s*(.*)$/.exec(condition.trim());
  if (!c) return false;
  if (c[1] === 'ifdef' || c[1] === 'ifndef') return (vars.get(c[2].trim()) ?? '') !== '' === (c[1] === 'ifdef');
  const pair = /^\(\s*([^,]*?)\s*,\s*(.*?)\s*\)$/.exec(c[2].trim());
  const value = (v: string) => expand(v, vars).replace(/\$\([^)]*\)/g, '');  // undefined variables are empty
  const equal = !!pair && value(pair[1]) === value(pair[2]);
  return equal === (c[1] === 'ifeq');
}

/** The include directories a CMakeLists.txt names, when the Makefile builds through cmake (`${...}` entries are dropped: fetched dependencies). */
function cmakeIncludes(dir: string, makefile: string): string[] {
  const lists = join(dir, 'CMakeLists.txt');
  if (!/\bcmake\b/.test(makefile) || !existsSync(lists)) return [];
  const calls = readFileSync(lists, 'utf8').matchAll(/\b(target_)?include_directories\s*\(([^)]*)\)/gi);
  // target_include_directories(<target> PRIVATE dir...): the first word names the target.
  return [...calls].flatMap((c) => c[2].trim().split(/\s+/).slice(c[1] ? 1 : 0).filter((w) => w && !/^(?:PRIVATE|PUBLIC|INTERFACE|SYSTEM|BEFORE|AFTER)$/.test(w) && !w.includes('$')).map((w) => resolve(dir, w)));
}

/** Variables of a Makefile (`a = b`, `a := b`, `a ?= b`), with references to earlier ones expanded. */
function makeVariables(text: string): Map<string, string> {
  const vars = new Map<string, string>();
  for (const m of text.matchAll(/^([A-Za-z_][\w-]*)\s*[:?]?=[ \t]*(.*)$/gm)) vars.set(m[1], expand(m[2], vars));
  return vars;
}

/** `$(v)` and `$(v:.cu=.o)` expanded (one level: enough for these Makefiles). */
function expand(value: string, vars: Map<string, string>): string {
  return value.replace(/\$\(([\w-]+)(?::([^=)]*)=([^)]*))?\)/g, (all, name: string, from?: string, to?: string) => {
    const v = vars.get(name);
    if (v === undefined) return all;
    return from === undefined ? v : v.split(/\s+/).filter(Boolean).map((w) => (w.endsWith(from) ? w.slice(0, -from.length) + to : w)).join(' ');
  });
}

/**
 * The program's sources: its objects (the `obj` variable, else the `source` list, else the program
 * target's prerequisites), each from its own rule's first prerequisite, a `%.o: %.<ext>` rule or the
 * `source` list; undefined unless every one is found.
 */
function programSources(text: string, dir: string): { name: string; sources: string[] } | undefined {
  const vars = makeVariables(text);
  const name = vars.get('program') ?? 'main';
  const target = new RegExp(`^(?:\\$\\(program\\)|${name})\\s*:([^=\\n]*)$`, 'm').exec(text);
  const listed = (vars.get('source') ?? '').split(/\s+/).filter(Boolean);
  const objects = (vars.get('obj') ?? vars.get('source') ?? expand(target?.[1] ?? '', vars)).split(/\s+/).filter((w) => /\.(o|c|cc|cpp|cu|hip)$/.test(w));
  const pattern = /^%\.o\s*:\s*%(\.\w+)/m.exec(text)?.[1];
  const sourceOf = (object: string): string | undefined => {
    if (!object.endsWith('.o')) return object;
    const stem = object.slice(0, -2);
    const rule = new RegExp(`^${stem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.o\\s*:\\s*(\\S+)`, 'm').exec(text);
    if (rule) return expand(rule[1], vars);
    return listed.find((s) => s.replace(/\.\w+$/, '') === stem) ?? (pattern && `${stem}${pattern}`);
  };
  const sources = objects.map(sourceOf).map((s) => s && resolve(dir, s));
  if (!sources.length || sources.some((s) => !s || !existsSync(s))) return undefined;
  return { name: name.replace(/\W/g, '_'), sources: sources as string[] };
}
