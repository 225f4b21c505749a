// Finding the input files: directory trees (gitignore-aware, include/exclude globs, symlinks
// followed once) and single files, each with the relative path its outputs are mirrored under.
import { lstatSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';
import type { Ignore } from 'ignore';
import { fileDiagnostic, type Diagnostic, type Severity } from '../report/diagnostic.js';

export const DEFAULT_EXTENSIONS = ['.hip', '.cpp', '.cu', '.cuh', '.h', '.hpp', '.hh', '.hxx', '.inl', '.inc', '.def', '.ipp', '.tcc', '.cc', '.cxx', '.c'];

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
  /** A named program's source from outside the inputs, mirrored into the program's directory. */
  outside?: boolean;
}

export interface WalkResult {
  files: InputFile[];
  diagnostics: Diagnostic[];
}

type Matcher = (rel: string) => boolean;

// picomatch and ignore are imported only when needed: a check of one file starts faster.
async function globMatcher(globs: string[]): Promise<Matcher | undefined> {
  if (globs.length === 0) return undefined;
  const { default: picomatch } = await import('picomatch');
  // Patterns without a slash match the base name anywhere, as in .gitignore.
  const matchers = globs.map((g) => picomatch(g, { dot: true, basename: !g.includes('/') }));
  return (rel) => matchers.some((m) => m(rel));
}

const note = (file: string, message: string, ruleId: string, severity: Severity = 'note') => fileDiagnostic(file, severity, message, ruleId);

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
export async function walkInputs(inputs: string[], options: WalkOptions): Promise<WalkResult> {
  const files: InputFile[] = [];
  const diagnostics: Diagnostic[] = [];
  const included = await globMatcher(options.include);
  const excluded = await globMatcher(options.exclude);
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
    const newIgnore = options.gitignore ? (await import('ignore')).default : undefined;
    walkTree(input, { mirror: mirror ?? '', skipDir: options.skipDir, newIgnore, wanted, excluded }, files, diagnostics);
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, diagnostics };
}

type Ignores = { base: string; ig: Ignore }[];

interface TreeOptions {
  /** Prefix of the mirrored paths ('' when mirroring relative to the tree itself). */
  mirror: string;
  skipDir?: string;
  /** Present when .gitignore files are honoured. */
  newIgnore?: () => Ignore;
  wanted: Matcher;
  excluded?: Matcher;
}

function walkTree(root: string, options: TreeOptions, files: InputFile[], diagnostics: Diagnostic[]): void {
  const { mirror, skipDir, newIgnore, wanted, excluded } = options;
  const visited = new Set<string>();
  const visit = (dir: string, rel: string, ignores: Ignores, ancestors: string[]) => {
    const real = realpathSync(dir);
    if (skipDir && real === skipDir) {
      diagnostics.push(note(dir, 'output directory is inside the input tree; not read as input', 'output-in-input'));
      return;
    }
    if (visited.has(real)) {
      // Each directory is read once; a link back to an ancestor is a loop worth telling about.
      if (ancestors.includes(real)) diagnostics.push(note(dir, `symbolic link loop back to ${real}; not followed again`, 'input-symlink-loop', 'warning'));
      return;
    }
    visited.add(real);
    const here = newIgnore ? withGitignore(dir, rel, ignores, newIgnore) : ignores;
    let entries: string[];
    try {
      entries = readdirSync(dir).sort();
    } catch (e) {
      // Only a missing input stops the run; an unreadable directory inside a tree is left out.
      diagnostics.push(note(dir, `cannot read directory (${(e as NodeJS.ErrnoException).code}); left out`, 'input-unreadable', 'warning'));
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

function withGitignore(dir: string, rel: string, ignores: Ignores, newIgnore: () => Ignore): Ignores {
  let text: string;
  try {
    text = readFileSync(join(dir, '.gitignore'), 'utf8');
  } catch {
    return ignores;
  }
  return [...ignores, { base: rel, ig: newIgnore().add(text) }];
}
