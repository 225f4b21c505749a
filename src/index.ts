// The library: what a program embedding hip2vortex needs, without the command line.
export { looksLikeGpuSource, translateSource } from './translate.js';
export type { OutputFile, RuleUse, TranslateOptions, TranslationResult, TranslationStats, Unconverted } from './translate.js';
export { loadRules } from './rules/index.js';
export type { RuleSet } from './rules/types.js';
export { argsLayout, layoutOf, recordLayout } from './layout/index.js';
export type { Abi, CType, Field, Layout } from './layout/index.js';
export { initParser } from './parse/parser.js';
export { decodeSource, readSource } from './parse/source.js';
export type { SourceFile } from './parse/source.js';
export { formatDiagnostic, hasErrors, sortDiagnostics } from './report/diagnostic.js';
export type { Diagnostic, Severity } from './report/diagnostic.js';
export { toSarif } from './report/sarif.js';
