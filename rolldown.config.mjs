// The command line as a few ESM files (dist/cli/) instead of tsc's hundred-odd modules
// (dist/src/, still the library's entry): resolving and loading those one by one was about a
// third of a one-file `check`. The entries the CLI loads by URL (the worker, the translator
// module) keep their names, flat beside the chunks that name them. The translator module is
// cached-translator.ts, which loads the translator itself from one CommonJS file (dist/cli/cjs/):
// V8 caches the compiled code of a script, not of an ES module, on Node 20. The parser packages
// stay outside: they find their native binaries and wasm relative to themselves.
import { defineConfig } from 'rolldown';

const external = ['tree-sitter', 'tree-sitter-cuda', 'web-tree-sitter'];

export default defineConfig([
  {
    input: {
      main: 'dist/src/cli/main.js',
      worker: 'dist/src/cli/worker.js',
      'real-translator': 'dist/src/cli/cached-translator.js',
    },
    platform: 'node',
    external,
    output: { dir: 'dist/cli', cleanDir: true, format: 'esm', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
  },
  {
    // The parser backends stay chunks of their own, required when one is chosen.
    input: { translator: 'dist/src/cli/translator-core.js' },
    platform: 'node',
    external,
    output: { dir: 'dist/cli/cjs', format: 'cjs', entryFileNames: '[name].cjs', chunkFileNames: '[name]-[hash].cjs' },
  },
]);
