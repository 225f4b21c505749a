// Running translated programs on simx, the Vortex simulator: the tests read only VORTEX_HOME (a
// built Vortex v2.2 tree) and skip these runs without it. Kernels are built with the stock
// toolchains through the generated Makefile (`VX_TOOLCHAIN=gnu|clang`), each in its own build
// directory, and the simulator configuration is chosen by its runtime directory.
import { join } from 'node:path';
import { run, type RunResult } from './samples/toolchain.js';
import { lacks, type Tool } from './tools.js';

export const VORTEX_HOME = process.env.VORTEX_HOME || undefined;

export const SIMX_TOOLCHAINS = ['gnu', 'clang'] as const;
export type SimxToolchain = (typeof SIMX_TOOLCHAINS)[number];

/** The bundle's configurations: warps x threads per core (a block must fit in one core). */
export const SIMX_CONFIGS = { '4x4': 'runtime', '16x16': 'runtime_w16t16', '32x32': 'runtime_w32t32' } as const;
export type SimxConfig = keyof typeof SIMX_CONFIGS;

const TOOLS: Record<SimxToolchain, Tool[]> = {
  gnu: ['riscv64-unknown-elf-g++', 'picolibc'],
  clang: ['clang-19', 'ld.lld-19', 'riscv64-unknown-elf-g++', 'picolibc'],  // gcc's libgcc for rv32
};

/** True when simx runs of `what` must be skipped (no VORTEX_HOME or a missing toolchain), saying why. */
export function simxSkipped(what: string, toolchain: SimxToolchain = 'gnu'): boolean {
  if (!VORTEX_HOME) {
    if (toolchain === SIMX_TOOLCHAINS[0]) console.info(`${what}: simx runs skipped (VORTEX_HOME is not set)`);
    return true;
  }
  return lacks(TOOLS[toolchain], `${what} on simx (${toolchain})`);
}

export interface SimxRun {
  toolchain?: SimxToolchain;
  config?: SimxConfig;
  /** The kernels' optimisation level (each level builds in its own directory). */
  opt?: '-O2' | '-O3';
  args?: string;
  timeoutMs?: number;
}

/** `make run` of a translated program's directory on simx (the caller checked simxSkipped), killed
    after `timeoutMs` (by default 420 s, before a feature test's own limit of 600). */
export function runOnSimx(outDir: string, { toolchain = 'gnu', config = '16x16', opt = '-O3', args = '', timeoutMs = 420_000 }: SimxRun = {}): Promise<RunResult> {
  const home = VORTEX_HOME!;
  return run('make', ['-C', outDir, 'run', `VORTEX_HOME=${home}`, `VORTEX_RT_PATH=${join(home, 'build', SIMX_CONFIGS[config])}`,
    `VX_TOOLCHAIN=${toolchain}`, `VX_OPT=${opt}`, `BUILD_DIR=build${opt}`, `ARGS=${args}`], { timeoutMs });
}
