// Which HIP names hip2vortex's runtime provides: every `hip...` identifier its host headers
// declare or mention (runtime/include). A HIP API name the rule tables map to (or a source
// spells) that is not among them would fail at build time; the translation reports it instead.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RUNTIME_DIR } from '../package-root.js';
import type { RuleSet } from './types.js';

const HIP_NAME = /\bhip[A-Z_]\w*/g;

let provided: ReadonlySet<string> | undefined;

function runtimeNames(): ReadonlySet<string> {
  if (!provided) {
    const include = join(RUNTIME_DIR, 'include');
    const headers = [...readdirSync(join(include, 'hip')).map((f) => join(include, 'hip', f)), ...readdirSync(include).filter((f) => f.startsWith('hip2vx_') && f.endsWith('.h')).map((f) => join(include, f))];
    provided = new Set(headers.flatMap((h) => readFileSync(h, 'utf8').match(HIP_NAME) ?? []));
  }
  return provided;
}

/** `hip` (a HIP API name) is not provided by the runtime. */
export const runtimeLacks = (rules: RuleSet, hip: string): boolean => rules.isHipApiName(hip) && !runtimeNames().has(hip);
