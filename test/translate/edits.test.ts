// The edit engine: untouched text survives byte for byte, edits nest, overlaps are refused.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { initParser, parse } from '../../src/parse/parser.js';
import { EditSet } from '../../src/rewrite/edits.js';
import { walk } from '../../src/analyse/syntax.js';

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
