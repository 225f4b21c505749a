// The edit engine: untouched text survives byte for byte, edits nest, overlaps are refused; and
// declarations split for moving ahead of a region.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { initParser, parse } from '../../src/parse/parser.js';
import { EditSet } from '../../src/rewrite/edits.js';
import { walk } from '../../src/analyse/syntax.js';
import { hoisted } from '../../src/rewrite/hoist.js';

await initParser();

describe('EditSet', () => {
  it('prints any input unchanged when nothing is edited', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'int x = f(a, b); /* c */ // d\n{}[]<>"\\\'#\t\r\n ðŸ'.split('')), maxLength: 300 }), (text) => {
        const tree = parse(text);
        expect(new EditSet(text).printFile(tree.rootNode)).toBe(text);
        tree.delete();
      }),
      { numRuns: 300 },
    );
  });

  it('applies an edit inside a replacement that prints its children', () => {
    const text = 'int main() { launch(cudaMalloc(p), /* keep */ q); }\n';
    const tree = parse(text);
    const edits = new EditSet(text);
    walk(tree.rootNode, (n) => {
      if (n.type === 'identifier' && n.text === 'cudaMalloc') edits.replace(n, 'hipMalloc');
      if (n.type === 'call_expression' && n.childForFieldName('function')?.text === 'launch') {
        const args = n.childForFieldName('arguments')!;
        edits.replace(n, (print) => `stub${print(args)}`);
      }
    });
    expect(edits.printFile(tree.rootNode)).toBe('int main() { stub(hipMalloc(p), /* keep */ q); }\n');
  });

  it('wraps a node, keeping an earlier replacement of it', () => {
    const text = 'int a;\n';
    const tree = parse(text);
    const edits = new EditSet(text);
    const decl = tree.rootNode.namedChildren[0]!;
    edits.replace(decl, 'long a;');
    edits.wrap(decl, '/* x */ ', ' // y');
    expect(edits.printFile(tree.rootNode)).toBe('/* x */ long a; // y\n');
  });

  it('refuses two replacements of one node', () => {
    const text = 'int a;\n';
    const tree = parse(text);
    const edits = new EditSet(text);
    const decl = tree.rootNode.namedChildren[0]!;
    edits.replace(decl, 'x');
    expect(() => edits.replace(decl, 'y')).toThrow(/overlapping edits/);
  });
});

describe('hoisted declarations', () => {
  const split = (decl: string) => {
    const text = `void f() { ${decl} }`;
    const tree = parse(text);
    const d = tree.rootNode.descendantsOfType('declaration')[0];
    const h = hoisted(d);
    const print = new EditSet(text).print;
    return h && [h.declaration(print), h.assignments(print)];
  };

  it('declares plain and pointer variables without const or value, and assigns the values', () => {
    expect(split('const unsigned int a = 1, *b, c = a + 2;')).toEqual(['unsigned int a; const unsigned int *b; unsigned int c; ', 'a = 1; c = a + 2;']);
    expect(split('volatile float* __restrict__ p = q;')).toEqual(['volatile float * __restrict__ p; ', 'p = q;']);
    expect(split('Real x;')).toEqual(['Real x; ', '']);
    expect(split('cg::thread_block* b = &g;')).toEqual(['cg::thread_block * b; ', 'b = &g;']);
  });

  it('leaves what an assignment would not reproduce: static, deduced types, arrays, references, constructors, braces, const pointers, classes that may lack a default constructor', () => {
    for (const decl of ['static int a = 1;', 'auto a = 1;', 'int a[2] = {1, 2};', 'int& r = x;', 'T t(1, 2);', 'T t{1};', 'int i = {3};', 'float* const q = p;', 'cg::thread_block b = g;', 'thread_block b = g;', 'std::array<int, 2> a = f();']) {
      expect(split(decl), decl).toBeUndefined();
    }
  });
});
