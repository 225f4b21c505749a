// Finds what a translation unit declares for the GPU: kernels, device functions, device globals,
// static/dynamic shared variables and launch sites. Pure analysis: no text is changed here.
import type { Node } from '../parse/parser.js';
import { argumentsOf, declaredName, functionDeclarator, namespacesOf, qualifiersOf, scan, spanHas } from './syntax.js';
import { conditionalGroups, enclosingConditions } from '../parse/conditionals.js';

export interface FunctionInfo {
  /** function_definition, or declaration for a prototype */
  node: Node;
  /** The node that stands at namespace scope: the template_declaration when there is one. */
  outer: Node;
  name: string;
  qualifiers: Set<string>;
  templateParams: string[];
  params: Node[];
  /** A trailing function parameter pack (`Args... args`): not in `params`; an instance expands it. */
  pack?: Node;
  body?: Node;
  kind: 'kernel' | 'device' | 'host-device' | 'host';
}

export interface GlobalVar {
  declaration: Node;
  declarator: Node;
  name: string;
  space: 'constant' | 'device' | 'managed';
  /** A variable template (`template <class T> __constant__ T mask[8];`): one device global per instantiation. */
  template: boolean;
}

export interface SharedVar {
  declaration: Node;
  declarator: Node;
  name: string;
  dynamic: boolean;
  /** The function (kernel or device function) whose body declares it. */
  owner: FunctionInfo;
  /** The `#if` conditions inside the function under which it is declared (`#ifdef WAVE64 ... #else`). */
  conditions: string[];
  /** Its member of the function's shared struct: its name, or another for a second variable of the name in another scope. */
  member: string;
}

export interface Launch {
  call: Node;
  form: 'chevron' | 'ggl';
  /** The kernel's name; for an `indirect` launch, the callee's text. */
  kernel: string;
  /** Through a value that is not a kernel's name (`table[i]<<<...>>>`): nothing to bind it to. */
  indirect?: true;
  /** Not a launch: a kernel template's instance named as a value (`call` is the template_function), which gets an instance as a launch would. */
  value?: true;
  /** The namespaces the name is qualified with (`a::b::k`: ['a', 'b']; `::k`: []); unset when unqualified. */
  scope?: string[];
  /** type_descriptor / expression nodes of explicit template arguments, if any. */
  templateArgs?: Node[];
  /** grid, block, [shared bytes], [stream] */
  config: Node[];
  args: Node[];
}

export interface TopItem {
  node: Node;
  /** Enclosing namespace_definition / linkage_specification nodes (outermost first). */
  scopes: Node[];
}

export interface Program {
  root: Node;
  /** The source text the tree was parsed from. */
  text: string;
  /** The user's text (the parsed one may hide a specifier the grammar cannot read: a lambda's `__device__`). */
  source: string;
  items: TopItem[];
  functions: FunctionInfo[];
  kernels: FunctionInfo[];
  deviceFunctions: FunctionInfo[];
  /** `__device__` member functions defined in classes (deviceMemberFunctions). */
  memberFunctions: FunctionInfo[];
  globals: GlobalVar[];
  shared: SharedVar[];
  /**
   * `__shared__` variables declared at file scope (not extern), each declaration the owner of its
   * variables' region as a device function is of its static ones (it has no body).
   */
  fileShared: FunctionInfo[];
  launches: Launch[];
  hasMain: boolean;
  /** The function a node at namespace scope defines or declares. */
  functionOf(node: Node): FunctionInfo | undefined;
}

const PREPROC_BLOCKS = new Set(['preproc_if', 'preproc_ifdef', 'preproc_else', 'preproc_elif', 'preproc_elifdef']);

/** Items at namespace scope, looking through namespaces, extern "C" blocks and #if blocks. */
function collectItems(node: Node, scopes: Node[], out: TopItem[]): void {
  for (let i = 0; i < node.childCount; i++) {
    const c = node.child(i)!;
    if (!c.isNamed || ['name', 'condition'].includes(node.fieldNameForChild(i) ?? '')) continue;
    const body = c.childForFieldName('body');
    if (c.type === 'namespace_definition' && body) collectItems(body, [...scopes, c], out);
    else if (c.type === 'linkage_specification' && body?.type === 'declaration_list') collectItems(body, [...scopes, c], out);
    else if (c.type === 'linkage_specification' && body) out.push({ node: body, scopes: [...scopes, c] });
    else if (PREPROC_BLOCKS.has(c.type)) collectItems(c, scopes, out);
    else out.push({ node: c, scopes });
  }
}

function functionOf(item: Node): FunctionInfo | undefined {
  // Through every template head: `template <> template <> T C<int>::f<T>() {...}` specialises a member template.
  let inner: Node | null | undefined = item;
  while (inner?.type === 'template_declaration') inner = inner.namedChildren.find((c) => c?.type === 'function_definition' || c?.type === 'declaration' || c?.type === 'template_declaration');
  if (!inner || (inner.type !== 'function_definition' && inner.type !== 'declaration')) return undefined;
  const fd = functionDeclarator(inner);
  if (!fd) return undefined;
  const cast = inner.childForFieldName('declarator');
  const name = cast?.type === 'operator_cast' ? cast.text.slice(0, cast.text.indexOf('(')).replace(/\s+/g, ' ').trim() : declaredName(fd.childForFieldName('declarator'))?.text;
  if (!name) return undefined;
  const q = qualifiersOf(inner);
  const kind = q.has('__global__') ? 'kernel' : q.has('__device__') ? (q.has('__host__') ? 'host-device' : 'device') : 'host';
  const templateParams = item.type === 'template_declaration' ? templateParamNames(item) : [];
  const declared = (fd.childForFieldName('parameters')?.namedChildren ?? []).filter((p): p is Node => !!p && !isVoidList(p));
  const last = declared.at(-1);
  return {
    node: inner,
    outer: item,
    name,
    qualifiers: q,
    templateParams,
    params: declared.filter((p) => p.type === 'parameter_declaration' || p.type === 'optional_parameter_declaration'),
    pack: last?.type === 'variadic_parameter_declaration' ? last : undefined,
    body: inner.childForFieldName('body') ?? undefined,
    kind,
  };
}

/**
 * Member functions defined `__device__` in the bodies of the file's classes (a functor's
 * `operator()`), templates included: not in `functions`, which holds namespace-scope ones.
 */
function deviceMemberFunctions(root: Node): FunctionInfo[] {
  return root.descendantsOfType('field_declaration_list').flatMap((list) =>
    list.namedChildren.flatMap((c) => {
      const fn = c && (c.type === 'function_definition' || c.type === 'template_declaration') ? functionOf(c) : undefined;
      return fn?.body && (fn.kind === 'device' || fn.kind === 'host-device') ? [fn] : [];
    }),
  );
}

/** A file-scope `__shared__` declaration (not extern) as the owner of its variables, named after the first. */
function fileSharedOwner(node: Node): FunctionInfo | undefined {
  if (node.type !== 'declaration') return undefined;
  const q = qualifiersOf(node);
  const first = declaredName(node.childForFieldName('declarator'));
  if (!q.has('__shared__') || node.children.some((c) => c?.type === 'storage_class_specifier' && c.text === 'extern') || !first) return undefined;
  return { node, outer: node, name: `${first.text}_file`, qualifiers: q, templateParams: [], params: [], kind: 'device' };
}

export function fileSharedVars(owner: FunctionInfo): SharedVar[] {
  return owner.node.childrenForFieldName('declarator').flatMap((d) => {
    const name = d && declaredName(d);
    return d && name ? [{ declaration: owner.node, declarator: d, name: name.text, dynamic: false, owner, conditions: [], member: name.text }] : [];
  });
}

/** The names of a template declaration's parameters. */
export function templateParamNames(template: Node): string[] {
  return parameterListNames(template.childForFieldName('parameters'));
}

const TYPE_PARAMETERS = new Set(['type_parameter_declaration', 'optional_type_parameter_declaration', 'variadic_type_parameter_declaration']);

/** `T` of `typename T`, `class T = int`, `typename... T`, and of `template <typename> class T`. */
function typeParameterName(p: Node): Node | undefined {
  if (p.type === 'template_template_parameter_declaration') {
    const own = p.namedChildren[p.namedChildren.length - 1];
    return own && own.type !== 'template_parameter_list' ? typeParameterName(own) : undefined;
  }
  if (!TYPE_PARAMETERS.has(p.type)) return undefined;
  return p.childForFieldName('name') ?? p.namedChildren.find((c) => c?.type === 'type_identifier') ?? undefined;
}

/** The parameters of a template_parameter_list, and each one's name (unset for an unnamed one). */
function templateParameters(list: Node | null): { node: Node; name?: string }[] {
  return (list?.namedChildren ?? []).flatMap((p) => {
    if (!p || p.type === 'comment') return [];
    // `int N`, `Mode M`: the declarator names a non-type parameter; `typename T`: its name.
    const declarator = p.childForFieldName('declarator');
    const named = declarator ? declaredName(declarator) : typeParameterName(p);
    return [{ node: p, name: named?.text }];
  });
}

/** What an unnamed template parameter is called where the translation must name it. */
const unnamedParameter = (i: number) => `__hv_tparam${i}`;

/** The names a template_parameter_list declares (an unnamed parameter gets one, as in namedParameterList). */
export function parameterListNames(list: Node | null): string[] {
  return templateParameters(list).map((p, i) => p.name ?? unnamedParameter(i));
}

/**
 * `template`'s parameter list as written, its unnamed parameters named (`typename
 * std::enable_if<...>::type = 0` becomes `typename std::enable_if<...>::type __hv_tparam2 = 0`):
 * for declarations made with the same parameters (shared-memory structs, dispatchers) that use them.
 */
export function namedParameterList(template: Node): string {
  const list = template.childForFieldName('parameters')!;
  const text = list.tree.text;
  let out = '';
  let at = list.startIndex;
  for (const { after, name } of unnamedTemplateParameters(template)) {
    out += `${text.slice(at, after.endIndex)} ${name}`;
    at = after.endIndex;
  }
  return out + text.slice(at, list.endIndex);
}

/** The unnamed parameters of `template`: the name each gets, and the node it goes after (before any `= default`). */
export function unnamedTemplateParameters(template: Node): { after: Node; name: string }[] {
  return templateParameters(template.childForFieldName('parameters')).flatMap((p, i) => {
    if (p.name) return [];
    const parts = p.node.children.filter((c): c is Node => !!c);
    const equals = parts.findIndex((c) => c.type === '=');
    const after = parts[(equals < 0 ? parts.length : equals) - 1];
    return after ? [{ after, name: unnamedParameter(i) }] : [];
  });
}

function globalsOf(outer: Node, symbols: ReadonlySet<string>): GlobalVar[] {
  const item = outer.type === 'template_declaration' ? outer.namedChildren.find((c) => c?.type === 'declaration') : outer;
  if (item?.type !== 'declaration' || functionDeclarator(item)) return [];
  const q = qualifiersOf(item);
  // `__device__ __shared__` is a file-scope __shared__ variable (CUDA allows both): not a global.
  if (q.has('__shared__')) return [];
  const space = q.has('__constant__') ? 'constant' : q.has('__managed__') ? 'managed' : q.has('__device__') ? 'device' : undefined;
  if (!space || readOnlyTable(item, symbols)) return [];
  return item.childrenForFieldName('declarator').flatMap((d) => {
    const name = d && declaredName(d);
    return d && name ? [{ declaration: item, declarator: d, name: name.text, space, template: item !== outer }] : [];
  });
}

/**
 * `static const __device__ int8_t table[16] = {...}`: const and initialised, so nothing can write
 * it (hipMemcpyToSymbol of a const object is undefined): each side compiles its own copy like any
 * constant, and device code in other headers of the program names it directly. Unless the unit
 * reads it through a symbol API (`symbols`): then it is a device global like the others.
 */
function readOnlyTable(item: Node, symbols: ReadonlySet<string>): boolean {
  const constant = item.children.some((c) => c?.type === 'type_qualifier' && (c.text === 'const' || c.text === 'constexpr'));
  const declarators = item.childrenForFieldName('declarator');
  return constant && declarators.every((d) => d?.type === 'init_declarator' && !symbols.has(declaredName(d)?.text ?? ''));
}

/** The names in the calls of symbol APIs: `hipMemcpyFromSymbol(h, HIP_SYMBOL(lut), ...)`, `cudaGetSymbolSize(&n, lut)`. */
function symbolArguments(text: string): Set<string> {
  const found = new Set<string>();
  if (!text.includes('Symbol')) return found;
  for (const m of text.matchAll(/\b(?:hip|cuda)\w*Symbol\w*\s*\(([^;]*)/g)) {
    for (const arg of m[1].matchAll(/\b[A-Za-z_]\w*\b/g)) found.add(arg[0]);
  }
  return found;
}

const DECLARATION = new Set(['declaration']);
const CALL = new Set(['call_expression']);

export function sharedOf(fn: FunctionInfo, text: string): SharedVar[] {
  if (!fn.body) return [];
  const found: SharedVar[] = [];
  const body: [number, number] = [fn.body.startIndex, fn.body.endIndex];
  const groups = spanHas(text, '#', ...body) ? conditionalGroups(text) : [];
  scan(fn.body, DECLARATION, (decl) => {
    const q = qualifiersOf(decl);
    if (!q.has('__shared__')) return;
    const conditions = enclosingConditions(groups, decl.startIndex, decl.endIndex, body);
    for (const d of decl.childrenForFieldName('declarator')) {
      const name = d && declaredName(d);
      if (d && name) found.push({ declaration: decl, declarator: d, name: name.text, dynamic: q.has('extern'), owner: fn, conditions, member: name.text });
    }
  }, (_, start, end) => spanHas(text, '__shared__', start, end));
  // Variables of one name in two scopes (`if (mode) { __shared__ float buf[32]; } else { __shared__ int buf[16]; }`)
  // are two members; under two branches of an #if they are one, declared in each branch.
  const seen = new Map<string, number>();
  for (const v of found) {
    const key = `${v.name}\0${v.conditions.join('\0')}`;
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    if (n) v.member = `${v.name}__hv${n}`;
  }
  return found;
}

/** The item at file scope (or in a file-level #if group) holding the first of `launches`. */
export function firstLaunchItem(launches: readonly Launch[]): Node {
  let item = launches.reduce((a, b) => (a.call.startIndex <= b.call.startIndex ? a : b)).call;
  while (item.parent && item.parent.type !== 'translation_unit' && !item.parent.type.startsWith('preproc_')) item = item.parent;
  return item;
}

/** `a::b` of a function in `namespace a { namespace b {`: the namespaces around it. */
export const namespacePath = (f: FunctionInfo): string => namespacesOf(f.outer).join('::');

/** `a::b::k`: a function's name with the namespaces around it. */
export const qualifiedName = (f: FunctionInfo): string => [...namespacesOf(f.outer), f.name].join('::');

/**
 * Whether `launch` launches `kernel` (of the file's `kernels`): by name, and where kernels of that
 * name are defined in several namespaces, the one its qualifier names (`v1::k`; a suffix of the
 * kernel's namespaces), or unqualified the innermost one around the launch.
 */
export function launchesKernel(launch: Launch, kernel: FunctionInfo, kernels: readonly FunctionInfo[]): boolean {
  if (launch.kernel !== kernel.name || launch.indirect) return false;
  const spaces = new Set(kernels.filter((k) => k.name === kernel.name).map(namespacePath));
  if (spaces.size < 2) return true;
  const own = namespacePath(kernel);
  if (launch.scope) {
    const named = launch.scope.join('::');
    return own === named || own.endsWith(`::${named}`);
  }
  const around = namespacesOf(launch.call);
  const visible = [...spaces].filter((ns) => ns === '' || around.join('::') === ns || around.join('::').startsWith(`${ns}::`));
  const innermost = visible.sort((a, b) => b.length - a.length)[0];
  return innermost === undefined || own === innermost;
}

/** A launch's kernel expression without its parentheses and `HIP_KERNEL_NAME(...)`. */
export function launchedExpression(expr: Node): Node | undefined {
  let e: Node | null = expr;
  while (e && (e.type === 'parenthesized_expression' || (e.type === 'call_expression' && e.childForFieldName('function')?.text === 'HIP_KERNEL_NAME'))) {
    e = e.type === 'parenthesized_expression' ? e.namedChildren[0] : argumentsOf(e.childForFieldName('arguments'))[0] ?? null;
  }
  return e ?? undefined;
}

/** Name, explicit template arguments and qualifier of a launched kernel expression (`k`, `k<T>`, `ns::k`). */
function kernelRef(expr: Node, scope?: string[]): { name: string; templateArgs?: Node[]; scope?: string[] } | undefined {
  const e = launchedExpression(expr);
  if (!e) return undefined;
  if (e.type === 'identifier') return { name: e.text, scope };
  if (e.type === 'qualified_identifier') {
    const qualifier = e.childForFieldName('scope')?.text;
    return kernelRef(e.childForFieldName('name')!, [...(scope ?? []), ...(qualifier ? [qualifier] : [])]);
  }
  if (e.type === 'template_function') {
    const args = e.childForFieldName('arguments');
    return { name: e.childForFieldName('name')!.text, templateArgs: args ? argumentsOf(args) : [], scope };
  }
  return undefined;
}

function launchesIn(root: Node, text: string): Launch[] {
  const out: Launch[] = [];
  // Only calls that can be launches are materialised: `<<<` or hipLaunchKernelGGL in the span.
  const want = (_: string, start: number, end: number) => spanHas(text, '<<<', start, end) || spanHas(text, 'hipLaunchKernelGGL', start, end);
  scan(root, CALL, (n) => {
    const fn = n.childForFieldName('function');
    const chevrons = n.namedChildren.find((c) => c?.type === 'kernel_call_syntax');
    const args = argumentsOf(n.childForFieldName('arguments'));
    if (chevrons && fn) {
      const ref = kernelRef(fn);
      const config = argumentsOf(chevrons);
      out.push(ref ? { call: n, form: 'chevron', kernel: ref.name, templateArgs: ref.templateArgs, scope: ref.scope, config, args } : { call: n, form: 'chevron', kernel: fn.text, indirect: true, config, args });
    } else if (fn?.text === 'hipLaunchKernelGGL' && args.length >= 5) {
      const ref = kernelRef(args[0]);
      // Like <<<>>>: a kernel defined in an included header is launched too, an unknown one is reported.
      const launch = { call: n, form: 'ggl', config: args.slice(1, 5), args: args.slice(5) } as const;
      out.push(ref ? { ...launch, kernel: ref.name, templateArgs: ref.templateArgs, scope: ref.scope } : { ...launch, kernel: args[0].text, indirect: true });
    }
  }, want);
  return out;
}

export function analyseProgram(root: Node, text: string, source = text): Program {
  const items: TopItem[] = [];
  collectItems(root, [], items);
  const functions = items.flatMap((i) => functionOf(i.node) ?? []);
  const kernels = functions.filter((f) => f.kind === 'kernel' && f.body);
  const deviceFunctions = functions.filter((f) => (f.kind === 'device' || f.kind === 'host-device') && f.body);
  const functionById = new Map(functions.map((f) => [f.outer.id, f]));
  const fileShared = items.flatMap((i) => fileSharedOwner(i.node) ?? []);
  const symbols = symbolArguments(text);
  return {
    functionOf: (node) => functionById.get(node.id),
    root,
    items,
    functions,
    kernels,
    deviceFunctions,
    memberFunctions: deviceMemberFunctions(root),
    globals: items.flatMap((i) => globalsOf(i.node, symbols)),
    shared: [...kernels, ...deviceFunctions].flatMap((f) => sharedOf(f, text)).concat(fileShared.flatMap((f) => fileSharedVars(f))),
    fileShared,
    launches: launchesIn(root, text),
    text,
    source,
    hasMain: functions.some((f) => f.name === 'main' && f.body),
  };
}

/** C's `(void)`, a list of no parameters: one unnamed parameter of type void. */
const isVoidList = (p: Node): boolean =>
  p.type === 'parameter_declaration' && !p.childForFieldName('declarator') && p.childForFieldName('type')?.text === 'void' && p.parent?.namedChildren.length === 1;
