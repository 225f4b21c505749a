// The translator module (TranslatorModule): the cheap GPU test at once, the translator itself
// (translator-core.ts) only when a file has to be translated, which a run of plain or reused
// files never needs. The command line's bundle has cached-translator.ts in its place.
import type { TranslatorModule } from './translator.js';

export { looksLikeGpuSource } from '../gpu-hint.js';

export const createTranslator: TranslatorModule['createTranslator'] = async (...args) => (await import('./translator-core.js')).createTranslator(...args);
