// Warp operations (hip2vx_device.h, "warp operations"): emulated with a scratch area in the
// block's local memory and barriers of the logical warp. Two facts the translator needs: which
// kernels use them (their entry reserves the scratch, their registration tells the host its
// size), and which calls may not be reached by every lane of their warp (reported).
import type { Node, Tree } from '../parse/parser.js';
import type { DeviceBuiltinRule, RuleSet } from '../rules/types.js';
import type { FunctionInfo, Program } from './program.js';
import { warpMatrixInstruction } from './ptx-asm.js';
import { declarationOf } from './expression-type.js';
import { argumentsOf, descendants, enclosingFunction, scan } from './syntax.js';

/** Scratch bytes per thread of the block: HIP2VX_WARP_SCRATCH_BYTES of hip2vx_device.h. */
export const WARP_SCRATCH_BYTES = 16;

/** Collectives of a tile type (cooperative groups' thread_block_tile, hipCUB's WarpReduce and WarpScan): its methods of these names. */
const TILE_METHODS = new Set(['shfl', 'shfl_up', 'shfl_down', 'shfl_xor', 'any', 'all', 'ballot', 'Sum', 'Reduce', 'InclusiveSum', 'ExclusiveSum', 'InclusiveScan', 'ExclusiveScan']);
/** Collectives taking a tile, named with their namespace (`cg::reduce(tile, v, cg::plus<float>())`). */
const TILE_FUNCTIONS = new Set(['reduce']);
const CALL = new Set(['call_expression']);
const ALIASES = new Set(['type_definition', 'alias_declaration']);
const words = (names: readonly string[]) => new RegExp(names.length ? `\\b(${names.join('|')})\\b` : '$^');
const CALL_OR_ASM = new Set(['call_expression', 'gnu_asm_expression']);

/** The warp operations of the device builtins table (`exchange`): calls, tile types, the barrier. */
export class WarpOps {
  readonly calls: ReadonlySet<string>;
  private readonly syncs: ReadonlySet<string>;
  private readonly tiles: RegExp;
  /** Any warp operation's name. */
  readonly names: RegExp;
  /** Per file: its outer-scope typedefs and aliases of tile types. */
  private readonly tileAliases = new WeakMap<Tree, RegExp>();

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
    this.tiles = words(of('tile'));
    this.names = words([...this.calls, ...of('tile'), ...of('sync')]);
  }

  /**
   * Names of the device functions (and kernels) that use warp operations, directly or through the
   * device functions they call (by name: overloads count together). `waiting` names functions that
   * wait for their logical warp otherwise (warp-synchronous shared memory).
   */
  users(fns: readonly FunctionInfo[], waiting: Iterable<string> = []): Set<string> {
    return withCallers(fns, [...fns.filter((f) => f.body && (this.names.test(f.outer.text) || this.namesTile(f) || hasWarpMatrixAsm(f.body))).map((f) => f.name), ...waiting]);
  }

  /** `fn` names a tile type: written, or through a typedef or alias of one at its file's outer scope (`typedef cub::WarpReduce<float> WR;`). */
  private namesTile(fn: FunctionInfo): boolean {
    if (this.tiles.test(fn.outer.text)) return true;
    let aliases = this.tileAliases.get(fn.node.tree);
    if (!aliases) {
      const names: string[] = [];
      scan(fn.node.tree.rootNode, ALIASES, (d) => {
        const name = d.type === 'alias_declaration' ? d.childForFieldName('name') : d.childForFieldName('declarator');
        if (name && !enclosingFunction(d) && this.tiles.test(d.text)) names.push(name.text);
      });
      this.tileAliases.set(fn.node.tree, (aliases = words(names)));
    }
    return aliases.test(fn.outer.text);
  }

  /**
   * The calls in `fn` that are warp operations (or reach one through a user function in `users`):
   * each must be reached by every lane of its logical warp.
   */
  callsIn(fn: FunctionInfo, users: ReadonlySet<string>, withSyncs = false): Node[] {
    if (!fn.body) return [];
    const tiles = this.namesTile(fn);
    const found: Node[] = [];
    scan(fn.body, CALL_OR_ASM, (c) => {
      if (c.type === 'gnu_asm_expression') return void (warpMatrixInstruction(c) && found.push(c));
      const name = callee(c);
      if (!name) return;
      const collective = name.method ? TILE_METHODS.has(name.name) || (withSyncs && name.name === 'sync') : name.qualified && TILE_FUNCTIONS.has(name.name);
      // A member function (functors' operator() among them) is a user by its name; a lambda by what it holds.
      const user = name.lambda ? this.names.test(name.lambda.text) : users.has(name.name);
      if ((tiles && collective) || user || (!name.method && (this.calls.has(name.name) || (withSyncs && this.syncs.has(name.name))))) found.push(c);
    });
    return found;
  }
}

/** `body` holds a PTX warp-matrix instruction (ptx-asm.ts), which the runtime emulates with exchanges. */
function hasWarpMatrixAsm(body: Node): boolean {
  let found = false;
  scan(body, ASM, (a) => void (found ||= !!warpMatrixInstruction(a)));
  return found;
}
const ASM = new Set(['gnu_asm_expression']);

/**
 * `names` and the names of the functions of `fns` that call one of them, directly or not (by name;
 * a method call `x.m()` by its member's name, as member functions are among `fns`).
 */
export function withCallers(fns: readonly FunctionInfo[], names: Iterable<string>): Set<string> {
  const found = new Set(names);
  const calls = new Map(fns.filter((f) => f.body).map((f) => {
    const called = new Set<string>();
    scan(f.body!, CALL, (c) => {
      const name = callee(c);
      if (name) called.add(name.name);
    });
    return [f, called] as const;
  }));
  for (let grew = true; grew; ) {
    grew = false;
    for (const [f, called] of calls) {
      if (found.has(f.name) || ![...called].some((n) => found.has(n))) continue;
      found.add(f.name);
      grew = true;
    }
  }
  return found;
}

const EXITS = new Set(['return_statement', 'lambda_expression']);
const IDENTIFIERS = new Set(['identifier']);

/**
 * The returns of a kernel that uses warp operations, or of a device function that ends its thread
 * (`enders`, see threadEnders): a lane taking one leaves its warp there (hip2vx_warp_leave), so its
 * warp stops waiting for it. Returns of other device functions and of lambdas end no thread.
 */
export function warpExits(fn: FunctionInfo, users: ReadonlySet<string>, enders: ReadonlySet<string> = new Set()): Node[] {
  if ((fn.kind !== 'kernel' && !enders.has(fn.name)) || !fn.body || !users.has(fn.name)) return [];
  const found: Node[] = [];
  scan(fn.body, EXITS, (n) => (n.type === 'lambda_expression' ? false : void found.push(n)));
  return found;
}

/**
 * The called name: `f`, `ns::f`, `f<T>` -> f; `x.m(...)` -> m (with the object); `c(...)` on a
 * variable -> operator() (a functor's), or the lambda it is initialised with.
 */
function callee(call: Node): { name: string; method: boolean; qualified?: boolean; lambda?: Node } | undefined {
  let fn = call.childForFieldName('function');
  if (fn?.type === 'template_function') fn = fn.childForFieldName('name');
  const qualified = fn?.type === 'qualified_identifier';
  while (fn?.type === 'qualified_identifier') fn = fn.childForFieldName('name');
  if (fn?.type === 'template_function') fn = fn.childForFieldName('name');
  if (fn?.type === 'field_expression') {
    const field = fn.childForFieldName('field');
    return field ? { name: field.text, method: true } : undefined;
  }
  if (fn?.type !== 'identifier') return undefined;
  const declared = qualified ? undefined : declarationOf(fn);
  const declarator = declared && (declared.declarator ?? declared.node.childForFieldName('declarator'));
  if (declarator && !descendants(declarator, 'function_declarator').length) {
    const value = declarator.type === 'init_declarator' ? declarator.childForFieldName('value') : null;
    return { name: 'operator()', method: false, ...(value?.type === 'lambda_expression' && { lambda: value }) };
  }
  return { name: fn.text, method: false, qualified };
}

/**
 * The void device functions using warp operations (`users`) after whose return their thread does
 * nothing more: every use of the name in `programs` is a call that is the last statement of a
 * kernel or of another such function (`k(...) { f<T>(...); }`, the body of a kernel stamped out by
 * a macro). A return in one ends the thread as a kernel's return does. By name, as `users`.
 */
export function threadEnders(programs: readonly Program[], users: ReadonlySet<string>): Set<string> {
  const fns = programs.flatMap((p) => p.functions);
  const enders = new Set(fns.filter((f) => f.kind !== 'kernel' && f.body && users.has(f.name) && returnsVoid(f)).map((f) => f.name));
  for (const f of fns) if (f.kind === 'kernel' || !returnsVoid(f)) enders.delete(f.name);
  const bodies = new Map(fns.filter((f) => f.body).map((f) => [f.body!, f] as const));
  // Each use of a candidate: the function it ends, or undefined when it is anything else.
  const uses: { name: string; caller?: FunctionInfo }[] = [];
  for (const p of programs) {
    scan(p.root, IDENTIFIERS, (id) => {
      if (!enders.has(id.text) || id.parent?.type === 'function_declarator') return;
      uses.push({ name: id.text, caller: tailCaller(id, bodies) });
    });
  }
  for (let shrank = true; shrank; ) {
    shrank = false;
    for (const { name, caller } of uses) {
      if (!enders.has(name) || (caller && (caller.kind === 'kernel' || enders.has(caller.name)))) continue;
      enders.delete(name);
      shrank = true;
    }
  }
  return enders;
}

/**
 * A kernel's lanes may leave their warp before its end (hip2vx_warp_leaving): at a return, a call
 * of a function that ends its thread, or an if around its last warp operations (the device
 * rewrite's TailBranches; any warp operation under an if counts, as a syntactic superset).
 */
export function lanesMayLeave(kernel: FunctionInfo, users: ReadonlySet<string>, enders: ReadonlySet<string>, ops: WarpOps): boolean {
  if (warpExits(kernel, users).length) return true;
  let calls = false;
  if (kernel.body && enders.size) scan(kernel.body, CALL, (c) => void (calls ||= enders.has(callee(c)?.name ?? '')));
  return calls || ops.callsIn(kernel, users, true).some((c) => {
    for (let p = c.parent; p && p.id !== kernel.body!.id; p = p.parent) if (p.type === 'if_statement') return true;
    return false;
  });
}

function returnsVoid(f: FunctionInfo): boolean {
  return f.node.childForFieldName('type')?.text === 'void';
}

/** The function whose last statement is the call `id` names (`f(...);`, `f<T>(...);`, `ns::f(...);`). */
function tailCaller(id: Node, bodies: ReadonlyMap<Node, FunctionInfo>): FunctionInfo | undefined {
  let callee = id;
  while (callee.parent && ['template_function', 'qualified_identifier'].includes(callee.parent.type) && callee.parent.childForFieldName('name') === callee) callee = callee.parent;
  const call = callee.parent;
  if (call?.type !== 'call_expression' || call.childForFieldName('function') !== callee) return undefined;
  const statement = call.parent;
  if (statement?.type !== 'expression_statement' && statement?.type !== 'return_statement') return undefined;
  const body = statement.parent;
  const caller = body && bodies.get(body);
  const last = body?.namedChildren.filter((c) => c.type !== 'comment').at(-1);
  return caller && last === statement ? caller : undefined;
}

/** The shuffles taking a lane mask or delta, and its argument's index (the width follows it). */
const LANE_ARGUMENT: ReadonlyMap<string, number> = new Map([
  ['__shfl_xor', 1], ['__shfl_up', 1], ['__shfl_down', 1], ['__shfl_xor_sync', 2], ['__shfl_up_sync', 2], ['__shfl_down_sync', 2],
]);

/**
 * The lane mask or delta of a shuffle when it is a constant reaching past a logical warp of
 * `warpSize` lanes with no narrower width given: a literal (`__shfl_xor(v, 32)`) or the variable
 * of a loop around the call that starts there (`for (int mask = 32; mask > 0; mask >>= 1)`, the
 * reductions of code written for AMD's 64-lane wavefronts). Undefined otherwise.
 */
export function laneBeyondWarp(call: Node, warpSize: number): number | undefined {
  const at = LANE_ARGUMENT.get(callee(call)?.name ?? '');
  const args = argumentsOf(call.childForFieldName('arguments'));
  if (at === undefined || !args[at]) return undefined;
  const width = args[at + 1] && literal(args[at + 1]);
  if (width !== undefined && width <= warpSize) return undefined;
  const lane = args[at];
  const value = literal(lane) ?? (lane.type === 'identifier' ? loopStart(call, lane.text) : undefined);
  return value !== undefined && value >= warpSize ? value : undefined;
}

const literal = (n: Node): number | undefined => (n.type === 'number_literal' && /^\d+[uUlL]*$/.test(n.text) ? parseInt(n.text, 10) : undefined);

/** The literal a `for` around `at` initialises `name` with (`for (int name = 32; ...)`). */
function loopStart(at: Node, name: string): number | undefined {
  for (let p = at.parent; p; p = p.parent) {
    if (p.type !== 'for_statement') continue;
    const init = p.childForFieldName('initializer');
    const declarator = init?.type === 'declaration' ? init.childForFieldName('declarator') : null;
    if (declarator?.type === 'init_declarator' && declarator.childForFieldName('declarator')?.text === name) {
      const value = declarator.childForFieldName('value');
      return value ? literal(value) : undefined;
    }
  }
  return undefined;
}
