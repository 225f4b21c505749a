// Atomic writes: a temporary file in the target's directory, then rename over the target, so a
// reader (or an interrupted run) sees the old file or the new one, never half of one. Writes go to
// libuv's thread pool: creating files is most of their cost (up to ~0.7 ms each on a VM disk), and
// there it overlaps translation instead of holding up the thread that hands out the work. A run
// awaits every write it started before it returns, also when interrupted.
import { chmod, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

let counter = 0;
/** Directories made or being made: one mkdir per directory, not per file. */
const made = new Map<string, Promise<unknown>>();

/** `isNew`: the caller has just seen no file at `path`, so there is no mode to keep (one stat less). */
export async function writeAtomic(path: string, content: string | Uint8Array, isNew = false): Promise<void> {
  const dir = dirname(path);
  let ready = made.get(dir);
  if (!ready) {
    ready = mkdir(dir, { recursive: true });
    made.set(dir, ready);
    // A failed mkdir is tried again by the next write there.
    ready.catch(() => made.delete(dir));
  }
  await ready;
  const temp = join(dir, `.${basename(path)}.hip2vortex-${process.pid}-${counter++}.tmp`);
  try {
    await writeFile(temp, content);
    if (!isNew) await keepMode(path, temp);
    await rename(temp, path);
  } catch (e) {
    await rm(temp, { force: true });
    throw e;
  }
}

/** A file rewritten in place keeps its permissions. */
async function keepMode(path: string, temp: string): Promise<void> {
  try {
    await chmod(temp, (await stat(path)).mode);
  } catch {
    // A new file after all: the default mode is right.
  }
}
