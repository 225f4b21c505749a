// Kernels split over several files: the GPU headers a source includes (`#include "k.cuh"`,
// resolved next to the including file, then in the -I directories) are analysed with it, so
// launches of kernels defined in a header get their instances, entries and stubs in the
// including file's outputs. The header itself is translated on its own (header mode), and the
// including file's outputs include its translations (`k.device.cuh`, `k.host.cuh`).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import type { Node, Tree } from '../parse/parser.js';
import { readSource } from '../parse/source.js';
import { parseForTranslation } from '../parse/repair.js';
import { within } from '../parse/conditionals.js';
import { commandLineMacros, HIP_MACROS, macroDefinitions } from '../parse/macros.js';
import { analyseProgram, type Program } from './program.js';
import { analysedMacroUses } from './macro-uses.js';
import { applyExpansions, expandGpuMacros } from './launch-macros.js';
import { TypeTable } from './types.js';
import { isHeader, translatedHeaderPath } from '../output-names.js';
import { findInclude, findQuotedInclude } from '../gpu-hint.js';

export interface IncludedHeader {
  /** The #include directive in the including file. */
  directive: Node;
  /** The path as written between the quotes. */
  written: string;
  /** Where it was found. */
  file: string;
  /** Included by another header rather than directly (its directive is the outer one's). */
  nested: boolean;
  program: Program;
  types: TypeTable;
  tree: Tree;
  /** The header as written (the tree's text has the branches no compiler takes blanked, and directives). */
  source: string;
}

export { isHeader, translatedHeaderPath };

/** What reading headers needs from the translation. */
export interface HeaderReading {
  /** The cheap pre-filter: whether a file may hold GPU code. */
  looksLikeGpu: (text: string, path: string) => boolean;
  /** Reports an include cycle, which is not followed. */
  cycle: (directive: Node, file: string) => void;
  /** The warp operations' names (WarpOps.names): macros calling them are expanded in device code. */
  warpOps?: RegExp;
}

/**
 * Quoted includes of `root` (a file at `path`) that resolve to headers defining GPU code, each
 * once (as include guards make it: headers that include each other's headers reach one many
 * times). `visible`: roots whose declarations the headers' type tables see (the includer and its
 * headers).
 */
export function includedHeaders(
  root: Node,
  path: string,
  includeDirs: readonly string[],
  reading: HeaderReading,
  visible: readonly Node[] = [],
  visiting: readonly string[] = [resolve(path)],
  reached = new Map<string, IncludedHeader[]>(),
): IncludedHeader[] {
  const found: IncludedHeader[] = [];
  // Include guards and other conditional blocks hold most includes.
  for (const directive of root.descendantsOfType('preproc_include')) {
    const pathNode = directive.childForFieldName('path');
    const file = pathNode && findInclude(path, pathNode, includeDirs);
    if (!file) continue;
    const written = pathNode.text.slice(1, -1);
    if (visiting.includes(file)) {
      reading.cycle(directive, file);
      continue;
    }
    const before = reached.get(file);
    if (before) {
      // Read once: each directive still names it (and what it includes), as its first one did.
      found.push(...before.map((h, i) => ({ ...h, directive, written: i ? h.written : written, nested: i > 0 })));
      continue;
    }
    const read = readSource(file);
    if (!read.ok || !reading.looksLikeGpu(read.file.text, file)) continue;
    // Its #ifs see the macros defined before the #include (the includer's and its headers').
    const preceding = visible.map((r) => (r.tree === directive.tree ? r.tree.text.slice(0, directive.startIndex) : r.tree.text));
    const macros = macroDefinitions([HIP_MACROS, ...preceding, read.file.text]);
    // Seen as its own translation sees it: uses of macros spelling GPU code expanded, then the
    // uses the analysis sees through (analysedMacroUses).
    const spelled = expandGpuMacros(read.file.text, macros, false) ?? read.file.text;
    let tree = parseForTranslation(spelled, macros);
    let program = analyseProgram(tree.rootNode, tree.text);
    const uses = analysedMacroUses(tree.rootNode, spelled, program, macros, reading.warpOps);
    if (uses.length) {
      tree.delete();
      tree = parseForTranslation(applyExpansions(spelled, uses, false), macros);
      program = analyseProgram(tree.rootNode, tree.text);
    }
    // Text included after the includer's declarations sees them (and its own headers' ones).
    const seen = [...visible, ...localHeaderRoots(tree.rootNode, file, includeDirs)];
    const own: IncludedHeader[] = [{ directive, written, file, nested: false, program, types: new TypeTable(tree.rootNode, seen), tree, source: read.file.text }];
    reached.set(file, own);
    own.push(...includedHeaders(tree.rootNode, file, includeDirs, reading, [...seen, tree.rootNode], [...visiting, file], reached).map((h) => ({ ...h, directive, nested: true })));
    found.push(...own);
  }
  return found;
}



/** Parsed local headers by path and version, shared by the files of one run. */
const headerTrees = new Map<string, Tree | null>();

function headerTree(file: string): Tree | null {
  const { mtimeMs, size } = statSync(file);
  const key = `${file}\0${mtimeMs}\0${size}`;
  let tree = headerTrees.get(key);
  if (tree === undefined) {
    const read = readSource(file);
    tree = null;
    if (read.ok) {
      // With the uses of macros spelling GPU code expanded (`DEFINE_FUNCTOR(AddOp, a + b)` stamping out a struct).
      const macros = macroDefinitions([HIP_MACROS, read.file.text]);
      tree = parseForTranslation(expandGpuMacros(read.file.text, macros, false) ?? read.file.text, macros);
    }
    headerTrees.set(key, tree);
  }
  return tree;
}

/**
 * What files included as text before another one in the same translation unit give it
 * (`#include "kernel.cu"` then `#include "master.cu"`, which launches kernel's kernels): their
 * programs and types, from their trees shared by the run (not deleted by the caller).
 */
export function precedingPrograms(files: readonly string[], includeDirs: readonly string[]): { program: Program; types: TypeTable }[] {
  return files.flatMap((file) => {
    const tree = headerTree(file);
    return tree ? [{ program: analyseProgram(tree.rootNode, tree.text), types: new TypeTable(tree.rootNode, localHeaderRoots(tree.rootNode, file, includeDirs)) }] : [];
  });
}

/**
 * The syntax trees of a quoted include's file and of the local files it reaches, when the file
 * has no GPU code (`isGpu`); undefined for other includes and files not found.
 */
export function plainIncludeRoots(directive: Node, path: string, includeDirs: readonly string[], isGpu: (text: string, file: string) => boolean): Node[] | undefined {
  const pathNode = directive.childForFieldName('path');
  const file = pathNode && findInclude(path, pathNode, includeDirs);
  const read = file && readSource(file);
  if (!file || !read || !read.ok || isGpu(read.file.text, file)) return undefined;
  const tree = headerTree(file);
  return tree ? [tree.rootNode, ...localHeaderRoots(tree.rootNode, file, includeDirs)] : undefined;
}

const commandLineTrees = new Map<string, Tree>();

/** The -D macros as the root of a header read before every other: the type table and the macro table read its `#define`s. */
export function commandLineRoots(defines: readonly string[] | undefined): Node[] {
  const text = commandLineMacros(defines);
  if (!text) return [];
  let tree = commandLineTrees.get(text);
  if (!tree) commandLineTrees.set(text, (tree = parseForTranslation(text, macroDefinitions([text]))));
  return [tree.rootNode];
}

/**
 * Every local header `root` (a file at `path`) reaches through quoted includes, at any depth and
 * inside conditional blocks, in inclusion order: the types, typedefs and macros its code may
 * name (the type table reads them before the file's own declarations).
 */
export function localHeaderRoots(root: Node, path: string, includeDirs: readonly string[], seen = new Set([resolve(path)])): Node[] {
  const roots: Node[] = [];
  for (const directive of root.descendantsOfType('preproc_include')) {
    const pathNode = directive.childForFieldName('path');
    const file = pathNode && findInclude(path, pathNode, includeDirs);
    if (!file || seen.has(file)) continue;
    seen.add(file);
    const tree = headerTree(file);
    if (!tree) continue;
    roots.push(...localHeaderRoots(tree.rootNode, file, includeDirs, seen), tree.rootNode);
  }
  return roots;
}

/**
 * Includes matching `wanted` (a library's headers), and not found beside the header or in
 * `includeDirs`, in the local headers each quoted include of `root` reaches: the directive of `root` that leads there and the path included.
 */
export function includesThroughHeaders(root: Node, path: string, includeDirs: readonly string[], wanted: (written: string) => boolean): { directive: Node; written: string }[] {
  const found: { directive: Node; written: string }[] = [];
  for (const directive of root.descendantsOfType('preproc_include')) {
    const pathNode = directive.childForFieldName('path');
    const file = pathNode && findInclude(path, pathNode, includeDirs);
    const tree = file && headerTree(file);
    if (!file || !tree) continue;
    for (const header of [...localHeaderRoots(tree.rootNode, file, includeDirs, new Set([resolve(path), file])), tree.rootNode]) {
      for (const inner of header.descendantsOfType('preproc_include')) {
        const innerPath = inner.childForFieldName('path');
        const written = innerPath?.text.slice(1, -1);
        // A library the program ships (a boost/ folder in an include directory, even in angle
        // brackets) or hip2vortex bundles is found: not wanted.
        if (written && wanted(written) && !findInclude(file, innerPath!, includeDirs) && !findQuotedInclude(file, written, includeDirs)) found.push({ directive, written });
      }
    }
  }
  return found;
}

let systemDirs: string[] | undefined;

/** Where the host compiler looks after the -I directories: CPATH, then the usual system directories (gcc's own included). */
function compilerDirs(): string[] {
  const within = (dir: string, depth: number): string[] => {
    if (!existsSync(dir)) return [];
    if (depth === 0) return [dir];
    if (!statSync(dir).isDirectory()) return [];
    return readdirSync(dir).flatMap((d) => within(join(dir, d), depth - 1));
  };
  systemDirs ??= [
    ...[process.env.CPATH, process.env.CPLUS_INCLUDE_PATH].flatMap((v) => v?.split(delimiter).filter(Boolean) ?? []),
    '/usr/local/include', '/usr/include', ...within('/usr/include/c++', 1),
    ...within('/usr/include', 1).filter((d) => d.endsWith('-linux-gnu')),
    ...within('/usr/lib/gcc', 2).map((d) => join(d, 'include')),
  ];
  return systemDirs;
}

const systemHeaders = new Map<string, boolean>();

/** `written` is a header of the compiler's directories (asked once per process: most files include the same few). */
function inCompilerDirs(written: string): boolean {
  let found = systemHeaders.get(written);
  if (found === undefined) systemHeaders.set(written, (found = compilerDirs().some((d) => existsSync(join(d, written)))));
  return found;
}

/**
 * The paths of the includes of `root` (a file at `path`) that nothing finds: a quoted one not
 * beside it, and either kind not in `includeDirs`, not in the compiler's directories, not a
 * library hip2vortex bundles and not a header the rules know (`known`). Includes in `uncertain`
 * spans (branches a compiler may not take) are not reported.
 */
export function unresolvedIncludes(root: Node, path: string, includeDirs: readonly string[], known: (written: string) => boolean, uncertain: () => readonly [number, number][]): Node[] {
  const unfound = root.descendantsOfType('preproc_include').flatMap((directive) => {
    const pathNode = directive.childForFieldName('path');
    if (!pathNode || pathNode.type === 'identifier') return [];
    const written = pathNode.text.slice(1, -1);
    if (known(written)) return [];
    const local = pathNode.type === 'string_literal' ? findQuotedInclude(path, written, includeDirs) : findInclude(path, pathNode, includeDirs) ?? includeDirs.map((d) => join(d, written)).find(existsSync);
    return local || inCompilerDirs(written) ? [] : [pathNode];
  });
  // The preprocessor groups are read only for a file with an include nothing finds (few are).
  const skipped = unfound.length ? uncertain() : [];
  return unfound.filter((n) => !within(n.parent!, skipped));
}
