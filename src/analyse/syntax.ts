// Small helpers over tree-sitter nodes shared by the analysis and rewrite stages.
import type { Node } from '../parse/parser.js';
import { lowerBound } from '../lower-bound.js';

/** CUDA/HIP execution-space and storage keywords, as they appear on declarations. */
const SPACE_WORDS = new Set([
  '__global__', '__device__', '__host__', '__constant__', '__shared__', '__managed__',
  '__forceinline__', '__noinline__', 'static', 'extern', 'inline', 'constexpr',
]);
/** Execution spaces in attribute form, `__attribute__((global))`, as listed attributes. */
const ATTRIBUTE_SPACE = /(?:\(\(|,)\s*(global|device|host|constant|shared|managed)\s*(?=[,)])/g;

/** `__attribute__((global))`, what CUDA's headers make of `__global__`: the keywords it means. */
export function attributeSpaces(attribute: Node): string[] {
  return [...attribute.text.matchAll(ATTRIBUTE_SPACE)].map((m) => `__${m[1]}__`);
}

/** The CUDA keywords written directly on a declaration or function definition. */
export function qualifiersOf(node: Node): Set<string> {
  const found = new Set<string>();
  for (const c of node.children) {
    if (!c) continue;
    if (SPACE_WORDS.has(c.type)) found.add(c.type);
    else if (c.type === 'type_qualifier' || c.type === 'storage_class_specifier') {
      const word = c.text;
      if (SPACE_WORDS.has(word)) found.add(word);
    } else if (c.type === 'attribute_specifier') {
      for (const word of attributeSpaces(c)) found.add(word);
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

/** The function definition whose text holds `node` (the innermost), if any. */
export function enclosingFunction(node: Node): Node | undefined {
  let fn: Node | null = node.parent;
  while (fn && fn.type !== 'function_definition') fn = fn.parent;
  return fn ?? undefined;
}

/** The function_declarator inside a function definition's declarator chain. */
export function functionDeclarator(node: Node): Node | undefined {
  // A reference return (`T const &C<T>::get()`) nests it in a reference_declarator, which has no field.
  for (let d = node.childForFieldName('declarator'); d; d = d.childForFieldName('declarator') ?? (d.type === 'reference_declarator' ? d.namedChildren[0] : null)) {
    if (d.type === 'function_declarator') return d;
    // A conversion operator's (`operator T*()`) is abstract: it names no declarator.
    if (d.type === 'abstract_function_declarator' && node.childForFieldName('declarator')?.type === 'operator_cast') return d;
  }
  return undefined;
}

/** The namespaces enclosing `node`, outermost first (`a::b::`-style prefix when joined). */
export function namespacesOf(node: Node): string[] {
  const names: string[] = [];
  for (let p = node.parent; p; p = p.parent) {
    if (p.type === 'namespace_definition') names.unshift(p.childForFieldName('name')?.text ?? '');
  }
  return names.filter(Boolean);
}

export function position(node: Node): { line: number; col: number } {
  return { line: node.startPosition.row + 1, col: node.startPosition.column + 1 };
}

/** The argument nodes of an argument_list (named children, comments skipped). */
export function argumentsOf(list: Node | null): Node[] {
  return list ? list.namedChildren.filter((c): c is Node => !!c && c.type !== 'comment') : [];
}

/** The first of `nodes` (in source order) starting at or after `at`. */
function firstAt(nodes: readonly Node[], at: number): number {
  return lowerBound(nodes.length, (i) => nodes[i].startIndex < at);
}

/** The nodes of `list` starting inside [start, end), in source order. */
function within(list: readonly Node[], start: number, end: number): readonly Node[] {
  let last = firstAt(list, start);
  const first = last;
  while (last < list.length && list[last].startIndex < end) last++;
  return first === 0 && last === list.length ? list : list.slice(first, last);
}

/**
 * Visits the named descendants of `root` whose type is in `types`, in source order, from the
 * tree's lists of named nodes by type (nothing in between is visited).
 * `want` is a cheap test on the span before the node is used; `visit` returns false to skip the
 * matched node's subtree.
 */
export function scan(
  root: Node,
  types: ReadonlySet<string>,
  visit: (n: Node) => boolean | void,
  want?: (type: string, start: number, end: number) => boolean,
): void {
  const found = within(root.tree.ofTypes(types), root.startIndex, root.endIndex);
  const rootStart = root.startIndex;
  const rootEnd = root.endIndex;
  let skipUntil = -1;
  for (let i = 0; i < found.length; i++) {
    const node = found[i];
    const { type, startIndex: start, endIndex: end } = node;
    if (start < skipUntil) continue;
    if (end > rootEnd || (start === rootStart && end === rootEnd && type === root.type)) continue;
    if (want && !want(type, start, end)) continue;
    if (visit(node) === false) skipUntil = end;
  }
}

/** Like scan, passing only the type and text span of each match (nothing is materialised). */
export function scanSpans(root: Node, types: ReadonlySet<string>, visit: (type: string, start: number, end: number) => void): void {
  scan(root, types, () => undefined, (type, start, end) => {
    visit(type, start, end);
    return false;
  });
}

/** `what` occurs in text[start, end). */
export function spanHas(text: string, what: string, start: number, end: number): boolean {
  // Bounded by the span (an unbounded indexOf would scan to the next occurrence, file-wide).
  return text.slice(start, end).includes(what);
}

/** A name with the qualifiers written before it (`a::b::k` of `k`), and their text (`a::b::`, '' unqualified). */
export function qualifiedUse(name: Node): { node: Node; scope: string } {
  let top = name;
  while (top.parent?.type === 'qualified_identifier' && top.parent.childForFieldName('name')?.id === top.id) top = top.parent;
  return { node: top, scope: top.text.slice(0, name.startIndex - top.startIndex) };
}

/** The name a call's function expression calls: `f`, `f<T>`, `ns::f`, `ns::f<T>` -> f. */
export function calleeName(fn: Node | null): string | undefined {
  let n = fn;
  while (n?.type === 'qualified_identifier') n = n.childForFieldName('name');
  if (n?.type === 'template_function') n = n.childForFieldName('name');
  return n?.type === 'identifier' ? n.text : undefined;
}

const ALIASES = new Set(['alias_declaration', 'type_definition']);

/** The type names `using` and `typedef` declarations in `node` introduce. */
export function aliasesIn(node: Node): string[] {
  const names: string[] = [];
  scan(node, ALIASES, (d) => {
    const named = d.type === 'alias_declaration' ? [d.childForFieldName('name')] : d.childrenForFieldName('declarator').map((x) => x && declaredName(x));
    for (const n of named) if (n) names.push(n.text);
  });
  return names;
}

const RECORDS = new Set(['class_specifier', 'struct_specifier']);

/** The body of the class around member function `fn`, or, defined outside it (`Box<T>::f`), of that class in the same file. */
export function classBodyOf(fn: Node): Node | undefined {
  let body: Node | null = fn.parent;
  while (body?.type === 'template_declaration') body = body.parent;
  if (body?.type === 'field_declaration_list') return body;
  const scope = ownerScope(fn);
  const owner = scope?.type === 'template_type' ? scope.childForFieldName('name')?.text : scope?.text;
  if (!owner) return undefined;
  const cls = fn.tree.ofTypes(RECORDS).find((c) => c.childForFieldName('name')?.text === owner && c.childForFieldName('body'));
  return cls?.childForFieldName('body') ?? undefined;
}

/** `Box<T>` of `void Box<T>::fill()` (`Vec` of `ns::Vec::bump`): the class a function defined outside it is a member of. */
export function ownerScope(fn: Node): Node | undefined {
  let q = functionDeclarator(fn)?.childForFieldName('declarator');
  if (q?.type !== 'qualified_identifier') return undefined;
  while (q.childForFieldName('name')?.type === 'qualified_identifier') q = q.childForFieldName('name')!;
  return q.childForFieldName('scope') ?? undefined;
}
