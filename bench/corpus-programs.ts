// `npm run corpus -- <dir> [--limit N] [--only REGEX] [--jobs N] [--timeout S] [--json FILE] [--runs FILE]`:
// every program folder under <dir> (one with a Makefile, like HeCBench's src/<name>-hip/) is
// translated with the -I paths its Makefile names, built for the CPU backend and run with its
// Makefile's `run:` arguments under a CPU-time limit (--timeout S). Prints one table of outcomes
// and the top reasons; --json writes every program's record, so runs can be compared. --runs
// names a JSON file of {program folder: arguments} run instead of the Makefile's (a GPU-sized
// benchmark's smaller problem, to show on a CPU what its own size cannot); records say so. With VORTEX_HOME set,
// each program that builds for the CPU backend is also built for Vortex (`make vortex`, stock gcc);
// --simx also builds it with clang and runs it on simx with both compilers (--simx-timeout S,
// --simx-config: the folder of VORTEX_HOME/build whose libraries choose the configuration) when
// its CPU run passed or exited 0. Outcomes and the time-limit policy: docs/corpus.md.
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { exec } from './corpus-exec.js';
import { runFolder } from './corpus-mirror.js';
import { firstError, runOutcome, verdict, type Outcome } from './corpus-outcome.js';
import { makefileFacts } from './makefile-facts.js';

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
  /** Arguments that replace a program's Makefile's run arguments, by program folder. */
  runs: Map<string, string>;
  /** Run on simx too: its CPU-time limit, and the runtime folder that sets the configuration. */
  simx?: { timeoutS: number; config: string };
}

// simx runs about a million instructions a second: its runs need tiny problems and a longer limit.
const SIMX = { timeoutS: 600, config: 'runtime_w32t32' };

function options(argv: string[]): Options {
  const o: Options = { dir: '', limit: Infinity, jobs: availableParallelism(), timeoutS: 25, runs: new Map() };
  for (let i = 0; i < argv.length; i++) {
    const next = () => argv[++i] ?? '';
    if (argv[i] === '--limit') o.limit = Number(next());
    else if (argv[i] === '--only') o.only = new RegExp(next());
    else if (argv[i] === '--jobs') o.jobs = Number(next());
    else if (argv[i] === '--timeout') o.timeoutS = Number(next());
    else if (argv[i] === '--json') o.json = next();
    else if (argv[i] === '--simx') o.simx = { ...SIMX, ...o.simx };
    else if (argv[i] === '--simx-timeout') o.simx = { ...SIMX, ...o.simx, timeoutS: Number(next()) };
    else if (argv[i] === '--simx-config') o.simx = { ...SIMX, ...o.simx, config: next() };
    else if (argv[i] === '--runs') o.runs = new Map(Object.entries(JSON.parse(readFileSync(next(), 'utf8')) as { [program: string]: string }));
    else o.dir = argv[i];
  }
  if (!o.dir || (o.simx && !VORTEX_HOME)) {
    console.error('usage: npm run corpus -- <dir of program folders> [--limit N] [--only REGEX] [--jobs N] [--timeout S] [--json FILE] [--runs FILE] [--simx [--simx-timeout S] [--simx-config runtime_w32t32]] (--simx needs VORTEX_HOME)');
    process.exit(2);
  }
  return o;
}

interface Record {
  program: string;
  outcome: Outcome;
  /** `make vortex` of a program that built for the CPU backend: ok, or its first error. */
  vortex?: string;
  /** Diagnostic ids of a refusal, or the first error line of a failed build or run. */
  reasons: string[];
  seconds: number;
  /** The arguments of --runs it ran with, instead of its Makefile's. */
  args?: string;
  /** The outcomes of its runs on simx, by toolchain (with the first reason). */
  simx?: { [toolchain: string]: string };
  /** Wall-clock seconds of each step it got to (runs on simx not included). */
  steps: { translate?: number; build?: number; run?: number };
}

/** The Makefiles a translation wrote (one per program), at any depth. */
function generatedMakefiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((f) => f.isFile() && f.name === 'Makefile')
    .map((f) => join(f.parentPath, f.name));
}

async function measure(dir: string, name: string, work: string, o: Options): Promise<Record> {
  const start = Date.now();
  let vortexBuild: string | undefined;
  let simx: Record['simx'];
  const steps: Record['steps'] = {};
  let stepStart = start;
  const step = (what: keyof Record['steps']) => {
    steps[what] = (steps[what] ?? 0) + (Date.now() - stepStart) / 1000;
    stepStart = Date.now();
  };
  const record = (outcome: Outcome, reasons: string[] = []): Record => ({ program: name, outcome, reasons, vortex: vortexBuild, seconds: (Date.now() - start) / 1000, args: o.runs.get(name), simx, steps });
  const src = join(dir, name);
  const out = join(work, name);
  const facts = makefileFacts(src);
  const translate = async (extra: string[]) => {
    const t = await exec(process.execPath, [CLI, 'translate', src, '-o', out, '--format', 'json', '-q', '--no-cache', ...extra, ...facts.includes.flatMap((i) => ['-I', i]), ...facts.defines.flatMap((d) => ['-D', d]), ...(facts.program ? ['--program', `${facts.program.name}=${facts.program.sources.join(',')}`] : [])], ROOT, 300);
    try {
      return JSON.parse(t.out.slice(t.out.indexOf('{'))) as { diagnostics: { severity: string; ruleId: string }[] };
    } catch {
      return firstError(t.out);
    }
  };
  let report = await translate([]);
  // As a user does what the warning says: code written for 64-lane wavefronts, translated for them.
  if (typeof report !== 'string' && report.diagnostics.some((d) => d.ruleId === 'warp-size-assumed')) report = await translate(['--warp-size', '64']);
  step('translate');
  if (typeof report === 'string') return record('crashed', [report]);
  const errors = report.diagnostics.filter((d) => d.severity === 'error').map((d) => d.ruleId);
  if (errors.length) return record('refused', [...new Set(errors)]);
  // The program's Makefile sits in the folder of its sources (HeCBench keeps some in src/).
  const makefiles = generatedMakefiles(out);
  if (makefiles.length !== 1) return record('no-build', [makefiles.length ? `${makefiles.length} programs (a main() each in ${makefiles.map((m) => relative(out, dirname(m)) || '.').join(', ')}): none is the benchmark` : 'no source defines main(): nothing to build and run (a library, or an extension loaded by another program)']);
  const prog = dirname(makefiles[0]);
  // The runtime's objects are built once for the whole run (they are most of a small program's build).
  const env = { ...process.env, HIP2VX_RUNTIME: join(ROOT, 'runtime'), HIP2VX_RT_CACHE: join(work, '.rt-cache') };
  const build = await exec('make', ['-C', prog, '-s', 'cpu'], ROOT, 600, { env });
  step('build');
  if (build.code !== 0) return record('build-failed', [firstError(build.out)]);
  const vortex = VORTEX_HOME ? await exec('make', ['-C', prog, '-s', 'vortex', `VORTEX_HOME=${VORTEX_HOME}`], ROOT, 600, { env }) : undefined;
  vortexBuild = vortex && (vortex.code === 0 ? 'ok' : firstError(vortex.out));
  step('build');
  // Run from (a mirror of) the program's own folder: benchmarks read their input files relative to it.
  const exe = readdirSync(join(prog, 'build', 'cpu'), { withFileTypes: true }).find((f) => f.isFile() && !f.name.includes('.'))?.name;
  const args = (o.runs.get(name) ?? facts.args).split(/\s+/).filter(Boolean);
  // The limit is CPU time, what the program needs whatever else the machine runs; the wall-clock
  // limit, WALL_FACTOR times longer, catches a program that waits rather than computes.
  // Line-buffered output (coreutils' stdbuf), so that what it printed before a kill is not lost
  // in a stdio buffer.
  const started = Date.now();
  const cwd = runFolder(dir, name, work);
  // The environment `make run-cpu` gives the program (runtime/hip2vx.mk: huge pages for malloc).
  const cpuEnv = { ...env, GLIBC_TUNABLES: ['glibc.malloc.hugetlb=1', process.env.GLIBC_TUNABLES].filter(Boolean).join(':') };
  const r = await exec('stdbuf', ['-oL', '-eL', join(prog, 'build', 'cpu', exe!), ...args], cwd, o.timeoutS * WALL_FACTOR, { env: cpuEnv, cpuLimitS: o.timeoutS, settled: hasVerdict });
  const { outcome, reasons } = runOutcome(r, args, cwd, o.timeoutS, (Date.now() - started) / 1000);
  step('run');
  if (o.simx && vortexBuild === 'ok' && PASSING.includes(outcome)) simx = await simxRuns(prog, exe!, args, cwd, env, o.simx);
  return record(outcome, reasons);
}

const PASSING: Outcome[] = ['PASS', 'PASS-then-slow', 'no-verdict'];

/** A run has printed its verdict: what goes on after it (a timing loop, mostly) is cut short. */
const hasVerdict = (out: string) => verdict(out) !== undefined;

/** The program's runs on simx, built with each toolchain (gcc's build is there already). */
async function simxRuns(prog: string, exe: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, simx: NonNullable<Options['simx']>): Promise<Record['simx']> {
  const outcomes: Record['simx'] = {};
  const runtime = join(VORTEX_HOME!, 'build', simx.config);
  for (const toolchain of ['gnu', 'clang']) {
    const build = await exec('make', ['-C', prog, '-s', 'vortex', `VORTEX_HOME=${VORTEX_HOME}`, `VX_TOOLCHAIN=${toolchain}`], ROOT, 600, { env });
    if (build.code !== 0) {
      outcomes[toolchain] = `build-failed: ${firstError(build.out)}`;
      continue;
    }
    const started = Date.now();
    const runEnv = { ...env, LD_LIBRARY_PATH: runtime, VORTEX_DRIVER: 'simx' };
    const r = await exec('stdbuf', ['-oL', '-eL', join(prog, 'build', `vx-${toolchain}`, exe), ...args], cwd, simx.timeoutS * WALL_FACTOR, { env: runEnv, cpuLimitS: simx.timeoutS, settled: hasVerdict });
    const { outcome, reasons } = runOutcome(r, args, cwd, simx.timeoutS, (Date.now() - started) / 1000);
    outcomes[toolchain] = outcome === 'slow-on-CPU' ? 'slow' : [outcome, ...reasons.slice(0, 1)].join(': ');
  }
  return outcomes;
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
    const simx = r.simx ? `; simx ${Object.entries(r.simx).map(([t, s]) => `${t} ${s}`).join(', ')}` : '';
    process.stderr.write(`${records.length}/${names.length} ${name}${r.args === undefined ? '' : ` ${r.args}`}: ${r.outcome}${r.reasons.length ? ` (${r.reasons.join(', ')})` : ''}${simx}\n`);
  }
}));

const count = (f: (r: Record) => boolean) => records.filter(f).length;
const pct = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(0)}%` : '-');
const translated = count((r) => !['refused', 'crashed'].includes(r.outcome));
const passed = count((r) => r.outcome === 'PASS' || r.outcome === 'PASS-then-slow' || r.outcome === 'no-verdict');
const ran: Outcome[] = ['PASS', 'PASS-then-slow', 'FAIL', 'no-verdict', 'run-failed', 'input-missing', 'slow-on-CPU', 'hung'];
const columns: [string, (r: Record) => boolean][] = [
  ['programs', () => true], ['translated', (r) => !['refused', 'crashed'].includes(r.outcome)], ['refused', (r) => r.outcome === 'refused'],
  ['crashed', (r) => r.outcome === 'crashed'], ['built', (r) => ran.includes(r.outcome)],
  ...ran.map((outcome): [string, (r: Record) => boolean] => [outcome === 'no-verdict' ? 'no verdict (exit 0)' : outcome, (r) => r.outcome === outcome]),
];
console.log(`| ${columns.map((c) => c[0]).join(' | ')} |\n|${columns.map(() => '---:').join('|')}|`);
console.log(`| ${columns.map((c) => { const n = count(c[1]); return c[0] === 'translated' ? `${n} (${pct(n, records.length)})` : n; }).join(' | ')} |`);
const resized = count((r) => r.args !== undefined);
if (resized) console.log(`\n${resized} ran with the arguments of --runs instead of their Makefile's.`);
const excused = count((r) => r.outcome === 'slow-on-CPU' || r.outcome === 'input-missing');
console.log(`\nPASS (PASS-then-slow included) or exit 0 without a verdict: ${passed} of ${translated} translated (${pct(passed, translated)}); ` +
  `${pct(passed, translated - excused)} of the ${translated - excused} that are not slow-on-CPU or input-missing`);
if (VORTEX_HOME) {
  const cpuBuilt = records.filter((r) => r.vortex !== undefined);
  const vx = cpuBuilt.filter((r) => r.vortex === 'ok').length;
  console.log(`Device code builds for Vortex (make vortex, gcc): ${vx} of the ${cpuBuilt.length} that build for the CPU backend (${pct(vx, cpuBuilt.length)})`);
  for (const r of cpuBuilt.filter((c) => c.vortex !== 'ok')) console.log(`  ${r.program}: ${r.vortex}`);
}
if (o.simx) {
  const onSimx = records.filter((r) => r.simx);
  console.log(`\nOn simx (${o.simx.config}, ${o.simx.timeoutS} s CPU limit), the ${onSimx.length} that passed or exited 0 on the CPU backend and built for Vortex:`);
  for (const toolchain of ['gnu', 'clang']) {
    const ok = onSimx.filter((r) => /^(PASS|no-verdict)/.test(r.simx![toolchain])).length;
    const slow = onSimx.filter((r) => r.simx![toolchain] === 'slow').length;
    console.log(`  ${toolchain}: ${ok} PASS or exit 0, ${slow} slow, ${onSimx.length - ok - slow} other`);
  }
  for (const r of onSimx.filter((c) => Object.values(c.simx!).some((s) => !/^(PASS|no-verdict|slow$)/.test(s)))) console.log(`  ${r.program}: ${Object.entries(r.simx!).map(([t, s]) => `${t} ${s}`).join('; ')}`);
}
const sum = (s: keyof Record['steps']) => Math.round(records.reduce((t, r) => t + (r.steps[s] ?? 0), 0));
console.log(`\nWall-clock seconds summed over programs: translation ${sum('translate')}, builds ${sum('build')}${VORTEX_HOME ? ' (make vortex included)' : ''}, runs ${sum('run')}`);
const reasons = new Map<string, number>();
for (const r of records.filter((c) => c.outcome !== 'slow-on-CPU')) for (const reason of r.outcome === 'refused' ? r.reasons : r.reasons.length ? [`${r.outcome}: ${r.reasons[0].replace(/\S*\/\S*/g, '<path>').slice(0, 90)}`] : []) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
console.log('\n| top reasons | programs |\n|---|---:|');
for (const [reason, n] of [...reasons].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`| ${reason} | ${n} |`);
if (o.json) writeFileSync(o.json, JSON.stringify(records.sort((a, b) => a.program.localeCompare(b.program)), null, 2));
