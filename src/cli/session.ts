// The part every command shares: find the inputs, translate them (in workers when it pays),
// and hand the files a translate run would write to the command, input by input in sorted order
// as soon as the earlier inputs are done: writing overlaps translating, and contents are freed.
import { statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { sortDiagnostics, type Diagnostic } from '../report/diagnostic.js';
import type { OutputState } from '../report/run.js';
import { UsageError } from './exit.js';
import { readCache, runKey, type CacheRecord } from './cache.js';
import type { FileOutcome, Job } from './job.js';
import { OutputPlanner, type PlannedFile, type ProgramSpec, type Target } from './plan.js';
import { defaultWorkers, runJobs } from './pool.js';
import { progressBar } from './progress.js';
import type { TranslatorSettings } from './translator.js';
import { realOrResolved, walkInputs, type InputFile } from './walk.js';
import { textIncluders } from '../analyse/text-includers.js';

export interface SessionOptions {
  inputs: string[];
  /** Programs named by the user (--program). */
  programs?: ProgramSpec[];
  target: Target;
  base?: string;
  include: string[];
  exclude: string[];
  gitignore: boolean;
  settings: TranslatorSettings;
  jobs?: number;
  maxFileBytes: number;
  measureChanges: boolean;
  /** Reuse and record translations in the output directory (cache.ts). */
  cache: boolean;
  progress: boolean;
}

/** What a command runs with besides its flags. */
export interface RunContext {
  /** Aborted on Ctrl-C. */
  signal: AbortSignal;
  /** URL of a module exporting `createTranslator` (tests substitute a fake translator). */
  translatorModule: string;
}

/** Writes or compares the planned files of one input (or the Makefiles); returns their states, or promises of them. */
export type Consumer = (writes: PlannedFile[]) => (OutputState | Promise<OutputState>)[];

export interface Session {
  files: InputFile[];
  /** Their contents freed once consumed. */
  outcomes: FileOutcome[];
  outputs: { path: string; from: number; state: OutputState }[];
  /** Every diagnostic of the walk, the translations and the planning, sorted. */
  diagnostics: Diagnostic[];
  /** The translation cache of the output directory, when the run may use it. */
  cache?: { key: string; records: Map<string, CacheRecord> };
}

/** Without a consumer nothing is planned (stats). */
export async function runSession(options: SessionOptions, context: RunContext, consume?: Consumer): Promise<Session> {
  const { outdir } = options.target;
  const walked = await walkInputs(options.inputs, {
    include: options.include,
    exclude: options.exclude,
    gitignore: options.gitignore,
    base: options.base,
    skipDir: outdir === undefined ? undefined : realOrResolved(outdir),
  });
  if (walked.diagnostics.some((d) => d.severity === 'error')) {
    throw new InputError(sortDiagnostics(walked.diagnostics));
  }
  const programs = options.programs ?? [];
  const files = withProgramSources(walked.files, programs);
  const { xlen, includeDirs, defines } = options.settings;
  const planner = new OutputPlanner(options.target, { xlen, includeDirs, defines }, programs);
  const outputs: Session['outputs'] = [];
  const arrived: FileOutcome[] = [];
  /** States still being written; all settled before the session returns, also when interrupted. */
  const pending: Promise<void>[] = [];
  const take = (writes: PlannedFile[]) => {
    if (!consume) return;
    consume(writes).forEach((state, i) => {
      const { path, from } = writes[i];
      const output: Session['outputs'][number] = { path, from, state: 'failed' };
      outputs.push(output);
      const settle = (s: OutputState) => {
        output.state = s;
        if (s === 'failed' && from >= 0) arrived[from].status = 'failed';
      };
      if (typeof state === 'string') settle(state);
      else pending.push(state.then(settle));
    });
  };
  let next = 0;
  const progress = progressBar(files.length, options.progress);
  const onOutcome = (outcome: FileOutcome) => {
    progress.tick();
    arrived[outcome.index] = outcome;
    for (; next < files.length && arrived[next]; next++) {
      take(planner.plan(files[next], next, arrived[next]));
      arrived[next].outputs = [];
      arrived[next].bytes = undefined;
    }
  };
  const cache = openCache(options, context);
  const jobOf = (f: InputFile, index: number): Job => {
    if (!cache) return { index, path: f.path };
    return { index, path: f.path, cache: { key: cache.key, outputDir: join(outdir!, dirname(f.rel)), record: cache.records.get(f.rel) } };
  };
  const outcomes = await runJobs(
    files.map(jobOf),
    {
      translatorModule: context.translatorModule,
      settings: { ...options.settings, outsideSources: files.filter((f) => f.outside).map((f) => resolve(f.path)) },
      jobOptions: { maxFileBytes: options.maxFileBytes, measureChanges: options.measureChanges, keepPlainBytes: options.target.passthrough && outdir !== undefined && consume !== undefined },
      smallRun: smallRun(files.map((f) => f.path)),
      textIncluders: new Map([...new Set(files.map((f) => dirname(resolve(f.path))))].map((dir) => [dir, textIncluders(dir)])),
    },
    {
      workers: options.jobs ?? defaultWorkers(files.length, availableParallelism()),
      signal: context.signal,
      onOutcome,
    },
  )
    .finally(() => Promise.all(pending))
    .finally(() => progress.done());
  take(planner.makefiles());
  await Promise.all(pending);
  const diagnostics = sortDiagnostics([...walked.diagnostics, ...outcomes.flatMap((o) => o.diagnostics), ...planner.diagnostics]);
  return { files, outcomes, outputs, diagnostics, cache };
}

/**
 * The inputs plus the sources of named programs outside them, mirrored into a folder named after
 * theirs in the directory of the program's first source among the inputs (its Makefile's; the
 * output directory itself if none is), sorted again: the headers they translate beside them then
 * never meet the program's own of the same name (HeCBench's eikonal-hip builds
 * ../eikonal-cuda/main.cpp, which includes that folder's fim.h, not its own).
 */
function withProgramSources(files: InputFile[], programs: readonly ProgramSpec[]): InputFile[] {
  const known = new Map(files.map((f) => [resolve(f.path), f]));
  const added: InputFile[] = [];
  for (const program of programs) {
    const first = program.sources.map((s) => known.get(s)).find((f) => f !== undefined);
    const dir = first ? dirname(first.rel) : '';
    for (const source of program.sources) {
      if (known.has(source)) continue;
      const file: InputFile = { path: source, rel: join(dir, basename(dirname(source)), basename(source)), outside: true };
      known.set(source, file);
      added.push(file);
    }
  }
  return added.length ? [...files, ...added].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)) : files;
}

/** Earlier translations are reused with an output directory, unless statistics need the source. */
function openCache(options: SessionOptions, context: RunContext): Session['cache'] {
  const { outdir } = options.target;
  if (outdir === undefined || options.measureChanges || !options.cache) return undefined;
  const key = runKey(options.settings, context.translatorModule);
  return key === undefined ? undefined : { key, records: readCache(outdir, key) };
}

/** Inputs that cannot be read at all (a missing path): reported before anything is translated. */
export class InputError extends UsageError {
  constructor(readonly diagnostics: Diagnostic[]) {
    super('cannot read the inputs');
  }
}

/**
 * Whether the run is small: start-up outweighs throughput, so it prefers the native parser (half
 * the load time, no wasm to compile: about 20 ms less on one small file) and, where that does not
 * load, runs the grammar's wasm on V8's baseline compiler only. Measured: on a one-file check
 * optimising the wasm costs more than it saves (and the process waits for the compile jobs at
 * exit: 0.28 s against 0.51 s); from a few hundred kilobytes of input the optimised wasm parser,
 * whose tree copy is the fastest, wins (2 MB of kernels: 3.6 s against 4.8 s).
 */
function smallRun(paths: string[]): boolean {
  let bytes = 0;
  for (const path of paths) {
    try {
      bytes += statSync(path).size;
    } catch {
      // reported when the job reads it
    }
    if (bytes > SMALL_RUN_BYTES) return false;
  }
  return true;
}

const SMALL_RUN_BYTES = 256 * 1024;
