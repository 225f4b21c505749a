// The closing summary of a run: counted from the per-file reports and the diagnostics.
import type { Diagnostic } from './diagnostic.js';
import type { FileReport, Summary } from './run.js';

export function summarize(files: FileReport[], diagnostics: Diagnostic[], passthrough: boolean, rewrittenReferences: number): Summary {
  const status = (s: FileReport['status']) => files.filter((f) => f.status === s).length;
  const plain = status('plain');
  return {
    filesRead: files.length,
    translated: status('translated'),
    unchanged: files.filter((f) => f.status === 'translated' && f.outputs.length > 0 && f.outputs.every((o) => o.state === 'unchanged')).length,
    passedThrough: passthrough ? plain : 0,
    skipped: passthrough ? 0 : plain,
    refused: status('refused'),
    failed: status('failed'),
    kernels: files.reduce((n, f) => n + f.kernels, 0),
    launches: files.reduce((n, f) => n + f.launches, 0),
    rewrittenReferences,
    errors: diagnostics.filter((d) => d.severity === 'error').length,
    warnings: diagnostics.filter((d) => d.severity === 'warning').length,
  };
}

export function formatSummary(s: Summary): string {
  const plain = s.skipped > 0 ? `${s.skipped} skipped (no GPU code)` : `${s.passedThrough} passed through (no GPU code)`;
  return [
    `${s.filesRead} file(s) read: ${s.translated} translated (${s.unchanged} unchanged), ${plain}, ` +
      `${s.refused} refused (already translated), ${s.failed} failed`,
    `${s.kernels} kernel(s), ${s.launches} launch(es), ${s.rewrittenReferences} API reference(s) rewritten; ` +
      `${s.errors} error(s), ${s.warnings} warning(s)`,
  ].join('\n');
}
