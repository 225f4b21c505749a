// Translating in-memory snippets with the real parser and rule tables.
import { initParser } from '../../src/parse/parser.js';
import { decodeSource } from '../../src/parse/source.js';
import { loadRules } from '../../src/rules/index.js';
import { translateSource, type TranslateOptions, type TranslationResult } from '../../src/translate.js';
import { formatDiagnostic } from '../../src/report/diagnostic.js';

export async function translateText(path: string, text: string, options: Partial<TranslateOptions> = {}): Promise<TranslationResult> {
  await initParser();
  const read = decodeSource(path, new TextEncoder().encode(text));
  if (!read.ok) throw new Error(formatDiagnostic(read.diagnostic));
  return translateSource(read.file, { xlen: 32, divergence: 'explicit', rules: loadRules(), ...options });
}

export const formatted = (r: TranslationResult) => r.diagnostics.map(formatDiagnostic);
export const output = (r: TranslationResult, role: string) => r.outputs.find((o) => o.role === role)?.content ?? '';
