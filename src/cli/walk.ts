// Finding the input files: directory trees (gitignore-aware, include/exclude globs, symlinks
// followed once) and single files, each with the relative path its outputs are mirrored under.
import { lstatSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';
import ignore, { type Ignore } from 'ignore';
import picomatch from 'picomatch';
import type { Diagnostic } from '../report/diagnostic.js';

export const DEFAULT_EXTENSIONS = ['.hip', '.cpp', '.cu', '.cuh', '.h', '.hpp', '.cc', '.cxx'];

export interface WalkOptions {
  include: string[];
  exclude: string[];
  gitignore: boolean;
  /** Absolute path of a directory never to descend into (our own output). */
  skipDir?: string;
  /** Mirror every input relative to this directory instead of relative to the input itself. */
  base?: string;
}

export interface InputFile {
  /** The path as shown to the user (input argument joined with the relative path). */
  path: string;
  /** Where it is mirrored: outputs go to `<outdir>/<dirname(rel)>`. */
  rel: string;
}

export interface WalkResult {
  files: InputFile[];
  diagnostics: Diagnostic[];
}

type Matcher = (rel: string) => boolean;

function globMatcher(globs: string[]): Matcher | undefined {
  if (globs.length === 0) return undefined;
  // Patterns without a slash match the base name anywhere, as in .gitignore.
  const matchers = globs.map((g) => picomatch(g, { dot: true, basename: !g.includes('/') }));
  return (rel) => matchers.some((m) => m(rel));
}

function note(file: string, message: string, ruleId: string, severity: Diagnostic['severity'] = 'note'): Diagnostic {
  return { file, line: 1, col: 1, severity, message, ruleId };
}

/** Real path, or the resolved path when it does not exist yet (an output directory). */
export function realOrResolved(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

export function isInside(child: string, parent: string): boolean {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !rel.startsWith(sep) && rel !== '..');
}

/** Walks every input; the file list is sorted by display path so results never depend on readdir order. */
export function walkInputs(inputs: string[], options: WalkOptions): WalkResult {
  const files: InputFile[] = [];
  const diagnostics: Diagnostic[] = [];
  const included = globMatcher(options.include);
  const excluded = globMatcher(options.exclude);
  const wanted = (rel: string) =>
    !excluded?.(rel) && (included ? included(rel) : DEFAULT_EXTENSIONS.some((e) => rel.toLowerCase().endsWith(e)));

  for (const input of inputs) {
    let stat;
    try {
      stat = statSync(input);
    } catch {
      diagnostics.push(note(input, 'no such file or directory', 'input-unreadable', 'error'));
      continue;
    }
    const mirror = options.base === undefined ? undefined : relative(options.base, input).split(sep).join('/');
    if (mirror?.startsWith('..')) {
      diagnostics.push(note(input, `not inside the --base directory ${options.base}`, 'input-outside-base', 'error'));
      continue;
    }
    if (!stat.isDirectory()) {
      // A file named explicitly is always taken, whatever its extension.
      files.push({ path: input, rel: mirror ?? basename(input) });
      continue;
    }
    walkTree(input, mirror ?? '', options, wanted, excluded, files, diagnostics);
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, diagnostics };
}

function walkTree(
  root: string,
  mirror: string,
  options: WalkOptions,
  wanted: Matcher,
  excluded: Matcher | undefined,
  files: InputFile[],
  diagnostics: Diagnostic[],
): void {
  const visited = new Set<string>();
  const visit = (dir: string, rel: string, ignores: { base: string; ig: Ignore }[], ancestors: string[]) => {
    const real = realpathSync(dir);
    if (options.skipDir && real === options.skipDir) {
      diagnostics.push(note(dir, 'output directory is inside the input tree; not read as input', 'output-in-input'));
      return;
    }
    if (visited.has(real)) {
      // Each directory is read once; a link back to an ancestor is a loop worth telling about.
      if (ancestors.includes(real)) diagnostics.push(note(dir, `symbolic link loop back to ${real}; not followed again`, 'input-symlink-loop', 'warning'));
      return;
    }
    visited.add(real);
    const here = options.gitignore ? withGitignore(dir, rel, ignores) : ignores;
    let entries: string[];
    try {
      entries = readdirSync(dir).sort();
    } catch (e) {
      diagnostics.push(note(dir, `cannot read directory (${(e as NodeJS.ErrnoException).code})`, 'input-unreadable', 'error'));
      return;
    }
    for (const name of entries) {
      if (name === '.git') continue;
      const path = join(dir, name);
      const childRel = rel ? `${rel}/${name}` : name;
      let isDir: boolean;
      try {
        isDir = statSync(path).isDirectory();
      } catch {
        if (lstatSync(path).isSymbolicLink()) diagnostics.push(note(path, 'dangling symbolic link; not followed', 'input-unreadable', 'warning'));
        continue;
      }
      if (here.some(({ base, ig }) => ig.ignores(relFrom(base, childRel) + (isDir ? '/' : '')))) continue;
      if (isDir) {
        if (!excluded?.(childRel)) visit(path, childRel, here, [...ancestors, real]);
      } else if (wanted(childRel)) {
        files.push({ path, rel: mirror ? `${mirror}/${childRel}` : childRel });
      }
    }
  };
  visit(root, '', [], []);
}

function relFrom(base: string, rel: string): string {
  return base ? rel.slice(base.length + 1) : rel;
}

function withGitignore(dir: string, rel: string, ignores: { base: string; ig: Ignore }[]) {
  let text: string;
  try {
    text = readFileSync(join(dir, '.gitignore'), 'utf8');
  } catch {
    return ignores;
  }
  return [...ignores, { base: rel, ig: ignore().add(text) }];
}
