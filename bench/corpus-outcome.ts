// How the corpus script (corpus-programs.ts) reads a program's run: which command its Makefile's
// `run:` target runs, whether a failed run failed for want of an input file the corpus lacks, and
// whether a run stopped at the time limit was working or stuck, what its output says of its
// results, and so the run's outcome. Pure functions (but for the input files' existence), unit-tested.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';

/** The command of a `run:` recipe: its last line that the shell would run (not a `#` comment). */
export function runCommand(recipe: string): string {
  const lines = recipe.split('\n').map((l) => l.trim().replace(/^[@-]+/, '')).filter((l) => l && !l.startsWith('#'));
  return lines.pop() ?? '';
}

// The verdicts programs print, a line at a time. PASS in capitals (PASS, PASSED: "forward pass" is
// a noun) or "passed"; results said to match or be valid ("Result 40 for n = 12 MATCHES ..."); a
// line that is only "Success"/"Correct"/"OK" after a short label.
const PASS_CAPS = /\bPASS(?:ED)?\b/;
const PASS_WORDS = /\bpassed\b|\b(?:results?|outputs?|values?) (?:all )?(?:match|agree|are correct|is correct|correct)\b|\bresults?\b(?:[ \t]+[\w=.,-]+){0,6}?[ \t]+matches\b|\(valid\)|^[^a-z]*(?:[\w-]+[ \t:=,]*){0,4}\b(?:success(?:ful)?|correct|ok)\W*$/i;
// Failure: fail/failed/failure, incorrect results, mismatches, an invalid checksum...
const FAIL_WORDS = /\bfail(?:ed|ure|s)?\b|\bincorrect\b|\bmismatch(?:ed|es)?\b|\binvalid checksum\b/i;
// ...except failures the program provoked on purpose and counts of none.
const NOT_A_FAILURE = /\bas expected\b|\bexpected(?: to)? fail|\b(?:0|zero|no) (?:errors?|mismatch(?:es|ed)?|failures?)\b|\b(?:errors?|mismatch(?:es|ed)?|failures?)(?: count)?[ \t]*[:=]?[ \t]*0(?![.\d])/i;
// Lines of hip2vortex's runtime (a device assert or trap): the program decides what they mean.
const RUNTIME_LINE = /^hip2vx\b|: device assertion failed: /;

/**
 * What a program's output says of its results: FAIL when a line reports a failure (not one the
 * program expected, nor a count of zero), else PASS when a line reports success, else undefined.
 * A line that says a failure was expected is a success ("Device assert failed as expected").
 */
export function verdict(output: string): 'PASS' | 'FAIL' | undefined {
  const lines = output.split('\n').filter((l) => !RUNTIME_LINE.test(l.trim()));
  if (lines.some((l) => FAIL_WORDS.test(l) && !NOT_A_FAILURE.test(l))) return 'FAIL';
  const expected = (l: string) => FAIL_WORDS.test(l) && /\bas expected\b|\bexpected(?: to)? fail/i.test(l);
  return lines.some((l) => PASS_CAPS.test(l) || PASS_WORDS.test(l) || expected(l)) ? 'PASS' : undefined;
}

// What programs print when they cannot open a file: strerror(ENOENT) and the usual phrasings.
const CANNOT_OPEN = /no such (?:file|folder|directory)|(?:could ?n[o']t|can ?n[o']t|cannot|unable to|failed to|not able to|error) ?(?:open|read|load|find|stat)/i;

/**
 * Why a run that did not pass failed for want of an input file, if it did: an argument of its run
 * line that names a path (it has a `/`) is absent, or the output says it cannot open, read, load or
 * find something (or that there is no such file or folder) and names a path (a word with a `/` or
 * a file extension) that does not exist, or names none. Returns that path (or the line that names
 * none), undefined otherwise. A line that names no path may be about a file an argument lists
 * (nn reads `filelist.txt`, whose lines are the inputs): the first absent path listed counts; else
 * about an argument that is a bare file name (a word) absent from the folder. Paths are relative to the program's folder, where it runs; they are
 * checked after the run, so files it wrote count as present.
 */
export function missingInput(args: string[], output: string, cwd: string): string | undefined {
  const absent = (p: string) => !existsSync(resolve(cwd, p));
  const arg = args.find((a) => a.includes('/') && !a.startsWith('-') && absent(a));
  if (arg) return arg;
  for (const line of output.split('\n').filter((l) => CANNOT_OPEN.test(l))) {
    const paths = pathsIn(line);
    const path = paths.length === 0 ? (/no such (?:file|folder|directory)/i.test(line) ? line.trim() : listedPath() ?? absentWordArg()) : paths.find(absent);
    if (path) return path;
  }
  return undefined;

  // A line naming no path may be about a file an argument lists (a list of inputs, one a line):
  // the first absent path named in an argument file that is there.
  function listedPath(): string | undefined {
    for (const a of args.filter((x) => !x.startsWith('-') && /[./]/.test(x) && !absent(x))) {
      const file = resolve(cwd, a);
      if (!statSync(file).isFile() || statSync(file).size > 1 << 20) continue;
      const missing = pathsIn(readFileSync(file, 'latin1')).find((p) => p.includes('/') && absent(p));
      if (missing) return missing;
    }
    return undefined;
  }

  // Else an argument that would name a file in the program's folder and does not (gd's
  // `gisette_scale`, a data set downloaded separately): a word, not an option or a number.
  function absentWordArg(): string | undefined {
    return args.find((a) => /^[A-Za-z_][\w.-]*$/.test(a) && absent(a));
  }
}

/** The words of a line that name a path: with a `/`, or a file extension (not a number). */
function pathsIn(text: string): string[] {
  return [...text.matchAll(/[\w.~-]*\/[\w./~-]*|[\w~-]+\.[A-Za-z]\w{0,4}\b/g)].map((m) => m[0].replace(/[.:]+$/, '')).filter((p) => p && !/^\d/.test(p));
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

export type Outcome = 'refused' | 'crashed' | 'no-build' | 'build-failed' | 'PASS' | 'PASS-then-slow' | 'FAIL' | 'no-verdict' | 'run-failed' | 'input-missing' | 'slow-on-CPU' | 'hung';

/** A finished run, as corpus-exec.ts reports it. */
export interface RunResult {
  code: number | null;
  signal: string | null;
  out: string;
  stop?: 'cpu' | 'wall' | 'settled';
  lastCpu: number;
  lastWall: number;
}

/** The first line of `out` that reports an error (else its last line), for a reason. */
export const firstError = (out: string) => (out.split('\n').find((l) => /error|Error|undefined reference|FAILED|Segmentation|Abort/.test(l)) ?? out.trim().split('\n').pop() ?? '').trim().slice(0, 160);

/**
 * The outcome of a program's run with `args` in `cwd`, under a CPU-time limit of `limitS` seconds
 * (`wallS`: how long it ran). Many benchmarks check their results first and time a loop after: a
 * verdict printed before a limit stopped the run stands (a success as PASS-then-slow).
 */
export function runOutcome(r: RunResult, args: string[], cwd: string, limitS: number, wallS: number): { outcome: Outcome; reasons: string[] } {
  const said = verdict(r.out);
  const is = (outcome: Outcome, reasons: string[] = []) => ({ outcome, reasons });
  if (r.stop && said) return said === 'PASS' ? is('PASS-then-slow') : is('FAIL', [firstError(r.out)]);
  if (r.stop === 'cpu') return is('slow-on-CPU', [`${limitS} s CPU used in ${wallS.toFixed(0)} s`]);
  if (r.stop === 'wall') return is(atLimit(r.lastCpu, r.lastWall), [`${r.lastCpu.toFixed(1)} s CPU in the last ${r.lastWall.toFixed(1)} s`]);
  if (said === 'PASS') return is('PASS');
  const missing = missingInput(args, r.out, cwd);
  if (missing) return is('input-missing', [missing]);
  if (said === 'FAIL') return is('FAIL', [firstError(r.out)]);
  if (r.code === 0) return is('no-verdict');
  const how = r.signal ? `killed by ${r.signal}` : `exit ${r.code}`;
  return is('run-failed', [`${how}: ${firstError(r.out)}`]);
}
