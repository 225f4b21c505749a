// A local declaration split in two: the variables declared where a wider scope sees them, and
// their initial values assigned where the declaration stood. The divergence lowering moves the
// declarations out of a split region this way when code after the region names them.
import type { Node } from '../parse/parser.js';
import type { Printer } from './edits.js';
import { declaredName } from '../analyse/syntax.js';

export interface Hoisted {
  /** `int a; int *b;`: the declaration without initial values, nor const on plain variables. */
  declaration: (print: Printer) => string;
  /** `a = 1; b = p;`: what stays in place. */
  assignments: (print: Printer) => string;
  /** The declaration moves whole, as translated (a `__shared__` variable's). */
  whole?: boolean;
}

/** Cooperative groups' handles: classes without a default constructor. */
const GROUP_TYPES = /^(thread_block|thread_group|grid_group|thread_block_tile|coalesced_group|cluster_group)$/;

/**
 * `decl` split, if that keeps its meaning (a `__shared__` one moves whole): pointers, and plain variables of a type that is
 * surely default-constructible (a built-in type, or a plain name: a typedef, a vector type, a
 * struct; not a namespace's or template's class, nor a cooperative group), not deduced (no
 * `auto`), not static or extern, each initialised (if at all) by `= value`. Arrays, references,
 * constructor calls and brace initialisers stay as they are (undefined).
 */
export function hoisted(decl: Node): Hoisted | undefined {
  if (decl.type !== 'declaration') return undefined;
  // A __shared__ variable is the block's, the same for every thread: its declaration (a reference
  // into the block's shared memory once translated) is seen ahead of the region, as it is.
  if (decl.children.some((c) => c?.type === 'type_qualifier' && c.text === '__shared__')) return { declaration: (print) => `${print(decl)} `, assignments: () => '', whole: true };
  const declarators = decl.childrenForFieldName('declarator');
  const first = declarators[0];
  if (!first) return undefined;
  const specifiers = decl.children.filter((c): c is Node => !!c && c.endIndex <= first.startIndex);
  if (specifiers.some((s) => s.type === 'storage_class_specifier' || s.type === 'placeholder_type_specifier' || s.type === 'decltype' || /\bauto\b/.test(s.text))) return undefined;
  const type = decl.childForFieldName('type');
  const constructible = !!type && (type.type === 'primitive_type' || type.type === 'sized_type_specifier' || (type.type === 'type_identifier' && !GROUP_TYPES.test(type.text)));
  const parts = declarators.map((x) => {
    const target = x.type === 'init_declarator' ? x.childForFieldName('declarator') : x;
    const value = x.type === 'init_declarator' ? x.childForFieldName('value') : null;
    const plain = target && ((target.type === 'identifier' && constructible) || (target.type === 'pointer_declarator' && !/\bconst\b/.test(target.text)));
    if (!plain || (value && (value.type === 'initializer_list' || value.type === 'argument_list'))) return undefined;
    return { target, name: declaredName(target)!.text, value };
  });
  if (parts.some((p) => !p)) return undefined;
  // `const` qualifies a plain variable, which is assigned later, but a pointer's target.
  const unqualified = specifiers.filter((s) => !(s.type === 'type_qualifier' && /^(const|constexpr)$/.test(s.text)));
  return {
    declaration: (print) => parts.map((p) => `${(p!.target.type === 'pointer_declarator' ? specifiers : unqualified).map(print).join(' ')} ${print(p!.target)}; `).join(''),
    assignments: (print) => parts.filter((p) => p!.value).map((p) => `${p!.name} = ${print(p!.value!)};`).join(' '),
  };
}
