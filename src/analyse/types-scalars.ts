// Spellings of built-in scalar types in source -> the layout engine's scalar names.
import { isScalarName, type ScalarName } from '../layout/index.js';
import type { Node } from '../parse/parser.js';

/** Names tree-sitter reports as `primitive_type` or `type_identifier` that are scalars. */
export function scalarFromName(name: string): ScalarName | undefined {
  if (name === 'unsigned') return 'unsigned int';
  if (name === 'signed') return 'int';
  return isScalarName(name) && !name.includes(' ') ? name : undefined;
}

/** `unsigned long long int`, `long double`, `signed char`, `short`, ... (a `sized_type_specifier`). */
export function scalarFromSized(node: Node): ScalarName | undefined {
  const words = node.children.filter((c) => c && !c.isNamed).map((c) => c!.type);
  const base = node.childForFieldName('type')?.text ?? 'int';
  const longs = words.filter((w) => w === 'long').length;
  const unsigned = words.includes('unsigned');
  let name: string;
  if (base === 'double') name = longs === 1 && !unsigned && !words.includes('signed') ? 'long double' : '';
  else if (base === 'char') name = unsigned ? 'unsigned char' : words.includes('signed') ? 'signed char' : 'char';
  else if (base !== 'int') name = '';
  else {
    const width = words.includes('short') ? 'short' : ['int', 'long', 'long long'][longs] ?? '';
    name = unsigned ? (width === 'int' ? 'unsigned int' : `unsigned ${width}`) : width;
  }
  return isScalarName(name) ? name : undefined;
}
