// `npm run corpus -- <dir> [--limit N] [--only REGEX] [--jobs N] [--timeout S] [--json FILE]`:
// every program folder under <dir> (one with a Makefile, like HeCBench's src/<name>-hip/) is
// translated with the -I paths its Makefile names, built for the CPU backend and run with its
// Makefile's `run:` arguments under a CPU-time limit (--timeout S). Prints one table of outcomes
// and the top reasons; --json writes every program's record, so runs can be compared. With VORTEX_HOME set,
// each program that builds for the CPU backend is also built for Vortex (`make vortex`, stock gcc).
// Outcomes and the time-limit policy: docs/corpus.md.
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { exec } from './corpus-exec.js';
import { atLimit, missingInput, runCommand, verdict } from './corpus-outcome.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const VORTEX_HOME = process.env.VORTEX_HOME || undefined;
const CLI = join(ROOT, 'bin', 'hip2vortex.js');
const WALL_FACTOR = 3;  // a run's wall-clock limit, in multiples of its CPU-time limit (--timeout)

interface Options {
  dir: string;
  limit: number;
  only?: RegExp;
  jobs: number;
  timeoutS: number;
  json?: string;
}

function options(argv: string[]): Options {
  const o: Options = { dir: '', limit: Infinity, jobs: availableParallelism(), timeoutS: 25 };
  for (let i = 0; i < argv.length; i++) {
    const next = () => argv[++i] ?? '';
    if (argv[i] === '--limit') o.limit = Number(next());
    else if (argv[i] === '--only') o.only = new RegExp(next());
    else if (argv[i] === '--jobs') o.jobs = Number(next());
    else if (argv[i] === '--timeout') o.timeoutS = Number(next());
    else if (argv[i] === '--json') o.json = next();
    else o.dir = argv[i];
  }
  if (!o.dir) {
    console.error('usage: npm run corpus -- <dir of program folders> [--limit N] [--only REGEX] [--jobs N] [--timeout S] [--json FILE]');
    process.exit(2);
  }
  return o;
}

type Outcome = 'refused' | 'crashed' | 'no-build' | 'build-failed' | 'PASS' | 'FAIL' | 'no-verdict' | 'run-failed' | 'input-missing' | 'slow-on-CPU' | 'hung';

interface Record {
  program: string;
  outcome: Outcome;
  /** `make vortex` of a program that built for the CPU backend: ok, or its first error. */
  vortex?: string;
  /** Diagnostic ids of a refusal, or the first error line of a failed build or run. */
  reasons: string[];
  seconds: number;
}

/**
 * What a HeCBench-style Makefile says: -I directories, the `run:` target's arguments, and the
 * program's name and sources when it names them all (its objects' rules, or its `source` list).
 */
function makefileFacts(dir: string): { includes: string[]; defines: string[]; args: string; program?: { name: string; sources: string[] } } {
  const text = readFileSync(join(dir, 'Makefile'), 'utf8').replace(/\\\n/g, ' ');
  const flags = expand(activeLines(text).replace(/#.*$/gm, ''), makeVariables(text));
  const includes = [...flags.matchAll(/-I\s*([^\s$)]+)/g)].map((m) => resolve(dir, m[1])).concat(cmakeIncludes(dir, text)).filter((d) => existsSync(d));
  // The program's own macros (`-DUSE_GPU`, `-DNX=400`); not the toolchain's reserved names (`-D__HIP_PLATFORM_AMD__`).
  const defines = [...flags.matchAll(/(?<![\w-])-D\s*([A-Za-z]\w*(?:=[^\s$()]*)?)(?=\s|$)/g)].map((m) => m[1]);
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
function activeLines(text: string): string {
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

/** The Makefiles a translation wrote (one per program), at any depth. */
function generatedMakefiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((f) => f.isFile() && f.name === 'Makefile')
    .map((f) => join(f.parentPath, f.name));
}

const firstError = (out: string) => (out.split('\n').find((l) => /error|Error|undefined reference|FAILED|Segmentation|Abort/.test(l)) ?? out.trim().split('\n').pop() ?? '').trim().slice(0, 160);

async function measure(dir: string, name: string, work: string, o: Options): Promise<Record> {
  const start = Date.now();
  let vortexBuild: string | undefined;
  const record = (outcome: Outcome, reasons: string[] = []): Record => ({ program: name, outcome, reasons, vortex: vortexBuild, seconds: (Date.now() - start) / 1000 });
  const src = join(dir, name);
  const out = join(work, name);
  const facts = makefileFacts(src);
  const t = await exec(process.execPath, [CLI, 'translate', src, '-o', out, '--format', 'json', '-q', '--no-cache', ...facts.includes.flatMap((i) => ['-I', i]), ...facts.defines.flatMap((d) => ['-D', d]), ...(facts.program ? ['--program', `${facts.program.name}=${facts.program.sources.join(',')}`] : [])], ROOT, 300, process.env, Infinity);
  let report: { diagnostics: { severity: string; ruleId: string }[] };
  try {
    report = JSON.parse(t.out.slice(t.out.indexOf('{')));
  } catch {
    return record('crashed', [firstError(t.out)]);
  }
  const errors = report.diagnostics.filter((d) => d.severity === 'error').map((d) => d.ruleId);
  if (errors.length) return record('refused', [...new Set(errors)]);
  // The program's Makefile sits in the folder of its sources (HeCBench keeps some in src/).
  const makefiles = generatedMakefiles(out);
  if (makefiles.length !== 1) return record('no-build', [makefiles.length ? `${makefiles.length} programs (a main() each in ${makefiles.map((m) => relative(out, dirname(m)) || '.').join(', ')}): none is the benchmark` : 'no source defines main(): nothing to build and run (a library, or an extension loaded by another program)']);
  const prog = dirname(makefiles[0]);
  // The runtime's objects are built once for the whole run (they are most of a small program's build).
  const env = { ...process.env, HIP2VX_RUNTIME: join(ROOT, 'runtime'), HIP2VX_RT_CACHE: join(work, '.rt-cache') };
  const build = await exec('make', ['-C', prog, '-s', 'cpu'], ROOT, 600, env);
  if (build.code !== 0) return record('build-failed', [firstError(build.out)]);
  const vortex = VORTEX_HOME ? await exec('make', ['-C', prog, '-s', 'vortex', `VORTEX_HOME=${VORTEX_HOME}`], ROOT, 600, env) : undefined;
  vortexBuild = vortex && (vortex.code === 0 ? 'ok' : firstError(vortex.out));
  // Run from the program's own folder: benchmarks read their input files relative to it.
  const exe = readdirSync(join(prog, 'build', 'cpu'), { withFileTypes: true }).find((f) => f.isFile() && !f.name.includes('.'))?.name;
  const args = facts.args.split(/\s+/).filter(Boolean);
  // The limit is CPU time, what the program needs whatever else the machine runs; the wall-clock
  // limit, WALL_FACTOR times longer, catches a program that waits rather than computes.
  const started = Date.now();
  const r = await exec(join(prog, 'build', 'cpu', exe!), args, src, o.timeoutS * WALL_FACTOR, env, undefined, o.timeoutS);
  if (r.stop === 'cpu') return record('slow-on-CPU', [`${o.timeoutS} s CPU used in ${((Date.now() - started) / 1000).toFixed(0)} s`]);
  if (r.stop === 'wall') return record(atLimit(r.lastCpu, r.lastWall), [`${r.lastCpu.toFixed(1)} s CPU in the last ${r.lastWall.toFixed(1)} s`]);
  const said = verdict(r.out);
  if (said === 'PASS') return record('PASS');
  const missing = missingInput(args, r.out, src);
  if (missing) return record('input-missing', [missing]);
  if (said === 'FAIL') return record('FAIL', [firstError(r.out)]);
  if (r.code === 0) return record('no-verdict');
  const how = r.signal ? `killed by ${r.signal}` : `exit ${r.code}`;
  return record('run-failed', [`${how}: ${firstError(r.out)}`]);
}

const o = options(process.argv.slice(2));
const names = readdirSync(o.dir, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(o.dir, d.name, 'Makefile')) && (!o.only || o.only.test(d.name)))
  .map((d) => d.name)
  .sort()
  .slice(0, o.limit);
const work = mkdtempSync(join(tmpdir(), 'hip2vx-corpus-'));
const records: Record[] = [];
let next = 0;
await Promise.all(Array.from({ length: o.jobs }, async () => {
  while (next < names.length) {
    const name = names[next++];
    const r = await measure(resolve(o.dir), name, work, o);
    records.push(r);
    process.stderr.write(`${records.length}/${names.length} ${name}: ${r.outcome}${r.reasons.length ? ` (${r.reasons.join(', ')})` : ''}\n`);
  }
}));

const count = (f: (r: Record) => boolean) => records.filter(f).length;
const pct = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(0)}%` : '-');
const translated = count((r) => !['refused', 'crashed'].includes(r.outcome));
const passed = count((r) => r.outcome === 'PASS' || r.outcome === 'no-verdict');
const ran: Outcome[] = ['PASS', 'FAIL', 'no-verdict', 'run-failed', 'input-missing', 'slow-on-CPU', 'hung'];
const columns: [string, (r: Record) => boolean][] = [
  ['programs', () => true], ['translated', (r) => !['refused', 'crashed'].includes(r.outcome)], ['refused', (r) => r.outcome === 'refused'],
  ['crashed', (r) => r.outcome === 'crashed'], ['built', (r) => ran.includes(r.outcome)],
  ...ran.map((outcome): [string, (r: Record) => boolean] => [outcome === 'no-verdict' ? 'no verdict (exit 0)' : outcome, (r) => r.outcome === outcome]),
];
console.log(`| ${columns.map((c) => c[0]).join(' | ')} |\n|${columns.map(() => '---:').join('|')}|`);
console.log(`| ${columns.map((c) => { const n = count(c[1]); return c[0] === 'translated' ? `${n} (${pct(n, records.length)})` : n; }).join(' | ')} |`);
const excused = count((r) => r.outcome === 'slow-on-CPU' || r.outcome === 'input-missing');
console.log(`\nPASS or exit 0 without a verdict: ${passed} of ${translated} translated (${pct(passed, translated)}); ` +
  `${pct(passed, translated - excused)} of the ${translated - excused} that are not slow-on-CPU or input-missing`);
if (VORTEX_HOME) {
  const cpuBuilt = records.filter((r) => r.vortex !== undefined);
  const vx = cpuBuilt.filter((r) => r.vortex === 'ok').length;
  console.log(`Device code builds for Vortex (make vortex, gcc): ${vx} of the ${cpuBuilt.length} that build for the CPU backend (${pct(vx, cpuBuilt.length)})`);
  for (const r of cpuBuilt.filter((c) => c.vortex !== 'ok')) console.log(`  ${r.program}: ${r.vortex}`);
}
const reasons = new Map<string, number>();
for (const r of records.filter((c) => c.outcome !== 'slow-on-CPU')) for (const reason of r.outcome === 'refused' ? r.reasons : r.reasons.length ? [`${r.outcome}: ${r.reasons[0].replace(/\S*\/\S*/g, '<path>').slice(0, 90)}`] : []) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
console.log('\n| top reasons | programs |\n|---|---:|');
for (const [reason, n] of [...reasons].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`| ${reason} | ${n} |`);
if (o.json) writeFileSync(o.json, JSON.stringify(records.sort((a, b) => a.program.localeCompare(b.program)), null, 2));
