// namedSpans walks the tree through the wasm module's own cursor functions (not web-tree-sitter's
// public API): it must see exactly what the public API sees, on any input.
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { initParser, namedSpans, parse, type Node } from '../../src/parse/parser.js';

await initParser();

/** The reference: every named node through the public Node API, in source order. */
function publicWalk(root: Node): [string, number, number][] {
  const out: [string, number, number][] = [];
  const visit = (n: Node) => {
    out.push([n.type, n.startIndex, n.endIndex]);
    for (const c of n.namedChildren) if (c) visit(c);
  };
  visit(root);
  return out;
}

function spans(text: string): { fast: [string, number, number][]; reference: [string, number, number][] } {
  const tree = parse(text);
  try {
    const s = namedSpans(tree);
    const language = tree.language;
    const fast = Array.from({ length: s.count }, (_, i): [string, number, number] => [language.nodeTypeForId(s.types[i]) ?? 'ERROR', s.starts[i], s.ends[i]]);
    return { fast, reference: publicWalk(tree.rootNode) };
  } finally {
    tree.delete();
  }
}

describe('namedSpans', () => {
  it('matches the public API on every sample', () => {
    for (const dir of readdirSync('samples', { withFileTypes: true }).filter((d) => d.isDirectory())) {
      for (const name of readdirSync(`samples/${dir.name}`).filter((n) => /\.(hip|cu|cuh|h)$/.test(n))) {
        const { fast, reference } = spans(readFileSync(`samples/${dir.name}/${name}`, 'utf8'));
        expect(fast.length).toBeGreaterThan(100);
        expect(fast).toEqual(reference);
      }
    }
  });

  it('matches the public API on arbitrary text, non-ASCII included', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'int x = f(a, b); /* c */ // d\n{}[]<>"\\\'#\t\r\n ðŸ€𝔸'.split('')), maxLength: 300 }), (text) => {
        const { fast, reference } = spans(text);
        expect(fast).toEqual(reference);
      }),
      { numRuns: 300 },
    );
  });

  it('survives a deep tree (the cursor stack is reallocated) and leaves the parser usable', () => {
    const depth = 2000;
    const text = `int x = ${'('.repeat(depth)}1${')'.repeat(depth)};\n`;
    for (let round = 0; round < 3; round++) {
      const { fast, reference } = spans(text);
      expect(fast.length).toBeGreaterThan(depth);
      expect(fast).toEqual(reference);
    }
  });
});
