// The V8 code cache of the command line's translator bundle (src/cli/code-cache.ts). Each load
// runs in a process of its own: within one, V8's own compilation cache answers a script it has
// seen, whatever the code cache holds.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { codeCacheDir, KEPT } from '../../src/cli/code-cache.js';
import { cli, REAL, tempDir, writeTree } from './helpers.js';

const LOADER = fileURLToPath(new URL('../../dist/src/cli/code-cache.js', import.meta.url));
const BUNDLE = 'const { join } = require("node:path");\nmodule.exports = { add: (a, b) => a + b, where: join(__dirname, "x"), file: __filename };\n';

interface Load {
  fromCache: boolean;
  sum: number;
  where: string;
  file: string;
}

/** Loads `file` in a new process (and persists its cache when asked). */
function load(file: string, cache: string | null, persist = true): Load {
  const script = `import { loadBundle } from ${JSON.stringify(LOADER)};
const b = loadBundle(${JSON.stringify(file)}, ${JSON.stringify(cache ?? undefined) ?? 'undefined'});
console.log(JSON.stringify({ fromCache: b.fromCache, sum: b.exports.add(2, 3), where: b.exports.where, file: b.exports.file }));
if (${persist}) b.persist();`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout) as Load;
}

function bundle(): { file: string; cache: string } {
  const dir = tempDir();
  writeFileSync(join(dir, 'b.cjs'), BUNDLE);
  return { file: join(dir, 'b.cjs'), cache: join(dir, 'cache') };
}

describe('code cache', () => {
  it('runs the bundle as a CommonJS module and caches its code once it has run', () => {
    const { file, cache } = bundle();
    expect(load(file, cache, false)).toEqual({ fromCache: false, sum: 5, where: join(file, '..', 'x'), file });
    expect(existsSync(cache)).toBe(false);
    expect(load(file, cache).fromCache).toBe(false);
    const [name, ...others] = readdirSync(cache);
    expect(others).toEqual([]);
    const bytes = readFileSync(join(cache, name));
    expect(load(file, cache)).toMatchObject({ fromCache: true, sum: 5 });
    expect(readdirSync(cache)).toEqual([name]);
    expect(readFileSync(join(cache, name))).toEqual(bytes);
  });

  it('compiles without a cache V8 rejects, and replaces it', () => {
    const { file, cache } = bundle();
    load(file, cache);
    const [name] = readdirSync(cache);
    writeFileSync(join(cache, name), 'not a code cache');
    expect(load(file, cache)).toMatchObject({ fromCache: false, sum: 5 });
    expect(load(file, cache).fromCache).toBe(true);
  });

  it('keys the cache by the bundle contents', () => {
    const { file, cache } = bundle();
    load(file, cache);
    writeFileSync(file, BUNDLE.replace('a + b', 'a + b + 1'));
    expect(load(file, cache)).toMatchObject({ fromCache: false, sum: 6 });
    expect(readdirSync(cache)).toHaveLength(2);
  });

  it('keeps the most recently written entries when it writes one, and files not its own', () => {
    const { file, cache } = bundle();
    mkdirSync(cache);
    // Older entries, the first written longest ago; other releases' keys.
    const old = Array.from({ length: KEPT + 2 }, (_, i) => `${String(i).padStart(20, '0')}.bin`);
    old.forEach((name, i) => {
      writeFileSync(join(cache, name), 'an old release');
      utimesSync(join(cache, name), 1e6 + i, 1e6 + i);
    });
    writeFileSync(join(cache, 'notes.txt'), 'not an entry');
    load(file, cache);
    const left = readdirSync(cache);
    expect(left.filter((n) => !old.includes(n) && n !== 'notes.txt')).toHaveLength(1);
    expect(left.filter((n) => old.includes(n)).sort()).toEqual(old.slice(-(KEPT - 1)));
    expect(left).toContain('notes.txt');
    // A hit writes nothing, so removes nothing.
    expect(load(file, cache).fromCache).toBe(true);
    expect(readdirSync(cache).sort()).toEqual(left.sort());
  });

  it('writes nothing when turned off or when the folder cannot be made', () => {
    const { file, cache } = bundle();
    expect(load(file, null).sum).toBe(5);
    writeFileSync(cache, 'a file where the folder would be');
    expect(load(file, join(cache, 'v8')).sum).toBe(5);
    expect(readFileSync(cache, 'utf8')).toBe('a file where the folder would be');
  });

  it('lives in the user cache directory unless HIP2VX_CODE_CACHE says otherwise', () => {
    expect(codeCacheDir({ HOME: '/home/u' })).toBe('/home/u/.cache/hip2vortex/v8');
    expect(codeCacheDir({ HOME: '/home/u', XDG_CACHE_HOME: '/c' })).toBe('/c/hip2vortex/v8');
    expect(codeCacheDir({ HOME: '/home/u', HIP2VX_CODE_CACHE: '/elsewhere' })).toBe('/elsewhere');
    expect(codeCacheDir({ HOME: '/home/u', HIP2VX_CODE_CACHE: '' })).toBeUndefined();
  });

  it('is written by the command line after its first translation, and used by the next', () => {
    const dir = tempDir();
    writeTree(dir, { 'k.hip': '#include <hip/hip_runtime.h>\n__global__ void k(int *p) { p[threadIdx.x] = 1; }\nint main() { int *p; hipMalloc(&p, 4); k<<<1, 1>>>(p); return 0; }\n' });
    const cache = join(dir, 'v8');
    const run = (out: string) => cli(['translate', 'k.hip', '-o', out, '--quiet'], dir, REAL, { HIP2VX_CODE_CACHE: cache });
    expect(run('a').status).toBe(0);
    const files = readdirSync(cache);
    expect(files).toHaveLength(1);
    // Accepted, so not written again: a rewrite renames a new file into place.
    const written = statSync(join(cache, files[0])).ino;
    expect(run('b').status).toBe(0);
    expect(readdirSync(cache)).toEqual(files);
    expect(statSync(join(cache, files[0])).ino).toBe(written);
    for (const name of readdirSync(join(dir, 'a'))) expect(readFileSync(join(dir, 'b', name)), name).toEqual(readFileSync(join(dir, 'a', name)));
  });
});
