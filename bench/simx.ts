// `npm run bench:simx -- [VORTEX_HOME]`: simulator cycles and instructions of every sample's
// kernels per launch shape (the `PERF:` line of each launch, HIP2VX_PERF=1; cycles are exactly
// repeatable), with kernels built by gcc and by clang, in the 16 x 16 configuration; then the
// hand-written Vortex versions of four kernels (bench/vortex-native) and the ratio
// translated / hand-written.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { make, perfLines, ROOT, type Perf } from './simx-perf.js';
const home = process.argv[2] ?? process.env.VORTEX_HOME;
if (!home) {
  console.error('usage: npm run bench:simx -- <VORTEX_HOME> (a built Vortex v2.2 tree)');
  process.exit(2);
}
const TOOLCHAINS = ['gnu', 'clang'] as const;
type Toolchain = (typeof TOOLCHAINS)[number];
const RT_PATH = join(home, 'build', 'runtime_w16t16');
/** Problem sizes that run in seconds (matrices n x about n). */
const SIZE: Record<string, number> = { matmul_naive: 32, matmul_tiled: 32, transpose: 64, thread_indexing: 100 };
const DEFAULT_SIZE = 4096;
/** Hand-written kernel -> the sample whose kernel it reimplements. */
const NATIVE: Record<string, string> = { vecadd: 'vector_add', matmul_naive: 'matmul_naive', matmul_tiled: 'matmul_tiled', reduction: 'reduction' };

const vortexArgs = (toolchain: Toolchain) => [`VORTEX_HOME=${home}`, `VORTEX_RT_PATH=${RT_PATH}`, `VX_TOOLCHAIN=${toolchain}`];

const work = mkdtempSync(join(tmpdir(), 'hip2vx-bench-simx-'));
try {
  const translated = join(work, 'samples');
  const t = spawnSync(process.execPath, [join(ROOT, 'bin', 'hip2vortex.js'), 'translate', join(ROOT, 'samples'), '-o', translated, '--no-cache'], { encoding: 'utf8' });
  if (t.status !== 0) throw new Error(`translating the samples failed:\n${t.stdout}${t.stderr}`);

  console.log(`simx ${RT_PATH} (16 warps x 16 threads); cycles and instructions per launch\n`);
  console.log('| sample (size) | launch | gcc cycles | gcc instrs | clang cycles | clang instrs |');
  console.log('|---|---|---:|---:|---:|---:|');
  /** Total cycles of each sample's launches, per toolchain. */
  const totals = new Map<string, Record<Toolchain, number>>();
  for (const sample of readdirSync(translated).sort()) {
    const size = SIZE[sample] ?? DEFAULT_SIZE;
    const runs = TOOLCHAINS.map((tc) => perfLines(make(join(translated, sample), ['run', ...vortexArgs(tc), `ARGS=${size}`])));
    runs[0].forEach((gcc, i) => {
      const clang = runs[1][i];
      // Repeated launches of one shape (a time-step loop) show once, with their count.
      if (i > 0 && runs[0][i - 1].launch === gcc.launch) return;
      let repeats = 1;
      while (runs[0][i + repeats]?.launch === gcc.launch) repeats++;
      const times = repeats > 1 ? ` x${repeats} (first)` : '';
      console.log(`| ${sample} (${size}) | \`${gcc.launch}\`${times} | ${gcc.cycles} | ${gcc.instrs} | ${clang?.cycles ?? '-'} | ${clang?.instrs ?? '-'} |`);
    });
    const total = (ps: Perf[]) => ps.reduce((s, p) => s + p.cycles, 0);
    totals.set(sample, { gnu: total(runs[0]), clang: total(runs[1]) });
  }

  console.log('\n| kernel (size) | hand-written gcc | translated gcc | ratio | hand-written clang | translated clang | ratio |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  const native = join(ROOT, 'bench', 'vortex-native');
  for (const [kernel, sample] of Object.entries(NATIVE)) {
    const size = SIZE[sample] ?? DEFAULT_SIZE;
    const cells = TOOLCHAINS.map((tc) => {
      // The first PERF line is the launch's own (the simulator prints another when it closes).
      const hand = perfLines(make(native, [`run-${kernel}`, ...vortexArgs(tc), `BUILD_DIR=${join(work, 'native')}`, `ARGS=${size}`]))[0].cycles;
      const ours = totals.get(sample)![tc];
      return `${hand} | ${ours} | ${(ours / hand).toFixed(3)}`;
    });
    console.log(`| ${kernel} (${size}) | ${cells.join(' | ')} |`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
