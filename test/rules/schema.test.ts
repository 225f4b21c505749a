// The rule files against rules/schema.json: shipped tables pass, malformed files are rejected
// with the file and the entry named, and the generated artefacts are up to date.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { generateHostNames, generateValidator, paths } from '../../scripts/build-rules.mjs';
import { jsonErrorOffset, lineColumn } from '../../src/rules/json-position.js';
import { parseRuleFile, RULES_DIR, RuleFileError } from '../../src/rules/index.js';

const SHIPPED = ['host-names.json', 'host-names-extra.json', 'headers.json', 'device-builtins.json', 'constructs.json', 'diagnostics.json'];
const read = (url: URL | string) => readFileSync(url, 'utf8');

describe('shipped tables', () => {
  const schema = JSON.parse(read(paths.schema));
  const ajvValidate = new Ajv({ strictTypes: false }).compile(schema);

  it.each(SHIPPED)('%s matches the schema (ajv at test time and the precompiled validator)', (name) => {
    const text = read(join(RULES_DIR, name));
    expect(ajvValidate(JSON.parse(text)), JSON.stringify(ajvValidate.errors)).toBe(true);
    expect(() => parseRuleFile(name, text)).not.toThrow();
  });

  it('host-names.json is what scripts/build-rules.mjs generates from the TSV', () => {
    expect(read(paths.hostNames)).toBe(generateHostNames(read(paths.tsv)));
  });

  it('the precompiled validator is compiled from the current schema', () => {
    expect(read(paths.validator)).toBe(generateValidator(read(paths.schema)));
  });
});

/** A rule file holding one table with the given entries. */
const file = (table: string, ...entries: unknown[]) => JSON.stringify({ [table]: entries }, null, 2);
const shfl = { name: '__shfl', category: 'warp intrinsics', status: 'unsupported', action: 'unsupported', rule: 'warp-shuffle' };
const malloc = { name: 'cudaMalloc', to: 'hipMalloc', api: 'runtime', category: 'Memory Management', status: 'supported' };

const rejected: [string, string, string | undefined, RegExp][] = [
  // [case, file text, entry named, message]
  ['wrong type', file('hostNames', { ...malloc, to: 42 }), 'hostNames[0] (name: "cudaMalloc")', /to: must be string/],
  ['missing field', file('constructs', { id: 'x-y', category: 'c', status: 'unsupported', scope: 'device', what: 'w', reason: 'r' }),
    'constructs[0] (id: "x-y")', /must have required property 'fix'/],
  ['unknown status', file('deviceBuiltins', { ...shfl, status: 'maybe' }), 'deviceBuiltins[0] (name: "__shfl")', /status: must be equal to one of the allowed values \("supported", /],
  ['unknown property', file('headers', { name: 'a.h', to: null, category: 'c', status: 'supported', device: 'keep' }),
    'headers[0] (name: "a.h")', /unknown property "device"/],
  ['rename without to', file('deviceBuiltins', { name: 'f', category: 'c', status: 'supported', action: 'rename' }),
    'deviceBuiltins[0] (name: "f")', /must have required property 'to'/],
  ['unsupported action with a supported status', file('deviceBuiltins', { ...shfl, status: 'supported' }),
    'deviceBuiltins[0] (name: "__shfl")', /status: must be equal to constant "unsupported"/],
  ['reported entry without rule', file('hostNames', { ...malloc, status: 'deprecated' }), 'hostNames[0] (name: "cudaMalloc")', /required property 'rule'/],
  ['bad rule id', file('diagnostics', { id: 'Bad_Id', category: 'c', severity: 'error', meaning: 'm', fix: 'f' }), 'diagnostics[0] (id: "Bad_Id")', /id: must match pattern/],
  ['duplicate key', file('deviceBuiltins', { ...shfl, name: '__ballot' }, shfl, shfl), 'deviceBuiltins[2] (name: "__shfl")', /duplicate name; first defined at deviceBuiltins\[1\]/],
  ['unknown table', JSON.stringify({ devicebuiltins: [] }), undefined, /unknown property "devicebuiltins"/],
  ['table not an array', JSON.stringify({ headers: {} }), undefined, /headers: must be array/],
  ['invalid JSON: unexpected token', '{\n  "headers": [\n    { "name": }\n  ]\n}', undefined, /invalid JSON at line 3, column 15/],
  ['invalid JSON: trailing comma', '{\n  "headers": [],\n}', undefined, /invalid JSON at line 3, column 1/],
  ['invalid JSON: truncated', '{ "headers": [', undefined, /invalid JSON at line 1, column 15/],
];

describe('malformed rule files', () => {
  it.each(rejected)('%s', (_case, text, entry, message) => {
    let error: unknown;
    try {
      parseRuleFile('my.json', text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RuleFileError);
    const e = error as RuleFileError;
    expect(e.file).toBe('my.json');
    expect(e.entry).toBe(entry);
    expect(e.message).toMatch(/^my\.json: /);
    expect(e.message).toMatch(message);
  });

  it('accepts a BOM and a file holding several tables', () => {
    const text = '\uFEFF' + JSON.stringify({ hostNames: [malloc], deviceBuiltins: [shfl] });
    expect(parseRuleFile('my.json', text).deviceBuiltins).toHaveLength(1);
  });
});

describe('jsonErrorOffset', () => {
  it.each([
    ['{}', -1],
    ['{"a": [1, -2.5e3, true, false, null, "\\u00e9\\n"]}', -1],
    ['{"a": 01}', 7],
    ['{"a" 1}', 5],
    ['["x\ty"]', 3],
    ['[1] x', 4],
    ['', 0],
  ])('%j -> %d', (text, offset) => {
    expect(jsonErrorOffset(text)).toBe(offset);
  });

  it('converts offsets to 1-based lines and columns', () => {
    expect(lineColumn('ab\ncd', 4)).toEqual({ line: 2, col: 2 });
  });
});
