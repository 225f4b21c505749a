// The corpus script's reading of runs: the run line, missing inputs, slow against hung, verdicts.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { atLimit, missingInput, runCommand, runOutcome, verdict } from '../../bench/corpus-outcome.js';

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

  it('finds an absent input named in a list file an argument names (nn reads filelist.txt)', () => {
    const dir = folder();
    writeFileSync(join(dir, 'filelist.txt'), 'data/in.txt\n../data/nn/cane4_0.db\n');
    expect(missingInput(['filelist.txt', '-r', '5'], 'error opening a db\n', dir)).toBe('../data/nn/cane4_0.db');
    writeFileSync(join(dir, 'filelist.txt'), 'data/in.txt\n');
    expect(missingInput(['filelist.txt', '-r', '5'], 'error opening a db\n', dir)).toBeUndefined();
  });

  it('takes a line that names no path to be about an argument that is an absent bare file name', () => {
    const dir = folder();
    writeFileSync(join(dir, 'gisette_scale'), '1');
    expect(missingInput(['gisette_scale', '0.0001', '10'], 'Could not find the SMV file, check again!\n', dir)).toBeUndefined();
    expect(missingInput(['a9a_scale', '0.0001', '10'], 'Could not find the SMV file, check again!\n', dir)).toBe('a9a_scale');
    expect(missingInput(['-v', '1e-4', '10'], 'Could not find the SMV file, check again!\n', dir)).toBeUndefined();
  });

  it('does not call a failure input-missing when its inputs are there or no file is named', () => {
    const dir = folder();
    expect(missingInput(['data/in.txt', '100'], 'FAIL: mismatch at 3\n', dir)).toBeUndefined();
    expect(missingInput([], 'cannot open data/in.txt for writing: disk full\n', dir)).toBeUndefined();
    expect(missingInput([], 'main: utils.h:17: load: Assertion `file` failed.\n', dir)).toBeUndefined();
    expect(missingInput(['-n', '4'], 'Segmentation fault\n', dir)).toBeUndefined();
  });

  it('reads PASS and FAIL in the words programs use', () => {
    for (const out of ['PASS\n', 'spgemm_example test PASSED\n', 'Test Passed\n', 'All tests passed!\n', 'results match\n',
      'All results match. Starting benchmarks.\n', 'Verification checksum: 12 (Valid)\n', 'Success\n', 'Result: correct\n',
      'systemWideAtomics completed, returned OK\n', 'errors: 0\nPASS\n', '1795 Result 40 for n = 12 MATCHES previously published result\n'])
      expect(verdict(out), out).toBe('PASS');
    for (const out of ['FAIL\n', '2D test: FAILED\n', 'Fail - The result is incorrect for element: [1]\n', 'INCORRECT: [3]\n',
      'Mismatch at index 4: 1.0 2.0\n', 'Verification checksum: 12 (WARNING - INVALID CHECKSUM!)\n', 'PASS\nverification failed!!! Index 3 is wrong\n',
      '1795 Result 0 for n = 8 MISMATCHES previously published result 4\n'])
      expect(verdict(out), out).toBe('FAIL');
  });

  it('takes expected failures and counts of none for what they are', () => {
    // assert-hip provokes device asserts; the runtime's own lines are not the program's verdict.
    expect(verdict('hip2vx: kernel testKernel: device trap (launch failure)\nmain.cu:21: block 1 thread 28: device assertion failed: gid < N\n' +
      'Device assert failed as expected, HIP error message is: unspecified launch failure\n')).toBe('PASS');
    expect(verdict('0 errors\nmismatch count = 0\nPASS\n')).toBe('PASS');
  });

  it('has no verdict for a noun "pass" or a timing report', () => {
    for (const out of ['Checking forward pass\nForward pass benchmarks:\n', 'Average kernel execution time 1.5 (us)\n', 'Check correctness on the device\n', ''])
      expect(verdict(out), out).toBeUndefined();
  });

  it('calls a run at the time limit slow when it was computing, hung when it was blocked', () => {
    expect(atLimit(4.6, 5)).toBe('slow-on-CPU');
    expect(atLimit(1.5, 5)).toBe('slow-on-CPU');  // a loaded machine gives it a fraction of a core
    expect(atLimit(0.02, 5)).toBe('hung');
    expect(atLimit(0, 0)).toBe('hung');
  });

  it('keeps a verdict printed before a limit stopped the run, and the order of the reasons otherwise', () => {
    const dir = folder();
    const run = (out: string, more: Partial<Parameters<typeof runOutcome>[0]> = {}) =>
      runOutcome({ code: null, signal: 'SIGKILL', out, lastCpu: 4, lastWall: 5, ...more }, ['data/in.txt'], dir, 25, 30).outcome;
    // adamw checks its results, prints PASS, then times 100 more launches.
    expect(run('Absolute maximum error: 0.000000\nPASS\n', { stop: 'cpu' })).toBe('PASS-then-slow');
    expect(run('PASS\n', { stop: 'wall' })).toBe('PASS-then-slow');
    expect(run('PASS\n', { stop: 'settled' })).toBe('PASS-then-slow');
    expect(run('test 1: PASS\ntest 2: FAILED\n', { stop: 'settled' })).toBe('FAIL');
    expect(run('Mismatch at index 4\n', { stop: 'cpu' })).toBe('FAIL');
    expect(run('Average kernel execution time 1.5 (us)\n', { stop: 'cpu' })).toBe('slow-on-CPU');
    expect(run('', { stop: 'wall', lastCpu: 0 })).toBe('hung');
    expect(run('PASS\n', { code: 0, signal: null })).toBe('PASS');
    expect(run('', { code: 0, signal: null })).toBe('no-verdict');
    expect(run('Segmentation fault\n', { code: 139, signal: null })).toBe('run-failed');
    // A finished run that did not pass, with an input missing, is input-missing (a FAIL included).
    expect(run('cannot open data/absent.bin\nFAIL\n', { code: 1, signal: null })).toBe('input-missing');
    expect(run('FAIL\n', { code: 1, signal: null })).toBe('FAIL');
  });
});
