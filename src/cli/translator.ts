// The translator as the CLI drives it. Built from plain, cloneable settings so every worker
// thread can build its own: parsers and rule sets do not cross thread boundaries.
import type { ParserKind } from '../parse/parser.js';
import type { SourceFile } from '../parse/source.js';
import type { TranslationResult } from '../translate.js';
import { setV8Flag } from './v8-flags.js';

export interface TranslatorSettings {
  xlen: 32 | 64;
  /** Lanes of a logical warp (warp operations, warpSize); 32 when absent. */
  warpSize?: 32 | 64;
  divergence: 'explicit' | 'compiler';
  ruleFiles: string[];
  includeDirs: string[];
  /** -D macros, `NAME` or `NAME=VALUE`, in command-line order. */
  defines: string[];
  annotate: boolean;
  /** Named programs' sources from outside the inputs (absolute): they translate the headers beside them. */
  outsideSources?: string[];
}

/** By directory, its sources another one there includes as text, and that one (analyse/text-includers.ts). */
export type TextIncluders = ReadonlyMap<string, ReadonlyMap<string, string>>;

export interface Translator {
  translate(file: SourceFile): TranslationResult;
}

/**
 * What a translator module exports (`real-translator.ts`; tests substitute a fake one). Loading it
 * is cheap; `createTranslator` is not (parser, rule tables), so it runs only when a file needs it.
 */
export interface TranslatorModule {
  /** A cheap test (no parse) for files that may need translating. */
  looksLikeGpuSource(text: string): boolean;
  /** `parser`: the one this run prefers (HIP2VX_PARSER overrides it). */
  createTranslator(settings: TranslatorSettings, textIncluders?: TextIncluders, parser?: ParserKind): Promise<Translator>;
}

export const DEFAULT_TRANSLATOR_MODULE = new URL('./real-translator.js', import.meta.url).href;

export async function createTranslator(module: TranslatorModule, settings: TranslatorSettings, smallRun: boolean, textIncluders?: TextIncluders): Promise<Translator> {
  // A small run starts faster with the native parser, or else with the wasm one on V8's baseline
  // compiler alone (session.ts). V8 flags are process-wide; this runs before any wasm is compiled.
  if (smallRun) setV8Flag('--liftoff-only');
  return module.createTranslator(settings, textIncluders, smallRun ? 'native' : 'wasm');
}

