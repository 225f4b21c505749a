// Exit codes shared by every command (documented in docs/cli.md).
export const EXIT = {
  ok: 0,
  /** translate: some file failed; check: a translation is stale or missing. */
  failed: 1,
  /** Bad command line or inputs; check: errors in sources. */
  usage: 2,
  interrupted: 130,
} as const;

/** A problem with the command line or its inputs, reported as `hip2vortex: <message>`, exit 2. */
export class UsageError extends Error {}

export class Interrupted extends Error {}
