// The static type of simple expressions, read off declarations in the enclosing function: what
// template argument deduction and type-dependent diagnostics need, without a C++ type checker.
import type { Node } from '../parse/parser.js';
import { pointer, type CType } from '../layout/index.js';
import { isTypeError, type TypeTable } from './types.js';
import { argumentsOf, declaredName, functionDeclarator, scan, spanHas } from './syntax.js';

const LITERAL_TYPES: [RegExp, CType][] = [
  [/^[0-9.]+(e[+-]?\d+)?f$/i, { kind: 'scalar', name: 'float' }],
  [/^([0-9]*\.[0-9]*|[0-9]+e[+-]?\d+)$/i, { kind: 'scalar', name: 'double' }],
  [/^(0x[0-9a-f]+|\d+)u$/i, { kind: 'scalar', name: 'unsigned int' }],
  [/^(0x[0-9a-f]+|\d+)$/i, { kind: 'scalar', name: 'int' }],
];

const DECLARATIONS = new Set(['declaration']);

/**
 * A literal, a cast, `&x`, `x[i]`, `p + i`, `v.data()` of a std::vector, or a variable declared
 * earlier in the enclosing function (or one of its parameters); undefined for anything else.
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
    case 'call_expression':
      return vectorData(e, text, types);
    default:
      return undefined;
  }
}

function declaredType(name: Node, text: string, types: TypeTable): CType | undefined {
  const found = declarationOf(name, text);
  if (!found) return undefined;
  const t = found.declarator ? types.resolveDeclarator(found.node, found.declarator) : types.resolveParameter(found.node);
  return isTypeError(t) ? undefined : t;
}

/**
 * The declaration of `name` that is in scope at its use in the enclosing function: the latest
 * local declaration before it, else the parameter (`declarator` is unset for a parameter).
 */
function declarationOf(name: Node, text: string): { node: Node; declarator?: Node } | undefined {
  let fn: Node | null = name.parent;
  while (fn && fn.type !== 'function_definition') fn = fn.parent;
  if (!fn) return undefined;
  let found: { node: Node; declarator?: Node } | undefined;
  for (const p of functionDeclarator(fn)?.childForFieldName('parameters')?.namedChildren ?? []) {
    if ((p?.type === 'parameter_declaration' || p?.type === 'optional_parameter_declaration') && declaredName(p.childForFieldName('declarator'))?.text === name.text) found = { node: p };
  }
  scan(fn.childForFieldName('body')!, DECLARATIONS, (decl) => {
    if (decl.startIndex > name.startIndex) return false;
    for (const d of decl.childrenForFieldName('declarator')) {
      if (d && declaredName(d)?.text === name.text) found = { node: decl, declarator: d };
    }
  }, (_, start, end) => spanHas(text, name.text, start, end));
  return found;
}

/** `v.data()` of a `std::vector<T>` variable or parameter: T*, what the host copies from or into. */
function vectorData(call: Node, text: string, types: TypeTable): CType | undefined {
  const fn = call.childForFieldName('function');
  const object = fn?.type === 'field_expression' && fn.childForFieldName('field')?.text === 'data' ? fn.childForFieldName('argument') : null;
  if (object?.type !== 'identifier' || argumentsOf(call.childForFieldName('arguments')).length) return undefined;
  const type = declarationOf(object, text)?.node.childForFieldName('type');
  const template = type?.type === 'qualified_identifier' && /^(::)?std::/.test(type.text) ? type.childForFieldName('name') : type;
  if (template?.type !== 'template_type' || template.childForFieldName('name')?.text !== 'vector') return undefined;
  const element = template.childForFieldName('arguments')?.namedChildren[0];
  const t = element?.type === 'type_descriptor' ? types.resolveTypeDescriptor(element) : undefined;
  return t && !isTypeError(t) ? pointer(t) : undefined;
}
