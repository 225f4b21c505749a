// Worker thread entry: builds its own translator once, then runs the jobs it is sent.
import { parentPort, workerData } from 'node:worker_threads';
import { runJob, type Job } from './job.js';
import { loadTranslator } from './translator.js';
import type { PoolConfig } from './pool.js';

const config = workerData as PoolConfig;
const port = parentPort!;

try {
  const translator = await loadTranslator(config.translatorModule, config.settings);
  port.on('message', (job: Job) => port.postMessage({ outcome: runJob(job, translator, config.jobOptions) }));
  port.postMessage({ ready: true });
} catch (e) {
  port.postMessage({ initError: (e as Error).message });
}
