// Sources a sibling includes as text, found once per directory for a run, and translation
// answering from that run's fact instead of reading the directory again.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { textIncluders } from '../../src/analyse/text-includers.js';
import { translateText } from './translate-helpers.js';
import { tempDir, writeTree } from '../cli/helpers.js';

describe('text includers of a directory', () => {
  it('maps each source a sibling source includes to the first such sibling, and nothing else', () => {
    const dir = tempDir();
    writeTree(dir, {
      'a.cu': '#include "kernels.cu"\n#include "self.cu"\n',
      'b.cpp': '  #  include "kernels.cu"\n#include "more.cu"\n',
      'self.cu': '#include "self.cu"\n',
      'c.h': '#include "header_only.cu"\n',
      'd.cu': '#include "../elsewhere/x.cu"\n#include "sub/y.cu"\n// #include "commented.cu"\n',
      'notes.txt': '#include "text.cu"\n',
    });
    const found = textIncluders(dir);
    expect(Object.fromEntries(found)).toEqual({
      [join(dir, 'kernels.cu')]: join(dir, 'a.cu'),
      [join(dir, 'self.cu')]: join(dir, 'a.cu'),
      [join(dir, 'more.cu')]: join(dir, 'b.cpp'),
    });
  });

  it('is empty for a directory that cannot be read', () => {
    expect(textIncluders(join(tempDir(), 'missing')).size).toBe(0);
  });
});

describe('translation reads the text includers it is given', () => {
  const kernel = '__global__ void k(int* p) { p[threadIdx.x] = 1; }\n';

  it('a source the run found included as text is not translated on its own', async () => {
    const dir = tempDir();
    const path = join(dir, 'kernels.cu');
    writeTree(dir, { 'kernels.cu': kernel });
    const r = await translateText(path, kernel, { textIncluders: new Map([[dir, new Map([[path, join(dir, 'main.cu')]])]]) });
    expect(r.outputs).toEqual([]);
    expect(r.diagnostics.map((d) => d.ruleId)).toEqual(['included-as-text']);
  });

  it('without the directory in the run fact, the directory is read', async () => {
    const dir = tempDir();
    const path = join(dir, 'kernels.cu');
    writeTree(dir, { 'kernels.cu': kernel, 'main.cu': '#include "kernels.cu"\n' });
    const other = await translateText(path, kernel, { textIncluders: new Map([[join(dir, 'other'), new Map()]]) });
    expect(other.diagnostics.map((d) => d.message)).toEqual([expect.stringContaining('main.cu includes this file as text')]);
    // The fact wins over the directory: this run found no includer.
    const none = await translateText(path, kernel, { textIncluders: new Map([[dir, new Map()]]) });
    expect(none.diagnostics).toEqual([]);
    expect(none.outputs.length).toBeGreaterThan(0);
  });
});
