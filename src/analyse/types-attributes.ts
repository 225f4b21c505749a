// `alignas(N)`, `__attribute__((aligned(N)))`, `__attribute__((aligned))` and
// `__attribute__((packed))` written on a record or a field (they are direct children of the
// struct_specifier / field_declaration, alignas possibly wrapped in a type_qualifier).
import { BIGGEST_ALIGNMENT } from '../layout/index.js';
import type { Node } from '../parse/parser.js';
import { Fail } from './types-const.js';

export interface Alignment {
  alignas?: number;
  packed?: boolean;
}

export function readAlignment(owner: Node, constant: (expr: Node) => bigint): Alignment {
  const aligns: number[] = [];
  let packed = false;
  const addAlign = (expr: Node | null | undefined): void => {
    if (!expr) return void aligns.push(BIGGEST_ALIGNMENT);
    if (expr.type === 'type_descriptor') throw new Fail('alignas(type) is not supported: write the number', expr);
    const n = Number(constant(expr));
    if (!(n > 0 && (n & (n - 1)) === 0)) throw new Fail(`alignment ${n} is not a power of two`, expr);
    aligns.push(n);
  };
  for (const child of owner.children) {
    if (!child) continue;
    const alignas = child.type === 'alignas_qualifier' ? child : child.type === 'type_qualifier' ? child.namedChildren.find((c) => c?.type === 'alignas_qualifier') : undefined;
    if (alignas) addAlign(alignas.namedChildren[0]);
    if (child.type !== 'attribute_specifier') continue;
    for (const attr of child.namedChildren[0]?.namedChildren ?? []) {
      const name = (attr?.type === 'call_expression' ? attr.childForFieldName('function') : attr)?.text.replace(/^__(\w+)__$/, '$1');
      if (name === 'packed') packed = true;
      else if (name === 'aligned') addAlign(attr?.childForFieldName('arguments')?.namedChildren[0]);
    }
  }
  return { ...(aligns.length ? { alignas: Math.max(...aligns) } : {}), ...(packed ? { packed } : {}) };
}
