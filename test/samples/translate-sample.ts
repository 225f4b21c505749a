// Translates one sample program with the library API (as the CLI does) and writes the outputs
// into a directory of the caller's choosing, so every test can build and run the result.
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { initParser } from '../../src/parse/parser.js';
import { readSource } from '../../src/parse/source.js';
import { formatDiagnostic } from '../../src/report/diagnostic.js';
import { loadRules } from '../../src/rules/index.js';
import { translateSource, type TranslationResult } from '../../src/translate.js';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
export const RUNTIME_DIR = join(REPO_ROOT, 'runtime');
export const SAMPLES_DIR = join(REPO_ROOT, 'samples');

export interface Sample {
  /** Folder name, also the file stem. */
  name: string;
  /** `samples/<name>/<name>.hip` or `.cu`. */
  source: string;
}

/** Every `samples/<name>/<name>.{hip,cu}`, sorted by name. */
export function listSamples(): Sample[] {
  return readdirSync(SAMPLES_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => {
      const source = ['hip', 'cu'].map((ext) => join(SAMPLES_DIR, d.name, `${d.name}.${ext}`)).find((p) => existsSync(p));
      return source ? [{ name: d.name, source }] : [];
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

export interface TranslatedSample {
  result: TranslationResult;
  outDir: string;
  /** Absolute path of each output by role (one file per role for a single program). */
  paths: Record<'host' | 'device' | 'registration' | 'build', string>;
  /** The kernel instance ids, from the `HIP2VX_MAIN(<id>)` entries of the device source. */
  entryIds: string[];
}

// One initialisation for all callers: concurrent initParser() calls would each re-initialise
// the wasm module under parsers already in use.
let ready: Promise<Awaited<ReturnType<typeof loadRules>>> | undefined;

/** Translates `sample` for `xlen` into `outDir`; throws with the diagnostics if it produced errors. */
export async function translateSample(sample: Sample, xlen: 32 | 64, outDir: string): Promise<TranslatedSample> {
  ready ??= initParser().then(() => loadRules([]));
  const rules = await ready;
  const read = readSource(sample.source);
  if (!read.ok) throw new Error(formatDiagnostic(read.diagnostic));
  const result = translateSource(read.file, { xlen, divergence: 'explicit', rules });
  if (result.outputs.length === 0) {
    throw new Error(`${sample.name}: no outputs (xlen ${xlen})\n${result.diagnostics.map(formatDiagnostic).join('\n')}`);
  }

  const paths: Partial<TranslatedSample['paths']> = {};
  for (const output of result.outputs) {
    const path = join(outDir, output.name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, output.content);
    paths[output.role] = path;
  }
  for (const role of ['host', 'device', 'registration', 'build'] as const) {
    if (!paths[role]) throw new Error(`${sample.name}: no ${role} output among ${result.outputs.map((o) => o.name).join(', ')}`);
  }
  const done = paths as TranslatedSample['paths'];
  // The CLI adds this Makefile for a directory holding one program; the library leaves it out.
  const makefile = join(outDir, 'Makefile');
  if (!existsSync(makefile)) writeFileSync(makefile, `include ${basename(done.build)}\n`);

  const device = readFileSync(done.device, 'utf8');
  const entryIds = [...device.matchAll(/^HIP2VX_MAIN\((\w+)\) \{$/gm)].map((m) => m[1]);
  return { result, outDir, paths: done, entryIds };
}
