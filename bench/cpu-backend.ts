// `npm run bench:cpu -- [--runtime DIR] [--workers N]`: what the CPU backend costs, through the
// HIP runtime as translated programs use it (bench/cpu-backend/launches.cu, translated and built
// with `make cpu`): per launch for tiny launches, per device thread for a large launch without
// barriers and for one with barriers. Wall time depends on what else the machine runs; cpu is the
// process's CPU time over all its threads. --runtime builds against another runtime/ folder (an
// older checkout's, to compare); --workers sets HIP2VX_CPU_WORKERS.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Case, what one launch is, launches. */
const CASES: [string, string, number][] = [
  ['tiny1', '1 block x 1 thread, an atomicAdd', 50_000],
  ['tiny256', '1 block x 256 threads, 1 barrier (shared-memory reversal)', 10_000],
  ['multi', '8 blocks x 64 threads, an atomicAdd', 10_000],
  ['swap', '1 block x 1 thread, two kernels in turn', 10_000],
  ['mid', '64 blocks x 256 threads, no barrier (a[i] += 1)', 2_000],
  ['flat', '4096 blocks x 256 threads, no barrier (a[i] += 1)', 10],
  ['sync', '4096 blocks x 256 threads, 9 barriers (tree reduction)', 3],
  ['memory', 'a round of a fresh 256 MiB buffer: hipMalloc, hipMemset, copy in, a[i] += 1, copy out, hipFree', 4],
  ['chain', '1563 blocks x 64 threads, each waiting for the previous ticket holder (a chained scan)', 5],
];

const argv = process.argv.slice(2);
const flag = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const runtime = resolve(flag('--runtime') ?? join(ROOT, 'runtime'));
const workers = flag('--workers');

function check(what: string, r: ReturnType<typeof spawnSync>): string {
  const out = `${r.stdout}${r.stderr}`;
  if (r.status !== 0) throw new Error(`${what} failed:\n${out.slice(-3000)}`);
  return out;
}

const work = mkdtempSync(join(tmpdir(), 'hip2vx-bench-cpu-'));
try {
  check('translating', spawnSync(process.execPath, [join(ROOT, 'bin', 'hip2vortex.js'), 'translate', '-q', '--no-cache',
    join(ROOT, 'bench', 'cpu-backend'), '-o', work], { encoding: 'utf8' }));
  check('building', spawnSync('make', ['-s', '-C', work, 'cpu', `HIP2VX_RUNTIME=${runtime}`], { encoding: 'utf8' }));
  const env = { ...process.env, ...(workers ? { HIP2VX_CPU_WORKERS: workers } : {}) };
  console.log(`runtime ${runtime}, ${workers ?? 'default'} workers`);
  console.log('| case | one launch | launches | us/launch wall | us/launch cpu | ns/thread wall | ns/thread cpu |');
  console.log('|---|---|---:|---:|---:|---:|---:|');
  for (const [name, shape, launches] of CASES) {
    const out = check(name, spawnSync(join(work, 'build', 'cpu', 'launches'), [name, String(launches)], { encoding: 'utf8', env }));
    const m = /: ([\d.]+) us\/launch ([\d.]+) ns\/thread wall, ([\d.]+) us\/launch ([\d.]+) ns\/thread cpu/.exec(out);
    if (!m || !/^PASSED$/m.test(out)) throw new Error(`${name}: unexpected output:\n${out}`);
    console.log(`| ${name} | ${shape} | ${launches} | ${m[1]} | ${m[3]} | ${m[2]} | ${m[4]} |`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
