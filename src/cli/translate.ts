// `hip2vortex translate`: write every output that is not already on disk as it should be.
import { fileDiagnostic, type Diagnostic } from '../report/diagnostic.js';
import type { OutputState } from '../report/run.js';
import { exitOnFailure, finish, startSession } from './command.js';
import type { CommonFlags } from './options.js';
import { compareWithDisk, type PlannedFile } from './plan.js';
import type { RunContext, Session } from './session.js';
import { writeCache } from './cache.js';
import { writeAtomic } from './write.js';

export async function translateCommand(paths: string[], flags: CommonFlags, context: RunContext): Promise<number> {
  const failures: Diagnostic[] = [];
  const write = (w: PlannedFile): OutputState | Promise<OutputState> => {
    const state = compareWithDisk(w);
    if (state === 'unchanged') return 'unchanged';
    return writeAtomic(w.path, w.content, state === 'missing').then(
      () => 'written',
      (e: NodeJS.ErrnoException) => {
        failures.push(fileDiagnostic(w.source, 'error', `cannot write ${w.path} (${e.code ?? e.message})`, 'output-unwritable'));
        return 'failed';
      },
    );
  };
  const session = await startSession(paths, flags, context, 'write', (writes) => writes.map(write));
  if (session.cache && flags.output !== undefined) await saveCache(flags.output, session);
  const report = await finish('translate', session, flags, failures, exitOnFailure);
  return report.exitCode;
}

/** Records this run's clean translations for the next run; keeps the other sources' records. */
async function saveCache(outdir: string, session: Session): Promise<void> {
  const { key, records } = session.cache!;
  const next = new Map(records);
  session.files.forEach((file, i) => {
    const outcome = session.outcomes[i];
    if (outcome.status === 'translated' && outcome.record) next.set(file.rel, outcome.record);
    else if (!(outcome.status === 'translated' && outcome.reused)) next.delete(file.rel);
  });
  try {
    await writeCache(outdir, key, next);
  } catch {
    // Only a cache: the next run translates again.
  }
}
