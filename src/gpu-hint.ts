// Which files may contain GPU code, decided without parsing (a regular expression over the text).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import type { Node } from './parse/parser.js';
import { LIBRARIES_DIR } from './package-root.js';

const GPU_HINT = /__global__|__device__|__constant__|__shared__|__attribute__\(\(\s*(?:global|device)\b|<<<|hipLaunchKernelGGL|\bcuda[A-Z_]\w*|\bcu[A-Z]\w+\(|\bhip[A-Z]\w*|cuda_runtime|cuda\.h|hip_runtime|[<"](?:thrust|cub|hipcub)\//;

/** A cheap test (no parse) for files that may need translating. */
export function looksLikeGpuSource(text: string): boolean {
  return GPU_HINT.test(text);
}

/** Where `#include "written"` in the file at `path` is found: beside it, then in the -I directories. */
export function findQuotedInclude(path: string, written: string, includeDirs: readonly string[]): string | undefined {
  return [dirname(path), ...includeDirs].map((d) => resolve(d, written)).find((p) => existsSync(p) && statSync(p).isFile());
}

/**
 * The library hip2vortex bundles for `#include <written>`: libraries/<name>/ holds one header, and
 * every include of `<name/...>` is that header, as is `<file>` when the header is
 * libraries/<name>/<file> with `name` its stem (`<hipblas.h>`, `<cublas_v2.h>`; libraries/README.md).
 */
export function bundledLibrary(written: string): string | undefined {
  bundled ??= new Map(
    readdirSync(LIBRARIES_DIR, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => [d.name, join(LIBRARIES_DIR, d.name, readdirSync(join(LIBRARIES_DIR, d.name))[0])]),
  );
  const slash = written.indexOf('/');
  if (slash > 0) return bundled.get(written.slice(0, slash));
  const header = bundled.get(written.replace(/\.[^.]*$/, ''));
  return header && basename(header) === written ? header : undefined;
}

let bundled: Map<string, string> | undefined;

/** A file of the bundled libraries. */
export const isBundled = (file: string) => file.startsWith(LIBRARIES_DIR + sep);

/** The file an #include's path names: a quoted one as findQuotedInclude finds it, one in angle brackets in the bundled libraries. */
export function findInclude(path: string, pathNode: Node, includeDirs: readonly string[]): string | undefined {
  const written = pathNode.text.slice(1, -1);
  if (pathNode.type === 'string_literal') return findQuotedInclude(path, written, includeDirs);
  return pathNode.type === 'system_lib_string' ? bundledLibrary(written) : undefined;
}

const QUOTED_INCLUDE = /^[ \t]*#[ \t]*include[ \t]*"([^"]+)"/gm;

/**
 * Whether a file includes a header with GPU code, directly or through other local headers: a file
 * without GPU code of its own is still translated then, since its includes must point at the
 * header's translation (a header through which one is reached is translated as well).
 */
export function includesGpuHeader(path: string, text: string, includeDirs: readonly string[], seen = new Set<string>([resolve(path)])): boolean {
  for (const m of text.matchAll(QUOTED_INCLUDE)) {
    const file = findQuotedInclude(path, m[1], includeDirs);
    if (!file || seen.has(file)) continue;
    seen.add(file);
    const included = readFileSync(file, 'latin1');
    if (looksLikeGpuSource(included) || includesGpuHeader(file, included, includeDirs, seen)) return true;
  }
  return false;
}

/** Own GPU code, or a header with some reached through quoted includes. */
export const reachesGpuCode = (path: string, text: string, includeDirs: readonly string[]) => looksLikeGpuSource(text) || includesGpuHeader(path, text, includeDirs);
