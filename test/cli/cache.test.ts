// The translation cache: check, diff and translate answer a source from its earlier outputs only
// when nothing it was made from changed, the outputs are intact and it had no diagnostic.
import { appendFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CACHE_FILE, cli, FAKE, tempDir, vecadd, writeTree } from './helpers.js';

let root: string;
let log: string;

/** The fake translator logs each file it translates: what a run did not reuse. */
function run(args: string[]) {
  writeFileSync(log, '');
  const r = cli(args, root, FAKE);
  const translated = readFileSync(log, 'utf8').split('\n').filter(Boolean).map((p) => p.replace(/^.*\/src\//, 'src/')).sort();
  return { ...r, translated };
}

interface CacheFile {
  records: Record<string, { outputs: { name: string }[]; counts?: unknown }>;
}

/** The cache file translate left in `out`. */
const readCacheFile = () => JSON.parse(readFileSync(join(root, 'out', CACHE_FILE), 'utf8')) as CacheFile;

beforeEach(() => {
  root = tempDir();
  log = join(root, 'translated.log');
  process.env.HIP2VX_FAKE_LOG = log;
  writeTree(root, {
    'src/a.hip': vecadd('a'),
    'src/b.cu': '#include "common.cuh"\n' + vecadd('b').replace('hipMalloc(&a', 'cudaMalloc(&a'),
    'src/common.cuh': '#define SCALE 2\n',
    'src/plain.cpp': 'int helper() { return 1; }\n',
  });
});

afterEach(() => {
  delete process.env.HIP2VX_FAKE_LOG;
  rmSync(root, { recursive: true, force: true });
});

describe('translation cache', () => {
  it('check after translate reuses every translation and exits 0', () => {
    expect(run(['translate', 'src', '-o', 'out']).translated).toEqual(['src/a.hip', 'src/b.cu']);
    expect(existsSync(join(root, 'out', CACHE_FILE))).toBe(true);
    const check = run(['check', 'src', '-o', 'out']);
    expect(check.status).toBe(0);
    expect(check.translated).toEqual([]);
    expect(check.stdout + check.stderr).toContain('2 translated (2 unchanged)');
  });

  it('translates again exactly the sources whose inputs changed: the source, or a header it includes', () => {
    run(['translate', 'src', '-o', 'out']);
    appendFileSync(join(root, 'src/a.hip'), '// edited\n');
    let check = run(['check', 'src', '-o', 'out']);
    expect(check.status).toBe(1);
    expect(check.translated).toEqual(['src/a.hip']);
    expect(check.stderr).toMatch(/a\.host\.cpp is out of date/);

    run(['translate', 'src', '-o', 'out']);
    writeFileSync(join(root, 'src/common.cuh'), '#define SCALE 3\n');
    check = run(['check', 'src', '-o', 'out']);
    expect(check.translated).toEqual(['src/b.cu']);
    // The fake translator's output does not depend on the header: only the header's own copy is stale.
    expect(check.status).toBe(1);
    expect(check.stderr).toMatch(/common\.cuh is out of date/);
    expect(check.stderr).not.toMatch(/b\.host\.cpp is out of date/);
  });

  it('does not trust an output edited by hand', () => {
    run(['translate', 'src', '-o', 'out']);
    appendFileSync(join(root, 'out/b.host.cpp'), '// hand edit\n');
    const check = run(['check', 'src', '-o', 'out']);
    expect(check.status).toBe(1);
    expect(check.translated).toEqual(['src/b.cu']);
    expect(check.stderr).toMatch(/b\.host\.cpp is out of date/);
    run(['translate', 'src', '-o', 'out']);
    expect(readFileSync(join(root, 'out/b.host.cpp'), 'utf8')).not.toContain('hand edit');
  });

  it('reuses nothing made with other settings or with a damaged cache file', () => {
    run(['translate', 'src', '-o', 'out']);
    const other = run(['check', 'src', '-o', 'out', '--xlen', '64']);
    expect(other.translated).toEqual(['src/a.hip', 'src/b.cu']);
    expect(other.status).toBe(1);
    writeFileSync(join(root, 'out', CACHE_FILE), '{ not json');
    const damaged = run(['check', 'src', '-o', 'out']);
    expect(damaged.translated).toEqual(['src/a.hip', 'src/b.cu']);
    expect(damaged.status).toBe(0);
  });

  it('never records a translation with a diagnostic: its warnings are reported on every run', () => {
    writeTree(root, { 'src/tex.cu': vecadd('t').replace('hipDeviceSynchronize();', 'tex1Dfetch(t, 0);\n  hipDeviceSynchronize();') });
    run(['translate', 'src', '-o', 'out']);
    const cache = readCacheFile();
    expect(Object.keys(cache.records).sort()).toEqual(['a.hip', 'b.cu']);
    const check = run(['check', 'src', '-o', 'out']);
    expect(check.translated).toEqual(['src/tex.cu']);
    expect(check.stderr).toMatch(/tex\.cu:\d+:1: warning: textures are not supported \[texture\]/);
  });

  it('gives the same outputs and reports with or without the cache, with 1 or 2 workers', () => {
    run(['translate', 'src', '-o', 'out']);
    const withCache = run(['check', 'src', '-o', 'out', '--format', 'json', '--jobs', '2']);
    rmSync(join(root, 'out', CACHE_FILE));
    const without = run(['check', 'src', '-o', 'out', '--format', 'json', '--jobs', '1']);
    expect(withCache.translated).toEqual([]);
    expect(without.translated).toEqual(['src/a.hip', 'src/b.cu']);
    expect(withCache.status).toBe(0);
    expect(JSON.parse(withCache.stdout)).toEqual(JSON.parse(without.stdout));
  });

  it('--no-cache translates everything and neither reads nor writes the cache file', () => {
    run(['translate', 'src', '-o', 'out']);
    const cache = readFileSync(join(root, 'out', CACHE_FILE));
    appendFileSync(join(root, 'src/a.hip'), '// edited\n');
    const check = run(['check', 'src', '-o', 'out', '--no-cache']);
    expect(check.translated).toEqual(['src/a.hip', 'src/b.cu']);
    expect(check.status).toBe(1);
    expect(run(['translate', 'src', '-o', 'out', '--no-cache']).translated).toEqual(['src/a.hip', 'src/b.cu']);
    expect(readFileSync(join(root, 'out', CACHE_FILE))).toEqual(cache);
    expect(run(['translate', 'src', '-o', 'fresh', '--no-cache']).status).toBe(0);
    expect(existsSync(join(root, 'fresh', CACHE_FILE))).toBe(false);
  });

  it('ignores records whose output names are paths, or that are malformed', () => {
    run(['translate', 'src', '-o', 'out']);
    const path = join(root, 'out', CACHE_FILE);
    const cache = readCacheFile();
    writeFileSync(join(root, 'evil.cpp'), readFileSync(join(root, 'out/a.host.cpp')));
    cache.records['a.hip'].outputs[0].name = '../evil.cpp';
    delete cache.records['b.cu'].counts;
    writeFileSync(path, JSON.stringify(cache));
    const check = run(['check', 'src', '-o', 'out']);
    expect(check.translated).toEqual(['src/a.hip', 'src/b.cu']);
    expect(check.status).toBe(0);
    run(['translate', 'src', '-o', 'out']);
    expect(readFileSync(path, 'utf8')).not.toContain('evil');
  });

  it('forgets sources that no longer translate cleanly', () => {
    run(['translate', 'src', '-o', 'out']);
    appendFileSync(join(root, 'src/a.hip'), 'SYNTAX_ERROR\n');
    expect(run(['translate', 'src', '-o', 'out']).status).toBe(1);
    const cache = readCacheFile();
    expect(Object.keys(cache.records)).toEqual(['b.cu']);
  });
});

describe('translation cache with the real translator', () => {
  it('records clean translations and reuses them until the source changes', () => {
    rmSync(join(root, 'src'), { recursive: true });
    writeTree(root, { 'src/v.hip': vecadd('v') });
    expect(cli(['translate', 'src', '-o', 'out', '--quiet'], root).status).toBe(0);
    const cache = readCacheFile();
    expect(cache.records['v.hip'].outputs.map((o) => o.name)).toEqual(['v.host.cpp', 'v.device.cpp', 'v.register.cpp', 'v.mk']);
    expect(cli(['check', 'src', '-o', 'out'], root).status).toBe(0);
    appendFileSync(join(root, 'src/v.hip'), '// changed\n');
    const stale = cli(['check', 'src', '-o', 'out'], root);
    expect(stale.status).toBe(1);
    expect(stale.stderr).toMatch(/v\.host\.cpp is out of date/);
  });

  it('translates again a source that a sibling has started to include as text', () => {
    rmSync(join(root, 'src'), { recursive: true });
    writeTree(root, { 'src/k.cu': '__global__ void k(float* x) { x[threadIdx.x] = 1; }\n', 'src/main.cpp': 'int main() { return 0; }\n' });
    expect(cli(['translate', 'src', '-o', 'out', '--quiet'], root).status).toBe(0);
    expect(Object.keys(readCacheFile().records)).toEqual(['k.cu']);
    writeFileSync(join(root, 'src/main.cpp'), '#include "k.cu"\nint main() { return 0; }\n');
    const r = cli(['translate', 'src', '-o', 'out', '--format', 'json'], root);
    const files = (JSON.parse(r.stdout) as { files: { path: string; status: string }[] }).files;
    expect(files.find((f) => f.path.endsWith('k.cu'))?.status).toBe('plain');
    expect(r.stdout).toContain('included-as-text');
  });
});
