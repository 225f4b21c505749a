// Diagnostics: one shape for every stage, printed as `file:line:col: severity: message [rule-id]`.
export type Severity = 'error' | 'warning' | 'note';

export interface Diagnostic {
  file: string;
  /** 1-based */
  line: number;
  /** 1-based, in UTF-16 code units of the line */
  col: number;
  severity: Severity;
  message: string;
  ruleId: string;
}

export function formatDiagnostic(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.col}: ${d.severity}: ${d.message} [${d.ruleId}]`;
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/** Code-unit order: the same everywhere, and `localeCompare`'s first call costs ~10 ms of ICU start-up. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Sorts by position, then rule id, so output never depends on discovery order. */
export function sortDiagnostics(diagnostics: Diagnostic[]): Diagnostic[] {
  return diagnostics.sort((a, b) => byText(a.file, b.file) || a.line - b.line || a.col - b.col || byText(a.ruleId, b.ruleId));
}

/** A diagnostic about a whole file (or directory), placed at 1:1. */
export function fileDiagnostic(file: string, severity: Severity, message: string, ruleId: string): Diagnostic {
  return { file, line: 1, col: 1, severity, message, ruleId };
}
