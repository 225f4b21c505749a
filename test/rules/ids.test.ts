// Every diagnostic id the source code can emit is documented (hip2vortex explain <id>): the
// kebab-case string literals of src/ are ids, except the few listed here.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRules } from '../../src/rules/index.js';

/** Kebab-case strings that are not diagnostic ids: a node type, an encoding, a package, a command. */
const NOT_IDS = new Set(['host-device', 'utf-8', 'web-tree-sitter', 'tree-sitter', 'tree-sitter-cuda', 'runtime-dir']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') && !e.name.endsWith('.generated.ts') ? [join(dir, e.name)] : [],
  );
}

describe('diagnostic ids', () => {
  it('every id used in src/ has a meaning and a fix', () => {
    const used = new Set(sources('src').flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/'([a-z0-9]+(?:-[a-z0-9]+)+)'/g)].map((m) => m[1])));
    const undocumented = [...used].filter((id) => !NOT_IDS.has(id) && !loadRules().diagnostics.has(id));
    expect(undocumented).toEqual([]);
    expect(used.size).toBeGreaterThan(20);
  });
});
