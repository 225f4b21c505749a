// Vitest global setup: every temporary directory the tests make (os.tmpdir()) lives under one
// directory of this run, removed at the end, so runs leave nothing behind in /tmp.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'hip2vx-tests-'));
  process.env.TMPDIR = root;  // the test workers start after this and inherit it
  return () => rmSync(root, { recursive: true, force: true });
}
