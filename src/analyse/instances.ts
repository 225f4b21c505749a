// Kernel instances: every non-template kernel, and every template kernel once per distinct list of
// template arguments used at its launch sites. Each instance knows its parameters' C types and the
// device globals it reaches (passed as hidden pointer parameters), from which layouts follow.
import type { Node } from '../parse/parser.js';
import { isTypeError, type Subst, type TypeTable } from './types.js';
import { renderTypeId, type CType } from '../layout/index.js';
import type { FunctionInfo, GlobalVar, Launch, Program } from './program.js';
import { declaredName, descendants, scan, scanSpans, walk } from './syntax.js';
import { staticType } from './expression-type.js';

const IDENTIFIER = new Set(['identifier']);

export interface ParamInfo {
  name: string;
  node: Node;
  type: CType;
  /** The declaration as written without its default argument, template parameters replaced by this instance's arguments. */
  text: string;
  /** The default argument (`int steps = 0`): launches may leave it out. */
  defaultValue?: string;
}

export interface KernelInstance {
  kernel: FunctionInfo;
  /** C identifier: the kernel name, plus `__<args>` for template instances. */
  id: string;
  /** Template arguments as written (normalised spacing), empty for plain kernels. */
  templateArgs: string[];
  subst: Subst;
  params: ParamInfo[];
  /** Device globals used by the kernel or the device functions it calls. */
  globals: GlobalVar[];
  launches: Launch[];
  /** Launched from a host function template with its arguments (`k<T>`): through the dispatcher. */
  dispatched: boolean;
}

export interface InstanceProblem {
  node: Node;
  ruleId: string;
  message: string;
}

export function instanceId(name: string, args: readonly string[]): string {
  if (args.length === 0) return name;
  return `${name}__${args.map((a) => a.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '')).join('__')}`;
}

const normalise = (text: string) => text.replace(/\s+/g, ' ').replace(/\s*([<>,*&])\s*/g, '$1').trim();

/** The text of `node` with each use of a template parameter replaced by its argument. */
function substitute(node: Node, params: string[], args: string[]): string {
  let out = '';
  let at = node.startIndex;
  walk(node, (n) => {
    const i = n.type === 'type_identifier' || n.type === 'identifier' ? params.indexOf(n.text) : -1;
    if (i < 0 || i >= args.length) return;
    out += node.text.slice(at - node.startIndex, n.startIndex - node.startIndex) + args[i];
    at = n.endIndex;
  });
  return out + node.text.slice(at - node.startIndex);
}

/** Device functions and globals reachable from a function body, through calls by name. */
function reachableGlobals(kernel: FunctionInfo, program: Program): GlobalVar[] {
  const byName = new Map(program.deviceFunctions.map((f) => [f.name, f] as const));
  const globals = new Map(program.globals.map((g) => [g.name, g] as const));
  const seen = new Set<FunctionInfo>();
  const used = new Set<GlobalVar>();
  const visit = (f: FunctionInfo) => {
    if (seen.has(f) || !f.body) return;
    seen.add(f);
    scanSpans(f.body, IDENTIFIER, (_, start, end) => {
      const name = program.text.slice(start, end);
      const g = globals.get(name);
      if (g) used.add(g);
      const callee = byName.get(name);
      if (callee) visit(callee);
    });
  };
  visit(kernel);
  return program.globals.filter((g) => used.has(g));
}

interface Resolved {
  /** The template arguments as text (normalised), in parameter order. */
  texts: string[];
  subst: Map<string, CType | number>;
}

type Fail = (node: Node, message: string) => undefined;

/** `k<float, 4>`, `k<n>`: each argument resolved as a type, or as an integer constant for a
 * non-type parameter (a name such as `n` parses as a type; the parameter's kind decides). */
function explicitArgs(kernel: FunctionInfo, args: Node[], types: TypeTable, fail: Fail): Resolved | undefined {
  const subst = new Map<string, CType | number>();
  const texts: string[] = [];
  const parameters = kernel.outer.childForFieldName('parameters')?.namedChildren ?? [];
  for (const [i, a] of args.entries()) {
    if (a.type !== 'type_descriptor' || parameters[i]?.type === 'parameter_declaration') {
      const value = types.resolveConstant(a.type === 'type_descriptor' ? (a.namedChildren[0] ?? a) : a);
      if (isTypeError(value)) return fail(a, `template argument '${a.text}' is not an integer constant: ${value.message}`);
      subst.set(kernel.templateParams[i], Number(value));
      texts.push(String(value));
      continue;
    }
    const t = types.resolveTypeDescriptor(a);
    if (isTypeError(t)) return fail(a, t.message);
    subst.set(kernel.templateParams[i], t);
    texts.push(normalise(a.text));
  }
  return { texts, subst };
}

/**
 * `k<<<g, b>>>(d_x, n)` for `template <typename T> k(T* x, int n)`: T from the declared type of
 * each argument passed to a parameter spelled `T`, `T*`, `const T*`... (a variable, `&variable`,
 * a cast or a literal), as the compiler would deduce it.
 */
function deducedArgs(kernel: FunctionInfo, launch: Launch, program: Program, types: TypeTable): Resolved | undefined {
  const subst = new Map<string, CType | number>();
  kernel.params.forEach((param, i) => {
    const typeNode = param.childForFieldName('type');
    const name = typeNode?.type === 'type_identifier' ? typeNode.text : undefined;
    const arg = launch.args[i];
    if (!name || !kernel.templateParams.includes(name) || !arg) return;
    let depth = 0;
    for (let d = param.childForFieldName('declarator'); d; d = d.childForFieldName('declarator')) if (d.type === 'pointer_declarator') depth++;
    let t = staticType(arg, program.text, types);
    for (let k = 0; k < depth && t; k++) t = t.kind === 'pointer' ? t.to : t.kind === 'array' ? t.of : undefined;
    if (!t || t.kind === 'opaque') return;
    const known = subst.get(name);
    if (known === undefined) subst.set(name, t);
    else if (typeof known === 'number' || renderTypeId(known) !== renderTypeId(t)) subst.set(name, NaN);
  });
  const values = kernel.templateParams.map((p) => subst.get(p));
  if (values.some((v) => v === undefined || typeof v === 'number')) return undefined;
  return { texts: values.map((v) => normalise(renderTypeId(v as CType))), subst };
}


const TEMPLATE_CALL = new Set(['template_function']);

/** The host function template a launch lies in, if its template arguments use that function's parameters. */
export function dependentOn(launch: Launch, program: Program): FunctionInfo | undefined {
  const host = program.functions.find((f) => f.kind === 'host' && f.templateParams.length && f.body && f.body.startIndex <= launch.call.startIndex && launch.call.endIndex <= f.body.endIndex);
  if (!host || !launch.templateArgs) return undefined;
  return launch.templateArgs.some((a) => descendants(a, ['type_identifier', 'identifier']).some((n) => host.templateParams.includes(n.text))) ? host : undefined;
}

/**
 * `template <typename T> void run() { k<T><<<...>>>(...); }` called as `run<float>()`: for each
 * such call, the launch's template arguments with the host function's parameters replaced by the
 * call's arguments (argument nodes of the call). A launch argument that only uses a parameter
 * inside a larger expression (`k<T*>`) cannot be bound this way: undefined.
 */
function hostTemplateBindings(launch: Launch, host: FunctionInfo, program: Program): Node[][] | undefined {
  const bindings: Node[][] = [];
  let bindable = true;
  scan(program.root, TEMPLATE_CALL, (t) => {
    if (t.childForFieldName('name')?.text !== host.name || t.parent?.type !== 'call_expression') return;
    const args = t.childForFieldName('arguments')?.namedChildren.filter((a) => a.type !== 'comment') ?? [];
    if (args.length !== host.templateParams.length) return;
    bindings.push(
      launch.templateArgs!.map((a) => {
        const i = host.templateParams.indexOf(a.text.trim());
        if (i >= 0) return args[i];
        if (descendants(a, ['type_identifier', 'identifier']).some((n) => host.templateParams.includes(n.text))) bindable = false;
        return a;
      }),
    );
  });
  return bindable ? bindings : undefined;
}

export function collectInstances(program: Program, types: TypeTable): { instances: KernelInstance[]; problems: InstanceProblem[]; launchIds: Map<number, string> } {
  const problems: InstanceProblem[] = [];
  const instances: KernelInstance[] = [];
  const launchIds = new Map<number, string>();
  const fail: Fail = (node, message) => {
    problems.push({ node, ruleId: 'unknown-type', message });
    return undefined;
  };
  for (const kernel of program.kernels) {
    const launches = program.launches.filter((l) => l.kernel === kernel.name);
    const argLists = new Map<string, Resolved & { launches: Launch[]; dispatched: boolean }>();
    if (kernel.templateParams.length === 0) argLists.set('', { texts: [], subst: new Map(), launches, dispatched: false });
    else {
      const add = (resolved: Resolved, l: Launch, dispatched: boolean) => {
        const key = resolved.texts.join(',');
        const entry = argLists.get(key) ?? { ...resolved, launches: [], dispatched: false };
        if (!entry.launches.includes(l)) entry.launches.push(l);
        entry.dispatched ||= dispatched;
        argLists.set(key, entry);
      };
      for (const l of launches) {
        const explicit = l.templateArgs && l.templateArgs.length === kernel.templateParams.length;
        const host = explicit ? dependentOn(l, program) : undefined;
        if (host) {
          const bindings = hostTemplateBindings(l, host, program);
          if (!bindings?.length) {
            problems.push({
              node: l.call,
              ruleId: 'template-deduction',
              message: `the template arguments of kernel '${kernel.name}' come from host function template '${host.name}', ${bindings ? 'which is never called with explicit template arguments' : 'in an expression'}; call ${host.name}<...>(...) with explicit arguments and launch ${kernel.name}<${host.templateParams.join(', ')}>`,
            });
            continue;
          }
          for (const args of bindings) {
            const resolved = explicitArgs(kernel, args, types, fail);
            if (resolved) add(resolved, l, true);
          }
          continue;
        }
        const resolved = explicit ? explicitArgs(kernel, l.templateArgs!, types, fail) : deducedArgs(kernel, l, program, types);
        if (!resolved) {
          if (!explicit) {
            problems.push({
              node: l.call,
              ruleId: 'template-deduction',
              message: `cannot deduce the template arguments of kernel '${kernel.name}' from this launch; write ${kernel.name}<...> at the launch`,
            });
          }
          continue;
        }
        add(resolved, l, false);
      }
    }
    const globals = reachableGlobals(kernel, program);
    for (const { texts, subst, launches: ls, dispatched } of argLists.values()) {
      const params: ParamInfo[] = [];
      kernel.params.forEach((p, i) => {
        if (descendants(p, 'reference_declarator').length > 0) {
          problems.push({ node: p, ruleId: 'kernel-reference-param', message: `kernel parameter '${p.text}' is a reference; kernels take parameters by value` });
          return;
        }
        const t = types.resolveParameter(p, subst);
        if (isTypeError(t)) problems.push({ node: t.node, ruleId: 'unknown-type', message: t.message });
        else {
          const name = declaredName(p.childForFieldName('declarator'))?.text;
          const written = substitute(p, kernel.templateParams, texts);
          const fallback = p.childForFieldName('default_value');
          const defaultValue = fallback ? substitute(fallback, kernel.templateParams, texts) : undefined;
          const text = defaultValue === undefined ? written : written.slice(0, written.lastIndexOf(defaultValue)).replace(/\s*=\s*$/, '');
          params.push({ name: name ?? `__hv_param${i}`, node: p, type: t, text: name ? text : `${text} __hv_param${i}`, defaultValue });
        }
      });
      if (params.length !== kernel.params.length) continue;
      const id = instanceId(kernel.name, texts);
      ls.forEach((l) => launchIds.set(l.call.id, id));
      instances.push({ kernel, id, templateArgs: texts, subst, params, globals, launches: ls, dispatched });
    }
  }
  return { instances, problems, launchIds };
}
