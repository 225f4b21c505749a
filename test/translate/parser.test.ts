// The translator reads a JavaScript copy of tree-sitter's tree (src/parse/tree.ts), made by each
// backend's own walk (the wasm one through the module's internal cursor functions). The copy must
// show exactly what web-tree-sitter's public API shows, from both backends, on any input.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Language, Parser, type Node as WasmNode } from 'web-tree-sitter';
import { loadBackend, parseWith, type Node } from '../../src/parse/parser.js';
import { lacksNativeParser } from '../tools.js';

const wasmBackend = await loadBackend('wasm');
const nativeBackend = (await lacksNativeParser('the native tree copy')) ? undefined : await loadBackend('native');
// web-tree-sitter is initialised by the wasm backend: its public API is the reference.
const reference = new Parser();
reference.setLanguage(await Language.load(createRequire(import.meta.url).resolve('tree-sitter-cuda/tree-sitter-cuda.wasm')));

type Row = [string, number, number, boolean, string | null, number, number, boolean, boolean];

function rows(root: WasmNode | Node): Row[] {
  const out: Row[] = [];
  const visit = (n: WasmNode | Node, field: string | null) => {
    out.push([n.type, n.startIndex, n.endIndex, n.isNamed, field, n.startPosition.row, n.startPosition.column, n.hasError, n.isMissing]);
    n.children.forEach((c, i) => c && visit(c, n.fieldNameForChild(i)));
  };
  visit(root, null);
  return out;
}

/** Every descendant of each type, by a plain walk of the children: what the tree's index must give. */
function walkedDescendants(n: Node, type: string, out: Node[] = []): Node[] {
  for (const c of n.children) {
    if (c.type === type) out.push(c);
    walkedDescendants(c, type, out);
  }
  return out;
}

/** descendantsOfType of every node, for named and anonymous types, equals a walk of its subtree. */
function expectIndexedDescendants(text: string): void {
  const root = parseWith(wasmBackend, text).rootNode;
  const all: Node[] = [];
  const visit = (n: Node) => {
    all.push(n);
    n.children.forEach(visit);
  };
  visit(root);
  for (const type of ['identifier', 'compound_statement', 'ERROR', ';', '(']) {
    for (const n of all) expect(n.descendantsOfType(type)).toEqual(walkedDescendants(n, type));
  }
}

function expectSameTrees(text: string): number {
  const tree = reference.parse(text)!;
  try {
    const expected = rows(tree.rootNode);
    expect(rows(parseWith(wasmBackend, text).rootNode)).toEqual(expected);
    if (nativeBackend) expect(rows(parseWith(nativeBackend, text).rootNode)).toEqual(expected);
    return expected.length;
  } finally {
    tree.delete();
  }
}

describe('the tree copy', () => {
  it('matches web-tree-sitter on every sample and fixture', () => {
    const files = ['samples', 'test/fixtures'].flatMap((dir) =>
      readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(hip|cu|cuh|h|cpp)$/.test(f)).map((f) => `${dir}/${f}`),
    );
    expect(files.length).toBeGreaterThan(40);
    for (const file of files) expect(expectSameTrees(readFileSync(file, 'utf8'))).toBeGreaterThan(10);
  });

  it('matches web-tree-sitter on arbitrary text: non-ASCII, syntax errors, missing tokens', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'int x = f(a, b); /* c */ // d\n{}[]<>"\\\'#\t\r\n ðŸ€𝔸'.split('')), maxLength: 300 }), (text) => {
        expectSameTrees(text);
      }),
      { numRuns: 300 },
    );
  });

  it('copies a deep tree (the wasm cursor stack is reallocated) and leaves the parser usable', () => {
    const depth = 2000;
    const text = `int x = ${'('.repeat(depth)}1${')'.repeat(depth)};\n`;
    for (let round = 0; round < 3; round++) expect(expectSameTrees(text)).toBeGreaterThan(depth);
  });

  it('finds descendants by type from its index as a walk of the subtree does', () => {
    expectIndexedDescendants(readFileSync('samples/vector_add/vector_add.hip', 'utf8'));
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'int x = f(a, b); { } ( ) ; #if\n'.split(' ')), maxLength: 60 }), (text) => {
        expectIndexedDescendants(text);
      }),
      { numRuns: 200 },
    );
  });

  it('lists the nodes of a set of types in tree order, for common and rare types alike', () => {
    const tree = parseWith(wasmBackend, readFileSync('samples/reduction/reduction.hip', 'utf8'));
    const named: Node[] = [];
    const visit = (n: Node) => {
      if (n.isNamed) named.push(n);
      n.children.forEach(visit);
    };
    visit(tree.rootNode);
    // Rare types merge their short lists; a set with identifiers is read off the whole tree.
    for (const types of [['for_statement', 'return_statement', 'if_statement'], ['identifier', 'call_expression', 'field_expression'], ['goto_statement', 'lambda_expression']]) {
      const set = new Set(types);
      const innermost = types.flatMap((t) => tree.ofType(t));
      expect(tree.ofTypes(set)).toEqual(named.filter((n) => innermost.includes(n)));
      expect(tree.ofTypes(set)).toBe(tree.ofTypes(set));
    }
  });

  it('answers field queries as tree-sitter does', () => {
    const root = parseWith(wasmBackend, 'int f(int a) { return a ? b : c; }').rootNode;
    const fn = root.namedChildren[0];
    expect(fn.childForFieldName('declarator')?.childForFieldName('parameters')?.text).toBe('(int a)');
    const conditional = root.descendantsOfType('conditional_expression')[0];
    expect(conditional.childrenForFieldName('consequence').map((n) => n.text)).toEqual(['b']);
    expect(conditional.childForFieldName('no_such_field')).toBeNull();
    expect(conditional.parent?.type).toBe('return_statement');
    expect(conditional.previousNamedSibling).toBeNull();
  });
});
