// The corpus script's reading of runs: the run line, missing inputs, slow against hung.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { atLimit, missingInput, runCommand } from '../../bench/corpus-outcome.js';

describe('corpus outcomes', () => {
  it('runs the last recipe line the shell would run, not a commented one', () => {
    expect(runCommand('\t$(LAUNCHER) ./$(program) a.egr 1000\n\t#./$(program) b.egr 1000\n')).toBe('$(LAUNCHER) ./$(program) a.egr 1000');
    expect(runCommand('\t./main 1\n\t@./main 2\n')).toBe('./main 2');
    expect(runCommand('')).toBe('');
  });

  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'corpus-outcome-'));
    mkdirSync(join(dir, 'data'));
    writeFileSync(join(dir, 'data', 'in.txt'), '1');
    return dir;
  };

  it('calls a run input-missing when an argument path or a path it cannot open is absent', () => {
    const dir = folder();
    expect(missingInput(['../other/graph.egr', '10'], 'ERROR: something\n', dir)).toBe('../other/graph.egr');
    expect(missingInput(['-i', 'data/in.txt'], 'Failed to open the file input/peppa/0.txt. Exit\n', dir)).toBe('input/peppa/0.txt');
    expect(missingInput([], 'Could not find a sub-directory with the name queries/ within /x\n', dir)).toBe('queries/');
    expect(missingInput([], 'Failed to load dataset file: No such file or directory\n', dir)).toBe('Failed to load dataset file: No such file or directory');
    expect(missingInput([], 'Error Reading graph file ../data/bfs/graph1MW_6.txt\n', dir)).toBe('../data/bfs/graph1MW_6.txt');
  });

  it('does not call a failure input-missing when its inputs are there or no file is named', () => {
    const dir = folder();
    expect(missingInput(['data/in.txt', '100'], 'FAIL: mismatch at 3\n', dir)).toBeUndefined();
    expect(missingInput([], 'cannot open data/in.txt for writing: disk full\n', dir)).toBeUndefined();
    expect(missingInput([], 'main: utils.h:17: load: Assertion `file` failed.\n', dir)).toBeUndefined();
    expect(missingInput(['-n', '4'], 'Segmentation fault\n', dir)).toBeUndefined();
  });

  it('calls a run at the time limit slow when it was computing, hung when it was blocked', () => {
    expect(atLimit(4.6, 5)).toBe('slow-on-CPU');
    expect(atLimit(1.5, 5)).toBe('slow-on-CPU');  // a loaded machine gives it a fraction of a core
    expect(atLimit(0.02, 5)).toBe('hung');
    expect(atLimit(0, 0)).toBe('hung');
  });
});
