// Warp operations (hip2vx_device.h, "warp operations"): emulated with a scratch area in the
// block's local memory and barriers of the logical warp. Two facts the translator needs: which
// kernels use them (their entry reserves the scratch, their registration tells the host its
// size), and which calls may not be reached by every lane of their warp (reported).
import type { Node } from '../parse/parser.js';
import type { DeviceBuiltinRule, RuleSet } from '../rules/types.js';
import type { FunctionInfo } from './program.js';
import { scan } from './syntax.js';

/** Scratch bytes per thread of the block: HIP2VX_WARP_SCRATCH_BYTES of hip2vx_device.h. */
export const WARP_SCRATCH_BYTES = 16;

/** Collectives of a tile type (cooperative groups' thread_block_tile): its methods of these names. */
const TILE_METHODS = new Set(['shfl', 'shfl_up', 'shfl_down', 'shfl_xor', 'any', 'all', 'ballot']);
const CALL = new Set(['call_expression']);

/** The warp operations of the device builtins table (`exchange`): calls, tile types, the barrier. */
export class WarpOps {
  readonly calls: ReadonlySet<string>;
  private readonly syncs: ReadonlySet<string>;
  private readonly tiles: RegExp;
  private readonly anyUse: RegExp;

  private static readonly byRules = new WeakMap<RuleSet, WarpOps>();

  /** The warp operations of a rule set (built once per set). */
  static of(rules: RuleSet): WarpOps {
    let ops = WarpOps.byRules.get(rules);
    if (!ops) WarpOps.byRules.set(rules, (ops = new WarpOps(rules.deviceBuiltins.values())));
    return ops;
  }

  private constructor(builtins: Iterable<DeviceBuiltinRule>) {
    const all = [...builtins];
    const of = (kind: 'call' | 'tile' | 'sync') => all.filter((b) => b.exchange === kind && b.status !== 'unsupported').map((b) => b.name);
    this.calls = new Set(of('call'));
    this.syncs = new Set(of('sync'));
    const words = (names: string[]) => new RegExp(names.length ? `\\b(${names.join('|')})\\b` : '$^');
    this.tiles = words(of('tile'));
    this.anyUse = words([...this.calls, ...of('tile'), ...of('sync')]);
  }

  /**
   * Names of the device functions (and kernels) that use warp operations, directly or through the
   * device functions they call (by name: overloads count together).
   */
  users(fns: readonly FunctionInfo[]): Set<string> {
    const users = new Set(fns.filter((f) => f.body && this.anyUse.test(f.outer.text)).map((f) => f.name));
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
   * each must be reached by every lane of its logical warp.
   */
  callsIn(fn: FunctionInfo, users: ReadonlySet<string>, withSyncs = false): Node[] {
    if (!fn.body) return [];
    const tiles = this.tiles.test(fn.outer.text);
    const found: Node[] = [];
    scan(fn.body, CALL, (c) => {
      const name = callee(c);
      if (!name) return;
      if (name.method ? tiles && (TILE_METHODS.has(name.name) || (withSyncs && name.name === 'sync')) : this.calls.has(name.name) || users.has(name.name) || (withSyncs && this.syncs.has(name.name))) found.push(c);
    });
    return found;
  }
}

const EXITS = new Set(['return_statement', 'lambda_expression']);

/**
 * The returns of a kernel that uses warp operations: a lane taking one leaves its warp there
 * (hip2vx_warp_leave), so its warp stops waiting for it. Returns of device functions and lambdas
 * end no thread.
 */
export function warpExits(fn: FunctionInfo, users: ReadonlySet<string>): Node[] {
  if (fn.kind !== 'kernel' || !fn.body || !users.has(fn.name)) return [];
  const found: Node[] = [];
  scan(fn.body, EXITS, (n) => (n.type === 'lambda_expression' ? false : void found.push(n)));
  return found;
}

/**
 * Lanes of the kernel may leave their warp before its end (hip2vx_warp_leaving): at a return, or
 * at an if around its last warp operations (the device rewrite's TailBranches).
 */
export function mayLeaveWarp(fn: FunctionInfo, users: ReadonlySet<string>, ops: WarpOps): boolean {
  if (warpExits(fn, users).length) return true;
  return fn.kind === 'kernel' && ops.callsIn(fn, users, true).some((c) => {
    for (let p = c.parent; p && p.id !== fn.body!.id; p = p.parent) if (p.type === 'if_statement') return true;
    return false;
  });
}

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
