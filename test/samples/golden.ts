// Golden files: test/golden/<sample>/<output name>, the reviewed translation of each sample.
// They are written only on request (UPDATE_GOLDEN=1) and reviewed before they are committed.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { OutputFile } from '../../src/translate.js';
import { REPO_ROOT } from './translate-sample.js';

export const GOLDEN_DIR = join(REPO_ROOT, 'test', 'golden');
export const UPDATE_GOLDEN = process.env.UPDATE_GOLDEN === '1';
export const UPDATE_HINT = 'UPDATE_GOLDEN=1 npx vitest run test/samples';

/** The golden files of a sample, by output name (relative path). */
export function readGolden(sample: string): Map<string, string> {
  const dir = join(GOLDEN_DIR, sample);
  const files = new Map<string, string>();
  if (!existsSync(dir)) return files;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(dir, path), readFileSync(path, 'utf8'));
  }
  return files;
}

/** Replaces the sample's golden directory with the current outputs. */
export function writeGolden(sample: string, outputs: OutputFile[]): void {
  const dir = join(GOLDEN_DIR, sample);
  rmSync(dir, { recursive: true, force: true });
  for (const output of outputs) {
    const path = join(dir, output.name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, output.content);
  }
}

export function goldenPath(sample: string, name: string): string {
  return relative(REPO_ROOT, join(GOLDEN_DIR, sample, name));
}
