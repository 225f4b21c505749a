// Builds a RuleSet from parsed rule files: later files override entries by key, every `rule`
// reference must name a construct or diagnostic, and each reported entry gets its Report.
// Entries are resolved in one pass per table (no intermediate records: this runs on every load),
// but host names, of which a file reads a few dozen, are resolved when read.
import type { Severity } from '../report/diagnostic.js';
import { LazyTable } from './lazy-table.js';
import { NameIndex } from './name-index.js';
import { entryLabel, RuleFileError, TABLE_KEYS, type RawEntry, type RawRuleFile } from './rule-file.js';
import type {
  ConstructRule, DeviceAction, DeviceBuiltinRule, DiagnosticDoc, HeaderRule, HostNameRule, Report, RuleSet, Status, TableName,
} from './types.js';

export interface LoadedFile {
  file: string;
  rules: RawRuleFile;
}

const SEVERITY: Record<Exclude<Status, 'supported'>, Severity> = {
  unsupported: 'error',
  warning: 'warning',
  experimental: 'warning',
  deprecated: 'note',
};
const RANK: Record<Status, number> = { supported: 0, deprecated: 1, experimental: 2, warning: 3, unsupported: 4 };

/** Merges one table of every file into a map by key, converting each entry with `resolve`. */
function mergeTable<T>(files: readonly LoadedFile[], table: TableName, resolve: (raw: RawEntry, file: string) => T): Map<string, T> {
  const merged = new Map<string, T>();
  const key = TABLE_KEYS[table];
  for (const { file, rules } of files) for (const raw of rules[table] ?? []) merged.set(raw[key] as string, resolve(raw, file));
  return merged;
}

/** An error about an entry; its index is looked up only now, since errors are rare. */
function entryError(file: string, rules: RawRuleFile, table: TableName, raw: RawEntry, detail: string): RuleFileError {
  return new RuleFileError(file, entryLabel(table, rules[table]!.indexOf(raw), raw), detail);
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function constructDoc(c: ConstructRule): DiagnosticDoc {
  const verdict = c.status === 'unsupported' ? 'is not supported on Vortex v2.2'
    : c.status === 'warning' ? 'needs care on Vortex v2.2'
    : c.status === 'supported' ? 'is accepted (this check is silenced by a rule file)'
    : `is ${c.status} on Vortex v2.2`;
  return {
    id: c.id, category: c.category, severity: c.status === 'supported' ? 'off' : SEVERITY[c.status],
    what: c.what, meaning: `${capitalise(c.what)} ${verdict}: ${c.reason}.`, fix: c.fix, file: c.file,
  };
}

export function buildRuleSet(files: readonly LoadedFile[]): RuleSet {
  const rulesOf = new Map(files.map((f) => [f.file, f.rules]));
  const error = (file: string, table: TableName, raw: RawEntry, detail: string) => entryError(file, rulesOf.get(file)!, table, raw, detail);

  const constructs = mergeTable(files, 'constructs', (raw, file): ConstructRule => {
    const { id, category, status, scope, kind, names, xlen, what, reason, fix } = raw as Omit<ConstructRule, 'file'>;
    return { id, category, status, scope, kind, names, xlen, what, reason, fix, file };
  });
  const diagnostics = new Map([...constructs.values()].map((c) => [c.id, constructDoc(c)]));
  for (const [id, doc] of mergeTable(files, 'diagnostics', (raw, file) => ({ raw, file }))) {
    const clash = constructs.get(id);
    if (clash) throw error(doc.file, 'diagnostics', doc.raw, `id is also a construct id (in ${clash.file})`);
    const { category, severity, meaning, fix } = doc.raw as Omit<DiagnosticDoc, 'id' | 'file'>;
    diagnostics.set(id, { id, category, severity, meaning, fix, file: doc.file });
  }

  const namesOn = (side: 'device' | 'host') =>
    new NameIndex(
      [...constructs.values()].filter((c) => c.scope === side || c.scope === 'any').flatMap((c) => (c.names ?? []).map((n) => [n, c] as const)),
    );
  const constructsByName = { device: namesOn('device'), host: namesOn('host') };

  const documented = (table: TableName, raw: RawEntry, file: string, rule: string): DiagnosticDoc => {
    const doc = diagnostics.get(rule);
    if (!doc) throw error(file, table, raw, `rule ${JSON.stringify(rule)} is neither a construct nor a diagnostic id`);
    return doc;
  };

  /** The report of an entry that is not supported; `policy` is a construct that outranks the entry's own rule. */
  const report = (table: TableName, raw: RawEntry, file: string, status: Status, policy?: ConstructRule): Report | undefined => {
    if (status === 'supported') return undefined;
    const rule = policy?.id ?? (raw.rule as string);
    const doc = documented(table, raw, file, rule);
    const construct = constructs.get(rule);
    const own = policy ? {} : (raw as { what?: string; reason?: string });
    return {
      rule,
      severity: SEVERITY[status],
      what: own.what ?? construct?.what ?? (raw.name as string),
      reason: own.reason ?? construct?.reason ?? doc.meaning,
      fix: doc.fix,
    };
  };

  // Host names are resolved when read (LazyTable); their rule references are checked now. HIP
  // names index the CUDA names HIP lists as supported under them, of which policy may demote some.
  const hipTargets = new Map<string, string[]>();
  const rawHostNames = mergeTable(files, 'hostNames', (raw, file) => {
    const to = raw.to as string | undefined;
    if (raw.status !== 'supported') documented('hostNames', raw, file, raw.rule as string);
    else if (to?.startsWith('hip')) {
      const names = hipTargets.get(to);
      if (names) names.push(raw.name as string);
      else hipTargets.set(to, [raw.name as string]);
    }
    return { raw, file };
  });
  const hostNames = new LazyTable(rawHostNames, ({ raw, file }): HostNameRule => {
    const { name, to, api, category, status } = raw as Pick<HostNameRule, 'name' | 'to' | 'api' | 'category' | 'status'>;
    // Vortex policy (constructs naming host APIs, e.g. managed memory) outranks HIP's own status.
    const match = constructsByName.host.get(name) ?? (to === undefined ? undefined : constructsByName.host.get(to));
    const policy = match && RANK[match.status] > RANK[status] ? match : undefined;
    const effective = policy?.status ?? status;
    return { name, to, api, category, status: effective, report: report('hostNames', raw, file, effective, policy), file };
  });
  const isHipApiName = (name: string): boolean =>
    !!hipTargets.get(name)?.some((cuda) => {
      const rule = hostNames.get(cuda)!;
      return rule.to === name && rule.status === 'supported'; // a later file may have remapped it
    });

  const headers = mergeTable(files, 'headers', (raw, file): HeaderRule => {
    const { name, to, category, status } = raw as Pick<HeaderRule, 'name' | 'to' | 'category' | 'status'>;
    return { name, to, category, status, report: report('headers', raw, file, status), file };
  });
  const headerIndex = new NameIndex(headers);

  const deviceBuiltins = mergeTable(files, 'deviceBuiltins', (raw, file): DeviceBuiltinRule => {
    const { name, category, status, action, to, location, exchange } = raw as { name: string; category: string; status: Status; action: string; to?: string; location?: boolean; exchange?: 'call' | 'tile' };
    const kind: DeviceAction = action === 'rename' ? { kind: 'rename', to: to! } : { kind: action as 'provided' | 'unsupported' };
    return { name, category, status, action: kind, location, exchange, report: report('deviceBuiltins', raw, file, status), file };
  });

  return {
    hostNames,
    headers,
    deviceBuiltins,
    constructs,
    diagnostics,
    lookupHeader: (path) => headerIndex.get(path),
    constructForName: (name, side) => constructsByName[side].get(name),
    isHipApiName,
  };
}
