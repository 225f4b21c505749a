// Worker thread entry: runs the jobs it is sent with its own translator, built when first needed.
import { parentPort, workerData } from 'node:worker_threads';
import { JobRunner, type Job, type JobConfig } from './job.js';

const port = parentPort!;
const runner = new JobRunner(workerData as JobConfig);
const initError = (e: unknown) => port.postMessage({ initError: (e as Error).message });

try {
  await runner.start();
  // One job at a time, in the order sent: the pool knows which job a dying worker was on.
  let previous = Promise.resolve();
  port.on('message', (job: Job) => {
    previous = previous.then(() => runner.run(job)).then((outcome) => port.postMessage({ outcome }), initError);
  });
  port.postMessage({ ready: true });
} catch (e) {
  initError(e);
}
