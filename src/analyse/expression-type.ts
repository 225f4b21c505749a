// The static type of simple expressions, read off declarations in the enclosing function: what
// template argument deduction and type-dependent diagnostics need, without a C++ type checker.
import type { Node } from '../parse/parser.js';
import type { CType } from '../layout/index.js';
import { isTypeError, type TypeTable } from './types.js';
import { declaredName, functionDeclarator, scan, spanHas } from './syntax.js';

const LITERAL_TYPES: [RegExp, CType][] = [
  [/^[0-9.]+(e[+-]?\d+)?f$/i, { kind: 'scalar', name: 'float' }],
  [/^([0-9]*\.[0-9]*|[0-9]+e[+-]?\d+)$/i, { kind: 'scalar', name: 'double' }],
  [/^(0x[0-9a-f]+|\d+)u$/i, { kind: 'scalar', name: 'unsigned int' }],
  [/^(0x[0-9a-f]+|\d+)$/i, { kind: 'scalar', name: 'int' }],
];

const DECLARATIONS = new Set(['declaration']);

/**
 * A literal, a cast, `&x`, `x[i]`, `p + i`, or a variable declared earlier in the enclosing
 * function (or one of its parameters); undefined for anything else.
 */
export function staticType(expr: Node, text: string, types: TypeTable): CType | undefined {
  let e = expr;
  while (e.type === 'parenthesized_expression' && e.namedChildren[0]) e = e.namedChildren[0];
  switch (e.type) {
    case 'number_literal':
      return LITERAL_TYPES.find(([re]) => re.test(e.text))?.[1];
    case 'cast_expression': {
      const t = types.resolveTypeDescriptor(e.childForFieldName('type')!);
      return isTypeError(t) ? undefined : t;
    }
    case 'pointer_expression': {
      const inner = staticType(e.childForFieldName('argument')!, text, types);
      if (e.child(0)?.type === '&') return inner && { kind: 'pointer', to: inner };
      return inner?.kind === 'pointer' ? inner.to : undefined;
    }
    case 'subscript_expression': {
      const base = staticType(e.childForFieldName('argument')!, text, types);
      return base?.kind === 'pointer' ? base.to : base?.kind === 'array' ? base.of : undefined;
    }
    case 'binary_expression': {
      const left = staticType(e.childForFieldName('left')!, text, types);
      return left?.kind === 'pointer' && ['+', '-'].includes(e.childForFieldName('operator')!.type) ? left : undefined;
    }
    case 'identifier':
      return declaredType(e, text, types);
    default:
      return undefined;
  }
}

function declaredType(name: Node, text: string, types: TypeTable): CType | undefined {
  let fn: Node | null = name.parent;
  while (fn && fn.type !== 'function_definition') fn = fn.parent;
  if (!fn) return undefined;
  let found: CType | undefined;
  for (const p of functionDeclarator(fn)?.childForFieldName('parameters')?.namedChildren ?? []) {
    if (p?.type === 'parameter_declaration' && declaredName(p.childForFieldName('declarator'))?.text === name.text) {
      const t = types.resolveParameter(p);
      if (!isTypeError(t)) found = t;
    }
  }
  scan(fn.childForFieldName('body')!, DECLARATIONS, (decl) => {
    if (decl.startIndex > name.startIndex) return false;
    for (const d of decl.childrenForFieldName('declarator')) {
      if (d && declaredName(d)?.text === name.text) {
        const t = types.resolveDeclarator(decl, d);
        if (!isTypeError(t)) found = t;
      }
    }
  }, (_, start, end) => spanHas(text, name.text, start, end));
  return found;
}
