// The command line as a few ESM files (dist/cli/) instead of tsc's hundred-odd modules
// (dist/src/, still the library's entry): resolving and loading those one by one was about a
// third of a one-file `check`. The entries the CLI loads by URL (the worker, the translator
// module) keep their names, flat beside the chunks that name them. The parser packages stay
// outside: they find their native binaries and wasm relative to themselves.
import { defineConfig } from 'rolldown';

export default defineConfig({
  input: {
    main: 'dist/src/cli/main.js',
    worker: 'dist/src/cli/worker.js',
    'real-translator': 'dist/src/cli/real-translator.js',
  },
  platform: 'node',
  external: ['tree-sitter', 'tree-sitter-cuda', 'web-tree-sitter'],
  output: { dir: 'dist/cli', cleanDir: true, format: 'esm', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
});
