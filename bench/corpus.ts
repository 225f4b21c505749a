// A synthetic but realistic HIP/CUDA code base: kernel-heavy sources (several kernels with shared
// memory, atomics, device helpers and their launches), host-only sources (CUDA runtime calls, no
// kernels) and plain C++ without GPU code. Deterministic: the same seed gives the same files.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface CorpusOptions {
  /** Minimum total size in bytes. */
  bytes: number;
  /** Minimum number of files. */
  files: number;
  /** Share of files of each kind (they add up to 1). */
  mix: { kernel: number; host: number; plain: number };
}

export interface Corpus {
  dir: string;
  files: number;
  bytes: number;
  byKind: Record<keyof CorpusOptions['mix'], { files: number; bytes: number }>;
}

/** mulberry32: a small seeded generator, so corpora (and mutants.ts's copies) are reproducible. */
export function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Kernel = (id: string) => { device: string; launch: string };

const KERNELS: Kernel[] = [
  (id) => ({
    device: `__device__ __forceinline__ float axpy_${id}(float a, float x, float y) { return a * x + y; }

__global__ void saxpy_${id}(int n, float a, const float* __restrict__ x, float* __restrict__ y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = axpy_${id}(a, x[i], y[i]);
}
`,
    launch: `    saxpy_${id}<<<(n + 255) / 256, 256>>>(n, 2.0f, d_x, d_y);\n`,
  }),
  (id) => ({
    device: `#define BLOCK_${id} 256
__global__ void block_sum_${id}(const int* in, int* total, int n)
{
    __shared__ int partial[BLOCK_${id}];
    const int tid = threadIdx.x;
    const int i = blockIdx.x * (blockDim.x * 2) + tid;
    int v = 0;
    if (i < n) v = in[i];
    if (i + (int)blockDim.x < n) v += in[i + blockDim.x];
    partial[tid] = v;
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < (int)s)
            partial[tid] += partial[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        atomicAdd(total, partial[0]);
}
`,
    launch: `    block_sum_${id}<<<(n + 511) / 512, 256>>>(d_in, d_total, n);\n`,
  }),
  (id) => ({
    device: `#define TILE_${id} 16
__global__ void matmul_tiled_${id}(const float* A, const float* B, float* C, int N)
{
    __shared__ float As[TILE_${id}][TILE_${id}];
    __shared__ float Bs[TILE_${id}][TILE_${id}];
    int row = blockIdx.y * TILE_${id} + threadIdx.y;
    int col = blockIdx.x * TILE_${id} + threadIdx.x;
    float acc = 0.0f;
    for (int t = 0; t < N / TILE_${id}; ++t) {
        As[threadIdx.y][threadIdx.x] = A[row * N + t * TILE_${id} + threadIdx.x];
        Bs[threadIdx.y][threadIdx.x] = B[(t * TILE_${id} + threadIdx.y) * N + col];
        __syncthreads();
        for (int k = 0; k < TILE_${id}; ++k)
            acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
        __syncthreads();
    }
    C[row * N + col] = acc;
}
`,
    launch: `    {
        dim3 block(TILE_${id}, TILE_${id});
        dim3 grid(N / TILE_${id}, N / TILE_${id});
        hipLaunchKernelGGL(matmul_tiled_${id}, grid, block, 0, 0, d_a, d_b, d_c, N);
    }\n`,
  }),
  (id) => ({
    device: `__global__ void histogram_${id}(const unsigned char* data, unsigned* bins, int n)
{
    __shared__ unsigned local[256];
    for (int b = threadIdx.x; b < 256; b += blockDim.x)
        local[b] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&local[data[i]], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < 256; b += blockDim.x)
        atomicAdd(&bins[b], local[b]);
}
`,
    launch: `    histogram_${id}<<<64, 256>>>(d_bytes, d_bins, n);\n`,
  }),
  (id) => ({
    device: `__device__ float clampf_${id}(float v, float lo, float hi) { return fminf(fmaxf(v, lo), hi); }

__global__ void stencil_${id}(const float* in, float* out, int width, int height)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x <= 0 || y <= 0 || x >= width - 1 || y >= height - 1)
        return;
    float c = in[y * width + x];
    float s = in[(y - 1) * width + x] + in[(y + 1) * width + x] + in[y * width + x - 1] + in[y * width + x + 1];
    out[y * width + x] = clampf_${id}(0.5f * c + 0.125f * s, 0.0f, 1.0f);
}
`,
    launch: `    stencil_${id}<<<dim3((w + 15) / 16, (h + 15) / 16), dim3(16, 16)>>>(d_x, d_y, w, h);\n`,
  }),
];

function kernelFile(index: number, rnd: () => number): string {
  const count = 3 + Math.floor(rnd() * 4);
  const parts = Array.from({ length: count }, (_, k) => KERNELS[Math.floor(rnd() * KERNELS.length)](`${index}_${k}`));
  return `// Kernels of module ${index}: generated for the hip2vortex benchmark.
#include <hip/hip_runtime.h>
#include <cstdio>
#include <cstdlib>

${parts.map((p) => p.device).join('\n')}
int run_module_${index}(int n, int N, int w, int h)
{
    float *d_x, *d_y, *d_a, *d_b, *d_c;
    int *d_in, *d_total;
    unsigned char* d_bytes;
    unsigned* d_bins;
    hipMalloc(&d_x, n * sizeof(float));
    hipMalloc(&d_y, n * sizeof(float));
    hipMalloc(&d_a, N * N * sizeof(float));
    hipMalloc(&d_b, N * N * sizeof(float));
    hipMalloc(&d_c, N * N * sizeof(float));
    hipMalloc(&d_in, n * sizeof(int));
    hipMalloc(&d_total, sizeof(int));
    hipMalloc(&d_bytes, n);
    hipMalloc(&d_bins, 256 * sizeof(unsigned));
    hipMemset(d_total, 0, sizeof(int));
${parts.map((p) => p.launch).join('')}    hipError_t err = hipDeviceSynchronize();
    if (err != hipSuccess) {
        fprintf(stderr, "module ${index}: %s\\n", hipGetErrorString(err));
        return 1;
    }
    hipFree(d_x); hipFree(d_y); hipFree(d_a); hipFree(d_b); hipFree(d_c);
    hipFree(d_in); hipFree(d_total); hipFree(d_bytes); hipFree(d_bins);
    return 0;
}
`;
}

function hostFile(index: number, rnd: () => number): string {
  const helpers = Array.from({ length: 4 + Math.floor(rnd() * 6) }, (_, k) => `
// Copies a host buffer to a fresh device buffer (${index}.${k}).
float* upload_${index}_${k}(const float* host, size_t n, cudaStream_t stream)
{
    float* dev = nullptr;
    cudaError_t err = cudaMalloc(&dev, n * sizeof(float));
    if (err != cudaSuccess) {
        fprintf(stderr, "cudaMalloc: %s\\n", cudaGetErrorString(err));
        return nullptr;
    }
    cudaMemcpyAsync(dev, host, n * sizeof(float), cudaMemcpyHostToDevice, stream);
    cudaStreamSynchronize(stream);
    return dev;
}

void download_${index}_${k}(float* host, const float* dev, size_t n)
{
    cudaMemcpy(host, dev, n * sizeof(float), cudaMemcpyDeviceToHost);
    cudaFree(const_cast<float*>(dev));
}
`);
  return `// Host-side buffer management ${index}.\n#include <cuda_runtime.h>\n#include <cstdio>\n${helpers.join('')}`;
}

function plainFile(index: number, rnd: () => number): string {
  const fns = Array.from({ length: 6 + Math.floor(rnd() * 10) }, (_, k) => `
/// Running statistics over a series (${index}.${k}): count, mean and variance (Welford).
struct Stats_${index}_${k} {
    long count = 0;
    double mean = 0.0, m2 = 0.0;
    void add(double x) {
        ++count;
        double delta = x - mean;
        mean += delta / count;
        m2 += delta * (x - mean);
    }
    double variance() const { return count > 1 ? m2 / (count - 1) : 0.0; }
};

static std::vector<double> smooth_${index}_${k}(const std::vector<double>& xs, std::size_t width)
{
    std::vector<double> out(xs.size());
    for (std::size_t i = 0; i < xs.size(); ++i) {
        std::size_t lo = i >= width ? i - width : 0, hi = std::min(xs.size(), i + width + 1);
        out[i] = std::accumulate(xs.begin() + lo, xs.begin() + hi, 0.0) / double(hi - lo);
    }
    return out;
}
`);
  return `// Utilities ${index}: plain C++.\n#include <algorithm>\n#include <numeric>\n#include <vector>\n${fns.join('')}`;
}

const GENERATORS = {
  kernel: { make: kernelFile, ext: ['.hip', '.cu'] },
  host: { make: hostFile, ext: ['.cpp', '.cc'] },
  plain: { make: plainFile, ext: ['.cpp', '.h', '.hpp'] },
} as const;

export function generateCorpus(dir: string, options: CorpusOptions, seed = 1): Corpus {
  const rnd = random(seed);
  const corpus: Corpus = { dir, files: 0, bytes: 0, byKind: { kernel: { files: 0, bytes: 0 }, host: { files: 0, bytes: 0 }, plain: { files: 0, bytes: 0 } } };
  const kinds = Object.keys(GENERATORS) as (keyof typeof GENERATORS)[];
  while (corpus.bytes < options.bytes || corpus.files < options.files) {
    const i = corpus.files;
    let pick = rnd();
    const kind = kinds.find((k) => (pick -= options.mix[k]) < 0) ?? 'plain';
    const { make, ext } = GENERATORS[kind];
    const text = make(i, rnd);
    const sub = join(dir, `component${i % 17}`, `part${i % 5}`);
    mkdirSync(sub, { recursive: true });
    writeFileSync(join(sub, `${kind}_${i}${ext[i % ext.length]}`), text);
    const bytes = Buffer.byteLength(text);
    corpus.files++;
    corpus.bytes += bytes;
    corpus.byKind[kind].files++;
    corpus.byKind[kind].bytes += bytes;
  }
  return corpus;
}
