// Running one command of the corpus script (corpus-programs.ts) under limits: wall-clock time, and
// the CPU time of the process (all its threads), read from /proc. Separate so that it can be tested.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  out: string;
  /**
   * Why it was killed: its CPU time reached the limit, the wall-clock limit came first, or it
   * went on computing past its grace after printing a verdict (`settled`).
   */
  stop?: 'cpu' | 'wall' | 'settled';
  /** CPU seconds the process used over the last `wall` seconds before it was killed. */
  lastCpu: number;
  lastWall: number;
}

export interface Limits {
  env?: NodeJS.ProcessEnv;
  /** The last characters of output kept (the translator's JSON report: all). */
  keep?: number;
  /** CPU seconds (all threads) after which the process group is killed. */
  cpuLimitS?: number;
  /**
   * The output has told what the run was for (a benchmark's verdict): from then on the run gets
   * as much CPU time again as it took to get there, at least `GRACE_S`, within `cpuLimitS`.
   */
  settled?: (out: string) => boolean;
}

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
const SAMPLE_S = 5;  // the window before the time limit in which a run's CPU use is measured
const GRACE_S = 5;   // the least CPU time a run gets after it has settled

/** CPU seconds (user + system, all threads) process `pid` has used, from /proc; NaN once it is gone. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;  // utime, stime (fields 14, 15)
  } catch {
    return NaN;
  }
}

/**
 * Runs a command, keeping the last `keep` characters of its output. The whole process group is
 * killed when the process has used `cpuLimitS` seconds of CPU time (all its threads; `stop` says
 * 'cpu'), when it has used its grace after settling ('settled'), or at the wall-clock limit
 * `timeoutS` ('wall'), after noting the CPU time it used in the last SAMPLE_S seconds.
 */
export function exec(command: string, args: string[], cwd: string, timeoutS: number, limits: Limits = {}): Promise<Run> {
  const { env = process.env, keep = 200_000, cpuLimitS = Infinity, settled } = limits;
  return new Promise((done) => {
    const child = spawn(command, args, { cwd, env, detached: true });
    let out = '';
    child.stdout.on('data', (d) => (out = (out + d).slice(-keep)));
    child.stderr.on('data', (d) => (out = (out + d).slice(-keep)));
    let stop: Run['stop'];
    let sample = { cpu: 0, at: Date.now() };
    const window = Math.min(SAMPLE_S, timeoutS / 2);
    const sampler = setTimeout(() => (sample = { cpu: cpuSeconds(child.pid!), at: Date.now() }), (timeoutS - window) * 1000);
    const last = { cpu: 0, wall: 0 };
    const kill = (why: Run['stop']) => {
      if (stop) return;
      stop = why;
      last.cpu = cpuSeconds(child.pid!) - sample.cpu;
      last.wall = (Date.now() - sample.at) / 1000;
      try {
        process.kill(-child.pid!, 'SIGKILL');  // the whole group: make and the program it runs
      } catch {}
    };
    const timer = setTimeout(() => kill('wall'), timeoutS * 1000);
    let graceEnd = Infinity;
    const check = () => {
      const cpu = cpuSeconds(child.pid!);
      if (cpu >= cpuLimitS) return kill('cpu');
      if (graceEnd === Infinity && settled?.(out)) graceEnd = cpu + Math.max(GRACE_S, cpu);
      if (cpu >= graceEnd) kill('settled');
    };
    const meter = Number.isFinite(cpuLimitS) || settled ? setInterval(check, 250) : undefined;
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      clearTimeout(sampler);
      clearInterval(meter);
      done({ code, signal, out, stop, lastCpu: last.cpu, lastWall: last.wall });
    });
  });
}
