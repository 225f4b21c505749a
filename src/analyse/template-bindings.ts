// Template arguments of kernel launches, bound as C++ binds them: written at the launch
// (`k<float, 4>`), deduced from the arguments' declared types (`k<<<g, b>>>(d_x, n)` with `T* x`),
// or a mix (`k<256>` deducing the rest). A launch inside a host function template is bound once per
// instantiation of that template, and those come from its calls, with written or deduced
// arguments, made from plain functions or from other host function templates, to any depth
// (`main` calls `run<float>()`, which calls `init(d_a)`, which launches `k`).
import { parse, type Node, type Tree } from '../parse/parser.js';
import { pointer, renderTypeId, type CType, type Field } from '../layout/index.js';
import { isTypeError, type TypeTable } from './types.js';
import { analyseProgram, launchesKernel, parameterListNames, templateParamNames, type FunctionInfo, type Launch, type Program } from './program.js';
import { argumentsOf, classBodyOf, declaredName, descendants, enclosingFunction, functionDeclarator, ownerScope, scan } from './syntax.js';
import { declarationOf, staticType } from './expression-type.js';
import { expandCall, functionMacro } from './launch-macros.js';
import { lambdaOf, type DeviceLambda } from './device-lambdas.js';
import type { Macro } from '../parse/macros.js';

/** Template parameters bound to types or integers, and how each is written in instance names. */
export interface Binding {
  subst: Map<string, CType | number>;
  /** A pack's text lists its elements (`float, int`; empty for an empty pack). */
  texts: Map<string, string>;
  /** Template parameter packs (`typename... Args`) bound to their element types. */
  packs?: Map<string, CType[]>;
}

export interface BindingProblem {
  node: Node;
  ruleId: 'template-deduction' | 'unknown-type' | 'device-lambda';
  message: string;
}

interface Call {
  call: Node;
  /** The function the call lies in (for a call in a macro's expansion, the macro's user). */
  caller: FunctionInfo;
  /** Written template arguments. */
  explicit?: Node[];
  /** The text the call's tree was parsed from. */
  text: string;
}

const NO_BINDING: Binding = { subst: new Map(), texts: new Map() };
const CALLS = new Set(['call_expression']);
const MACROS = new Set(['preproc_function_def']);
const INSTANTIATIONS = new Set(['template_instantiation']);
const NAMES = ['type_identifier', 'identifier'];
const VALUE_PARAMETERS = new Set(['parameter_declaration', 'optional_parameter_declaration']);
/** A type parameter's default (`typename T = float`) is a type node, not a type_descriptor. */
const TYPE_NODES = new Set(['primitive_type', 'sized_type_specifier', 'type_identifier', 'template_type']);

export const normalise = (text: string) => text.replace(/\s+/g, ' ').replace(/\s*([<>,*&])\s*/g, '$1').trim();
const typeText = (t: CType) => normalise(renderTypeId(t));

/** Binds template parameters named in `pattern` (a parameter's type) to what `actual` has there. */
function matchTypes(pattern: Node | null, actual: Node | null, templateParams: readonly string[], found: Map<string, Node>): void {
  if (!pattern || !actual) return;
  // `T` as a template argument: bound to the whole argument (a type_descriptor, which resolves).
  const bare = pattern.type === 'type_descriptor' && pattern.namedChildren.length === 1 ? pattern.namedChildren[0] : undefined;
  if (bare?.type === 'type_identifier' && templateParams.includes(bare.text) && actual.type === 'type_descriptor') {
    if (!found.has(bare.text)) found.set(bare.text, actual);
    return;
  }
  if (pattern.type === 'type_identifier' && templateParams.includes(pattern.text)) {
    if (!found.has(pattern.text)) found.set(pattern.text, actual);
    return;
  }
  const p = pattern.namedChildren.filter((c): c is Node => !!c && c.type !== 'comment');
  const a = actual.namedChildren.filter((c): c is Node => !!c && c.type !== 'comment');
  if (pattern.type !== actual.type || p.length !== a.length) return;
  p.forEach((c, i) => matchTypes(c, a[i], templateParams, found));
}

const RECORDS = new Set(['class_specifier', 'struct_specifier']);
const TEMPLATE_DECLARATIONS = new Set(['template_declaration']);
/** A class template's name with arguments: a type, or a temporary made by calling it (`Runner<int>().run()`). */
const CLASS_USES = new Set(['template_type', 'template_function']);
/** What stands around the name a call calls: `obj.`, `Cls<T>::`, `<T>`, `obj.template`. */
const CALLEE_WRAPPERS = new Set(['field_expression', 'qualified_identifier', 'template_function', 'template_method', 'dependent_name']);

/** Scopes of one kind found in a program, found once per program. */
function scopesOnce(find: (program: Program, found: FunctionInfo[]) => void): (program: Program) => FunctionInfo[] {
  const cache = new WeakMap<Program, FunctionInfo[]>();
  return (program) => {
    let found = cache.get(program);
    if (!found) find(program, (found = []));
    cache.set(program, found);
    return found;
  };
}

/**
 * The class templates of `program` (nested ones too), each as a scope: its body stands for the
 * member functions defined in it, bound once per instance of the class (`Solver<float>`).
 */
const classTemplates = scopesOnce((program, found) => scan(program.root, TEMPLATE_DECLARATIONS, (decl) => {
  const spec = decl.namedChildren.find((c) => !!c && RECORDS.has(c.type) && !!c.childForFieldName('body'));
  const name = spec?.childForFieldName('name');
  if (spec && name?.type === 'type_identifier') found.push({ node: spec, outer: decl, name: name.text, qualifiers: new Set(), templateParams: templateParamNames(decl), params: [], body: spec.childForFieldName('body')!, kind: 'host' });
}));

const isClassScope = (scope: FunctionInfo) => RECORDS.has(scope.node.type);

const LAMBDAS = new Set(['lambda_expression']);
/**
 * Template lambdas given a name (`auto dispatch = [&]<bool HZ>() {...};`, C++20; vLLM's
 * BOOL_SWITCH): host function templates, instantiated by their calls `dispatch.operator()<true>()`.
 */
const templateLambdas = scopesOnce((program, found) => scan(program.root, LAMBDAS, (lambda) => {
  const declarator = lambda.parent?.type === 'init_declarator' ? lambda.parent.childForFieldName('declarator') : null;
  const templateParams = parameterListNames(lambda.childForFieldName('template_parameters'));
  const body = lambda.childForFieldName('body');
  if (declarator?.type === 'identifier' && templateParams.length && body) found.push({ node: lambda, outer: lambda, name: declarator.text, qualifiers: new Set(), templateParams, params: [], body, kind: 'host' });
}, (_, start, end) => /\]\s*</.test(program.text.slice(start, end))));

/** The innermost of `scopes` whose body holds `node`. */
function innermost(node: Node, scopes: readonly FunctionInfo[]): FunctionInfo | undefined {
  let best: FunctionInfo | undefined;
  for (const f of scopes) {
    if (f.body && f.body.startIndex <= node.startIndex && node.endIndex <= f.body.endIndex && (!best || f.body.startIndex > best.body!.startIndex)) best = f;
  }
  return best;
}

const templateScopeCache = new WeakMap<Program, FunctionInfo[]>();

/** The host function template, or class template (a member function), whose body holds `node`, if any. */
function enclosingTemplate(node: Node, program: Program): FunctionInfo | undefined {
  let scopes = templateScopeCache.get(program);
  if (!scopes) templateScopeCache.set(program, (scopes = [...program.functions.filter((f) => f.kind === 'host' && f.templateParams.length > 0), ...classTemplates(program), ...templateLambdas(program)]));
  return innermost(node, scopes);
}

/**
 * A launch whose template arguments depend on the enclosing host function template's parameters
 * (written with them, or left to deduction there): the instance is chosen when the host template
 * is instantiated, through the kernel's dispatcher.
 */
export function dependentOn(launch: Launch, kernel: FunctionInfo, program: Program): FunctionInfo | undefined {
  if (kernel.templateParams.length === 0) return undefined;
  const host = enclosingTemplate(launch.call, program);
  if (!host) return undefined;
  const written = launch.templateArgs ?? [];
  if (written.length < kernel.templateParams.length) return host;
  return dependentNames(host).size && written.some((a) => descendants(a, NAMES).some((n) => dependentNames(host).has(n.text))) ? host : undefined;
}

const ALIASES = new Set(['alias_declaration', 'type_definition']);
const dependentNameCache = new WeakMap<Node, Set<string>>();

/**
 * The template's parameters, and the aliases its class (a member function's) and its body declare
 * with them (`using value_type = T;`, `using Tr = Traits<4, A>;`), to any depth.
 */
function dependentNames(host: FunctionInfo): Set<string> {
  let names = dependentNameCache.get(host.node);
  if (names) return names;
  const found = (names = new Set(host.templateParams));
  for (const scope of [classBodyOf(host.node), host.body]) {
    if (!scope) continue;
    scan(scope, ALIASES, (alias) => {
      const name = alias.type === 'alias_declaration' ? alias.childForFieldName('name') : alias.childForFieldName('declarator');
      if (name && descendants(alias, NAMES).some((n) => n.id !== name.id && found.has(n.text))) found.add(name.text);
    });
  }
  dependentNameCache.set(host.node, names);
  return names;
}

/** Some launch of `kernel` in `program` goes through its dispatcher. */
export const dispatches = (program: Program, kernel: FunctionInfo): boolean => program.launches.some((l) => launchesKernel(l, kernel, program.kernels) && !!dependentOn(l, kernel, program));

export class TemplateBindings {
  private readonly instantiations = new Map<FunctionInfo, Binding[]>();
  private readonly trees: Tree[] = [];
  readonly problems: BindingProblem[] = [];

  /** `programs`: the file's own first, then the headers it includes; `types` resolves in all of them. */
  constructor(private readonly programs: readonly Program[], private readonly types: TypeTable, private readonly localHeaders: readonly Node[] = []) {}

  /**
   * The bindings of `kernel`'s template parameters at `launch`, one per instantiation of the host
   * function template around it (none when that template is never called), or a problem.
   */
  forLaunch(kernel: FunctionInfo, launch: Launch): Binding[] | BindingProblem {
    const program = this.programOf(launch.call);
    const host = enclosingTemplate(launch.call, program);
    const outers = host ? this.instancesOf(host) : [NO_BINDING];
    const bindings: Binding[] = [];
    for (const outer of outers) {
      const bound = this.bind(kernel, launch.templateArgs, launch.args, outer, program.text);
      if (typeof bound === 'string') {
        // C++ instantiates a class template's member function only where it is called.
        if (host && (isClassScope(host) || this.definedMemberOf(host)) && !this.calledMember(launch.call)) return [];
        return { node: launch.call, ruleId: 'template-deduction', message: `cannot deduce the template arguments of kernel '${kernel.name}' from this launch${host ? ` in '${host.name}<${[...outer.texts.values()].join(', ')}>'` : ''} (${bound}); write ${kernel.name}<...> at the launch` };
      }
      if (!isBindingProblem(bound)) bindings.push(bound);
      else return bound;
    }
    return bindings;
  }

  /**
   * The binding of `fn`'s template parameters at `call` (in device code), inside a function bound
   * by `outer`; undefined when `call` does not call `fn`, a string when deduction fails.
   */
  forCall(fn: FunctionInfo, call: Node, outer: Binding): Binding | BindingProblem | string | undefined {
    const found = this.callOf(fn, call);
    return found && this.bind(fn, found.explicit, argumentsOf(call.childForFieldName('arguments')), outer, this.programOf(call).text);
  }

  /** The launch goes through the kernel's dispatcher (see dependentOn). */
  dispatched(launch: Launch, kernel: FunctionInfo): boolean {
    return !!dependentOn(launch, kernel, this.programOf(launch.call));
  }

  private programOf(node: Node): Program {
    return this.programs.find((p) => p.root.tree === node.tree) ?? this.programs[0];
  }

  /** The member function around `node` is called somewhere in sight (by its name: `obj.run(`, `run(`). */
  private calledMember(node: Node): boolean {
    const fn = enclosingFunction(node);
    const name = fn && declaredName(functionDeclarator(fn)?.childForFieldName('declarator') ?? null);
    if (!fn || !name) return true;
    let called = false;
    for (const p of this.programs) {
      scan(p.root, CALLS, (call) => {
        let f = call.childForFieldName('function');
        // `obj.run(`, `run(`, `Solver<float>::run(`, `obj.template run<T>(`: the name called.
        while (f && CALLEE_WRAPPERS.has(f.type)) f = f.type === 'dependent_name' ? f.namedChildren[0] : f.childForFieldName(f.type === 'field_expression' ? 'field' : 'name');
        called ||= f?.text === name.text;
      }, (_, start, end) => !called && p.text.slice(start, end).includes(name.text));
    }
    return called;
  }

  /** The distinct bindings `host` is instantiated with (calls in a cycle add nothing more). */
  private instancesOf(host: FunctionInfo): Binding[] {
    const known = this.instantiations.get(host);
    if (known) return known;
    const found = new Map<string, Binding>();
    this.instantiations.set(host, []);
    const member = this.definedMemberOf(host);
    if (isClassScope(host)) this.classInstances(host, found);
    else if (member) this.memberInstances(host, member, found);
    else this.functionInstances(host, found);
    const result = [...found.values()];
    this.instantiations.set(host, result);
    return result;
  }

  /** A function template's instances: from its calls. */
  private functionInstances(host: FunctionInfo, found: Map<string, Binding>): void {
    for (const { call, caller, explicit, text } of this.callsTo(host)) {
      if (caller.kind === 'kernel' || caller.kind === 'device') continue;
      const outers = caller.templateParams.length ? this.instancesOf(caller) : [NO_BINDING];
      for (const outer of outers) {
        const bound = this.bind(host, explicit, argumentsOf(call.childForFieldName('arguments')), outer, text);
        if (typeof bound === 'string') {
          this.problems.push({ node: call, ruleId: 'template-deduction', message: `cannot deduce the template arguments of host function template '${host.name}', which launches kernels, at this call (${bound}); write ${host.name}<...> here` });
        } else if (isBindingProblem(bound)) this.problems.push(bound);
        else found.set([...bound.texts.values()].join(','), bound);
      }
    }
  }

  /**
   * `template <typename T> void Solver<T>::run() {...}`, a member of a class template defined
   * outside it: the class, and the names this definition gives its template parameters.
   */
  private definedMemberOf(fn: FunctionInfo): { cls: FunctionInfo; names: string[] } | undefined {
    const scope = ownerScope(fn.node);
    const cls = scope?.type === 'template_type' ? this.programs.flatMap(classTemplates).find((c) => c.name === scope.childForFieldName('name')?.text) : undefined;
    const names = argumentsOf(scope?.childForFieldName('arguments') ?? null).map((a) => a.text.trim());
    // Its own template parameters (a member template) are not bound by the class's instances.
    if (!cls || names.length !== cls.templateParams.length || fn.templateParams.length !== names.length || names.some((n) => !fn.templateParams.includes(n))) return undefined;
    return { cls, names };
  }

  /** The instances of a member defined outside its class template: the class's, renamed as the definition names them. */
  private memberInstances(fn: FunctionInfo, member: { cls: FunctionInfo; names: string[] }, found: Map<string, Binding>): void {
    for (const b of this.instancesOf(member.cls)) {
      const at = (p: string) => member.cls.templateParams[member.names.indexOf(p)];
      // The class's own names too: its fields are declared with them.
      const subst = new Map([...b.subst, ...fn.templateParams.map((p) => [p, b.subst.get(at(p))!] as const)]);
      const texts = new Map(fn.templateParams.map((p) => [p, b.texts.get(at(p))!] as const));
      found.set([...texts.values()].join(','), { subst, texts });
    }
  }

  /**
   * A class template's instances: the template arguments its name is written with (`Solver<int>`,
   * `Solver<>`, in a declaration, an alias, an expression, a temporary), outside its own body; inside a host
   * template, once per instance of that. Uses whose arguments are not known are not instances.
   */
  private classInstances(cls: FunctionInfo, found: Map<string, Binding>): void {
    for (const program of this.programs) {
      scan(program.root, CLASS_USES, (use) => {
        if (use.childForFieldName('name')?.text !== cls.name || (use.tree === cls.outer.tree && cls.outer.startIndex <= use.startIndex && use.endIndex <= cls.outer.endIndex)) return;
        const around = enclosingTemplate(use, program);
        for (const outer of around ? this.instancesOf(around) : [NO_BINDING]) {
          const bound = this.bind(cls, argumentsOf(use.childForFieldName('arguments')), [], outer, program.text);
          if (typeof bound !== 'string' && !isBindingProblem(bound)) found.set([...bound.texts.values()].join(','), bound);
        }
      }, (_, start, end) => program.text.slice(start, end).includes(cls.name));
    }
  }

  /**
   * Calls of `fn` by name (`f(...)`, `f<A>(...)`, `ns::f(...)`) with as many arguments as it has
   * parameters, with the function they lie in; also those a function-like macro's use expands to
   * (`#define EVAL(n) run<T, n>(...)`, a type switch passing `f` as an argument).
   */
  private callsTo(fn: FunctionInfo): Call[] {
    const out: Call[] = [];
    for (const program of this.programs) {
      const callerOf = (call: Node) => innermost(call, [...program.functions, ...classTemplates(program)]);
      scan(program.root, CALLS, (call) => {
        const caller = callerOf(call);
        const found = caller && this.callOf(fn, call);
        if (found) out.push({ ...found, caller, text: program.text });
      }, (_, start, end) => program.text.slice(start, end).includes(fn.name));
      scan(program.root, INSTANTIATIONS, (inst) => {
        const found = this.explicitInstantiation(fn, inst);
        if (found) out.push(found);
        return false;
      });
      for (const use of this.macroUses(program, fn.name)) {
        const caller = callerOf(use.call);
        if (!caller) continue;
        // The caller again with the use expanded, so the arguments' declarations are in sight.
        const outer = caller.outer;
        const text = `${program.text.slice(outer.startIndex, use.call.startIndex)}${use.expansion}${program.text.slice(use.call.endIndex, outer.endIndex)}`;
        const tree = parse(text);
        this.trees.push(tree);
        scan(tree.rootNode, CALLS, (call) => {
          const found = this.callOf(fn, call);
          if (found) out.push({ ...found, caller, text });
        });
      }
    }
    return out;
  }

  /**
   * An explicit instantiation of `fn` (`template vector<float> run(const csr<float>&, int);`) as
   * a call from a function taking the instantiation's parameters, which the binding deduces from.
   */
  private explicitInstantiation(fn: FunctionInfo, inst: Node): Call | undefined {
    const declarator = functionDeclarator(inst);
    let name = declarator?.childForFieldName('declarator');
    while (name?.type === 'qualified_identifier') name = name.childForFieldName('name');
    if (!declarator || (name?.type === 'template_function' ? name.childForFieldName('name')?.text : name?.text) !== fn.name) return undefined;
    const params = argumentsOf(declarator.childForFieldName('parameters')).filter((p) => VALUE_PARAMETERS.has(p.type));
    const names = params.map((p, i) => declaredName(p.childForFieldName('declarator'))?.text ?? `__hv_a${i}`);
    const list = params.map((p, i) => (declaredName(p.childForFieldName('declarator')) ? p.text : `${p.text} ${names[i]}`));
    // Template arguments the parameter types spell (`csr<float>` for `csr<T>`), as a written prefix.
    const spelled = new Map<string, Node>();
    fn.params.forEach((p, i) => params[i] && matchTypes(p.childForFieldName('type'), params[i].childForFieldName('type'), fn.templateParams, spelled));
    const prefix = fn.templateParams.findIndex((t) => !spelled.has(t));
    const written = fn.templateParams.slice(0, prefix < 0 ? undefined : prefix).map((t) => spelled.get(t)!.text);
    const callee = name!.type === 'template_function' || written.length === 0 ? name!.text : `${name!.text}<${written.join(', ')}>`;
    const text = `void __hip2vx_instantiation(${list.join(', ')}) { ${callee}(${names.join(', ')}); }`;
    const tree = parse(text);
    this.trees.push(tree);
    const caller = analyseProgram(tree.rootNode, text).functions[0];
    let found: Call | undefined;
    scan(tree.rootNode, CALLS, (call) => {
      const c = this.callOf(fn, call);
      if (c && caller) found = { ...c, caller, text };
    });
    return found;
  }

  /** `call` as a call of `fn`, with its written template arguments. */
  private callOf(fn: FunctionInfo, call: Node): { call: Node; explicit?: Node[] } | undefined {
    if (LAMBDAS.has(fn.node.type)) return lambdaCall(fn, call);
    let f = call.childForFieldName('function');
    while (f?.type === 'qualified_identifier') f = f.childForFieldName('name');
    const template = f?.type === 'template_function' ? f : undefined;
    const name = template ? template.childForFieldName('name')?.text : f?.type === 'identifier' ? f.text : undefined;
    if (name !== fn.name) return undefined;
    const args = argumentsOf(call.childForFieldName('arguments'));
    const declared = argumentsOf(functionDeclarator(fn.node)?.childForFieldName('parameters') ?? null);
    const variadic = declared.some((p) => p.type.startsWith('variadic'));
    const required = fn.params.filter((p) => p.type !== 'optional_parameter_declaration').length;
    if (args.length < required || (!variadic && args.length > declared.length)) return undefined;
    return { call, explicit: template ? argumentsOf(template.childForFieldName('arguments')) : undefined };
  }

  private macros?: Map<string, Macro>;

  /** The function-like macros of the file and of its local headers (a type switch defined in a header). */
  private functionMacros(): Map<string, Macro> {
    if (this.macros) return this.macros;
    this.macros = new Map();
    for (const root of [...this.localHeaders, ...[...this.programs].reverse().map((p) => p.root)]) {
      scan(root, MACROS, (d) => {
        const macro = d.childForFieldName('name')?.text;
        if (macro) this.macros!.set(macro, functionMacro(d));
      });
    }
    return this.macros;
  }

  /** Uses in `program` of function-like macros whose expansion names `name`. */
  private macroUses(program: Program, name: string): { call: Node; expansion: string }[] {
    const macros = this.functionMacros();
    const uses: { call: Node; expansion: string }[] = [];
    if (macros.size === 0) return uses;
    const word = new RegExp(`\\b${name}\\b`);
    scan(program.root, CALLS, (call) => {
      const f = call.childForFieldName('function');
      const macro = f?.type === 'identifier' ? macros.get(f.text) : undefined;
      if (!macro) return;
      const expansion = expandCall(macro, call);
      if (word.test(expansion)) uses.push({ call, expansion });
      return false;
    });
    return uses;
  }

  /** Frees the trees parsed for macro expansions (once the bindings are no longer needed). */
  dispose(): void {
    this.trees.forEach((t) => t.delete());
    this.trees.length = 0;
  }

  /**
   * `fn`'s template parameters bound at a call or launch: the written arguments first, the rest
   * deduced from the call arguments' types, then the defaults. `outer` binds the caller's own
   * template parameters. A string says why deduction failed.
   */
  private bind(fn: FunctionInfo, written: readonly Node[] | undefined, args: readonly Node[], outer: Binding, text: string): Binding | BindingProblem | string {
    // A template lambda's list is its own field; a template_declaration's, `parameters`.
    const params = argumentsOf(fn.outer.childForFieldName(LAMBDAS.has(fn.outer.type) ? 'template_parameters' : 'parameters'));
    const subst = new Map<string, CType | number>();
    const texts = new Map<string, string>();
    const packAt = params.findIndex((p) => p.type === 'variadic_type_parameter_declaration');
    if (packAt >= 0 && packAt !== params.length - 1) return 'a template parameter pack that is not the last template parameter';
    for (const [i, a] of (written ?? []).slice(0, packAt < 0 ? undefined : packAt).entries()) {
      const name = fn.templateParams[i];
      if (!params[i] || params[i].type.startsWith('variadic')) return 'a variadic template';
      const value = params[i].type === 'template_template_parameter_declaration' ? templateName(a, outer) : this.argument(a, VALUE_PARAMETERS.has(params[i].type), outer);
      if (isBindingProblem(value)) return value;
      subst.set(name, value.value);
      texts.set(name, value.text);
    }
    let conflict = '';
    fn.params.forEach((param, i) => {
      for (const deduced of args[i] ? this.deduce(param, args[i], fn.templateParams, outer, text) : []) {
      const known = subst.get(deduced.name);
      if (known === undefined) {
        subst.set(deduced.name, deduced.type);
        texts.set(deduced.name, deduced.text ?? typeText(deduced.type));
      } else if (typeof known === 'number' || renderTypeId(known) !== renderTypeId(deduced.type)) {
        if (!written || written.length <= fn.templateParams.indexOf(deduced.name)) conflict = `'${deduced.name}' is deduced as both '${typeof known === 'number' ? known : renderTypeId(known)}' and '${renderTypeId(deduced.type)}'`;
      }
      }
    });
    if (conflict) return conflict;
    const packs = new Map<string, CType[]>();
    if (packAt >= 0) {
      const elements = this.packElements(fn, fn.templateParams[packAt], (written ?? []).slice(packAt), args.slice(fn.params.length), outer, text);
      if (typeof elements === 'string' || isBindingProblem(elements)) return elements;
      packs.set(fn.templateParams[packAt], elements.map((e) => e.value));
      texts.set(fn.templateParams[packAt], elements.map((e) => e.text).join(', '));
    }
    for (const [i, name] of fn.templateParams.entries()) {
      if (subst.has(name) || packs.has(name)) continue;
      const param = params[i];
      const fallback = param?.childForFieldName(VALUE_PARAMETERS.has(param.type) ? 'default_value' : 'default_type');
      if (!fallback) return lambdaArgument(fn, name, args, this.programOf(args[0] ?? fn.node)) ?? `nothing gives '${name}' a value`;
      const value = this.argument(fallback, VALUE_PARAMETERS.has(param.type), { subst, texts });
      if (isBindingProblem(value)) return value.message;
      subst.set(name, value.value);
      texts.set(name, value.text);
    }
    // In parameter order: instance names and dispatcher specialisations list them so.
    return { subst, texts: new Map(fn.templateParams.map((p) => [p, texts.get(p)!])), packs };
  }

  /**
   * The element types of `fn`'s template parameter pack `name`: as written (`k<int, float, int>`
   * for `template <typename T, typename... Rest>`), else deduced from the arguments its function
   * parameter pack (`Rest... rest`) takes, where `args...` passes on the caller's own pack.
   */
  private packElements(fn: FunctionInfo, name: string, written: readonly Node[], args: readonly Node[], outer: Binding, text: string): { value: CType; text: string }[] | BindingProblem | string {
    const takes = fn.pack?.childForFieldName('type');
    if (written.length > 0 || takes?.text !== name) {
      const values = written.map((a) => this.argument(a, false, outer));
      const problem = values.find(isBindingProblem);
      return problem ?? (values as { value: CType; text: string }[]);
    }
    const out: { value: CType; text: string }[] = [];
    for (const arg of args) {
      const passed = arg.type === 'parameter_pack_expansion' ? callerPack(arg, outer) : undefined;
      if (passed) {
        out.push(...passed.map((t) => ({ value: t, text: typeText(t) })));
        continue;
      }
      const t = staticType(arg, text, this.types, outer.subst);
      if (!t || t.kind === 'opaque') return `the type of '${arg.text}', an element of the pack '${name}', is not known here`;
      const value = t.kind === 'array' ? pointer(t.of) : t;
      out.push({ value, text: typeText(value) });
    }
    return out;
  }

  /** A written template argument: a type, or an integer constant for a non-type parameter. */
  private argument(a: Node, isValue: boolean, outer: Binding): { value: CType | number; text: string } | BindingProblem {
    const mentions = descendants(a, NAMES).filter((n) => outer.subst.has(n.text));
    const bare = mentions.length === 1 && mentions[0].text === a.text.trim() ? outer.texts.get(mentions[0].text) : undefined;
    if (isValue || (a.type !== 'type_descriptor' && !TYPE_NODES.has(a.type))) {
      // `N` in `k<N>` parses as a type name; the parameter's kind says it is a constant.
      const value = this.types.resolveConstant(a.type === 'type_descriptor' ? (a.namedChildren[0] ?? a) : a, outer.subst);
      const fn = isTypeError(value) ? this.functionArgument(a, outer) : undefined;
      if (fn) return fn;
      if (isTypeError(value)) return { node: a, ruleId: 'unknown-type', message: `template argument '${a.text}' is not an integer constant: ${value.message}` };
      return { value: Number(value), text: String(value) };
    }
    const spelled = decltypeOf(a);
    // `k<decltype(val)>`: the expression's type, named as resolved.
    const typed = spelled && staticType(spelled, a.tree.rootNode.text, this.types, outer.subst);
    if (typed && typed.kind !== 'opaque') return { value: typed, text: typeText(typed) };
    const t = this.types.resolveTypeDescriptor(a, outer.subst);
    if (isTypeError(t)) return { node: t.node, ruleId: 'unknown-type', message: t.message };
    // Written with names only seen here (the caller's parameters, a local alias, a name relative
    // to the namespace or class around the launch): as resolved.
    const local = mentions.length > 0 || inScope(a) || descendants(a, ['type_identifier']).some((n) => this.types.isLocalType(n));
    return { value: t, text: bare ?? (local ? typeText(t) : normalise(a.text)) };
  }

  /**
   * A function as a pointer template argument (`k<dot>`, `k<&dot>`, `k<ns::dot>`, `k<f<m>>`):
   * passed on by its name, its own template arguments as values where they are constants (a
   * caller's local `const int m` is out of sight where the instance is named).
   */
  private functionArgument(a: Node, outer: Binding): { value: CType; text: string } | undefined {
    const text = a.text.trim();
    const name = FUNCTION_VALUE.exec(text);
    const defined = name && this.programs.some((p) => p.functions.some((f) => f.kind !== 'kernel' && f.name === name[1]));
    if (!defined) return undefined;
    const list = name[2] !== undefined ? descendants(a, ['template_argument_list'])[0] : undefined;
    if (!list) return { value: { kind: 'opaque', text }, text };
    const args = list.namedChildren.filter((c): c is Node => !!c && c.type !== 'comment').map((c) => {
      const value = this.types.resolveConstant(c.type === 'type_descriptor' ? (c.namedChildren[0] ?? c) : c, outer.subst);
      return isTypeError(value) ? (outer.texts.get(c.text.trim()) ?? c.text.trim()) : String(value);
    });
    const spelled = `${text.slice(0, text.indexOf('<')).trim()}<${args.join(', ')}>`;
    return { value: { kind: 'opaque', text: spelled }, text: spelled };
  }

  /**
   * `T x`, `T* x`, `const T& x`...: T from the argument's type, pointers peeled as written;
   * `const csr<T>& m`: T from where the argument variable's declared type spells it.
   */
  private deduce(param: Node, arg: Node, templateParams: readonly string[], outer: Binding, text: string): { name: string; type: CType; text?: string }[] {
    const typeNode = param.childForFieldName('type');
    const name = typeNode?.type === 'type_identifier' ? typeNode.text : undefined;
    if (!name || !templateParams.includes(name)) return this.deduceSpelled(typeNode, arg, templateParams, outer);
    const one = this.deduceWhole(name, param, arg, outer, text);
    return one ? [one] : [];
  }

  /** A device lambda's struct (device-lambdas.ts) as the host function around it is instantiated by `outer`. */
  private closureType(lambda: DeviceLambda, outer: Binding): CType | undefined {
    const fields: Field[] = [];
    for (const c of lambda.captures) {
      const type = c.lambda ? this.closureType(c.lambda, outer) : c.declarator ? this.types.resolveDeclarator(c.declaration, c.declarator, outer.subst, true) : this.types.resolveParameter(c.declaration, outer.subst, true);
      if (!type || isTypeError(type)) return undefined;
      fields.push({ name: c.name, type });
    }
    const args = lambda.host.templateParams.map((p) => outer.texts.get(p) ?? p).filter((t) => t !== '');
    return { kind: 'record', tag: 'struct', name: `${lambda.closure}${args.length ? `<${args.join(', ')}>` : ''}`, fields };
  }

  private deduceSpelled(typeNode: Node | null, arg: Node, templateParams: readonly string[], outer: Binding): { name: string; type: CType }[] {
    const declared = arg.type === 'identifier' ? declarationOf(arg)?.node.childForFieldName('type') : undefined;
    if (!typeNode || !declared) return [];
    const spelled = new Map<string, Node>();
    matchTypes(typeNode, declared, templateParams, spelled);
    return [...spelled].flatMap(([name, node]) => {
      if (node.type !== 'type_descriptor') return [];
      const type = this.types.resolveTypeDescriptor(node, outer.subst);
      return isTypeError(type) ? [] : [{ name, type }];
    });
  }

  private deduceWhole(name: string, param: Node, arg: Node, outer: Binding, text: string): { name: string; type: CType; text?: string } | undefined {
    const lambda = lambdaOf(arg, this.programOf(arg));
    if (lambda) {
      const closure = lambda.problem ? undefined : this.closureType(lambda, outer);
      return closure && { name, type: closure };
    }
    let depth = 0;
    for (let d = param.childForFieldName('declarator'); d; d = d.childForFieldName('declarator') ?? (d.type === 'reference_declarator' ? d.namedChildren[0] : null)) {
      if (d.type === 'pointer_declarator' || d.type === 'array_declarator') depth++;
    }
    let t = staticType(arg, text, this.types, outer.subst);
    for (let k = 0; k < depth && t; k++) t = t.kind === 'pointer' ? t.to : t.kind === 'array' ? t.of : undefined;
    if (!t || t.kind === 'opaque') return undefined;
    // By value, an array argument is a pointer to its first element.
    const type = t.kind === 'array' ? pointer(t.of) : t;
    // Types here carry no qualifiers: a pointer to const deduces `const int*` (or `const int` for
    // `T*`, but `int` for `const T*`) by its spelling.
    const constParam = param.children.some((c) => c?.type === 'type_qualifier' && c.text === 'const');
    const constant = constPointee(arg) && ((depth === 1 && !constParam) || (depth === 0 && type.kind === 'pointer'));
    return { name, type, ...(constant && { text: `const ${typeText(type)}` }) };
  }
}

/** The expression of a type argument written `decltype(expr)`. */
function decltypeOf(a: Node): Node | undefined {
  const type = a.type === 'type_descriptor' && !a.childForFieldName('declarator') ? a.childForFieldName('type') : a;
  return type?.type === 'decltype' ? (type.namedChildren.find((c) => c.type !== 'comment') ?? undefined) : undefined;
}

/** Whether `n` is inside a namespace or a class (or a member function defined outside it), where its names may be relative to them. */
function inScope(n: Node): boolean {
  for (let p = n.parent; p; p = p.parent) if (p.type === 'namespace_definition' || p.type === 'field_declaration_list' || (p.type === 'function_definition' && ownerScope(p))) return true;
  return false;
}

/** Whether `arg` points to const data: `(const int*)d`, a variable declared `const float* p`. */
function constPointee(arg: Node): boolean {
  const declared = arg.type === 'identifier' ? declarationOf(arg) : undefined;
  const [spelled, declarator] = arg.type === 'cast_expression' ? [arg.childForFieldName('type'), arg.childForFieldName('type')?.childForFieldName('declarator')] : [declared?.node, declared?.declarator];
  const pointerDeclarator = declarator?.type === 'init_declarator' ? declarator.childForFieldName('declarator') : declarator;
  return !!spelled && spelled.children.some((c) => c?.type === 'type_qualifier' && c.text === 'const') && /pointer_declarator$/.test(pointerDeclarator?.type ?? '');
}

/** `args...` in a function template whose parameter pack `Args... args` the caller binds: Args' elements. */
/** `call` as a call of the template lambda `fn`: `fn.operator()<A, B>()` (`.template operator()` too). */
function lambdaCall(fn: FunctionInfo, call: Node): { call: Node; explicit: Node[] } | undefined {
  const f = call.childForFieldName('function');
  let method = f?.type === 'field_expression' && f.childForFieldName('argument')?.text === fn.name ? f.childForFieldName('field') : null;
  if (method?.type === 'dependent_name') method = method.namedChildren[0];
  if (method?.type !== 'template_method' || method.childForFieldName('name')?.type !== 'operator_name' || argumentsOf(call.childForFieldName('arguments')).length) return undefined;
  return { call, explicit: argumentsOf(method.childForFieldName('arguments')) };
}

function callerPack(expansion: Node, outer: Binding): CType[] | undefined {
  const name = expansion.namedChildren[0];
  const fn = enclosingFunction(expansion);
  const pack = fn && argumentsOf(functionDeclarator(fn)?.childForFieldName('parameters') ?? null).find((p) => p.type === 'variadic_parameter_declaration');
  if (name?.type !== 'identifier' || !pack || declaredName(pack.childForFieldName('declarator'))?.text !== name.text) return undefined;
  return outer.packs?.get(pack.childForFieldName('type')?.text ?? '');
}

/** A class template given to a template template parameter: named, nothing to lay out. */
function templateName(a: Node, outer: Binding): { value: CType; text: string } {
  const text = outer.texts.get(a.text.trim()) ?? normalise(a.text);
  return { value: { kind: 'opaque', text }, text };
}

/**
 * The lambda (written at the call, or a variable initialised with one) passed where `fn` takes
 * a parameter spelled as its template parameter `name`: the closure type C++ would deduce.
 */
function lambdaArgument(fn: FunctionInfo, name: string, args: readonly Node[], program: Program): BindingProblem | undefined {
  for (const [i, param] of fn.params.entries()) {
    const arg = args[i];
    if (!arg || param.childForFieldName('type')?.text !== name) continue;
    const declarator = arg.type === 'identifier' ? declarationOf(arg)?.declarator : undefined;
    const lambda = arg.type === 'lambda_expression' ? arg : declarator?.childForFieldName('value');
    if (lambda?.type !== 'lambda_expression') continue;
    const where = lambda === arg ? 'written here' : `'${arg.text}' (line ${lambda.startPosition.row + 1})`;
    const device = lambdaOf(arg, program);
    const why = device?.problem ?? (device ? 'the type of a variable it captures is not known here' : 'it is not a __device__ lambda, so its body is host code');
    return { node: arg, ruleId: 'device-lambda', message: `'${name}' of '${fn.name}' is the closure type of a lambda, ${where}, which cannot be passed to a kernel: ${why}; pass an object of a struct with a __device__ operator() instead` };
  }
  return undefined;
}

/** A function named as a value: `f`, `&ns::f`, `f<64, T>` (1: its name; 2: its template arguments, if written). */
export const FUNCTION_VALUE = /^&?\s*(?:[A-Za-z_]\w*\s*::\s*)*([A-Za-z_]\w*)\s*(?:<([\s\S]*)>)?$/;

export const isBindingProblem = (x: unknown): x is BindingProblem => typeof x === 'object' && x !== null && 'ruleId' in x;
