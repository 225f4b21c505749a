// Static __shared__ data of template device functions (`template <class T> T blockReduce(T v) {
// static __shared__ T s[32]; ... }`): each instantiation is its own variable, whose size depends on
// the template arguments. The instantiations come from the calls the kernel instances make, bound
// as C++ binds them (written or deduced arguments, through device functions and other templates at
// any depth); each gets a program-wide region like a plain device function's (shared-memory.ts).
import type { Node } from '../parse/parser.js';
import type { FunctionInfo } from './program.js';
import type { KernelInstance } from './instances.js';
import type { SharedLayout } from './shared-memory.js';
import { FUNCTION_VALUE, isBindingProblem, type Binding, type BindingProblem, type TemplateBindings } from './template-bindings.js';
import { scan } from './syntax.js';

/** One instantiation of a template device function with static shared data. */
export interface SharedInstantiation {
  fn: FunctionInfo;
  /** The layout of the file that defines `fn` (it measures the struct). */
  layout: SharedLayout;
  binding: Binding;
}

const CALLS = new Set(['call_expression']);

/** The called function's name (`f(x)`, `f<T>(x)`, `ns::f(x)`). */
function calleeName(call: Node): string | undefined {
  let f = call.childForFieldName('function');
  while (f?.type === 'qualified_identifier') f = f.childForFieldName('name');
  if (f?.type === 'template_function') f = f.childForFieldName('name');
  return f?.type === 'identifier' ? f.text : undefined;
}

/**
 * The instantiations of template device functions with static shared data that `instances` reach.
 * `units`: the device functions of the program with the layout of their file.
 */
export function sharedInstantiations(instances: readonly KernelInstance[], units: readonly { functions: readonly FunctionInfo[]; layout: SharedLayout }[], bindings: TemplateBindings): { found: SharedInstantiation[]; problems: BindingProblem[] } {
  const byName = new Map<string, { fn: FunctionInfo; layout: SharedLayout }[]>();
  for (const { functions, layout } of units) for (const fn of functions) byName.set(fn.name, [...(byName.get(fn.name) ?? []), { fn, layout }]);
  const found: SharedInstantiation[] = [];
  const problems: BindingProblem[] = [];
  // Per function, the template argument lists visited.
  const visited = new Map<FunctionInfo, Set<string>>();
  // Compile-time recursion (`f<N>` calling `f<N - 1>`, ended by a specialisation) is followed this deep.
  const visit = (fn: FunctionInfo, binding: Binding, layout?: SharedLayout, depth = 0) => {
    const key = [...binding.texts.values()].join(',');
    const seen = visited.get(fn) ?? new Set<string>();
    if (seen.has(key) || !fn.body || depth > MAX_DEPTH) return;
    visited.set(fn, seen.add(key));
    if (layout && fn.templateParams.length > 0 && layout.staticVars(fn).length > 0) found.push({ fn, layout, binding });
    scan(fn.body, CALLS, (call) => {
      const name = calleeName(call) ?? '';
      const passed = fn.templateParams.includes(name) ? passedFunction(binding.texts.get(name)) : undefined;
      if (passed) {
        for (const { fn: callee, layout: its } of byName.get(passed.name) ?? []) {
          if (callee.templateParams.length === passed.args.length) visit(callee, { subst: new Map(callee.templateParams.map((p, n) => [p, passed.args[n]])), texts: new Map(callee.templateParams.map((p, n) => [p, String(passed.args[n])])) }, its, depth + 1);
        }
        return;
      }
      for (const { fn: callee, layout: its } of byName.get(name) ?? []) {
        if (callee.templateParams.length === 0) {
          visit(callee, NONE, its, depth + 1);
          continue;
        }
        const bound = bindings.forCall(callee, call, binding);
        if (bound === undefined) continue;
        if (typeof bound !== 'string' && !isBindingProblem(bound)) visit(callee, bound, its, depth + 1);
        else if (its.staticVars(callee).length > 0) {
          problems.push(typeof bound === 'string' ? { node: call, ruleId: 'template-deduction', message: `cannot bind the template arguments of '${callee.name}', whose instantiations each own static __shared__ data, at this call (${bound}); write ${callee.name}<...> here` } : bound);
        }
      }
    });
  };
  for (const i of instances) visit(i.kernel, { subst: new Map(i.subst), texts: new Map(i.kernel.templateParams.map((p, n) => [p, i.templateArgs[n]])) });
  return { found, problems };
}

const NONE: Binding = { subst: new Map(), texts: new Map() };
const MAX_DEPTH = 64;

/**
 * A function passed as a template argument (`F` bound to `f<64, 2>` or `&f<64>`, as
 * template-bindings spells it): its name and integer template arguments; undefined otherwise.
 */
function passedFunction(text: string | undefined): { name: string; args: number[] } | undefined {
  const m = text && FUNCTION_VALUE.exec(text);
  if (!m) return undefined;
  const args = m[2]?.trim() ? m[2].split(',').map((a) => a.trim()) : [];
  return args.every((a) => /^-?\d+$/.test(a)) ? { name: m[1], args: args.map(Number) } : undefined;
}
