// The one place that knows how source text becomes a syntax tree: web-tree-sitter running the
// tree-sitter-cuda grammar's shipped wasm (no native build; parses CUDA/HIP syntax without errors).
import { createRequire } from 'node:module';
import { Language, Parser, type Node, type Tree } from 'web-tree-sitter';

export type { Node, Tree };

const require = createRequire(import.meta.url);
let parser: Parser | undefined;
let loading: Promise<void> | undefined;

/**
 * The wasm module's exports, which `Parser.init` installs on the object it is given. Used for one
 * hot loop (`namedSpans`): web-tree-sitter's TreeCursor copies the cursor through JS on every step,
 * which cost as much as parsing itself. Tied to the pinned web-tree-sitter version (a test compares
 * `namedSpans` with a walk through the public API).
 */
interface WasmExports {
  HEAP32: Int32Array;
  setValue(address: number, value: number, type: string): void;
  getValue(address: number, type: string): number;
  _ts_init(): number;
  _ts_tree_cursor_goto_first_child_wasm(tree: number): number;
  _ts_tree_cursor_goto_next_sibling_wasm(tree: number): number;
  _ts_tree_cursor_goto_parent_wasm(tree: number): number;
  _ts_tree_cursor_current_node_type_id_wasm(tree: number): number;
  _ts_tree_cursor_start_index_wasm(tree: number): number;
  _ts_tree_cursor_end_index_wasm(tree: number): number;
}
const wasm = {} as WasmExports;
/** The binding's transfer buffer: where the cursor under the exported cursor functions lives. */
let transfer = 0;

/** Loads the grammar once per process (or worker); concurrent and later calls share that load. */
export function initParser(): Promise<void> {
  loading ??= (async () => {
    await Parser.init(wasm);
    transfer = wasm._ts_init();
    fastAccessors();
    const language = await Language.load(require.resolve('tree-sitter-cuda/tree-sitter-cuda.wasm'));
    const p = new Parser();
    p.setLanguage(language);
    parser = p;
  })();
  return loading;
}

/**
 * web-tree-sitter moves every node through `setValue`/`getValue`, which dispatch on a type string
 * and go through a DataView; the 32-bit case, almost every call, becomes a typed-array access.
 */
function fastAccessors(): void {
  const { setValue, getValue } = wasm;
  let heap = wasm.HEAP32;
  // Growing the wasm memory detaches the old view.
  const view = () => (heap.length ? heap : (heap = wasm.HEAP32));
  wasm.setValue = (address, value, type) => (type === 'i32' ? (view()[address >> 2] = value) : setValue(address, value, type));
  wasm.getValue = (address, type) => (type === 'i32' ? view()[address >> 2] : getValue(address, type));
}

/** Parses a whole translation unit. `initParser()` must have completed. */
export function parse(text: string): Tree {
  if (!parser) throw new Error('initParser() has not been awaited');
  const tree = parser.parse(text);
  if (!tree) throw new Error('tree-sitter returned no tree');
  return tree;
}

/** Every named node of a tree as (type id, start, end) in source order, parents before children. */
export interface NamedSpans {
  types: Uint16Array;
  starts: Uint32Array;
  ends: Uint32Array;
  count: number;
}

type Internal = Record<number, number>;

/** One depth-first pass over the whole tree, with the cursor kept inside the wasm module. */
export function namedSpans(tree: Tree): NamedSpans {
  const named = namedTypeIds(tree.language);
  const treeAddress = (tree as unknown as Internal)[0];
  const cursor = tree.rootNode.walk();
  const state = cursor as unknown as Internal;
  const words = transfer >> 2;
  for (let i = 0; i < 4; i++) wasm.HEAP32[words + i] = state[i];
  let capacity = 1024;
  let types = new Uint16Array(capacity);
  let starts = new Uint32Array(capacity);
  let ends = new Uint32Array(capacity);
  let n = 0;
  try {
    for (let more = true; more; ) {
      const type = wasm._ts_tree_cursor_current_node_type_id_wasm(treeAddress);
      if (named[type] || type === ERROR_SYMBOL) {
        if (n === capacity) {
          capacity *= 2;
          types = grown(types, new Uint16Array(capacity));
          starts = grown(starts, new Uint32Array(capacity));
          ends = grown(ends, new Uint32Array(capacity));
        }
        types[n] = type;
        starts[n] = wasm._ts_tree_cursor_start_index_wasm(treeAddress);
        ends[n] = wasm._ts_tree_cursor_end_index_wasm(treeAddress);
        n++;
      }
      if (wasm._ts_tree_cursor_goto_first_child_wasm(treeAddress)) continue;
      while (!wasm._ts_tree_cursor_goto_next_sibling_wasm(treeAddress)) {
        if (!wasm._ts_tree_cursor_goto_parent_wasm(treeAddress)) {
          more = false;
          break;
        }
      }
    }
  } finally {
    // The walk may have reallocated the cursor's stack: hand its final state back before freeing.
    for (let i = 0; i < 4; i++) state[i] = wasm.HEAP32[words + i];
    cursor.delete();
  }
  return { types, starts, ends, count: n };
}

/** tree-sitter's id for ERROR nodes (outside the language's type table). */
const ERROR_SYMBOL = 0xffff;

const grown = <T extends Uint16Array | Uint32Array>(from: T, to: T): T => (to.set(from), to);

const namedIds = new WeakMap<Language, boolean[]>();

function namedTypeIds(language: Language): boolean[] {
  let named = namedIds.get(language);
  if (!named) {
    named = Array.from({ length: language.nodeTypeCount }, (_, id) => language.nodeTypeIsNamed(id));
    namedIds.set(language, named);
  }
  return named;
}
