// Builds C++ test programs against the HIP runtime (runtime/src) and the CPU backend
// (runtime/cpu: vortex.h implemented natively, kernels as shared objects) in a temporary
// directory, and runs them.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { promisify } from 'node:util';

import { expect } from 'vitest';

export const repo = resolve(import.meta.dirname, '../..');
const programs = join(import.meta.dirname, 'programs');
const runtimeSrc = join(repo, 'runtime/src');
const backendSrc = join(repo, 'runtime/cpu/src');
const backendDevice = join(repo, 'runtime/cpu/device');
const kernels = join(import.meta.dirname, 'kernels/kernels.cpp');

const cxx = process.env.CXX ?? 'g++';
// As runtime/hip2vx.mk builds the runtime and the kernels for the CPU backend.
const cxxFlags = ['-std=c++17', '-O1', '-Wall', '-Wextra', '-Werror', '-pthread', '-DHIP2VX_CPU_BACKEND'];

function cppFiles(dir: string): string[] {
  return readdirSync(dir).filter((f) => f.endsWith('.cpp')).map((f) => join(dir, f));
}

export const includeFlags = ['-I', join(repo, 'runtime/include'), '-I', join(repo, 'runtime/cpu/include')];

const execFileAsync = promisify(execFile);

function compile(args: string[]): void {
  execFileSync(cxx, [...cxxFlags, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
}

export interface Run { status: number | null; stdout: string; stderr: string }

export class Build {
  readonly dir = mkdtempSync(join(tmpdir(), 'hip2vx-runtime-'));
  private objects: string[] = [];

  /** Compiles the runtime and the backend (in parallel) once for this build directory. */
  async prepare(): Promise<this> {
    const sources = [...cppFiles(runtimeSrc), ...cppFiles(backendSrc)];
    this.objects = sources.map((src, i) => join(this.dir, `${i}-${basename(src, '.cpp')}.o`));
    await Promise.all(sources.map((src, i) =>
      execFileAsync(cxx, [...cxxFlags, ...includeFlags, '-c', src, '-o', this.objects[i]])));
    return this;
  }

  /** Links programs/<name>.cpp (plus extra flags) with the runtime; returns the executable. */
  program(name: string, extra: string[] = []): string {
    const exe = join(this.dir, name);
    compile([...includeFlags, '-I', programs, join(programs, `${name}.cpp`), ...this.objects, ...extra, '-ldl', '-o', exe]);
    return exe;
  }

  /** Builds the CPU-backend kernel binary <id>.so from kernels/kernels.cpp. */
  kernel(id: string): void {
    compile(['-fPIC', '-shared', '-I', join(repo, 'runtime/cpu/include'), `-DHIP2VX_ENTRY_${id}`,
      kernels, ...cppFiles(backendDevice), '-o', join(this.dir, `${id}.so`)]);
  }

  /** The flag that makes HIP2VX_EMBED_KERNEL find the kernel binaries. */
  get binDirFlag(): string {
    return `-DHIP2VX_BIN_DIR="${this.dir}"`;
  }

  run(exe: string, env: Record<string, string> = {}): Run {
    const r = spawnSync(exe, [], { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 60_000 });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
  }

  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A test program passed when it printed ALL OK and no FAIL line, and exited with 0. */
export function expectAllOk(r: Run): void {
  const transcript = `status ${r.status}\n${r.stdout}${r.stderr}`;
  expect(transcript).toMatch(/ALL OK/);
  expect(transcript).not.toMatch(/FAIL/);
  expect(r.status).toBe(0);
}
