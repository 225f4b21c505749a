// The corpus script's reading of a program's Makefile: -I and -D in the blocks make reads with the
// default variables, the run line's arguments.
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { activeLines, makefileFacts } from '../../bench/makefile-facts.js';

const MAKEFILE = [
  'DEBUG     = no',
  'GPU       = yes',
  'program   = main',
  'CFLAGS := -std=c++17 -Wall -Iinclude -DNX=400 -D__HIP_PLATFORM_AMD__',
  'ifeq ($(DEBUG),yes)',
  '  CFLAGS += -g -DDEBUG',
  'else',
  '  CFLAGS += -DQUIET',
  'endif',
  'ifeq ($(GPU),yes)',
  '  CFLAGS +=-DUSE_GPU -DWARPSPERBLOCK=8',
  'endif',
  'ifdef UNSET',
  '  CFLAGS += -DNEVER',
  'endif',
  'ifneq ($(UNSET),)',
  '  CFLAGS += -DNEVER_EITHER',
  'endif',
  '# CFLAGS += -DCOMMENTED',
  'fused: main.cu',
  '\t$(CC) $(CFLAGS) -DFUSED $^ -o $@',
  'run: $(program)',
  '\t./$(program) 10 20',
  '',
].join('\n');

describe('Makefile facts', () => {
  it('reads -D and -I where make would with the default variables; not the toolchain\'s reserved names, comments or a variant\'s recipe', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hip2vx-mk-'));
    mkdirSync(join(dir, 'include'));
    writeFileSync(join(dir, 'Makefile'), MAKEFILE);
    const facts = makefileFacts(dir);
    expect(facts.defines).toEqual(['NX=400', 'QUIET', 'USE_GPU', 'WARPSPERBLOCK=8']);
    expect(facts.includes).toEqual([join(dir, 'include')]);
    expect(facts.args).toBe('10 20');
  });

  it('drops the lines of branches not taken, nested ones too', () => {
    const text = ['A = 1', 'ifeq ($(A),1)', 'x', 'ifeq ($(A),2)', 'y', 'else', 'z', 'endif', 'else', 'w', 'endif', 'v'].join('\n');
    expect(activeLines(text).split('\n')).toEqual(['A = 1', 'x', 'z', 'v']);
  });
});
