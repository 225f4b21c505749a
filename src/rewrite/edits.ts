// The edit engine. Transformations attach replacements to syntax nodes; printing a node yields
// its original text with the replacements inside it applied. A replacement may print the node's
// own children (so edits nest, e.g. a rename inside a launch inside a macro argument) and
// everything not replaced is copied from the source byte for byte, comments included.
// Printing splices replacements into the source text by their spans, without walking the tree.
import type { Node } from '../parse/parser.js';
import { lowerBound } from '../lower-bound.js';

export type Printer = (node: Node) => string;
export type Replacement = (print: Printer) => string;

interface Edit {
  start: number;
  end: number;
  id: number;
  replacement: Replacement;
}

export class EditSet {
  private readonly edits = new Map<number, Edit>();
  /** The edits by start, outer before inner; rebuilt after a change. */
  private ordered: Edit[] | undefined;

  constructor(readonly text: string) {}

  /** Replaces `node` with the text `with_` produces. A second replacement of one node is a bug. */
  replace(node: Node, with_: Replacement | string): void {
    if (this.edits.has(node.id)) throw new Error(`overlapping edits at ${node.startIndex} (${node.type})`);
    const replacement = typeof with_ === 'string' ? () => with_ : with_;
    this.edits.set(node.id, { start: node.startIndex, end: node.endIndex, id: node.id, replacement });
    this.ordered = undefined;
  }

  /** Wraps the node's (edited) text. */
  wrap(node: Node, before: string, after: string): void {
    this.transform(node, (text) => before + text + after);
  }

  /** Passes the node's final (edited) text through `f` when it is printed. */
  transform(node: Node, f: (text: string) => string): void {
    const inner = this.edits.get(node.id);
    if (inner) inner.replacement = ((r) => (print: Printer) => f(r(print)))(inner.replacement);
    else this.replace(node, () => f(this.inside(node.startIndex, node.endIndex, node.id)));
  }

  has(node: Node): boolean {
    return this.edits.has(node.id);
  }

  readonly print: Printer = (node) => {
    const edit = this.edits.get(node.id);
    return edit ? edit.replacement(this.print) : this.inside(node.startIndex, node.endIndex, node.id);
  };

  /** The whole file: the root node plus anything outside it (leading/trailing whitespace). */
  printFile(root: Node): string {
    return this.text.slice(0, root.startIndex) + this.print(root) + this.text.slice(root.endIndex);
  }

  /** text[start, end) with the outermost edits inside it (other than node `self`) applied. */
  private inside(start: number, end: number, self: number): string {
    const ordered = (this.ordered ??= [...this.edits.values()].sort((a, b) => a.start - b.start || b.end - a.end));
    let out = '';
    let at = start;
    for (let i = firstFrom(ordered, start); i < ordered.length && ordered[i].start < end; i++) {
      const e = ordered[i];
      if (e.id === self || e.end > end) continue;
      out += this.text.slice(at, e.start) + e.replacement(this.print);
      at = e.end;
      // The edits inside this one are its own to print: go on after it.
      i = firstFrom(ordered, at) - 1;
    }
    return out + this.text.slice(at, end);
  }
}

/** The first of the edits (by start) starting at or after `at`. */
function firstFrom(ordered: readonly Edit[], at: number): number {
  return lowerBound(ordered.length, (i) => ordered[i].start < at);
}

/** Adds lines after everything in the file (`root`, the translation unit). */
export function appendToFile(edits: EditSet, root: Node, lines: readonly string[], nl: string): void {
  edits.transform(root, (text) => `${text}${nl}${lines.join(nl)}${nl}`);
}
