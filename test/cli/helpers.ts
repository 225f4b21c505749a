// Shared by the CLI tests: run the built command line, make temporary trees, snapshot them.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, lstatSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The command line with the fake translator of fixtures/: the CLI on its own. */
export const FAKE = join(ROOT, 'test/cli/fixtures/fake-cli.mjs');
/** HIP2VX_TEST_FAKE=1 runs every test with the fake translator. */
/** The built command line. */
export const REAL = join(ROOT, 'bin/hip2vortex.js');
const ENTRY = process.env.HIP2VX_TEST_FAKE ? FAKE : REAL;

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function cli(args: string[], cwd: string, entry = ENTRY, env?: Record<string, string>): Run {
  const r = spawnSync(process.execPath, [entry, ...args], { cwd, encoding: 'utf8', maxBuffer: 1 << 28, env: env && { ...process.env, ...env } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Starts the CLI without waiting (for interrupting it). */
export function cliAsync(args: string[], cwd: string) {
  return spawn(process.execPath, [ENTRY, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
}

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'hip2vx-cli-'));
}

/** Writes `files` (relative path -> content) under `root`. */
export function writeTree(root: string, files: Record<string, string | Uint8Array>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

/** The translation cache translate keeps in an output directory (cache.test.ts tests it). */
export const CACHE_FILE = '.hip2vortex-cache.json';

/** Relative path -> sha256 of every file below `root` (symbolic links by their target text), the translation cache left out. */
export function snapshot(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const visit = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      if (name === CACHE_FILE) continue;
      const path = join(dir, name);
      const st = lstatSync(path);
      if (st.isSymbolicLink()) out[relative(root, path)] = 'link';
      else if (st.isDirectory()) visit(path);
      else out[relative(root, path)] = createHash('sha256').update(readFileSync(path)).digest('hex');
    }
  };
  visit(root);
  return out;
}

/** A small, complete HIP program: one kernel, one launch, host API calls. */
export function vecadd(name = 'vecadd'): string {
  return `#include <hip/hip_runtime.h>
#include <cstdio>

__global__ void ${name}(const float* a, const float* b, float* c, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

int main() {
  const unsigned n = 1024;
  float *a, *b, *c;
  hipMalloc(&a, n * sizeof(float));
  hipMalloc(&b, n * sizeof(float));
  hipMalloc(&c, n * sizeof(float));
  ${name}<<<(n + 255) / 256, 256>>>(a, b, c, n);
  hipDeviceSynchronize();
  hipFree(a);
  hipFree(b);
  hipFree(c);
  printf("PASSED\\n");
  return 0;
}
`;
}

/** Host code with CUDA spellings but no kernel. */
export const HOST_ONLY = `#include <cuda_runtime.h>

void* device_buffer(size_t bytes) {
  void* p = nullptr;
  cudaMalloc(&p, bytes);
  return p;
}
`;

export const PLAIN = `// no GPU code here
int add(int a, int b) { return a + b; }
`;
