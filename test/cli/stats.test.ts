// stats, explain and runtime-dir.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, HOST_ONLY, snapshot, tempDir, vecadd, writeTree } from './helpers.js';

describe('stats', () => {
  it('prints per-file and total statistics and writes nothing', () => {
    const dir = tempDir();
    writeTree(dir, { 'src/k.hip': vecadd(), 'src/alloc.cu': HOST_ONLY });
    const before = snapshot(dir);
    const r = cli(['stats', 'src'], dir);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^src\/alloc\.cu: 0 kernel\(s\), 0 launch\(es\), \d+ reference\(s\) converted, 0 not converted \(100% converted\); lines -\d+ \+\d+, bytes -\d+ \+\d+$/m);
    expect(r.stdout).toMatch(/converted by category:/);
    expect(r.stdout).toMatch(/cudaMalloc -> hipMalloc/);
    expect(r.stdout).toMatch(/^total: 1 kernel\(s\), 1 launch\(es\)/m);
    expect(snapshot(dir)).toEqual(before);
  });

  it('--format json carries per-file stats and totals', () => {
    const dir = tempDir();
    writeTree(dir, { 'src/alloc.cu': HOST_ONLY });
    const report = JSON.parse(cli(['stats', 'src', '--format', 'json'], dir).stdout);
    expect(report.files[0].stats.byName['cudaMalloc -> hipMalloc']).toBeGreaterThan(0);
    expect(report.totals.percentConverted).toBe(100);
  });
});

describe('explain', () => {
  it('explains a command-line id', () => {
    const r = cli(['explain', 'input-symlink-loop'], tempDir());
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^input-symlink-loop \(input\)\n\na symbolic link .*\n\nFix: /);
  });

  it('an unknown id is a usage error', () => {
    const r = cli(['explain', 'no-such-id'], tempDir());
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/unknown diagnostic id 'no-such-id'/);
  });
});

describe('usage', () => {
  it('an unknown option exits 2', () => {
    expect(cli(['translate', 'x', '--bogus'], tempDir()).status).toBe(2);
  });

  it('--help exits 0', () => {
    const r = cli(['translate', '--help'], tempDir());
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/--in-place/);
  });
});

describe('runtime-dir', () => {
  it("prints the runtime folder the generated .mk files need", () => {
    const run = cli(['runtime-dir'], tempDir());
    expect(run.status).toBe(0);
    expect(existsSync(join(run.stdout.trim(), 'hip2vx.mk'))).toBe(true);
  });
});
