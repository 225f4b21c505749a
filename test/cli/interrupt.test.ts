// Ctrl-C: the run stops with exit 130 and leaves only whole files behind.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { cli, cliAsync, snapshot, tempDir, vecadd, writeTree } from './helpers.js';

it.each([['1'], ['2']])('SIGINT with %s worker(s): exit 130, no temporary or partial files', async (jobs) => {
  const dir = tempDir();
  const files: Record<string, string> = {};
  for (let i = 0; i < 1000; i++) files[`src/k${String(i).padStart(4, '0')}.hip`] = vecadd(`k${i}`);
  writeTree(dir, files);
  const before = snapshot(join(dir, 'src'));
  const child = cliAsync(['translate', 'src', '-o', 'out', '--jobs', jobs], dir);
  let stderr = '';
  child.stderr.on('data', (b) => (stderr += b));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  // Interrupt once outputs are being written (they are written while later files translate).
  while (!existsSync(join(dir, 'out')) || readdirSync(join(dir, 'out')).length === 0) await sleep(20);
  child.kill('SIGINT');
  const code = await exited;
  expect(code, stderr).toBe(130);
  expect(stderr).toContain('hip2vortex: interrupted');
  expect(snapshot(join(dir, 'src'))).toEqual(before);
  const written = existsSync(join(dir, 'out')) ? readdirSync(join(dir, 'out')) : [];
  expect(written.filter((f) => f.endsWith('.tmp'))).toEqual([]);
  // Whatever was written is whole: identical to what an uninterrupted run writes.
  cli(['translate', 'src', '-o', 'full'], dir);
  for (const f of written) expect(readFileSync(join(dir, 'out', f)).equals(readFileSync(join(dir, 'full', f)))).toBe(true);
});
