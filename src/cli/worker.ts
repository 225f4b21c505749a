// Worker thread entry: builds its own translator once, then runs the jobs it is sent.
import { parentPort, workerData } from 'node:worker_threads';
import { JobRunner, type Job, type JobConfig } from './job.js';

const port = parentPort!;

try {
  const runner = new JobRunner(workerData as JobConfig);
  // Built before the first job, so a bad rule file is reported once, at start.
  await runner.ready();
  port.on('message', async (job: Job) => port.postMessage({ outcome: await runner.run(job) }));
  port.postMessage({ ready: true });
} catch (e) {
  port.postMessage({ initError: (e as Error).message });
}
