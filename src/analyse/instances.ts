// Kernel instances: every non-template kernel, and every template kernel once per distinct list of
// template arguments used at its launch sites. Each instance knows its parameters' C types and the
// device globals it reaches (passed as hidden pointer parameters), from which layouts follow.
import type { Node } from '../parse/parser.js';
import { isTypeError, type Subst, type TypeTable } from './types.js';
import { renderTypeId, type CType } from '../layout/index.js';
import { launchesKernel, namespacePath, type FunctionInfo, type GlobalVar, type Launch, type Program } from './program.js';
import { argumentsOf, declaredName, descendants, namespacesOf, ownerScope, scan, scanSpans, walk } from './syntax.js';
import { deviceLambdas } from './device-lambdas.js';
import type { TemplateBindings } from './template-bindings.js';

const IDENTIFIER = new Set(['identifier']);
const TEMPLATE_USE = new Set(['template_function']);
const DEVICE_KINDS = new Set(['kernel', 'device']);

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
  /** C identifier: the kernel name, plus `__<args>` for template instances (`__<parameter types>` for overloads). */
  id: string;
  /** What its launch stub is named by: the id, or for overloads the kernel name (C++ picks the stub by the arguments). */
  stub: string;
  /** Template arguments as written (normalised spacing), empty for plain kernels. */
  templateArgs: string[];
  subst: Subst;
  params: ParamInfo[];
  /** Device globals used by the kernel or the device functions it calls (a variable template's instantiations named `mask<float>`). */
  globals: GlobalVar[];
  launches: Launch[];
  /** Launched from a host function template with its arguments (`k<T>`): through the dispatcher. */
  dispatched: boolean;
  /** Some launch calls its stub directly (not through the dispatcher). */
  direct: boolean;
}

export interface InstanceProblem {
  node: Node;
  ruleId: string;
  message: string;
}

export function instanceId(name: string, args: readonly string[]): string {
  if (args.length === 0) return name;
  // An empty parameter pack adds nothing.
  // `-`, `*` and `&` are spelled out: put<float> and put<float*>, shift<1> and shift<-1> differ.
  const spelled = (a: string) => a.replace(/-/g, ' minus ').replace(/\*/g, ' ptr ').replace(/&/g, ' ref ');
  return `${name}__${args.filter((a) => a !== '').map((a) => spelled(a).replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '')).join('__')}`;
}

/** The text of `node` with each use of a template parameter replaced by its argument. */
function substitute(node: Node, params: string[], args: string[]): string {
  let out = '';
  let at = node.startIndex;
  walk(node, (n) => {
    // `P` of `typename P::Element` is a namespace_identifier to the grammar.
    const i = n.type === 'type_identifier' || n.type === 'identifier' || n.type === 'namespace_identifier' ? params.indexOf(n.text) : -1;
    if (i < 0 || i >= args.length) return;
    out += node.text.slice(at - node.startIndex, n.startIndex - node.startIndex) + args[i];
    at = n.endIndex;
  });
  return out + node.text.slice(at - node.startIndex);
}

/**
 * Device globals reachable from a function body, through calls by name, and those named by code a
 * kernel reaches through an object's type rather than a name (a functor's or a class's member
 * functions, device lambdas: passed to every kernel, which may be given such an object); for a variable template,
 * the template argument lists it is named with, read in terms of the kernel's template parameters
 * (a device function template naming it with its own parameters is not bound through the call).
 */
function reachableGlobals(kernel: FunctionInfo, program: Program): { global: GlobalVar; argLists: Node[] }[] {
  const byName = new Map(program.deviceFunctions.map((f) => [f.name, f] as const));
  const globals = new Map<string, GlobalVar[]>();
  for (const g of program.globals) globals.set(g.name, [...(globals.get(g.name) ?? []), g]);
  const seen = new Set<FunctionInfo>();
  const used = new Map<GlobalVar, Node[]>();
  const visit = (f: FunctionInfo) => {
    if (seen.has(f) || !f.body) return;
    seen.add(f);
    // A function of another file of the program (a header's) is read in its own text.
    const text = f.body.tree.text;
    const spaces = namespacesOf(f.outer);
    scanSpans(f.body, IDENTIFIER, (_, start, end) => {
      const name = text.slice(start, end);
      const g = globals.has(name) ? namedGlobal(globals.get(name)!, text, start, spaces) : undefined;
      if (g && !used.has(g)) used.set(g, []);
      const callee = byName.get(name);
      if (callee) visit(callee);
    });
    scan(f.body, TEMPLATE_USE, (n) => {
      const name = n.childForFieldName('name');
      const g = name && globals.has(name.text) ? namedGlobal(globals.get(name.text)!, text, name.startIndex, spaces) : undefined;
      const args = n.childForFieldName('arguments');
      if (g?.template && args) used.get(g)?.push(args);
    });
  };
  visit(kernel);
  for (const f of [...program.memberFunctions, ...program.deviceFunctions.filter((d) => ownerScope(d.node)), ...deviceLambdas(program).map((l) => l.fn)]) visit(f);
  return program.globals.filter((g) => used.has(g)).map((global) => ({ global, argLists: used.get(global)! }));
}

/**
 * A kernel template's instance named as a value in host code outside templates
 * (`hipFuncSetAttribute((const void*)k<float, 3>, ...)`, an occupancy query, hipLaunchKernel with an
 * argument array), read as a launch with those template arguments: it gets an instance and a handle
 * even where nothing launches it with <<<>>>. Values in host templates go through the dispatcher.
 */
function valuesOf(kernel: FunctionInfo, program: Program): Launch[] {
  const values: Launch[] = [];
  const text = program.root.tree.text;
  const inLaunch = (n: Node) => program.launches.some((l) => l.call.startIndex <= n.startIndex && n.endIndex <= l.call.endIndex);
  scan(program.root, TEMPLATE_USE, (n) => {
    // Not the declarator of an explicit instantiation or specialisation, nor a call (of a host function of that name: host code cannot call a kernel).
    const called = n.parent?.type === 'call_expression' && n.parent.childForFieldName('function')?.id === n.id;
    if (n.childForFieldName('name')?.text !== kernel.name || n.parent?.type === 'function_declarator' || called || inLaunch(n)) return;
    for (let p = n.parent; p; p = p.parent) if (p.type === 'template_declaration' || DEVICE_KINDS.has(program.functionOf(p)?.kind ?? '')) return;
    values.push({ call: n, form: 'chevron', kernel: kernel.name, templateArgs: argumentsOf(n.childForFieldName('arguments')), config: [], args: [], value: true });
  }, (_, start, end) => text.startsWith(kernel.name, start) && end - start > kernel.name.length);
  return values;
}

/** The globals an instance passes: each variable template once per argument list it is named with. */
/** `a::b::` written before a name (its qualifier; `::` alone: the global namespace). */
const QUALIFIER = /(?:([A-Za-z_]\w*(?:\s*::\s*[A-Za-z_]\w*)*)\s*)?::\s*$/;

/**
 * Which of the globals named alike (`a::cnt`, `b::cnt`) a use at `start` names, as C++ looks it up:
 * the one its qualifier names, else the one of the innermost namespace around the use (`spaces`).
 */
function namedGlobal(candidates: readonly GlobalVar[], text: string, start: number, spaces: readonly string[]): GlobalVar | undefined {
  if (candidates.length === 1) return candidates[0];
  const pathOf = (g: GlobalVar) => namespacesOf(g.declaration).join('::');
  const qualifier = QUALIFIER.exec(text.slice(Math.max(0, start - 200), start));
  if (qualifier) {
    const written = (qualifier[1] ?? '').replace(/\s+/g, '');
    // Relative to a namespace around the use (`inner::x` inside `outer`), or from the global one.
    const paths = qualifier[1] ? spaces.map((_, i) => [...spaces.slice(0, spaces.length - i), written].join('::')).concat(written) : [''];
    for (const path of paths) {
      const found = candidates.find((g) => pathOf(g) === path);
      if (found) return found;
    }
    return undefined;
  }
  for (let i = spaces.length; i >= 0; i--) {
    const found = candidates.find((g) => pathOf(g) === spaces.slice(0, i).join('::'));
    if (found) return found;
  }
  return candidates[candidates.length - 1];
}

function instanceGlobals(used: { global: GlobalVar; argLists: Node[] }[], params: string[], texts: string[]): GlobalVar[] {
  return used.flatMap(({ global, argLists }) => {
    if (!global.template) return [global];
    const names = new Set(argLists.map((a) => global.name + substitute(a, params, texts).replace(/\s+/g, ' ')));
    return [...names].map((name) => ({ ...global, name }));
  });
}

/**
 * `launchedOnly`: only kernels launched here get instances (a header translated on its own: its
 * includers build the others, and their parameter types may come from the includer).
 */
export function collectInstances(program: Program, types: TypeTable, bindings: TemplateBindings, launchedOnly = false): { instances: KernelInstance[]; problems: InstanceProblem[]; launchIds: Map<number, string> } {
  const problems: InstanceProblem[] = [];
  const instances: KernelInstance[] = [];
  const launchIds = new Map<number, string>();
  const overloaded = overloadedKernels(program.kernels);
  const rivalled = namesInSeveralNamespaces(program.kernels);
  for (const kernel of program.kernels) {
    // `v1::k` and `v2::k` need ids (handles, entries) of their own: `v1_k`, `v2_k`.
    const spaces = namespacesOf(kernel.outer);
    const base = rivalled.has(kernel.name) && spaces.length ? `${spaces.join('_').replace(/\W+/g, '_')}_${kernel.name}` : kernel.name;
    const launches = program.launches.filter((l) => launchesKernel(l, kernel, program.kernels));
    const argLists = new Map<string, { texts: string[]; subst: Subst; packs?: Map<string, CType[]>; launches: Launch[]; dispatched: boolean; direct: boolean }>();
    if (launchedOnly && launches.length === 0) continue;
    if (kernel.templateParams.length === 0) argLists.set('', { texts: [], subst: new Map(), launches, dispatched: false, direct: true });
    else {
      for (const l of [...launches, ...valuesOf(kernel, program)]) {
        const found = bindings.forLaunch(kernel, l);
        if (!Array.isArray(found)) {
          if (!l.value) problems.push(found);
          continue;
        }
        const dispatched = bindings.dispatched(l, kernel);
        for (const b of found) {
          const texts = [...b.texts.values()];
          const key = texts.join(',');
          const entry = argLists.get(key) ?? { texts, subst: b.subst, packs: b.packs, launches: [], dispatched: false, direct: false };
          if (!entry.launches.includes(l)) entry.launches.push(l);
          entry.dispatched ||= dispatched;
          entry.direct ||= !dispatched;
          argLists.set(key, entry);
        }
      }
    }
    const used = reachableGlobals(kernel, program);
    // Default arguments may be given on an earlier declaration only (`__global__ void k(float* p, float c = 1.0f);`).
    const prototypes = program.functions.filter((f) => f.kind === 'kernel' && !f.body && f.name === kernel.name && f.params.length === kernel.params.length && f.templateParams.length === kernel.templateParams.length);
    const declaredDefault = (i: number) => prototypes.map((f) => f.params[i].childForFieldName('default_value')).find((d) => !!d);
    for (const { texts, subst, packs, launches: ls, dispatched, direct } of argLists.values()) {
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
          const own = p.childForFieldName('default_value');
          const fallback = own ?? declaredDefault(i);
          const defaultValue = fallback ? substitute(fallback, kernel.templateParams, texts) : undefined;
          const text = !own ? written : written.slice(0, written.lastIndexOf(defaultValue!)).replace(/\s*=\s*$/, '');
          params.push({ name: name ?? `__hv_param${i}`, node: p, type: t, text: name ? text : `${text} __hv_param${i}`, defaultValue });
        }
      });
      if (params.length !== kernel.params.length) continue;
      if (kernel.pack) {
        const expanded = packParams(kernel.pack, packs);
        if ('ruleId' in expanded) {
          problems.push(expanded);
          continue;
        }
        params.push(...expanded);
      }
      const overload = overloaded.has(kernel.name);
      const id = overload ? instanceId(base, params.map((p) => renderTypeId(p.type).replace(/\*/g, ' ptr'))) : instanceId(base, texts);
      const stub = overload ? kernel.name : id;
      ls.forEach((l) => launchIds.set(l.call.id, stub));
      instances.push({ kernel, id, stub, templateArgs: specialisationArgs(kernel, texts, types), subst, params, globals: instanceGlobals(used, kernel.templateParams, texts), launches: ls, dispatched, direct });
    }
  }
  return { instances, problems, launchIds };
}

/**
 * A kernel's function parameter pack (`Args... args`) as one parameter per element of the
 * instance's `Args` (`args__0`, `args__1`...): the argument struct's members, the stub's parameters.
 */
function packParams(pack: Node, packs: ReadonlyMap<string, CType[]> | undefined): ParamInfo[] | InstanceProblem {
  const name = declaredName(pack.childForFieldName('declarator'))?.text ?? '__hv_pack';
  const elements = packs?.get(pack.childForFieldName('type')?.text ?? '');
  // By value, as kernels take them: `Args... args` or `const Args... args`.
  if (!elements || pack.childForFieldName('declarator')?.type !== 'variadic_declarator') {
    return { node: pack, ruleId: 'template-deduction', message: `kernel parameter pack '${pack.text}': only a pack of a template parameter pack taken by value ('Args... args') is supported` };
  }
  return elements.map((type, i) => ({ name: `${name}__${i}`, node: pack, type, text: `${renderTypeId(type)} ${name}__${i}` }));
}

/** Names of kernels defined in more than one namespace. */
function namesInSeveralNamespaces(kernels: readonly FunctionInfo[]): Set<string> {
  const spaces = new Map<string, Set<string>>();
  for (const k of kernels) spaces.set(k.name, (spaces.get(k.name) ?? new Set()).add(namespacePath(k)));
  return new Set([...spaces].filter(([, s]) => s.size > 1).map(([name]) => name));
}

/** Names of plain kernels defined more than once with different parameter types (overloads, not `#if` alternatives). */
function overloadedKernels(kernels: readonly FunctionInfo[]): Set<string> {
  const signatures = new Map<string, Set<string>>();
  for (const k of kernels) {
    if (!k.body || k.templateParams.length > 0) continue;
    const types = k.params.map((p) => (p.childForFieldName('type')?.text ?? '') + (p.childForFieldName('declarator')?.text.replace(/[A-Za-z_]\w*\s*$/, '') ?? '')).join(',');
    signatures.set(k.name, (signatures.get(k.name) ?? new Set()).add(types.replace(/\s+/g, '')));
  }
  return new Set([...signatures].filter(([, s]) => s.size > 1).map(([name]) => name));
}

/**
 * An instance's template arguments as C++ names them (a specialisation, a call, outside the kernel's
 * namespace): a number given to a non-type parameter of an enumeration type (`template <Op op>`)
 * converted to it, by its qualified name (`(ns::Op)0`).
 */
function specialisationArgs(kernel: FunctionInfo, args: readonly string[], types: TypeTable): string[] {
  const params = kernel.outer.childForFieldName('parameters')?.namedChildren.filter((p) => p && p.type !== 'comment') ?? [];
  return args.flatMap((a, i) => {
    const param = params[i];
    if (param?.type === 'variadic_type_parameter_declaration') return a === '' ? [] : [a];
    const type = param?.type === 'parameter_declaration' || param?.type === 'optional_parameter_declaration' ? param.childForFieldName('type') : null;
    const named = type && (type.type === 'type_identifier' || type.type === 'qualified_identifier') && !kernel.templateParams.includes(type.text) && type.text !== 'auto';
    if (!named || !/^-?\d+$/.test(a)) return a;
    const t = types.resolveParameter(param!, new Map());
    return `(${!isTypeError(t) && t.kind === 'enum' ? renderTypeId(t) : type.text})${a}`;
  });
}
