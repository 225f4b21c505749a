// The production translator: the parser, the rule tables and src/translate.ts. Loaded only when a
// file has to be translated: by real-translator.ts, or as the command line's CommonJS bundle.
import { initParser, type ParserKind } from '../parse/parser.js';
import { loadRules } from '../rules/index.js';
import { translateSource } from '../translate.js';
import type { TextIncluders, Translator, TranslatorSettings } from './translator.js';

export async function createTranslator(settings: TranslatorSettings, textIncluders?: TextIncluders, parser?: ParserKind): Promise<Translator> {
  await initParser(parser);
  const options = {
    xlen: settings.xlen,
    warpSize: settings.warpSize,
    divergence: settings.divergence,
    rules: loadRules(settings.ruleFiles),
    annotate: settings.annotate,
    includeDirs: settings.includeDirs,
    defines: settings.defines,
    outsideSources: settings.outsideSources,
    textIncluders,
  };
  return { translate: (file) => translateSource(file, options) };
}
