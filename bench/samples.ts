// `npm run bench:samples`: per sample, input lines, kernels, translate time, CPU-backend build
// and run time; then translate throughput on one large (>= 5 MB) input and the cold start of
// translating one small file.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { initParser } from '../src/parse/parser.js';
import { decodeSource, type SourceFile } from '../src/parse/source.js';
import { loadRules } from '../src/rules/index.js';
import { translateSource, type TranslateOptions } from '../src/translate.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SAMPLES = join(ROOT, 'samples');
const work = mkdtempSync(join(tmpdir(), 'hip2vx-bench-samples-'));

await initParser();
const options: TranslateOptions = { xlen: 32, divergence: 'explicit', rules: loadRules() };
// The samples build in a temporary directory, where make cannot find the runtime by itself.
process.env.HIP2VX_RUNTIME = join(ROOT, 'runtime');
const source = (path: string, text: string): SourceFile => {
  const read = decodeSource(path, new TextEncoder().encode(text));
  if (!read.ok) throw new Error(read.diagnostic.message);
  return read.file;
};
const seconds = (f: () => void): number => {
  const start = process.hrtime.bigint();
  f();
  return Number(process.hrtime.bigint() - start) / 1e9;
};
/** Median of a few runs of `f`, in milliseconds. */
const medianMs = (runs: number, f: () => void): number => {
  const times = Array.from({ length: runs }, () => seconds(f) * 1e3).sort((a, b) => a - b);
  return times[runs >> 1];
};

const samples = readdirSync(SAMPLES, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
console.log('| sample | lines | kernels (instances) | translate | CPU build | CPU run |');
console.log('|---|---:|---:|---:|---:|---:|');
const texts: string[] = [];
for (const name of samples) {
  const file = readdirSync(join(SAMPLES, name)).find((f) => /\.(hip|cu)$/.test(f))!;
  const text = readFileSync(join(SAMPLES, name, file), 'utf8');
  texts.push(text);
  const src = source(file, text);
  let result = translateSource(src, options);
  const ms = medianMs(9, () => (result = translateSource(src, options)));
  const out = join(work, name);
  mkdirSync(out, { recursive: true });
  for (const o of result.outputs) writeFileSync(join(out, o.name), o.content);
  writeFileSync(join(out, 'Makefile'), `include ${name}.mk\n`);
  const build = seconds(() => execFileSync('make', ['-C', out, '-j2', 'cpu'], { stdio: 'ignore' }));
  let passed = false;
  const run = seconds(() => {
    const r = spawnSync('make', ['-C', out, '-s', 'run-cpu'], { encoding: 'utf8' });
    passed = /^PASSED$/m.test(r.stdout);
  });
  const kernels = `${result.stats.kernels} (${result.stats.kernelInstances})`;
  console.log(`| ${name} | ${text.split('\n').length} | ${kernels} | ${ms.toFixed(1)} ms | ${build.toFixed(1)} s | ${run.toFixed(2)} s${passed ? '' : ' (FAILED)'} |`);
}

// One large input: the samples' code repeated, each copy in its own namespace (distinct kernels).
let big = '';
for (let copy = 0; big.length < 5e6; copy++) {
  for (const text of texts) big += `namespace copy${copy} {\n${text.replace(/\bmain\s*\(/g, `main_${copy}(`)}\n}\n`;
}
const bigSource = source('large.hip', big);
const bigSeconds = seconds(() => translateSource(bigSource, options));
console.log(`\nlarge input: ${(big.length / 1e6).toFixed(1)} MB in ${bigSeconds.toFixed(2)} s = ${(big.length / 1e6 / bigSeconds).toFixed(2)} MB/s`);

// Cold start: a new process translating one small file with the CLI.
const small = join(SAMPLES, 'vector_add', 'vector_add.hip');
const cold = medianMs(7, () => execFileSync(process.execPath, [join(ROOT, 'bin/hip2vortex.js'), 'translate', small, '-o', join(work, 'cold'), '-q']));
console.log(`cold start (CLI, one small file, median of 7): ${cold.toFixed(0)} ms`);
rmSync(work, { recursive: true, force: true });
