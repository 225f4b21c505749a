// The syntax tree the translator reads: a plain JavaScript copy of tree-sitter's tree, built in one
// pass over the parser's own tree. Either binding charges a call across its boundary (into C++ or
// wasm) for every node property read, and the analyses read each node many times; a copy makes
// those reads field accesses. The API is the subset of tree-sitter's Node the translator uses,
// with the same meaning (positions in UTF-16 code units, anonymous nodes in `children`).
import { lowerBound } from '../lower-bound.js';

/** What a parser backend's walk records for every node, in depth-first order (reused per parse). */
export class NodeColumns {
  count = 0;
  types = new Uint16Array(1024);
  starts = new Uint32Array(1024);
  ends = new Uint32Array(1024);
  /** Field id under the parent (0: none). */
  fields = new Uint16Array(1024);
  depths = new Uint16Array(1024);
  /** Zero-width nodes the parser inserted to recover from an error. */
  readonly missing = new Set<number>();
  /**
   * The nodes tree-sitter says have an error in them (asked per node, and only when the root has
   * one: the count comes from the parser's error costs, which no rule over the copy reproduces).
   */
  readonly errors = new Set<number>();

  reset(): this {
    this.count = 0;
    this.missing.clear();
    this.errors.clear();
    return this;
  }

  push(type: number, start: number, end: number, field: number, depth: number): void {
    const i = this.count++;
    if (i === this.types.length) this.grow();
    this.types[i] = type;
    this.starts[i] = start;
    this.ends[i] = end;
    this.fields[i] = field;
    this.depths[i] = depth;
  }

  private grow(): void {
    const size = this.types.length * 2;
    this.types = grown(this.types, new Uint16Array(size));
    this.starts = grown(this.starts, new Uint32Array(size));
    this.ends = grown(this.ends, new Uint32Array(size));
    this.fields = grown(this.fields, new Uint16Array(size));
    this.depths = grown(this.depths, new Uint16Array(size));
  }
}

const grown = <T extends Uint16Array | Uint32Array>(from: T, to: T): T => (to.set(from), to);

/** The grammar's names, as the backend knows them. */
export interface Grammar {
  typeName(id: number): string;
  typeIsNamed(id: number): boolean;
  /** Field id for a name; undefined when no tree has shown that field yet (so no node has it). */
  fieldId(name: string): number | undefined;
  fieldName(id: number): string | null;
}

/** tree-sitter's id for ERROR nodes (outside the language's type table). */
export const ERROR_SYMBOL = 0xffff;

export interface Point {
  row: number;
  column: number;
}

let nextId = 1;

export class Tree {
  readonly rootNode: Node;
  /** Every named node, in source order (parents before children). */
  readonly named: Node[] = [];
  private lineStarts: number[] | undefined;
  private byType: Map<string, Node[]> | undefined;
  private allByType: Map<string, Node[]> | undefined;
  /** ofTypes' lists, by the set of types asked for (the analyses ask with a few constant sets). */
  private readonly byTypes = new Map<ReadonlySet<string>, readonly Node[]>();
  /** The type names of this tree's anonymous nodes. */
  private readonly anonymous = new Set<string>();

  /** `retyped`: anonymous nodes (operators) at these offsets read as another token (./repair.ts). */
  constructor(readonly text: string, readonly grammar: Grammar, columns: NodeColumns, retyped?: ReadonlyMap<number, string>) {
    const stack: Node[] = [];
    const anonymousIds = new Uint8Array(ERROR_SYMBOL + 1);
    let root: Node | undefined;
    for (let i = 0; i < columns.count; i++) {
      const depth = columns.depths[i];
      const type = columns.types[i];
      const parent = depth ? stack[depth - 1] : null;
      const node = new Node(this, parent, type, columns.starts[i], columns.ends[i], columns.fields[i], columns.missing.has(i), columns.errors.has(i));
      if (retyped?.has(node.startIndex) && !node.isNamed) node.type = retyped.get(node.startIndex)!;
      stack[depth] = node;
      if (parent) parent.adopt(node);
      else root = node;
      if (node.isNamed) node.order = this.named.push(node) - 1;
      else if (!anonymousIds[type]) {
        anonymousIds[type] = 1;
        this.anonymous.add(node.type);
      }
    }
    if (!root) throw new Error('tree-sitter returned an empty tree');
    this.rootNode = root;
  }

  /**
   * The named nodes of each type, in source order; of nodes of one type nested with one span (a
   * parenthesised type in a parenthesised type...), only the innermost.
   */
  ofType(type: string): readonly Node[] {
    if (!this.byType) {
      this.byType = new Map();
      for (const n of this.named) {
        const list = this.byType.get(n.type);
        if (!list) this.byType.set(n.type, [n]);
        else if (list[list.length - 1].startIndex === n.startIndex && list[list.length - 1].endIndex === n.endIndex) list[list.length - 1] = n;
        else list.push(n);
      }
    }
    return this.byType.get(type) ?? NONE;
  }

  /**
   * The nodes of ofType for each of `types`, in source order (parents before children). Merged
   * once per set: a scan per function would otherwise merge and sort the whole file's lists.
   */
  ofTypes(types: ReadonlySet<string>): readonly Node[] {
    if (types.size === 1) for (const t of types) return this.ofType(t);
    let list = this.byTypes.get(types);
    if (!list) {
      const lists = [...types].map((t) => this.ofType(t)).filter((l) => l.length > 0);
      const total = lists.reduce((sum, l) => sum + l.length, 0);
      list = lists.length <= 1 ? (lists[0] ?? NONE) : total * lists.length < this.named.length ? mergeInOrder(lists) : this.markedInOrder(lists);
      this.byTypes.set(types, list);
    }
    return list;
  }

  /** Marked by position among the named nodes, then read off in that order: for long lists. */
  private markedInOrder(lists: readonly (readonly Node[])[]): Node[] {
    const marked = new Uint8Array(this.named.length);
    for (const l of lists) for (const n of l) marked[n.order] = 1;
    const found: Node[] = [];
    for (let i = 0; i < marked.length; i++) if (marked[i]) found.push(this.named[i]);
    return found;
  }

  /** Every node (named or not) of a type, in depth-first order, so by id (one pass per type asked for). */
  allOfType(type: string): readonly Node[] {
    const byType = (this.allByType ??= new Map());
    let list = byType.get(type);
    if (!list) {
      // The named nodes are a flat list in that order: walk the whole tree only for a type some anonymous node has.
      if (!this.anonymous.has(type)) list = this.named.filter((n) => n.type === type);
      else {
        const found: Node[] = this.rootNode.type === type ? [this.rootNode] : [];
        const visit = (n: Node): void => {
          for (const c of n.children) {
            if (c.type === type) found.push(c);
            visit(c);
          }
        };
        visit(this.rootNode);
        list = found;
      }
      byType.set(type, list);
    }
    return list;
  }

  /** Frees nothing: the copy is garbage collected (kept for callers written against tree-sitter). */
  delete(): void {}

  position(index: number): Point {
    const starts = (this.lineStarts ??= lineStartsOf(this.text));
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= index) lo = mid;
      else hi = mid - 1;
    }
    return { row: lo, column: index - starts[lo] };
  }
}

function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

const NONE: readonly Node[] = Object.freeze([]);

export class Node {
  readonly id = nextId++;
  /** Set once, when the tree is built. */
  type: string;
  readonly isNamed: boolean;
  /** Most nodes are leaves: they share one empty list. */
  children = NONE as Node[];
  /** Position among the tree's named nodes (-1: anonymous). */
  order = -1;
  private namedCache: Node[] | undefined;

  constructor(
    readonly tree: Tree,
    readonly parent: Node | null,
    readonly typeId: number,
    readonly startIndex: number,
    readonly endIndex: number,
    /** Field id under the parent (0: none). */
    readonly fieldId: number,
    readonly isMissing: boolean,
    /** The node or one of its descendants is a syntax error or a missing token. */
    readonly hasError: boolean,
  ) {
    this.type = tree.grammar.typeName(typeId);
    this.isNamed = tree.grammar.typeIsNamed(typeId);
  }

  /** Tree building only. */
  adopt(child: Node): void {
    if (this.children === NONE) this.children = [child];
    else this.children.push(child);
  }

  get text(): string {
    return this.tree.text.slice(this.startIndex, this.endIndex);
  }

  get isError(): boolean {
    return this.typeId === ERROR_SYMBOL;
  }

  get startPosition(): Point {
    return this.tree.position(this.startIndex);
  }

  get endPosition(): Point {
    return this.tree.position(this.endIndex);
  }

  get namedChildren(): Node[] {
    return (this.namedCache ??= this.children.filter((c) => c.isNamed));
  }

  get namedChildCount(): number {
    return this.namedChildren.length;
  }

  get childCount(): number {
    return this.children.length;
  }

  child(index: number): Node | null {
    return this.children[index] ?? null;
  }

  childForFieldName(name: string): Node | null {
    const field = this.tree.grammar.fieldId(name);
    if (field === undefined) return null;
    for (const c of this.children) if (c.fieldId === field) return c;
    return null;
  }

  childrenForFieldName(name: string): Node[] {
    const field = this.tree.grammar.fieldId(name);
    return field === undefined ? [] : this.children.filter((c) => c.fieldId === field);
  }

  fieldNameForChild(index: number): string | null {
    const c = this.children[index];
    return c && c.fieldId ? this.tree.grammar.fieldName(c.fieldId) : null;
  }

  get previousNamedSibling(): Node | null {
    const siblings = this.parent?.children ?? [];
    for (let i = siblings.indexOf(this) - 1; i >= 0; i--) if (siblings[i].isNamed) return siblings[i];
    return null;
  }

  get nextNamedSibling(): Node | null {
    const siblings = this.parent?.children ?? [];
    for (let i = siblings.indexOf(this) + 1; i > 0 && i < siblings.length; i++) if (siblings[i].isNamed) return siblings[i];
    return null;
  }

  equals(other: Node): boolean {
    return other === this;
  }

  /**
   * Descendants whose type is `type`, in source order, from the tree's list of that type: the
   * tree builds its nodes depth first, so a subtree's ids run from its root's to its last leaf's.
   */
  descendantsOfType(type: string): Node[] {
    let last: Node = this;
    while (last.children.length) last = last.children[last.children.length - 1];
    const list = this.tree.allOfType(type);
    return list.slice(lowerBound(list.length, (i) => list[i].id <= this.id), lowerBound(list.length, (i) => list[i].id <= last.id));
  }
}

/** Lists each in tree order merged by their heads: for short lists (most sets name rare types). */
function mergeInOrder(lists: readonly (readonly Node[])[]): Node[] {
  const at = lists.map(() => 0);
  const merged: Node[] = [];
  for (;;) {
    let best = -1;
    for (let k = 0; k < lists.length; k++) if (at[k] < lists[k].length && (best < 0 || lists[k][at[k]].order < lists[best][at[best]].order)) best = k;
    if (best < 0) return merged;
    merged.push(lists[best][at[best]++]);
  }
}
