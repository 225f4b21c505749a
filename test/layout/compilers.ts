// Asks the real compilers: every ABI has two of them (clang and gcc), so a disagreement between
// compilers shows up as well as one between the engine and a compiler.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Abi } from '../../src/layout/index.js';
import { lacks, PICOLIBC_INCLUDE } from '../tools.js';

const run = promisify(execFile);
const PICOLIBC = ['-isystem', PICOLIBC_INCLUDE];
const COMMON = ['-fsyntax-only', '-x', 'c++', '-std=c++17', '-w'];

/** Checks against the compilers are skipped (with a message) where they are not installed. */
export const noCompilers = lacks(['clang-19', 'riscv64-unknown-elf-g++', 'picolibc'], 'layout checks against the compilers');

export const COMPILERS: Record<Abi, Array<{ name: string; command: string; args: string[] }>> = {
  rv32: [
    { name: 'clang-19 rv32', command: 'clang-19', args: ['--target=riscv32-unknown-elf', '-march=rv32imaf', '-mabi=ilp32f', ...PICOLIBC] },
    { name: 'gcc rv32', command: 'riscv64-unknown-elf-gcc', args: ['-march=rv32imaf', '-mabi=ilp32f', ...PICOLIBC] },
  ],
  rv64: [
    { name: 'clang-19 rv64', command: 'clang-19', args: ['--target=riscv64-unknown-elf', '-march=rv64imafd', '-mabi=lp64d', ...PICOLIBC] },
    { name: 'gcc rv64', command: 'riscv64-unknown-elf-gcc', args: ['-march=rv64imafd', '-mabi=lp64d', ...PICOLIBC] },
  ],
  host: [
    { name: 'g++ host', command: 'g++', args: [] },
    { name: 'clang-19 host', command: 'clang-19', args: [] },
  ],
};

const dir = mkdtempSync(join(tmpdir(), 'hip2vx-layout-'));
let files = 0;

/** Compiles `source` with every compiler of `abi`; returns the diagnostics text per failing compiler. */
export async function compileAll(source: string, abi: Abi): Promise<string[]> {
  const file = join(dir, `case${files++}.cpp`);
  writeFileSync(file, source);
  const results = await Promise.all(
    COMPILERS[abi].map(async ({ name, command, args }) => {
      try {
        await run(command, [...COMMON, ...args, file], { maxBuffer: 64 << 20 });
        return undefined;
      } catch (e) {
        const err = e as { stderr?: string; message: string };
        return `${name} (${file}):\n${err.stderr ?? err.message}`;
      }
    }),
  );
  return results.filter((r): r is string => r !== undefined);
}

/** The ids of the cases named in failed static_asserts ("case <id>:" messages). */
export function failingCases(diagnostics: string): string[] {
  return [...new Set([...diagnostics.matchAll(/case (\w+):/g)].map((m) => m[1]))];
}
