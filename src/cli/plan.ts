// Where every output goes: the files a run writes, decided input by input in sorted order
// (so the first of two inputs claiming one output wins, whatever the workers did), then the
// Makefiles once every program is known.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { MAKEFILE_MARK, OPENMP_SETTING, includesOpenMP, isCSource, programMakefile, type UnitFiles } from '../emit/makefile.js';
import { identifier, isHeader, registeredKernels, stemOf, translatedHeaderPath, unitName } from '../output-names.js';
import { fileDiagnostic, type Diagnostic } from '../report/diagnostic.js';
import type { FileOutcome } from './job.js';
import type { InputFile } from './walk.js';

export interface Target {
  /** Output root; undefined with --in-place. */
  outdir?: string;
  /** Copy files without GPU code to the output tree (--passthrough) rather than leave them out. */
  passthrough: boolean;
}

export interface PlannedFile {
  path: string;
  content: string | Uint8Array;
  /** Index of the input file it comes from; -1 for a Makefile. */
  from: number;
  /** That input's path (the Makefile's own path), where problems with this file are reported. */
  source: string;
}

/** A program named by the user: its name and sources (absolute paths). */
export interface ProgramSpec {
  name: string;
  sources: string[];
}

/** What a program's Makefile needs of the run's settings. */
export interface BuildSettings {
  xlen: 32 | 64;
  includeDirs: readonly string[];
  defines: readonly string[];
}

/** A source of the run as a part of a program: a translated unit or a source without GPU code. */
interface Part {
  /** Its output directory and, there, the file a program links (a unit's host output). */
  dir: string;
  name: string;
  /** The source's base name. */
  source: string;
  /** Where a source from outside the inputs is: the build looks for its headers there. */
  origin?: string;
  unit?: UnitFiles;
  /** The unit's `<stem>.mk` (it holds main()). */
  fragment?: string;
  hasMain: boolean;
  /** Its host code uses OpenMP: its `.mk` says so, or it includes <omp.h> itself. */
  openmp: boolean;
}

export class OutputPlanner {
  readonly diagnostics: Diagnostic[] = [];
  /** Output path -> the input writing it, and the content when other inputs may write it too. */
  private readonly claimed = new Map<string, { source: string; shared?: string | Uint8Array }>();
  /** Per resolved input path: what it brings to a program (translated sources, linkable plain ones). */
  private readonly parts = new Map<string, Part>();
  /** Per output directory: the files its sources include as "name" (never linked on their own). */
  private readonly includedByDir = new Map<string, Set<string>>();

  constructor(
    private readonly target: Target,
    private readonly build: BuildSettings = { xlen: 32, includeDirs: [], defines: [] },
    private readonly programs: readonly ProgramSpec[] = [],
  ) {}

  /** The files one input writes. Call in sorted input order; a clash fails the outcome. */
  plan(file: InputFile, index: number, outcome: FileOutcome): PlannedFile[] {
    const { outdir, passthrough } = this.target;
    const dir = outdir === undefined ? dirname(file.path) : join(outdir, dirname(file.rel));
    const mine: PlannedFile[] = [];
    const shared = new Set<string>();
    if (outcome.status === 'translated') {
      // --in-place: the host output replaces the source itself, and the build names it there.
      if (outdir === undefined) inPlace(file, outcome);
      for (const o of outcome.outputs) {
        const path = outdir === undefined && o.role === 'host' ? file.path : join(dir, o.name);
        mine.push({ path, content: o.encoding === 'latin1' ? Buffer.from(o.content, 'latin1') : o.content, from: index, source: file.path });
        if (o.role === 'header') shared.add(path);
        if (o.role === 'host') this.noteIncludes(dir, o.content);
      }
      if (!isHeader(file.path)) this.noteUnit(file, dir, outcome);
    } else if (outcome.status === 'plain' && passthrough && outdir !== undefined) {
      // Read by the job (keepPlainBytes); from a worker it arrives as a plain Uint8Array.
      const bytes = outcome.bytes!;
      const content = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      const path = join(outdir, file.rel);
      mine.push({ path, content, from: index, source: file.path });
      const text = content.toString('latin1');
      this.noteIncludes(dirname(path), text);
      // A source another includes as text is part of that one, not linked on its own.
      const includedAsText = outcome.diagnostics.some((d) => d.ruleId === 'included-as-text');
      if (LINKED_SOURCE.test(file.rel) && !includedAsText) this.parts.set(resolve(file.path), { dir: dirname(path), name: basename(path), source: basename(path), origin: originOf(file), hasMain: DEFINES_MAIN.test(text), openmp: includesOpenMP(text) });
    }
    // Several files including one header from elsewhere each bring its translation: the same bytes.
    const same = (w: PlannedFile) => {
      const earlier = this.claimed.get(w.path)?.shared;
      return earlier !== undefined && Buffer.from(earlier).equals(Buffer.from(w.content));
    };
    const clash = mine.find((w) => this.claimed.has(w.path) && !same(w));
    if (clash) {
      const message = `output ${clash.path} is also written for ${this.claimed.get(clash.path)!.source}; this file is not written`;
      this.diagnostics.push(fileDiagnostic(file.path, 'error', message, 'output-collision'));
      outcome.status = 'failed';
      this.parts.delete(resolve(file.path));
      return [];
    }
    const fresh = mine.filter((w) => !this.claimed.has(w.path));
    for (const w of fresh) this.claimed.set(w.path, { source: file.path, shared: shared.has(w.path) ? w.content : undefined });
    return fresh;
  }

  private noteUnit(file: InputFile, dir: string, outcome: FileOutcome): void {
    const named = (role: string) => outcome.outputs.find((o) => o.role === role);
    const host = named('host');
    if (!host) return;
    const registration = named('registration');
    const unit: UnitFiles = {
      name: unitName(file.path),
      host: host.name,
      device: named('device')?.name,
      registration: registration?.name,
      kernels: registration ? registeredKernels(registration.content) : [],
      c: isCSource(file.path),
    };
    const openmp = !!named('build')?.content.includes(OPENMP_SETTING) || includesOpenMP(host.content);
    const origin = originOf(file) ?? (includesOutside(file, host.content) ? resolve(dirname(file.path)) : undefined);
    this.parts.set(resolve(file.path), { dir, name: host.name, source: basename(file.path), origin, unit, fragment: named('build')?.name, hasMain: named('build') !== undefined, openmp });
  }

  private noteIncludes(dir: string, text: string): void {
    const names = this.includedByDir.get(dir) ?? new Set<string>();
    for (const m of text.matchAll(QUOTED_INCLUDE)) names.add(basename(m[1]));
    this.includedByDir.set(dir, names);
  }

  /**
   * One Makefile per program. Programs named by the user go in the directory of their first
   * source (`Makefile`, or `Makefile.<name>` beside other named programs); every other output
   * directory whose sources hold one main() is one program made of all of them and of the folders
   * below it without a main, but those another source includes as text and those of named
   * programs (a named program's source from another folder has its outputs in a folder of its own).
   */
  makefiles(): PlannedFile[] {
    const found: { dir: string; name: string; parts: Part[]; auto?: boolean }[] = [];
    const named = new Set<string>();
    const claimed = new Set<Part>();
    for (const spec of this.programs) {
      const parts = spec.sources.map((s) => this.parts.get(resolve(s))).filter((p): p is Part => p !== undefined);
      if (!parts.length) continue;
      found.push({ dir: parts[0].dir, name: spec.name, parts });
      named.add(parts[0].dir);
      parts.forEach((p) => claimed.add(p));
    }
    const byDir = new Map<string, Part[]>();
    for (const part of this.parts.values()) if (!named.has(part.dir) && !claimed.has(part)) byDir.set(part.dir, [...(byDir.get(part.dir) ?? []), part]);
    const linked = new Map([...byDir].map(([dir, all]) => {
      const included = this.includedByDir.get(dir) ?? new Set();
      // A translated source included as text is included as its host translation.
      return [dir, all.filter((p) => !included.has(p.source) && !included.has(translatedHeaderPath(p.source, 'host')))] as const;
    }));
    const programs = new Map<string, Part[]>([...linked].filter(([, parts]) => parts.filter((p) => p.hasMain).length === 1).map(([dir, parts]) => [dir, [...parts]]));
    // A folder of sources without a main belongs to the first folder above it with sources, if that
    // holds one main (Rodinia's main.c beside its kernel/ and util/device/ folders).
    for (const [dir, parts] of linked) {
      if (parts.some((p) => p.hasMain)) continue;
      let up = dirname(dir);
      while (!linked.has(up) && up !== dirname(up)) up = dirname(up);
      programs.get(up)?.push(...parts);
    }
    // Only a program with a translated source gets a Makefile (hip2vortex has nothing to build otherwise).
    for (const [dir, parts] of programs) if (parts.some((p) => p.unit)) found.push({ dir, name: stemOf(parts.find((p) => p.hasMain)!.source), parts, auto: true });
    const perDir = new Map<string, number>();
    for (const p of found) perDir.set(p.dir, (perDir.get(p.dir) ?? 0) + 1);
    const writes: PlannedFile[] = [];
    for (const program of found.sort((a, b) => (a.dir < b.dir ? -1 : a.dir > b.dir ? 1 : a.name < b.name ? -1 : 1))) {
      const path = join(program.dir, perDir.get(program.dir)! > 1 ? `Makefile.${program.name}` : 'Makefile');
      if (existsSync(path) && !readFileSync(path, 'utf8').startsWith(MAKEFILE_MARK)) {
        this.diagnostics.push(fileDiagnostic(path, 'note', 'a Makefile not written by hip2vortex is already there; left alone', 'output-makefile-kept'));
        continue;
      }
      writes.push({ path, content: this.programMakefile(program.dir, program.name, program.parts, program.auto ?? false), from: -1, source: path });
    }
    return writes;
  }

  /** A directory's program builds through its main source's `.mk`; a named one is named as the user said. */
  private programMakefile(dir: string, name: string, parts: Part[], auto: boolean): string {
    const at = (p: Part, file: string) => relative(dir, join(p.dir, file)).split(sep).join('/');
    const main = auto ? parts.find((p) => p.fragment) : undefined;
    const units = parts.flatMap((p) => {
      const u = p.unit;
      if (!u || p === main) return [];
      return [{ ...u, host: at(p, u.host), device: u.device && at(p, u.device), registration: u.registration && at(p, u.registration) }];
    });
    const extra = parts.filter((p) => !p.unit).map((p) => at(p, p.name)).sort();
    const origins = parts.flatMap((p) => (p.origin ? [p.origin] : []));
    const includeDirs = [...new Set([...this.build.includeDirs, ...origins])];
    return programMakefile({ program: identifier(name), mainFragment: main?.fragment, units, extra, xlen: this.build.xlen, includeDirs, origins, defines: this.build.defines, openmp: parts.some((p) => p.openmp) });
  }
}

const originOf = (file: InputFile) => (file.outside ? dirname(file.path) : undefined);

/**
 * `text` (a source's translation) includes a file beside the source but outside the inputs
 * (`#include "../common/timer.h"`), which is not mirrored: the build looks for it from there.
 */
function includesOutside(file: InputFile, text: string): boolean {
  const root = resolve(file.path.slice(0, file.path.length - file.rel.length));
  return [...text.matchAll(QUOTED_INCLUDE)].some(([, written]) => {
    const found = resolve(dirname(file.path), written);
    return relative(root, found).startsWith('..') && existsSync(found);
  });
}

const LINKED_SOURCE = /\.(c|cc|cpp|cxx|cu|hip)$/;
const DEFINES_MAIN = /\bint\s+main\s*\(/;
const QUOTED_INCLUDE = /^[ \t]*#[ \t]*include[ \t]*"([^"]+)"/gm;

/** What is on disk now at a planned path: 'unchanged', 'stale' (different) or 'missing'. */
export function compareWithDisk(write: PlannedFile): 'unchanged' | 'stale' | 'missing' {
  let existing: Buffer;
  try {
    // Most planned files are new: asked without a thrown error first.
    if (!statSync(write.path, { throwIfNoEntry: false })) return 'missing';
    existing = readFileSync(write.path);
  } catch {
    return 'missing';
  }
  const wanted = typeof write.content === 'string' ? Buffer.from(write.content) : write.content;
  return existing.equals(wanted) ? 'unchanged' : 'stale';
}

/** Renames the host output to the source it replaces (--in-place), in the outputs and the build fragment naming it. */
function inPlace(file: InputFile, outcome: FileOutcome): void {
  const host = outcome.outputs.find((o) => o.role === 'host');
  const build = outcome.outputs.find((o) => o.role === 'build');
  if (!host) return;
  const name = basename(file.path);
  if (build) build.content = build.content.replace(`HOST_SRC := ${host.name}\n`, `HOST_SRC := ${name}\n`);
  host.name = name;
}
