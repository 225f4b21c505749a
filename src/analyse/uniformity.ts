// Which values are the same for every thread of a warp. A condition that depends only on kernel
// parameters, blockIdx, blockDim, gridDim, constants and locals computed from those is uniform
// and needs no divergence bracket, and so is a read of the block's __shared__ memory or of
// read-only data at a uniform address (in a program without data races); everything else
// (threadIdx, other memory loads, atomics, calls to user functions but pure ones) is assumed to
// differ between threads.
import type { Node } from '../parse/parser.js';
import { calleeName, declaredName, scan } from './syntax.js';
import type { SummaryOracle, WarpScope } from './warp-uniformity.js';

/** Calls whose result is uniform when their arguments are. */
const PURE_CALLS = new Set([
  'min', 'max', 'umin', 'umax', 'llmin', 'llmax', 'ullmin', 'ullmax', 'abs', 'labs', 'llabs',
  'dim3', 'static_cast', 'reinterpret_cast', 'const_cast',
  // The C library's math, float and double forms, and CUDA's fast and rounded forms of it.
  ...['fmin', 'fmax', 'fabs', 'sqrt', 'rsqrt', 'cbrt', 'rcbrt', 'floor', 'ceil', 'round', 'trunc', 'rint', 'exp', 'exp2',
    'exp10', 'expm1', 'log', 'log2', 'log10', 'log1p', 'pow', 'sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'atan2', 'sinh',
    'cosh', 'tanh', 'hypot', 'fmod', 'fma', 'copysign', 'ldexp', 'erf', 'erfc', 'sinpi', 'cospi'].flatMap((f) => [f, `${f}f`]),
  '__expf', '__exp10f', '__logf', '__log2f', '__log10f', '__powf', '__sinf', '__cosf', '__tanf', '__fdividef', '__saturatef',
  '__fadd_rn', '__fmul_rn', '__fdiv_rn', '__fsqrt_rn', '__frcp_rn', '__fmaf_rn', '__float2int_rn', '__float2int_rz',
  '__float2uint_rn', '__int2float_rn', '__int_as_float', '__float_as_int', '__uint_as_float', '__float_as_uint',
  '__popc', '__popcll', '__clz', '__clzll', '__ffs', '__ffsll', '__brev', '__mul24', '__umul24', '__mulhi', '__umulhi',
]);
/** Methods without arguments whose result is the same for every thread: cooperative groups' sizes. */
const UNIFORM_METHODS = new Set(['size', 'num_threads', 'meta_group_size']);
const WRITERS = new Set(['declaration', 'assignment_expression', 'update_expression', 'pointer_expression', 'for_range_loop']);
const IDENTIFIERS = new Set(['identifier']);
const CALLS = new Set(['call_expression']);
const LAMBDAS = new Set(['lambda_expression']);
const GOTOS = new Set(['goto_statement']);
/** Library functions device code calls that write through reference parameters (std::swap, thrust::swap). */
const LIBRARY_REFERENCE_PARAMS: ReadonlyMap<string, ReadonlySet<number>> = new Map([['swap', new Set([0, 1])]]);
/** Member functions of cooperative groups and warp tiles: they leave the object as it was. */
const READ_ONLY_METHODS = new Set([
  ...UNIFORM_METHODS, 'sync', 'thread_rank', 'group_index', 'thread_index', 'group_dim', 'dim_threads', 'meta_group_rank',
  'shfl', 'shfl_up', 'shfl_down', 'shfl_xor', 'any', 'all', 'ballot', 'match_any', 'match_all', 'is_valid',
]);
/** Parents of an identifier that declare it rather than use it. */
const DECLARING = new Set(['array_declarator', 'init_declarator', 'declaration']);
const LOOPS = new Set(['for_statement', 'while_statement', 'do_statement', 'for_range_loop']);
const BRANCHES = new Set(['if_statement', 'switch_statement', ...LOOPS]);
/** Joins a variable's key and the place of a read, in warp-scope summaries. */
const READ_AT = '#';
const variableOf = (name: string) => name.split(READ_AT, 1)[0];

export interface UniformityContext {
  /** Builtins that differ per thread: threadIdx and the spellings that rename to it (hipThreadIdx_x). */
  perThreadBuiltins: ReadonlySet<string>;
  /** Device-function parameters (kernel parameters are uniform). */
  varyingParams: ReadonlySet<string>;
  /** `__constant__` globals: reads at a uniform index are uniform. */
  constants: ReadonlySet<string>;
  /** Names that denote per-thread or mutable storage (shared and __device__ variables). */
  perThreadGlobals: ReadonlySet<string>;
  /**
   * The block's `__shared__` variables: a read of one (a scalar, a field, an element at a uniform
   * index) is uniform. Every thread of the block reads the same location, and in a program
   * without data races nothing writes it between their reads (CUDA's memory model: a write
   * another thread reads is separated from the read by a barrier).
   */
  shared?: ReadonlySet<string>;
  /**
   * Pointer parameters to const data (`const int* lengths`): a load through one at a uniform
   * index reads the same value in every thread (nothing writes there during the kernel, but
   * through another pointer to the same data, which would be a race).
   */
  readOnly?: ReadonlySet<string>;
  /** Device functions whose result is uniform when their arguments are (`roundUpDiv(n, 64)`). */
  pure?: (name: string) => boolean;
  /** Set: "uniform" means the same in every lane of a logical warp, not of the whole block. */
  warp?: WarpScope;
  /** Per device function name, the positions of its non-const reference parameters (any overload's). */
  referenceParams?: ReadonlyMap<string, ReadonlySet<number>>;
}

/**
 * What a value's uniformity depends on: null when it varies whatever the variables hold, else the
 * variables that make it vary if they do. Computed once per expression, so the fixpoint below
 * re-reads these lists rather than the syntax tree.
 */
export type Summary = readonly string[] | null;

const merge = (parts: Summary[]): Summary => (parts.some((p) => p === null) ? null : parts.flat() as string[]);

export class Uniformity implements SummaryOracle {
  /** Locals (and parameters) whose value may differ between threads. */
  private readonly varying = new Set<string>();
  /**
   * Warp scope: the divergent constructs, in no loop, that write a variable declared outside them
   * (by key). Its reads outside such a construct vary (lanes that went different ways meet again
   * there); its reads inside see what every lane still inside wrote: an if runs once, and the
   * logical warp's lanes still in a loop run the same pass, since its warp operations wait for
   * them (a lane leaving counts as gone). In a loop, last time's values would meet there too.
   */
  private readonly divergentIn = new Map<string, Node[]>();
  /** Warp scope: constructs that run once per call (in no loop, in a body without goto), by id. */
  private readonly once = new Set<number>();
  /** Extra constructs made divergent by the caller (loops left early by some threads). */
  private readonly forcedDivergent = new Set<number>();
  private readonly localArrays = new Set<string>();
  /** References to one location of the block's shared memory (`int& next = l_mem[0];`): read as it is. */
  private readonly sharedReferences = new Set<string>();
  /** Writers found but not yet summarised: the work waits for the first question (many bodies ask none). */
  private found?: Node[];
  /** Per node that writes variables: (variable, what the written value depends on). */
  private readonly writers: { node: Node; writes: [string | undefined, Summary][] }[] = [];
  private readonly summaries = new Map<number, Summary>();
  private readonly controllers = new Map<number, Node[]>();
  /** Each local's declarations: where (the variable's key is `name@start`) and the scope it lives in. */
  private readonly declarations = new Map<string, { start: number; scopeStart: number; scopeEnd: number }[]>();
  /** Locals that calls may write (writtenByCalls). */
  private readonly byCalls: Node[];
  /** Warp scope: locals (keys) written once, by their declaration, and the value they get there. */
  private readonly values = new Map<string, Node | null>();

  constructor(private readonly body: Node, private readonly ctx: UniformityContext) {
    for (const p of ctx.varyingParams) this.varying.add(p);
    const found: Node[] = [];
    const declare = (id: Node | undefined, at: Node) => {
      if (!id) return;
      const scope = scopeOf(at);
      this.declarations.set(id.text, [...(this.declarations.get(id.text) ?? []), { start: at.startIndex, scopeStart: scope.startIndex, scopeEnd: scope.endIndex }]);
    };
    scan(body, WRITERS, (n) => {
      found.push(n);
      if (n.type === 'for_range_loop') declare(declaredName(n.childForFieldName('declarator')), n);
      if (n.type !== 'declaration') return;
      for (const d of n.childrenForFieldName('declarator')) {
        const arr = d?.type === 'init_declarator' ? d.childForFieldName('declarator') : d;
        if (arr?.type === 'array_declarator') this.localArrays.add(declaredName(arr)!.text);
        if (arr?.type === 'reference_declarator' && this.sharedElement(d!.childForFieldName('value'))) this.sharedReferences.add(declaredName(arr)!.text);
        declare(d ? declaredName(d) : undefined, n);
      }
    });
    // A lambda's parameters take what its callers pass: per-thread values, for all the body knows.
    scan(body, LAMBDAS, (lambda) => {
      for (const param of lambda.childForFieldName('declarator')?.childForFieldName('parameters')?.namedChildren ?? []) {
        const id = declaredName(param.childForFieldName('declarator'));
        if (!id) continue;
        declare(id, param);
        this.varying.add(this.key(id));
      }
    });
    this.byCalls = this.writtenByCalls();
    if (ctx.warp) {
      this.singleWrites(found);
      let jumps = false;
      scan(body, GOTOS, () => void (jumps = true));
      if (!jumps) scan(body, BRANCHES, (n) => void (this.inNoLoop(n) && this.once.add(n.id)));
    }
    this.found = found;
  }

  /** The key of the variable an identifier names: its innermost visible declaration in the body. */
  private key(id: Node): string {
    const at = id.startIndex;
    let start = -1;
    for (const d of this.declarations.get(id.text) ?? []) if (d.start <= at && d.scopeStart <= at && at < d.scopeEnd && d.start > start) start = d.start;
    return start < 0 ? id.text : `${id.text}@${start}`;
  }

  private singleWrites(writers: Node[]): void {
    const count = new Map<string, number>();
    for (const id of this.byCalls) count.set(this.key(id), 2);
    for (const n of writers) {
      for (const id of targetsOf(n)) count.set(this.key(id), (count.get(this.key(id)) ?? 0) + 1);
      if (n.type !== 'declaration') continue;
      for (const d of n.childrenForFieldName('declarator')) {
        const id = d && declaredName(d);
        if (id) this.values.set(this.key(id), d.type === 'init_declarator' ? d.childForFieldName('value') : null);
      }
    }
    for (const [key, n] of count) if (n > 1) this.values.delete(key);
  }

  onlyValue(id: Node): Node | null | undefined {
    return this.values.get(this.key(id));
  }

  private ensureSolved(): void {
    if (!this.found) return;
    // Summaries read localArrays: every declaration was seen first.
    for (const node of this.found) this.writers.push({ node, writes: this.writes(node) });
    for (const id of [...this.escapingArrays(), ...this.byCalls]) this.writers.push({ node: id, writes: [[this.key(id), null]] });
    this.found = undefined;
    this.solve();
  }

  /**
   * Local arrays named other than by an element (`f(v)`, `T* p = v + 1`): what is written through
   * the pointer they decay to is not followed, so their elements vary.
   */
  private escapingArrays(): Node[] {
    if (this.localArrays.size === 0) return [];
    const lengths = new Set([...this.localArrays].map((name) => name.length));
    const found: Node[] = [];
    scan(this.body, IDENTIFIERS, (id) => {
      const parent = id.parent!;
      const element = parent.type === 'subscript_expression' && parent.childForFieldName('argument')?.id === id.id;
      if (this.localArrays.has(id.text) && !element && !DECLARING.has(parent.type) && !inSizeof(id)) found.push(id);
    }, (_, start, end) => lengths.has(end - start));
    return found;
  }

  /**
   * Locals calls may write unseen: the roots of `x`, `x.f`, `x[i]` passed where a called device
   * function takes a non-const reference, and objects whose member functions are called
   * (`acc.add(v)`), but for the read-only ones of cooperative groups and warp tiles.
   */
  private writtenByCalls(): Node[] {
    const refs = this.ctx.referenceParams ?? new Map<string, ReadonlySet<number>>();
    const found: Node[] = [];
    scan(this.body, CALLS, (call) => {
      const fn = call.childForFieldName('function');
      if (fn?.type === 'field_expression' && fn.child(1)?.type === '.' && !READ_ONLY_METHODS.has(fn.childForFieldName('field')?.text ?? '')) {
        const object = rootVariable(fn.childForFieldName('argument'));
        if (object) found.push(object);
      }
      const name = calleeName(fn);
      const positions = name === undefined ? undefined : refs.get(name) ?? LIBRARY_REFERENCE_PARAMS.get(name);
      call.childForFieldName('arguments')?.namedChildren.forEach((arg, i) => {
        const root = positions?.has(i) ? rootVariable(arg) : undefined;
        if (root) found.push(root);
      });
    });
    return found;
  }

  /** A shared variable, or its element at a constant index. */
  private sharedElement(e: Node | null): boolean {
    const base = e?.type === 'subscript_expression' ? e.childForFieldName('argument') : e;
    const index = e?.type === 'subscript_expression' ? e.childForFieldName('indices')?.namedChildren : [];
    return base?.type === 'identifier' && !!this.ctx.shared?.has(base.text) && !!index?.every((i) => i.type === 'number_literal');
  }

  /** Marks a loop/branch as divergent whatever its condition says, and re-solves (if solved yet). */
  forceDivergent(node: Node): void {
    if (this.forcedDivergent.has(node.id)) return;
    this.forcedDivergent.add(node.id);
    if (!this.found) this.solve();
  }

  isUniform(e: Node | null): boolean {
    this.ensureSolved();
    return !e || this.holds(this.summary(e));
  }

  /** Warp scope: `e` is a linear thread index (threadIdx.x plus a uniform multiple of the block width). */
  isLinear(e: Node): boolean {
    this.ensureSolved();
    const s = this.ctx.warp?.linear(e, this);
    return s !== undefined && this.holds(s);
  }

  /** A loop or branch whose outcome may differ between threads of a warp. */
  isDivergent(construct: Node): boolean {
    // `if constexpr`: decided when compiled (and its branches must stay a constexpr if: each may not compile for every instance).
    if (construct.type === 'if_statement' && construct.children.some((c) => c.type === 'constexpr')) return false;
    this.ensureSolved();
    if (this.forcedDivergent.has(construct.id)) return true;
    if (construct.type === 'for_range_loop') {
      // Over an array declared in the body (shared or local), the trip count is its extent.
      const range = construct.childForFieldName('right');
      return !(range?.type === 'identifier' && this.localArrays.has(range.text)) && !this.isUniform(range);
    }
    const condition = construct.childForFieldName('condition');
    if (this.isUniform(condition)) return false;
    return construct.type !== 'for_statement' || !this.resetCounters(construct, this.summary(condition!));
  }

  /**
   * A for loop whose condition varies only through counters its initializer sets to a uniform
   * value and that it changes only uniformly (`for (i = 2; i <= N; i *= 2)`, with `i` also a
   * counter of a per-thread loop elsewhere): every thread runs it alike, whatever `i` held before.
   */
  private resetCounters(loop: Node, s: Summary): boolean {
    const init = loop.childForFieldName('initializer');
    if (s === null || !init) return false;
    const counters = new Set(s.filter((name) => this.varies(name)).map(variableOf));
    const uniformBut = (v: Summary) => v !== null && v.every((name) => counters.has(variableOf(name)) || !this.varies(name));
    const reset = new Set<string>();
    for (const { node, writes } of this.writers) {
      if (node.startIndex < loop.startIndex || node.endIndex > loop.endIndex) continue;
      const initial = node.startIndex >= init.startIndex && node.endIndex <= init.endIndex;
      for (const [target, value] of writes) {
        if (!target || !counters.has(target)) continue;
        if (initial && this.holds(value)) reset.add(target);
        else if (initial || !uniformBut(value) || this.controlling(node).some((p) => p.id !== loop.id && p.startIndex >= loop.startIndex && this.isDivergent(p))) return false;
      }
    }
    return [...counters].every((c) => reset.has(c));
  }

  private holds(s: Summary): boolean {
    return s !== null && s.every((name) => !this.varies(name));
  }

  /** A summary's name (a variable, or in warp scope a variable read at a place) varies. */
  private varies(name: string): boolean {
    const mark = name.indexOf(READ_AT);
    if (mark < 0) return this.varying.has(name);
    const key = name.slice(0, mark);
    if (this.varying.has(key)) return true;
    const at = Number(name.slice(mark + 1));
    return this.divergentIn.get(key)?.some((c) => at < c.startIndex || at >= c.endIndex) ?? false;
  }

  summary(e: Node): Summary {
    let s = this.summaries.get(e.id);
    if (s === undefined) {
      s = this.summarise(e);
      this.summaries.set(e.id, s);
    }
    return s;
  }

  private summarise(e: Node): Summary {
    const warp = this.ctx.warp?.summarise(e, this);
    if (warp !== undefined) return warp;
    switch (e.type) {
      case 'number_literal': case 'char_literal': case 'string_literal': case 'true': case 'false': case 'null':
      case 'nullptr': case 'sizeof_expression': case 'alignof_expression': case 'type_descriptor': case 'comment':
        return [];
      case 'identifier':
        // Locals, kernel parameters, constants and unknown names (enumerators, macros) are
        // uniform until a per-thread write is found.
        if (this.ctx.shared?.has(e.text) || this.sharedReferences.has(e.text)) return [];
        if (this.ctx.perThreadBuiltins.has(e.text) || this.ctx.perThreadGlobals.has(e.text)) return null;
        // Warp scope: where the variable is read (varies() checks it against divergentIn).
        return [this.ctx.warp ? `${this.key(e)}${READ_AT}${e.startIndex}` : this.key(e)];
      case 'field_expression':
        return e.child(1)?.type === '->' ? null : this.summaryOf(e.childForFieldName('argument'));
      case 'qualified_identifier': {
        // `Traits::kThreads`, `ns::kSize`: a static member or namespace-scope name, the same for
        // every thread unless it names shared or device storage.
        const name = e.childForFieldName('name');
        return name?.type === 'identifier' ? (this.ctx.perThreadGlobals.has(name.text) ? null : []) : this.childrenSummary(e);
      }
      case 'subscript_expression': {
        // Reads of __constant__, __shared__ or read-only data or of local arrays never written per thread, at a uniform index.
        const base = e.childForFieldName('argument');
        const storage = base?.type === 'identifier' && (this.ctx.constants.has(base.text) || !!this.ctx.shared?.has(base.text) || !!this.ctx.readOnly?.has(base.text) || this.localArrays.has(base.text));
        return storage ? merge([this.summary(base), this.childrenSummary(e.childForFieldName('indices'))]) : null;
      }
      case 'call_expression': {
        const fn = e.childForFieldName('function');
        if (fn?.type === 'field_expression' && UNIFORM_METHODS.has(fn.childForFieldName('field')?.text ?? '') && !e.childForFieldName('arguments')?.namedChildCount) return [];
        const name = calleeName(fn);
        return name && (PURE_CALLS.has(name) || this.ctx.pure?.(name)) ? this.childrenSummary(e.childForFieldName('arguments')) : null;
      }
      case 'pointer_expression': {
        const target = e.childForFieldName('argument');
        if (e.child(0)?.type === '*' && target?.type === 'identifier' && this.ctx.readOnly?.has(target.text)) return this.summary(target);
        const fixedAddress = e.child(0)?.type === '&' && target?.type === 'identifier' && (this.ctx.constants.has(target.text) || this.ctx.perThreadGlobals.has(target.text));
        return fixedAddress ? [] : null;
      }
      case 'binary_expression': case 'unary_expression': case 'parenthesized_expression': case 'conditional_expression':
      case 'cast_expression': case 'comma_expression': case 'update_expression': case 'assignment_expression':
      case 'argument_list': case 'subscript_argument_list': case 'initializer_list': case 'template_function':
      case 'condition_clause':
        return this.childrenSummary(e);
      default:
        return null;
    }
  }

  /** An absent value (no initialiser read) is uniform; unknown values are passed as null. */
  private summaryOf(e: Node | null): Summary {
    return e ? this.summary(e) : [];
  }

  private childrenSummary(n: Node | null): Summary {
    return n ? merge(n.namedChildren.map((c) => this.summaryOf(c))) : [];
  }

  /** Fixpoint: a variable varies if any write to it is per-thread or sits in a divergent construct. */
  private solve(): void {
    for (let changed = true; changed; ) {
      changed = false;
      for (const { node, writes } of this.writers) {
        for (const [target, value] of writes) {
          if (!target || this.varying.has(target)) continue;
          if (!this.holds(value)) {
            this.varying.add(target);
            changed = true;
            continue;
          }
          const constructs = this.divergentForOuter(node, target);
          if (!this.ctx.warp) {
            if (constructs.length) this.varying.add(target);
            changed ||= constructs.length > 0;
            continue;
          }
          if (constructs.some((c) => !this.once.has(c.id))) {
            this.varying.add(target);
            changed = true;
            continue;
          }
          const known = this.divergentIn.get(target) ?? [];
          const added = constructs.filter((c) => !known.includes(c));
          if (added.length) this.divergentIn.set(target, [...known, ...added]);
          changed ||= added.length > 0;
        }
      }
    }
  }

  /** (variable, what the written value depends on) pairs written by `n`. */
  private writes(n: Node): [string | undefined, Summary][] {
    if (n.type === 'declaration') {
      return n.childrenForFieldName('declarator').flatMap((d): [string | undefined, Summary][] =>
        d?.type === 'init_declarator' ? [[this.keyOf(declaredName(d)), this.summaryOf(d.childForFieldName('value'))]] : [],
      );
    }
    if (n.type === 'assignment_expression' || n.type === 'update_expression') {
      const left = n.childForFieldName(n.type === 'update_expression' ? 'argument' : 'left');
      const target = rootVariable(left);
      const value = this.summaryOf(n.type === 'assignment_expression' ? n.childForFieldName('right') : n.childForFieldName('argument'));
      // x[i] = v, x.f = v: the write varies with where it goes too.
      const indexed = target?.type !== n.childForFieldName('left')?.type;
      return [[this.keyOf(target), indexed ? merge([this.summaryOf(n.childForFieldName('left')), value]) : value]];
    }
    if (n.type === 'pointer_expression') return n.child(0)?.type === '&' ? [[this.keyOf(rootVariable(n.childForFieldName('argument'))), null]] : [];
    if (n.type === 'for_range_loop') return [[this.keyOf(declaredName(n.childForFieldName('declarator'))), this.summaryOf(n.childForFieldName('right'))]];
    return [];
  }

  /**
   * A write that only some threads make, to a variable that outlives the divergent construct.
   * Variables declared inside the construct are uniform among the threads that run it, which is
   * what the divergence check is about. The constructs: all of them in warp scope (divergentIn),
   * else the first (one makes the variable vary).
   */
  private divergentForOuter(n: Node, key: string): Node[] {
    const at = key.lastIndexOf('@');
    const declared = at < 0 ? -1 : Number(key.slice(at + 1));
    const outer = this.controlling(n).filter((p) => declared < p.startIndex);
    if (this.ctx.warp) return outer.filter((p) => this.isDivergent(p));
    const first = outer.find((p) => this.isDivergent(p));
    return first ? [first] : [];
  }

  private inNoLoop(n: Node): boolean {
    for (let p = n.parent; p && p.id !== this.body.id; p = p.parent) if (LOOPS.has(p.type) || p.type === 'lambda_expression') return false;
    return true;
  }

  private keyOf(id: Node | undefined): string | undefined {
    return id && this.key(id);
  }

  /** The branches and loops whose outcome decides whether `n` runs (found once: .parent is costly). */
  private controlling(n: Node): Node[] {
    let found = this.controllers.get(n.id);
    if (!found) {
      found = [];
      for (let p = n.parent; p && p.id !== this.body.id; p = p.parent) if (BRANCHES.has(p.type) && !isConditionOf(n, p)) found.push(p);
      this.controllers.set(n.id, found);
    }
    return found;
  }
}

/** The variables a writer node may write (for counting writes; see writes() for their values). */
function targetsOf(n: Node): Node[] {
  const ids = n.type === 'declaration' ? n.childrenForFieldName('declarator').map((d) => declaredName(d))
    : n.type === 'for_range_loop' ? [declaredName(n.childForFieldName('declarator'))]
    : [rootVariable(n.childForFieldName(n.type === 'assignment_expression' ? 'left' : 'argument'))];
  return ids.filter((id): id is Node => !!id);
}

const SCOPES = new Set(['compound_statement', 'for_statement', 'for_range_loop', 'if_statement', 'while_statement', 'switch_statement', 'catch_clause']);

/** The construct a declaration's name is visible in: its block, or the statement whose header declares it. */
function scopeOf(declaration: Node): Node {
  let p = declaration.parent!;
  while (!SCOPES.has(p.type) && p.parent) p = p.parent;
  return p;
}

/** `n` lies in the condition (or for-init) of `construct`, which every thread evaluates. */
function isConditionOf(n: Node, construct: Node): boolean {
  const cond = construct.childForFieldName('condition') ?? construct.childForFieldName('initializer');
  return !!cond && n.startIndex >= cond.startIndex && n.endIndex <= cond.endIndex && construct.type !== 'do_statement';
}

function inSizeof(n: Node): boolean {
  for (let p = n.parent; p && p.type !== 'compound_statement'; p = p.parent) if (p.type === 'sizeof_expression' || p.type === 'alignof_expression') return true;
  return false;
}

/** The variable an lvalue writes to: `x`, `x[i]`, `x.f`, `x[i].f` -> x. */
function rootVariable(lhs: Node | null): Node | undefined {
  for (let e = lhs; e; ) {
    if (e.type === 'identifier') return e;
    if (e.type === 'subscript_expression' || e.type === 'field_expression') e = e.childForFieldName('argument');
    else if (e.type === 'parenthesized_expression') e = e.namedChildren[0];
    else return undefined;
  }
  return undefined;
}
