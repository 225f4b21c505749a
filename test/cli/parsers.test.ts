// Both parser backends give byte-identical translations: the samples, the feature fixtures and a
// generated bench corpus (kernels, host-only and plain files), each translated once per backend.
import { spawnSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateCorpus } from '../../bench/corpus.js';
import { snapshot, tempDir } from './helpers.js';
import { lacksNativeParser } from '../tools.js';
import { chosenKind } from '../../src/parse/parser.js';

const ROOT = join(import.meta.dirname, '../..');
const work = tempDir();
afterAll(() => rmSync(work, { recursive: true, force: true }));

function translateWith(parser: 'native' | 'wasm', input: string): Record<string, string> {
  const out = join(work, `out-${parser}`);
  rmSync(out, { recursive: true, force: true });
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/hip2vortex.js'), 'translate', input, '-o', out, '--quiet'], {
    env: { ...process.env, HIP2VX_PARSER: parser },
    encoding: 'utf8',
  });
  // Diagnostics are part of the output: both backends must report the same, the same way.
  return { ...snapshot(out), status: String(r.status), stderr: r.stderr.replaceAll(out, 'OUT') };
}

describe.skipIf(await lacksNativeParser('native and wasm parsers compared'))('native and wasm parsers', () => {
  it.each([
    ['the samples', 'samples'],
    ['the feature fixtures', 'test/fixtures'],
  ])('translate %s identically', (_, dir) => {
    const input = join(work, dir);
    cpSync(join(ROOT, dir), input, { recursive: true });
    const native = translateWith('native', input);
    expect(Object.keys(native).length).toBeGreaterThan(40);
    expect(translateWith('wasm', input)).toEqual(native);
  });

  it('translate a generated bench corpus identically', () => {
    const corpus = generateCorpus(join(work, 'corpus'), { bytes: 400_000, files: 60, mix: { kernel: 0.5, host: 0.2, plain: 0.3 } }, 3);
    const native = translateWith('native', corpus.dir);
    expect(Object.keys(native).filter((f) => f.endsWith('.device.cpp')).length).toBeGreaterThan(20);
    expect(translateWith('wasm', corpus.dir)).toEqual(native);
  });

  it('gives a run the parser it prefers (small runs native, others wasm) unless HIP2VX_PARSER names one', () => {
    const saved = process.env.HIP2VX_PARSER;
    try {
      delete process.env.HIP2VX_PARSER;
      expect([chosenKind('native'), chosenKind('wasm'), chosenKind()]).toEqual(['native', 'wasm', 'wasm']);
      process.env.HIP2VX_PARSER = 'wasm';
      expect(chosenKind('native')).toBe('wasm');
      process.env.HIP2VX_PARSER = 'native';
      expect(chosenKind('wasm')).toBe('native');
    } finally {
      if (saved === undefined) delete process.env.HIP2VX_PARSER;
      else process.env.HIP2VX_PARSER = saved;
    }
  });

  it('refuses an unknown HIP2VX_PARSER', () => {
    const r = spawnSync(process.execPath, [join(ROOT, 'bin/hip2vortex.js'), 'translate', join(ROOT, 'samples/saxpy'), '-o', join(work, 'x')], {
      env: { ...process.env, HIP2VX_PARSER: 'fast' },
      encoding: 'utf8',
    });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('HIP2VX_PARSER=fast: expected native or wasm');
  });
});
