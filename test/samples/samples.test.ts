// End to end over samples/: every sample is translated (xlen 32 and 64), compared with its
// reviewed golden files, its sources are compiled for the device and the host, and the program
// is built and run on the CPU backend at two problem sizes and, with VORTEX_HOME set, on simx with
// both stock device compilers.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, test } from 'vitest';
import { goldenPath, readGolden, UPDATE_GOLDEN, UPDATE_HINT, writeGolden } from './golden.js';
import { DEVICE_CODEGEN_ARGS, deviceArgs, disassemble, gccDeviceArgs, HOST_SYNTAX_ARGS, run, runOk } from './toolchain.js';
import { DEVICE_TOOLS, lacks } from '../tools.js';
import { runOnSimx, SIMX_TOOLCHAINS, simxSkipped } from '../simx.js';
import { listSamples, translateSample, type Sample, type TranslatedSample } from './translate-sample.js';
import { checkDivergenceShapes, unbracketedBranches } from './shape.js';

const samples = listSamples();
const buildRoot = mkdtempSync(join(tmpdir(), 'hip2vx-samples-'));
const keepBuild = process.env.HIP2VX_KEEP_BUILD === '1';
const noDeviceTools = lacks(DEVICE_TOOLS, 'sample device compiles');
const simxToolchains = SIMX_TOOLCHAINS.filter((tc) => !simxSkipped('samples', tc));

afterAll(() => {
  if (keepBuild) console.info(`sample builds kept in ${buildRoot}`);
  else rmSync(buildRoot, { recursive: true, force: true });
});

// The second size never divides into blocks (nor, for the matrix samples, into 16 x 16 tiles).
const DEFAULT_SIZES = [4096, 3001];
const RUN_SIZES: Record<string, number[]> = {
  matmul_naive: [64, 45],
  matmul_tiled: [64, 45],
  transpose: [64, 45],
  thread_indexing: [256, 100],
};

// Waiting for a pool slot counts against a test's time, hence the generous limits.
const COMPILE_TIMEOUT = 300_000;
const RUN_TIMEOUT = 600_000;

/** One translation per sample and xlen, shared by the tests that need it. */
function translations(sample: Sample): (xlen: 32 | 64) => Promise<TranslatedSample> {
  const cache = new Map<32 | 64, Promise<TranslatedSample>>();
  return (xlen) => {
    let pending = cache.get(xlen);
    if (!pending) {
      pending = translateSample(sample, xlen, join(buildRoot, `xlen${xlen}`, sample.name));
      cache.set(xlen, pending);
    }
    return pending;
  };
}

describe.concurrent.each(samples)('sample $name', (sample) => {
  const translated = translations(sample);

  test('outputs match the golden files', async ({ expect }) => {
    const { result } = await translated(32);
    if (UPDATE_GOLDEN) {
      writeGolden(sample.name, result.outputs);
      return;
    }
    const golden = readGolden(sample.name);
    const missing = result.outputs.filter((o) => !golden.has(o.name)).map((o) => goldenPath(sample.name, o.name));
    expect(missing, `golden files missing: create them with \`${UPDATE_HINT}\` and have them reviewed`).toEqual([]);
    for (const output of result.outputs) {
      expect(output.content, `${goldenPath(sample.name, output.name)} (update with \`${UPDATE_HINT}\`)`).toBe(
        golden.get(output.name),
      );
    }
    const stale = [...golden.keys()].filter((name) => !result.outputs.some((o) => o.name === name));
    expect(stale, 'golden files the translation no longer writes').toEqual([]);
  });

  test('one device entry per kernel instance', async ({ expect }) => {
    const { entryIds, result } = await translated(32);
    expect(entryIds.length).toBe(result.stats.kernelInstances);
  });

  // -c with the contract's flags also proves the rv32 syntax. The device source is compiled once
  // with every kernel's entry, as the generated Makefile builds it.
  test.skipIf(noDeviceTools)('device kernels compile for rv32 with clang and gcc, in shape', { timeout: COMPILE_TIMEOUT }, async ({ expect }) => {
    const { entryIds, outDir, paths } = await translated(32);
    const checkDir = join(outDir, 'check');
    mkdirSync(checkDir, { recursive: true });
    const builds = [['clang-19', deviceArgs(32)], ['riscv64-unknown-elf-g++', gccDeviceArgs()]] as const;
    await Promise.all(builds.map(async ([compiler, args]) => {
      const object = join(checkDir, `${compiler}.rv32.o`);
      await runOk(compiler, ['-c', ...args, ...DEVICE_CODEGEN_ARGS, paths.device, '-o', object]);
      const listing = await disassemble(object);
      expect(checkDivergenceShapes(listing).problems, `${compiler}: divergence idioms out of shape`).toEqual([]);
      expect(unbracketedBranches(listing), `${compiler}: branches on per-thread values`).toEqual([]);
      for (const id of entryIds) expect(listing, `${id} (${compiler}): the kernel's entry`).toMatch(new RegExp(`^[0-9a-f]+ <hip2vx_main_${id}>:`, 'm'));
    }));
  });

  test.skipIf(noDeviceTools)('device kernels compile for rv64', { timeout: COMPILE_TIMEOUT }, async () => {
    const { paths } = await translated(64);
    await runOk('clang-19', ['-fsyntax-only', ...deviceArgs(64), paths.device]);
  });

  test('host and registration sources compile', { timeout: COMPILE_TIMEOUT }, async () => {
    const { paths } = await translated(32);
    await Promise.all([paths.host, paths.registration].map((file) => runOk('g++', [...HOST_SYNTAX_ARGS, file])));
  });

  test('runs on the CPU backend and passes its own check', { timeout: RUN_TIMEOUT }, async ({ expect }) => {
    const { outDir } = await translated(32);
    // Sequential: both runs share the sample's build directory.
    for (const n of RUN_SIZES[sample.name] ?? DEFAULT_SIZES) {
      const { code, stdout, stderr } = await run('make', ['-C', outDir, 'run-cpu', `ARGS=${n}`]);
      expect(code, `make run-cpu ARGS=${n} failed:\n${stdout}${stderr}`).toBe(0);
      expect(stdout, `ARGS=${n}`).toMatch(/^PASSED$/m);
    }
  });

  // The smaller size, in the 16 x 16 configuration (the samples' blocks have up to 256 threads).
  test.for(simxToolchains)('runs on simx, kernels built with %s', { timeout: RUN_TIMEOUT }, async (toolchain, { expect }) => {
    const { outDir } = await translated(32);
    const n = (RUN_SIZES[sample.name] ?? DEFAULT_SIZES)[1];
    const { code, stdout, stderr } = await runOnSimx(outDir, { toolchain, args: String(n) });
    expect(code, `make run VX_TOOLCHAIN=${toolchain} failed:\n${stdout}${stderr}`).toBe(0);
    expect(stdout).toMatch(/^PASSED$/m);
  });
});
