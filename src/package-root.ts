// Where the package's data lives (rules/, runtime/): code runs as src/ (vitest), dist/src/ (tsc)
// or dist/cli/ (the command line's bundle).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The directory holding package.json above this module. */
function packageRoot(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error('hip2vortex: cannot find the package root (package.json) above ' + import.meta.url);
  }
}

export const PACKAGE_ROOT = packageRoot();
export const RULES_DIR = join(PACKAGE_ROOT, 'rules');
export const RUNTIME_DIR = join(PACKAGE_ROOT, 'runtime');
/** GPU libraries written in HIP, translated with the programs that include them (libraries/README.md). */
export const LIBRARIES_DIR = join(PACKAGE_ROOT, 'libraries');
/** The directory of the translator's own code (src/, dist/src/ or dist/cli/). */
export const CODE_DIR = dirname(fileURLToPath(import.meta.url));
