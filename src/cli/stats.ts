// `hip2vortex stats`: conversion statistics without writing anything.
import { exitOnFailure, finish, startSession } from './command.js';
import type { RunContext } from './session.js';
import type { CommonFlags } from './options.js';

export async function statsCommand(paths: string[], flags: CommonFlags, context: RunContext): Promise<number> {
  const session = await startSession(paths, { ...flags, printStats: true }, context, 'none');
  // Nothing is compared with or written to disk, so no outputs are listed.
  const report = await finish('stats', { ...session, writes: [] }, [], { ...flags, printStats: true }, [], exitOnFailure);
  return report.exitCode;
}
