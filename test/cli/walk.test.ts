// The file walker on its own: selection, order, symbolic links, the output directory.
import { realpathSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { walkInputs, type WalkOptions } from '../../src/cli/walk.js';
import { tempDir, writeTree } from './helpers.js';

const defaults: WalkOptions = { include: [], exclude: [], gitignore: true };

function tree(): string {
  const dir = tempDir();
  writeTree(dir, {
    'z.cu': '',
    'a/b.hip': '',
    'a/notes.md': '',
    'a/.gitignore': 'gen/\n*.tmp.cu\n',
    'a/gen/x.cu': '',
    'a/y.tmp.cu': '',
    'c/D.CUH': '',
    'vendor/v.h': '',
  });
  return dir;
}

const rels = async (dir: string, options: Partial<WalkOptions> = {}) => (await walkInputs([dir], { ...defaults, ...options })).files.map((f) => f.rel);

describe('walkInputs', () => {
  it('takes source extensions (any case), honours nested .gitignore files, sorts by path', async () => {
    expect(await rels(tree())).toEqual(['a/b.hip', 'c/D.CUH', 'vendor/v.h', 'z.cu']);
  });

  it('--no-gitignore, --include and --exclude', async () => {
    const dir = tree();
    expect(await rels(dir, { gitignore: false })).toEqual(['a/b.hip', 'a/gen/x.cu', 'a/y.tmp.cu', 'c/D.CUH', 'vendor/v.h', 'z.cu']);
    expect(await rels(dir, { include: ['*.md'] })).toEqual(['a/notes.md']);
    expect(await rels(dir, { exclude: ['vendor', '*.CUH'] })).toEqual(['a/b.hip', 'z.cu']);
  });

  it('skips the output directory with a note', async () => {
    const dir = tree();
    const r = await walkInputs([dir], { ...defaults, skipDir: realpathSync(join(dir, 'vendor')) });
    expect(r.files.map((f) => f.rel)).not.toContain('vendor/v.h');
    expect(r.diagnostics.map((d) => d.ruleId)).toEqual(['output-in-input']);
  });

  it('follows links once and reports a loop', async () => {
    const dir = tree();
    symlinkSync(join(dir, 'c'), join(dir, 'link'));
    symlinkSync('..', join(dir, 'c/up'));
    const r = await walkInputs([dir], defaults);
    expect(r.files.map((f) => f.rel)).toEqual(['a/b.hip', 'c/D.CUH', 'vendor/v.h', 'z.cu']);
    expect(r.diagnostics.map((d) => [d.ruleId, d.severity])).toEqual([['input-symlink-loop', 'warning']]);
  });

  it('mirrors relative to --base; a missing input is an error', async () => {
    const dir = tree();
    expect((await walkInputs([join(dir, 'a/b.hip')], { ...defaults, base: dir })).files[0].rel).toBe('a/b.hip');
    expect((await walkInputs([join(dir, 'a')], { ...defaults, base: dir })).files.map((f) => f.rel)).toEqual(['a/b.hip']);
    expect((await walkInputs([join(dir, 'nope')], defaults)).diagnostics[0]).toMatchObject({ severity: 'error', ruleId: 'input-unreadable' });
  });
});
