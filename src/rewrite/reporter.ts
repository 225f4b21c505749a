// Collects what one file's translation reports: diagnostics (from the same rule tables that drive
// the rewrite) and the statistics of converted and unconverted references.
import type { Node } from '../parse/parser.js';
import type { Diagnostic, Severity } from '../report/diagnostic.js';
import type { Report, RuleSet } from '../rules/index.js';
import { position } from '../analyse/syntax.js';
import { within } from '../parse/conditionals.js';

export interface RuleUse {
  table: 'hostNames' | 'headers' | 'deviceBuiltins';
  name: string;
  to: string;
  category: string;
  line: number;
  col: number;
}

export interface Unconverted {
  name: string;
  ruleId: string;
  line: number;
  col: number;
}

export class Reporter {
  readonly diagnostics: Diagnostic[] = [];
  readonly converted: RuleUse[] = [];
  readonly unconverted: Unconverted[] = [];
  /** Warnings and notes by the side whose output shows the spot (for --annotate); notes say what was done. */
  readonly annotations: { node: Node; ruleId: string; side: 'host' | 'device'; note?: string }[] = [];
  /** Which output the rewrite in progress produces. */
  side: 'host' | 'device' = 'host';
  /**
   * Text in preprocessor branches the device compiler does not take with the macros in sight
   * (`#else` of `#ifndef USE_ROCM`): what the device rewrite cannot translate there is left as is,
   * with a warning rather than an error.
   */
  deviceSkips: readonly [number, number][] = [];
  private readonly seen = new Set<string>();

  constructor(readonly file: string, private readonly rules: RuleSet) {}

  at(node: Node, severity: Severity, ruleId: string, message: string): void {
    if (severity === 'error' && this.side === 'device' && this.skippedOnDevice(node)) {
      severity = 'warning';
      message += ': left as is, in a preprocessor branch the device compiler does not take with the macros in sight';
    }
    const { line, col } = position(node);
    // One report per rule and line: a construct repeated on a line is one thing to fix.
    const key = `${ruleId}:${line}:${severity === 'error' ? col : 0}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.diagnostics.push({ file: this.file, line, col, severity, message, ruleId });
    if (severity === 'error') this.unconverted.push({ name: node.text.slice(0, 60), ruleId, line, col });
    else this.annotations.push({ node, ruleId, side: this.side, ...(severity === 'note' ? { note: message } : {}) });
  }

  /** `node` lies in a branch the device compiler does not take (deviceSkips). */
  skippedOnDevice(node: Node): boolean {
    return within(node, this.deviceSkips);
  }

  /** An entry of a mapping table whose status is not `supported`. */
  rule(node: Node, report: Report): void {
    this.at(node, report.severity, report.rule, message(report.what, report.severity, report.reason));
  }

  /** A construct matched by kind or name (`what` refines the rule's); constructs silenced by a rule file are not reported. */
  construct(node: Node, id: string, what?: string): void {
    const c = this.rules.constructs.get(id);
    const doc = this.rules.diagnostics.get(id);
    if (!c || c.status === 'supported' || !doc || doc.severity === 'off') return;
    this.at(node, doc.severity, id, message(what ?? c.what, doc.severity, c.reason));
  }

  convertedRef(table: RuleUse['table'], node: Node, to: string, category: string, name = node.text): void {
    const { line, col } = position(node);
    this.converted.push({ table, name, to, category, line, col });
  }
}

function message(what: string, severity: Severity, reason: string): string {
  return severity === 'error' ? `${what} is not supported on Vortex v2.2` : `${what}: ${reason}`;
}
