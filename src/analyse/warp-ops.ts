// Warp operations (hip2vx_device.h, "warp operations"): emulated with a scratch area in the
// block's local memory and block barriers. Two facts the translator needs: which kernels use them
// (their entry reserves the scratch, their registration tells the host its size), and which calls
// may not be reached by every thread of the block (each is a block barrier: reported).
import type { Node } from '../parse/parser.js';
import type { FunctionInfo } from './program.js';
import { scan } from './syntax.js';

/** Scratch bytes per thread of the block: HIP2VX_WARP_SCRATCH_BYTES of hip2vx_device.h. */
export const WARP_SCRATCH_BYTES = 12;

/** Functions whose calls exchange values through the scratch (and barriers). */
const WARP_CALLS = new Set(['__shfl', '__shfl_up', '__shfl_down', '__shfl_xor', '__shfl_sync', '__shfl_up_sync', '__shfl_down_sync',
  '__shfl_xor_sync', '__ballot', '__ballot_sync', '__any', '__any_sync', '__all', '__all_sync']);
/** Collectives of thread_block_tile (cooperative groups). */
const TILE_METHODS = new Set(['shfl', 'shfl_up', 'shfl_down', 'shfl_xor', 'any', 'all', 'ballot']);
const TILE_TYPES = /\b(thread_block_tile|tiled_partition)\b/;
const SCRATCH_USERS = /\b(__shfl\w*|__ballot\w*|__any\w*|__all\w*|thread_block_tile|tiled_partition)\b/;
const CALL = new Set(['call_expression']);

/** The called name: `f`, `ns::f`, `f<T>` -> f; `x.m(...)` -> m (with the object). */
function callee(call: Node): { name: string; method: boolean } | undefined {
  let fn = call.childForFieldName('function');
  if (fn?.type === 'template_function') fn = fn.childForFieldName('name');
  if (fn?.type === 'qualified_identifier') fn = fn.childForFieldName('name');
  if (fn?.type === 'field_expression') {
    const field = fn.childForFieldName('field');
    return field ? { name: field.text, method: true } : undefined;
  }
  return fn?.type === 'identifier' ? { name: fn.text, method: false } : undefined;
}

/**
 * Names of the device functions (and kernels) that use warp operations, directly or through the
 * device functions they call (by name: overloads count together).
 */
export function warpOpUsers(fns: readonly FunctionInfo[]): Set<string> {
  const users = new Set(fns.filter((f) => f.body && SCRATCH_USERS.test(f.outer.text)).map((f) => f.name));
  const calls = new Map(fns.filter((f) => f.body).map((f) => {
    const names = new Set<string>();
    scan(f.body!, CALL, (c) => {
      const name = callee(c);
      if (name && !name.method) names.add(name.name);
    });
    return [f, names] as const;
  }));
  for (let grew = true; grew; ) {
    grew = false;
    for (const [f, names] of calls) {
      if (users.has(f.name) || ![...names].some((n) => users.has(n))) continue;
      users.add(f.name);
      grew = true;
    }
  }
  return users;
}

/**
 * The calls in `fn` that are warp operations (or reach one through a user function in `users`):
 * each must be reached by every thread of the block.
 */
export function warpOpCalls(fn: FunctionInfo, users: ReadonlySet<string>): Node[] {
  if (!fn.body) return [];
  const tiles = TILE_TYPES.test(fn.outer.text);
  const found: Node[] = [];
  scan(fn.body, CALL, (c) => {
    const name = callee(c);
    if (!name) return;
    if (name.method ? tiles && TILE_METHODS.has(name.name) : WARP_CALLS.has(name.name) || users.has(name.name)) found.push(c);
  });
  return found;
}
