// Uses of macros that launch kernels are expanded before translation (src/analyse/launch-macros.ts):
// parameters, __VA_ARGS__, # and ## as the preprocessor substitutes them; --annotate marks them.
import { describe, expect, it } from 'vitest';
import { output, translateText } from './translate-helpers.js';

const KERNEL = '__global__ void go_fast(int* p, int n) { p[0] = n; }\n';

describe('launch macros', () => {
  it('substitute parameters, variadic arguments, # and ##', async () => {
    const source = `${KERNEL}#define RUN(name, ...) go_##name<<<1, 1>>>(__VA_ARGS__); puts(#name)\nint main() { int* d; RUN(fast, d, 3); }\n`;
    const result = await translateText('m.cu', source);
    expect(result.diagnostics).toEqual([]);
    expect(output(result, 'host')).toContain('int main() { int* d; __hip2vx_launch_go_fast(1, 1, 0, 0, d, 3); puts("fast"); }');
    // The definition stays as written.
    expect(output(result, 'host')).toContain('#define RUN(name, ...) go_##name<<<1, 1>>>(__VA_ARGS__); puts(#name)');
  });

  it('expand a configuration written as one macro standing for several values; one the translator cannot read is passed on as grid and block', async () => {
    const source = `${KERNEL}#define GRID_BLOCK(n) ((n) + 63) / 64, 64\n#define CONFIG 2, 32, 0\nint main() { int* d; go_fast<<<GRID_BLOCK(200)>>>(d, 1); go_fast<<<CONFIG>>>(d, 2); go_fast<<<FROM_ELSEWHERE>>>(d, 3); }\n`;
    const result = await translateText('m.cu', source);
    expect(result.diagnostics).toEqual([]);
    const host = output(result, 'host');
    expect(host).toContain('__hip2vx_launch_go_fast(((200) + 63) / 64, 64, 0, 0, d, 1);');
    expect(host).toContain('__hip2vx_launch_go_fast(2, 32, 0, 0, d, 2);');
    expect(host).toContain('__hip2vx_launch_go_fast(FROM_ELSEWHERE, 0, 0, d, 3);');
  });

  it('mark each expansion with --annotate', async () => {
    const source = `${KERNEL}#define KERNEL go_fast\nint main() { int* d; KERNEL<<<1, 1>>>(d, 1); }\n`;
    const result = await translateText('m.cu', source, { annotate: true });
    expect(output(result, 'host')).toContain('/* hip2vortex: macro KERNEL expanded */ __hip2vx_launch_go_fast(1, 1, 0, 0, d, 1);');
  });
});
