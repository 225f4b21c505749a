// Small helpers over tree-sitter nodes shared by the analysis and rewrite stages.
import type { Node } from '../parse/parser.js';

/** CUDA/HIP execution-space and storage keywords, as they appear on declarations. */
export const SPACE_WORDS = new Set([
  '__global__', '__device__', '__host__', '__constant__', '__shared__', '__managed__',
  '__forceinline__', '__noinline__', 'static', 'extern', 'inline', 'constexpr',
]);

/** The CUDA keywords written directly on a declaration or function definition. */
export function qualifiersOf(node: Node): Set<string> {
  const found = new Set<string>();
  for (const c of node.children) {
    if (!c) continue;
    if (SPACE_WORDS.has(c.type)) found.add(c.type);
    else if (c.type === 'type_qualifier' || c.type === 'storage_class_specifier') {
      const word = c.text;
      if (SPACE_WORDS.has(word)) found.add(word);
    }
  }
  return found;
}

/** Depth-first walk; `visit` returns false to skip a subtree. */
export function walk(node: Node, visit: (n: Node) => boolean | void): void {
  if (visit(node) === false) return;
  for (const c of node.namedChildren) if (c) walk(c, visit);
}

export function descendants(node: Node, type: string | readonly string[]): Node[] {
  const types = typeof type === 'string' ? [type] : type;
  const out: Node[] = [];
  walk(node, (n) => {
    if (types.includes(n.type)) out.push(n);
  });
  return out;
}

/** The identifier a declarator declares (through pointers, arrays, functions, references, init). */
export function declaredName(declarator: Node | null): Node | undefined {
  for (let d = declarator; d; ) {
    if (['identifier', 'field_identifier', 'type_identifier', 'operator_name', 'destructor_name'].includes(d.type)) return d;
    if (d.type === 'qualified_identifier') return d;
    d = d.childForFieldName('declarator') ?? d.namedChildren.find((c) => c?.type.endsWith('declarator') || c?.type === 'identifier') ?? null;
  }
  return undefined;
}

/** The function_declarator inside a function definition's declarator chain. */
export function functionDeclarator(node: Node): Node | undefined {
  for (let d = node.childForFieldName('declarator'); d; d = d.childForFieldName('declarator')) {
    if (d.type === 'function_declarator') return d;
  }
  return undefined;
}

export function position(node: Node): { line: number; col: number } {
  return { line: node.startPosition.row + 1, col: node.startPosition.column + 1 };
}

/** The argument nodes of an argument_list (named children, comments skipped). */
export function argumentsOf(list: Node | null): Node[] {
  return list ? list.namedChildren.filter((c): c is Node => !!c && c.type !== 'comment') : [];
}

/**
 * Visits the descendants of `root` whose type is in `types`, in source order, through a tree
 * cursor: only matching nodes are materialised (walking Node objects of a large file costs far
 * more than the parse). `visit` returns false to skip the matched node's subtree.
 */
export function scan(
  root: Node,
  types: ReadonlySet<string>,
  visit: (n: Node) => boolean | void,
  /** A cheaper test on the span, before the node is materialised. */
  want?: (type: string, start: number, end: number) => boolean,
): void {
  const cursor = root.walk();
  const at = (): boolean => {
    const type = cursor.nodeType;
    if (!cursor.nodeIsNamed || !types.has(type) || (want && !want(type, cursor.startIndex, cursor.endIndex))) return false;
    return visit(cursor.currentNode) === false;
  };
  try {
    let skip = false;
    for (;;) {
      if (!skip && cursor.gotoFirstChild()) {
        skip = at();
        continue;
      }
      skip = false;
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent() || cursor.nodeId === root.id) return;
      }
      skip = at();
    }
  } finally {
    cursor.delete();
  }
}

/** Like scan, passing only the type and text span of each match (nothing is materialised). */
export function scanSpans(root: Node, types: ReadonlySet<string>, visit: (type: string, start: number, end: number) => void): void {
  const cursor = root.walk();
  try {
    for (;;) {
      if (cursor.gotoFirstChild()) {
        if (types.has(cursor.nodeType)) visit(cursor.nodeType, cursor.startIndex, cursor.endIndex);
        continue;
      }
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent() || cursor.nodeId === root.id) return;
      }
      if (types.has(cursor.nodeType)) visit(cursor.nodeType, cursor.startIndex, cursor.endIndex);
    }
  } finally {
    cursor.delete();
  }
}

/** `what` occurs in text[start, end). */
export function spanHas(text: string, what: string, start: number, end: number): boolean {
  // Bounded by the span (an unbounded indexOf would scan to the next occurrence, file-wide).
  return text.slice(start, end).includes(what);
}
