// `hip2vortex diff`: unified diffs of what translate would write or change; writes nothing.
import { readFileSync } from 'node:fs';
import { createTwoFilesPatch } from 'diff';
import { exitOnFailure, finish, startSession } from './command.js';
import type { CommonFlags } from './options.js';
import { compareWithDisk, type PlannedFile } from './plan.js';
import type { RunContext } from './session.js';

const COLOURS: [RegExp, string][] = [
  [/^(\+\+\+|---)/, '\x1b[1m'],
  [/^@@/, '\x1b[36m'],
  [/^\+/, '\x1b[32m'],
  [/^-/, '\x1b[31m'],
];

function colourise(patch: string): string {
  return patch
    .split('\n')
    .map((line) => {
      const colour = COLOURS.find(([re]) => re.test(line))?.[1];
      return colour ? `${colour}${line}\x1b[0m` : line;
    })
    .join('\n');
}

function patchFor(write: PlannedFile, isNew: boolean): string {
  const after = typeof write.content === 'string' ? write.content : Buffer.from(write.content).toString('utf8');
  const before = isNew ? '' : readFileSync(write.path, 'utf8');
  return createTwoFilesPatch(isNew ? '/dev/null' : write.path, write.path, before, after, undefined, undefined, { context: 3 });
}

export async function diffCommand(paths: string[], flags: CommonFlags, context: RunContext): Promise<number> {
  const colour = process.stdout.isTTY === true && !process.env.NO_COLOR;
  const show = (w: PlannedFile) => {
    const state = compareWithDisk(w);
    if (state !== 'unchanged' && flags.format === 'text') {
      const patch = patchFor(w, state === 'missing');
      process.stdout.write(colour ? colourise(patch) : patch);
    }
    return state;
  };
  const session = await startSession(paths, flags, context, 'compare', (writes) => writes.map(show));
  const report = await finish('diff', session, flags, [], exitOnFailure);
  return report.exitCode;
}
