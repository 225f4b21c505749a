// The part every command shares: find the inputs, translate them (in workers when it pays),
// and plan the files a translate run would write.
import { availableParallelism } from 'node:os';
import { sortDiagnostics, type Diagnostic } from '../report/diagnostic.js';
import { UsageError } from './exit.js';
import type { FileOutcome } from './job.js';
import { planWrites, type PlannedFile, type Target } from './plan.js';
import { defaultWorkers, runJobs } from './pool.js';
import { progressBar } from './progress.js';
import type { TranslatorSettings } from './translator.js';
import { realOrResolved, walkInputs, type InputFile } from './walk.js';

export interface SessionOptions {
  inputs: string[];
  target: Target;
  base?: string;
  include: string[];
  exclude: string[];
  gitignore: boolean;
  settings: TranslatorSettings;
  jobs?: number;
  maxFileBytes: number;
  measureChanges: boolean;
  progress: boolean;
}

/** What a command runs with besides its flags. */
export interface RunContext {
  /** Aborted on Ctrl-C. */
  signal: AbortSignal;
  /** URL of a module exporting `createTranslator` (tests substitute a fake translator). */
  translatorModule: string;
}

export interface Session {
  files: InputFile[];
  outcomes: FileOutcome[];
  writes: PlannedFile[];
  /** Every diagnostic of the run, sorted. */
  diagnostics: Diagnostic[];
}

export async function runSession(options: SessionOptions, context: RunContext): Promise<Session> {
  const { outdir } = options.target;
  const walked = walkInputs(options.inputs, {
    include: options.include,
    exclude: options.exclude,
    gitignore: options.gitignore,
    base: options.base,
    skipDir: outdir === undefined ? undefined : realOrResolved(outdir),
  });
  if (walked.diagnostics.some((d) => d.severity === 'error')) {
    throw new InputError(sortDiagnostics(walked.diagnostics));
  }
  const { files } = walked;
  const progress = progressBar(files.length, options.progress);
  const outcomes = await runJobs(
    files.map((f, index) => ({ index, path: f.path })),
    {
      translatorModule: context.translatorModule,
      settings: options.settings,
      jobOptions: { maxFileBytes: options.maxFileBytes, measureChanges: options.measureChanges },
    },
    {
      workers: options.jobs ?? defaultWorkers(files.length, availableParallelism()),
      signal: context.signal,
      onOutcome: () => progress.tick(),
    },
  ).finally(() => progress.done());
  const plan = planWrites(files, outcomes, options.target);
  const diagnostics = sortDiagnostics([...walked.diagnostics, ...outcomes.flatMap((o) => o.diagnostics), ...plan.diagnostics]);
  return { files, outcomes, writes: plan.writes, diagnostics };
}

/** Inputs that cannot be read at all (a missing path): reported before anything is translated. */
export class InputError extends UsageError {
  constructor(readonly diagnostics: Diagnostic[]) {
    super('cannot read the inputs');
  }
}
