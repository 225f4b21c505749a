// The command line's translator module (rolldown.config.mjs puts it where real-translator.js would
// be): translator-core.ts bundled as CommonJS (cjs/translator.cjs), loaded with a V8 code
// cache. The code cache is written after the first file is translated.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadBundle } from './code-cache.js';
import type { TranslatorModule } from './translator.js';

export { looksLikeGpuSource } from '../gpu-hint.js';

export const createTranslator: TranslatorModule['createTranslator'] = async (...args) => {
  const bundle = loadBundle<Pick<TranslatorModule, 'createTranslator'>>(join(dirname(fileURLToPath(import.meta.url)), 'cjs', 'translator.cjs'));
  const translator = await bundle.exports.createTranslator(...args);
  return {
    translate(file) {
      const result = translator.translate(file);
      bundle.persist();
      return result;
    },
  };
};
