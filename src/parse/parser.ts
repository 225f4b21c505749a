// The one place that knows how source text becomes a syntax tree: web-tree-sitter running the
// tree-sitter-cuda grammar's shipped wasm (no native build; parses CUDA/HIP syntax without errors).
import { createRequire } from 'node:module';
import { Language, Parser, type Node, type Tree } from 'web-tree-sitter';

export type { Node, Tree };

const require = createRequire(import.meta.url);
let parser: Parser | undefined;
let loading: Promise<void> | undefined;

/** Loads the grammar once per process (or worker); concurrent and later calls share that load. */
export function initParser(): Promise<void> {
  loading ??= (async () => {
    await Parser.init();
    const language = await Language.load(require.resolve('tree-sitter-cuda/tree-sitter-cuda.wasm'));
    const p = new Parser();
    p.setLanguage(language);
    parser = p;
  })();
  return loading;
}

/** Parses a whole translation unit. `initParser()` must have completed. */
export function parse(text: string): Tree {
  if (!parser) throw new Error('initParser() has not been awaited');
  const tree = parser.parse(text);
  if (!tree) throw new Error('tree-sitter returned no tree');
  return tree;
}
