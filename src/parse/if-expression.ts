// The value of a preprocessor `#if` expression once its names are numbers: C's rules, where every
// value is an intmax_t or a uintmax_t (64 bits), an unsigned operand makes the operation unsigned
// (`-1 > 0u` holds), `/` and `%` truncate, and comparisons and logical operators give 0 or 1.

interface Value {
  v: bigint;
  unsigned: boolean;
}

const make = (v: bigint, unsigned: boolean): Value => ({ v: unsigned ? BigInt.asUintN(64, v) : BigInt.asIntN(64, v), unsigned });
const truth = (b: boolean): Value => ({ v: b ? 1n : 0n, unsigned: false });

/** Binary operators by precedence, loosest first (the conditional and comma are handled apart). */
const LEVELS: readonly (readonly string[])[] = [['||'], ['&&'], ['|'], ['^'], ['&'], ['==', '!='], ['<', '>', '<=', '>='], ['<<', '>>'], ['+', '-'], ['*', '/', '%']];
const TOKEN = /\s*(0[xX][0-9a-fA-F]+|0[bB][01]+|\d+)([uUlL]*)|\s*(<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%<>&^|!~?:(),])/y;

class Parser {
  private pos = 0;
  private readonly tokens: string[] = [];
  private readonly suffixes: string[] = [];

  constructor(expr: string) {
    const text = expr.trimEnd();
    TOKEN.lastIndex = 0;
    while (TOKEN.lastIndex < text.length) {
      const start = TOKEN.lastIndex;
      const m = TOKEN.exec(text);
      if (!m) throw new Error(`#if: unexpected '${text.slice(start).trim()}'`);
      this.tokens.push(m[1] ?? m[3]);
      this.suffixes.push(m[2] ?? '');
    }
  }

  parse(): bigint {
    const value = this.comma();
    if (this.pos !== this.tokens.length) throw new Error(`#if: unexpected '${this.tokens[this.pos]}'`);
    return value.v;
  }

  private peek = () => this.tokens[this.pos];

  private take(token: string): boolean {
    if (this.peek() !== token) return false;
    this.pos++;
    return true;
  }

  private comma(): Value {
    let value = this.conditional();
    while (this.take(',')) value = this.conditional();
    return value;
  }

  private conditional(): Value {
    const condition = this.binary(0);
    if (!this.take('?')) return condition;
    const yes = this.comma();
    if (!this.take(':')) throw new Error("#if: '?' without ':'");
    const no = this.conditional();
    const unsigned = yes.unsigned || no.unsigned;
    return make(condition.v !== 0n ? yes.v : no.v, unsigned);
  }

  private binary(level: number): Value {
    if (level === LEVELS.length) return this.unary();
    let left = this.binary(level + 1);
    for (let op = this.peek(); LEVELS[level].includes(op); op = this.peek()) {
      this.pos++;
      left = apply(op, left, this.binary(level + 1));
    }
    return left;
  }

  private unary(): Value {
    const token = this.tokens[this.pos++];
    if (token === undefined) throw new Error('#if: the expression ends early');
    if (token === '(') {
      const value = this.comma();
      if (!this.take(')')) throw new Error("#if: '(' without ')'");
      return value;
    }
    if (token === '+') return this.unary();
    if (token === '-' || token === '~') {
      const operand = this.unary();
      return make(token === '-' ? -operand.v : ~operand.v, operand.unsigned);
    }
    if (token === '!') return truth(this.unary().v === 0n);
    if (!/^\d/.test(token)) throw new Error(`#if: unexpected '${token}'`);
    const digits = /^0[0-7]+$/.test(token) ? `0o${token.slice(1)}` : token;
    const v = BigInt(digits);
    // A literal too large for intmax_t is unsigned, as in C.
    return make(v, /u/i.test(this.suffixes[this.pos - 1]) || v > 0x7fffffffffffffffn);
  }
}

function apply(op: string, a: Value, b: Value): Value {
  if (op === '&&') return truth(a.v !== 0n && b.v !== 0n);
  if (op === '||') return truth(a.v !== 0n || b.v !== 0n);
  if (op === '<<' || op === '>>') {
    const shift = Number(BigInt.asUintN(64, b.v) & 63n);
    return make(op === '<<' ? a.v << BigInt(shift) : a.v >> BigInt(shift), a.unsigned);
  }
  const unsigned = a.unsigned || b.unsigned;
  const x = unsigned ? BigInt.asUintN(64, a.v) : a.v;
  const y = unsigned ? BigInt.asUintN(64, b.v) : b.v;
  switch (op) {
    case '==': return truth(x === y);
    case '!=': return truth(x !== y);
    case '<': return truth(x < y);
    case '>': return truth(x > y);
    case '<=': return truth(x <= y);
    case '>=': return truth(x >= y);
    case '+': return make(x + y, unsigned);
    case '-': return make(x - y, unsigned);
    case '*': return make(x * y, unsigned);
    case '&': return make(x & y, unsigned);
    case '|': return make(x | y, unsigned);
    case '^': return make(x ^ y, unsigned);
  }
  // `/` and `%` (BigInt's truncate toward zero, as C's); a zero divisor is an error in C.
  if (y === 0n) throw new Error('#if: division by zero');
  return make(op === '/' ? x / y : x % y, unsigned);
}

/** The value of `expr` (numbers, operators and parentheses only); throws on what C would reject. */
export function evaluateIfExpression(expr: string): bigint {
  return new Parser(expr).parse();
}
