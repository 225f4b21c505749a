// Spellings of built-in scalar types in source -> the layout engine's scalar names.
import { isScalarName, type ScalarName } from '../layout/index.js';
import type { Node } from '../parse/parser.js';

/** Shorthands for built-in types: C's own, and the System V names of <sys/types.h>. */
const SHORTHANDS: Readonly<Record<string, ScalarName>> = { unsigned: 'unsigned int', signed: 'int', uint: 'unsigned int', ulong: 'unsigned long', ushort: 'unsigned short' };

/**
 * Names tree-sitter reports as `primitive_type` or `type_identifier` that are scalars, and the
 * C library's typedefs under `std::` (<cstdint>, <cstddef>: `std::uint32_t`, `std::size_t`).
 */
export function scalarFromName(name: string): ScalarName | undefined {
  if (Object.hasOwn(SHORTHANDS, name)) return SHORTHANDS[name];
  const bare = name.replace(/^(::)?std::(?=\w+_t$)/, '');
  return isScalarName(bare) && !bare.includes(' ') ? bare : undefined;
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
