// What every file-processing command does around its own step: run the session from the flags
// with the command's consumer, then build, print and return the report.
import { hasErrors, type Diagnostic } from '../report/diagnostic.js';
import type { RunReport } from '../report/run.js';
import { formatStats } from '../report/stats.js';
import { EXIT } from './exit.js';
import { sessionOptions, type CommonFlags, type OutputUse } from './options.js';
import { printReport } from './output.js';
import { buildReport } from './report.js';
import { loadHelp } from './rule-help.js';
import { runSession, type Consumer, type RunContext, type Session } from './session.js';

export function startSession(paths: string[], flags: CommonFlags, context: RunContext, use: OutputUse, consume?: Consumer): Promise<Session> {
  return runSession(sessionOptions(paths, flags, use), context, consume);
}

export async function finish(
  command: RunReport['command'],
  session: Session,
  flags: CommonFlags,
  extra: Diagnostic[],
  decide: (report: Omit<RunReport, 'exitCode'>) => number,
): Promise<RunReport> {
  const report = buildReport(command, session, {
    passthrough: !flags.skipNonGpu,
    withStats: flags.printStats ?? false,
    extra,
    exitCode: decide,
  });
  // SARIF carries the rule texts; only then are the tables worth loading here.
  const help = flags.format === 'sarif' ? await loadHelp(flags.rules) : new Map();
  printReport(report, flags.format, flags.quiet ?? false, (id) => help.get(id));
  if (flags.printStats && flags.format === 'text') printStats(report);
  return report;
}

function printStats(report: RunReport): void {
  const blocks = report.files.flatMap((f) => (f.stats ? [formatStats(f.path, f.stats)] : []));
  if (report.totals) blocks.push(formatStats('total', report.totals));
  process.stdout.write(blocks.join('\n') + '\n');
}

/** translate, diff and stats fail (exit 1) when a file could not be translated or has an error. */
export function exitOnFailure(report: Omit<RunReport, 'exitCode'>): number {
  return report.files.some((f) => f.status === 'failed') || hasErrors(report.diagnostics) ? EXIT.failed : EXIT.ok;
}
