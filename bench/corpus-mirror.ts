// Programs run from their own folder (they read their inputs relative to it, also through `..`),
// but must not write into the corpus, which is not ours (affine writes result.raw, eikonal
// output.nrrd). So each runs from a mirror in the work folder: the corpus folder and its parent
// are real folders of symbolic links to what they hold, and so is the program's folder, so the
// files a program writes there land in the mirror and its reads reach the corpus.
import { existsSync, lstatSync, mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

/** A real folder at `at` of links to the entries of `folder` (an existing link there is replaced). */
function mirrorFolder(folder: string, at: string): void {
  if (existsSync(at) && !lstatSync(at).isSymbolicLink()) return;
  rmSync(at, { force: true });
  mkdirSync(at, { recursive: true });
  for (const entry of readdirSync(folder)) symlinkSync(join(folder, entry), join(at, entry));
}

/** The folder under `work` to run program `name` of corpus `dir` from (made on first use). */
export function runFolder(dir: string, name: string, work: string): string {
  const corpus = resolve(dir);
  const root = join(work, 'mirror');
  const mirrored = join(root, basename(corpus));
  mirrorFolder(dirname(corpus), root);
  mirrorFolder(corpus, mirrored);
  const own = join(mirrored, name);
  mirrorFolder(join(corpus, name), own);
  return own;
}
