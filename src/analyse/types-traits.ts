// The <type_traits> transformations kernel code names types through (`typename
// std::make_unsigned<T>::type`, `std::conditional_t<B, T, U>`, ...), evaluated on the C type model.
import type { CType, ScalarName } from '../layout/index.js';
import type { Node } from '../parse/parser.js';

const UNSIGNED: Partial<Record<ScalarName, ScalarName>> = {
  char: 'unsigned char', 'signed char': 'unsigned char', short: 'unsigned short', int: 'unsigned int', long: 'unsigned long',
  'long long': 'unsigned long long', int8_t: 'uint8_t', int16_t: 'uint16_t', int32_t: 'uint32_t', int64_t: 'uint64_t',
  intptr_t: 'uintptr_t', ptrdiff_t: 'size_t',
};
const SIGNED: Partial<Record<ScalarName, ScalarName>> = {
  char: 'signed char', ...Object.fromEntries(Object.entries(UNSIGNED).filter(([s]) => s !== 'char').map(([s, u]) => [u, s])),
};

/** What each trait makes of its arguments (types, or a constant for conditional's first). */
const TRAITS: Record<string, (args: Node[], type: (n: Node) => CType, constant: (n: Node) => bigint) => CType | undefined> = {
  make_unsigned: ([t], type) => sign(type(t), UNSIGNED),
  make_signed: ([t], type) => sign(type(t), SIGNED),
  conditional: ([b, t, f], type, constant) => type(constant(b) !== 0n ? t : f),
  remove_pointer: ([t], type) => { const x = type(t); return x.kind === 'pointer' ? x.to : x; },
  add_pointer: ([t], type) => ({ kind: 'pointer', to: type(t) }),
  remove_extent: ([t], type) => { const x = type(t); return x.kind === 'array' ? x.of : x; },
  underlying_type: ([t], type) => { const x = type(t); return x.kind === 'enum' ? x.underlying : undefined; },
  // Qualifiers and references are not part of the model: these leave it as it is.
  ...Object.fromEntries(['remove_const', 'remove_volatile', 'remove_cv', 'remove_reference', 'remove_cvref', 'add_const', 'add_volatile', 'add_cv', 'decay', 'type_identity']
    .map((name) => [name, ([t]: Node[], type: (n: Node) => CType) => type(t)])),
};

function sign(t: CType, table: Partial<Record<ScalarName, ScalarName>>): CType | undefined {
  if (t.kind === 'enum') return sign(t.underlying, table);
  if (t.kind !== 'scalar') return undefined;
  const to = table[t.name];
  return to ? { kind: 'scalar', name: to } : Object.values(table).includes(t.name) ? t : undefined;
}

/**
 * `std::trait<args>::type` or `std::trait_t<args>` (a qualified_identifier, possibly under
 * `typename`): the type it names, or undefined when `node` is not one of the traits above.
 */
export function standardTrait(node: Node, type: (n: Node) => CType, constant: (n: Node) => bigint): CType | undefined {
  if (node.type !== 'qualified_identifier' || node.childForFieldName('scope')?.text !== 'std') return undefined;
  const name = node.childForFieldName('name');
  let template: Node | null | undefined;
  let trait: string | undefined;
  if (name?.type === 'template_type') {
    template = name;
    trait = /^(\w+)_t$/.exec(name.childForFieldName('name')?.text ?? '')?.[1];
  } else if (name?.type === 'qualified_identifier' && name.childForFieldName('name')?.text === 'type') {
    template = name.childForFieldName('scope');
    trait = template?.type === 'template_type' ? template.childForFieldName('name')?.text : undefined;
  }
  const apply = trait ? TRAITS[trait] : undefined;
  if (!apply || !template) return undefined;
  const args = (template.childForFieldName('arguments')?.namedChildren ?? []).filter((c): c is Node => !!c && c.type !== 'comment');
  return apply(args, type, constant);
}
