// `--divergence explicit`: brackets every control-flow construct whose outcome may differ between
// the threads of a warp with the idioms verified on simx (docs/vortex.md, "Divergence"):
//   if/else       { int c = <0/1>; int t = hip2vx_split(c); if (c) A else B hip2vx_join(t); }
//   loops         { int m = hip2vx_active_threads(); HIP2VX_PRED_LOOP { HIP2VX_PRED_EXIT(go, m, L); body } L: hip2vx_tmc(m); }
//   switch        one split region per case, in order, fallthrough ORed into the next guard (a
//                 break before a case's end is a flag guarding the rest of the case and its fallthrough)
//   return/break/continue inside such regions become flags; the statements after them are
//   guarded by a split region on the flags, and loop exits are folded into the loop's predicate.
//   &&, ||, ?: on per-thread values: branch-free (`&`, `|`, hip2vx_select) when the operands
//   are side-effect and load free, else lowered to split regions at statement level: in place
//   when they are a whole condition or value, else computed into a temporary just before the
//   statement (when C++ evaluates them there unconditionally).
import type { Node } from '../parse/parser.js';
import type { Uniformity } from '../analyse/uniformity.js';
import type { EditSet, Printer } from './edits.js';
import { declaredName, position, scan, spanHas } from '../analyse/syntax.js';
import { declarationOf } from '../analyse/expression-type.js';
import { hoisted, type Hoisted } from './hoist.js';
import { calledName, isBlockBarrier, isPlainBarrier } from '../analyse/barriers.js';

export type Report = (node: Node, severity: 'error' | 'warning', ruleId: string, message: string) => void;

export interface LoweringOptions {
  /** Threads returning leave the warp (a kernel's warp-operation check): a loop some of them
   *  return from stays uniform for the threads still there. */
  returnsLeave?: boolean;
  /** The body is a kernel's: threads returning from it have left the block (guardedBy). */
  exits?: boolean;
  /** Device and member functions that wait at a block barrier (directly or through their callees), by name. */
  barrierFunctions?: ReadonlySet<string>;
  /** A kernel's loops and ifs on per-thread conditions may run their barriers on every thread
   *  (planMasks), a loop ending by a block vote whose scratch the kernel's entry then reserves (not
   *  in a header: its includers register its kernels). */
  votes?: boolean;
  /** Whether a division computes in floating point (expression types): an integer one by zero is
   *  undefined, so compilers take a division evaluated speculatively as proof of a nonzero divisor. */
  floating?: (division: Node) => boolean;
}

const INSIDE_REGION = '__syncthreads() (here or in a device function called here) inside a region whose condition is not provably uniform: it hangs on Vortex if the threads of a block disagree';
const LOOPS = new Set(['for_statement', 'while_statement', 'do_statement', 'for_range_loop']);
const LOCAL_TYPES = new Set(['type_definition', 'alias_declaration', 'struct_specifier', 'class_specifier', 'union_specifier', 'enum_specifier']);
const CONSTRUCTS = new Set(['if_statement', 'switch_statement', ...LOOPS]);
/** Calls that compile to straight-line code (hip2vx_device.h), safe to evaluate speculatively. */
const BRANCH_FREE_CALLS = new Set([
  'min', 'max', 'umin', 'umax', 'fminf', 'fmaxf', 'fabsf', 'sqrtf', 'rsqrtf', '__saturatef', '__fdividef',
  '__int_as_float', '__float_as_int', 'hip2vx_sqrtf', 'hip2vx_min', 'hip2vx_max',
]);

/** Statements computing a lowered expression into its temporary. */
type Temp = (print: Printer) => string;

interface LoopFlags {
  brk?: string;
  cont?: string;
}

export class DivergenceLowering {
  private counter = 0;
  private retFlag: string | undefined;
  /** Flags of the loops, and the break flag of bracketed switches. */
  private readonly loopFlags = new Map<number, LoopFlags>();
  /** Jumps (return/break/continue) that become flag assignments. */
  private readonly converted = new Map<number, string>();
  /** Statements preceded by temporaries computing their unsafe &&, || and ?: (statement -> text). */
  private readonly hoisted = new Map<Node, Temp[]>();
  /** The same for divergent loops' conditions, computed at every evaluation (loop id -> text). */
  private readonly conditionTemps = new Map<number, Temp[]>();
  /** Expressions computed into temporaries (their conditions are lowered with them). */
  private readonly inTemps = new Set<number>();
  /** Statements every thread runs after a kernel's returns (runByAll), by id. */
  private readonly allRun = new Map<number, boolean>();
  /** Those of them that stand between regions (planPoint). */
  private readonly points = new Set<number>();
  /** Declarations whose value lowerValueStatement assigns in split regions, by id. */
  private readonly assigned = new Set<number>();
  /** Locals every thread keeps alike after a kernel's returns (controlLocal), by name. */
  private readonly control = new Map<string, boolean>();
  /** The names the headers of loops and ifs holding barriers read (controlStatement). */
  private headerNames: Set<string> | undefined;
  /** Declarations moved ahead of a region (hoistedAt), by id. */
  private readonly hoists = new Map<number, Hoisted>();
  /** Loops and ifs on per-thread conditions whose barriers every thread may run (planMasks), by id. */
  private readonly masks = new Map<number, Node>();
  /** Those lowered so, by id. */
  private readonly masking = new Set<number>();
  /** A masked loop's flag of the threads that continued this pass, by the loop's id (maskedText). */
  private readonly maskContinues = new Map<number, string>();

  constructor(
    private readonly body: Node,
    private readonly returnType: string,
    private readonly uni: Uniformity,
    private readonly edits: EditSet,
    private readonly report: Report,
    private readonly options: LoweringOptions = {},
  ) {}

  /**
   * The condition of a branch holding the kernel's last warp operations: the lanes that do not
   * enter it (`enters`: on a true value) leave their warp as they evaluate it (TailBranches).
   */
  stayIn(condition: Node, enters: boolean): void {
    STAYS.set(condition, enters);
    this.edits.transform(condition, (text) => leavingUnless(enters, `hip2vx_bool(${text})`));
  }

  /** Returns an lvalue reference (`T&`: the written return type, device.ts's returnType). */
  private get returnsReference(): boolean {
    return /[^&]&$/.test(this.returnType);
  }

  private get returnsLeave(): boolean {
    return !!this.options.returnsLeave;
  }

  run(): void {
    this.plan();
    this.divergentGotos();
    this.opaqueComparisons();
    this.lowerExpressions();
    this.lowerStatements();
    // Last: the statements may have been replaced (a divergent if) and their text is prefixed.
    for (const [stmt, temps] of this.hoisted) {
      const open = this.standsAlone(stmt);
      this.edits.transform(stmt, (text) => `${open ? '' : '{ '}${temps.map((t) => t(this.edits.print)).join('')}${text}${open ? '' : ' }'}`);
    }
  }

  // ---- planning ------------------------------------------------------------------------------

  /** Decides the divergent constructs and the jumps that become flags (run() starts with it). */
  plan(): void {
    if (this.planned) return;
    this.planned = true;
    this.planJumps();
  }

  private planned = false;

  /**
   * Why some threads of the block may not reach `n` (after plan()): a branch or loop on
   * per-thread values around it, or a per-thread return before it (unless returnsLeave: the
   * threads returning are gone, and nothing waits for them); undefined when all do.
   */
  notReachedByAll(n: Node): string | undefined {
    for (let inner = n, p = n.parent; p && p.id !== this.body.id; inner = p, p = p.parent) {
      const guard = guardOf(p, inner);
      if (guard && !this.uni.isUniform(guard.test)) return `it is evaluated only where \`${shorten(guard.test.text)}\` is ${guard.when}, which may differ between the threads of a warp`;
      // Every thread reaching an if or switch evaluates its condition.
      const inCondition = (p.type === 'if_statement' || p.type === 'switch_statement') && p.childForFieldName('condition')?.id === inner.id;
      if (!inCondition && this.divergent(p)) return `it lies inside ${describe(p)}`;
    }
    if (!this.returnsLeave) for (const r of this.returns.values()) if (r.startIndex < n.startIndex) return `it follows the return at ${at(r)}, which only some threads take`;
    return undefined;
  }

  /**
   * The per-thread ifs and loops around `call` (in a kernel) whose lanes not taking its branch, or
   * leaving the loop, can leave the warp there, as if they returned: after the if (and in its other
   * branch), or after the loop, they reach none of `waits` (the kernel's warp operations and warp
   * barriers), and no loop brings them back to it. `value` is the condition to wrap, evaluated by
   * every lane reaching the construct (a loop's, at every pass), `enters` its value on the call's
   * side. Undefined when something else (a switch, an &&/||/?: operand, a return, a break) may make
   * lanes skip the call.
   */
  tailBranches(call: Node, waits: readonly Node[]): { branch: Node; enters: boolean; value: Node }[] | undefined {
    const found: { branch: Node; enters: boolean; value: Node }[] = [];
    for (let inner = call, p = call.parent; p && p.id !== this.body.id; inner = p, p = p.parent) {
      const guard = guardOf(p, inner);
      if (guard && !this.uni.isUniform(guard.test)) return undefined;
      const inCondition = (p.type === 'if_statement' || p.type === 'switch_statement') && p.childForFieldName('condition')?.id === inner.id;
      if (inCondition || !this.divergent(p)) continue;
      const value = p.type === 'if_statement' ? p.childForFieldName('condition')?.childForFieldName('value') : loopCondition(p);
      if (!value || (value.startIndex <= inner.startIndex && inner.endIndex <= value.endIndex)) return undefined;
      found.push({ branch: p, enters: p.type !== 'if_statement' || p.childForFieldName('consequence')?.id === inner.id, value });
    }
    const leftAlone = ({ branch, enters }: { branch: Node; enters: boolean }) => {
      for (let p = branch.parent; p && p.id !== this.body.id; p = p.parent) if (LOOPS.has(p.type) || p.type === 'lambda_expression') return false;
      const stays = branch.type === 'if_statement' ? branch.childForFieldName(enters ? 'consequence' : 'alternative')! : branch;
      if (stays === branch && descendantsOf(branch, ['break_statement', 'goto_statement']).some((j) => j.type === 'goto_statement' || this.target(j)?.id === branch.id)) return false;
      return waits.every((w) => w.startIndex < branch.startIndex || (w.startIndex >= stays.startIndex && w.endIndex <= stays.endIndex));
    };
    if (!found.length || !found.every(leftAlone)) return undefined;
    if (!this.returnsLeave && [...this.returns.values()].some((r) => r.startIndex < call.startIndex)) return undefined;
    return found;
  }

  /** The returns that became flags (for notReachedByAll). */
  private readonly returns = new Map<number, Node>();

  private divergent(n: Node): boolean {
    return CONSTRUCTS.has(n.type) && this.uni.isDivergent(n);
  }

  /** Nearest loop (or switch, for break) that a jump leaves. */
  private target(jump: Node): Node | undefined {
    for (let p = jump.parent; p && p.id !== this.body.id; p = p.parent) {
      if (LOOPS.has(p.type) || (jump.type === 'break_statement' && p.type === 'switch_statement')) return p;
    }
    return undefined;
  }

  /** A divergent construct strictly between `from` and `to` (exclusive). */
  private divergenceBetween(from: Node, to: Node | undefined): Node | undefined {
    for (let p = from.parent; p && p.id !== (to ?? this.body).id; p = p.parent) if (this.divergent(p)) return p;
    return undefined;
  }

  private fresh(kind: string): string {
    return `__hv_${kind}${++this.counter}`;
  }

  private flagsOf(loop: Node): LoopFlags {
    let f = this.loopFlags.get(loop.id);
    if (!f) this.loopFlags.set(loop.id, (f = {}));
    return f;
  }

  /** Decides which jumps become flags; loops left early by some threads become divergent. */
  private planJumps(): void {
    const jumps = descendantsOf(this.body, ['return_statement', 'break_statement', 'continue_statement']);
    for (let changed = true; changed; ) {
      changed = false;
      for (const j of jumps) {
        if (this.converted.has(j.id)) continue;
        if (j.type === 'return_statement') {
          if (!this.retFlag && !this.divergenceBetween(j, undefined)) continue;
          this.retFlag ??= this.fresh('ret');
          this.converted.set(j.id, this.retFlag);
          this.returns.set(j.id, j);
          if (!this.returnsLeave) for (let p = j.parent; p && p.id !== this.body.id; p = p.parent) if (LOOPS.has(p.type)) this.uni.forceDivergent(p);
          changed = true;
          continue;
        }
        const loop = this.target(j);
        if (!loop) continue;
        if (loop.type === 'switch_statement') {
          // A break before the end of a case of a bracketed switch: the rest of the case is skipped by its flag.
          if (this.divergent(loop) && !endsCase(j, loop)) this.converted.set(j.id, (this.flagsOf(loop).brk ??= this.fresh('brk')));
          continue;
        }
        const inside = this.divergenceBetween(j, loop);
        if (!inside && !this.divergent(loop)) continue;
        const flags = this.flagsOf(loop);
        if (j.type === 'break_statement') {
          flags.brk ??= this.fresh('brk');
          this.converted.set(j.id, flags.brk);
          this.uni.forceDivergent(loop);
        } else {
          flags.cont ??= this.fresh('cont');
          this.converted.set(j.id, flags.cont);
        }
        changed = true;
      }
    }
    // Every jump out of a loop that became a pred loop must be a flag, even unconditional ones.
    for (const j of jumps) {
      const loop = j.type === 'return_statement' ? undefined : this.target(j);
      if (loop && LOOPS.has(loop.type) && this.divergent(loop) && !this.converted.has(j.id)) {
        const flags = this.flagsOf(loop);
        const flag = j.type === 'break_statement' ? (flags.brk ??= this.fresh('brk')) : (flags.cont ??= this.fresh('cont'));
        this.converted.set(j.id, flag);
      }
    }
    this.planExitIf();
    this.planMasks();
  }

  /** A kernel body's last statement that lets the threads it excludes leave (planExitIf). */
  private exitIf: Node | undefined;

  /**
   * A kernel body ending in an if on a per-thread condition, without else, whose body waits at
   * barriers: `if (gid < n) { ...; __syncthreads(); ... }` (a kernel whose last block is partial).
   * The threads failing the condition have nothing left to do, as if they had returned: the if
   * becomes `if (!(c)) return;` before its body (lowerExitIf), whose barriers every thread then
   * runs between regions, as after any return (guardedBy).
   */
  private planExitIf(): void {
    if (!this.options.exits) return;
    const { inner } = blockParts(this.body, this.edits.text);
    const last = inner[inner.length - 1];
    if (last?.type !== 'if_statement' || last.childForFieldName('alternative') || !this.divergent(last) || !this.barrierInside(last)) return;
    const condition = last.childForFieldName('condition')!;
    const body = last.childForFieldName('consequence')!;
    if (body.type !== 'compound_statement' || this.edits.text.slice(condition.endIndex, body.startIndex).trim()) return;
    this.retFlag ??= this.fresh('ret');
    this.exitIf = last;
  }

  /**
   * A kernel's loop whose trip count differs between threads and whose body waits at barriers
   * (`for (i = gid; i < n; i += stride) { ...; __syncthreads(); ... }`, the last block's threads
   * running fewer passes), or an if without else on a per-thread condition holding barriers
   * (`if (gid < n) { ...; __syncthreads(); ... }` before more code): in a split region or a pred
   * loop, a warp all of whose threads are left out skips the barriers and the block hangs at the
   * others'. On a GPU the threads that left do not count. So every thread runs the barriers: a
   * thread left out sets the return flag for the rest of the loop or if (saved before it, restored
   * after), and the body runs as the statements after a return do, its barriers between regions
   * (maskedText); a loop ends when a block vote finds every thread done. Only constructs that
   * threads leave through their condition alone (no jump out of them), with a compound body;
   * whether one is lowered so is decided with the points.
   */
  private planMasks(): void {
    if (!this.options.exits || !this.options.votes) return;
    for (const n of descendantsOf(this.body, ['for_statement', 'while_statement', 'do_statement', 'if_statement'])) {
      const body = n.childForFieldName(n.type === 'if_statement' ? 'consequence' : 'body');
      if (!this.divergent(n) || body?.type !== 'compound_statement' || n.id === this.exitIf?.id || !this.barrierInside(n, false, true)) continue;
      if (n.type === 'if_statement' && (n.childForFieldName('alternative') || this.edits.text.slice(n.childForFieldName('condition')!.endIndex, body.startIndex).trim())) continue;
      if (descendantsOf(n, ['call_expression']).some((c) => this.options.barrierFunctions?.has(calledName(c) ?? ''))) continue;
      // A loop's own breaks and continues set the return flag (maskCovered); nothing else leaves it.
      const jumps = descendantsOf(n, ['return_statement', 'break_statement', 'continue_statement', 'goto_statement']);
      const own = (j: Node) => n.type !== 'if_statement' && this.target(j)?.id === n.id;
      if (jumps.some((j) => j.type === 'return_statement' || j.type === 'goto_statement' || (!own(j) && !withinAny(this.target(j) ?? this.body, [n])))) continue;
      if (this.inLambda(n)) continue;
      this.masks.set(n.id, n);
    }
    // Not from the counter: when none is masked after all, the other names stay as they were.
    if (this.masks.size) this.retFlag ??= '__hv_ret0';
  }

  private inLambda(n: Node): boolean {
    for (let p = n.parent; p && p.id !== this.body.id; p = p.parent) if (p.type === 'lambda_expression') return true;
    return false;
  }

  /**
   * A masked loop or if whose body's barriers every thread can run (pointsOf). A loop's
   * initializer runs in every thread, also those that returned before it: it may not load or call.
   */
  private maskCovered(n: Node): boolean {
    const init = n.childForFieldName('initializer');
    const values = !init ? [] : init.type === 'declaration' ? init.childrenForFieldName('declarator').map((d) => d.childForFieldName('value')) : [init.type === 'assignment_expression' ? init.childForFieldName('right') : init];
    if (values.some((v) => v && !this.safe(v))) return false;
    const { inner, lead } = blockParts(n.childForFieldName(n.type === 'if_statement' ? 'consequence' : 'body')!, this.edits.text);
    if (!inner.length) return false;
    // A thread leaving by break is done with the loop, one continuing is for this pass: both set
    // the return flag (a continue also its own flag, which clears it after the pass). Where the
    // loop is not masked after all, they keep their loop flags.
    const own = [...this.converted.entries()].filter(([id]) => { const j = findById(n, id); return !!j && j.type !== 'return_statement' && this.target(j)?.id === n.id; });
    for (const [id] of own) this.converted.set(id, this.retFlag!);
    const covered = this.pointsOf([this.retFlag!], inner, lead).covered;
    if (!covered) for (const [id, flag] of own) this.converted.set(id, flag);
    return covered;
  }

  /** Every thread reaches `n` (notReachedByAll), and not only those that pass the exit if. */
  private reachedByAll(n: Node): boolean {
    return !this.notReachedByAll(n) && !this.inLambda(n) && !(this.exitIf && withinAny(n, [this.exitIf]));
  }

  /**
   * The masked construct (planMasks): an if is `{ int s = ret; <region: ret = !(cond)> body
   * ret = s; }`; a loop `{ init int s = ret; for (;;) { <region: ret = !(cond)>
   * if (hip2vx_block_all(ret)) break; body <region: update> } ret = s; }`, a do-while evaluating
   * its condition after the body. The vote is uniform: every thread gets the same count.
   */
  private maskedText(n: Node, print: Printer): string {
    const ret = this.retFlag!;
    const saved = this.fresh('s');
    const onlyLive = (code: string) => this.splitRegion(`!${ret}`, `{ ${code} }`);
    const condition = () => {
      const temps = (this.conditionTemps.get(n.id) ?? []).map((t) => t(print)).join('');
      const c = this.lowerCond(n.childForFieldName('condition')!, print);
      return onlyLive(`${temps}${c.pre}${ret} = !(${c.value});`);
    };
    if (n.type === 'if_statement') return `{ int ${saved} = ${ret}; ${condition()}${print(n.childForFieldName('consequence')!)} ${ret} = ${saved}; }`;
    const init = this.initText(n, print);
    const u = n.childForFieldName('update');
    const update = u ? onlyLive(`${print(u)};`) : '';
    const vote = `if (hip2vx_block_all(${ret})) break; `;
    // The threads that continued are live again for the next pass: cleared in a region of their
    // own (as straight code, clang derived the flags from the continue's condition and branched on it).
    const continues = descendantsOf(n, ['continue_statement']).some((j) => this.target(j)?.id === n.id);
    const cont = continues ? this.fresh('c') : undefined;
    if (cont) this.maskContinues.set(n.id, cont);
    const body = print(n.childForFieldName('body')!) + (cont ? ` ${this.splitRegion(cont, `{ ${ret} = 0; ${cont} = 0; }`).trimEnd()}` : '');
    const loop = n.type === 'do_statement' ? `${vote}${body} ${condition()}` : `${condition()}${vote}${body} ${update}`;
    return `{ ${init}int ${saved} = ${ret}; ${cont ? `int ${cont} = 0; ` : ''}for (;;) { ${loop.trimEnd()} } ${ret} = ${saved}; }`;
  }

  /** The lowering ended a loop by a block vote: the kernel's entry reserves the scratch it counts in. */
  get votes(): boolean {
    return [...this.masking].some((id) => this.masks.get(id)?.type !== 'if_statement');
  }

  /**
   * A goto leaving or entering a branch or loop on per-thread values would skip its split or join
   * (the divergence stack would be left unbalanced): refused. One between statements of a region
   * all its threads run is kept.
   */
  private divergentGotos(): void {
    const gotos = descendantsOf(this.body, ['goto_statement']);
    if (!gotos.length) return;
    const labels = descendantsOf(this.body, ['labeled_statement']);
    for (const g of gotos) {
      const name = g.childForFieldName('label')?.text;
      const label = labels.find((l) => l.childForFieldName('label')?.text === name);
      if (!label) continue;
      let common: Node | null = g.parent;
      while (common && !(common.startIndex <= label.startIndex && label.endIndex <= common.endIndex)) common = common.parent;
      if (!common) continue;
      const left = this.divergenceBetween(g, common);
      const crossed = left ?? this.divergenceBetween(label, common);
      if (crossed) this.report(g, 'error', 'divergent-goto', `'goto ${name}' jumps ${left ? 'out of' : 'into'} ${describe(crossed)}: a jump across a branch on per-thread values skips its split or join on Vortex; use a flag (\`found = true; break;\`) or a loop instead`);
    }
  }

  // ---- expressions ---------------------------------------------------------------------------

  /** Loads, calls with branches, assignments and increments may not be evaluated speculatively. */
  private safe(e: Node, read: ReadonlySet<string> = NOTHING_READ): boolean {
    switch (e.type) {
      case 'subscript_expression': case 'pointer_expression':
        // An address (`&a[i]`) loads nothing itself.
        if (e.child(0)?.type === '&') return this.safeAddress(e.childForFieldName('argument')!, read);
        // A load the expression makes anyway (its first operand's, `x` in `'A' <= x && x <= 'Z'`) may be repeated.
        return read.has(spelling(e)) && e.namedChildren.every((c) => !c || this.safe(c, read));
      case 'assignment_expression': case 'update_expression':
      case 'gnu_asm_expression': case 'new_expression': case 'delete_expression': case 'lambda_expression':
        return false;
      case 'field_expression':
        return e.child(1)?.type !== '->' && this.safe(e.childForFieldName('argument')!, read);
      case 'call_expression': {
        const fn = e.childForFieldName('function');
        return !!fn && BRANCH_FREE_CALLS.has(fn.text) && e.childForFieldName('arguments')!.namedChildren.every((c) => !c || this.safe(c, read));
      }
      case 'binary_expression':
        // `d != 0 ? x / d : -1`: x / 0 traps on x86 (the CPU backend), and clang took the division
        // for proof that d != 0 and chose it on Vortex too.
        if (!this.safeDivision(e)) return false;
        return e.namedChildren.every((c) => !c || this.safe(c, read));
      default:
        return e.namedChildren.every((c) => !c || this.safe(c, read));
    }
  }

  /** Not an integer division or remainder by what may be zero, unless evaluated anyway. */
  private safeDivision(e: Node): boolean {
    const op = e.childForFieldName('operator')?.type;
    if (op !== '/' && op !== '%') return true;
    if (this.evaluated && this.alwaysEvaluated(e, this.evaluated)) return true;
    const divisor = unparen(e.childForFieldName('right')!);
    if (divisor.type === 'number_literal' && !/^[0.]+([eE].*)?[a-zA-Z]*$/.test(divisor.text)) return true;
    return op === '/' && !!this.options.floating?.(e);
  }

  /**
   * The ?: `e` must name an object, not give a value: returned as a reference, bound to one,
   * assigned to, incremented, its address taken, or a member of it so used.
   */
  private needsObject(e: Node): boolean {
    let n = e;
    while (n.parent?.type === 'parenthesized_expression') n = n.parent;
    const p = n.parent;
    const is = (field: string) => p?.childForFieldName(field)?.id === n.id;
    switch (p?.type) {
      case 'return_statement':
        return this.returnsReference;
      case 'init_declarator':
        return is('value') && p.childForFieldName('declarator')?.type === 'reference_declarator';
      case 'assignment_expression':
        return is('left');
      case 'update_expression':
        return true;
      case 'pointer_expression':
        return p.child(0)?.type === '&';
      case 'field_expression':
        return p.child(1)?.type === '.' && this.needsObject(p);
      default:
        return false;
    }
  }

  /** `e` is an object whose address is computed without loads or effects (`x`, `a[i]`, `*p`, `s.f`). */
  private addressable(e: Node): boolean {
    const inner = e.type === 'parenthesized_expression' ? e.namedChildren[0] : e;
    if (!inner || !OBJECTS.has(inner.type) || (inner.type === 'pointer_expression' && inner.child(0)?.type !== '*')) return false;
    return inner.type === 'parenthesized_expression' ? this.addressable(inner) : this.safeAddress(inner, NOTHING_READ);
  }

  /** The address of the lvalue `e` is computed without loads or effects (`a[i]`, `*p`, `s.f`). */
  private safeAddress(e: Node, read: ReadonlySet<string>): boolean {
    const arg = e.childForFieldName('argument');
    switch (e.type) {
      case 'parenthesized_expression':
        return !!e.namedChildren[0] && this.safeAddress(e.namedChildren[0], read);
      case 'subscript_expression':
        return this.safe(arg!, read) && e.namedChildren.every((c) => !c || c.id === arg!.id || this.safe(c, read));
      case 'pointer_expression':
        return e.child(0)?.type === '*' ? this.safe(arg!, read) : this.safe(e, read);
      case 'field_expression':
        return e.child(1)?.type === '->' ? this.safe(arg!, read) : this.safeAddress(arg!, read);
      default:
        return this.safe(e, read);
    }
  }

  /**
   * `e` (&&, || or ?:) may be evaluated whole: its operands are safe (or made safe by the loads its
   * first operand, always evaluated, makes); a division in that first operand is made anyway.
   */
  private safeBeyondFirst(e: Node): boolean {
    this.evaluated = e.type === 'conditional_expression' ? e.childForFieldName('condition')! : e.childForFieldName('left')!;
    try {
      return this.safe(e) || this.safeAfterFirst(e);
    } finally {
      this.evaluated = undefined;
    }
  }

  /** While safeBeyondFirst runs: the operand evaluated whatever the values. */
  private evaluated?: Node;

  /** `e` is in `first` and not in an operand that a nested &&, || or ?: of it may skip. */
  private alwaysEvaluated(e: Node, first: Node): boolean {
    if (e.startIndex < first.startIndex || e.endIndex > first.endIndex) return false;
    for (let n = e; n.id !== first.id && n.parent; n = n.parent) {
      const p = n.parent;
      const skippable = p.type === 'conditional_expression' ? p.childForFieldName('condition')?.id !== n.id : this.isShortCircuit(p) && p.childForFieldName('right')?.id === n.id;
      if (skippable) return false;
    }
    return true;
  }

  /** `e` (&&, || or ?:) is safe given the loads its first operand, always evaluated, makes. */
  private safeAfterFirst(e: Node): boolean {
    const first = e.type === 'conditional_expression' ? e.childForFieldName('condition')! : e.childForFieldName('left')!;
    const read = new Set<string>();
    const collect = (n: Node): void => {
      if (n.type === 'subscript_expression' || (n.type === 'pointer_expression' && n.child(0)?.type === '*')) read.add(spelling(n));
      // Only what is evaluated whatever the values: the first operand of nested &&, || and ?:.
      const inner = n.type === 'conditional_expression' ? [n.childForFieldName('condition')] : this.isShortCircuit(n) ? [n.childForFieldName('left')] : n.namedChildren;
      inner.forEach((c) => c && collect(c));
    };
    collect(first);
    return read.size > 0 && this.safe(e, read);
  }

  private isShortCircuit(e: Node): boolean {
    const op = e.type === 'binary_expression' ? e.childForFieldName('operator')?.type : undefined;
    return op === '&&' || op === '||';
  }

  /** Where an unsafe &&, || or ?: can be lowered to statements: whole conditions and values. */
  private lowerable(e: Node): boolean {
    let n = e;
    while (n.parent?.type === 'parenthesized_expression') n = n.parent;
    const p = n.parent;
    if (!p) return false;
    if (p.type === 'condition_clause') return true;
    if (LOOPS.has(p.type) && p.childForFieldName('condition')?.id === n.id) return true;
    if (this.statementValue(e)) return true;
    // An operand of a lowerable && / || chain, or the condition of a lowerable ?: (outer ones are
    // seen first: one computed into a temporary lowers its operands with it).
    if (this.isShortCircuit(p) || (p.type === 'unary_expression' && p.child(0)?.type === '!')) return this.inTemps.has(p.id) || this.lowerable(p);
    if (p.type === 'conditional_expression' && p.childForFieldName('condition')?.id === n.id) return this.inTemps.has(p.id) || this.lowerable(p);
    return false;
  }

  /**
   * The value a statement assigns (`T x = e;`, `x = e;`), or a branch of a ?: that is one
   * (`x = c1 ? a : c2 ? b : d;`): lowerValueStatement turns it into assignments in split regions.
   */
  private statementValue(e: Node): boolean {
    let n = e;
    while (n.parent?.type === 'parenthesized_expression') n = n.parent;
    const p = n.parent;
    if (!p) return false;
    // Not a reference's initializer: a reference cannot be declared first and assigned after.
    if (p.type === 'init_declarator' && p.childForFieldName('value')?.id === n.id) return p.parent?.type === 'declaration' && p.parent.childrenForFieldName('declarator').length === 1 && p.childForFieldName('declarator')?.type !== 'reference_declarator';
    if (p.type === 'assignment_expression' && p.childForFieldName('right')?.id === n.id) return p.parent?.type === 'expression_statement';
    const condition = p.type === 'conditional_expression' ? p.childForFieldName('condition')! : undefined;
    return !!condition && condition.id !== n.id && !this.uni.isUniform(condition) && this.statementValue(p);
  }

  /**
   * A per-thread comparison used as a value (`upper * upper * (upper > 0)`, `(a < n) & (b < n)`,
   * `int d = i < n;`) becomes an opaque 0/1: knowing it is 0 or 1, gcc multiplies, combines or
   * converts with a branch on it (keogh's residues, affine's floor: "divergent branch!" on simx).
   */
  private opaqueComparisons(): void {
    for (const e of descendantsOf(this.body, ['binary_expression'], false, mayCompare(this.edits.text))) {
      if (!COMPARISONS.has(e.childForFieldName('operator')!.type) || !usedAsValue(e) || inDirective(e) || compileTime(e)) continue;
      if (!this.uni.isUniform(e)) this.edits.transform(e, (text) => `hip2vx_bool(${text})`);
    }
  }

  /** Branch-free forms for safe operands; errors for unsafe ones that cannot be lowered. */
  private lowerExpressions(): void {
    for (const e of descendantsOf(this.body, ['binary_expression', 'conditional_expression'], false, mayBranch(this.edits.text))) {
      const ternary = e.type === 'conditional_expression';
      if ((!ternary && !this.isShortCircuit(e)) || inDirective(e) || compileTime(e)) continue;
      const cond = ternary ? e.childForFieldName('condition')! : e;
      if (this.uni.isUniform(cond)) continue;
      const [c, a, b] = ternary ? ['condition', 'consequence', 'alternative'].map((f) => e.childForFieldName(f)!) : [];
      // Selected by address: the result stays the object itself (a reference returned or bound to it, an assignment's target).
      if (ternary && this.needsObject(e) && this.addressable(a) && this.addressable(b)) {
        this.edits.replace(e, (print) => `(*hip2vx_select(${opaqueBool(c, print)}, &(${print(a)}), &(${print(b)})))`);
        continue;
      }
      if (this.safeBeyondFirst(e)) {
        if (ternary) {
          this.edits.replace(e, (print) => `hip2vx_select(${opaqueBool(c, print)}, ${print(a)}, ${print(b)})`);
        } else {
          const op = e.childForFieldName('operator')!.type === '&&' ? '&' : '|';
          const [l, r] = [e.childForFieldName('left')!, e.childForFieldName('right')!];
          this.edits.replace(e, (print) => `(${opaqueBool(l, print)} ${op} ${opaqueBool(r, print)})`);
        }
      } else if (!this.lowerable(e) && !this.hoist(e)) {
        this.report(e, 'error', 'divergence-expression',
          `'${ternary ? '?:' : e.childForFieldName('operator')!.type}' on per-thread values with side effects or memory loads inside an expression cannot be bracketed for divergence; assign it to a variable first`);
      }
    }
  }

  /**
   * An unsafe &&, || or ?: inside a statement that C++ evaluates before the statement's other
   * effects can be computed into a temporary just before it (split regions there) when nothing
   * on its way up makes its evaluation conditional: not a branch of another ?:, not the right of
   * && / || or a comma. In a divergent loop's condition it is computed at every evaluation.
   */
  private hoist(e: Node): boolean {
    let child = e;
    for (let p = e.parent; p; child = p, p = p.parent) {
      const field = (name: string) => p!.childForFieldName(name)?.id === child.id;
      switch (p.type) {
        case 'conditional_expression':
          if (!field('condition')) return false;
          continue;
        case 'binary_expression':
          if ((this.isShortCircuit(p) && field('right'))) return false;
          continue;
        case 'comma_expression': case 'lambda_expression': case 'initializer_list':
          return false;
        case 'expression_statement': case 'return_statement':
          return this.addTemp(p, e);
        case 'declaration': {
          // Before the declaration: a later declarator's (`int a = in[i], b = c ? in[j] : 0;`)
          // only when the earlier ones' values have no effects and it reads none of their names.
          const declarators = p.childrenForFieldName('declarator').filter((d): d is Node => !!d);
          const earlier = declarators.slice(0, declarators.findIndex((d) => d.id === child.id));
          const names = new Set(earlier.map((d) => declaredName(d)?.text));
          const independent = earlier.every((d) => !descendantsOf(d, EFFECTS, true).length) && !descendantsOf(e, ['identifier'], true).some((n) => names.has(n.text));
          return p.parent?.type === 'compound_statement' && earlier.length < declarators.length && independent && this.addTemp(p, e);
        }
        case 'condition_clause':
          if (p.parent && LOOPS.has(p.parent.type)) return this.addConditionTemp(p.parent, e);
          return (p.parent?.type === 'if_statement' || p.parent?.type === 'switch_statement') && this.addTemp(p.parent, e);
        default:
          if (LOOPS.has(p.type) && field('condition')) return this.addConditionTemp(p, e);
          if (p.type.endsWith('_statement') || p.type === 'compound_statement') return false;
      }
    }
    return false;
  }

  private addTemp(stmt: Node, e: Node): boolean {
    this.hoisted.set(stmt, [...(this.hoisted.get(stmt) ?? []), this.temp(e)]);
    return true;
  }

  /** A loop printed as a pred loop evaluates its condition's temporaries each time (loopText). */
  private addConditionTemp(loop: Node, e: Node): boolean {
    if (!this.divergent(loop)) return false;
    this.conditionTemps.set(loop.id, [...(this.conditionTemps.get(loop.id) ?? []), this.temp(e)]);
    return true;
  }

  /** Replaces `e` by a fresh temporary; returns the statements computing it. */
  private temp(e: Node): Temp {
    this.inTemps.add(e.id);
    const temp = this.fresh('v');
    const ternary = e.type === 'conditional_expression';
    const parts = ternary ? ['condition', 'consequence', 'alternative'].map((f) => e.childForFieldName(f)!) : [];
    const compute = (print: Printer) => {
      if (!ternary) {
        const c = this.lowerCond(e, print, true);
        return `int ${temp}; { ${c.pre}${temp} = ${c.value}; } `;
      }
      const [cond, a, b] = parts;
      const c = this.lowerCond(cond, print);
      // A value no one reads (`c ? f() : g();`, maybe of void calls): only the branches.
      if (discarded) return c.pre ? `{ ${c.pre}${this.splitRegion(c.value, `{ ${print(a)}; }`, `{ ${print(b)}; }`)}} ` : this.splitRegion(c.value, `{ ${print(a)}; }`, `{ ${print(b)}; }`);
      const type = `HIP2VX_VALUE_TYPE((${print(cond)}) ? (${print(a)}) : (${print(b)}))`;
      const region = this.splitRegion(c.value, `{ ${temp} = ${print(a)}; }`, `{ ${temp} = ${print(b)}; }`);
      return `${type} ${temp}; ${c.pre ? `{ ${c.pre}${region}} ` : region}`;
    };
    let outer = e;
    while (outer.parent?.type === 'parenthesized_expression') outer = outer.parent;
    const discarded = ternary && outer.parent?.type === 'expression_statement';
    this.edits.replace(e, discarded ? '(void)0' : temp);
    return compute;
  }

  /** A statement that text can precede directly (else it is braced with its temporaries). */
  private standsAlone(stmt: Node): boolean {
    const p = stmt.parent;
    return p?.type === 'compound_statement' || (p?.type === 'case_statement' && p.childForFieldName('value')?.id !== stmt.id);
  }

  /**
   * Statements computing `cond` into a fresh 0/1 int; short-circuit operands become split regions.
   * `replaced`: `cond` is the expression a temporary replaces (its edit is that temporary's name).
   */
  private lowerCond(e: Node, print: Printer, replaced = false): { pre: string; value: string } {
    if (e.type === 'parenthesized_expression' || e.type === 'condition_clause') {
      const inner = e.namedChildren.find((c) => c && c.type !== 'comment');
      if (inner && e.namedChildren.length === 1) return this.lowerCond(inner, print, replaced);
    }
    const enters = STAYS.get(e);
    if (enters !== undefined && !replaced && this.isShortCircuit(e)) {
      // Lowered as any short-circuit condition (its text edit is only for a branch left as written); the lanes leave on its value.
      const lowered = this.lowerCond(e, print, true);
      return { pre: lowered.pre, value: leavingUnless(enters, lowered.value) };
    }
    if (this.isShortCircuit(e) && (replaced || !this.edits.has(e))) {
      const and = e.childForFieldName('operator')!.type === '&&';
      const l = this.lowerCond(e.childForFieldName('left')!, print);
      const r = this.lowerCond(e.childForFieldName('right')!, print);
      const c = this.fresh('c');
      const guard = and ? c : `!${c}`;
      const rest = `{ ${r.pre}${c} = ${r.value}; }`;
      const pre = `${l.pre}int ${c} = ${l.value}; ` + (this.uni.isUniform(e.childForFieldName('left')) ? `if (${guard}) ${rest} ` : this.splitRegion(guard, rest));
      return { pre, value: c };
    }
    if (e.type === 'unary_expression' && e.child(0)?.type === '!' && this.isShortCircuit(unparen(e.childForFieldName('argument')!))) {
      const inner = this.lowerCond(e.childForFieldName('argument')!, print);
      return { pre: inner.pre, value: `!${inner.value}` };
    }
    // A short-circuit already made branch-free prints as `(0/1 & 0/1)`.
    return { pre: '', value: this.isShortCircuit(e) ? print(e) : opaqueBool(e, print) };
  }

  /** `{ int g = <guard>; int t = hip2vx_split(g); if (g) <body> hip2vx_join(t); }` */
  private splitRegion(guard: string, body: string, orElse?: string): string {
    const g = this.fresh('g');
    const t = this.fresh('t');
    return `{ int ${g} = ${guard}; int ${t} = hip2vx_split(${g}); if (${g}) ${body}${orElse ? ` else ${orElse}` : ''} hip2vx_join(${t}); } `;
  }

  // ---- statements ----------------------------------------------------------------------------

  private lowerStatements(): void {
    for (const n of descendantsOf(this.body, ['if_statement', 'switch_statement', ...LOOPS])) {
      if (!this.divergent(n)) continue;
      if (n.id === this.exitIf?.id) {
        this.lowerExitIf(n);
        continue;
      }
      // Decided with the points, after guardLists.
      if (this.masks.has(n.id)) continue;
      if (this.barrierInside(n)) this.report(n, 'warning', 'divergent-barrier', INSIDE_REGION);
      if (n.type === 'if_statement') this.edits.replace(n, (print) => this.ifText(n, print));
      else if (n.type === 'switch_statement') this.lowerSwitch(n);
      else this.lowerLoop(n, (print) => this.loopText(n, print));
    }
    for (const id of this.converted.keys()) {
      const jump = findById(this.body, id)!;
      const value = jump.type === 'return_statement' ? jump.namedChildren.find((c) => c && c.type !== 'comment') : undefined;
      // Read when printed: a masked loop's breaks and continues set the return flag (maskCovered).
      this.edits.replace(jump, (print) => {
        const flag = this.converted.get(id)!;
        const cont = jump.type === 'continue_statement' ? this.maskContinues.get(this.target(jump)!.id) : undefined;
        const stored = this.returnsReference ? `&(${print(value!)})` : value && print(value);
        // Pinned like a branch's variables: clang chose between two locals' addresses after the joins, by a branch.
        return value ? `{ __hv_rv = ${stored}; hip2vx_pin(__hv_rv); ${flag} = 1; }` : cont ? `{ ${flag} = 1; ${cont} = 1; }` : `${flag} = 1;`;
      });
    }
    for (const e of descendantsOf(this.body, ['declaration', 'expression_statement'], false, mayBranch(this.edits.text))) this.lowerValueStatement(e);
    // Masked constructs every thread reaches; those after returns are found as points (guardLists).
    for (const n of this.masks.values()) {
      if (this.reachedByAll(n) && this.runByAll(n)) {
        this.masking.add(n.id);
        this.planBodies(n);
      }
    }
    this.guardLists();
    for (const n of this.masks.values()) {
      const masked = this.masking.has(n.id) || this.points.has(n.id);
      if (masked) this.masking.add(n.id);
      else this.report(n, 'warning', 'divergent-barrier', INSIDE_REGION);
      if (n.type === 'if_statement') this.edits.replace(n, (print) => (masked ? this.maskedText(n, print) : this.ifText(n, print)));
      else this.lowerLoop(n, (print) => (masked ? this.maskedText(n, print) : this.loopText(n, print)));
    }
    // A loop printed as a loop whose continues became a flag: the flag is reset every iteration.
    for (const [id, flags] of this.loopFlags) {
      const loop = findById(this.body, id)!;
      if (flags.cont && !this.divergent(loop)) this.edits.wrap(loop.childForFieldName('body')!, `{ int ${flags.cont} = 0; `, ' }');
    }
  }

  /** Replaces a loop by its lowered text; an unroll pragma before it no longer applies. */
  private lowerLoop(n: Node, text: (print: Printer) => string): void {
    this.edits.replace(n, text);
    const pragma = n.previousNamedSibling;
    if (pragma?.type === 'preproc_call' && /^#\s*pragma\s+(GCC\s+)?(no)?unroll\b/.test(pragma.text)) {
      this.edits.replace(pragma, `// hip2vortex: '${pragma.text.trim()}' dropped: the loop below is bracketed for divergence\n`);
    }
  }

  /**
   * The exit if (planExitIf): the threads failing its condition set the return flag (those that
   * returned before do not evaluate it), then its body runs guarded by the flag around its points.
   */
  private lowerExitIf(n: Node): void {
    const flag = this.retFlag!;
    const { inner, lead, trail } = this.exitBody(n);
    const { points, covered } = this.pointsOf([flag], inner, lead);
    for (const p of points) this.planPoint(p.stmts, p.b);
    if (!covered) this.report(n, 'warning', 'divergent-barrier', INSIDE_REGION);
    const returned = this.returns.size > 0;
    this.edits.replace(n, (print) => {
      const c = this.lowerCond(n.childForFieldName('condition')!, print);
      const leave = `{ ${c.pre}${flag} = !(${c.value}); }`;
      return `${returned ? this.splitRegion(`!${flag}`, leave) : `${leave} `}{${this.guardedBy([flag], inner, print, trail, lead, true)}}`;
    });
  }

  private exitBody(exitIf: Node): { inner: Node[]; lead: string; trail: string } {
    return blockParts(exitIf.childForFieldName('consequence')!, this.edits.text);
  }

  /** `n` waits at a block barrier (barriers.ts), or (unless `direct`) calls a device function that does. */
  private barrierInside(n: Node, includeSelf = false, direct = false): boolean {
    const waits = (c: Node) => isBlockBarrier(c) || (!direct && !!this.options.barrierFunctions?.has(calledName(c) ?? ''));
    return descendantsOf(n, ['call_expression'], includeSelf).some(waits);
  }

  private ifText(n: Node, print: Printer): string {
    const condition = n.childForFieldName('condition')!;
    const cond = this.ifCondition(condition, print);
    const consequence = n.childForFieldName('consequence')!;
    const alt = n.childForFieldName('alternative');
    const elseStmt = alt ? alt.namedChildren.find((c) => c && c.type !== 'comment') : undefined;
    const [g, t] = [this.fresh('g'), this.fresh('t')];
    // An #if group splitting the header (`#ifdef X if (a) #else if (b) #endif {...}`) stays; the
    // other branches' headers open the same region (their conditions as written), so each compiles.
    const between = this.edits.text.slice(condition.endIndex, consequence.startIndex);
    // A pragma before an unbraced body (`if (c)` `#pragma unroll` `for ...`) goes inside its braces, before the loop it is for.
    const pragmas = /^\s*(#[ \t]*pragma\b[^\n]*\n\s*)+$/.test(between) ? between : '';
    const others = between.trim() && !pragmas ? otherHeaders(between, (c) => `${cond.pre ? '{ ' : ''}{ int ${g} = hip2vx_bool(${c}); int ${t} = hip2vx_split(${g}); if (${g})`) : '';
    const orElse = elseStmt && directiveLines(this.edits.text, consequence.endIndex, elseStmt.startIndex) + pinned(elseStmt, braced(elseStmt, print));
    const body = pinned(consequence, pragmas && consequence.type !== 'compound_statement' ? `{${pragmas}${print(consequence)} }` : braced(consequence, print));
    const region = `{ int ${g} = ${cond.value}; int ${t} = hip2vx_split(${g}); if (${g}) ${others}${body}${orElse ? ` else ${orElse}` : ''} hip2vx_join(${t}); } `;
    return cond.pre ? `{ ${cond.pre}${region}}` : region.trimEnd();
  }

  /**
   * An if's condition lowered; an init-statement (`if (int x = f(); x > 3)`) and a declaration as
   * the condition (`if (int v = a[i])`) go first, in the region's braces, so both branches see them.
   */
  private ifCondition(clause: Node, print: Printer): { pre: string; value: string } {
    const init = clause.childForFieldName('initializer');
    const value = clause.childForFieldName('value');
    if (!init && value?.type !== 'declaration') return this.lowerCond(clause, print);
    const declared = value?.type === 'declaration' ? declaredName(value.childForFieldName('declarator')) : undefined;
    const c = declared ? { pre: `${print(value!)}; `, value: `hip2vx_bool(${declared.text})` } : this.lowerCond(value!, print);
    return { pre: `${init ? `${print(init)} ` : ''}${c.pre}`, value: c.value };
  }

  private loopText(n: Node, print: Printer): string {
    const flags = this.loopFlags.get(n.id) ?? {};
    const returns = descendantsOf(n, ['return_statement']).some((r) => this.converted.has(r.id));
    const exits = [flags.brk, returns ? this.retFlag : undefined].filter((f): f is string => !!f);
    const m = this.fresh('m');
    const go = this.fresh('go');
    const end = this.fresh('end');
    const condNode = n.childForFieldName('condition');
    const guarded = (body: string) => (exits.length ? this.splitRegion(`!(${exits.join(' | ')})`, `{ ${body} }`) : body);
    // A range-based loop becomes the iterator loop C++ defines it as: `for (T x : r)` is
    // `auto&& r' = r; for (auto b = begin(r'), e = end(r'); b != e; ++b) { T x = *b; ... }`.
    const range = n.type === 'for_range_loop' ? this.rangeParts(n, print) : undefined;
    const declared = n.type === 'while_statement' ? this.declaredCondition(condNode!, print) : undefined;
    const evalCond = () => {
      if (range) return exits.length ? `${go} = 0; ${guarded(`${go} = ${range.cond};`)}` : `${go} = ${range.cond}; `;
      if (!condNode) return exits.length ? `${go} = 0; ${guarded(`${go} = 1;`)}` : `${go} = 1; `;
      const temps = (this.conditionTemps.get(n.id) ?? []).map((t) => t(print)).join('');
      const c = declared ? { pre: declared.assign, value: declared.value } : this.lowerCond(condNode, print);
      c.pre = temps + c.pre;
      return exits.length ? `${go} = 0; ${guarded(`${c.pre}${go} = ${c.value};`)}` : `${c.pre}${go} = ${c.value}; `;
    };
    let init = '';
    let update = '';
    if (n.type === 'for_statement') {
      init = this.initText(n, print);
      const u = n.childForFieldName('update');
      update = u ? guarded(`${print(u)};`) : '';
    } else if (range) {
      init = range.init;
      update = guarded(range.update);
    }
    const decls = [flags.brk ? `int ${flags.brk} = 0;` : '', declared?.declaration ?? ''].join('');
    const contInit = flags.cont ? `int ${flags.cont} = 0; ` : '';
    const body = range ? `{ ${range.element} ${print(n.childForFieldName('body')!)} }` : print(n.childForFieldName('body')!);
    const head = n.type === 'do_statement' ? `int ${go} = 1; ` : `int ${go}; `;
    const top = n.type === 'do_statement' ? '' : evalCond();
    const bottom = n.type === 'do_statement' ? evalCond() : update;
    return `{ ${init}${decls}int ${m} = hip2vx_active_threads(); ${head}HIP2VX_PRED_LOOP { ${top}HIP2VX_PRED_EXIT(${go}, ${m}, ${end}); ${contInit}${body} ${bottom.trimEnd()} } ${end}: hip2vx_tmc(${m}); }`;
  }

  /**
   * A declaration as a while loop's condition (`while (int t = s & 7)`): its variable declared
   * ahead of the lowered loop (not const: it is assigned at each test), and assigned by the test.
   */
  private declaredCondition(clause: Node, print: Printer): { declaration: string; assign: string; value: string } | undefined {
    const decl = clause.childForFieldName('value');
    const declarator = decl?.type === 'declaration' ? decl.childForFieldName('declarator') : null;
    const value = decl?.childForFieldName('value');
    const name = declaredName(declarator);
    if (!declarator || !value || !name) return undefined;
    const specifiers = decl!.children.filter((c): c is Node => !!c && c.endIndex <= declarator.startIndex && !(c.type === 'type_qualifier' && c.text === 'const'));
    const type = specifiers.some((c) => /\bauto\b/.test(c.text)) ? `HIP2VX_VALUE_TYPE(${print(value)})` : specifiers.map(print).join(' ');
    return { declaration: `${type} ${print(declarator)};`, assign: `${name.text} = ${print(value)}; `, value: `hip2vx_bool(${name.text})` };
  }

  /** A for loop's initializer as a statement before the lowered loop. */
  private initText(n: Node, print: Printer): string {
    const i = n.childForFieldName('initializer');
    return i ? (i.type === 'declaration' ? print(i) : `${print(i)};`) + ' ' : '';
  }

  /** The iterator loop's parts for range-based `for (<decl> : <range>)`. */
  private rangeParts(n: Node, print: Printer): { init: string; cond: string; update: string; element: string } {
    const [r, b, e] = [this.fresh('r'), this.fresh('b'), this.fresh('e')];
    const open = n.children.find((c) => c?.type === '(')!;
    const declarator = n.childForFieldName('declarator')!;
    // The element's declaration as written (`const auto& [a, b]`), up to the colon.
    const declared = n.tree.text.slice(open.endIndex, declarator.endIndex).trim();
    return {
      init: `auto&& ${r} = ${print(n.childForFieldName('right')!)}; auto ${b} = hip2vx_begin(${r}); auto ${e} = hip2vx_end(${r}); `,
      cond: `hip2vx_bool(${b} != ${e})`,
      update: `++${b};`,
      element: `${declared} = *${b};`,
    };
  }

  private lowerSwitch(n: Node): void {
    const cases = (n.childForFieldName('body')?.namedChildren ?? []).filter((c): c is Node => c?.type === 'case_statement');
    const ending = new Map<number, Node | undefined>(cases.map((c) => [c.id, trailingBreak(caseBody(c))]));
    for (const end of ending.values()) if (end) this.edits.replace(end, '');
    // `[[fallthrough]];` must precede a case label, which the split regions no longer do (the guards say it).
    for (const a of descendantsOf(n, ['attributed_statement'])) if (FALLTHROUGH.test(a.text) && enclosingSwitch(a)?.id === n.id) this.edits.replace(a, '');
    const brk = this.loopFlags.get(n.id)?.brk;
    this.edits.replace(n, (print) => {
      const v = this.fresh('v');
      const fall = this.fresh('f');
      const labels = cases.map((c) => c.childForFieldName('value'));
      // Of the condition's own type: an enum class, a 64-bit value. An init-statement or a declared
      // condition (`switch (int m = f(); m)`) goes first, in sight of the cases.
      const clause = n.childForFieldName('condition')!;
      const init = clause.childForFieldName('initializer');
      const value = clause.childForFieldName('value');
      const declared = value?.type === 'declaration' ? declaredName(value.childForFieldName('declarator')) : undefined;
      const head = `${init ? `${print(init)} ` : ''}${declared ? `${print(value!)}; ` : ''}`;
      const subject = declared ? declared.text : init && value ? print(value) : print(clause);
      let out = `{ ${head}auto ${v} = (${subject}); int ${fall} = 0; ${brk ? `int ${brk} = 0; ` : ''}`;
      cases.forEach((c, i) => {
        const label = labels[i];
        const hit = label ? matches(v, label, print) : `!(${labels.filter((l): l is Node => !!l).map((l) => matches(v, l, print)).join(' | ') || '0'})`;
        const stmts = caseBody(c);
        const last = stmts[stmts.length - 1];
        const ends = !!ending.get(c.id) || (last?.type === 'return_statement' && !this.converted.has(last.id));
        // Threads that returned, left the loop or the switch in this case do not fall into the next one.
        const sets = [...new Set(stmts.flatMap((st) => this.flagsSetBy(st)))];
        const g = this.fresh('g');
        const t = this.fresh('t');
        const falls = ends ? '0' : sets.length ? `${g} & !hip2vx_bool(${sets.join(' | ')})` : g;
        out += `{ int ${g} = ${hit} | ${fall}; int ${t} = hip2vx_split(${g}); if (${g}) { ${this.guarded(stmts, print)}${pinsOf(stmts)} } hip2vx_join(${t}); ${fall} = ${falls}; } `;
      });
      return out + '}';
    });
  }

  /** `T x = c ? a : b;`, `x = A && B;` and the like, with per-thread unsafe operands. */
  private lowerValueStatement(s: Node): void {
    const value = s.type === 'declaration' ? s.childrenForFieldName('declarator')[0]?.childForFieldName('value') : s.namedChildren[0]?.childForFieldName('right');
    if (!value || this.edits.has(s)) return;
    const e = unparen(value);
    const ternary = e.type === 'conditional_expression';
    if (!(ternary || this.isShortCircuit(e)) || this.edits.has(e)) return;
    if (this.uni.isUniform(ternary ? e.childForFieldName('condition') : e)) return;
    if (s.type === 'declaration') this.assigned.add(s.id);
    this.edits.replace(s, (print) => {
      let target: string;
      let op = '=';
      let prefix = '';
      if (s.type === 'declaration') {
        const d = s.childrenForFieldName('declarator')[0]!;
        target = print(declaredNameNode(d.childForFieldName('declarator')!));
        const type = s.childForFieldName('type')!;
        const typeText = type.text === 'auto' ? `decltype(${print(value)})` : print(type).replace(/^const\s+/, '');
        const declarator = d.childForFieldName('declarator')!;
        prefix = `${typeText} ${print(declarator)}${declarator.type === 'identifier' ? firstValue(typeText, '') : ''}; `;
        for (const q of s.namedChildren) if (q?.type === 'type_qualifier' && q.text !== 'const') prefix = `${q.text} ${prefix}`;
        // A declaration moved ahead of a region (hoistedAt) is only assigned here.
        if (this.hoists.has(s.id)) prefix = '';
      } else {
        const a = s.namedChildren[0]!;
        target = print(a.childForFieldName('left')!);
        op = a.childForFieldName('operator')!.type;
      }
      if (!ternary) {
        const c = this.lowerCond(e, print);
        return `${prefix}{ ${c.pre}${target} ${op} ${c.value}; }`;
      }
      return `${prefix}${this.assignBranches(target, op, e, print)}`;
    });
  }

  /** `target op e;` where e is a ?: on a per-thread condition: a split region per branch, nested ?: in branches alike. */
  private assignBranches(target: string, op: string, e: Node, print: Printer): string {
    const c = this.lowerCond(e.childForFieldName('condition')!, print);
    const branch = (field: string) => {
      const b = unparen(e.childForFieldName(field)!);
      const nested = b.type === 'conditional_expression' && !this.edits.has(b) && !this.uni.isUniform(b.childForFieldName('condition')!);
      // A comma binds looser than the assignment: `v = (j++, i * 2)` keeps its parentheses.
      const value = b.type === 'comma_expression' ? `(${print(b)})` : print(b);
      return nested ? `{ ${this.assignBranches(target, op, b, print)} }` : `{ ${target} ${op} ${value}; }`;
    };
    const region = this.splitRegion(c.value, branch('consequence'), branch('alternative')).trimEnd();
    return c.pre ? `{ ${c.pre}${region} }` : region;
  }

  /** The flags that jumps leaving `stmt` set (to the statements after it in its list). */
  private flagsSetBy(stmt: Node): string[] {
    const flags = new Set<string>();
    for (const j of descendantsOf(stmt, ['return_statement', 'break_statement', 'continue_statement'], true)) {
      const flag = this.converted.get(j.id);
      const target = j.type === 'return_statement' ? undefined : this.target(j);
      if (flag && (!target || target.startIndex < stmt.startIndex || target.endIndex > stmt.endIndex)) flags.add(flag);
    }
    return [...flags];
  }

  /**
   * A statement list in which, after a statement that may set a flag, the rest runs only where none
   * is set. `tail` (what follows the last statement in its block, such as an `#endif` group closing
   * a brace of code the parser did not see) ends the innermost region, with that statement.
   */
  private guarded(stmts: Node[], print: Printer, tail = '', top = false): string {
    const i = stmts.findIndex((st, k) => k < stmts.length - 1 && this.flagsSetBy(st).length > 0);
    const text = this.edits.text;
    if (i < 0) return statements(stmts, print, text) + tail;
    const flags = this.flagsSetBy(stmts[i]);
    // The remainder may set flags again further down: guard it the same way (with what lies before it).
    const between = text.slice(stmts[i].endIndex, stmts[i + 1].startIndex);
    const gap = between.trim() ? between : '';
    return `${statements(stmts.slice(0, i + 1), print, text)}\n${this.guardedBy(flags, stmts.slice(i + 1), print, tail, gap, top)}`;
  }

  /**
   * `stmts`, run where none of `flags` is set. In a kernel's body, a statement among them that
   * waits at a barrier every thread can run after the returns (runByAll) stands between two
   * regions: the threads that returned have left, as on a GPU, where the others' barrier does not
   * wait for them (in one region, a warp all of whose threads returned would skip it, and the
   * block would hang). The declarations before it that it or later statements name are declared
   * ahead of the region before it (hoistedAt).
   */
  private guardedBy(flags: string[], stmts: Node[], print: Printer, tail: string, gap: string, top: boolean): string {
    const b = top ? stmts.findIndex((st) => this.points.has(st.id)) : -1;
    if (b < 0) return this.splitRegion(`!(${flags.join(' | ')})`, `{ ${gap}${this.guarded(stmts, print, tail, top)} }`);
    const text = this.edits.text;
    const before = stmts.slice(0, b);
    const after = stmts.slice(b + 1);
    const declared = this.hoistedAt(stmts, b)!.map((d) => this.hoists.get(d.id)!.declaration(print)).join('');
    const region = before.length ? this.splitRegion(`!(${flags.join(' | ')})`, `{ ${gap}${this.guarded(before, print, '', top)} }`) : '';
    const lead = before.length ? text.slice(before[before.length - 1].endIndex, stmts[b].startIndex) : gap || '\n';
    const set = [...new Set([...flags, ...before.flatMap((st) => this.flagsSetBy(st))])];
    const rest = after.length ? this.guardedBy(set, after, print, tail, text.slice(stmts[b].endIndex, after[0].startIndex), top) : tail;
    // A point right after this one starts with the text between them.
    return `${declared}${region}${lead}${print(stmts[b])}${after.length && this.points.has(after[0].id) ? '' : '\n'}${rest}`;
  }

  /**
   * The first statement of `stmts` that every thread runs after `flags` (a kernel's returns
   * only; runByAll), if the declarations before it that are named from it on can move ahead of
   * the region before it; -1 otherwise.
   */
  private barrierAfterExit(flags: string[], stmts: Node[], gap: string): number {
    if (!this.options.exits || flags.some((f) => f !== this.retFlag)) return -1;
    const b = stmts.findIndex((st) => this.runByAll(st));
    if (b < 0) return -1;
    // The text around it moves out of the regions: comments may, directives may not.
    const text = this.edits.text;
    const around = (b > 0 ? text.slice(stmts[b - 1].endIndex, stmts[b].startIndex) : gap) + (b + 1 < stmts.length ? text.slice(stmts[b].endIndex, stmts[b + 1].startIndex) : '');
    if (around.includes('#')) return -1;
    return this.hoistedAt(stmts, b) ? b : -1;
  }

  /** The declarations before `stmts[b]` named from it on, if each can be split (hoist.ts). */
  private hoistedAt(stmts: Node[], b: number): Node[] | undefined {
    const named = new Set(stmts.slice(b).flatMap((st) => descendantsOf(st, ['identifier'], true).map((id) => id.text)));
    const moved = stmts.slice(0, b).filter((st) => st.type === 'declaration' && st.childrenForFieldName('declarator').some((x) => named.has(declaredName(x)?.text ?? '')));
    // A type declared in the region would not be seen by the declarations moved ahead of it.
    if (moved.length && stmts.slice(0, b).some((st) => LOCAL_TYPES.has(st.type) || descendantsOf(st, [...LOCAL_TYPES]).length > 0)) return undefined;
    for (const d of moved) {
      if (this.hoists.has(d.id)) continue;
      if (constantUses(d, stmts.slice(b))) return undefined;
      const lowered = this.assigned.has(d.id) && d.childrenForFieldName('declarator').length === 1;
      const h = hoisted(d);
      if (!h || (this.edits.has(d) && !lowered && !h.whole)) return undefined;
      this.hoists.set(d.id, h);
    }
    return moved;
  }

  /**
   * `st` waits at a barrier that every thread can run after a kernel's returns: a barrier
   * statement, or a loop or if with uniform control holding one (memoised: planned before the
   * edits that printing sees). In those, the threads that returned run the header and the
   * barriers, the rest of the body being guarded, so: no jump in it became a flag, its header
   * reads nothing written after a return, nothing in it waits in a called function, and each
   * statement of its bodies that waits is again such a statement.
   */
  private runByAll(st: Node): boolean {
    let known = this.allRun.get(st.id);
    if (known === undefined) this.allRun.set(st.id, (known = this.decideRunByAll(st)));
    return known;
  }

  private decideRunByAll(st: Node): boolean {
    // The exit if: every thread runs it (those failing its condition then do nothing more).
    if (st.id === this.exitIf?.id) {
      const { inner, lead } = this.exitBody(st);
      return this.pointsOf([this.retFlag!], inner, lead).covered;
    }
    if (this.masks.has(st.id)) return this.maskCovered(st);
    const e = st.type === 'expression_statement' ? st.namedChildren[0] : null;
    if (e?.type === 'call_expression' && isPlainBarrier(e)) return true;
    if (st.type === 'expression_statement' || st.type === 'declaration') return this.controlStatement(st);
    const header = BARRIER_CARRIERS.get(st.type)?.(st);
    if (!header || this.edits.has(st) || !this.barrierInside(st, false, true)) return false;
    if (descendantsOf(st, ['call_expression']).some((c) => this.options.barrierFunctions?.has(calledName(c) ?? ''))) return false;
    if (st.type === 'if_statement' ? !this.uni.isUniform(header[0]) : this.divergent(st)) return false;
    if (descendantsOf(st, ['return_statement', 'break_statement', 'continue_statement']).some((j) => this.converted.has(j.id))) return false;
    const own = new Set(header.filter((h) => h.type === 'declaration').flatMap((d) => d.childrenForFieldName('declarator').map((x) => declaredName(x)?.text)));
    const read = header.flatMap((h) => descendantsOf(h, ['identifier'], true)).filter((id) => !own.has(id.text) && !this.controlLocal(id.text));
    if (read.some((id) => this.writesAfterExit(id.text).some((w) => !withinAny(w, header)))) return false;
    return carrierBodies(st).every((body) => {
      if (body.type !== 'compound_statement') return this.runByAll(body);
      const { inner, lead } = blockParts(body, this.edits.text);
      return inner.length > 0 && this.pointsOf([this.retFlag!], inner, lead).covered;
    });
  }

  /**
   * The points of `stmts` (a statement list run where `flags` are not set; `gap` the text before
   * it) that every thread runs, found in turn as guardedBy finds them, and whether they are all
   * the statements there that wait (none is left in a region).
   */
  private pointsOf(flags: string[], stmts: Node[], gap: string): { points: { stmts: Node[]; b: number }[]; covered: boolean } {
    const points: { stmts: Node[]; b: number }[] = [];
    let covered = true;
    for (let rest = stmts, b = this.barrierAfterExit(flags, rest, gap); ; rest = rest.slice(b + 1), b = this.barrierAfterExit(flags, rest, '')) {
      if (rest.slice(0, b < 0 ? rest.length : b).some((st) => this.barrierInside(st, true))) covered = false;
      if (b < 0) return { points, covered };
      points.push({ stmts: rest, b });
    }
  }

  /** The assignments, updates and declarations of `name` after the body's first return that became a flag. */
  private writesAfterExit(name: string): Node[] {
    const from = Math.min(...[...this.returns.values(), ...(this.exitIf ? [this.exitIf] : []), ...this.masks.values()].map((r) => r.startIndex));
    return descendantsOf(this.body, ['assignment_expression', 'update_expression', 'declaration']).filter((w) => w.startIndex >= from && writtenNames(w).includes(name));
  }

  /**
   * A local that every thread keeps alike after the returns (a loop counter): each write of it
   * there is a statement of its own in a block giving it a uniform value (a point: every thread
   * runs it), or lies in the header of a loop holding a barrier.
   */
  private controlLocal(name: string): boolean {
    let known = this.control.get(name);
    if (known === undefined) {
      const writes = this.writesAfterExit(name);
      known = writes.length > 0 && writes.every((w) => this.controlWrite(w) || this.inBarrierLoopHeader(w));
      this.control.set(name, known);
    }
    return known;
  }

  /**
   * `w` is a whole statement (a declaration of one variable, or an expression) giving a uniform
   * value, in a list where points are found: the body's, or a barrier loop's or if's, within such.
   */
  private controlWrite(w: Node): boolean {
    const st = w.type === 'declaration' ? w : w.parent;
    if (st?.type !== (w.type === 'declaration' ? 'declaration' : 'expression_statement') || !this.inPointLists(st)) return false;
    if (w.type === 'update_expression') return true;
    const declarators = w.type === 'declaration' ? w.childrenForFieldName('declarator') : [];
    if (declarators.length > 1) return false;
    const value = w.type === 'declaration' ? (declarators[0]?.type === 'init_declarator' ? declarators[0].childForFieldName('value') : null) : w.childForFieldName('right');
    if (w.type === 'declaration' && declarators[0]?.type === 'identifier') return true;
    return !!value && value.type !== 'initializer_list' && value.type !== 'argument_list' && this.uni.isUniform(value);
  }

  private inPointLists(st: Node): boolean {
    for (let p = st.parent; p; p = p.parent) {
      if (p.id === this.body.id) return true;
      if (p.type === 'else_clause' || (p.type === 'compound_statement' && !!p.parent && (p.parent.type === 'else_clause' || BARRIER_CARRIERS.has(p.parent.type)))) continue;
      if (!BARRIER_CARRIERS.has(p.type) || !this.barrierInside(p, false, true)) return false;
    }
    return false;
  }

  private inBarrierLoopHeader(w: Node): boolean {
    for (let p = w.parent; p && p.id !== this.body.id; p = p.parent) {
      if (!LOOPS.has(p.type) || !BARRIER_CARRIERS.has(p.type)) continue;
      if (withinAny(w, BARRIER_CARRIERS.get(p.type)!(p))) return this.barrierInside(p, false, true);
    }
    return false;
  }

  /**
   * A statement of a control local (controlWrite) that a barrier loop's or if's header reads:
   * every thread runs it, so that every thread runs that loop alike.
   */
  private controlStatement(st: Node): boolean {
    const w = st.type === 'declaration' ? st : st.namedChildren[0];
    if (!w || !['declaration', 'assignment_expression', 'update_expression'].includes(w.type) || !this.controlWrite(w)) return false;
    this.headerNames ??= new Set(
      descendantsOf(this.body, [...BARRIER_CARRIERS.keys()])
        .filter((c) => this.barrierInside(c, false, true))
        .flatMap((c) => BARRIER_CARRIERS.get(c.type)!(c).flatMap((h) => descendantsOf(h, ['identifier'], true).map((id) => id.text))),
    );
    const names = writtenNames(w);
    return names.length > 0 && names.every((n) => this.headerNames!.has(n) && this.controlLocal(n)) && !this.outlivesMask(st, names);
  }

  /**
   * `st`, in a masked loop or if, writes a variable declared outside it: the threads left out
   * (which go on after it, unlike those that returned) must not change it.
   */
  private outlivesMask(st: Node, names: string[]): boolean {
    for (const n of this.masks.values()) {
      if (!withinAny(st, [n])) continue;
      const own = new Set(descendantsOf(n, ['declaration']).flatMap((d) => writtenNames(d)));
      if (names.some((n) => !own.has(n))) return true;
    }
    return false;
  }

  /**
   * Before printing, for a point of a kernel body that every thread runs after its returns: the
   * declarations moved ahead of the region before it print as assignments, and the bodies of a
   * loop or if are guarded around their own points.
   */
  private planPoint(stmts: Node[], b: number): void {
    this.points.add(stmts[b].id);
    for (const d of this.hoistedAt(stmts, b)!) if (!this.edits.has(d)) this.edits.replace(d, (print) => this.hoists.get(d.id)!.assignments(print));
    if (stmts[b].id !== this.exitIf?.id) this.planBodies(stmts[b]);
  }

  private planBodies(st: Node): void {
    for (const body of carrierBodies(st)) {
      if (body.type !== 'compound_statement') {
        this.planBodies(body);
        continue;
      }
      const { inner, lead, trail } = blockParts(body, this.edits.text);
      for (const p of this.pointsOf([this.retFlag!], inner, lead).points) this.planPoint(p.stmts, p.b);
      this.edits.replace(body, (print) => `{${this.guardedBy([this.retFlag!], inner, print, trail, lead, true)}}`);
    }
  }

  /** Statements of a block or case that need guards get them; the body also declares the flags. */
  private guardLists(): void {
    const blocks = [this.body, ...descendantsOf(this.body, ['compound_statement']).filter((b) => b.parent?.type !== 'switch_statement')];
    for (const block of blocks) {
      // Text the statements leave out at the block's ends: comments, and `#if` groups the parser did not see.
      const { inner: stmts, lead, trail } = blockParts(block, this.edits.text);
      const needsGuard = stmts.some((st, k) => k < stmts.length - 1 && this.flagsSetBy(st).length > 0);
      const isBody = block.id === this.body.id;
      // The return flag, unless only masks might have used it and none does.
      const flag = this.retFlag && (this.returns.size > 0 || !!this.exitIf || this.masking.size > 0) ? this.retFlag : undefined;
      if ((!needsGuard && !(isBody && flag)) || this.edits.has(block)) continue;
      this.warnBarrierAfterExit(stmts, isBody);
      this.edits.replace(block, (print) => {
        if (!isBody) return `{ ${lead}${this.guarded(stmts, print, trail)} }`;
        // A reference returned is kept as its address (a reference cannot be assigned).
        const slot = this.returnsReference ? `${this.returnType.replace(/&$/, '')}*` : this.returnType;
        const rv = this.returnType !== 'void' && flag ? `${slot} __hv_rv${firstValue(slot, '{}')}; ` : '';
        const ret = flag ? `int ${flag} = 0; ` : '';
        // A slot typed after a returned value comes after the statements before the first return,
        // which set no flag (the value may name what they declare).
        const firstSet = stmts.findIndex((st) => this.flagsSetBy(st).length > 0);
        const k = this.returnType.startsWith('__typeof__(') ? Math.min(statementsBeforeReturns(block), firstSet < 0 ? stmts.length : firstSet) : 0;
        const head = k > 0 && k < stmts.length ? statements(stmts.slice(0, k), print, this.edits.text) + this.edits.text.slice(stmts[k - 1].endIndex, stmts[k].startIndex) : '';
        const out = head ? `${lead}${head}${rv}${this.guarded(stmts.slice(k), print, trail, true)}` : rv + lead + this.guarded(stmts, print, trail, true);
        return `{ ${ret}${out}${rv ? ` return ${this.returnsReference ? '*' : ''}__hv_rv;` : ''} }`;
      });
    }
    // Cases of switches printed as switches: guard within a case, and a case that earlier cases
    // may fall into after setting a flag runs only where that flag is not set.
    for (const sw of descendantsOf(this.body, ['switch_statement'])) {
      if (this.edits.has(sw)) continue;
      let inherited: string[] = [];
      for (const c of sw.childForFieldName('body')?.namedChildren ?? []) {
        if (c?.type !== 'case_statement') continue;
        const stmts = caseBody(c);
        const entry = inherited;
        const sets = stmts.flatMap((st) => this.flagsSetBy(st));
        inherited = [...new Set([...inherited, ...sets])];
        if (entry.length === 0 && !stmts.some((st, k) => k < stmts.length - 1 && this.flagsSetBy(st).length > 0)) continue;
        // Statements after a directive in the case lie outside its node, which alone is replaced here.
        if (stmts.some((st) => st.parent?.id !== c.id)) continue;
        this.warnBarrierAfterExit(stmts);
        const label = c.childForFieldName('value');
        // A break or `[[fallthrough]];` ending the case stays after the region, whose join a break
        // would skip (every thread may run it: the flagged ones leave with the others); the attribute
        // must stay just before the next case.
        const jump = leavesCase(stmts[stmts.length - 1]) ? stmts[stmts.length - 1] : undefined;
        this.edits.replace(c, (print) => {
          const body = this.guarded(jump ? stmts.slice(0, -1) : stmts, print);
          const head = label ? `case ${print(label)}:` : 'default:';
          return `${head} ${entry.length ? this.splitRegion(`!(${entry.join(' | ')})`, `{ ${body} }`) : `{ ${body} }`}${jump ? ` ${print(jump)}` : ''}`;
        });
      }
    }
  }

  private warnBarrierAfterExit(stmts: Node[], top = false): void {
    const cut = stmts.findIndex((st, k) => k < stmts.length - 1 && this.flagsSetBy(st).length > 0);
    if (cut < 0) return;
    // A kernel body's points that every thread runs (guardedBy) are no longer in a region.
    const rest = stmts.slice(cut + 1);
    const between = this.edits.text.slice(stmts[cut].endIndex, rest[0].startIndex);
    const { points, covered } = top ? this.pointsOf(this.flagsSetBy(stmts[cut]), rest, between.trim() ? between : '') : { points: [], covered: false };
    for (const p of points) this.planPoint(p.stmts, p.b);
    if (!covered && rest.some((st) => this.barrierInside(st, true))) {
      this.report(stmts[cut], 'warning', 'divergent-barrier', '__syncthreads() (here or in a device function called here) after a return, break or continue taken by some threads only: it runs in a split region and hangs on Vortex if the threads of a block disagree');
    }
  }
}

const NOTHING_READ: ReadonlySet<string> = new Set();
/**
 * Conditions the lanes not taking their branch leave their warp on (stayIn), whether a true
 * value enters: by node, since the lowering that checks a kernel's warp operations is not the
 * one that prints it (both see the file's edits).
 */
const STAYS = new WeakMap<Node, boolean>();
/** The 0/1 `value` of a condition on which the lanes not entering its branch (`enters`: on 1) leave their warp. */
const leavingUnless = (enters: boolean, value: string) => (enters ? `hip2vx_warp_stay(${value})` : `!hip2vx_warp_stay(!${value})`);
/** Expressions that name an object (lvalues), given their operands do. */
const OBJECTS = new Set(['identifier', 'qualified_identifier', 'subscript_expression', 'field_expression', 'pointer_expression', 'parenthesized_expression']);

/** An expression's text without spaces and redundant parentheses around names (`(x)` as `x`): equal loads spell alike. */
function spelling(e: Node): string {
  return e.text.replace(/\s+/g, '').replace(/\(([A-Za-z_]\w*(\[[^\]\[()]*\])?)\)/g, '$1');
}

/** `v` equals a case label, or lies in a GNU case range (`'a' ... 'z'`, read as written: see parse/normalise.ts). */
function matches(v: string, label: Node, print: Printer): string {
  const written = print(label);
  const range = /^([^]*?)\.\.\.([^]*)$/.exec(written);
  return range ? `(hip2vx_bool(${v} >= (${range[1].trim()})) & hip2vx_bool(${v} <= (${range[2].trim()})))` : `hip2vx_bool(${v} == (${written}))`;
}

/** The statements of a case, without its label. */
const FALLTHROUGH = /^(?:\[\[\s*(?:\w+::)?fallthrough\s*\]\]|__attribute__\s*\(\(\s*fallthrough\s*\)\))\s*;$/;

function enclosingSwitch(n: Node): Node | undefined {
  let p = n.parent;
  while (p && p.type !== 'switch_statement') p = p.parent;
  return p ?? undefined;
}

function caseBody(c: Node): Node[] {
  const label = c.childForFieldName('value');
  const own = c.namedChildren.filter((st): st is Node => !!st && st.id !== label?.id && st.type !== 'comment');
  // A directive in a case ends the grammar's case_statement (`case 1:` `#pragma unroll` `for ...`):
  // the statements after it, up to the next case, are its siblings in the switch's body.
  const after: Node[] = [];
  for (let st = c.nextNamedSibling; st && st.type !== 'case_statement'; st = st.nextNamedSibling) if (st.type !== 'comment') after.push(st);
  return [...own, ...after];
}

/** The `break` that ends a case: its last statement, or the last one of a trailing block. */
function trailingBreak(stmts: Node[]): Node | undefined {
  const last = stmts[stmts.length - 1];
  if (last?.type === 'break_statement') return last;
  if (last?.type === 'compound_statement') return trailingBreak(last.namedChildren.filter((s): s is Node => !!s && s.type !== 'comment'));
  return undefined;
}

/**
 * Statements printed one after another with the text between them as written: comments, and
 * `#if` groups the parser did not see (a branch not taken) stay, balanced. A list starting with a
 * directive (`#pragma unroll`) starts a line.
 */
function statements(stmts: Node[], print: Printer, text: string): string {
  // A directive starts a line, and what follows one (a region's closing brace) starts the next.
  const last = stmts[stmts.length - 1];
  const end = last?.type.startsWith('preproc_') && !text.slice(0, last.endIndex).endsWith('\n') ? '\n' : '';
  return stmts.map((s, k) => (k > 0 ? text.slice(stmts[k - 1].endIndex, s.startIndex) : s.type.startsWith('preproc_') ? '\n' : '') + print(s)).join('') + end;
}

/**
 * `text` (between an if's condition and its body) with the last `if (c)` of each run of lines
 * between directives replaced by `open(c)`.
 */
function otherHeaders(text: string, open: (condition: string) => string): string {
  return text.split(/(^[ \t]*#.*$)/m).map((part) => (/^[ \t]*#/.test(part) ? part : lastIfOpened(part, open))).join('');
}

function lastIfOpened(text: string, open: (condition: string) => string): string {
  const at = [...text.matchAll(/\bif\s*\(/g)].pop();
  if (!at) return text;
  let depth = 0;
  for (let i = at.index! + at[0].length - 1; i < text.length; i++) {
    depth += text[i] === '(' ? 1 : text[i] === ')' ? -1 : 0;
    if (depth === 0) return text.slice(0, at.index) + open(text.slice(at.index! + at[0].length, i)) + text.slice(i + 1);
  }
  return text;
}

/** The preprocessor lines of text[from, to) (`#endif` between an if's condition and its body), on lines of their own. */
function directiveLines(text: string, from: number, to: number): string {
  const lines = text.slice(from, to).split('\n').filter((l) => /^\s*#/.test(l));
  return lines.length ? `\n${lines.join('\n')}\n` : '';
}

function unparen(e: Node): Node {
  while (e.type === 'parenthesized_expression' && e.namedChildren.length === 1) e = e.namedChildren[0]!;
  return e;
}

/** A `break;` or `[[fallthrough]];`: where it ends a case, every thread runs it. */
const leavesCase = (st: Node | undefined): st is Node => !!st && (st.type === 'break_statement' || /^\[\[\s*fallthrough\s*\]\]\s*;$/.test(st.text));

/** What evaluating an expression may change, or do beyond computing a value. */
const EFFECTS = ['assignment_expression', 'update_expression', 'call_expression', 'new_expression', 'delete_expression', 'gnu_asm_expression'];

function braced(stmt: Node, print: Printer): string {
  return stmt.type === 'compound_statement' ? print(stmt) : `{ ${print(stmt)} }`;
}

/**
 * A branch's braced text ending by pinning the variables it assigns that live on after it (plain
 * locals and parameters, not references, statics or shared memory): compilers would otherwise
 * compute an assignment without memory after the region, as a branch of its own (hip2vx_pin).
 */
function pinned(branch: Node, text: string): string {
  const pins = pinsOf([branch]);
  return pins ? text.replace(/(\s*)\}\s*$/, (_, space: string) => `${pins}${space}}`) : text;
}

/** ` hip2vx_pin(v);` for each variable the statements of a branch assign that lives on after them (pinned). */
function pinsOf(stmts: readonly Node[]): string {
  const names = new Set<string>();
  const [start, end] = [stmts[0]?.startIndex ?? 0, stmts[stmts.length - 1]?.endIndex ?? 0];
  for (const e of stmts.flatMap((st) => descendantsOf(st, ['assignment_expression', 'update_expression'], true))) {
    const variable = assignedVariable(e.childForFieldName(e.type === 'assignment_expression' ? 'left' : 'argument'));
    const declared = variable && declarationOf(variable);
    if (!variable || !declared || (declared.node.startIndex >= start && declared.node.endIndex <= end)) continue;
    const declarator = declared.declarator ?? declared.node.childForFieldName('declarator');
    const value = declarator?.type !== 'reference_declarator' && !(declarator?.type === 'init_declarator' && declarator.childForFieldName('declarator')?.type === 'reference_declarator');
    const storage = declared.node.children.some((c) => (c?.type === 'storage_class_specifier' && c.text === 'static') || (c?.type === 'type_qualifier' && c.text === '__shared__'));
    if (value && !storage) names.add(variable.text);
  }
  return [...names].map((n) => ` hip2vx_pin(${n});`).join('');
}

/** The variable an assignment changes: `v`, `s.x` and `arr[i]` of a local array change `v`, `s` and `arr`; a store through a pointer none. */
function assignedVariable(target: Node | null): Node | undefined {
  let e = target;
  while (e?.type === 'parenthesized_expression') e = e.namedChildren[0];
  if (e?.type === 'identifier') return e;
  if (e?.type === 'field_expression' && e.child(1)?.type === '.') return assignedVariable(e.childForFieldName('argument'));
  if (e?.type === 'subscript_expression') {
    const array = assignedVariable(e.childForFieldName('argument'));
    const declarator = array && declarationOf(array)?.declarator;
    const inner = declarator?.type === 'init_declarator' ? declarator.childForFieldName('declarator') : declarator;
    return inner?.type === 'array_declarator' ? array : undefined;
  }
  return undefined;
}

/** The header of a loop or if that may run a barrier for every thread: what each thread evaluates. */
const BARRIER_CARRIERS = new Map<string, (n: Node) => Node[]>([
  ['for_statement', (n) => ['initializer', 'condition', 'update'].flatMap((f) => n.childrenForFieldName(f))],
  ['while_statement', (n) => n.childrenForFieldName('condition')],
  ['do_statement', (n) => n.childrenForFieldName('condition')],
  ['if_statement', (n) => n.childrenForFieldName('condition')],
]);

/** Where C++ needs a constant expression: a `const` local named there cannot become an assigned variable. */
const CONSTANT_CONTEXTS = ['array_declarator', 'template_argument_list', 'case_statement', 'static_assert_declaration', 'enumerator', 'bitfield_clause'];

/** `decl` is `const` or `constexpr` and `stmts` name one of its variables where a constant is needed. */
function constantUses(decl: Node, stmts: Node[]): boolean {
  if (!decl.namedChildren.some((c) => c?.type === 'type_qualifier' && /^(const|constexpr)$/.test(c.text))) return false;
  const names = new Set(decl.childrenForFieldName('declarator').map((x) => declaredName(x)?.text ?? ''));
  return stmts.some((st) => descendantsOf(st, CONSTANT_CONTEXTS, true).some((c) => descendantsOf(c, ['identifier'], true).some((id) => names.has(id.text))));
}

/** The variables an assignment, update or declaration writes (by name). */
function writtenNames(w: Node): string[] {
  if (w.type === 'declaration') return w.childrenForFieldName('declarator').map((x) => declaredName(x)?.text ?? '');
  const target = w.childForFieldName(w.type === 'assignment_expression' ? 'left' : 'argument');
  return target ? [unparen(target).text] : [];
}

/** `n` lies inside one of `spans`. */
function withinAny(n: Node, spans: readonly Node[]): boolean {
  return spans.some((s) => s.startIndex <= n.startIndex && n.endIndex <= s.endIndex);
}

/** A loop's body, or an if's branches. */
function carrierBodies(n: Node): Node[] {
  if (!BARRIER_CARRIERS.has(n.type)) return [];
  if (n.type !== 'if_statement') return [n.childForFieldName('body')!];
  const alt = n.childForFieldName('alternative');
  const orElse = alt?.namedChildren.find((c) => c && c.type !== 'comment');
  return [n.childForFieldName('consequence')!, ...(orElse ? [orElse] : [])];
}

/** A block's statements and the text around them inside its braces (kept only if not blank). */
export const RETURNS_AND_LAMBDAS = new Set(['return_statement', 'lambda_expression']);

/**
 * How many statements of a function body come before the first holding a return: a lowered
 * return's value slot is declared after them, so its type (`__typeof__` of a returned value, for
 * a lambda or an `auto` function) may name what they declare (a local type alias).
 */
export function statementsBeforeReturns(body: Node): number {
  const inner = body.namedChildren.filter((st): st is Node => !!st && st.type !== 'comment');
  const k = inner.findIndex((st) => {
    let found = false;
    scan(st, RETURNS_AND_LAMBDAS, (n) => (n.type === 'lambda_expression' ? false : void (found = true)));
    return found;
  });
  return k < 0 ? inner.length : k;
}

function blockParts(block: Node, text: string): { inner: Node[]; lead: string; trail: string } {
  const inner = block.namedChildren.filter((st): st is Node => !!st && st.type !== 'comment');
  const kept = (from: number, to: number) => (text.slice(from, to).trim() ? text.slice(from, to) : '');
  if (!inner.length) return { inner, lead: '', trail: '' };
  return { inner, lead: kept(block.startIndex + 1, inner[0].startIndex), trail: kept(inner[inner.length - 1].endIndex, block.endIndex - 1) };
}

function declaredNameNode(d: Node): Node {
  let n = d;
  while (n.childForFieldName('declarator')) n = n.childForFieldName('declarator')!;
  return n;
}

/** `jump` is the break ending its case of `sw` (trailingBreak), which the switch's lowering drops. */
function endsCase(jump: Node, sw: Node): boolean {
  let c: Node | null = jump;
  while (c && c.parent?.parent?.id !== sw.id) c = c.parent;
  while (c && c.type !== 'case_statement') c = c.previousNamedSibling;
  return !!c && trailingBreak(caseBody(c))?.id === jump.id;
}

function findById(root: Node, id: number): Node | undefined {
  if (root.id === id) return root;
  for (const c of root.namedChildren) {
    const f = c && findById(c, id);
    if (f) return f;
  }
  return undefined;
}

/** Descendants of the given types, not entering lambdas (whose returns are their own). */
function descendantsOf(root: Node, types: readonly string[], includeRoot = false, want?: (type: string, start: number, end: number) => boolean): Node[] {
  const out: Node[] = includeRoot && types.includes(root.type) ? [root] : [];
  scan(root, typeSet(types), (n) => {
    if (n.type === 'lambda_expression') return false;
    out.push(n);
  }, want);
  return out;
}

/** A span that may hold a ?:, && or || (most statements hold none, and are not materialised). */
const mayBranch = (text: string) => (type: string, start: number, end: number) =>
  type === 'conditional_expression' || spanHas(text, '&&', start, end) || spanHas(text, '||', start, end) || spanHas(text, '?', start, end);

/** A span that may hold a comparison. */
const mayCompare = (text: string) => (_: string, start: number, end: number) =>
  spanHas(text, '<', start, end) || spanHas(text, '>', start, end) || spanHas(text, '==', start, end) || spanHas(text, '!=', start, end);

const COMPARISONS = new Set(['<', '>', '<=', '>=', '==', '!=']);
/** Operators that compute with their operands' values (a comparison there is a number). */
const ARITHMETIC = new Set(['*', '/', '%', '+', '-', '&', '|', '^', '<<', '>>']);

/**
 * `e` (through parentheses and casts) is a value the code goes on computing with: an operand of
 * arithmetic, what an assignment stores, a variable's initializer, an argument, a return value or
 * an element of a braced list. gcc follows a stored 0/1 into the arithmetic that reads it later.
 */
function usedAsValue(e: Node): boolean {
  let n = e;
  while (n.parent && (n.parent.type === 'parenthesized_expression' || n.parent.type === 'cast_expression')) n = n.parent;
  const p = n.parent;
  switch (p?.type) {
    case 'binary_expression':
      return ARITHMETIC.has(p.childForFieldName('operator')!.type);
    case 'assignment_expression':
      return p.childForFieldName('right')?.id === n.id;
    case 'init_declarator':
      return p.childForFieldName('value')?.id === n.id;
    case 'argument_list':
      // assert() takes a condition, made opaque by the runtime's macro.
      return p.parent?.childForFieldName('function')?.text !== 'assert';
    case 'return_statement':
    case 'initializer_list':
      return true;
    default:
      return false;
  }
}

const typeSets = new Map<string, ReadonlySet<string>>();

/** One Set object per list of types, so scans can cache what they derive from it. */
function typeSet(types: readonly string[]): ReadonlySet<string> {
  const key = types.join(',');
  let set = typeSets.get(key);
  if (!set) typeSets.set(key, (set = new Set([...types, 'lambda_expression'])));
  return set;
}

/**
 * A per-thread condition as an opaque 0/1 (hip2vx_bool passes it through an empty asm): combined
 * comparisons stay separate, so gcc cannot fold `a < n & b < n` into a branchy `max(a, b) < n`.
 */
function opaqueBool(e: Node, print: Printer): string {
  return e.type === 'comma_expression' ? `hip2vx_bool((${print(e)}))` : `hip2vx_bool(${print(e)})`;
}

/**
 * Contexts the compiler evaluates, never a thread: static_assert, template arguments, sizeof,
 * decltype, an enumerator, a constexpr variable's value, an `if constexpr` condition, a constexpr
 * function (lowered into statements, it would no longer be a constant expression where its
 * callers need one).
 */
const COMPILE_TIME = new Set(['static_assert_declaration', 'template_argument_list', 'sizeof_expression', 'alignof_expression', 'decltype', 'enumerator']);

export function compileTime(e: Node): boolean {
  for (let p = e.parent; p && p.type !== 'compound_statement'; p = p.parent) {
    if (COMPILE_TIME.has(p.type)) return true;
    if (p.type === 'declaration' && p.children.some((c) => c?.type === 'type_qualifier' && c.text === 'constexpr')) return true;
    if (p.type === 'condition_clause' && p.parent?.type === 'if_statement' && p.parent.children.some((c) => c?.type === 'constexpr')) return true;
  }
  for (let p = e.parent; p; p = p.parent) {
    if (p.type === 'function_definition') return p.children.some((c) => c?.text === 'constexpr' && c.type !== 'compound_statement');
  }
  return false;
}

const SCALAR_TYPE = /^(?:(?:const|volatile|unsigned|signed|short|long|int|char|bool|float|double|size_t|u?int(?:8|16|32|64)_t)\b\s*)+$|\*$/;
/**
 * The first value of a variable declared before the branches that assign it: `scalar` for a
 * scalar or a pointer; a class may have no default constructor (hip2vx_uninit: T() where it has one).
 */
function firstValue(type: string, scalar: string): string {
  return SCALAR_TYPE.test(type) ? scalar : ` = hip2vx_uninit<${type}>()`;
}

/** Part of a preprocessor condition (`#if defined(X) && X >= 2`): evaluated before compiling. */
export function inDirective(e: Node): boolean {
  let p = e.parent;
  while (p && !p.type.startsWith('preproc_')) p = p.parent;
  const condition = p && (p.type === 'preproc_if' || p.type === 'preproc_elif') ? p.childForFieldName('condition') : null;
  return !!condition && condition.startIndex <= e.startIndex && e.endIndex <= condition.endIndex;
}

/** The expression a loop tests at every pass (not a declaration, not a range-for). */
function loopCondition(loop: Node): Node | undefined {
  const condition = loop.childForFieldName('condition');
  if (!condition) return undefined;
  if (loop.type === 'while_statement') return condition.childForFieldName('value') ?? undefined;
  if (loop.type === 'do_statement') return condition.namedChildren[0];
  return loop.type === 'for_statement' && condition.type !== 'declaration' ? condition : undefined;
}

/** The test deciding whether `part` of `e` runs: the right side of && and ||, the arms of ?:. */
function guardOf(e: Node, part: Node): { test: Node; when: string } | undefined {
  if (e.type === 'binary_expression' && e.childForFieldName('right')?.id === part.id) {
    const op = e.childForFieldName('operator')?.type;
    if (op === '&&' || op === '||') return { test: e.childForFieldName('left')!, when: op === '&&' ? 'true' : 'false' };
  }
  if (e.type === 'conditional_expression' && e.childForFieldName('condition')?.id !== part.id) {
    return { test: e.childForFieldName('condition')!, when: e.childForFieldName('consequence')?.id === part.id ? 'true' : 'false' };
  }
  return undefined;
}

const shorten = (text: string) => {
  const flat = text.replace(/^\((.*)\)$/s, '$1').replace(/\s+/g, ' ').trim();
  return flat.length > 60 ? `${flat.slice(0, 57)}...` : flat;
};

const at = (n: Node) => `${position(n).line}:${position(n).col}`;

/** `the 'if' at 3:5 on per-thread values (threadIdx.x < 16)`: where a call some threads skip sits. */
function describe(construct: Node): string {
  const condition = construct.type === 'for_range_loop' ? construct.childForFieldName('right') : construct.childForFieldName('condition');
  const shown = shorten(condition?.text ?? '');
  const kind = construct.type === 'if_statement' || construct.type === 'switch_statement' ? construct.type.slice(0, -'_statement'.length) : 'loop';
  return `the ${kind} at ${at(construct)}${shown ? ` on \`${shown}\`` : ''}, which may differ between the threads of a warp`;
}
