// What of a file's top-level items the device translation keeps, and how.
import { beforeAll, describe, expect, it } from 'vitest';
import { initParser } from '../../src/parse/parser.js';
import { output, translateText } from './translate-helpers.js';

beforeAll(() => initParser());

describe('device items', () => {
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
});
