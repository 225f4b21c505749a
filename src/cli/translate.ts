// `hip2vortex translate`: write every output that is not already on disk as it should be.
import type { Diagnostic } from '../report/diagnostic.js';
import type { OutputState } from '../report/run.js';
import { Interrupted } from './exit.js';
import type { CommonFlags } from './options.js';
import { compareWithDisk } from './plan.js';
import { exitOnFailure, finish, startSession } from './command.js';
import type { RunContext } from './session.js';
import { writeAtomic } from './write.js';

export async function translateCommand(paths: string[], flags: CommonFlags, context: RunContext): Promise<number> {
  const session = await startSession(paths, flags, context, 'write');
  const failures: Diagnostic[] = [];
  const states = session.writes.map((w): OutputState => {
    if (context.signal.aborted) throw new Interrupted();
    if (compareWithDisk(w) === 'unchanged') return 'unchanged';
    try {
      writeAtomic(w.path, w.content);
      return 'written';
    } catch (e) {
      const file = w.from >= 0 ? session.files[w.from].path : w.path;
      failures.push({ file, line: 1, col: 1, severity: 'error', message: `cannot write ${w.path} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, ruleId: 'output-unwritable' });
      if (w.from >= 0) session.outcomes[w.from].status = 'failed';
      return 'failed';
    }
  });
  const report = await finish('translate', session, states, flags, failures, exitOnFailure);
  return report.exitCode;
}
