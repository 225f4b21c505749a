// The wasm backend: web-tree-sitter running the tree-sitter-cuda grammar's shipped wasm (works
// wherever Node does; the fallback when the native bindings do not load).
import { createRequire } from 'node:module';
import { Language, Parser, type Tree as WasmTree } from 'web-tree-sitter';
import type { ParserBackend } from './parser.js';
import { ERROR_SYMBOL, NodeColumns, type Grammar } from './tree.js';

const require = createRequire(import.meta.url);

/**
 * The wasm module's exports, which `Parser.init` installs on the object it is given. The walk
 * calls the cursor functions directly: web-tree-sitter's TreeCursor copies the cursor through JS
 * on every step, which cost as much as parsing itself. Tied to the pinned web-tree-sitter version
 * (a test compares the copied tree with web-tree-sitter's public API).
 */
interface WasmExports {
  HEAP32: Int32Array;
  _ts_init(): number;
  _ts_tree_cursor_goto_first_child_wasm(tree: number): number;
  _ts_tree_cursor_goto_next_sibling_wasm(tree: number): number;
  _ts_tree_cursor_goto_parent_wasm(tree: number): number;
  _ts_tree_cursor_current_node_type_id_wasm(tree: number): number;
  _ts_tree_cursor_current_field_id_wasm(tree: number): number;
  _ts_tree_cursor_current_node_is_missing_wasm(tree: number): number;
  _ts_tree_cursor_start_index_wasm(tree: number): number;
  _ts_tree_cursor_end_index_wasm(tree: number): number;
  _ts_tree_cursor_current_node_wasm(tree: number): void;
  _ts_node_has_error_wasm(tree: number): number;
}

type Internal = Record<number, number>;

export async function load(): Promise<ParserBackend> {
  const wasm = {} as WasmExports;
  await Parser.init(wasm);
  // The binding's transfer buffer: where the cursor under the exported cursor functions lives.
  const transfer = wasm._ts_init() >> 2;
  const language = await Language.load(require.resolve('tree-sitter-cuda/tree-sitter-cuda.wasm'));
  const parser = new Parser();
  parser.setLanguage(language);
  const columns = new NodeColumns();
  const typeNames = Array.from({ length: language.nodeTypeCount }, (_, id) => language.nodeTypeForId(id) ?? '');
  const named = Array.from({ length: language.nodeTypeCount }, (_, id) => language.nodeTypeIsNamed(id));
  const fields = new Map(language.fields.flatMap((name, id) => (name ? [[name, id] as const] : [])));
  const grammar: Grammar = {
    typeName: (id) => (id === ERROR_SYMBOL ? 'ERROR' : typeNames[id]),
    typeIsNamed: (id) => id === ERROR_SYMBOL || named[id],
    fieldId: (name) => fields.get(name),
    fieldName: (id) => language.fields[id] ?? null,
  };

  function parsed(text: string): WasmTree {
    const tree = parser.parse(text);
    if (!tree) throw new Error('tree-sitter returned no tree');
    return tree;
  }

  /** The cursor's node has an error: the node goes through the transfer buffer, over the cursor. */
  function hasError(address: number): boolean {
    const cursor = wasm.HEAP32.slice(transfer, transfer + 4);
    wasm._ts_tree_cursor_current_node_wasm(address);
    const result = wasm._ts_node_has_error_wasm(address) === 1;
    wasm.HEAP32.set(cursor, transfer);
    return result;
  }

  /** One depth-first pass over the whole tree, with the cursor kept inside the wasm module. */
  function walk(tree: WasmTree): NodeColumns {
    const address = (tree as unknown as Internal)[0];
    const cursor = tree.rootNode.walk();
    const state = cursor as unknown as Internal;
    for (let i = 0; i < 4; i++) wasm.HEAP32[transfer + i] = state[i];
    columns.reset();
    try {
      const errors = hasError(address);
      for (let depth = 0; depth >= 0; ) {
        const start = wasm._ts_tree_cursor_start_index_wasm(address);
        const end = wasm._ts_tree_cursor_end_index_wasm(address);
        if (start === end && wasm._ts_tree_cursor_current_node_is_missing_wasm(address)) columns.missing.add(columns.count);
        const type = wasm._ts_tree_cursor_current_node_type_id_wasm(address);
        if (errors && hasError(address)) columns.errors.add(columns.count);
        columns.push(type, start, end, wasm._ts_tree_cursor_current_field_id_wasm(address), depth);
        if (wasm._ts_tree_cursor_goto_first_child_wasm(address)) {
          depth++;
          continue;
        }
        while (!wasm._ts_tree_cursor_goto_next_sibling_wasm(address)) {
          depth--;
          if (!wasm._ts_tree_cursor_goto_parent_wasm(address)) break;
        }
      }
    } finally {
      // The walk may have reallocated the cursor's stack: hand its final state back before freeing.
      for (let i = 0; i < 4; i++) state[i] = wasm.HEAP32[transfer + i];
      cursor.delete();
    }
    return columns;
  }

  return {
    kind: 'wasm',
    grammar,
    parse(text) {
      const tree = parsed(text);
      try {
        return walk(tree);
      } finally {
        tree.delete();
      }
    },
    parseOnly: (text) => parsed(text).delete(),
  };
}
