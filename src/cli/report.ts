// Turning a session into the run report every format prints.
import { fileStats, totalStats } from '../report/stats.js';
import { sortDiagnostics, type Diagnostic } from '../report/diagnostic.js';
import type { FileReport, RunReport } from '../report/run.js';
import { summarize } from '../report/summary.js';
import type { Session } from './session.js';

export function buildReport(
  command: RunReport['command'],
  session: Session,
  options: { passthrough: boolean; withStats: boolean; extra?: Diagnostic[]; exitCode: (report: Omit<RunReport, 'exitCode'>) => number },
): RunReport {
  const files: FileReport[] = session.files.map((f, i) => {
    const o = session.outcomes[i];
    const counted = o.status === 'translated' ? o.counts : undefined;
    return { path: f.path, status: o.status, kernels: counted?.kernels ?? 0, launches: counted?.launches ?? 0, outputs: [] };
  });
  for (const { path, from, state } of session.outputs) if (from >= 0) files[from].outputs.push({ path, state });
  const diagnostics = sortDiagnostics([...session.diagnostics, ...(options.extra ?? [])]);
  const rewritten = session.outcomes.reduce((n, o) => n + (o.status === 'translated' ? (o.counts?.rewritten ?? 0) : 0), 0);
  let totals;
  if (options.withStats) {
    const measured = session.outcomes.flatMap((o, i) => (o.status === 'translated' && o.stats ? [{ i, stats: fileStats(o.stats, o.changes) }] : []));
    for (const { i, stats } of measured) files[i].stats = stats;
    totals = totalStats(measured.map(({ i, stats }) => ({ path: files[i].path, stats })));
  }
  const partial = { command, files, diagnostics, summary: summarize(files, diagnostics, options.passthrough, rewritten), totals };
  return { ...partial, exitCode: options.exitCode(partial) };
}
