// Runs jobs in this thread or spread over worker threads. Outcomes come back indexed, so the
// caller sees the same sorted list whatever the number of workers and the order they finish in.
import { Worker } from 'node:worker_threads';
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import { crashedOutcome, JobRunner, type FileOutcome, type Job, type JobConfig } from './job.js';
import { Interrupted, UsageError } from './exit.js';

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

export async function runJobs(jobs: Job[], config: JobConfig, options: RunOptions): Promise<FileOutcome[]> {
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

async function runHere(jobs: Job[], config: JobConfig, signal: AbortSignal, done: (o: FileOutcome) => void) {
  const runner = new JobRunner(config);
  await runner.start();
  for (const job of jobs) {
    // Translation is synchronous: yield between files so that Ctrl-C is noticed.
    await yieldToEvents();
    if (signal.aborted) throw new Interrupted();
    done(await runner.run(job));
  }
}

type Message = { ready: true } | { initError: string } | { outcome: FileOutcome };

/** Jobs sent ahead to each worker, so it never waits while the main thread writes. */
const IN_FLIGHT = 2;

function runInWorkers(jobs: Job[], config: JobConfig, count: number, signal: AbortSignal, done: (o: FileOutcome) => void) {
  return new Promise<void>((resolve, reject) => {
    const queue = [...jobs].reverse();
    let finished = 0;
    let stopped = false;
    const all: Worker[] = [];
    const stop = (error?: Error) => {
      stopped = true;
      signal.removeEventListener('abort', onAbort);
      for (const w of all) void w.terminate();
      if (error) reject(error);
      else resolve();
    };
    const onAbort = () => stop(new Interrupted());
    signal.addEventListener('abort', onAbort);
    const complete = (outcome: FileOutcome) => {
      done(outcome);
      if (++finished === jobs.length) stop();
    };

    const start = () => {
      const worker = new Worker(new URL('./worker.js', import.meta.url), { workerData: config });
      all.push(worker);
      const sent: Job[] = [];
      let failure: Error | undefined;
      const feed = () => {
        while (sent.length < IN_FLIGHT && queue.length > 0) {
          const job = queue.pop()!;
          sent.push(job);
          worker.postMessage(job);
        }
      };
      worker.on('message', (m: Message) => {
        if ('initError' in m) return stop(new UsageError(m.initError));
        if ('ready' in m) return feed();
        sent.shift();
        feed();
        complete(m.outcome);
      });
      worker.on('error', (e) => (failure = e));
      // A worker that dies (the parser aborting on a pathological input) fails the job it was
      // on; the ones sent after it go to a new worker.
      worker.on('exit', (code) => {
        if (stopped) return;
        const [crashed, ...rest] = sent;
        if (!crashed) return stop(new UsageError(`a worker thread ended (${failure?.message ?? `exit code ${code}`})`));
        queue.push(...rest.reverse());
        start();
        complete(crashedOutcome(crashed, failure ?? new Error(`worker thread ended with exit code ${code}`)));
      });
    };
    for (let i = 0; i < count; i++) start();
  });
}
