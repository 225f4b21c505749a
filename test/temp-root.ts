// Vitest global setup: every temporary directory the tests make (os.tmpdir()) lives under one
// directory of this run, removed at the end, so runs leave nothing behind in /tmp. The programs the
// tests build share one build of the runtime's objects (HIP2VX_RT_CACHE) in it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'hip2vx-tests-'));
  process.env.TMPDIR = root;  // the test workers start after this and inherit it
  process.env.HIP2VX_RT_CACHE = join(root, 'rt-cache');
  return () => rmSync(root, { recursive: true, force: true });
}
