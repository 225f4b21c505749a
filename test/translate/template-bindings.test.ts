// Template arguments of launches as C++ binds them (analyse/template-bindings.ts): written,
// deduced from argument types, mixed, and through host function templates to any depth.
import { beforeAll, describe, expect, it } from 'vitest';
import { initParser, parse } from '../../src/parse/parser.js';
import { analyseProgram } from '../../src/analyse/program.js';
import { TypeTable } from '../../src/analyse/types.js';
import { TemplateBindings, dependentOn } from '../../src/analyse/template-bindings.js';
import { translateText } from './translate-helpers.js';

beforeAll(() => initParser());

/** Each launch of `kernel` in `source`: its bindings as `T=float,N=4` strings, or the problem's message. */
function bind(source: string, kernel = 'k') {
  const program = analyseProgram(parse(source).rootNode, source);
  const bindings = new TemplateBindings([program], new TypeTable(program.root));
  const k = program.kernels.find((f) => f.name === kernel)!;
  return program.launches.filter((l) => l.kernel === kernel).map((l) => {
    const found = bindings.forLaunch(k, l);
    if (!Array.isArray(found)) return found.message;
    return found.map((b) => [...b.texts].map(([p, t]) => `${p}=${t}`).join(','));
  });
}

const KERNEL = 'template <typename T> __global__ void k(T* out, T v) {}\n';

describe('template bindings', () => {
  it('deduces from declared types, casts, literals and address-of, and keeps written arguments as written', () => {
    const source = `${KERNEL}typedef double real;
struct P { float* data; };
int main() { float* a; real r; P p; int i; unsigned u;
  k<<<1, 1>>>(a, 1.0f);
  k<<<1, 1>>>(&r, (real)2);
  k<<<1, 1>>>(p.data, static_cast<float>(i));
  k<<<1, 1>>>(&u, 3u);
  k<real><<<1, 1>>>(nullptr, 0);
}`;
    expect(bind(source)).toEqual([['T=float'], ['T=double'], ['T=float'], ['T=unsigned int'], ['T=real']]);
  });

  it('deduces from arithmetic as the usual arithmetic conversions type it, sizeof, suffixed literals and a ?:', () => {
    const source = `template <typename S> __global__ void s(S v) {}
int main() { int n; short h; unsigned u; long l; float f; double* a; int64_t w;
  s<<<1, 1>>>(n * 2);
  s<<<1, 1>>>(n / 2.0f);
  s<<<1, 1>>>(h + h);
  s<<<1, 1>>>(u + n);
  s<<<1, 1>>>(l - u);
  s<<<1, 1>>>(w * n);
  s<<<1, 1>>>(f * 2.0);
  s<<<1, 1>>>(10ULL);
  s<<<1, 1>>>(3L);
  s<<<1, 1>>>(sizeof(float));
  s<<<1, 1>>>(n > 2 ? a : a + 1);
  s<<<1, 1>>>(n < 3);
}`;
    expect(bind(source, 's')).toEqual([['S=int'], ['S=float'], ['S=int'], ['S=unsigned int'], ['S=long'], ['S=int64_t'], ['S=double'],
      ['S=unsigned long long'], ['S=long'], ['S=size_t'], ['S=double*'], ['S=bool']]);
  });

  it('binds a launch once per instantiation of its host template, called with written or deduced arguments at any depth', () => {
    const source = `${KERNEL}
template <typename T> void launch(T* p) { k<<<1, 1>>>(p, T(0)); }
template <typename U> void outer() { U* d; launch(d); }
template <typename T> void unused(T* p) { k<<<1, 1>>>(p, p[0]); }
int main() { outer<float>(); outer<int>(); double* x; launch(x); }`;
    expect(bind(source)).toEqual([['T=float', 'T=int', 'T=double'], []]);
  });

  it('mixes written and deduced arguments, deduces through references, and takes defaults', () => {
    const source = `struct Op { float s; };
template <int B, typename F, int N = 4> __global__ void k(float* d, F f) {}
template <typename F> void run(float* d, const F& f) { k<64><<<1, 1>>>(d, f); }
int main() { float* d; run(d, Op{2}); Op op; run(d, op); }`;
    expect(bind(source)).toEqual([['B=64,F=Op,N=4']]);
  });

  it('binds through a host template called without its defaulted parameters (a stream)', () => {
    const source = `${KERNEL}
template <typename T> void run(T* p, T v, hipStream_t s = 0, int unused = 0) { k<<<1, 1, 0, s>>>(p, v); }
int main() { float* f; run(f, 2.0f); int* i; run(i, 1, 0); }`;
    expect(bind(source)).toEqual([['T=float', 'T=int']]);
  });

  it('translates compile-time recursion of a device template ended by a specialisation, its call leaving out a defaulted parameter (wlcpow\'s __TEA_core)', async () => {
    const source = [
      'template <int N> __device__ void mix(unsigned& a, unsigned& b, unsigned sum = 0) { sum += 7u; a += b ^ sum; b += a; mix<N - 1>(a, b, sum); }',
      'template <> __device__ void mix<0>(unsigned& a, unsigned& b, unsigned sum) {}',
      '__global__ void k(unsigned* p) { unsigned a = p[0], b = p[1]; mix<8>(a, b); p[threadIdx.x] = a ^ b; }',
    ].join('\n');
    const result = await translateText('t.cu', source);
    expect(result.diagnostics).toEqual([]);
  });

  it('takes negative and escaped character arguments, and gives instances differing by a sign or a pointer their own ids', async () => {
    const source = [
      'template <int D> __global__ void shift(int* p) { p[threadIdx.x] += D; }',
      'template <char C> __global__ void sep(int* p) { p[threadIdx.x] = C; }',
      'template <typename T> __global__ void put(T* p, T v) { p[threadIdx.x] = v; }',
      "int main() { int* d; float* f; float** g; shift<-1><<<1, 1>>>(d); shift<1><<<1, 1>>>(d); sep<'\\t'><<<1, 1>>>(d); sep<'\\x41'><<<1, 1>>>(d); put<float><<<1, 1>>>(f, 1.0f); put<float*><<<1, 1>>>(g, f); }",
    ].join('\n');
    const result = await translateText('t.cu', source);
    expect(result.diagnostics).toEqual([]);
    const host = result.outputs.find((o) => o.role === 'host')!.content;
    for (const stub of ['shift__minus_1(1, 1, 0, 0, d)', 'shift__1(1, 1, 0, 0, d)', 'sep__9(1, 1, 0, 0, d)', 'sep__65(1, 1, 0, 0, d)', 'put__float(1, 1, 0, 0, f, 1.0f)', 'put__float_ptr(1, 1, 0, 0, g, f)']) {
      expect(host).toContain(`__hip2vx_launch_${stub};`);
    }
  });

  it('resolves local aliases of the host template with its parameters bound, named as resolved', () => {
    const source = `template <int N> struct Traits { int v[N]; };
template <typename K> __global__ void k(int* p) {}
template <int N> void run() { using K = Traits<N>; k<K><<<1, 1>>>(nullptr); }
int main() { run<4>(); run<8>(); }`;
    expect(bind(source)).toEqual([['K=Traits<4>', 'K=Traits<8>']]);
  });

  it('binds host template calls that function-like macros expand to, with the user\'s declarations in sight', () => {
    const source = `${KERNEL}template <typename T, int N> void run(T* p) { k<<<N, 1>>>(p, T(N)); }
#define SWITCH(f, ...) do { f<float, 1>(__VA_ARGS__); f<int, 2>(__VA_ARGS__); } while (0)
template <typename T> void driver(T* p) {
#define EVAL(n) run<T, n>(p)
  EVAL(4);
}
int main() { void* q; SWITCH(run, q); double* d; driver(d); }`;
    expect(bind(source)).toEqual([['T=double', 'T=float', 'T=int']]);
  });

  it('deduces a functor template instance constructed at the call', () => {
    const source = `template <typename T> struct Scale { float s; };
template <typename F> __global__ void k(float* d, F f) {}
template <typename F> void run(float* d, F f) { k<<<1, 1>>>(d, f); }
int main() { float* d; run(d, Scale<double>()); }`;
    expect(bind(source)).toEqual([['F=Scale<double>']]);
  });

  it('deduces from braced constructions, of a struct and of a class template instance', () => {
    const source = `template <typename T> struct AddK { T k; };
struct Pt { float x, y; };
template <typename F> __global__ void k(float* d, F f) {}
int main() { float* d; k<<<1, 1>>>(d, AddK<float>{1.0f}); k<<<1, 1>>>(d, Pt{1, 2}); }`;
    expect(bind(source)).toEqual([['F=AddK<float>'], ['F=Pt']]);
  });

  it('binds parameter packs: deduced (signed literals, characters and booleans too), passed on with args... through host templates, written, empty', () => {
    const source = `template <typename T> struct Scale { float s; };
template <typename F, typename... Args> __global__ void kp(F f, Args... args) {}
template <typename F, typename... Args> void runp(F f, Args... args) { kp<<<1, 1>>>(f, args...); }
template <typename... Args> void outer(Args... args) { runp(Scale<int>(), args...); }
int main() { unsigned char c; double* p;
  runp(Scale<int>(), 1, -2.0f);
  runp(Scale<int>(), 'c', true, L'w');
  outer(c, p, -c);
  runp(Scale<float>());
  kp<Scale<int>, long, short><<<1, 1>>>(Scale<int>(), 1, 2);
}`;
    // outer's call comes first in the source.
    expect(bind(source, 'kp')).toEqual([['F=Scale<int>,Args=unsigned char, double*, int', 'F=Scale<int>,Args=int, float', 'F=Scale<int>,Args=char, bool, wchar_t', 'F=Scale<float>,Args='], ['F=Scale<int>,Args=long, short']]);
  });

  it('says which element of a pack has no known type', () => {
    const source = `template <typename... Args> __global__ void kp(Args... args) {}
template <typename... Args> void runp(Args... args) { kp<<<1, 1>>>(args...); }
int main() { runp(1, unknown_value); }`;
    const program = analyseProgram(parse(source).rootNode, source);
    const bindings = new TemplateBindings([program], new TypeTable(program.root));
    const kp = program.kernels.find((f) => f.name === 'kp')!;
    bindings.forLaunch(kp, program.launches.find((l) => l.kernel === 'kp')!);
    expect(bindings.problems.map((p) => p.message)).toEqual([
      "cannot deduce the template arguments of host function template 'runp', which launches kernels, at this call (the type of 'unknown_value', an element of the pack 'Args', is not known here); write runp<...> here",
    ]);
  });

  it('binds a function template instance as a pointer template argument, its arguments as the values the launch site gives them', () => {
    const source = `template <int N> __device__ int times(int v) { return v * N; }
typedef int (*op_t)(int);
template <op_t F> __global__ void k(int* p) { p[0] = F(p[0]); }
int main() { const int m = 3; int* d; k<times<m>><<<1, 1>>>(d); k<&times<2 * m>><<<1, 1>>>(d); }`;
    expect(bind(source)).toEqual([['F=times<3>'], ['F=&times<6>']]);
  });

  it('says why deduction fails: a conflict, or nothing giving a parameter its value', () => {
    const source = `template <typename T> __global__ void k(T* a, T* b) {}
int main() { float* f; double* d; k<<<1, 1>>>(f, d); k<<<1, 1>>>(unknown(), unknown()); }`;
    expect(bind(source)).toEqual([
      "cannot deduce the template arguments of kernel 'k' from this launch ('T' is deduced as both 'float' and 'double'); write k<...> at the launch",
      "cannot deduce the template arguments of kernel 'k' from this launch (nothing gives 'T' a value); write k<...> at the launch",
    ]);
  });

  it('sends a launch through the dispatcher when its arguments depend on the host template', () => {
    const source = `${KERNEL}template <typename T> void a(T* p) { k<<<1, 1>>>(p, T(0)); k<T><<<1, 1>>>(p, 0); k<float><<<1, 1>>>(nullptr, 0); }
int main() { float* p; k<<<1, 1>>>(p, 0.0f); }`;
    const program = analyseProgram(parse(source).rootNode, source);
    const k = program.kernels[0];
    expect(program.launches.map((l) => !!dependentOn(l, k, program))).toEqual([true, true, false, false]);
  });

  it('types arguments through the fields of a member function\'s class (named, or this->), inside the class or defined outside it, and its bases', () => {
    const source = `${KERNEL}struct Base { double* acc; };
class Vec : public Base {
 public:
  void inside() { k<<<1, 1>>>(d_, d_[0]); float* d_ = 0; k<<<1, 1>>>(this->acc, acc[0]); }
  void outside();
  void shadowed(int* d_);
 private:
  float* d_;
};
void Vec::outside() { k<<<1, 1>>>(acc, acc[0]); k<<<1, 1>>>(this->d_, d_[0]); }
void Vec::shadowed(int* d_) { k<<<1, 1>>>(d_, d_[0]); }`;
    expect(bind(source)).toEqual([['T=float'], ['T=double'], ['T=double'], ['T=float'], ['T=int']]);
  });

  it('binds a launch in a class template member (defined in the class or outside it) once per instance of the class, and not at all in a member nothing calls', () => {
    const source = `${KERNEL}template <typename V = float> struct Box {
  using index_t = unsigned;
  struct Slot { V* p; index_t* ids; };
  Slot slot;
  void fill() { k<<<1, 1>>>(slot.p, slot.p[0]); }
  void ids() { auto& s = slot; k<<<1, 1>>>(s.ids, s.ids[0]); }
  void never() { k<<<1, 1>>>(slot.p, 1.0); }
  void outside();
};
template <typename W> void Box<W>::outside() { k<<<1, 1>>>(slot.p, slot.p[0]); }
using IntBox = Box<int>;
template <typename T> void run() { Box<T> b; b.fill(); b.Box<T>::ids(); b.outside(); }
int main() { Box<> f; IntBox i; run<double>(); }`;
    // One binding per instance of Box (int, double, float); the instances of k they give may coincide.
    expect(bind(source)).toEqual([['T=int', 'T=double', 'T=float'], ['T=unsigned int', 'T=unsigned int', 'T=unsigned int'], [], ['T=int', 'T=double', 'T=float']]);
  });
});
