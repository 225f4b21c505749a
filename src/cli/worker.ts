// Worker thread entry: builds its own translator once, then runs the jobs it is sent.
import { parentPort, workerData } from 'node:worker_threads';
import { jobRunner, type Job, type JobConfig } from './job.js';

const port = parentPort!;

try {
  const run = await jobRunner(workerData as JobConfig);
  port.on('message', (job: Job) => port.postMessage({ outcome: run(job) }));
  port.postMessage({ ready: true });
} catch (e) {
  port.postMessage({ initError: (e as Error).message });
}
