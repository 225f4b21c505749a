// `npm run bench:warp -- [VORTEX_HOME]`: simx cycles of one block reduction written with
// __shfl_down_sync against the same reduction written with shared memory and __syncthreads
// (bench/warp-shuffle/reduce.cu, both translated), with gcc and clang, in the 4 x 4 configuration
// (16-thread blocks: 16-lane shuffles) and the 32 x 32 one (1024-thread blocks). docs/simx-cycles.md.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { make, perfLines, ROOT } from './simx-perf.js';

const home = process.argv[2] ?? process.env.VORTEX_HOME;
if (!home) {
  console.error('usage: npm run bench:warp -- <VORTEX_HOME> (a built Vortex v2.2 tree)');
  process.exit(2);
}
/** Configuration -> runtime directory, threads per block, blocks. */
const CONFIGS = [
  { name: '4x4', rt: 'runtime', block: 16, blocks: 16 },
  { name: '32x32', rt: 'runtime_w32t32', block: 1024, blocks: 4 },
];

const work = mkdtempSync(join(tmpdir(), 'hip2vx-bench-warp-'));
try {
  const t = spawnSync(process.execPath, [join(ROOT, 'bin', 'hip2vortex.js'), 'translate', '-q', join(ROOT, 'bench', 'warp-shuffle'), '-o', work, '--no-cache'], { encoding: 'utf8' });
  if (t.status !== 0) throw new Error(`translating failed:\n${t.stdout}${t.stderr}`);
  writeFileSync(join(work, 'Makefile'), 'include reduce.mk\n');
  console.log('| config (block x blocks) | toolchain | shuffle cycles | shuffle instrs | shared cycles | shared instrs | shuffle / shared |');
  console.log('|---|---|---:|---:|---:|---:|---:|');
  for (const c of CONFIGS) {
    for (const tc of ['gnu', 'clang']) {
      const out = make(work, ['run', `VORTEX_HOME=${home}`, `VORTEX_RT_PATH=${join(home, 'build', c.rt)}`, `VX_TOOLCHAIN=${tc}`, `BUILD_DIR=build-${tc}`, `ARGS=${c.block} ${c.blocks}`]);
      const [shfl, shared] = perfLines(out);
      console.log(`| ${c.name} (${c.block} x ${c.blocks}) | ${tc} | ${shfl.cycles} | ${shfl.instrs} | ${shared.cycles} | ${shared.instrs} | ${(shfl.cycles / shared.cycles).toFixed(2)} |`);
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
