// Builds the CPU-backend test programs (fixtures/) with the system g++ in a temporary directory,
// the way runtime/hip2vx.mk does: runtime/cpu/device objects linked into one shared object per
// kernel, a host program linked with runtime/cpu/src.
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { promisify } from 'node:util';

export const repo = resolve(import.meta.dirname, '../..');
export const runtime = join(repo, 'runtime');
export const fixtures = join(import.meta.dirname, 'fixtures');
const cxx = process.env.CXX ?? 'g++';
const flags = ['-std=c++17', '-O2', '-Wall', '-Wextra', '-Werror', '-I', join(runtime, 'cpu/include')];
const exec = promisify(execFile);

export const cppFiles = (dir: string): string[] =>
  readdirSync(dir).filter((f) => f.endsWith('.cpp')).map((f) => join(dir, f));

export interface Run { status: number | null; stdout: string; stderr: string; ms: number }

export class Build {
  readonly dir = mkdtempSync(join(tmpdir(), 'hip2vx-cpu-'));
  readonly host = join(this.dir, 'host');

  /** Compiles the host program and the given kernels of fixtures/kernels.device.cpp. */
  async prepare(kernels: string[]): Promise<this> {
    const device = cppFiles(join(runtime, 'cpu/device'));
    const objects = device.map((src) => join(this.dir, `${basename(src, '.cpp')}.o`));
    await Promise.all(device.map((src, i) =>
      exec(cxx, [...flags, '-fPIC', '-fvisibility=hidden', '-c', src, '-o', objects[i]])));
    // As runtime/hip2vx.mk builds them: the device source compiled once, a link per kernel.
    const kernelObject = join(this.dir, 'kernels.device.o');
    await Promise.all([
      exec(cxx, [...flags, join(fixtures, 'host.cpp'), ...cppFiles(join(runtime, 'cpu/src')),
        '-lpthread', '-ldl', '-o', this.host]),
      exec(cxx, [...flags, '-DHIP2VX_CPU_BACKEND', '-fPIC', '-fvisibility=hidden', '-ffunction-sections', '-fdata-sections',
        '-c', join(fixtures, 'kernels.device.cpp'), '-o', kernelObject]),
    ]);
    await Promise.all(kernels.map((k) => exec(cxx, ['-shared', kernelObject, ...objects,
      `-Wl,--gc-sections,--defsym=main=hip2vx_main_${k}`, '-o', join(this.dir, `${k}.bin`)])));
    return this;
  }

  /** Runs `host <test> <dir> ...args` with extra environment variables. */
  run(test: string, args: (string | number)[] = [], env: Record<string, string> = {}): Run {
    const start = Date.now();
    const r = spawnSync(this.host, [test, this.dir, ...args.map(String)],
      { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 60_000 });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr, ms: Date.now() - start };
  }

  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** What to show when a run failed: its status and output. */
export const show = (r: Run): string => `status ${r.status}\n${r.stdout}${r.stderr}`;
