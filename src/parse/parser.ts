// The one place that knows how source text becomes a syntax tree: the tree-sitter-cuda grammar,
// run by web-tree-sitter's wasm build or by tree-sitter's native node bindings (an optional
// dependency), and copied into a plain JavaScript tree (./tree.ts) in one walk. Both give the
// same trees (a test translates everything under both and compares the bytes). The native parser
// is faster, but every step of its walk is a call into C++ (~60 ns): parse and copy together,
// wasm is faster on every corpus measured (bench), so it is the default. The native one loads in
// half the time and has no wasm to compile before its first parse (about 20 ms less on one small
// file), so small runs prefer it (falling back to wasm where it does not load). HIP2VX_PARSER=
// native|wasm forces one. Chosen once per process.
import { Tree, type Grammar, type NodeColumns } from './tree.js';

export { ERROR_SYMBOL, Node, Tree } from './tree.js';

export type ParserKind = 'native' | 'wasm';

/** What each backend module provides. */
export interface ParserBackend {
  readonly kind: ParserKind;
  readonly grammar: Grammar;
  /** Parses `text` and walks the result depth-first into columns. */
  parse(text: string): NodeColumns;
  /** Parses `text` and frees the tree unread: tree-sitter's own cost (the bench's floor). */
  parseOnly(text: string): void;
}

let backend: ParserBackend | undefined;
let loading: Promise<void> | undefined;

/** Loads one backend with the grammar. */
export async function loadBackend(kind: ParserKind): Promise<ParserBackend> {
  return kind === 'native' ? (await import('./native-parser.js')).load() : (await import('./wasm-parser.js')).load();
}

/** HIP2VX_PARSER, else `preferred` (see the top of this file). */
export function chosenKind(preferred: ParserKind = 'wasm'): ParserKind {
  const forced = process.env.HIP2VX_PARSER;
  if (forced === undefined || forced === '') return preferred;
  if (forced === 'native' || forced === 'wasm') return forced;
  throw new Error(`HIP2VX_PARSER=${forced}: expected native or wasm`);
}

/**
 * Loads the parser once per process (or worker); concurrent and later calls share that load. A
 * preferred native parser that does not load here (no binary for the platform) gives way to wasm;
 * a forced one is an error.
 */
export function initParser(preferred: ParserKind = 'wasm'): Promise<void> {
  loading ??= (async () => {
    const kind = chosenKind(preferred);
    const fallback = kind === 'native' && !process.env.HIP2VX_PARSER;
    backend = await loadBackend(kind).catch((e: unknown) => (fallback ? loadBackend('wasm') : Promise.reject(e)));
  })();
  return loading;
}

function ready(): ParserBackend {
  if (!backend) throw new Error('initParser() has not been awaited');
  return backend;
}

/** Which backend this process parses with. `initParser()` must have completed. */
export const parserKind = (): ParserKind => ready().kind;

/**
 * Parses a whole translation unit. `initParser()` must have completed. `parsedAs`, of the same
 * length, is what the grammar reads instead, its operators at `retyped` read as given there.
 */
export const parse = (text: string, parsedAs = text, retyped?: ReadonlyMap<number, string>): Tree => new Tree(text, ready().grammar, ready().parse(parsedAs), retyped);

/** Parses with a given backend (the tests compare the two). */
export const parseWith = (b: ParserBackend, text: string): Tree => new Tree(text, b.grammar, b.parse(text));
