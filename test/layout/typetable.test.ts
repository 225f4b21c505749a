// TypeTable: real source snippets, resolved, then the same text compiled with the engine's
// layouts appended as static_asserts (a round trip through the compilers), plus the errors.
import { beforeAll, describe, expect, it } from 'vitest';
import { ABIS, layoutOf, renderTypeId, type CType } from '../../src/layout/index.js';
import { isTypeError, TypeTable, type TypeError } from '../../src/analyse/types.js';
import { initParser, parse, type Node } from '../../src/parse/parser.js';
import { PRELUDE, argsAsserts, typeAsserts } from './asserts.js';
import { compileAll, noCompilers } from './compilers.js';

const SNIPPET = `
#define TILE (4 * 2)
#define __global__
constexpr int ROWS = TILE / 2 + 1;
const unsigned COLS = sizeof(double) << 1;
enum Mode { Fast, Slow = 7, Wide = ROWS };
enum class Tiny : unsigned char { A, B };
enum Big { Huge = 0x80000000 };
typedef struct { float x; char tag; } Sample, *SamplePtr;
using Index = const volatile unsigned long long int;
typedef Index Index2;
namespace geo {
  struct alignas(16) Point { float x, y; Mode m; };
  namespace deep { struct Box { Point lo, hi; short id[Wide][2]; }; }
}
struct Node { int value; Node* next; struct Meta { char c; double w; } meta; union { int i; float f; }; static int count; void touch() {} };
struct __attribute__((packed)) Packed { char c; int i; long long l; };
struct __attribute__((packed, aligned(8))) PackedArgs { char c; int i __attribute__((aligned(4))); };
struct Grid { float cells[ROWS][COLS]; Tiny t; Big b; };
template <typename T, int N = 2> struct Vec { T v[N]; };
template <typename T> struct Pair { T a; char c; T b; };
struct UsesTemplates { Vec<short, 3> v; Pair<double> p; Pair<Vec<char>> q; };
typedef int Callback(int, float);
__global__ void vecadd(float* a, const float* __restrict__ b, float* c, uint32_t n) {}
__global__ void mixed(Sample s, SamplePtr sp, Index i, Index2 i2, geo::Point p, geo::deep::Box box, Node node, Packed pk, PackedArgs pa,
                      Grid g, Vec<float> v, Vec<double, 3> v3, Pair<geo::Point> pp, UsesTemplates u, Tiny t, Mode m, Big big,
                      int (*fp)(int), Callback* cb, Callback cb2, void* raw, int rows[ROWS], float m2[][4], struct Undeclared* opaque,
                      long double ld, signed char sc, unsigned short us, wchar_t w, char16_t c16, char32_t c32, size_t sz,
                      ptrdiff_t pd, bool flag, long l, unsigned long ul, int64_t i64, const int* const* pp2, float4 f4, double2 d2, uint3 u3) {}
__global__ void shorthands(uint a, ulong b, ushort c, unsigned d, signed e) {}
struct Derived : Node { int y; };
struct Empty {};
struct Derived2 : Empty, public Pair<char> { short y; };
template <typename T> struct RestrictPtr { typedef T* __restrict__ Ptr; };
template <typename T, int N, template <typename U> class P = RestrictPtr> struct AccessorBase { typedef typename P<T>::Ptr Ptr; Ptr data; long long sizes[N]; };
template <typename T, int N, template <typename U> class P = RestrictPtr> class Accessor : public AccessorBase<T, N, P> { public: typedef typename P<T>::Ptr Ptr; Accessor(Ptr p) {} };
template <typename T> struct Holder { struct Inner { T v; char c; }; using Word = T; };
typedef Holder<char> CharHolder;
namespace lib { template <typename T> struct Box { struct Item { T v; short s; }; }; }
template <typename S> struct Wrap { S s; };
template <typename T, int ITEMS, int THREADS = 4> struct Exchange {
  enum { LOG_BANKS = 2, BANKS = 1 << LOG_BANKS, ALL = THREADS * ITEMS, PAD = (ITEMS > 2) ? ALL >> LOG_BANKS : 0 };
  static constexpr int EXTRA = PAD + 1;
  struct Storage { T buff[ALL + PAD + EXTRA]; };
  struct TempStorage : Wrap<Storage> {};
};
typedef Exchange<short, 4> ShortExchange;
__global__ void inherits(Derived d, Derived2 d2, Accessor<float, 2> a, Accessor<char, 1, RestrictPtr> a1, Holder<double>::Inner hi, typename Holder<short>::Word w, CharHolder::Inner ci, typename ShortExchange::TempStorage ts, Exchange<char, 1, 2>::TempStorage ts2, lib::Box<float>::Item bi) {}
enum Algo { DIRECT, WARPED };
struct NullType {};
template <bool B, typename X, typename Y> struct Cond { typedef X type; };
template <typename X, typename Y> struct Cond<false, X, Y> { typedef Y type; };
template <typename T> struct UnitWord {
  enum { ALIGN = alignof(T) };
  template <typename Unit> struct IsMultiple { enum { UNIT = sizeof(Unit), IS_MULTIPLE = (sizeof(T) % sizeof(Unit) == 0) && (int(ALIGN) % int(UNIT) == 0) }; };
  typedef typename Cond<IsMultiple<int>::IS_MULTIPLE, unsigned int, unsigned char>::type Word;
};
template <typename T, int N, Algo A = DIRECT> class Loader {
 public:  // for the round trip's asserts, which name every record
  template <Algo P, int D> struct Internal;
  template <int D> struct Internal<DIRECT, D> { typedef NullType TempStorage; };
  template <int D> struct Internal<WARPED, D> { struct TempStorage { T items[N + D]; }; };
  typedef typename Internal<A, 1>::TempStorage Inner;
  Inner &ref;
  struct TempStorage { Inner s; typename UnitWord<T>::Word w[static_cast<int>(sizeof(T)) / unsigned(sizeof(typename UnitWord<T>::Word))]; };
};
__global__ void members(Loader<short, 3>::TempStorage a, Loader<double, 2, WARPED>::TempStorage b, Loader<char, 1> c) {}
__global__ void errors(int& ref, struct Undeclared byValue, Unknown u, NonConst nc, int arr[n]) {}
struct NonConst { int a[n]; };
struct BadSize { char buf[sizeof(long)]; };
struct BitField { int x : 3; };
struct Virtual { virtual void f(); };
__global__ void moreErrors(BitField b, Virtual v, BadSize bs, char buf[sizeof(long)]) {}
`;

let table: TypeTable;
let kernels: Map<string, Node[]>;

beforeAll(async () => {
  await initParser();
  const root = parse(SNIPPET).rootNode;
  table = new TypeTable(root);
  kernels = new Map(
    root.descendantsOfType('function_declarator').map((f) => [
      f!.childForFieldName('declarator')!.text,
      f!.childForFieldName('parameters')!.namedChildren.filter((p): p is Node => p?.type === 'parameter_declaration'),
    ]),
  );
});

function resolved(kernel: string): CType[] {
  return kernels.get(kernel)!.map((p) => {
    const t = table.resolveParameter(p);
    if (isTypeError(t)) throw new Error(`${p.text}: ${t.message}`);
    return t;
  });
}

describe('TypeTable', () => {
  it('resolves the spec example', () => {
    expect(resolved('vecadd').map(renderTypeId)).toEqual(['float*', 'float*', 'float*', 'uint32_t']);
  });

  it('resolves the shorthands of C and <sys/types.h>', () => {
    expect(resolved('shorthands').map(renderTypeId)).toEqual(['unsigned int', 'unsigned long', 'unsigned short', 'unsigned int', 'int']);
  });

  it('resolves names, typedef chains, enums, templates and decay', () => {
    const types = new Map(kernels.get('mixed')!.map((p, i) => [p.descendantsOfType('identifier')[0]!.text, resolved('mixed')[i]]));
    expect(renderTypeId(types.get('i')!)).toBe('unsigned long long');
    expect(renderTypeId(types.get('i2')!)).toBe('unsigned long long');
    expect(types.get('sp')).toEqual({ kind: 'pointer', to: types.get('s') });
    expect(types.get('t')).toMatchObject({ kind: 'enum', name: 'Tiny', underlying: { name: 'unsigned char' } });
    expect(types.get('big')).toMatchObject({ kind: 'enum', underlying: { name: 'unsigned int' } });
    expect(types.get('v')).toMatchObject({ kind: 'record', name: 'Vec<float, 2>' });
    expect(types.get('rows')).toEqual({ kind: 'pointer', to: { kind: 'scalar', name: 'int' } });
    expect(renderTypeId(types.get('m2')!)).toBe('float (*)[4]');
    expect(renderTypeId(types.get('cb')!)).toBe('__typeof__(int(int, float))*');
    expect(types.get('cb2')).toEqual(types.get('cb'));
    expect(types.get('opaque')).toEqual({ kind: 'pointer', to: { kind: 'opaque', text: 'Undeclared' } });
    expect(types.get('g')).toMatchObject({ fields: [{ type: { length: 5, of: { length: 16 } } }, {}, {}] });
    expect(types.get('p')).toMatchObject({ name: 'geo::Point', alignas: 16 });
    expect(table.resolveName('geo::deep::Box')).toBe(types.get('box'));
  });

  it('resolves template arguments through type descriptors and substitutions', () => {
    const root = parse('template <typename T> __global__ void scale(T* p, Pair<T> q) {}\nvoid f() { scale<unsigned int>(0, {}); }').rootNode;
    const local = new TypeTable(root);
    const descriptor = root.descendantsOfType('type_descriptor').at(-1)!;
    const t = local.resolveTypeDescriptor(descriptor) as CType;
    expect(t).toEqual({ kind: 'scalar', name: 'unsigned int' });
    const param = root.descendantsOfType('parameter_declaration')[0]!;
    expect(local.resolveParameter(param, new Map([['T', t]]))).toEqual({ kind: 'pointer', to: t });
  });

  it('lays out base classes first (an empty one takes no room), member types of template instances and template template parameters', () => {
    const [d, d2, a, a1, hi, w, ci, ts, ts2, bi] = resolved('inherits');
    const fields = (t: CType) => (t.kind === 'record' ? t.fields.map((f) => `${f.name || '(base)'}: ${renderTypeId(f.type)}`) : []);
    expect(fields(d)).toEqual(['(base): Node', 'y: int']);
    expect(fields(d2)).toEqual(['(base): Pair<char>', 'y: short']);
    expect(renderTypeId(a)).toBe('Accessor<float, 2, RestrictPtr>');
    expect(fields(a)).toEqual(['(base): AccessorBase<float, 2, RestrictPtr>']);
    const base = a.kind === 'record' ? a.fields[0].type : a;
    expect(fields(base)).toEqual(['data: float*', 'sizes: long long[2]']);
    expect(a1.kind === 'record' && fields(a1.fields[0].type)).toEqual(['data: char*', 'sizes: long long[1]']);
    expect([renderTypeId(hi), ...fields(hi)]).toEqual(['Holder<double>::Inner', 'v: double', 'c: char']);
    // Through a namespace, without typename (CUB's `hipcub::BlockReduce<float, 64>::TempStorage`).
    expect(fields(bi)).toEqual(['v: float', 's: short']);
    expect(renderTypeId(w)).toBe('short');
    expect(fields(ci)).toEqual(['v: char', 'c: char']);
    // Member enumerators and static constants of the instance size a nested class's array.
    const storage = (t: CType) => (t.kind === 'record' && t.fields[0].type.kind === 'record' ? fields(t.fields[0].type.fields[0].type) : []);
    expect(storage(ts)).toEqual(['buff: short[25]']);
    expect(storage(ts2)).toEqual(['buff: char[3]']);
  });

  it("lays out CUB's member templates: a primary only declared, partial specialisations using the enclosing arguments, member constants in template arguments, functional casts, a reference member", () => {
    const [a, b, c] = resolved('members');
    const fields = (t: CType) => (t.kind === 'record' ? t.fields.map((f) => `${f.name}: ${renderTypeId(f.type)}`) : []);
    expect(fields(a)).toEqual(['s: NullType', 'w: unsigned char[2]']);
    // An enumeration's value in a template argument is cast to it, as C++ names the type.
    expect(fields(b)).toEqual(['s: Loader<double, 2, (Algo)1>::Internal<(Algo)1, 1>::TempStorage', 'w: unsigned int[2]']);
    expect(b.kind === 'record' && fields(b.fields[0].type)).toEqual(['items: double[3]']);
    expect(fields(c)).toEqual(['ref: NullType*']);
    expect(layoutOf(c, 'rv32').size).toBe(4);
  });

  it('chooses the explicit, else the matching partial specialisation of a class template, else the primary', () => {
    const root = parse([
      'template <typename T, int N> struct Vec { T v[N]; };',
      'template <> struct Vec<float, 1> { using Type = float; float x; };',
      'template <typename T> struct Vec<T, 4> { struct Type { char tag; T a[4]; }; };',
      'template <typename T> struct Vec<T, T(2)> { short s; };',
      'template <typename T, int N> __global__ void k(Vec<float, 1> a, typename Vec<T, 4>::Type b, Vec<T, 4> c, Vec<double, 3> d) {}',
    ].join('\n')).rootNode;
    const local = new TypeTable(root);
    const params = root.descendantsOfType('parameter_declaration').filter((p) => p!.parent!.type === 'parameter_list');
    const t = (i: number) => local.resolveParameter(params[i]!, new Map([['T', { kind: 'scalar', name: 'short' } as CType]])) as CType;
    const fields = (c: CType) => (c.kind === 'record' ? c.fields.map((f) => `${f.name}: ${renderTypeId(f.type)}`) : []);
    expect(fields(t(0))).toEqual(['x: float']);
    expect([renderTypeId(t(1)), ...fields(t(1))]).toEqual(['Vec<short, 4>::Type', 'tag: char', 'a: short[4]']);
    expect(fields(t(2))).toEqual([]);
    expect(fields(t(3))).toEqual(['v: double[3]']);
  });

  it('resolves array extents from constants of the enclosing blocks, the latest before the use', () => {
    const root = parse('const int n = 2;\nvoid f() { const int n = 3, m = n * 2; { constexpr int n = m + 1; float a[n]; } float b[n]; }').rootNode;
    const local = new TypeTable(root);
    const lengths = root.descendantsOfType('declaration').filter((d) => /\[/.test(d!.text)).map((d) => local.resolveDeclarator(d!, d!.childForFieldName('declarator')!));
    expect(lengths).toEqual([{ kind: 'array', of: { kind: 'scalar', name: 'float' }, length: 7 }, { kind: 'array', of: { kind: 'scalar', name: 'float' }, length: 3 }]);
  });

  it('reads elements of constexpr arrays in extents, indexed by template parameters (apex\'s TensorListMetadata); past the list is zero, unknown arrays fail', () => {
    const source = [
      'namespace lim { constexpr int max_tensors[4] = {110, 64, 48}; }',
      'template <int n> struct Lists { void* p[n][lim::max_tensors[n - 1]]; int extra[lim::max_tensors[3] + 1]; };',
      'Lists<2> two;',
      'float bad[missing[0]];',
    ].join('\n');
    const root = parse(source).rootNode;
    const table = new TypeTable(root);
    const [two, bad] = root.descendantsOfType('declaration').filter((d) => /^(Lists|float)/.test(d!.text)).map((d) => table.resolveDeclarator(d!, d!.childForFieldName('declarator')!));
    expect(layoutOf(two as CType, 'rv32').size).toBe(2 * 64 * 4 + 4);
    expect(isTypeError(bad) && bad.message).toBe("'missing' is not a known constant array");
  });

  it('evaluates a static constexpr member function whose return sits in an #ifdef decided here (vLLM\'s WARP_SIZE)', () => {
    const source = [
      'struct Utils {',
      '  static __host__ int get_warp_size() { return warp_size_from_device(); }',
      '  static __device__ constexpr int get_warp_size() {',
      '  #ifdef __GFX9__',
      '    return 64;',
      '  #else',
      '    return 32;',
      '  #endif',
      '  }',
      '};',
      '#define WARP_SIZE Utils::get_warp_size()',
      'float lanes[WARP_SIZE / 2];',
    ].join('\n');
    const root = parse(source).rootNode;
    const decl = root.descendantsOfType('declaration').find((d) => d!.text.startsWith('float lanes'))!;
    expect(new TypeTable(root).resolveDeclarator(decl, decl.childForFieldName('declarator')!)).toEqual({ kind: 'array', of: { kind: 'scalar', name: 'float' }, length: 16 });
  });

  it.each([
    ['#define PRECISION 1', 'float'],
    ['#define PRECISION 2', 'double'],
    ['#define PRECISION', 'double'],
  ])('decides #if/#elif groups on the macros defined before them (su3\'s %s)', (define, real) => {
    const source = [
      define,
      'typedef struct { float real, imag; } fcomplex;',
      'typedef struct { double real, imag; } dcomplex;',
      '#if (PRECISION==1)',
      '  #define Real float',
      '  #define Complx fcomplex',
      '#elif defined(PRECISION) && PRECISION + 0 == 2',
      '  #define Real double',
      '  typedef dcomplex Complx;',
      '#else',
      '  #define Real double',
      '  #define Complx dcomplex',
      '#endif',
      'Real r; Complx c;',
    ].join('\n');
    const root = parse(source).rootNode;
    const table = new TypeTable(root);
    const [r, c] = root.descendantsOfType('declaration').slice(-2).map((d) => table.resolveDeclarator(d!, d!.childForFieldName('declarator')!));
    expect(renderTypeId(r as CType)).toBe(real);
    expect(layoutOf(c as CType, 'rv32').size).toBe(real === 'float' ? 8 : 16);
  });

  it('decides #ifs on the HIP and CUDA versions as the runtime headers define them, in records too', () => {
    const source = ['#if CUDART_VERSION >= 11000', '#define Real float', '#else', '#define Real double', '#endif',
      'struct S { int a;', '#if HIP_VERSION_MAJOR >= 5', '  double extra;', '#else', '  char old;', '#endif', '  int b; };', 'Real r; S s;'].join('\n');
    const root = parse(source).rootNode;
    const table = new TypeTable(root);
    const [r, s] = root.descendantsOfType('declaration').slice(-2).map((d) => table.resolveDeclarator(d!, d!.childForFieldName('declarator')!));
    expect(renderTypeId(r as CType)).toBe('float');
    expect((s as CType & { fields: { name: string }[] }).fields.map((f) => f.name)).toEqual(['a', 'extra', 'b']);
    expect(layoutOf(s as CType, 'rv32').size).toBe(24);
  });

  it('reads every branch of an #if on a name without a value here, the last definition winning', () => {
    const source = ['#if THRUST_VERSION >= 100900', '#define Real float', '#else', '#define Real double', '#endif', '#if 0', 'typedef int Index;', '#endif', 'Real r; Index i;'].join('\n');
    const root = parse(source).rootNode;
    const table = new TypeTable(root);
    const [r, i] = root.descendantsOfType('declaration').slice(-2).map((d) => table.resolveDeclarator(d!, d!.childForFieldName('declarator')!));
    expect(renderTypeId(r as CType)).toBe('double');
    expect(isTypeError(i) && i.message).toBe("unknown or incomplete type 'Index'");
  });

  it.each([
    ['errors', ['reference parameters cannot be passed to a kernel', "unknown or incomplete type 'Undeclared'", "unknown or incomplete type 'Unknown'", "'n' is not a known integer constant"], '& ref'],
    ['moreErrors', ['bit-fields are not supported', 'polymorphic records (virtual functions) are not supported', 'sizeof(long) differs between the host and the device'], ': 3'],
  ])('reports what it cannot lay out (%s), at the offending node', (kernel, messages, firstNodeText) => {
    const results = kernels.get(kernel)!.map((p) => table.resolveParameter(p));
    expect(results.slice(0, messages.length).map((r) => (isTypeError(r) ? r.message : renderTypeId(r)))).toEqual(messages);
    // The decaying dimension of an array parameter does not matter.
    expect(results.at(-1)).toMatchObject({ kind: 'pointer' });
    const error = results[0] as TypeError;
    expect(SNIPPET.slice(error.node.startIndex, error.node.endIndex)).toBe(firstNodeText);
  });

  it.skipIf(noCompilers).each(ABIS)('round trip: the snippet compiled with the resolved layouts asserted (%s)', async (abi) => {
    const params = [...resolved('vecadd'), ...resolved('mixed'), ...resolved('shorthands'), ...resolved('inherits'), ...resolved('members')];
    const source = [
      PRELUDE,
      '#include <stdint.h>',
      'typedef unsigned int uint; typedef unsigned long ulong; typedef unsigned short ushort;  // <sys/types.h>',
      // The HIP vector types the snippet uses, as the HIP headers define them.
      'struct __attribute__((aligned(16))) float4 { float x, y, z, w; }; struct __attribute__((aligned(16))) double2 { double x, y; }; struct uint3 { unsigned x, y, z; };',
      SNIPPET.replace('__global__ void errors', '#if 0\n__global__ void errors') + '#endif',
      ...params.map((t, i) => typeAsserts(`r${i}`, t, abi)),
      argsAsserts('vecadd', resolved('vecadd'), abi),
      argsAsserts('mixed', resolved('mixed'), abi),
    ].join('\n');
    expect((await compileAll(source, abi)).join('\n')).toBe('');
  });
});
