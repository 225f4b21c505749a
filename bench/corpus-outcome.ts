// How the corpus script (corpus-programs.ts) reads a program's run: which command its Makefile's
// `run:` target runs, whether a failed run failed for want of an input file the corpus lacks, and
// whether a run stopped at the time limit was working or stuck. Pure functions, unit-tested.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/** The command of a `run:` recipe: its last line that the shell would run (not a `#` comment). */
export function runCommand(recipe: string): string {
  const lines = recipe.split('\n').map((l) => l.trim().replace(/^[@-]+/, '')).filter((l) => l && !l.startsWith('#'));
  return lines.pop() ?? '';
}

// What programs print when they cannot open a file: strerror(ENOENT) and the usual phrasings.
const CANNOT_OPEN = /no such (?:file|folder|directory)|(?:could ?n[o']t|can ?n[o']t|cannot|unable to|failed to|not able to|error) ?(?:open|read|load|find|stat)/i;

/**
 * Why a run that did not pass failed for want of an input file, if it did: an argument of its run
 * line that names a path (it has a `/`) is absent, or the output says it cannot open, read, load or
 * find something (or that there is no such file or folder) and names a path (a word with a `/` or
 * a file extension) that does not exist, or names none. Returns that path (or the line that names
 * none), undefined otherwise. Paths are relative to the program's folder, where it runs; they are
 * checked after the run, so files it wrote count as present.
 */
export function missingInput(args: string[], output: string, cwd: string): string | undefined {
  const absent = (p: string) => !existsSync(resolve(cwd, p));
  const arg = args.find((a) => a.includes('/') && !a.startsWith('-') && absent(a));
  if (arg) return arg;
  for (const line of output.split('\n').filter((l) => CANNOT_OPEN.test(l))) {
    const paths = [...line.matchAll(/[\w.~-]*\/[\w./~-]*|[\w~-]+\.[A-Za-z]\w{0,4}\b/g)].map((m) => m[0].replace(/[.:]+$/, '')).filter((p) => p && !/^\d/.test(p));
    const path = paths.length === 0 ? (/no such (?:file|folder|directory)/i.test(line) ? line.trim() : undefined) : paths.find(absent);
    if (path) return path;
  }
  return undefined;
}

/**
 * A run stopped at its time limit is `slow-on-CPU` when it was still computing: over the last
 * seconds before the limit it used at least `minShare` of a core (CPU time of all its threads
 * over wall time). Less means it was blocked (a deadlock on a lock or a wait for input): `hung`.
 * A thread spinning forever is indistinguishable from work and counts as slow.
 */
export function atLimit(cpuSeconds: number, wallSeconds: number, minShare = 0.2): 'slow-on-CPU' | 'hung' {
  return wallSeconds > 0 && cpuSeconds / wallSeconds >= minShare ? 'slow-on-CPU' : 'hung';
}
