// Test programs (self-checking, print PASSED): translated file by file like the CLI does, then
// built and run on the CPU backend and, with VORTEX_HOME, on simx with each stock toolchain.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { TranslateOptions, TranslationResult } from '../src/translate.js';
import { translateText } from './translate/translate-helpers.js';
import { runOnSimx, SIMX_TOOLCHAINS, simxSkipped, type SimxRun } from './simx.js';

/** Translates `names` from `dir` into a fresh directory; returns it and the results by name. */
export async function translateAll(dir: string, names: string[], options: Partial<TranslateOptions> = {}) {
  const out = mkdtempSync(join(tmpdir(), 'hip2vx-prog-'));
  const results = new Map<string, TranslationResult>();
  for (const name of names) {
    const result = await translateText(join(dir, name), readFileSync(join(dir, name), 'utf8'), options);
    for (const o of result.outputs) writeFileSync(join(out, o.name), o.content);
    results.set(name, result);
  }
  return { out, results };
}

/** The toolchains simx runs use here: none without VORTEX_HOME (said once per caller). */
export function simxToolchains(what: string) {
  return SIMX_TOOLCHAINS.filter((tc) => !simxSkipped(what, tc));
}

/**
 * Builds the program `<stem>.mk` in `out` and runs it with `args` on the CPU backend, then on
 * simx with each of `toolchains` and every variant (build directory, optimisation, configuration).
 */
export async function runEverywhere(out: string, stem: string, toolchains: readonly string[], args = '', variants: SimxRun[] = [{}]) {
  writeFileSync(join(out, 'Makefile'), `include ${stem}.mk\n`);
  const cpu = spawnSync('make', ['-C', out, 'run-cpu', `ARGS=${args}`], { encoding: 'utf8' });
  expect(cpu.status, cpu.stdout + cpu.stderr).toBe(0);
  expect(cpu.stdout).toMatch(/^PASSED$/m);
  for (const toolchain of toolchains as SimxRun['toolchain'][]) {
    for (const variant of variants) {
      const simx = await runOnSimx(out, { args, ...variant, toolchain });
      const what = `simx (${toolchain} ${JSON.stringify(variant)})`;
      expect(simx.code, `${what}:\n${simx.stdout}${simx.stderr}`).toBe(0);
      expect(simx.stdout, what).toMatch(/^PASSED$/m);
      // Vortex prints its counters when the device closes (hipDeviceReset): not into the program's output.
      expect(simx.stdout, what).not.toMatch(/^PERF:/m);
    }
  }
}
