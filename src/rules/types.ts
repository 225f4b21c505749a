// The rule tables as the translator sees them after loading (rules/*.json, checked by rules/schema.json).
import type { Severity } from '../report/diagnostic.js';

export type Status = 'supported' | 'unsupported' | 'deprecated' | 'experimental' | 'warning';
export type Scope = 'device' | 'host' | 'any';
export type TableName = 'hostNames' | 'headers' | 'deviceBuiltins' | 'constructs' | 'diagnostics';

/** What to report for an entry whose status is not `supported`, resolved from the rule it names. */
export interface Report {
  /** Diagnostic id, shown as `[rule]` (a construct or a diagnostics id). */
  rule: string;
  severity: Severity;
  /** Noun phrase: `error: <what> is not supported on Vortex v2.2 [rule]`. */
  what: string;
  reason: string;
  fix: string;
}

interface MappingRule {
  category: string;
  status: Status;
  /** Present exactly when status is not `supported`. */
  report?: Report;
  /** The rule file that defined (or last overrode) the entry. */
  file: string;
}

/** A CUDA runtime/driver name in host code. */
export interface HostNameRule extends MappingRule {
  name: string;
  /** The HIP spelling; absent when HIP has none. */
  to?: string;
  api: 'runtime' | 'driver' | 'complex';
}

/** An #include path (`name` may end in `*`: a path prefix). Always removed from device output. */
export interface HeaderRule extends MappingRule {
  name: string;
  /** What the host output includes instead; null removes the include; undefined when unsupported. */
  to?: string | null;
}

export type DeviceAction = { kind: 'rename'; to: string } | { kind: 'provided' } | { kind: 'unsupported' };

/** A name in device code. */
export interface DeviceBuiltinRule extends MappingRule {
  name: string;
  action: DeviceAction;
  /** A renamed call gets the original file name and line as its first arguments. */
  location?: boolean;
  /** A warp operation (it waits for the lanes of its logical warp): a function whose calls exchange
   *  values, a tile type, or the warp's barrier. */
  exchange?: 'call' | 'tile' | 'sync';
}

/** A feature matched by the analyser by `kind`, by identifier `names`, or through entries naming it. */
export interface ConstructRule {
  id: string;
  category: string;
  /** `supported` means silenced (e.g. overridden by a user rule file): never reported. */
  status: Status;
  scope: Scope;
  kind?: string;
  /** Identifiers, exact or `prefix*`, in CUDA and HIP spellings. */
  names?: readonly string[];
  /** Applies only when the device XLEN is this. */
  xlen?: 32 | 64;
  what: string;
  reason: string;
  fix: string;
  file: string;
}

/** The documentation of a diagnostic id (`hip2vortex explain <id>`). */
export interface DiagnosticDoc {
  id: string;
  category: string;
  /** Default severity; `off` for a construct that a rule file silenced. */
  severity: Severity | 'off';
  /** For constructs: the noun phrase used in the message. */
  what?: string;
  meaning: string;
  fix: string;
  file: string;
}

export interface RuleSet {
  /** CUDA name -> rule; construct policy (e.g. managed memory) already applied to status. */
  hostNames: ReadonlyMap<string, HostNameRule>;
  /** Keyed by `name` as written (patterns included); use lookupHeader for an include path. */
  headers: ReadonlyMap<string, HeaderRule>;
  deviceBuiltins: ReadonlyMap<string, DeviceBuiltinRule>;
  constructs: ReadonlyMap<string, ConstructRule>;
  /** Every id the tool can emit: diagnostics.json plus every construct. */
  diagnostics: ReadonlyMap<string, DiagnosticDoc>;
  /** The header rule for an include path: exact name first, then the longest `prefix*`. */
  lookupHeader(path: string): HeaderRule | undefined;
  /** The construct whose `names` match an identifier used in code of the given side. */
  constructForName(name: string, side: 'device' | 'host'): ConstructRule | undefined;
  /** A HIP API name the tables map a supported CUDA name to (what a source may spell directly). */
  isHipApiName(name: string): boolean;
}
