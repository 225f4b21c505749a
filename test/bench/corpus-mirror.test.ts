// The corpus script runs each program from a mirror of its folder: reads reach the corpus (also
// through `..`), writes do not.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { runFolder } from '../../bench/corpus-mirror.js';

describe('corpus run folders', () => {
  it('reads through to the corpus and keeps what the program writes out of it', () => {
    const top = mkdtempSync(join(tmpdir(), 'corpus-mirror-'));
    const corpus = join(top, 'bench', 'src');
    for (const d of ['p-hip/data', 'p-cuda', 'q-hip']) mkdirSync(join(corpus, d), { recursive: true });
    mkdirSync(join(top, 'bench', 'data'));
    writeFileSync(join(corpus, 'p-hip', 'data', 'in.txt'), 'in');
    writeFileSync(join(corpus, 'p-cuda', 'ref.h'), 'ref');
    writeFileSync(join(top, 'bench', 'data', 'shared.bin'), 'shared');
    const work = join(top, 'work');

    const cwd = runFolder(corpus, 'p-hip', work);
    expect(cwd.startsWith(work)).toBe(true);
    expect(readFileSync(join(cwd, 'data', 'in.txt'), 'utf8')).toBe('in');
    expect(readFileSync(join(cwd, '..', 'p-cuda', 'ref.h'), 'utf8')).toBe('ref');
    expect(readFileSync(join(cwd, '..', '..', 'data', 'shared.bin'), 'utf8')).toBe('shared');
    writeFileSync(join(cwd, 'result.raw'), 'out');
    expect(existsSync(join(corpus, 'p-hip', 'result.raw'))).toBe(false);

    // Made once: a second program, and the first again, keep what is there.
    const other = runFolder(corpus, 'q-hip', work);
    writeFileSync(join(other, 'output.txt'), 'out');
    expect(existsSync(join(corpus, 'q-hip', 'output.txt'))).toBe(false);
    expect(runFolder(corpus, 'p-hip', work)).toBe(cwd);
    expect(readFileSync(join(cwd, 'result.raw'), 'utf8')).toBe('out');
  });
});
