// The production translator: the parser, the rule tables and src/translate.ts, loaded only when a
// file has to be translated (the cheap GPU test is all a run of plain or reused files needs).
import type { ParserKind } from '../parse/parser.js';
import type { TextIncluders, Translator, TranslatorSettings } from './translator.js';

export { looksLikeGpuSource } from '../gpu-hint.js';

export async function createTranslator(settings: TranslatorSettings, textIncluders?: TextIncluders, parser?: ParserKind): Promise<Translator> {
  const [{ initParser }, { loadRules }, { translateSource }] = await Promise.all([import('../parse/parser.js'), import('../rules/index.js'), import('../translate.js')]);
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
