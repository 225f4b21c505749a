// The <type_traits> transformations kernel code names types through (`typename
// std::make_unsigned<T>::type`, `std::conditional_t<B, T, U>`, ...) and the predicates constants
// are made of (`std::is_integral_v<T>`, `std::is_same<T, float>::value`), evaluated on the C type
// model.
import { renderTypeId, type CType, type ScalarName } from '../layout/index.js';
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
  const use = standardTemplate(node, '_t', 'type');
  const apply = use && TRAITS[use.name];
  return apply ? apply(use.args, type, constant) : undefined;
}

/**
 * `std::name<args>::member` or `std::name<suffix><args>` (a qualified_identifier): the name and
 * its arguments, or undefined for other nodes.
 */
function standardTemplate(node: Node, suffix: string, member: string): { name: string; args: Node[] } | undefined {
  if (node.type !== 'qualified_identifier' || node.childForFieldName('scope')?.text !== 'std') return undefined;
  const inner = node.childForFieldName('name');
  let template: Node | null | undefined;
  let name: string | undefined;
  if (inner?.type === 'template_type' || inner?.type === 'template_function') {
    template = inner;
    const written = inner.childForFieldName('name')?.text ?? '';
    name = written.endsWith(suffix) ? written.slice(0, -suffix.length) : undefined;
  } else if (inner?.type === 'qualified_identifier' && inner.childForFieldName('name')?.text === member) {
    template = inner.childForFieldName('scope');
    name = template?.type === 'template_type' ? template.childForFieldName('name')?.text : undefined;
  }
  if (!name || !template) return undefined;
  return { name, args: (template.childForFieldName('arguments')?.namedChildren ?? []).filter((c): c is Node => !!c && c.type !== 'comment') };
}

const FLOATS = new Set<string>(['float', 'double', 'long double']);
const UNSIGNED_NAMES = new Set<string>(['bool', ...Object.values(UNSIGNED), 'char16_t', 'char32_t']);
const scalar = (t: CType) => (t.kind === 'scalar' ? t.name : undefined);
const integral = (t: CType) => !!scalar(t) && !FLOATS.has(scalar(t)!);
const arithmetic = (t: CType) => !!scalar(t);

/**
 * What each predicate says of its type arguments; undefined where the answer differs between the
 * targets (`char` is signed on x86, unsigned on RISC-V).
 */
const PREDICATES: Record<string, (args: CType[]) => boolean | undefined> = {
  is_integral: ([t]) => integral(t),
  is_floating_point: ([t]) => FLOATS.has(scalar(t) ?? ''),
  is_arithmetic: ([t]) => arithmetic(t),
  is_signed: ([t]) => (scalar(t) === 'char' ? undefined : arithmetic(t) && !UNSIGNED_NAMES.has(scalar(t)!)),
  is_unsigned: ([t]) => (scalar(t) === 'char' ? undefined : integral(t) && UNSIGNED_NAMES.has(scalar(t)!)),
  is_pointer: ([t]) => t.kind === 'pointer',
  is_array: ([t]) => t.kind === 'array',
  is_enum: ([t]) => t.kind === 'enum',
  is_class: ([t]) => t.kind === 'record' && t.tag !== 'union',
  is_union: ([t]) => t.kind === 'record' && t.tag === 'union',
  is_same: ([a, b]) => renderTypeId(a) === renderTypeId(b),
};

/**
 * `std::predicate_v<args>` or `std::predicate<args>::value` (a qualified_identifier): 1 or 0, or
 * undefined when `node` is not one of the predicates above or its answer is not known.
 */
export function standardPredicate(node: Node, type: (n: Node) => CType): bigint | undefined {
  const use = standardTemplate(node, '_v', 'value');
  const test = use && PREDICATES[use.name];
  const answer = test ? test(use.args.map(type)) : undefined;
  return answer === undefined ? undefined : BigInt(answer);
}
