// `hip2vortex check`: are the translations on disk up to date? For pre-commit hooks and CI.
import { hasErrors, type Diagnostic } from '../report/diagnostic.js';
import { EXIT } from './exit.js';
import { finish, startSession } from './command.js';
import type { CommonFlags } from './options.js';
import { compareWithDisk } from './plan.js';
import type { RunContext } from './session.js';

export async function checkCommand(paths: string[], flags: CommonFlags, context: RunContext): Promise<number> {
  const session = await startSession(paths, flags, context, 'compare');
  const states = session.writes.map(compareWithDisk);
  // Reported on the source, where an editor or code-scanning UI can show it.
  const stale: Diagnostic[] = session.writes.flatMap((w, i) => {
    if (states[i] === 'unchanged') return [];
    const file = w.from >= 0 ? session.files[w.from].path : w.path;
    const what = states[i] === 'missing' ? 'is missing' : 'is out of date';
    return [{ file, line: 1, col: 1, severity: 'warning', message: `translation ${w.path} ${what}; run hip2vortex translate`, ruleId: 'stale-translation' }];
  });
  const sourceErrors = hasErrors(session.diagnostics);
  const report = await finish('check', session, states, flags, stale, () =>
    sourceErrors ? EXIT.usage : stale.length > 0 ? EXIT.failed : EXIT.ok,
  );
  return report.exitCode;
}
