// Which parameters of a device function every call in the unit passes a uniform value: the
// interprocedural half of the uniformity analyses (uniformity.ts for the block, warp-uniformity.ts
// for a logical warp), so that `for (offset = 1; offset < size; offset *= 2) { ...; __syncthreads(); }`
// in a device function called with a kernel parameter for `size` is seen to be uniform.
import type { Node } from '../parse/parser.js';
import type { FunctionInfo } from './program.js';
import { calleeName, declaredName, scan } from './syntax.js';
import type { Uniformity } from './uniformity.js';
import { NOTHING, type WarpAssumptions } from './warp-uniformity.js';

/** Parameters of a device function that every call passes a uniform value (in the scope of the
 *  analyses: the block, or a logical warp), or a linear thread index (linear, warp scope only). */
export interface ParamFacts {
  uniform: ReadonlySet<string>;
  linear: ReadonlySet<string>;
}

const CALLS = new Set(['call_expression']);
const RETURNS = new Set(['return_statement']);
const BRANCHES = new Set(['if_statement', 'switch_statement', 'for_statement', 'while_statement', 'do_statement', 'for_range_loop']);

/**
 * ParamFacts of the device functions of one translation unit, from their calls in it (a function
 * that nothing else here calls assumes nothing). `analyse` builds the analysis of a function given
 * its own facts (a kernel's parameters are uniform), in one scope: the block's (divergence) or the
 * warp's (warp operations). With `assumable`, each function's analysis may assume its own template
 * parameters of unknown value are multiples of the warp size (assumedIn says which it did);
 * parameter facts still come from the analyses without assumptions (`base`), so every assumption
 * is one the function itself can check.
 */
export class ParamUniformity {
  private readonly facts = new Map<FunctionInfo, ParamFacts>();
  private readonly analyses = new Map<FunctionInfo, { uniformity: Uniformity; assume: WarpAssumptions }>();
  private readonly open = new Set<FunctionInfo>();
  private readonly pureNames = new Map<string, boolean>();
  private includedFns?: readonly FunctionInfo[];

  constructor(
    private readonly fns: readonly FunctionInfo[],
    private readonly analyse: (fn: FunctionInfo, facts: ParamFacts, assume: WarpAssumptions) => Uniformity,
    /** Device functions of the headers the unit includes: candidates for pure(), found on the first question. */
    private readonly included: () => readonly FunctionInfo[] = () => [],
    private readonly assumable?: (fn: FunctionInfo) => ReadonlySet<string>,
    private readonly base?: ParamUniformity,
  ) {}

  /** The same functions' analyses, each allowed to assume `assumable(fn)`. */
  assuming(assumable: (fn: FunctionInfo) => ReadonlySet<string>): ParamUniformity {
    return new ParamUniformity(this.fns, this.analyse, this.included, assumable, this);
  }

  /** The analysis of `fn`'s body, in this object's scope. */
  analysis(fn: FunctionInfo): Uniformity {
    let a = this.analyses.get(fn);
    if (!a) {
      const assume = { assumable: this.assumable?.(fn) ?? new Set<string>(), pure: (name: string) => this.pure(name), used: new Set<string>() };
      this.analyses.set(fn, (a = { uniformity: this.analyse(fn, this.of(fn), assume), assume }));
    }
    return a.uniformity;
  }

  /** The template parameters `fn`'s analysis assumed to be multiples of the warp size. */
  assumedIn(fn: FunctionInfo): ReadonlySet<string> {
    return this.analyses.get(fn)?.assume.used ?? new Set();
  }

  of(fn: FunctionInfo): ParamFacts {
    if (this.base) return this.base.of(fn);
    let f = this.facts.get(fn);
    if (f) return f;
    const names = paramNamesOf(fn);
    if (fn.kind === 'kernel') f = { uniform: new Set(names), linear: new Set() };
    else if (this.open.has(fn)) return { uniform: new Set(), linear: new Set() };
    else {
      this.open.add(fn);
      f = this.fromCalls(fn, names);
      this.open.delete(fn);
    }
    this.facts.set(fn, f);
    return f;
  }

  /**
   * Every device function of this name returns the same value in every thread of the scope when
   * its arguments are: its returns depend on nothing per-thread but its parameters and sit in no
   * branch on per-thread values (`ceil_div(n, warps)`). Recursion is not pure.
   */
  pure(name: string): boolean {
    if (this.base) return this.base.pure(name);
    const known = this.pureNames.get(name);
    if (known !== undefined) return known;
    this.pureNames.set(name, false);
    this.includedFns ??= this.included();
    const fns = [...this.fns, ...this.includedFns].filter((f) => f.name === name && f.kind !== 'kernel');
    const pure = fns.length > 0 && fns.every((f) => !!f.body && this.returnsUniform(f));
    this.pureNames.set(name, pure);
    return pure;
  }

  private returnsUniform(fn: FunctionInfo): boolean {
    const u = this.analyse(fn, { uniform: new Set(paramNamesOf(fn)), linear: new Set() }, { ...NOTHING, pure: (n) => this.pure(n) });
    let uniform = true;
    scan(fn.body!, RETURNS, (r) => {
      if (!u.isUniform(r.namedChildren[0] ?? null)) uniform = false;
      for (let p = r.parent; p && p.id !== fn.body!.id && uniform; p = p.parent) if (BRANCHES.has(p.type) && u.isDivergent(p)) uniform = false;
    });
    return uniform;
  }

  private fromCalls(fn: FunctionInfo, names: string[]): ParamFacts {
    const uniform = new Set(names), linear = new Set(names);
    const recursive: Node[][] = [];
    let calls = 0;
    // A parameter a call leaves out gets its default value (none: another overload, assumed nothing).
    const defaults = fn.params.map((p) => p.childForFieldName('default_value'));
    const check = (args: Node[], u: Uniformity) => names.forEach((name, i) => {
      const value = args[i] ?? defaults[i];
      if (uniform.has(name) && (!value || !u.isUniform(value))) uniform.delete(name);
      if (linear.has(name) && (!value || !u.isLinear(value))) linear.delete(name);
    });
    for (const caller of this.fns) {
      if (!caller.body) continue;
      scan(caller.body, CALLS, (call) => {
        const args = (call.childForFieldName('arguments')?.namedChildren ?? []).filter((a) => a.type !== 'comment');
        if (calleeName(call.childForFieldName('function')) !== fn.name || args.length > names.length) return;
        if (caller === fn) return void recursive.push(args);
        calls++;
        check(args, this.analysis(caller));
      });
    }
    if (!calls) return { uniform: new Set(), linear: new Set() };
    // A recursive call passes what the function computes: each fact must hold of its arguments
    // when the function assumes the facts left (a fixpoint).
    for (let size = -1; recursive.length && size !== uniform.size + linear.size; ) {
      size = uniform.size + linear.size;
      const u = this.analyse(fn, { uniform: new Set(uniform), linear: new Set(linear) }, { ...NOTHING, pure: (n) => this.pure(n) });
      for (const args of recursive) check(args, u);
    }
    return { uniform, linear };
  }
}

const paramNamesOf = (fn: FunctionInfo) => fn.params.map((p) => declaredName(p.childForFieldName('declarator'))?.text ?? '');
