// check (exit codes 0/1/2), diff (writes nothing), and the machine-readable formats.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type AnySchema } from 'ajv';
import { describe, expect, it } from 'vitest';
import { cli, HOST_ONLY, snapshot, tempDir, vecadd, writeTree } from './helpers.js';

const schema = (path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as AnySchema;

function validator(s: AnySchema) {
  const ajv = new Ajv({ allErrors: true, strict: false });
  ajv.addFormat('uri', /^[a-z][a-z0-9+.-]*:[^\s]*$/i);
  ajv.addFormat('uri-reference', /^[^\s]*$/);
  return ajv.compile(s);
}

function translated(): string {
  const dir = tempDir();
  writeTree(dir, { 'src/k.hip': vecadd(), 'src/lib/alloc.cu': HOST_ONLY });
  expect(cli(['translate', 'src', '-o', 'out'], dir).status).toBe(0);
  return dir;
}

describe('check', () => {
  it('exits 0 when every translation is up to date', () => {
    const dir = translated();
    const r = cli(['check', 'src', '-o', 'out'], dir);
    expect(r.status).toBe(0);
  });

  it('exits 1 naming stale and missing outputs', () => {
    const dir = translated();
    writeFileSync(join(dir, 'src/k.hip'), vecadd() + '// changed\n');
    writeTree(dir, { 'src/new.hip': vecadd('fresh') });
    const r = cli(['check', 'src', '-o', 'out'], dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('src/k.hip:1:1: warning: translation out/k.host.cpp is out of date; run hip2vortex translate [stale-translation]');
    expect(r.stderr).toContain('src/new.hip:1:1: warning: translation out/new.host.cpp is missing; run hip2vortex translate [stale-translation]');
  });

  it('exits 2 with the diagnostics when a source has an error', () => {
    const dir = translated();
    writeTree(dir, { 'src/bad.cu': new Uint8Array([0, 1, 2]) });
    const r = cli(['check', 'src', '-o', 'out'], dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('src/bad.cu:1:1: error: binary file');
  });

  it('needs -o', () => {
    const r = cli(['check', 'src'], translated());
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/output directory is required/);
  });

  it('--format json matches docs/report.schema.json', () => {
    const dir = translated();
    writeTree(dir, { 'src/bad.cu': new Uint8Array([0, 1, 2]) });
    const r = cli(['check', 'src', '-o', 'out', '--format', 'json'], dir);
    const report = JSON.parse(r.stdout);
    const validate = validator(schema('../../docs/report.schema.json'));
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    expect(report.exitCode).toBe(2);
    expect(report.files.map((f: { path: string; status: string }) => [f.path, f.status])).toEqual([
      ['src/bad.cu', 'failed'],
      ['src/k.hip', 'translated'],
      ['src/lib/alloc.cu', 'translated'],
    ]);
  });

  it('--format sarif is valid SARIF 2.1.0 with a described rule per id', () => {
    const dir = translated();
    writeTree(dir, { 'src/bad.cu': new Uint8Array([0, 1, 2]), 'src/empty.cu': '' });
    const r = cli(['check', 'src', '-o', 'out', '--format', 'sarif'], dir);
    const log = JSON.parse(r.stdout);
    const validate = validator(schema('./fixtures/sarif-2.1.0-subset.schema.json'));
    expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
    const run = log.runs[0];
    expect(run.tool.driver.rules.map((x: { id: string }) => x.id)).toEqual(['input-binary', 'input-empty', 'stale-translation']);
    // The folder's program gained sources too: its Makefile is reported stale as well.
    expect(run.results.find((x: { ruleId: string }) => x.ruleId === 'input-binary')).toMatchObject({
      ruleId: 'input-binary',
      ruleIndex: 0,
      level: 'error',
      locations: [{ physicalLocation: { artifactLocation: { uri: 'src/bad.cu' }, region: { startLine: 1, startColumn: 1 } } }],
    });
    for (const rule of run.tool.driver.rules) expect(rule.help.text.length).toBeGreaterThan(0);
  });
});

describe('diff', () => {
  it('prints unified diffs and new files, plain when piped, and writes nothing', () => {
    const dir = translated();
    writeFileSync(join(dir, 'src/k.hip'), vecadd().replace('hipDeviceSynchronize();', 'hipDeviceSynchronize(); // wait'));
    writeTree(dir, { 'src/new.hip': vecadd('fresh') });
    const before = snapshot(dir);
    const r = cli(['diff', 'src', '-o', 'out'], dir);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^--- out\/k\.host\.cpp\n\+\+\+ out\/k\.host\.cpp\n@@ /m);
    expect(r.stdout).toMatch(/^\+.*hipDeviceSynchronize\(\); \/\/ wait/m);
    expect(r.stdout).toMatch(/^--- \/dev\/null\n\+\+\+ out\/new\.host\.cpp/m);
    expect(r.stdout).not.toContain('\x1b[');
    expect(snapshot(dir)).toEqual(before);
  });

  it('prints nothing when the output is up to date', () => {
    const dir = translated();
    expect(cli(['diff', 'src', '-o', 'out'], dir).stdout).toBe('');
  });

  it('--in-place diffs against the sources', () => {
    const dir = translated();
    const before = snapshot(dir);
    const r = cli(['diff', 'src/lib/alloc.cu', '--in-place'], dir);
    expect(r.stdout).toMatch(/^--- src\/lib\/alloc\.cu\n\+\+\+ src\/lib\/alloc\.cu/m);
    expect(r.stdout).toMatch(/^\+\/\/ Generated by hip2vortex/m);
    expect(snapshot(dir)).toEqual(before);
  });
});
