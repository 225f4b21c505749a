// `hip2vortex stats`: conversion statistics without writing anything.
import { exitOnFailure, finish, startSession } from './command.js';
import type { CommonFlags } from './options.js';
import type { RunContext } from './session.js';

export async function statsCommand(paths: string[], flags: CommonFlags, context: RunContext): Promise<number> {
  const withStats = { ...flags, printStats: true };
  // No consumer: nothing is compared with or written to disk, and no outputs are listed.
  const session = await startSession(paths, withStats, context, 'none');
  const report = await finish('stats', session, withStats, [], exitOnFailure);
  return report.exitCode;
}
