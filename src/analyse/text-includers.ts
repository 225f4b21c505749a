// Which sources a sibling includes as text: a fact about a directory, not about one file. Apart
// from the analysis proper so that the CLI can find it before translating (without loading the
// parser).
import { readdirSync, statSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';
import { readSource } from '../parse/source.js';

const SOURCE_EXTENSIONS = new Set(['.cu', '.hip', '.cpp', '.cc', '.cxx', '.c']);
const QUOTED_INCLUDE = /^[ \t]*#[ \t]*include[ \t]*"([^"]+)"/gm;

/**
 * The sources of `dir` (resolved) that a sibling source includes as text (`#include "kernels.cu"`),
 * each with the first such sibling in directory order: that source translates it, with its own
 * declarations in sight; on its own it is not a translation unit. Each source is read once; the
 * CLI finds these for the directories of a run's inputs before translating them (for that run
 * only: sources change in place).
 */
export function textIncluders(dir: string): Map<string, string> {
  const found = new Map<string, string>();
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return found;
  }
  for (const name of names) {
    const source = join(dir, name);
    if (!SOURCE_EXTENSIONS.has(extname(name).toLowerCase()) || !statSync(source, { throwIfNoEntry: false })?.isFile()) continue;
    const read = readSource(source);
    if (!read.ok) continue;
    for (const [, written] of read.file.text.matchAll(QUOTED_INCLUDE)) {
      const included = resolve(dir, written);
      if (included !== source && dirname(included) === dir && !found.has(included)) found.set(included, source);
    }
  }
  return found;
}
