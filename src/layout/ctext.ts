// CType -> C++ text: declarations (`float (*p)[4]`) and the record/enum definitions they need.
// Used by the tests to ask the compilers about the engine's answers, and by the emitters.
import type { CType, Field, RecordType } from './ctype.js';

const SIMPLE_TYPE_ID = /^[\w:<>, ]+$/;

/** A declaration of `name` (may be '' for a type-id) with type `t`. */
export function renderDeclaration(t: CType, name: string): string {
  return declare(t, name);
}

export const renderTypeId = (t: CType): string => renderDeclaration(t, '');

/** `base inner`, spaced the usual way: `float* p`, `int x[3]`, `float (*p)[4]`, `float[2]`. */
const join = (base: string, inner: string): string =>
  inner === '' || inner.startsWith('[') ? `${base}${inner}` : inner.startsWith('*') ? `${base}${inner.replace(/^(\*+)(?=\w)/, '$1 ')}` : `${base} ${inner}`;

function declare(t: CType, inner: string): string {
  switch (t.kind) {
    case 'pointer': {
      const needsParens = t.to.kind === 'array';
      return declare(t.to, needsParens ? `(*${inner})` : `*${inner}`);
    }
    case 'array':
      return declare(t.of, `${inner}[${t.length}]`);
    case 'scalar':
      return join(t.name, inner);
    case 'enum':
      return join(t.name, inner);
    case 'record':
      return join(t.name === '' ? recordBody(t) : t.name, inner);
    case 'opaque':
      // Function types cannot prefix a declarator; __typeof__ turns any type-id into one that can.
      return join(SIMPLE_TYPE_ID.test(t.text) ? t.text : `__typeof__(${t.text})`, inner);
  }
}

function attributes(list: string[]): string {
  return list.length === 0 ? '' : ` __attribute__((${list.join(', ')}))`;
}

function renderField(f: Field): string {
  const attrs = [...(f.packed ? ['packed'] : []), ...(f.alignas ? [`aligned(${f.alignas})`] : [])];
  return `${renderDeclaration(f.type, f.name)}${attributes(attrs)};`;
}

function vectorAlignment(r: RecordType): string[] {
  const rank = r.vectorRank;
  if (rank !== 2 && rank !== 4) return [];
  return [`aligned(${rank} * sizeof(${renderTypeId(r.fields[0].type)}))`];
}

/** `struct __attribute__((...)) Name { ... }` without the trailing `;` (also used inline). */
function recordBody(r: RecordType): string {
  const attrs = [
    ...(r.packed ? ['packed'] : []),
    ...(r.alignas ? [`aligned(${r.alignas})`] : []),
    ...vectorAlignment(r),
  ];
  const head = [r.tag + attributes(attrs), r.name].filter((s) => s !== '').join(' ');
  return `${head} { ${r.fields.map(renderField).join(' ')} }`;
}

/**
 * Forward declarations (and enum definitions) then record definitions of everything `types` use, each
 * after the ones it contains by value (pointers need only the forward declaration, so
 * self-referential records work). Vector types are left to the HIP headers unless asked for.
 */
export function renderDefinitions(types: readonly CType[], options: { vectors?: boolean } = {}): string {
  const seen = new Set<CType>();
  const ordered: Array<RecordType | Extract<CType, { kind: 'enum' }>> = [];
  // Pointees are visited after everything reachable by value, which is then already ordered.
  const pointees: CType[] = [];
  const visit = (t: CType): void => {
    if (t.kind === 'pointer') return void pointees.push(t.to);
    if (t.kind === 'array') return visit(t.of);
    if ((t.kind !== 'record' && t.kind !== 'enum') || seen.has(t)) return;
    if (t.kind === 'record' && t.vectorRank !== undefined && !options.vectors) return;
    seen.add(t);
    if (t.kind === 'record') for (const f of t.fields) visit(f.type);
    if (t.name !== '') ordered.push(t);
  };
  for (const t of types) visit(t);
  for (let t = pointees.shift(); t; t = pointees.shift()) visit(t);
  // Enums have a fixed underlying type, so their definition can come first with the forward declarations.
  const forward = ordered.map((t) =>
    t.kind === 'record' ? `${t.tag} ${t.name};` : `enum ${t.name} : ${renderTypeId(t.underlying)} {};`,
  );
  const definitions = ordered.filter((t) => t.kind === 'record').map((r) => `${recordBody(r)};`);
  return [...forward, ...definitions].join('\n');
}
