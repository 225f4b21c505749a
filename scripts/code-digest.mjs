#!/usr/bin/env node
// Writes dist/cli/code-digest.txt: a hash of the command line's bundled code (what `npm run build`
// just wrote), by which the translation cache keys a run (src/cli/cache.ts). Reading and hashing
// the 1.5 MB of code itself took ~20 ms of every run, a cache hit's included.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = new URL('../dist/cli/', import.meta.url).pathname;
const hash = createHash('sha256');
for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.c?js$/.test(f)).sort()) {
  hash.update(name).update(readFileSync(join(dir, name)));
}
writeFileSync(join(dir, 'code-digest.txt'), hash.digest('hex') + '\n');
