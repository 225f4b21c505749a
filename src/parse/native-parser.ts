// The native backend (HIP2VX_PARSER=native): tree-sitter's node bindings (a compiled addon, an
// optional dependency) with tree-sitter-cuda's shipped prebuilt grammar. It parses about 1.4x as
// fast as the wasm build, but reading the tree costs a call into the addon per property, so the
// walk reads as few as it can.
import { createRequire } from 'node:module';
import type NativeParser from 'tree-sitter';
import type { ParserBackend } from './parser.js';
import { ERROR_SYMBOL, NodeColumns, type Grammar } from './tree.js';

const require = createRequire(import.meta.url);

interface GrammarModule {
  nodeTypeInfo: { type: string; named: boolean; fields?: Record<string, unknown> }[];
}

export function load(): ParserBackend {
  const Parser = require('tree-sitter') as typeof NativeParser;
  const cuda = require('tree-sitter-cuda') as GrammarModule;
  const parser = new Parser();
  // setLanguage would first build a JS class per node type (~15 ms, a twentieth of a one-file
  // run) for named field getters the walk never uses: every node object it makes (the root, and
  // nodes with errors) is a plain SyntaxNode instead.
  const { SyntaxNode } = Parser as unknown as { SyntaxNode: unknown };
  const plain = new Proxy([], { get: () => SyntaxNode });
  (cuda as { nodeSubclasses?: unknown }).nodeSubclasses ??= plain;
  parser.setLanguage(cuda as unknown as NativeParser.Language);
  // The bindings cannot list a language's types or fields: names are learnt from the walks.
  const typeNames: string[] = [];
  const named: boolean[] = [];
  const fieldNames: string[] = [];
  const fieldIds = new Map<string, number>();
  // Only children of node types that have fields can have a field id: ask for no others.
  const withFields = new Set(cuda.nodeTypeInfo.filter((t) => t.fields && Object.keys(t.fields).length).map((t) => t.type));
  const parentHasFields: boolean[] = [];
  const columns = new NodeColumns();
  const grammar: Grammar = {
    typeName: (id) => typeNames[id],
    typeIsNamed: (id) => named[id],
    fieldId: (name) => fieldIds.get(name),
    fieldName: (id) => fieldNames[id] ?? null,
  };

  function walk(tree: NativeParser.Tree): NodeColumns {
    const cursor = tree.walk();
    const fielded: boolean[] = [false];
    const errors = tree.rootNode.hasError;
    columns.reset();
    for (let depth = 0; depth >= 0; ) {
      const type = cursor.nodeTypeId;
      if (typeNames[type] === undefined) {
        typeNames[type] = cursor.nodeType;
        named[type] = type === ERROR_SYMBOL || cursor.nodeIsNamed;
        // Error recovery can keep fields under ERROR nodes.
        parentHasFields[type] = type === ERROR_SYMBOL || withFields.has(typeNames[type]);
      }
      const start = cursor.startIndex;
      const end = cursor.endIndex;
      let field = 0;
      if (fielded[depth]) {
        field = cursor.currentFieldId;
        if (field && fieldNames[field] === undefined) {
          fieldNames[field] = cursor.currentFieldName;
          fieldIds.set(fieldNames[field], field);
        }
      }
      if (start === end && cursor.nodeIsMissing) columns.missing.add(columns.count);
      if (errors && cursor.currentNode.hasError) columns.errors.add(columns.count);
      columns.push(type, start, end, field, depth);
      if (cursor.gotoFirstChild()) {
        fielded[++depth] = parentHasFields[type];
        continue;
      }
      while (!cursor.gotoNextSibling()) {
        depth--;
        if (!cursor.gotoParent()) break;
      }
    }
    return columns;
  }

  return {
    kind: 'native',
    grammar,
    parse: (text) => walk(parser.parse(text)),
    parseOnly: (text) => void parser.parse(text),
  };
}
