// The edit engine. Transformations attach replacements to syntax nodes; printing a node yields
// its original text with the replacements of its subtree applied. A replacement may print the
// node's own children (so edits nest, e.g. a rename inside a launch inside a macro argument) and
// everything not replaced is copied from the source byte for byte, comments included.
import type { Node } from '../parse/parser.js';

export type Printer = (node: Node) => string;
export type Replacement = (print: Printer) => string;

export class EditSet {
  private readonly replacements = new Map<number, Replacement>();
  /** Ids of nodes that contain a replaced node (so printing must descend into them). */
  private readonly dirty = new Set<number>();

  constructor(private readonly text: string) {}

  /** Replaces `node` with the text `with` produces. A second replacement of one node is a bug. */
  replace(node: Node, with_: Replacement | string): void {
    if (this.replacements.has(node.id)) throw new Error(`overlapping edits at ${node.startIndex} (${node.type})`);
    this.replacements.set(node.id, typeof with_ === 'string' ? () => with_ : with_);
    for (let p = node.parent; p && !this.dirty.has(p.id); p = p.parent) this.dirty.add(p.id);
  }

  /** Wraps the node's (edited) text. */
  wrap(node: Node, before: string, after: string): void {
    const inner = this.replacements.get(node.id);
    if (inner) {
      this.replacements.delete(node.id);
      this.replace(node, (print) => before + inner(print) + after);
    } else {
      this.replace(node, (print) => before + this.printChildren(node, print) + after);
    }
  }

  has(node: Node): boolean {
    return this.replacements.has(node.id);
  }

  readonly print: Printer = (node) => {
    const r = this.replacements.get(node.id);
    if (r) return r(this.print);
    if (!this.dirty.has(node.id)) return this.text.slice(node.startIndex, node.endIndex);
    return this.printChildren(node, this.print);
  };

  /** The node's text with its children printed through `print` (original text between them). */
  printChildren(node: Node, print: Printer): string {
    let out = '';
    let at = node.startIndex;
    for (let i = 0; i < node.childCount; i++) {
      const c = node.child(i)!;
      out += this.text.slice(at, c.startIndex) + print(c);
      at = c.endIndex;
    }
    return out + this.text.slice(at, node.endIndex);
  }

  /** The whole file: the root node plus anything outside it (leading/trailing whitespace). */
  printFile(root: Node): string {
    return this.text.slice(0, root.startIndex) + this.print(root) + this.text.slice(root.endIndex);
  }
}
