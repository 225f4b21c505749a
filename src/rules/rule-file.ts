// Reading one rule file: JSON text -> entries checked against rules/schema.json, or a RuleFileError
// naming the file and the entry. The schema is compiled ahead of time by scripts/build-rules.mjs
// (importing ajv alone costs ~90 ms, three times the load budget of the whole rule set).
import { readFileSync } from 'node:fs';
import { jsonErrorOffset, lineColumn } from './json-position.js';
import type { TableName } from './types.js';
import { validate as generatedValidate } from './validate.generated.js';

export class RuleFileError extends Error {
  constructor(
    readonly file: string,
    /** The offending entry, e.g. `deviceBuiltins[3] (name: "__shfl")`; undefined for the file as a whole. */
    readonly entry: string | undefined,
    detail: string,
  ) {
    super(`${file}: ${entry ? `${entry}: ` : ''}${detail}`);
    this.name = 'RuleFileError';
  }
}

/** A raw entry as written in a rule file (its shape is guaranteed by the schema). */
export type RawEntry = Record<string, unknown>;
export type RawRuleFile = Partial<Record<TableName, RawEntry[]>>;

interface SchemaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}
const validateSchema = generatedValidate as unknown as ((data: unknown) => boolean) & { errors?: SchemaError[] | null };

export const TABLE_KEYS: Record<TableName, 'name' | 'id'> = {
  hostNames: 'name',
  headers: 'name',
  deviceBuiltins: 'name',
  constructs: 'id',
  diagnostics: 'id',
};

/** `deviceBuiltins[3] (name: "__shfl")`: how errors point at an entry. */
export function entryLabel(table: TableName, index: number, entry: unknown): string {
  const keyName = TABLE_KEYS[table];
  const key = entry && typeof entry === 'object' ? (entry as RawEntry)[keyName] : undefined;
  return `${table}[${index}]` + (typeof key === 'string' ? ` (${keyName}: ${JSON.stringify(key)})` : '');
}

function parseJson(file: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    const offset = jsonErrorOffset(text);
    const { line, col } = lineColumn(text, offset < 0 ? text.length : offset);
    throw new RuleFileError(file, undefined, `invalid JSON at line ${line}, column ${col}: ${(e as Error).message}`);
  }
}

function schemaError(file: string, data: unknown, error: SchemaError): RuleFileError {
  const [table, index, ...field] = error.instancePath.split('/').slice(1);
  const params = error.params;
  const detail =
    error.keyword === 'additionalProperties' ? `unknown property ${JSON.stringify(params.additionalProperty)}`
    : error.keyword === 'enum' ? `${error.message} (${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')})`
    : error.keyword === 'const' ? `${error.message} ${JSON.stringify(params.allowedValue)}`
    : error.message ?? error.keyword;
  const where = field.length ? `${field.join('.')}: ` : '';
  if (index === undefined) return new RuleFileError(file, undefined, `${table ? `${table}: ` : ''}${detail}`);
  const entries = (data as RawRuleFile)[table as TableName] ?? [];
  return new RuleFileError(file, entryLabel(table as TableName, Number(index), entries[Number(index)]), where + detail);
}

/** Just enough shape for merging: tables are arrays of objects with a string key. */
function checkShape(file: string, data: unknown): void {
  const fail = (entry: string | undefined, detail: string) => new RuleFileError(file, entry, detail);
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw fail(undefined, 'must be object');
  for (const table of Object.keys(TABLE_KEYS) as TableName[]) {
    const entries = (data as RawRuleFile)[table];
    if (entries === undefined) continue;
    if (!Array.isArray(entries)) throw fail(undefined, `${table}: must be array`);
    entries.forEach((entry, index) => {
      if (typeof entry?.[TABLE_KEYS[table]] !== 'string') throw fail(entryLabel(table, index, entry), `must have a string ${TABLE_KEYS[table]}`);
    });
  }
}

/**
 * Parses and validates a rule file's text; also rejects a key repeated within one table.
 * `schema: false` checks only the shape: for the generated host-names table, which the build
 * script writes and the test suite validates against the schema (saving ~8 ms per load).
 */
export function parseRuleFile(file: string, text: string, { schema = true } = {}): RawRuleFile {
  const data = parseJson(file, text.replace(/^\uFEFF/, ''));
  if (!schema) checkShape(file, data);
  else if (!validateSchema(data)) throw schemaError(file, data, validateSchema.errors![0]);
  const rules = data as RawRuleFile;
  for (const table of Object.keys(TABLE_KEYS) as TableName[]) {
    const seen = new Map<string, number>();
    rules[table]?.forEach((entry, index) => {
      const key = entry[TABLE_KEYS[table]] as string;
      const first = seen.get(key);
      if (first !== undefined)
        throw new RuleFileError(file, entryLabel(table, index, entry), `duplicate ${TABLE_KEYS[table]}; first defined at ${table}[${first}]`);
      seen.set(key, index);
    });
  }
  return rules;
}

export function readRuleFile(file: string, options?: { schema?: boolean }): RawRuleFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new RuleFileError(file, undefined, `cannot read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  return parseRuleFile(file, text, options);
}
