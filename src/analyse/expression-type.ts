// The static type of simple expressions, read off declarations in the enclosing function: what
// template argument deduction and type-dependent diagnostics need, without a C++ type checker.
import type { Node } from '../parse/parser.js';
import { pointer, type CType, type RecordType } from '../layout/index.js';
import { isTypeError, type Subst, type TypeTable } from './types.js';
import { argumentsOf, classBodyOf, declaredName, enclosingFunction, functionDeclarator, ownerScope, scan } from './syntax.js';

const LITERAL_TYPES: [RegExp, CType][] = [
  [/^[0-9.]+(e[+-]?\d+)?f$/i, { kind: 'scalar', name: 'float' }],
  [/^([0-9]*\.[0-9]*|[0-9]+e[+-]?\d+)$/i, { kind: 'scalar', name: 'double' }],
  [/^(0x[0-9a-f]+|\d+)u$/i, { kind: 'scalar', name: 'unsigned int' }],
  [/^(0x[0-9a-f]+|\d+)$/i, { kind: 'scalar', name: 'int' }],
  [/^(0x[0-9a-f]+|\d+)(ull|llu)$/i, { kind: 'scalar', name: 'unsigned long long' }],
  [/^(0x[0-9a-f]+|\d+)ll$/i, { kind: 'scalar', name: 'long long' }],
  [/^(0x[0-9a-f]+|\d+)(ul|lu)$/i, { kind: 'scalar', name: 'unsigned long' }],
  [/^(0x[0-9a-f]+|\d+)l$/i, { kind: 'scalar', name: 'long' }],
];

/** Arithmetic types by conversion rank (floating above integers), and whether unsigned; fixed-width names as on Linux. */
const RANKS: Readonly<Record<string, readonly [number, boolean]>> = {
  int: [3, false], 'unsigned int': [3, true], unsigned: [3, true], int32_t: [3, false], uint32_t: [3, true],
  long: [4, false], 'unsigned long': [4, true], int64_t: [4, false], uint64_t: [4, true], size_t: [4, true], ptrdiff_t: [4, false],
  'long long': [5, false], 'unsigned long long': [5, true],
  float: [10, false], double: [11, false], 'long double': [12, false],
};
const ARITHMETIC = new Set(['+', '-', '*', '/', '%', '&', '|', '^']);
const LOGICAL = new Set(['<', '>', '<=', '>=', '==', '!=', '&&', '||']);

/** The type the usual arithmetic conversions give two scalar operands (integers promoted first). */
function commonType(a: CType | undefined, b: CType | undefined): CType | undefined {
  if (a?.kind !== 'scalar' || b?.kind !== 'scalar') return undefined;
  const [x, y] = [a, b].map((t): CType & { kind: 'scalar' } => (PROMOTED.has(t.name) ? { kind: 'scalar', name: 'int' } : t));
  if (x.name === y.name) return x;
  const [rx, ry] = [RANKS[x.name], RANKS[y.name]];
  if (!rx || !ry) return undefined;
  // A higher rank wins; between ranks an unsigned one does where it is not lower.
  if (rx[0] === ry[0]) return rx[1] ? x : y;
  const [high, low] = rx[0] > ry[0] ? [x, y] : [y, x];
  return RANKS[low.name][1] && !RANKS[high.name][1] && RANKS[high.name][0] === RANKS[low.name][0] ? low : high;
}

const DECLARATIONS = new Set(['declaration']);

/** Integer types an arithmetic operator promotes to int. */
const PROMOTED = new Set(['bool', 'char', 'signed char', 'unsigned char', 'short', 'unsigned short', 'int8_t', 'uint8_t', 'int16_t', 'uint16_t', 'char16_t']);

const CASTS = new Set(['static_cast', 'reinterpret_cast', 'const_cast']);

/**
 * A literal (a number, a character, true or false), a cast (`(T)x`, `T(x)`, `static_cast<T>(x)`), a braced construction (`T{x}`), `&x`, `*p`, `-x`, `x[i]`, `p + i`, `s.f`,
 * `v.data()` of a std::vector, or a variable declared earlier in the enclosing function (or one of
 * its parameters; a reference stands for what it refers to); undefined for anything else.
 * `subst` binds the template parameters of the enclosing function template.
 */
export function staticType(expr: Node, text: string, types: TypeTable, subst?: Subst): CType | undefined {
  let e = expr;
  while (e.type === 'parenthesized_expression' && e.namedChildren[0]) e = e.namedChildren[0];
  const typeOf = (n: Node | null) => (n ? staticType(n, text, types, subst) : undefined);
  switch (e.type) {
    case 'number_literal':
      // A sign before a literal argument parses as part of it (`-1.0f`).
      return LITERAL_TYPES.find(([re]) => re.test(e.text.replace(/^[-+]/, '')))?.[1];
    case 'char_literal':
      // `'c'` and `u8'c'` are char, the wide ones their own types.
      return { kind: 'scalar', name: e.text[0] === 'L' ? 'wchar_t' : e.text[0] === 'u' && e.text[1] !== '8' ? 'char16_t' : e.text[0] === 'U' ? 'char32_t' : 'char' };
    case 'true': case 'false':
      return { kind: 'scalar', name: 'bool' };
    case 'cast_expression':
      return known(types.resolveTypeDescriptor(e.childForFieldName('type')!, subst));
    case 'pointer_expression': {
      const inner = typeOf(e.childForFieldName('argument'));
      if (e.child(0)?.type === '&') return inner && { kind: 'pointer', to: inner };
      return inner?.kind === 'pointer' ? inner.to : undefined;
    }
    case 'subscript_expression': {
      const object = e.childForFieldName('argument');
      const base = typeOf(object);
      return base?.kind === 'pointer' ? base.to : base?.kind === 'array' ? base.of : object ? vectorElement(object, types, subst) : undefined;
    }
    case 'unary_expression': {
      // `-1.0f`, `~mask`: the operand's type, promoted as C++ promotes integers narrower than int.
      if (e.childForFieldName('operator')?.type === '!') return { kind: 'scalar', name: 'bool' };
      const operand = typeOf(e.childForFieldName('argument'));
      return operand?.kind === 'scalar' && PROMOTED.has(operand.name) ? { kind: 'scalar', name: 'int' } : operand?.kind === 'scalar' ? operand : undefined;
    }
    case 'binary_expression': {
      const op = e.childForFieldName('operator')!.type;
      if (LOGICAL.has(op)) return { kind: 'scalar', name: 'bool' };
      const left = typeOf(e.childForFieldName('left'));
      if (left?.kind === 'pointer') return ['+', '-'].includes(op) ? left : undefined;
      if (op === '<<' || op === '>>') return left?.kind === 'scalar' && PROMOTED.has(left.name) ? { kind: 'scalar', name: 'int' } : left;
      return ARITHMETIC.has(op) ? commonType(left, typeOf(e.childForFieldName('right'))) : undefined;
    }
    case 'conditional_expression': {
      const [a, b] = [typeOf(e.childForFieldName('consequence')), typeOf(e.childForFieldName('alternative'))];
      return a && b && JSON.stringify(a) === JSON.stringify(b) ? a : commonType(a, b);
    }
    case 'sizeof_expression': case 'alignof_expression':
      return { kind: 'scalar', name: 'size_t' };
    case 'field_expression': {
      const argument = e.childForFieldName('argument');
      const field = e.childForFieldName('field')?.text;
      if (argument?.type === 'this' && field) return classField(e, field, types, subst);
      const object = typeOf(argument);
      const record = e.child(1)?.type === '->' ? (object?.kind === 'pointer' ? object.to : undefined) : object;
      return record?.kind === 'record' && field ? fieldType(record, field) : undefined;
    }
    case 'identifier':
      return declaredType(e, text, types, subst);
    case 'call_expression':
      return conversion(e, types, subst) ?? vectorData(e, types, subst);
    case 'compound_literal_expression': {
      // `Point{1, 2}`, `AddK<float>{1.0f}`: the type named.
      const type = e.childForFieldName('type');
      return type ? types.typeNamed(type, subst) : undefined;
    }
    default:
      return undefined;
  }
}

const known = (t: CType | ReturnType<TypeTable['resolveTypeDescriptor']>): CType | undefined => (isTypeError(t) ? undefined : t);

/** `T(x)`, `Point(1, 2)` (a type named as a function) and `static_cast<T>(x)`: the type named. */
function conversion(call: Node, types: TypeTable, subst?: Subst): CType | undefined {
  const fn = call.childForFieldName('function');
  if (!fn) return undefined;
  if (fn.type === 'template_function' && CASTS.has(fn.childForFieldName('name')?.text ?? '')) {
    const target = fn.childForFieldName('arguments')?.namedChildren[0];
    return target?.type === 'type_descriptor' ? known(types.resolveTypeDescriptor(target, subst)) : undefined;
  }
  return types.typeNamed(fn, subst);
}

function declaredType(name: Node, text: string, types: TypeTable, subst?: Subst): CType | undefined {
  const found = declarationOf(name);
  if (!found) {
    const file = fileDeclaration(name);
    return memberOfDefinedClass(name, name.text, types, subst) ?? (file && known(types.resolveDeclarator(file.node, file.declarator, subst, true)));
  }
  if (!found.declarator) return known(types.resolveParameter(found.node, subst, true));
  // `auto& h = experiments[id];`: the initializer's type (a reference stands for what it refers to).
  const value = found.node.childForFieldName('type')?.type === 'placeholder_type_specifier' && found.declarator.type === 'init_declarator' ? found.declarator.childForFieldName('value') : null;
  // (Not a use inside its own initializer, which C++ rejects: it would recurse here.)
  if (value) return value.type === 'initializer_list' || (value.startIndex <= name.startIndex && name.endIndex <= value.endIndex) ? undefined : staticType(value, text, types, subst);
  // A variable-length array (`size_t a[n]`, GNU C++) has no layout, but its name is a pointer.
  return known(types.resolveDeclarator(found.node, found.declarator, subst, true)) ?? (isVariableLength(found.declarator) ? known(types.resolveDeclarator(found.node, found.declarator, subst, true, true)) : undefined);
}

function isVariableLength(declarator: Node): boolean {
  const d = declarator.type === 'init_declarator' ? declarator.childForFieldName('declarator') : declarator;
  return d?.type === 'array_declarator' && !!d.childForFieldName('size');
}

/**
 * The declaration of `name` that is in scope at its use in the enclosing function: the latest
 * local declaration before it, else the parameter of a lambda around the use or of the function
 * (`declarator` is unset for a parameter), else a field of the class a member function is
 * defined in.
 */
export function declarationOf(name: Node): { node: Node; declarator?: Node } | undefined {
  let fn: Node | null = name.parent;
  const lambdas: Node[] = [];
  for (; fn && fn.type !== 'function_definition'; fn = fn.parent) if (fn.type === 'lambda_expression') lambdas.unshift(fn);
  if (!fn) return undefined;
  let found: { node: Node; declarator?: Node } | undefined;
  // A lambda's parameter hides what is declared before the lambda; what its body declares hides the parameter.
  let at = -1;
  const consider = (node: Node, where: number, declarator?: Node) => {
    if (where >= at) [found, at] = [{ node, declarator }, where];
  };
  for (const [f, where] of [[fn, -1], ...lambdas.map((l) => [l, l.startIndex] as const)] as const) {
    const params = f.type === 'lambda_expression' ? f.childForFieldName('declarator')?.childForFieldName('parameters') : functionDeclarator(f)?.childForFieldName('parameters');
    for (const p of params?.namedChildren ?? []) {
      if ((p?.type === 'parameter_declaration' || p?.type === 'optional_parameter_declaration') && declaredName(p.childForFieldName('declarator'))?.text === name.text) consider(p, where);
    }
  }
  for (const { node, declarator } of localDeclarations(fn).get(name.text) ?? []) {
    if (node.startIndex > name.startIndex) break;
    if (inScope(node, name)) consider(node, node.startIndex, declarator);
  }
  return found ?? fieldOf(fn, name.text);
}

/** A local declaration's scope holds the use: its block, or the for, if, while or switch it is the initializer or condition of. */
function inScope(declaration: Node, use: Node): boolean {
  let scope = declaration.parent;
  if (scope?.type === 'condition_clause') scope = scope.parent;
  return !scope || (scope.startIndex <= use.startIndex && use.endIndex <= scope.endIndex);
}

const declarationIndex = new WeakMap<Node, Map<string, { node: Node; declarator: Node }[]>>();

/** A function's local declarations by the name each declarator declares, in source order (indexed once: long generated kernels look up thousands of names). */
function localDeclarations(fn: Node): Map<string, { node: Node; declarator: Node }[]> {
  let index = declarationIndex.get(fn);
  if (!index) {
    const byName = (index = new Map());
    scan(fn.childForFieldName('body')!, DECLARATIONS, (decl) => {
      for (const declarator of decl.childrenForFieldName('declarator')) {
        const name = declaredName(declarator)?.text;
        if (!name) continue;
        const list = byName.get(name);
        if (list) list.push({ node: decl, declarator });
        else byName.set(name, [{ node: decl, declarator }]);
      }
    });
    declarationIndex.set(fn, index);
  }
  return index;
}

const fileIndex = new WeakMap<Node, Map<string, { node: Node; declarator: Node }[]>>();
const FILE_SCOPES = new Set(['translation_unit', 'declaration_list', 'linkage_specification']);

/**
 * A variable the file declares outside functions and classes (in a namespace too) before the use
 * of `name` outside a class: streamcluster's `Point_Struct *p_h;`.
 */
export function fileDeclaration(name: Node): { node: Node; declarator: Node } | undefined {
  const root = name.tree.rootNode;
  let index = fileIndex.get(root);
  if (!index) {
    const byName = (index = new Map());
    const visit = (scope: Node): void => {
      for (const item of scope.namedChildren) {
        if (!item) continue;
        if (item.type === 'namespace_definition' || item.type === 'linkage_specification') {
          const body = item.childForFieldName('body');
          if (body && FILE_SCOPES.has(body.type)) visit(body);
        }
        if (item.type !== 'declaration' || functionDeclarator(item)) continue;
        for (const declarator of item.childrenForFieldName('declarator')) {
          const declared = declaredName(declarator)?.text;
          if (declared) byName.set(declared, [...(byName.get(declared) ?? []), { node: item, declarator }]);
        }
      }
    };
    visit(root);
    fileIndex.set(root, index);
  }
  return index.get(name.text)?.filter((d) => d.node.endIndex <= name.startIndex).at(-1);
}

/** The field `name` of the class whose member function `fn` defines. */
function fieldOf(fn: Node, name: string): { node: Node; declarator: Node } | undefined {
  const body = classBodyOf(fn);
  for (const member of body?.namedChildren ?? []) {
    if (member?.type !== 'field_declaration' || functionDeclarator(member)) continue;
    const declarator = member.childrenForFieldName('declarator').find((d) => d && declaredName(d)?.text === name);
    if (declarator) return { node: member, declarator };
  }
  return undefined;
}

/** The field `name` of a record, or of one of its bases (laid out as unnamed members). */
function fieldType(record: RecordType, name: string): CType | undefined {
  for (const f of record.fields) {
    const found = f.name === name ? f.type : f.name === '' && f.type.kind === 'record' ? fieldType(f.type, name) : undefined;
    if (found) return found;
  }
  return undefined;
}

/**
 * `n_` in a member function, a field the type table finds in the class (declared in a base class,
 * or the function is defined outside the class: `void Vec::bump() { ... }`,
 * `template <class T> void Box<T>::fill() { ... }`; `subst` binds a class template's parameters).
 */
function memberOfDefinedClass(use: Node, name: string, types: TypeTable, subst?: Subst): CType | undefined {
  const fn = enclosingFunction(use);
  if (!fn) return undefined;
  const scope = ownerScope(fn);
  let record: CType | undefined;
  if (scope) {
    const declarator = functionDeclarator(fn)!.childForFieldName('declarator')!;
    record = known(scope.type === 'template_type' ? types.resolveTypeDescriptor(scope, subst) : types.resolveName(declarator.text.replace(/\s+/g, '').replace(/::[^:]*$/, '')));
  } else {
    // Defined in the class: a class (not a template) named where it is defined.
    const cls = classBodyOf(fn)?.parent;
    const className = cls?.parent?.type === 'template_declaration' ? undefined : cls?.childForFieldName('name');
    record = className ? types.typeNamed(className, subst) : undefined;
  }
  return record?.kind === 'record' ? fieldType(record, name) : undefined;
}

/** `this->name` in a member function: the field of its class. */
function classField(use: Node, name: string, types: TypeTable, subst?: Subst): CType | undefined {
  const fn = enclosingFunction(use);
  const found = fn && fieldOf(fn, name);
  return found ? known(types.resolveDeclarator(found.node, found.declarator, subst, true)) : memberOfDefinedClass(use, name, types, subst);
}

/** `v.data()` of a `std::vector<T>` variable or parameter: T*, what the host copies from or into. */
function vectorData(call: Node, types: TypeTable, subst?: Subst): CType | undefined {
  const fn = call.childForFieldName('function');
  const object = fn?.type === 'field_expression' && fn.childForFieldName('field')?.text === 'data' ? fn.childForFieldName('argument') : null;
  if (!object || argumentsOf(call.childForFieldName('arguments')).length) return undefined;
  const element = vectorElement(object, types, subst);
  return element && pointer(element);
}

/** The element type T of a variable, parameter or field declared as a `std::vector<T>`. */
function vectorElement(object: Node, types: TypeTable, subst?: Subst): CType | undefined {
  const type = object.type === 'identifier' ? declarationOf(object)?.node.childForFieldName('type') : undefined;
  const template = type?.type === 'qualified_identifier' && /^(::)?std::/.test(type.text) ? type.childForFieldName('name') : type;
  if (template?.type !== 'template_type' || template.childForFieldName('name')?.text !== 'vector') return undefined;
  const element = template.childForFieldName('arguments')?.namedChildren[0];
  return element?.type === 'type_descriptor' ? known(types.resolveTypeDescriptor(element, subst)) : undefined;
}
