// Loads a CommonJS bundle with a V8 code cache, as Node 22's module compile cache would: a
// one-file translation spent ~30 ms compiling the translator's half megabyte of code and ~15 ms
// more compiling its functions as they first ran. The cache lives in the user's cache directory
// (beside make's runtime cache), one file per bundle contents, Node version and V8 flags; it is written
// once, after the first translation, so it holds the functions a translation compiles. Each new
// release, Node or set of flags adds a file, so a write keeps only the newest KEPT of them.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { v8FlagsSet } from './v8-flags.js';

export interface LoadedBundle<T> {
  exports: T;
  /** Compiled from the cache (V8 accepted it). */
  fromCache: boolean;
  /** Writes the code cache if it was missing or rejected (call once the code has run). */
  persist(): void;
}

/** `$HIP2VX_CODE_CACHE`, else `$XDG_CACHE_HOME` or `~/.cache` + `hip2vortex/v8`; empty turns the cache off. */
export function codeCacheDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.HIP2VX_CODE_CACHE !== undefined) return env.HIP2VX_CODE_CACHE || undefined;
  const base = env.XDG_CACHE_HOME || join(env.HOME || homedir(), '.cache');
  return join(base, 'hip2vortex', 'v8');
}

/** Cache files kept: a few releases' worth, each under the flag sets a run uses (see v8-flags.ts). */
export const KEPT = 8;
const ENTRY = /^[0-9a-f]{20}\.bin$/;

const WRAPPER = ['(function (exports, require, module, __filename, __dirname) {', '\n})'];

export function loadBundle<T>(file: string, cacheDir = codeCacheDir()): LoadedBundle<T> {
  const source = readFileSync(file, 'utf8');
  const key = createHash('sha1').update(JSON.stringify([process.version, process.execArgv, v8FlagsSet()])).update(source).digest('hex').slice(0, 20);
  const cacheFile = cacheDir && join(cacheDir, `${key}.bin`);
  let cachedData: Buffer | undefined;
  try {
    if (cacheFile) cachedData = readFileSync(cacheFile);
  } catch {
    // Not written yet: compiled without it, and written by persist().
  }
  const script = new Script(WRAPPER[0] + source + WRAPPER[1], { filename: file, cachedData });
  const module = { exports: {} as T };
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(file), module, file, dirname(file));
  const fromCache = cachedData !== undefined && script.cachedDataRejected === false;
  let stale = !!cacheFile && !fromCache;
  return {
    exports: module.exports,
    fromCache,
    persist() {
      if (!stale) return;
      stale = false;
      try {
        mkdirSync(cacheDir!, { recursive: true });
        // Written under a name of its own and renamed: a concurrent reader sees all or nothing.
        const partial = `${cacheFile}.${process.pid}.${Math.random().toString(36).slice(2)}`;
        writeFileSync(partial, script.createCachedData());
        renameSync(partial, cacheFile!);
        prune(cacheDir!);
      } catch {
        // A read-only or full cache directory costs only the compile time the cache would save.
      }
    },
  };
}

/** Removes all but the KEPT most recently written entries (writes are rare: one per new key). */
function prune(dir: string): void {
  const entries = readdirSync(dir).filter((name) => ENTRY.test(name));
  if (entries.length <= KEPT) return;
  const written = entries.map((name) => ({ name, at: statSync(join(dir, name)).mtimeMs })).sort((a, b) => b.at - a.at);
  for (const { name } of written.slice(KEPT)) unlinkSync(join(dir, name));
}
