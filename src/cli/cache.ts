// Reusing earlier translations. `translate -o <dir>` records in <dir>/.hip2vortex-cache.json, per
// source, a digest of everything its translation was made from (the source, the headers it
// includes, the settings, the rule files and the translator's own code) and a hash of each output.
// A later run (check, diff, translate) answers a source whose digest still matches, and whose
// outputs are still on disk byte for byte, from those outputs without parsing it: what keeps
// `check` fast in pre-commit hooks and CI. Only translations without a single diagnostic are
// recorded, so reuse never hides a warning.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { CODE_DIR, RULES_DIR } from '../package-root.js';
import type { OutputFile } from '../translate.js';
import type { OutcomeCounts } from './job.js';
import type { TranslatorSettings } from './translator.js';
import { compareWithDisk } from './plan.js';
import { writeAtomic } from './write.js';

export const CACHE_FILE = '.hip2vortex-cache.json';
/** Bumped when the file's shape changes. */
const FORMAT = 1;

export interface CachedOutput {
  name: string;
  role: OutputFile['role'];
  sha256: string;
}

export interface CacheRecord {
  digest: string;
  outputs: CachedOutput[];
  counts: OutcomeCounts;
}

interface CacheData {
  format: number;
  key: string;
  records: Record<string, CacheRecord>;
}

/** What a job needs to use the cache: the run's key, its outputs' directory, the earlier record. */
export interface JobCache {
  key: string;
  outputDir: string;
  record?: CacheRecord;
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/**
 * Every file below `dir` with one of `extensions`: its path relative to `dir` (the key must not
 * depend on where hip2vortex is installed) and its full path, sorted (nor on readdir's order).
 */
function filesBelow(dir: string, extensions: readonly string[]): [name: string, path: string][] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => extensions.some((e) => f.endsWith(e)) && !f.endsWith('.d.ts'))
    .sort()
    .map((f) => [f, join(dir, f)]);
}

/** The bundle's digest of its code, written by `npm run build` (scripts/code-digest.mjs, code-digest.txt); src/ and dist/src/ have none. */
function codeDigest(): string | undefined {
  try {
    return readFileSync(join(CODE_DIR, 'code-digest.txt'), 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * What every digest of a run starts from: the settings, the rule files and the translator's code
 * (so a rebuilt translator never reuses its predecessor's output). Undefined when a rule file
 * cannot be read: the translator reports that.
 */
export function runKey(settings: TranslatorSettings, translatorModule: string): string | undefined {
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ FORMAT, settings, translatorModule: basename(translatorModule) }));
  try {
    const ruleFiles = settings.ruleFiles.map((f): [string, string] => [f, f]);
    const code = codeDigest();
    if (code) hash.update(code);
    for (const [name, path] of [...(code ? [] : filesBelow(CODE_DIR, ['.js', '.ts'])), ...filesBelow(RULES_DIR, ['.json']), ...ruleFiles]) {
      hash.update(name).update(readFileSync(path));
    }
  } catch {
    return undefined;
  }
  return hash.digest('hex');
}

const QUOTED_INCLUDE = /^[ \t]*#[ \t]*include[ \t]*"([^"\n]+)"/gm;

/**
 * The digest of one source's translation inputs. Headers are found the way the translator finds
 * them (quoted includes, next to the including file, then in the -I directories), but lexically:
 * an include inside a comment or `#if 0` is hashed too, which can only cost a reuse. `includer`:
 * the sibling that includes the source as text (it is then translated there, not on its own).
 */
export function inputDigest(key: string, path: string, source: Uint8Array, includeDirs: readonly string[], includer?: string): string {
  const hash = createHash('sha256').update(key).update(basename(path)).update(source);
  if (includer !== undefined) hash.update(`\0included by ${basename(includer)}`);
  const seen = new Set([resolve(path)]);
  const visit = (file: string, text: string) => {
    for (const [, written] of text.matchAll(QUOTED_INCLUDE)) {
      for (const candidate of [dirname(file), ...includeDirs].map((d) => resolve(d, written))) {
        let bytes: Buffer;
        try {
          bytes = readFileSync(candidate);
        } catch {
          continue;
        }
        hash.update(written).update(bytes);
        if (!seen.has(candidate)) {
          seen.add(candidate);
          visit(candidate, bytes.toString('latin1'));
        }
        break;
      }
    }
  };
  visit(path, Buffer.from(source).toString('latin1'));
  return hash.digest('hex');
}

/** The outputs recorded for this digest, read back from disk; undefined unless all still match. */
export function reusableOutputs(cache: JobCache, digest: string): OutputFile[] | undefined {
  const record = cache.record;
  if (record?.digest !== digest) return undefined;
  const outputs: OutputFile[] = [];
  for (const o of record.outputs) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(join(cache.outputDir, o.name));
    } catch {
      return undefined;
    }
    if (sha256(bytes) !== o.sha256) return undefined;
    outputs.push({ name: o.name, role: o.role, content: bytes.toString('utf8') });
  }
  return outputs;
}

export function cacheRecord(digest: string, outputs: readonly OutputFile[], counts: OutcomeCounts): CacheRecord {
  return { digest, outputs: outputs.map((o) => ({ name: o.name, role: o.role, sha256: sha256(o.content) })), counts };
}

const ROLES = new Set<unknown>(['host', 'device', 'registration', 'build', 'header']);
const isCount = (n: unknown) => Number.isSafeInteger(n) && (n as number) >= 0;

/**
 * A record as translate writes it. The file may have been edited: output names decide where reused
 * contents go, so anything but a plain file name (a path, `..`) disqualifies the record.
 */
function wellFormed(r: unknown): r is CacheRecord {
  const record = r as CacheRecord;
  return (
    typeof record?.digest === 'string' &&
    Array.isArray(record.outputs) &&
    record.outputs.every((o) => typeof o?.name === 'string' && /^[^/\\]+$/.test(o.name) && o.name !== '..' && o.name !== '.' && ROLES.has(o.role) && typeof o.sha256 === 'string') &&
    isCount(record.counts?.kernels) && isCount(record.counts?.launches) && isCount(record.counts?.rewritten)
  );
}

/** The records of the cache in `outdir` made with `key`; none if absent, unreadable or made otherwise. */
export function readCache(outdir: string, key: string): Map<string, CacheRecord> {
  try {
    const data = JSON.parse(readFileSync(join(outdir, CACHE_FILE), 'utf8')) as CacheData;
    if (data.format === FORMAT && data.key === key && data.records && typeof data.records === 'object') {
      return new Map(Object.entries(data.records).filter(([, r]) => wellFormed(r)));
    }
  } catch {
    // No usable cache: everything is translated.
  }
  return new Map();
}

/** Writes the records (an empty cache is no file at all: a run that translated nothing leaves nothing). */
export async function writeCache(outdir: string, key: string, records: ReadonlyMap<string, CacheRecord>): Promise<void> {
  const path = join(outdir, CACHE_FILE);
  if (records.size === 0) return rmSync(path, { force: true });
  const sorted = Object.fromEntries([...records].sort(([a], [b]) => (a < b ? -1 : 1)));
  const content = JSON.stringify({ format: FORMAT, key, records: sorted } satisfies CacheData) + '\n';
  const state = compareWithDisk({ path, content, from: -1, source: path });
  if (state !== 'unchanged') await writeAtomic(path, content, state === 'missing');
}
