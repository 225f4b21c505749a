// Printing a run's report: text diagnostics and the summary go to stderr (like a compiler), so
// stdout carries only what a tool would parse (JSON, SARIF, diffs, statistics).
import { formatDiagnostic, type Diagnostic } from '../report/diagnostic.js';
import type { RuleHelp } from '../report/explain.js';
import type { RunReport } from '../report/run.js';
import { toSarif } from '../report/sarif.js';
import { formatSummary } from '../report/summary.js';
import { TOOL } from '../report/tool.js';
import type { Format } from './options.js';

export function printDiagnostics(diagnostics: Diagnostic[], quiet: boolean): void {
  const shown = quiet ? diagnostics.filter((d) => d.severity !== 'note') : diagnostics;
  if (shown.length > 0) process.stderr.write(shown.map(formatDiagnostic).join('\n') + '\n');
}

export function printReport(report: RunReport, format: Format, quiet: boolean, describe: (id: string) => RuleHelp | undefined): void {
  if (format === 'json') {
    process.stdout.write(JSON.stringify({ tool: { name: TOOL.name, version: TOOL.version }, ...report }, null, 2) + '\n');
  } else if (format === 'sarif') {
    process.stdout.write(JSON.stringify(toSarif(report.diagnostics, describe), null, 2) + '\n');
  } else {
    printDiagnostics(report.diagnostics, quiet);
    if (!quiet) process.stderr.write(formatSummary(report.summary) + '\n');
  }
}
