// Which values are the same for every thread of a warp. A condition that depends only on kernel
// parameters, blockIdx, blockDim, gridDim, constants and locals computed from those is uniform
// and needs no divergence bracket; everything else (threadIdx, memory loads, atomics, calls to
// user functions) is assumed to differ between threads.
import type { Node } from '../parse/parser.js';
import { declaredName, scan } from './syntax.js';

const PER_THREAD_BUILTINS = new Set(['threadIdx']);
/** Calls whose result is uniform when their arguments are. */
const PURE_CALLS = new Set([
  'min', 'max', 'umin', 'umax', 'fminf', 'fmaxf', 'fabsf', 'abs', 'sqrtf', 'rsqrtf', 'floorf', 'ceilf',
  'roundf', 'truncf', 'expf', 'logf', 'exp2f', 'log2f', 'powf', 'sinf', 'cosf', 'tanhf', '__expf', '__logf',
  '__fdividef', '__saturatef', '__float2int_rn', '__int_as_float', '__float_as_int', '__popc', '__clz',
  '__ffs', '__mul24', '__umul24', 'dim3', 'static_cast', 'reinterpret_cast', 'const_cast',
]);
const WRITERS = new Set(['declaration', 'assignment_expression', 'update_expression', 'pointer_expression', 'for_range_loop']);
const LOOPS = new Set(['for_statement', 'while_statement', 'do_statement', 'for_range_loop']);
const BRANCHES = new Set(['if_statement', 'switch_statement', ...LOOPS]);

export interface UniformityContext {
  /** Device-function parameters (kernel parameters are uniform). */
  varyingParams: ReadonlySet<string>;
  /** `__constant__` globals: reads at a uniform index are uniform. */
  constants: ReadonlySet<string>;
  /** Names that denote per-thread or mutable storage (shared and __device__ variables). */
  perThreadGlobals: ReadonlySet<string>;
}

export class Uniformity {
  /** Locals (and parameters) whose value may differ between threads. */
  private readonly varying = new Set<string>();
  /** Extra constructs made divergent by the caller (loops left early by some threads). */
  private readonly forcedDivergent = new Set<number>();
  private readonly localArrays = new Set<string>();
  /** The nodes that write variables, found once; the fixpoint re-reads only these. */
  private readonly writers: Node[] = [];
  private readonly controllers = new Map<number, Node[]>();
  /** Where each local is declared (start offsets), to tell writes to outer variables apart. */
  private readonly declarations = new Map<string, number[]>();

  constructor(private readonly body: Node, private readonly ctx: UniformityContext) {
    for (const p of ctx.varyingParams) this.varying.add(p);
    scan(body, WRITERS, (n) => {
      this.writers.push(n);
      if (n.type !== 'declaration') return;
      for (const d of n.childrenForFieldName('declarator')) {
        const arr = d?.type === 'init_declarator' ? d.childForFieldName('declarator') : d;
        if (arr?.type === 'array_declarator') this.localArrays.add(declaredName(arr)!.text);
        const name = d && declaredName(d)?.text;
        if (name) this.declarations.set(name, [...(this.declarations.get(name) ?? []), n.startIndex]);
      }
    });
    this.solve();
  }

  /** Marks a loop/branch as divergent whatever its condition says, and re-solves. */
  forceDivergent(node: Node): void {
    if (this.forcedDivergent.has(node.id)) return;
    this.forcedDivergent.add(node.id);
    this.solve();
  }

  isUniform(e: Node | null): boolean {
    if (!e) return true;
    switch (e.type) {
      case 'number_literal': case 'char_literal': case 'string_literal': case 'true': case 'false': case 'null':
      case 'nullptr': case 'sizeof_expression': case 'alignof_expression': case 'type_descriptor': case 'comment':
        return true;
      case 'identifier':
        // Locals, kernel parameters, constants and unknown names (enumerators, macros) are
        // uniform until a per-thread write is found.
        return !PER_THREAD_BUILTINS.has(e.text) && !this.varying.has(e.text) && !this.ctx.perThreadGlobals.has(e.text);
      case 'field_expression': {
        const op = e.child(1)?.type;
        return op !== '->' && this.isUniform(e.childForFieldName('argument'));
      }
      case 'subscript_expression': {
        const base = e.childForFieldName('argument');
        const uniformStorage = base?.type === 'identifier' && this.isUniform(base) && (this.ctx.constants.has(base.text) || this.isLocalArray(base.text));
        return !!uniformStorage && this.childrenUniform(e.childForFieldName('indices'));
      }
      case 'call_expression': {
        const fn = e.childForFieldName('function');
        const name = fn?.type === 'template_function' ? fn.childForFieldName('name')?.text : fn?.text;
        return !!name && PURE_CALLS.has(name) && this.childrenUniform(e.childForFieldName('arguments'));
      }
      case 'pointer_expression':
        return e.child(0)?.type === '&' && this.isAddressOfUniform(e.childForFieldName('argument'));
      case 'binary_expression': case 'unary_expression': case 'parenthesized_expression': case 'conditional_expression':
      case 'cast_expression': case 'comma_expression': case 'update_expression': case 'assignment_expression':
      case 'argument_list': case 'subscript_argument_list': case 'initializer_list': case 'template_function':
      case 'qualified_identifier': case 'condition_clause':
        return this.childrenUniform(e);
      default:
        return false;
    }
  }

  /** A loop or branch whose outcome may differ between threads of a warp. */
  isDivergent(construct: Node): boolean {
    if (this.forcedDivergent.has(construct.id)) return true;
    if (construct.type === 'for_range_loop') return !this.isUniform(construct.childForFieldName('right'));
    if (construct.type === 'for_statement') return !this.isUniform(construct.childForFieldName('condition'));
    return !this.isUniform(construct.childForFieldName('condition'));
  }

  /** Uniform local arrays: declared in this body and never written per thread. */
  private isLocalArray(name: string): boolean {
    return !this.varying.has(name) && this.localArrays.has(name);
  }

  private isAddressOfUniform(e: Node | null): boolean {
    return !!e && e.type === 'identifier' && (this.ctx.constants.has(e.text) || this.ctx.perThreadGlobals.has(e.text));
  }

  private childrenUniform(n: Node | null): boolean {
    return !n || n.namedChildren.every((c) => !c || this.isUniform(c));
  }

  /** Fixpoint: a variable varies if any write to it is per-thread or sits in a divergent construct. */
  private solve(): void {
    for (let changed = true; changed; ) {
      changed = false;
      const mark = (name: string | undefined) => {
        if (name && !this.varying.has(name)) {
          this.varying.add(name);
          changed = true;
        }
      };
      for (const n of this.writers) {
        for (const [target, value] of this.writes(n)) {
          if (!this.isUniform(value) || (target && this.divergentForOuter(n, target))) mark(target);
        }
      }
    }
  }

  /** (variable, value) pairs written by `n`; a value of null means "unknown" (varies). */
  private *writes(n: Node): Generator<[string | undefined, Node | null]> {
    if (n.type === 'declaration') {
      for (const d of n.childrenForFieldName('declarator')) {
        if (!d) continue;
        const name = declaredName(d)?.text;
        if (d.type === 'init_declarator') yield [name, d.childForFieldName('value')];
      }
    } else if (n.type === 'assignment_expression' || n.type === 'update_expression') {
      const target = rootVariable(n.childForFieldName(n.type === 'update_expression' ? 'argument' : 'left'));
      const value = n.type === 'assignment_expression' ? n.childForFieldName('right') : n.childForFieldName('argument');
      const indexed = target?.type !== n.childForFieldName('left')?.type;
      yield [target?.text, indexed ? (this.isUniform(n.childForFieldName('left')) ? value : null) : value];
    } else if (n.type === 'pointer_expression' && n.child(0)?.type === '&') {
      yield [rootVariable(n.childForFieldName('argument'))?.text, null];
    } else if (n.type === 'for_range_loop') {
      yield [declaredName(n.childForFieldName('declarator'))?.text, n.childForFieldName('right')];
    }
  }

  /**
   * A write that only some threads make, to a variable that outlives the divergent construct.
   * Variables declared inside the construct are uniform among the threads that run it, which is
   * what the divergence check is about.
   */
  private divergentForOuter(n: Node, name: string): boolean {
    const declared = (this.declarations.get(name) ?? []).filter((at) => at <= n.startIndex).pop() ?? -1;
    return this.controlling(n).some((p) => this.isDivergent(p) && declared < p.startIndex);
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

/** `n` lies in the condition (or for-init) of `construct`, which every thread evaluates. */
function isConditionOf(n: Node, construct: Node): boolean {
  const cond = construct.childForFieldName('condition') ?? construct.childForFieldName('initializer');
  return !!cond && n.startIndex >= cond.startIndex && n.endIndex <= cond.endIndex && construct.type !== 'do_statement';
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
