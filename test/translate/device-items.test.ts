// What of a file's top-level items the device translation keeps, and how.
import { beforeAll, describe, expect, it } from 'vitest';
import { initParser } from '../../src/parse/parser.js';
import { formatted, output, translateText } from './translate-helpers.js';

beforeAll(() => initParser());

describe('device items', () => {
  it("declares one pointer for a device global declared extern (a header's declaration) and then defined, in a namespace too", async () => {
    const r = await translateText('k.cu', `extern __constant__ int len;
namespace a { extern __device__ float buf[4]; }
__constant__ int len = 100;
namespace a { __device__ float buf[4]; }
__global__ void k(int* p) { p[threadIdx.x] = len + a::buf[0]; }
int main() { k<<<1, 4>>>(0); }
`);
    const device = output(r, 'device');
    expect(device.match(/static int \(\*__hip2vx_sym_len\);/g)).toHaveLength(1);
    expect(device.match(/static float \(\*__hip2vx_sym_buf\)\[4\];/g)).toHaveLength(1);
    expect(device).toContain('namespace a { static float (*__hip2vx_sym_buf)[4]; }');
  });

  it("lays out ROCm's hip_bfloat16 in kernel arguments as the bfloat16 it is", async () => {
    const r = await translateText('k.hip', '#include <hip/hip_bfloat16.h>\n__global__ void axpy(hip_bfloat16* x, hip_bfloat16 a, int n) { x[threadIdx.x] = a; }\nint main() { hipLaunchKernelGGL(axpy, dim3(1), dim3(4), 0, 0, (hip_bfloat16*)0, hip_bfloat16(2.f), 4); }\n');
    expect(formatted(r)).toEqual([]);
    expect(output(r, 'device')).toContain('static_assert(__builtin_offsetof(axpy_KernelArgs, a) == 32 + HIP2VX_ABI(4, 8), "axpy_KernelArgs.a: offset differs from the metadata table");');
  });

  it("leaves assert to NDEBUG (-D or #define: not evaluated), and builtins the file defines as macros to the file", async () => {
    const kernel = '__global__ void k(int* p) { assert(p[threadIdx.x] > 0); printf("%d\\n", p[0]); }\nint main() { k<<<1, 4>>>(0); }\n';
    const checked = output(await translateText('k.cu', `#include <cassert>\n${kernel}`), 'device');
    expect(checked).toContain('hip2vx_assert("k.cu", 2, p[threadIdx.x] > 0);');
    const released = output(await translateText('k.cu', `#define NDEBUG\n#include <cassert>\n${kernel}`), 'device');
    expect(released).toContain('{ ((void)0); vx_printf(');
    const flag = output(await translateText('k.cu', `#include <cassert>\n${kernel.replace('printf(', '__trap(); printf(')}`, { defines: ['NDEBUG'] }), 'device');
    expect(flag).toContain('{ ((void)0); hip2vx_trap("k.cu", 2); vx_printf(');
    const own = output(await translateText('k.cu', `#define assert(c) ((void)0)\n#define printf(...) ((void)0)\n${kernel}`), 'device');
    expect(own).toContain('{ assert(p[threadIdx.x] > 0); printf("%d\\n", p[0]); }');
  });

  it('registers the __launch_bounds__ maximum of each instance where its value is known, and nothing where it is not', async () => {
    const r = await translateText('k.cu', `#define THREADS 128
struct Traits { static constexpr int n = 64; };
template <int B> __global__ void __launch_bounds__(B, 2) tiled(int* p) { p[threadIdx.x] = B; }
template <typename T> __global__ void __launch_bounds__(T::n) traced(int* p) { p[0] = T::n; }
__global__ void __launch_bounds__(THREADS) fixed(int* p) { p[0] = 1; }
__global__ void __launch_bounds__(unknown_elsewhere) opaque(int* p) { p[0] = 2; }
__global__ void free_size(int* p) { p[0] = 3; }
int main() {
  int* p = nullptr;
  tiled<32><<<1, 32>>>(p); tiled<256><<<1, 256>>>(p); traced<Traits><<<1, 64>>>(p);
  fixed<<<1, 1>>>(p); opaque<<<1, 1>>>(p); free_size<<<1, 1>>>(p);
}
`);
    const bounds = [...output(r, 'registration').matchAll(/__hip2vxSetKernelMaxThreads\(&__hip2vx_kernel_k_(\w+), (\d+)\)/g)].map((m) => `${m[1]}=${m[2]}`);
    expect(bounds).toEqual(['tiled__32=32', 'tiled__256=256', 'traced__Traits=64', 'fixed=128']);
  });

  it("keeps a member template's explicit specialisation of a class template (template <> template <>) for the kernels calling it", async () => {
    const source = [
      'template <typename S> struct Rng {',
      '  S x;',
      '  template <typename R> __host__ __device__ R next();',
      '};',
      'template <>',
      'template <>',
      '__host__ __device__ inline unsigned Rng<unsigned>::next<unsigned>() { return x = x * 69069u + 1u; }',
      '__global__ void k(unsigned* out) { Rng<unsigned> r{out[0]}; out[1] = r.template next<unsigned>(); }',
      'int main() { unsigned* d = nullptr; k<<<1, 1>>>(d); }',
    ].join('\n');
    const result = await translateText('rng.cu', source);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(output(result, 'device')).toContain('__host__ __device__ inline unsigned Rng<unsigned>::next<unsigned>() { return x = x * 69069u + 1u; }');
  });

  it("turns __shared__ in a class template's member function into a static_assert failing only where it is called (CUB's PrivateStorage); in a plain class it is an error", async () => {
    const member = (head: string, type: string) => [
      head,
      '  struct Storage { int v[16]; };',
      '  Storage &s;',
      '  __device__ Storage &Private() { __shared__ Storage private_storage; return private_storage; }',
      '  __device__ Stage(Storage &t) : s(t) {}',
      '};',
      `__global__ void k(int *out) { __shared__ ${type}::Storage mine; ${type} st(mine); out[threadIdx.x] = st.s.v[0]; }`,
    ].join('\n');
    const templated = await translateText('stage.cu', member('template <int N> struct Stage {', 'Stage<16>'));
    expect(formatted(templated)).toEqual([expect.stringMatching(/^stage\.cu:4:35: warning: __shared__ 'private_storage' is declared in a member function: .* fails to build if device code calls 'Private'.*\[shared-in-member-function\]$/)]);
    expect(output(templated, 'device')).toContain(`{ static_assert(hip2vx_dependent_false<decltype(this)>::value, "hip2vortex: __shared__ 'private_storage' in member function 'Private' is not supported on Vortex;`);
    expect(output(templated, 'device')).toContain('static Storage private_storage; return private_storage; }');
    const plain = await translateText('stage.cu', member('struct Stage {', 'Stage'));
    expect(formatted(plain)).toEqual([expect.stringMatching(/^stage\.cu:4:35: error: __shared__ 'private_storage' is declared in a member function: .*; declare it in the kernel .*\[shared-in-member-function\]$/)]);
  });
});
