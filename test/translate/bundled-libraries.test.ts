// Bundled libraries (libraries/): which includes reach them, and what a translation does with them.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundledLibrary, looksLikeGpuSource } from '../../src/gpu-hint.js';
import { LIBRARIES_DIR } from '../../src/package-root.js';
import { formatted, output, translateText } from './translate-helpers.js';

describe('bundled libraries', () => {
  it('answer every include under their folder with their one header, and their header\'s own name', () => {
    expect(bundledLibrary('hipcub/hipcub.hpp')).toBe(join(LIBRARIES_DIR, 'hipcub/hipcub.hpp'));
    expect(bundledLibrary('hipcub/block/block_scan.hpp')).toBe(join(LIBRARIES_DIR, 'hipcub/hipcub.hpp'));
    expect(bundledLibrary('cub/cub.cuh')).toBe(join(LIBRARIES_DIR, 'cub/cub.cuh'));
    expect(bundledLibrary('hipblas.h')).toBe(join(LIBRARIES_DIR, 'hipblas/hipblas.h'));
    expect(bundledLibrary('cublas_v2.h')).toBe(join(LIBRARIES_DIR, 'cublas_v2/cublas_v2.h'));
    // libraries/cuda/ holds libcudacxx.h: CUDA's own <cuda.h> is not it.
    expect(bundledLibrary('cuda.h')).toBeUndefined();
    expect(bundledLibrary('hipblas.hpp')).toBeUndefined();
    expect(bundledLibrary('thrust/sort.h')).toBe(join(LIBRARIES_DIR, 'thrust/thrust.h'));
    expect(bundledLibrary('hiprand/hiprand_kernel.h')).toBe(join(LIBRARIES_DIR, 'hiprand/hiprand.h'));
    expect(bundledLibrary('curand_kernel.h')).toBe(join(LIBRARIES_DIR, 'curand_kernel/curand_kernel.h'));
    expect(bundledLibrary('hipfft/hipfftXt.h')).toBe(join(LIBRARIES_DIR, 'hipfft/hipfft.h'));
    expect(bundledLibrary('cufft.h')).toBe(join(LIBRARIES_DIR, 'cufft/cufft.h'));
    expect(bundledLibrary('rocprim/rocprim.hpp')).toBeUndefined();
  });

  it('each look like GPU code (a source including one is translated, and so is the library)', () => {
    for (const name of readdirSync(LIBRARIES_DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)) {
      const file = bundledLibrary(`${name}/x.h`)!;
      expect(looksLikeGpuSource(readFileSync(file, 'utf8')), file).toBe(true);
    }
  });

  const kernel = (include: string) => `${include}
__global__ void sums(const int *x, int *out) {
  typedef hipcub::BlockReduce<int, 64> R;
  __shared__ typename R::TempStorage t;
  int s = R(t).Sum(x[threadIdx.x]);
  if (threadIdx.x == 0) *out = s;
}
int main() { int *x = 0, *o = 0; sums<<<1, 64>>>(x, o); return 0; }
`;

  it('are translated beside the including file, and its includes point there on both sides', async () => {
    // Also where the includer's folder holds hip2vortex (a project with it in node_modules/).
    const r = await translateText(join(dirname(dirname(LIBRARIES_DIR)), 'k.hip'), kernel('#include <hipcub/block/block_reduce.hpp>'));
    expect(formatted(r)).toEqual([]);
    expect(output(r, 'host')).toContain('#include "hipcub.host.hpp"');
    expect(output(r, 'device')).toContain('#include "hipcub.device.hpp"');
    // The shared TempStorage is laid out from the library's own definition (64 ints).
    expect(output(r, 'device')).toContain('static_assert(sizeof(sums_SharedMem) == HIP2VX_ABI(256, 256)');
    expect(r.outputs.filter((o) => o.role === 'header').map((o) => o.name).sort()).toEqual(['hipcub.device.hpp', 'hipcub.host.hpp']);
  });

  it('are not what a quoted include names: that is the program\'s own file, or not found', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hip2vx-bundled-'));
    const r = await translateText(join(dir, 'k.hip'), kernel('#include "hipcub/hipcub.hpp"'));
    expect(formatted(r).join('\n')).toMatch(/BlockReduce.*unknown-type/);
    mkdirSync(join(dir, 'hipcub'));
    writeFileSync(join(dir, 'hipcub/hipcub.hpp'), 'namespace hipcub { template <class T, int N> struct BlockReduce { struct TempStorage { T a[2 * N]; }; __device__ BlockReduce(TempStorage &) {} __device__ T Sum(T v) { return v; } }; }\n');
    const own = await translateText(join(dir, 'k.hip'), kernel('#include "hipcub/hipcub.hpp"'));
    expect(formatted(own)).toEqual([]);
    expect(output(own, 'device')).toContain('static_assert(sizeof(sums_SharedMem) == HIP2VX_ABI(512, 512)');
  });

  it("lay out a template kernel's local union of their TempStorages once per instance", async () => {
    const r = await translateText('/tmp/k.hip', `#include <hipcub/hipcub.hpp>
template <int THREADS>
__global__ void scan(int *d) {
  typedef hipcub::BlockScan<int, THREADS> Scan;
  typedef hipcub::BlockLoad<int, THREADS, 2> Load;
  __shared__ union { typename Scan::TempStorage scan; typename Load::TempStorage load; } temp;
  int v[2];
  Load(temp.load).Load(d, v);
  Scan(temp.scan).ExclusiveSum(v, v);
}
int main() { int *d = 0; scan<64><<<1, 64>>>(d); scan<16><<<1, 16>>>(d); return 0; }
`);
    expect(formatted(r)).toEqual([]);
    const device = output(r, 'device');
    expect(device).toContain('static_assert(sizeof(scan_SharedMem<64>) == HIP2VX_ABI(256, 256)');
    expect(device).toContain('static_assert(sizeof(scan_SharedMem<16>) == HIP2VX_ABI(64, 64)');
  });

  it('make a kernel naming WarpReduce, also through a typedef at file scope, a user of warp operations', async () => {
    const r = await translateText('/tmp/k.hip', `#include <hipcub/hipcub.hpp>
typedef hipcub::WarpReduce<int, 16> Reduce16;
__global__ void sums(const int *x, int *out) {
  __shared__ Reduce16::TempStorage t;
  int s = Reduce16(t).Sum(x[threadIdx.x]);
  if (threadIdx.x % 16 == 0) out[threadIdx.x / 16] = s;
}
int main() { int *x = 0, *o = 0; sums<<<1, 32>>>(x, o); return 0; }
`);
    expect(formatted(r)).toEqual([]);
    expect(output(r, 'device')).toContain('hip2vx_reserve_warp_scratch(args->block_dim);');
  });

  it("lend no names to the program: a local header declaring a name the library uses (reference) is still host code", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hip2vx-bundled-'));
    writeFileSync(join(dir, 'data.h'), 'struct Data { int n; };\n');
    writeFileSync(join(dir, 'reference.h'), 'void reference(Data &d) { d.n = 0; }\n');
    const r = await translateText(join(dir, 'k.hip'), kernel('#include <hipcub/hipcub.hpp>\n#include "data.h"\n#include "reference.h"'));
    expect(formatted(r)).toEqual([]);
    expect(output(r, 'device')).not.toContain('#include "reference.h"');
    expect(output(r, 'host')).toContain('#include "reference.h"');
  });

  it("report double arithmetic on rv32 where the program uses a library routine's doubles, not in the library", async () => {
    const library = join(LIBRARIES_DIR, 'hiprand', 'hiprand.h');
    const own = await translateText(library, readFileSync(library, 'utf8'));
    expect(formatted(own)).toEqual([]);
    const user = await translateText('/tmp/k.cu', '#include <hiprand/hiprand_kernel.h>\n__global__ void k(double* o, hiprandState* s) {\n  o[0] = hiprand_uniform_double(s);\n}\n');
    expect(formatted(user)).toEqual([expect.stringMatching(/^\/tmp\/k\.cu:3:3: warning: double-precision arithmetic on a 32-bit device in 'k' .*\[double-on-rv32\]$/)]);
  });

  it("refuse a name of their namespace that their subset lacks, at its use", async () => {
    const source = '#include <hipcub/hipcub.hpp>\n#include <thrust/sort.h>\n__global__ void k(int* p) {\n  typedef hipcub::BlockRadixSort<int, 64, 4> Sort;\n' +
      '  typedef cub::BlockReduce<int, 64> Reduce;\n  // cub::BlockExchange in a comment\n}\nint main() {\n  thrust::device_vector<int> v(4);\n  thrust::sort(v.begin(), v.end());\n' +
      '  auto z = thrust::make_zip_iterator(thrust::make_tuple(v.begin(), v.begin()));\n  hipcub::detail::x();\n}\n';
    expect(formatted(await translateText('/tmp/k.hip', source))).toEqual([
      "/tmp/k.hip:4:11: error: 'BlockRadixSort' is not in the hipCUB subset hip2vortex bundles (libraries/README.md lists it) [cuda-library]",
      "/tmp/k.hip:11:12: error: 'make_zip_iterator' is not in the Thrust subset hip2vortex bundles (libraries/README.md lists it) [cuda-library]",
      "/tmp/k.hip:12:3: error: 'detail' is not in the hipCUB subset hip2vortex bundles (libraries/README.md lists it) [cuda-library]",
    ]);
  });

  it('leave the other libraries refused, and the parts of one that a rule refuses', async () => {
    const r = await translateText('/tmp/k.cu', '#include <rocfft/rocfft.h>\n__global__ void k() {}\n');
    expect(formatted(r).join('\n')).toContain('[cuda-library]');
    const part = await translateText('/tmp/k.cu', '#include <thrust/device_vector.h>\n#include <thrust/iterator/counting_iterator.h>\n#include <thrust/iterator/zip_iterator.h>\n__global__ void k() {}\n');
    expect(formatted(part)).toEqual([expect.stringMatching(/k\.cu:3:10: error: Thrust's fancy iterators other than counting, constant, transform and permutation .*\[cuda-library\]/)]);
    // hipBLAS, rocBLAS, hipBLASLt, hipSPARSE and cuBLAS's v2 API are bundled (their old include paths too); cuBLASLt and cuBLAS's legacy API are not.
    const blas = await translateText('/tmp/k.cu', '#include <hipblas/hipblas.h>\n#include <rocblas/rocblas.h>\n#include <hipblas.h>\n#include <cublasLt.h>\n#include <rocblas.h>\n#include <hipsparse/hipsparse.h>\n#include <hipsparse.h>\n#include <cublas_v2.h>\n#include <cublas.h>\n#include <hipblaslt/hipblaslt.h>\n__global__ void k() {}\n');
    expect(formatted(blas)).toEqual([
      expect.stringMatching(/k\.cu:4:10: error: the cuBLASLt library .*\[cuda-library\]/),
      expect.stringMatching(/k\.cu:9:10: error: cuBLAS's legacy API \(<cublas\.h>; hip2vortex bundles the v2 API of <cublas_v2\.h>\) .*\[cuda-library\]/),
    ]);
  });
});
