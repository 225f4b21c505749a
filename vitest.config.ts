import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    globalSetup: ['test/temp-root.ts'],
    // Vitest's default is the hardware threads minus one: on 2 cores, one file at a time, while a
    // file spends much of its time in single-threaded builds and runs. Two at once, except with
    // simx runs (VORTEX_HOME), which are long enough that sharing the cores would near the timeout.
    maxWorkers: process.env.VORTEX_HOME ? undefined : Math.max(2, availableParallelism() - 1),
    // Translations are built in temporary directories, where make cannot find the runtime by itself
    // (test/cpu-backend/makefile.test.ts tests how it does elsewhere).
    env: { HIP2VX_RUNTIME: resolve('runtime') },
  },
});
