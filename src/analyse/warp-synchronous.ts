// Legacy warp-synchronous code (docs/vortex.md, "Warp-synchronous shared memory"): lanes of one
// warp exchanging values through volatile shared memory without a barrier, relying on the 32
// lanes running in lockstep (`vs[tid] += vs[tid + 16];`, `if (lane >= 2) s[i] += s[i - 2];`).
// A logical warp is not lockstep on Vortex, so the device rewrite gives each such statement the
// lockstep order with barriers of the logical warp: all lanes read, then all write.
import type { Node } from '../parse/parser.js';
import { sharedOf, type FunctionInfo, type Program } from './program.js';
import { argumentsOf, declaredName, scan } from './syntax.js';

/** A statement of a warp-synchronous exchange. */
export interface WarpStep {
  statement: Node;
  /**
   * exchange: reads volatile shared memory and writes it (`lhs op rhs;`, split into read, barrier,
   * write, barrier); read: reads it right after exchanges (a barrier after it keeps the next
   * writes from overtaking the reads of other lanes).
   */
  kind: 'exchange' | 'read';
  /** An exchange's assignment (`s[i] = t += s[i - 1]`), when its shape can be split. */
  assignment?: Node;
}

const DECLARATIONS = new Set(['declaration']);
const CALLS = new Set(['call_expression']);
const SUBSCRIPTS = new Set(['subscript_expression']);
const IDENTIFIERS = new Set(['identifier']);
const STEPS = new Set(['expression_statement', 'declaration', 'return_statement']);

/**
 * The warp-synchronous steps of each function of `program`: statements reading volatile shared
 * memory (a `volatile` array or pointer whose value comes from a `__shared__` variable, also through
 * device function parameters every call passes one) and writing it, and the reading statements
 * that follow them.
 */
export function warpSynchronousSteps(program: Program): Map<FunctionInfo, WarpStep[]> {
  const steps = new Map<FunctionInfo, WarpStep[]>();
  if (!program.text.includes('volatile')) return steps;
  const fns = [...program.kernels, ...program.deviceFunctions, ...program.memberFunctions].filter((f) => f.body);
  const volatile = volatileSharedNames(program, fns);
  for (const fn of fns) {
    const names = volatile.get(fn)!;
    if (!names.size) continue;
    const found: WarpStep[] = [];
    scan(fn.body!, STEPS, (s) => {
      const { reads, writes } = accesses(s, names);
      if (reads && writes) found.push({ statement: s, kind: 'exchange', assignment: splittable(s, names) });
      else if (reads && endsInExchange(previousStatement(s), found)) found.push({ statement: s, kind: 'read' });
      return false;
    });
    if (found.length) steps.set(fn, found);
  }
  return steps;
}

/** `s` is an exchange, or an if (without else) whose branch ends with one (`if (lane >= 2) s[i] += s[i - 2];`). */
function endsInExchange(s: Node | undefined, found: readonly WarpStep[]): boolean {
  if (!s) return false;
  if (s.type === 'compound_statement') return endsInExchange(s.namedChildren.filter((c) => c.type !== 'comment').at(-1), found);
  if (s.type === 'if_statement') return !s.childForFieldName('alternative') && endsInExchange(s.childForFieldName('consequence') ?? undefined, found);
  return found.some((f) => f.kind === 'exchange' && f.statement.id === s.id);
}

/** The statement before `s` in its block, comments aside. */
export function previousStatement(s: Node): Node | undefined {
  let p = s.previousNamedSibling;
  while (p?.type === 'comment') p = p.previousNamedSibling;
  return p ?? undefined;
}

/** Reads (other than of the element a statement writes) and writes of `names`' elements (`v[i]`) in `s`. */
function accesses(s: Node, names: ReadonlySet<string>): { reads: boolean; writes: boolean } {
  let reads = false;
  let writes = false;
  const visit = (e: Node) => {
    if (!names.has(e.childForFieldName('argument')?.text ?? '')) return;
    const p = e.parent;
    const written = (p?.type === 'assignment_expression' && p.childForFieldName('left')?.id === e.id) || p?.type === 'update_expression';
    // The element written is the lane's own (`s[tid] += x` reads no other lane's value).
    if (written) writes = true;
    else reads = true;
  };
  if (SUBSCRIPTS.has(s.type)) visit(s);
  scan(s, SUBSCRIPTS, visit);
  return { reads, writes };
}

/**
 * `lhs op= rhs;` whose only write of volatile shared memory is lhs (an element) and whose lhs
 * index reads none: all lanes can evaluate rhs, wait, then store.
 */
function splittable(s: Node, names: ReadonlySet<string>): Node | undefined {
  const a = s.type === 'expression_statement' ? s.namedChildren[0] : undefined;
  if (a?.type !== 'assignment_expression') return undefined;
  const left = a.childForFieldName('left')!;
  const right = a.childForFieldName('right')!;
  if (left.type !== 'subscript_expression' || !names.has(left.childForFieldName('argument')?.text ?? '')) return undefined;
  if (accesses(left.childForFieldName('indices')!, names).reads || accesses(right, names).writes) return undefined;
  return a;
}

/** Per function: its names (variables and parameters) of volatile pointers or arrays into shared memory. */
function volatileSharedNames(program: Program, fns: readonly FunctionInfo[]): Map<FunctionInfo, Set<string>> {
  const sharedParams = new Map<FunctionInfo, Set<number>>(fns.map((f) => [f, new Set()]));
  const calls = fns.flatMap((caller) => {
    const found: { caller: FunctionInfo; callee: string; args: Node[] }[] = [];
    scan(caller.body!, CALLS, (c) => {
      const f = c.childForFieldName('function');
      const name = f?.type === 'template_function' ? f.childForFieldName('name')?.text : f?.text;
      if (name) found.push({ caller, callee: name, args: argumentsOf(c.childForFieldName('arguments')) });
    });
    return found;
  });
  const pointing = (fn: FunctionInfo) => sharedPointers(program, fn, sharedParams.get(fn)!);
  // Least fixed point: a parameter points into shared memory when every call passes such a value.
  for (let grew = true; grew; ) {
    grew = false;
    for (const fn of fns) {
      if (fn.kind === 'kernel') continue;
      const own = calls.filter((c) => c.callee === fn.name);
      fn.params.forEach((_, i) => {
        if (!own.length || sharedParams.get(fn)!.has(i)) return;
        if (!own.every((c) => c.args[i] && mentions(c.args[i], pointing(c.caller).all))) return;
        sharedParams.get(fn)!.add(i);
        grew = true;
      });
    }
  }
  return new Map(fns.map((f) => [f, pointing(f).volatile]));
}

/** The names in `fn` that point into shared memory, and those of them declared volatile. */
function sharedPointers(program: Program, fn: FunctionInfo, params: ReadonlySet<number>): { all: Set<string>; volatile: Set<string> } {
  const all = new Set<string>();
  const vol = new Set<string>();
  const add = (name: string, declaredVolatile: boolean) => {
    all.add(name);
    if (declaredVolatile) vol.add(name);
  };
  // A member function's own __shared__ variables are not the program's (no kernel's layout holds them).
  const shared = program.memberFunctions.includes(fn) ? sharedOf(fn, program.text) : program.shared.filter((v) => v.owner === fn);
  for (const v of shared) add(v.name, isVolatile(v.declaration));
  fn.params.forEach((p, i) => {
    const name = declaredName(p.childForFieldName('declarator'))?.text;
    if (name && params.has(i)) add(name, /\bvolatile\b/.test(p.text));
  });
  // Locals set from one (`volatile float* vs = sdata;`), in order.
  scan(fn.body!, DECLARATIONS, (decl) => {
    for (const d of decl.childrenForFieldName('declarator')) {
      const value = d?.type === 'init_declarator' ? d.childForFieldName('value') : null;
      const name = d && declaredName(d)?.text;
      if (name && value && d.childForFieldName('declarator')?.type === 'pointer_declarator' && mentions(value, all)) add(name, isVolatile(decl));
    }
  });
  return { all, volatile: vol };
}

function mentions(n: Node, names: ReadonlySet<string>): boolean {
  let found = n.type === 'identifier' && names.has(n.text);
  scan(n, IDENTIFIERS, (id) => void (found ||= names.has(id.text)));
  return found;
}

/** `volatile` written on a declaration (`volatile T* p = ...;`, `volatile __shared__ T s[64];`). */
const isVolatile = (decl: Node) => decl.children.some((c) => c?.type === 'type_qualifier' && c.text === 'volatile');
