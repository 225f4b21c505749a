import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    globalSetup: ['test/temp-root.ts'],
    // Translations are built in temporary directories, where make cannot find the runtime by itself
    // (test/cpu-backend/makefile.test.ts tests how it does elsewhere).
    env: { HIP2VX_RUNTIME: resolve('runtime') },
  },
});
