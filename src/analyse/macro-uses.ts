// The macro uses translation sees through once a file is analysed: launches inside macros and, in
// device code, macros naming device globals or warp operations, or branching. The file's own
// translation and every includer's view of it as a header must expand the same uses, or the
// includer misses what the expansion reaches (a device global named only inside a macro gets no
// kernel argument).
import type { Node } from '../parse/parser.js';
import type { MacroTable } from '../parse/macros.js';
import { deviceMacroExpansions } from '../parse/gpu-macros.js';
import { launchMacroExpansions, type MacroExpansion } from './launch-macros.js';
import type { Program } from './program.js';
import { withCallers } from './warp-ops.js';

/**
 * The uses to expand in `text` (parsed as `root`, analysed as `program`), in order, not
 * overlapping; `warpOps`: the warp operations' names, which device code must show too.
 */
export function analysedMacroUses(root: Node, text: string, program: Program, macros: MacroTable, warpOps?: RegExp): MacroExpansion[] {
  const kernelNames = new Set(program.functions.filter((f) => f.kind === 'kernel').map((f) => f.name));
  const deviceCode = [...program.kernels, ...program.deviceFunctions].map((f): [number, number] => [f.node.startIndex, f.node.endIndex]);
  const globals = new Set(program.globals.map((g) => g.name));
  return [...launchMacroExpansions(root, text, macros, kernelNames), ...deviceMacroExpansions(text, macros, globals, deviceCode, warpOps && withWarpUsers(program, warpOps))]
    .sort((a, b) => a.start - b.start)
    .filter((e, i, all) => i === 0 || e.start >= all[i - 1].end);
}

/** `warpOps` or a call of a device function of the file that uses them (`#define REDUCE(v) warp_sum(v)`). */
function withWarpUsers(program: Program, warpOps: RegExp): RegExp {
  const fns = [...program.deviceFunctions, ...program.memberFunctions];
  const users = withCallers(fns, fns.filter((f) => f.body && warpOps.test(f.outer.text)).map((f) => f.name));
  const names = [...users].filter((n) => /^[A-Za-z_]\w*$/.test(n));
  return names.length ? new RegExp(`${warpOps.source}|\\b(?:${names.join('|')})\\s*\\(`) : warpOps;
}
