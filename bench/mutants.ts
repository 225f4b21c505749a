// `npm run mutants -- <dir> [--count N] [--seed S]`: bad input made from real code. Takes the GPU
// sources under <dir> (a corpus folder), makes N broken copies of random ones (cut short, lines
// dropped or repeated, a bracket dropped, a CUDA token pushed in at random), translates them in one
// run and checks what the brief promises of bad input: no internal error; every file that failed
// has an error with a line and column and no output on disk; the inputs are left as they were.
// Prints the outcomes and the diagnostic ids seen; exits 1 on any broken promise.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { random } from './corpus.js';

const CLI = fileURLToPath(new URL('../../bin/hip2vortex.js', import.meta.url));
const SOURCES = new Set(['.cu', '.cuh', '.hip', '.cpp', '.h', '.hpp']);
const MAX_BYTES = 200_000;
const TOKENS = ['<<<', '>>>', '__global__', '__shared__', '#if X', '#endif', 'template <typename T>', '__syncthreads();', '"', "'", '/*', '\\'];
const BRACKETS = '{}()<>[];,';

function options(argv: string[]): { dir: string; count: number; seed: number } {
  const flag = (name: string, fallback: number) => {
    const i = argv.indexOf(name);
    return i >= 0 ? Number(argv[i + 1]) : fallback;
  };
  const dir = argv.find((a, i) => !a.startsWith('--') && (i === 0 || !argv[i - 1].startsWith('--')));
  if (!dir) {
    console.error('usage: npm run mutants -- <dir of GPU sources> [--count N] [--seed S]');
    process.exit(2);
  }
  return { dir, count: flag('--count', 300), seed: flag('--seed', 1) };
}

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((rel) => join(dir, rel))
    .filter((path) => SOURCES.has(extname(path)) && statSync(path).isFile() && statSync(path).size <= MAX_BYTES)
    .sort();
}

/** One broken copy of `text` (bytes kept as latin1, so non-UTF-8 input stays as it was). */
function mutate(text: string, pick: (n: number) => number): string {
  const lines = text.split('\n');
  switch (pick(5)) {
    case 0:
      return text.slice(0, pick(text.length + 1));
    case 1:
      lines.splice(pick(lines.length), 1 + pick(3));
      return lines.join('\n');
    case 2:
      lines.splice(pick(lines.length), 0, lines[pick(lines.length)]);
      return lines.join('\n');
    case 3: {
      const at = [...text].flatMap((c, i) => (BRACKETS.includes(c) ? [i] : []));
      if (at.length === 0) return text;
      const i = at[pick(at.length)];
      return text.slice(0, i) + text.slice(i + 1);
    }
    default: {
      const i = pick(text.length + 1);
      return text.slice(0, i) + TOKENS[pick(TOKENS.length)] + text.slice(i);
    }
  }
}

interface Report {
  files: { path: string; status: string }[];
  diagnostics: { file: string; line: number; col: number; severity: string; ruleId: string }[];
}

const o = options(process.argv.slice(2));
const sources = sourcesUnder(o.dir);
if (sources.length === 0) throw new Error(`no GPU sources under ${o.dir}`);
const work = mkdtempSync(join(tmpdir(), 'hip2vx-mutants-'));
const input = join(work, 'in');
const output = join(work, 'out');
try {
  // A seed names one set of mutants.
  const next = random(o.seed);
  const pick = (n: number) => Math.floor(next() * n);
  const written = new Map<string, Buffer>();
  for (let k = 0; k < o.count; k++) {
    const from = sources[pick(sources.length)];
    // Headers become .cu files: each mutant is translated on its own.
    const ext = ['.h', '.hpp', '.cuh'].includes(extname(from)) ? '.cu' : extname(from);
    const path = join(input, `m${k}-${basename(from, extname(from))}${ext}`);
    const bytes = Buffer.from(mutate(readFileSync(from, 'latin1'), pick), 'latin1');
    written.set(path, bytes);
  }
  mkdirSync(input);
  for (const [path, bytes] of written) writeFileSync(path, bytes);

  const start = process.hrtime.bigint();
  const run = spawnSync(process.execPath, [CLI, 'translate', input, '-o', output, '--format', 'json', '--no-cache', '--jobs', '2'], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const report = JSON.parse(run.stdout) as Report;

  const broken: string[] = [];
  const byFile = new Map<string, Report['diagnostics']>();
  for (const d of report.diagnostics) byFile.set(d.file, [...(byFile.get(d.file) ?? []), d]);
  for (const d of report.diagnostics) if (d.ruleId === 'internal-error') broken.push(`${d.file}: internal error`);
  const statuses = new Map<string, number>();
  for (const f of report.files) {
    statuses.set(f.status, (statuses.get(f.status) ?? 0) + 1);
    if (f.status !== 'failed') continue;
    const errors = (byFile.get(f.path) ?? []).filter((d) => d.severity === 'error');
    if (!errors.some((d) => d.line >= 1 && d.col >= 1)) broken.push(`${f.path}: failed without an error at a line and column`);
    const stem = basename(f.path, extname(f.path));
    for (const suffix of ['.host.cpp', '.device.cpp', '.register.cpp', '.mk']) {
      if (existsSync(join(output, stem + suffix))) broken.push(`${f.path}: failed, yet ${stem + suffix} was written`);
    }
  }
  for (const [path, bytes] of written) if (!readFileSync(path).equals(bytes)) broken.push(`${path}: input modified`);

  const ids = new Map<string, number>();
  for (const d of report.diagnostics) ids.set(d.ruleId, (ids.get(d.ruleId) ?? 0) + 1);
  console.log(`${o.count} mutants of ${sources.length} sources under ${o.dir} (seed ${o.seed}), translated in ${seconds.toFixed(1)} s, exit ${run.status}`);
  console.log(`files: ${[...statuses].map(([s, n]) => `${n} ${s}`).join(', ')}`);
  console.log(`diagnostics: ${[...ids].sort((a, b) => b[1] - a[1]).map(([id, n]) => `${id} ${n}`).join(', ')}`);
  console.log(broken.length ? `BROKEN (${broken.length}):\n  ${broken.join('\n  ')}` : 'every promise about bad input held');
  process.exitCode = broken.length ? 1 : 0;
} finally {
  rmSync(work, { recursive: true, force: true });
}
