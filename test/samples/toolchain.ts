// External tools for the sample tests: a process pool (so a concurrent suite does not start more
// compilers than there are cores), the compile command lines of the contract, and disassembly.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { RUNTIME_DIR } from './translate-sample.js';
import { deviceCxxStdlib, PICOLIBC_INCLUDE } from '../tools.js';

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

const slots = availableParallelism();
let busy = 0;
const waiting: Array<() => void> = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (busy < slots) busy++;
  else await new Promise<void>((resolve) => waiting.push(resolve)); // the slot is handed over
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else busy--;
  }
}

/**
 * Runs a command in the pool; a non-zero exit is a result, a missing tool an error saying so. It
 * runs in a process group of its own, killed whole at `timeoutMs`: a program `make` runs (simx)
 * would otherwise outlive make, and the test, and keep a core busy. (execFile cannot: it does not
 * pass `detached` on.)
 */
export function run(command: string, args: string[], options: { cwd?: string; timeoutMs?: number } = {}): Promise<RunResult> {
  return withSlot(
    () =>
      new Promise((resolve, reject) => {
        const child = spawn(command, args, { cwd: options.cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
        let stdout = '';
        let stderr = '';
        child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
        child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
        const timer = options.timeoutMs === undefined ? undefined : setTimeout(() => {
          try {
            process.kill(-child.pid!, 'SIGKILL');
          } catch {
            // the group has exited already
          }
        }, options.timeoutMs);
        child.on('error', (error: NodeJS.ErrnoException) => {
          clearTimeout(timer);
          reject(error.code === 'ENOENT' ? new Error(`${command} is not installed (test/tools.ts says which Debian package provides it)`) : error);
        });
        child.on('close', (code, signal) => {
          clearTimeout(timer);
          if (code === null) reject(new Error(`${command} ${args.join(' ')}: killed (signal ${signal ?? 'none'})\n${stdout}${stderr}`));
          else resolve({ code, stdout, stderr });
        });
      }),
  );
}

/** Runs and throws with the command line and its output unless it exits 0. */
export async function runOk(command: string, args: string[], options: { cwd?: string; timeoutMs?: number } = {}): Promise<RunResult> {
  const result = await run(command, args, options);
  if (result.code !== 0) {
    throw new Error(`exit ${result.code}: ${command} ${args.join(' ')}\n${result.stdout}${result.stderr}`);
  }
  return result;
}

const TARGETS = {
  32: ['--target=riscv32-unknown-elf', '-march=rv32imaf', '-mabi=ilp32f'],
  64: ['--target=riscv64-unknown-elf', '-march=rv64imafd', '-mabi=lp64d'],
} as const;

/** clang-19 arguments for a device source: the Vortex declarations and picolibc. */
export function deviceArgs(xlen: 32 | 64): string[] {
  return [
    '-std=c++17', '-x', 'c++', ...TARGETS[xlen],
    '-I', join(RUNTIME_DIR, 'vortex-decls'), '-I', join(RUNTIME_DIR, 'include'), ...deviceCxxStdlib(RUNTIME_DIR),
    '-isystem', PICOLIBC_INCLUDE,
    `-DHIP2VX_XLEN=${xlen}`,
  ];
}

/** The same device source for rv32 with the second compiler, RISC-V gcc (it takes no --target). */
export function gccDeviceArgs(): string[] {
  return deviceArgs(32).filter((a) => !a.startsWith('--target='));
}

/** What Vortex's own kernel builds use on top of the target flags. */
// -mno-relax: local branch targets are resolved in the object, so the shape check can follow jumps.
export const DEVICE_CODEGEN_ARGS = ['-O3', '-mcmodel=medany', '-mno-relax', '-fno-rtti', '-fno-exceptions', '-ffunction-sections', '-fdata-sections'];

/** g++ arguments for the host and registration sources (HIP2VX_BIN_DIR is only needed to link). */
export const HOST_SYNTAX_ARGS = ['-fsyntax-only', '-std=c++17', '-I', join(RUNTIME_DIR, 'include'), '-DHIP2VX_XLEN=32'];

/** The disassembly of a RISC-V object with its relocations, for checks on the compiled kernels. */
export async function disassemble(objPath: string): Promise<string> {
  return (await runOk('llvm-objdump-19', ['-dr', objPath])).stdout;
}
