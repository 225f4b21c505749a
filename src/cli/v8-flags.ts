// The V8 flags the command line sets in its process, recorded: V8 rejects a code cache made under
// other flags, so they are part of its key (code-cache.ts). A worker thread records none of its
// own (the flags are the process's), so its caches are keyed apart from the main thread's.
import { setFlagsFromString } from 'node:v8';

const set: string[] = [];

export function setV8Flag(flag: string): void {
  setFlagsFromString(flag);
  set.push(flag);
}

export const v8FlagsSet = (): readonly string[] => set;
