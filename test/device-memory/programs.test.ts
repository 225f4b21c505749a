// Issue 12 end to end: programs whose device memory holds types laid out differently on rv32
// (beyond samples/device_structs) are converted, then pass on the CPU backend and on simx. The
// simx runs need VORTEX_HOME (a built Vortex v2.2 tree) and are skipped without it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { run } from '../samples/toolchain.js';
import { translateSample } from '../samples/translate-sample.js';

const VORTEX_HOME = process.env.VORTEX_HOME;
const FIXTURES = fileURLToPath(new URL('./fixtures', import.meta.url));
const PROGRAMS = ['layouts'];
const buildRoot = mkdtempSync(join(tmpdir(), 'hip2vx-device-memory-'));
afterAll(() => rmSync(buildRoot, { recursive: true, force: true }));

describe.each(PROGRAMS)('%s', (name) => {
  const translated = translateSample({ name, source: join(FIXTURES, name, `${name}.hip`) }, 32, join(buildRoot, name));

  test('every copy is converted', async () => {
    const { result } = await translated;
    expect(result.diagnostics.map((d) => d.ruleId).filter((id) => id !== 'device-layout-converted')).toEqual([]);
  });

  test('passes on the CPU backend', { timeout: 600_000 }, async () => {
    const { outDir } = await translated;
    const { code, stdout, stderr } = await run('make', ['-C', outDir, 'run-cpu', 'ARGS=100']);
    expect(code, stdout + stderr).toBe(0);
    expect(stdout).toMatch(/^PASSED$/m);
  });

  test.skipIf(!VORTEX_HOME)('passes on simx (XLEN 32, needs VORTEX_HOME)', { timeout: 600_000 }, async () => {
    const { outDir } = await translated;
    const { code, stdout, stderr } = await run('make', ['-C', outDir, 'run', `VORTEX_HOME=${VORTEX_HOME}`, 'XLEN=32', 'ARGS=100']);
    expect(code, stdout + stderr).toBe(0);
    expect(stdout).toMatch(/^PASSED$/m);
  });
});
