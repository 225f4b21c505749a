// Turns the engine's answers into static_asserts, so a compiler checks every number.
import {
  argsLayout,
  layoutOf,
  recordLayout,
  renderDeclaration,
  type Abi,
  type CType,
  type RecordType,
} from '../../src/layout/index.js';

const HEADER = 'uint32_t grid_dim[3]; uint32_t block_dim[3]; uint64_t shared_mem;';

export const PRELUDE = '#include <stdint.h>\n#include <stddef.h>\n#include <sys/types.h>\n#include <time.h>\n';

const check = (id: string, cond: string): string => `static_assert(${cond}, "case ${id}: ${cond.replace(/"/g, "'")}");`;

/** Named members of `r` with their offsets, looking through anonymous members as C++ does. */
export function namedOffsets(r: RecordType, abi: Abi, base = 0): Array<[string, number]> {
  const { offsets } = recordLayout(r, abi);
  return r.fields.flatMap((f, i): Array<[string, number]> => {
    if (f.name !== '') return [[f.name, base + offsets[i]]];
    return f.type.kind === 'record' ? namedOffsets(f.type, abi, base + offsets[i]) : [];
  });
}

/** Records contained by value in `t` (itself included), named or anonymous. */
function recordsByValue(t: CType): RecordType[] {
  if (t.kind === 'array') return recordsByValue(t.of);
  if (t.kind !== 'record') return [];
  return [t, ...t.fields.flatMap((f) => recordsByValue(f.type))];
}

/** Size and alignment of the type expression `expr`. */
function sizeAndAlign(id: string, expr: string, t: CType, abi: Abi): string[] {
  const { size, align } = layoutOf(t, abi);
  return [check(id, `sizeof(${expr}) == ${size}`), check(id, `alignof(${expr}) == ${align}`)];
}

/** Asserts for one type: `typedef T C<id>;` then its size/alignment and every named record's layout. */
export function typeAsserts(id: string, t: CType, abi: Abi): string {
  const alias = `C${id}`;
  const lines = [`typedef ${renderDeclaration(t, alias)};`, ...sizeAndAlign(id, alias, t, abi)];
  for (const r of recordsByValue(t).filter((r) => r.name !== '')) {
    lines.push(...sizeAndAlign(id, r.name, r, abi));
    for (const [field, offset] of namedOffsets(r, abi)) lines.push(check(id, `__builtin_offsetof(${r.name}, ${field}) == ${offset}`));
  }
  return lines.join('\n');
}

/** Asserts for a kernel parameter list: the argument struct (header + parameters p0..pn). */
export function argsAsserts(id: string, params: readonly CType[], abi: Abi): string {
  const name = `A${id}`;
  const members = params.map((p, i) => `${renderDeclaration(p, `p${i}`)};`).join(' ');
  const { offsets, sizes, aligns, size } = argsLayout(params, abi);
  const lines = [`struct ${name} { ${HEADER} ${members} };`, check(id, `sizeof(${name}) == ${size}`)];
  params.forEach((_, i) => {
    lines.push(check(id, `__builtin_offsetof(${name}, p${i}) - 32 == ${offsets[i]}`));
    lines.push(check(id, `sizeof(${name}::p${i}) == ${sizes[i]}`));
    lines.push(check(id, `alignof(decltype(${name}::p${i})) == ${aligns[i]}`));
  });
  return lines.join('\n');
}
