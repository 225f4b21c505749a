// `hip2vortex check`: are the translations on disk up to date? For pre-commit hooks and CI.
import { fileDiagnostic, hasErrors, type Diagnostic } from '../report/diagnostic.js';
import { EXIT } from './exit.js';
import { finish, startSession } from './command.js';
import type { CommonFlags } from './options.js';
import { compareWithDisk, type PlannedFile } from './plan.js';
import type { RunContext } from './session.js';

export async function checkCommand(paths: string[], flags: CommonFlags, context: RunContext): Promise<number> {
  // Reported on the source, where an editor or code-scanning UI can show it.
  const stale: Diagnostic[] = [];
  const compare = (w: PlannedFile) => {
    const state = compareWithDisk(w);
    if (state !== 'unchanged') {
      const what = state === 'missing' ? 'is missing' : 'is out of date';
      stale.push(fileDiagnostic(w.source, 'warning', `translation ${w.path} ${what}; run hip2vortex translate`, 'stale-translation'));
    }
    return state;
  };
  const session = await startSession(paths, flags, context, 'compare', (writes) => writes.map(compare));
  const sourceErrors = hasErrors(session.diagnostics);
  const report = await finish('check', session, flags, stale, () => (sourceErrors ? EXIT.usage : stale.length > 0 ? EXIT.failed : EXIT.ok));
  return report.exitCode;
}
