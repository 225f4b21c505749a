// fast-check generators of random C types and kernel parameter lists. Records and enums are
// generated anonymous; `named` then gives every one (and every field) a name unique in the run.
import fc from 'fast-check';
import { SCALAR_NAMES, VECTOR_NAMES, vectorType, type CType, type Field, type ScalarName } from '../../src/layout/index.js';

const INTEGRAL = SCALAR_NAMES.filter((n) => !['float', 'double', 'long double'].includes(n));
const alignment = fc.constantFrom(1, 2, 4, 8, 16, 32, 64);
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 4 });

const scalar = fc.constantFrom(...SCALAR_NAMES).map((name): CType => ({ kind: 'scalar', name }));
const enumType = fc
  .constantFrom(...INTEGRAL)
  .map((u: ScalarName): CType => ({ kind: 'enum', name: '', underlying: { kind: 'scalar', name: u } }));
const vector = fc.constantFrom(...VECTOR_NAMES).map((n): CType => vectorType(n)!);
const opaque = fc.constantFrom('void', 'int(float, char)', 'void()').map((text): CType => ({ kind: 'opaque', text }));

const { type } = fc.letrec<{ type: CType; pointer: CType; array: CType; record: CType; field: Field }>((tie) => ({
  type: fc.oneof({ maxDepth: 4, depthIdentifier: 'type' }, scalar, enumType, vector, tie('pointer'), tie('array'), tie('record')),
  pointer: fc
    .oneof({ depthIdentifier: 'type' }, opaque, scalar, tie('record'), tie('array'), tie('pointer'))
    .map((to): CType => ({ kind: 'pointer', to })),
  array: fc.record({ of: tie('type'), length: fc.integer({ min: 1, max: 4 }) }).map(({ of, length }): CType => ({ kind: 'array', of, length })),
  field: fc
    .record({ type: tie('type'), alignas: maybe(alignment), packed: maybe(fc.constant(true)), anonymous: fc.boolean() })
    .map(({ type, alignas, packed, anonymous }): Field => {
      // An anonymous member (`union { ... };`) takes no attributes of its own.
      if (anonymous && type.kind === 'record' && type.vectorRank === undefined) return { name: '', type };
      return { name: 'f', type, ...(alignas ? { alignas } : {}), ...(packed ? { packed } : {}) };
    }),
  record: fc
    .record({
      tag: fc.constantFrom('struct' as const, 'union' as const),
      fields: fc.array(tie('field'), { maxLength: 5 }),
      alignas: maybe(alignment),
      packed: maybe(fc.constant(true)),
    })
    .map(({ tag, fields, alignas, packed }): CType => ({
      kind: 'record', tag, name: '', fields,
      ...(alignas ? { alignas } : {}),
      ...(packed ? { packed } : {}),
    })),
}));

/** A type usable as a member or top-level object (no arrays of arrays needed: they nest). */
export const typeArb: fc.Arbitrary<CType> = type;
/** Kernel parameter lists: parameters never have array type (they decay to pointers). */
export const paramsArb: fc.Arbitrary<CType[]> = fc.array(type.filter((t) => t.kind !== 'array'), { minLength: 1, maxLength: 8 });

/** Copies `t` giving every record, enum and field a fresh unique name (anonymous members stay so). */
export function named(t: CType, counter: { n: number }): CType {
  const next = (prefix: string) => `${prefix}${counter.n++}`;
  switch (t.kind) {
    case 'pointer':
      return { ...t, to: named(t.to, counter) };
    case 'array':
      return { ...t, of: named(t.of, counter) };
    case 'enum':
      return { ...t, name: next('E') };
    case 'record':
      if (t.vectorRank !== undefined) return t;
      return {
        ...t,
        name: next('R'),
        fields: t.fields.map((f) => {
          const type = named(f.type, counter);
          // Anonymous members need an anonymous record type; named fields keep the named copy.
          if (f.name === '' && type.kind === 'record') return { ...f, type: { ...type, name: '' } };
          return { ...f, name: next('f'), type };
        }),
      };
    default:
      return t;
  }
}
