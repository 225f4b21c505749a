// What the simx benchmarks share: `make` of a translated program with HIP2VX_PERF=1 and the
// simulator's PERF: lines of its launches.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Perf {
  launch: string;
  instrs: number;
  cycles: number;
}

const env = { ...process.env, HIP2VX_RUNTIME: join(ROOT, 'runtime'), HIP2VX_PERF: '1' };

/** `make -s` in `dir`; fails unless the program printed PASSED. */
export function make(dir: string, args: string[]): string {
  const r = spawnSync('make', ['-s', '-C', dir, ...args], { env, encoding: 'utf8', maxBuffer: 64 << 20 });
  const out = `${r.stdout}${r.stderr}`;
  if (r.status !== 0 || !/^PASSED$/m.test(r.stdout)) throw new Error(`make ${args.join(' ')} in ${dir} failed:\n${out.slice(-3000)}`);
  return out;
}

/** Each `PERF:` line, named by the `hip2vx-perf:` line before it (the translated runtime's). */
export function perfLines(output: string, name = ''): Perf[] {
  const out: Perf[] = [];
  let launch = name;
  for (const line of output.split('\n')) {
    const shape = /^hip2vx-perf: kernel=(\S+) grid=(\S+) block=(\S+)/.exec(line);
    if (shape) launch = `${shape[1]} <<<${shape[2]}; ${shape[3]}>>>`;
    const perf = /^PERF: instrs=(\d+), cycles=(\d+)/.exec(line);
    if (perf) out.push({ launch, instrs: Number(perf[1]), cycles: Number(perf[2]) });
  }
  return out;
}
