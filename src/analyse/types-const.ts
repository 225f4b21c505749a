// Integer constant expressions (array sizes, enumerator values, alignas, template arguments),
// evaluated with BigInt so shifts and large values are exact. Names and sizeof are answered by
// the caller. Failures are thrown as `Fail` and turned into TypeErrors at the API boundary.
import type { Node } from '../parse/parser.js';

export class Fail {
  constructor(
    readonly message: string,
    readonly node: Node,
  ) {}
}

export interface ConstScope {
  /** Value of an identifier or qualified name (enumerator, constant, macro, template parameter). */
  valueOf(name: string, node: Node): bigint;
  /** `sizeof`/`alignof` of a type (type_descriptor) or of a name used as one. */
  measure(op: 'sizeof' | 'alignof', typeNode: Node): bigint;
  /** A call of a constexpr function with these argument values. */
  call(name: string, args: bigint[], node: Node): bigint;
  /** An element of a constant array (`constexpr int widths[] = {...}`). */
  element(name: string, index: bigint, node: Node): bigint;
}

/** The value of an integer literal (`256`, `0x1F`, `1'000u`...), or undefined for other text. */
export function integerLiteral(written: string): bigint | undefined {
  const text = written.replace(/'/g, '').replace(/[uUlL]+$/, '');
  if (/^0[0-7]+$/.test(text)) return BigInt(`0o${text.slice(1)}`);
  if (/^(0[xX][0-9a-fA-F]+|0[bB][01]+|\d+)$/.test(text)) return BigInt(text);
  return undefined;
}

function literal(node: Node): bigint {
  // A sign before a literal template argument parses as part of it (`shift<-1>`).
  const sign = /^\s*[-+]/.exec(node.text)?.[0].trim();
  const value = integerLiteral(sign ? node.text.trim().slice(1).trim() : node.text);
  if (value === undefined) throw new Fail(`'${node.text}' is not an integer constant`, node);
  return sign === '-' ? -value : value;
}

const ESCAPES: Record<string, number> = { n: 10, t: 9, r: 13, a: 7, b: 8, f: 12, v: 11, '\\': 92, "'": 39, '"': 34, '?': 63 };

/** The code of a character literal's one character (`'a'`, `'\t'`, `'\x41'`, `'\101'`), if it has one. */
function characterCode(text: string): number | undefined {
  if (text.length === 1) return text.charCodeAt(0);
  const escaped = /^\\(?:x([0-9a-fA-F]+)|([0-7]{1,3})|(.))$/.exec(text);
  if (!escaped) return undefined;
  return escaped[1] ? parseInt(escaped[1], 16) : escaped[2] ? parseInt(escaped[2], 8) : ESCAPES[escaped[3]];
}

const BINARY: Record<string, (a: bigint, b: bigint) => bigint> = {
  '+': (a, b) => a + b,
  '-': (a, b) => a - b,
  '*': (a, b) => a * b,
  '/': (a, b) => a / b,
  '%': (a, b) => a % b,
  '<<': (a, b) => a << b,
  '>>': (a, b) => a >> b,
  '&': (a, b) => a & b,
  '|': (a, b) => a | b,
  '^': (a, b) => a ^ b,
  '&&': (a, b) => BigInt(a !== 0n && b !== 0n),
  '||': (a, b) => BigInt(a !== 0n || b !== 0n),
  '==': (a, b) => BigInt(a === b),
  '!=': (a, b) => BigInt(a !== b),
  '<': (a, b) => BigInt(a < b),
  '>': (a, b) => BigInt(a > b),
  '<=': (a, b) => BigInt(a <= b),
  '>=': (a, b) => BigInt(a >= b),
};

const UNARY: Record<string, (a: bigint) => bigint> = { '-': (a) => -a, '+': (a) => a, '~': (a) => ~a, '!': (a) => BigInt(a === 0n) };

export function evaluate(node: Node, scope: ConstScope): bigint {
  const child = (field: string): Node => node.childForFieldName(field) ?? fail();
  const fail = (): never => {
    throw new Fail(`'${node.text}' is not an integer constant expression`, node);
  };
  switch (node.type) {
    case 'number_literal':
      return literal(node);
    case 'true':
      return 1n;
    case 'false':
      return 0n;
    case 'char_literal': {
      const code = characterCode(node.text.slice(1, -1));
      return code === undefined ? fail() : BigInt(code);
    }
    case 'parenthesized_expression':
      return evaluate(node.namedChildren[0] ?? fail(), scope);
    case 'identifier':
    case 'type_identifier':  // a name in a template argument list parses as a type
    case 'qualified_identifier':
      return scope.valueOf(node.text.replace(/\s+/g, ''), node);
    case 'binary_expression': {
      const operator = child('operator').type;
      const op = BINARY[operator] ?? fail();
      const right = evaluate(child('right'), scope);
      if ((operator === '/' || operator === '%') && right === 0n) throw new Fail('division by zero in a constant expression', node);
      return op(evaluate(child('left'), scope), right);
    }
    case 'unary_expression':
      return (UNARY[child('operator').type] ?? fail())(evaluate(child('argument'), scope));
    case 'conditional_expression':
      return evaluate(child('condition'), scope) !== 0n ? evaluate(child('consequence'), scope) : evaluate(child('alternative'), scope);
    case 'cast_expression':
      return evaluate(child('value'), scope);
    case 'call_expression': {
      const fn = child('function');
      // `int(x)`, `unsigned(x)`, `static_cast<int>(x)`: a cast, read like `(int)x`.
      const cast = fn.type === 'primitive_type' || fn.type === 'sized_type_specifier' || /^(unsigned|signed)$/.test(fn.text) || (fn.type === 'template_function' && fn.childForFieldName('name')?.text === 'static_cast');
      const operands = child('arguments').namedChildren.filter((a) => a && a.type !== 'comment') as Node[];
      if (cast && operands.length === 1) return evaluate(operands[0], scope);
      if (fn.type !== 'identifier' && fn.type !== 'qualified_identifier') return fail();
      const args = operands.map((a) => evaluate(a, scope));
      return scope.call(fn.text.replace(/\s+/g, ''), args, node);
    }
    case 'subscript_expression': {
      const array = child('argument');
      const index = child('indices').namedChildren.filter((a) => a && a.type !== 'comment');
      if ((array.type !== 'identifier' && array.type !== 'qualified_identifier') || index.length !== 1) return fail();
      return scope.element(array.text.replace(/\s+/g, ''), evaluate(index[0]!, scope), node);
    }
    case 'sizeof_expression':
    case 'alignof_expression': {
      const op = node.type === 'sizeof_expression' ? 'sizeof' : 'alignof';
      const operand = node.childForFieldName('type') ?? node.childForFieldName('value') ?? fail();
      return scope.measure(op, operand.type === 'parenthesized_expression' ? (operand.namedChildren[0] ?? fail()) : operand);
    }
    default:
      return fail();
  }
}
