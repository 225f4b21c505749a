// Device functions that device code calls but no part of the translation unit defines (declared
// in a header, defined in another file: relocatable device code). A Vortex kernel binary is built
// from one translation unit, so the call could never be linked.
import type { Node } from '../parse/parser.js';
import type { Program } from './program.js';
import { scan } from './syntax.js';

const CALL = new Set(['call_expression']);

/** Calls in `own`'s device code to device functions declared but not defined in any of `all`. */
export function undefinedDeviceCalls(own: Program, all: readonly Program[]): Node[] {
  const isDevice = (kind: string) => kind === 'device' || kind === 'host-device';
  const defined = new Set(all.flatMap((p) => p.deviceFunctions.map((f) => f.name)));
  const declaredOnly = new Set(all.flatMap((p) => p.functions.filter((f) => isDevice(f.kind) && !f.body && !defined.has(f.name)).map((f) => f.name)));
  if (declaredOnly.size === 0) return [];
  const calls: Node[] = [];
  for (const fn of [...own.kernels, ...own.deviceFunctions]) {
    scan(fn.body!, CALL, (call) => {
      if (declaredOnly.has(call.childForFieldName('function')?.text ?? '')) calls.push(call);
    });
  }
  return calls;
}
