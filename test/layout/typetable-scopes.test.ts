// TypeTable: names as real code scopes them — std:: spellings of the C typedefs, typedefs and
// aliases in blocks, #defines inside function bodies (redefined), non-type template parameters.
import { beforeAll, describe, expect, it } from 'vitest';
import { renderTypeId } from '../../src/layout/index.js';
import { isTypeError, TypeTable } from '../../src/analyse/types.js';
import { analyseProgram } from '../../src/analyse/program.js';
import { initParser, parse, type Node } from '../../src/parse/parser.js';

beforeAll(() => initParser());

const show = (t: ReturnType<TypeTable['resolveTypeDescriptor']> | bigint) => (typeof t === 'bigint' ? String(t) : isTypeError(t) ? `error: ${t.message}` : renderTypeId(t));

/** Each template argument of each `k<...>` written in `source`, resolved where it is written. */
function args(source: string): string[] {
  const root = parse(source).rootNode;
  const table = new TypeTable(root);
  const lists = root.descendantsOfType('template_argument_list').filter((l) => l.parent?.childForFieldName('name')?.text === 'k');
  return lists.flatMap((list) =>
    list.namedChildren.filter((a): a is Node => !!a).map((a) => show(a.type === 'type_descriptor' && !/^[A-Z_]+$/.test(a.text) ? table.resolveTypeDescriptor(a) : table.resolveConstant(a.type === 'type_descriptor' ? a.namedChildren[0]! : a))),
  );
}

describe('TypeTable scopes', () => {
  it('resolves the C library typedefs spelled with std::', () => {
    expect(args('void f() { k<std::uint8_t, std::size_t, ::std::int64_t>(); }')).toEqual(['uint8_t', 'size_t', 'int64_t']);
  });

  it('resolves names through namespace aliases, and unscoped enumerators reached by using namespace', () => {
    const source = `namespace lib { struct Pair { int a; double b; }; enum Algo { FIRST = 3, SECOND }; namespace deep { typedef short Half; } }
namespace short_name = lib;
namespace inner = lib::deep;
using namespace lib;
void f() { k<short_name::Pair, inner::Half>(); k<SECOND, FIRST>(); }`;
    expect(args(source)).toEqual(['lib::Pair', 'short', '4', '3']);
  });

  it('resolves typedefs and aliases declared in blocks, the innermost latest one before the use', () => {
    const source = `typedef int Real;
void f() {
  using Real = double;
  k<Real>();
  { typedef float Real; k<Real>(); }
  k<Real>();
}
void g() { k<Real>(); }`;
    expect(args(source)).toEqual(['double', 'float', 'double', 'int']);
  });

  it('evaluates #defines inside function bodies as of each use, redefinitions included', () => {
    const source = `#define M 4
void a() {
#define N (2 * M)
  k<N>();
}
void b() {
#define N 3
  k<N>();
}`;
    expect(args(source)).toEqual(['8', '3']);
  });

  it('evaluates calls of constexpr functions of one return statement in constants', () => {
    const source = `constexpr int div_up(int p, int q) { return (p + q - 1) / q; }
constexpr int twice(int x) { return 2 * div_up(x, 2); }
void f() { k<div_up(10, 4), twice(7)>(); }`;
    expect(args(source)).toEqual(['3', '8']);
  });

  it('evaluates function-like macros in constants, each parameter standing for its argument value', () => {
    const source = `#define LOG2(n) ((n<8)?2:((n<16)?3:\\
  ((n<32)?4:0)))
#define MIN(x,y) ((x<y)?x:y)
const int SIZE = 1 << (LOG2(10) + 1);
void f() { k<SIZE, LOG2(SIZE + 1), MIN(SIZE, 5 - 1)>(); }`;
    expect(args(source)).toEqual(['16', '4', '4']);
  });

  it('resolves alias templates and type macros whose line ends in a comment', () => {
    const source = `template <int n> using Row = int[2 * n + 1];
#define Real_t float // the precision
void f() { k<Row<3>, Real_t>(); }`;
    expect(args(source)).toEqual(['int[7]', 'float']);
  });

  it('lays out a class by its data members: declared member functions returning references are not fields', () => {
    const source = `template <class T> class Interval {
 public:
  __device__ __host__ T const &lower() const;
  __device__ T &upper();
  int (*callback)(int);
 private:
  T low, up;
};
void f() { k<Interval<double>>(); }`;
    expect(args(source)).toEqual(['Interval<double>']);
    const root = parse(source).rootNode;
    const t = new TypeTable(root).resolveTypeDescriptor(root.descendantsOfType('template_argument_list').find((l) => l.parent?.childForFieldName('name')?.text === 'k')!.namedChildren[0]!);
    expect(isTypeError(t) ? t.message : t.kind === 'record' ? t.fields.map((f) => `${f.name}: ${renderTypeId(f.type)}`) : t).toEqual(['callback: __typeof__(int(int))*', 'low: double', 'up: double']);
  });

  it('names non-type template parameters by their declarators, not their types', () => {
    const source = 'enum Mode { A, B };\ntemplate <Mode M, typename T, int N = 2> void f() {}\n';
    expect(analyseProgram(parse(source).rootNode, source).functions[0].templateParams).toEqual(['M', 'T', 'N']);
  });
});
