// The production translator: the parser, the rule tables and src/translate.ts.
import { initParser } from '../parse/parser.js';
import { loadRules } from '../rules/index.js';
import { looksLikeGpuSource, translateSource } from '../translate.js';
import { RUNTIME_DIR, type Translator, type TranslatorSettings } from './translator.js';

export async function createTranslator(settings: TranslatorSettings): Promise<Translator> {
  await initParser();
  const options = {
    xlen: settings.xlen,
    divergence: settings.divergence,
    rules: await loadRules(settings.ruleFiles),
    annotate: settings.annotate,
    includeDirs: settings.includeDirs,
    runtimeDir: RUNTIME_DIR,
  };
  return { looksLikeGpuSource, translate: (file) => translateSource(file, options) };
}
