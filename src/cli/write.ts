// Atomic writes: a temporary file in the target's directory, then rename over the target, so a
// reader (or an interrupted run) sees the old file or the new one, never half of one. Writes are
// synchronous, so a Ctrl-C handler can only run between two whole writes.
import { chmodSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

let counter = 0;
/** Directories known to exist: one mkdir per directory, not per file. */
const made = new Set<string>();

/** `isNew`: the caller has just seen no file at `path`, so there is no mode to keep (one stat less). */
export function writeAtomic(path: string, content: string | Uint8Array, isNew = false): void {
  const dir = dirname(path);
  if (!made.has(dir)) {
    mkdirSync(dir, { recursive: true });
    made.add(dir);
  }
  const temp = join(dir, `.${basename(path)}.hip2vortex-${process.pid}-${counter++}.tmp`);
  try {
    writeFileSync(temp, content);
    if (!isNew) keepMode(path, temp);
    renameSync(temp, path);
  } catch (e) {
    rmSync(temp, { force: true });
    throw e;
  }
}

/** A file rewritten in place keeps its permissions. */
function keepMode(path: string, temp: string): void {
  try {
    // A new file: the default mode is right (asked without a thrown error: most files are new).
    const existing = statSync(path, { throwIfNoEntry: false });
    if (existing) chmodSync(temp, existing.mode);
  } catch {
    // Kept as the default mode.
  }
}
