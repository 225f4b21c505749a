// The options translate, diff, check and stats share, declared once and turned into a session.
import { mkdirSync } from 'node:fs';
import { Option, type Command } from 'commander';
import { UsageError } from './exit.js';
import { resolve } from 'node:path';
import type { ProgramSpec } from './plan.js';
import type { SessionOptions } from './session.js';

export type Format = 'text' | 'json' | 'sarif';

export interface CommonFlags {
  output?: string;
  base?: string;
  xlen: string;
  warpSize: string;
  divergence: 'explicit' | 'compiler';
  rules: string[];
  include: string[];
  exclude: string[];
  gitignore: boolean;
  includeDir: string[];
  define: string[];
  program: string[];
  inPlace?: boolean;
  skipNonGpu?: boolean;
  jobs?: string;
  maxFileSize: string;
  annotate?: boolean;
  /** false with --no-cache. */
  cache: boolean;
  format: Format;
  quiet?: boolean;
  printStats?: boolean;
}

/** Commander accumulator for repeatable options. */
export const collect = (value: string, previous: string[]) => [...previous, value];

export function addCommonOptions(command: Command): Command {
  return command
    .argument('<paths...>', 'source files and directory trees')
    .option('-o, --output <dir>', 'output directory (the input layout is mirrored under it)')
    .option('--base <dir>', 'mirror inputs relative to this directory (default: each input tree; files go directly into the output directory)')
    .addOption(new Option('--xlen <bits>', 'device XLEN').choices(['32', '64']).default('32'))
    .addOption(new Option('--warp-size <lanes>', 'lanes of a logical warp for warp operations and warpSize (64: HIP code written for 64-wide wavefronts)').choices(['32', '64']).default('32'))
    .addOption(new Option('--divergence <mode>', 'divergence handling').choices(['explicit', 'compiler']).default('explicit'))
    .option('--rules <file>', 'extra rule file (repeatable; later entries override)', collect, [])
    .option('--include <glob>', 'only files matching (repeatable; default: .hip .cpp .cu .cuh .h .hpp .hh .hxx .inl .inc .def .ipp .tcc .cc .cxx .c)', collect, [])
    .option('--exclude <glob>', 'leave out files and directories matching (repeatable)', collect, [])
    .option('--no-gitignore', 'also read files that .gitignore files exclude')
    .option('-I, --include-dir <dir>', 'directory searched for #include files (repeatable)', collect, [])
    .option('-D, --define <name[=value]>', "macro defined before every source, for the translation and in the generated build (as a compiler's -D; repeatable)", collect, [])
    .option('--program <name=files>', 'link these sources (comma-separated paths) into program <name>, with its Makefile in the output directory of the first one among the inputs; sources outside the inputs are translated or copied into a folder there named after theirs (repeatable)', collect, [])
    .addOption(new Option('--passthrough', 'copy files without GPU code to the output (default)').conflicts('skipNonGpu'))
    .option('--skip-non-gpu', 'leave files without GPU code out of the output')
    .option('-j, --jobs <n>', 'worker threads (default: one per core, at most one per 8 files)')
    .option('--max-file-size <MiB>', 'refuse GPU sources larger than this', '16')
    .option('--annotate', 'leave /* hip2vortex: <id> */ comments where a person must look')
    .option('--no-cache', 'translate every source again (do not reuse or record translations in the output directory)')
    .addOption(new Option('--format <format>', 'diagnostics format').choices(['text', 'json', 'sarif']).default('text'))
    .option('-q, --quiet', 'print only errors and warnings (no notes, progress or summary)');
}

/** `name=a.cu,b.cpp` -> the program's name and its sources' absolute paths. */
function programSpec(value: string): ProgramSpec {
  const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.+)$/.exec(value);
  if (!m) throw new UsageError(`--program takes <name>=<file>[,<file>...] (name: a C identifier), not '${value}'`);
  return { name: m[1], sources: m[2].split(',').filter(Boolean).map((f) => resolve(f)) };
}

/** `NAME` or `NAME=VALUE`, as a compiler's -D takes it. */
function define(value: string): string {
  if (!/^[A-Za-z_]\w*(=|$)/.test(value)) throw new UsageError(`-D takes <name>[=<value>] (name: a C identifier), not '${value}'`);
  return value;
}

function positiveInt(value: string, what: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${what} must be a positive integer, not '${value}'`);
  return n;
}

/**
 * How a command uses the output directory: 'write' needs one (or --in-place) and creates it now,
 * so an unwritable one fails before any work; 'compare' needs one; 'none' ignores it.
 */
export type OutputUse = 'write' | 'compare' | 'none';

export function sessionOptions(paths: string[], flags: CommonFlags, use: OutputUse): SessionOptions {
  if (flags.inPlace && flags.output !== undefined) throw new UsageError('--in-place and -o/--output exclude each other');
  if (use !== 'none' && !flags.inPlace && flags.output === undefined) throw new UsageError('an output directory is required (-o <dir>)' + (use === 'write' ? ', or --in-place' : ''));
  if (use === 'write' && flags.output !== undefined) {
    try {
      mkdirSync(flags.output, { recursive: true });
    } catch (e) {
      throw new UsageError(`cannot create output directory ${flags.output} (${(e as NodeJS.ErrnoException).code}) [output-unwritable]`);
    }
  }
  const maxMiB = Number(flags.maxFileSize);
  if (!(maxMiB > 0)) throw new UsageError(`--max-file-size must be a positive number, not '${flags.maxFileSize}'`);
  return {
    inputs: paths,
    programs: flags.program.map(programSpec),
    target: { outdir: flags.inPlace ? undefined : flags.output, passthrough: !flags.skipNonGpu },
    base: flags.base,
    include: flags.include,
    exclude: flags.exclude,
    gitignore: flags.gitignore,
    settings: {
      xlen: flags.xlen === '64' ? 64 : 32,
      warpSize: flags.warpSize === '64' ? 64 : 32,
      divergence: flags.divergence,
      ruleFiles: flags.rules,
      // Absolute: the generated .mk files are run from the output directories, not from here.
      includeDirs: flags.includeDir.map((d) => resolve(d)),
      defines: flags.define.map(define),
      annotate: flags.annotate ?? false,
    },
    jobs: flags.jobs === undefined ? undefined : positiveInt(flags.jobs, '--jobs'),
    maxFileBytes: Math.round(maxMiB * 2 ** 20),
    measureChanges: flags.printStats ?? false,
    cache: flags.cache,
    progress: !flags.quiet,
  };
}
