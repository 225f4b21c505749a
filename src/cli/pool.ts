// Runs jobs in this thread or spread over worker threads. Outcomes come back indexed, so the
// caller sees the same sorted list whatever the number of workers and the order they finish in.
import { Worker } from 'node:worker_threads';
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import { runJob, type FileOutcome, type Job, type JobOptions } from './job.js';
import { Interrupted, UsageError } from './exit.js';
import { loadTranslator, type TranslatorSettings } from './translator.js';

export interface PoolConfig {
  translatorModule: string;
  settings: TranslatorSettings;
  jobOptions: JobOptions;
}


export interface RunOptions {
  workers: number;
  signal: AbortSignal;
  onOutcome?: (outcome: FileOutcome) => void;
}

/** Workers cost a parser start each; below this many files per worker one thread is faster. */
const FILES_PER_WORKER = 8;

export function defaultWorkers(files: number, cores: number): number {
  return Math.max(1, Math.min(cores, Math.floor(files / FILES_PER_WORKER)));
}

export async function runJobs(jobs: Job[], config: PoolConfig, options: RunOptions): Promise<FileOutcome[]> {
  const outcomes = new Array<FileOutcome>(jobs.length);
  const done = (o: FileOutcome) => {
    outcomes[o.index] = o;
    options.onOutcome?.(o);
  };
  const workers = Math.min(options.workers, jobs.length);
  if (workers <= 1) await runHere(jobs, config, options.signal, done);
  else await runInWorkers(jobs, config, workers, options.signal, done);
  return outcomes;
}

async function runHere(jobs: Job[], config: PoolConfig, signal: AbortSignal, done: (o: FileOutcome) => void) {
  let translator;
  try {
    translator = await loadTranslator(config.translatorModule, config.settings);
  } catch (e) {
    // A translator that cannot start (a malformed rule file, ...) is a usage error.
    throw new UsageError((e as Error).message);
  }
  for (const job of jobs) {
    // Translation is synchronous: yield between files so that Ctrl-C is noticed.
    await yieldToEvents();
    if (signal.aborted) throw new Interrupted();
    done(runJob(job, translator, config.jobOptions));
  }
}

type Message = { ready: true } | { initError: string } | { outcome: FileOutcome };

function runInWorkers(jobs: Job[], config: PoolConfig, count: number, signal: AbortSignal, done: (o: FileOutcome) => void) {
  return new Promise<void>((resolve, reject) => {
    let next = 0;
    let finished = 0;
    const all: Worker[] = [];
    const stop = (error?: Error) => {
      signal.removeEventListener('abort', onAbort);
      for (const w of all) void w.terminate();
      if (error) reject(error);
      else resolve();
    };
    const onAbort = () => stop(new Interrupted());
    signal.addEventListener('abort', onAbort);

    const start = () => {
      const worker = new Worker(new URL('./worker.js', import.meta.url), { workerData: config });
      all.push(worker);
      let current: Job | undefined;
      const feed = () => {
        current = jobs[next++];
        if (current) worker.postMessage(current);
      };
      worker.on('message', (m: Message) => {
        if ('initError' in m) return stop(new UsageError(m.initError));
        if ('outcome' in m) {
          done(m.outcome);
          if (++finished === jobs.length) return stop();
        }
        feed();
      });
      // A worker that dies (the parser aborting on a pathological input) fails its file only.
      worker.on('error', (e) => {
        if (!current) return stop(new UsageError(e.message));
        const d = { file: current.path, line: 1, col: 1, severity: 'error' as const, message: `internal error while translating: ${e.message}`, ruleId: 'internal-error' };
        done({ index: current.index, status: 'failed', bytes: 0, diagnostics: [d], outputs: [] });
        if (++finished === jobs.length) return stop();
        start();
      });
    };
    for (let i = 0; i < count; i++) start();
  });
}
