// Host-side edits of the input: CUDA names and headers to HIP through the rule tables, kernel
// definitions to launch stubs, launches (`<<<...>>>`, hipLaunchKernelGGL) to stub calls, device
// functions out (they live in the device source), device globals registered with the runtime.
// Everything else stays byte for byte.
import type { Node } from '../parse/parser.js';
import { closureStructs, closureValue, deviceLambdas } from '../analyse/device-lambdas.js';
import { firstLaunchItem, launchedExpression, launchesKernel, namedParameterList, qualifiedName, templateParamNames, type FunctionInfo, type GlobalVar, type Launch, type Program } from '../analyse/program.js';
import type { KernelInstance } from '../analyse/instances.js';
import type { HeaderRule, RuleSet } from '../rules/index.js';
import { appendToFile, type EditSet } from './edits.js';
import type { Reporter } from './reporter.js';
import { dispatcherDeclaration, dispatcherName, handleDispatcherName, handleName, inKernelNamespaces, inNamespacesOf, launchStubs, registrarName, stubDeclaration, stubName } from '../emit/launch-stub.js';
import { dependentOn, dispatches } from '../analyse/template-bindings.js';
import { sameOnDevice, type Abi } from '../layout/index.js';
import { argumentsOf, functionDeclarator, namespacesOf, qualifiedUse, scan } from '../analyse/syntax.js';
import { declarationOf } from '../analyse/expression-type.js';
import { linkable, linkedDeclaration, linkedDefinition, linkedHandleName, linkedName, linkedValue } from '../emit/linked-launch.js';
import { runtimeLacks } from '../rules/runtime-api.js';
import { lowerBound } from '../lower-bound.js';

const NAME_NODES = new Set(['identifier', 'type_identifier', 'namespace_identifier']);
const HOST_NODES = new Set([...NAME_NODES, 'call_expression', 'preproc_include', 'preproc_arg']);

export interface HostContext {
  program: Program;
  /** Kernels launchable here: this file's and those of the GPU headers it includes. */
  kernels: FunctionInfo[];
  /** Kernels declared (prototypes) here and in those headers: maybe defined in another unit. */
  declaredKernels: FunctionInfo[];
  /** Translating a header: its kernels' stubs go into the files that launch them. */
  headerMode: boolean;
  /** The kernel instance each launch (call node id) starts. */
  launchInstance: ReadonlyMap<number, string>;
  instances: KernelInstance[];
  /** The instances of the kernels of the GPU headers included here, whose stubs follow their #include. */
  includedInstances: readonly KernelInstance[];
  edits: EditSet;
  rules: RuleSet;
  /** The rule for an include as written: none for a quoted one the user's own file answers. */
  headerRule(path: string, quoted: boolean): HeaderRule | undefined;
  report: Reporter;
  programName: string;
  deviceAbi: Abi;
  deviceFile: string;
  nl: string;
}

/**
 * Member functions defined `__device__` (not `__host__`) in the classes of host code: host code
 * cannot call them, and their bodies use what only device code has (blockIdx, device builtins).
 */
function deviceMembers(program: Program, removed: readonly Node[]): Node[] {
  const inside = (n: Node) => removed.some((r) => r.startIndex <= n.startIndex && n.endIndex <= r.endIndex);
  const members = program.memberFunctions;
  const gone = members.filter((f) => f.kind === 'device' && !inside(f.node));
  // `using Base::Sum;` of a base's __device__ members (CUB's scan forms): nothing left to name on the host.
  const deviceOnly = new Set(gone.map((f) => f.name).filter((n) => !members.some((f) => f.kind !== 'device' && f.name === n)));
  const usings = deviceOnly.size ? program.root.descendantsOfType('using_declaration').filter((u) => u.parent?.type === 'field_declaration_list' && !inside(u) && deviceOnly.has(/(\w+)\s*;$/.exec(u.text)?.[1] ?? '')) : [];
  return [...gone.map((f) => f.outer), ...usings];
}

/**
 * A C source's host translation is compiled as C++ (the runtime's API is C++): its functions keep
 * C linkage, as the other C files and the CUDA files' `extern "C"` functions expect. Each
 * function and prototype goes in an `extern "C" { }` of its own (static ones may), on its lines;
 * the includes stay outside (the runtime's headers are C++). The build passes -fpermissive too:
 * C converts void* implicitly.
 */
export function keepCLinkage(program: Program, edits: EditSet): void {
  for (const { node } of program.items) {
    let declarator = node.type === 'function_definition' || node.type === 'declaration' ? node.childForFieldName('declarator') : null;
    while (declarator?.type === 'pointer_declarator') declarator = declarator.childForFieldName('declarator');
    if (declarator?.type === 'function_declarator') edits.wrap(node, 'extern "C" { ', ' }');
  }
}

/** An item with the `extern "C"` written before it alone (`extern "C" __global__ void k(...);`), which goes with it. */
const withLinkage = (item: Node): Node => (item.parent?.type === 'linkage_specification' && item.parent.childForFieldName('body')?.id === item.id ? item.parent : item);

export function rewriteHost(ctx: HostContext): void {
  const { program, edits } = ctx;
  const stubsPlaced = new Set<string>();
  const atEnd: string[] = [];
  for (const fn of program.functions) {
    if (fn.kind === 'kernel') {
      edits.replace(withLinkage(fn.outer), kernelReplacement(ctx, fn, stubsPlaced, atEnd));
    } else if (fn.kind === 'device') {
      edits.replace(withLinkage(fn.outer), `/* hip2vortex: __device__ function '${fn.name}' is in ${ctx.deviceFile} */`);
    }
  }
  if (atEnd.length) appendToFile(edits, program.root, atEnd, ctx.nl);
  // `template __global__ void k<float>(float*);`: the kernel template is the device source's.
  for (const { node } of program.items) {
    const kernel = node.type === 'template_instantiation' ? instantiatedKernel(ctx, node) : undefined;
    if (kernel) edits.replace(node, `/* hip2vortex: explicit instantiation of kernel '${kernel}', in ${ctx.deviceFile} */`);
  }
  for (const f of program.fileShared) edits.replace(f.outer, `/* hip2vortex: __shared__ at file scope, in ${ctx.deviceFile} */`);
  // Device lambdas: a struct before the host function (its operator() only if host code may call it), an aggregate in place.
  const lambdas = deviceLambdas(program).filter((x) => !x.problem);
  for (const l of lambdas) edits.replace(l.node, closureValue(l));
  for (const [host, structs] of closureStructs(lambdas, (l) => (l.fn.kind === 'host-device' ? edits.print(l.fn.body!) : undefined), ctx.nl)) edits.transform(host.outer, (text) => `${structs()}${text}`);
  for (const g of program.globals) {
    const decl = g.declaration;
    const isExtern = decl.children.some((c) => c?.type === 'storage_class_specifier' && c.text === 'extern');
    if (!isExtern && !edits.has(decl)) {
      const names = program.globals.filter((o) => o.declaration.id === decl.id).map((o) => (o.template ? ` ${templateRegistrar(o)}` : ` HIP2VX_REGISTER_${o.space === 'managed' ? 'MANAGED_' : ''}VAR(${o.name});`));
      edits.wrap(decl, '', names.join(''));
    }
  }
  const launches = new Map(program.launches.map((l) => [l.call.id, l] as const));
  const removed = program.functions.filter((f) => f.kind === 'kernel' || f.kind === 'device').map((f) => withLinkage(f.outer));
  const members = deviceMembers(program, removed);
  for (const m of members) edits.replace(m, `/* hip2vortex: __device__ member function${m.type === 'using_declaration' ? 's named by a using-declaration' : ''}, in ${ctx.deviceFile} */`);
  removed.push(...members);
  removed.sort((a, b) => a.startIndex - b.startIndex);
  const inRemoved = (at: number) => {
    // The removed items are in source order: the last one starting at or before `at`.
    const last = lowerBound(removed.length, (i) => removed[i].startIndex <= at) - 1;
    return last >= 0 && at < removed[last].endIndex;
  };
  const text = program.text;
  const handles = kernelHandles(ctx);
  const templateHandles = new Map(ctx.kernels.filter((k) => !ctx.headerMode && dispatches(ctx.program, k)).map((k) => [k.name, k] as const));
  // A kernel template's instance named as a value (instances.ts, valuesOf): its handle.
  const named = [...ctx.instances, ...ctx.includedInstances];
  const valueHandles = new Map(ctx.headerMode ? [] : named.flatMap((i) => i.launches.filter((l) => l.value).map((l) => [l.call.id, i] as const)));
  const valueNames = new Set(named.filter((i) => i.launches.some((l) => l.value)).map((i) => i.kernel.name));
  const kernelTemplates = new Set(ctx.headerMode ? [] : ctx.kernels.filter((k) => k.templateParams.length > 0).map((k) => k.name));
  const linked = new Map(ctx.declaredKernels.filter((k) => definedElsewhere(ctx, k)).map((k) => [k.name, k] as const));
  // Materialise only what a rule or the rewrite cares about; most identifiers are neither.
  const want = (type: string, start: number, end: number) => {
    if (inRemoved(start)) return false;
    if (!NAME_NODES.has(type)) return type !== 'call_expression' || launchStarts.has(start);
    const name = text.slice(start, end);
    return ctx.rules.hostNames.has(name) || ctx.rules.isHipApiName(name) || !!ctx.rules.constructForName(name, 'host') || handles.has(name) || templateHandles.has(name) || valueNames.has(name) || kernelTemplates.has(name) || linked.has(name);
  };
  const launchStarts = new Set(program.launches.map((l) => l.call.startIndex));
  // Where launches name their kernel (`k` of k<<<...>>>, hipLaunchKernelGGL's first argument).
  const launchedKernels = new Set(program.launches.map((l) => launchedExpression((l.form === 'chevron' ? l.call.childForFieldName('function') : argumentsOf(l.call.childForFieldName('arguments'))[0])!)?.startIndex));
  // A kernel's name as a value, unless a local variable, parameter or field of that name hides it
  // (`int k = 0;` beside kernel k), or it names a host function of that name (declared, or called:
  // host code cannot call a kernel).
  const namesKernel = (n: Node, kernel: FunctionInfo) => !launchedKernels.has(n.startIndex) && !hostFunctionName(n) && !declarationOf(n) && !qualifiedElsewhere(n, kernel);
  scan(program.root, HOST_NODES, (n) => {
    const launch = launches.get(n.id);
    if (launch) rewriteLaunch(ctx, launch);
    else if (n.type === 'preproc_include') include(ctx, n);
    else if (n.type === 'identifier' && (handles.has(n.text) || linked.has(n.text)) && usingDeclarationOf(n)) {
      // `using ns::k;`: what its launches and values become instead, its stub and handle.
      const using = usingDeclarationOf(n)!;
      const scope = using.text.replace(/^using\s+/, '').replace(/\s+/g, '').replace(/\w+;$/, '');
      const instance = handles.get(n.text);
      const names = instance ? [stubName(instance.stub), handleName(ctx.programName, instance.id)] : [linkedName(n.text), linkedHandleName(n.text)];
      ctx.edits.replace(using, names.map((name) => `using ${scope}${name};`).join(' '));
    } else if (n.type === 'identifier' && handles.has(n.text)) {
      if (namesKernel(n, handles.get(n.text)!.kernel)) kernelValue(ctx, valueOf(n), handles.get(n.text)!);
    } else if (n.type === 'identifier' && linked.has(n.text) && !handles.has(n.text)) {
      const value = valueOf(n);
      if (namesKernel(n, linked.get(n.text)!)) ctx.edits.replace(value.node, linkedValue(linked.get(n.text)!, value.scope, inCast(value.node)));
    } else if (n.type === 'identifier' && n.parent?.type === 'template_function' && templateHandles.has(n.text)) {
      if (namesKernel(n, templateHandles.get(n.text)!)) templateHandle(ctx, n.parent, templateHandles.get(n.text)!);
    } else if (n.type === 'identifier' && n.parent?.type === 'template_function' && valueHandles.has(n.parent.id)) {
      kernelValue(ctx, valueOf(n.parent), valueHandles.get(n.parent.id)!);
    } else if (n.type === 'identifier' && n.parent?.type === 'template_function' && kernelTemplates.has(n.text) && !launchedKernels.has(n.startIndex) && !hostFunctionName(n) && !declarationOf(n) && isTemplateValue(n.parent)) {
      ctx.report.at(n.parent, 'error', 'kernel-not-found', `kernel template '${n.text}' is named as a value in a host function template that never launches it, so no instance of it is made for the types that template is instantiated with; launch it there as well, or name an instance (${n.text}<float>) outside templates`);
    }
    else if (NAME_NODES.has(n.type)) rename(ctx, n);
    else if (n.type === 'preproc_arg') macroBody(ctx, n);
  }, want);
}

/** `n` is qualified by a scope that is not its kernel's namespace (`std::fill` beside a kernel `fill`, `Runner::fill`). */
function qualifiedElsewhere(n: Node, kernel: FunctionInfo): boolean {
  const name = n.parent?.type === 'template_function' ? n.parent : n;
  const use = qualifiedUse(name);
  if (use.node === name) return false;
  const scope = use.scope.replace(/\s/g, '').replace(/^::|::$/g, '');
  const own = namespacesOf(kernel.outer).join('::');
  return !(scope === own || own.endsWith(`::${scope}`));
}

/** `k<T>` as a value in a template: not called (a host function template of that name) nor declared. */
function isTemplateValue(value: Node): boolean {
  const parent = value.parent;
  if ((parent?.type === 'call_expression' && parent.childForFieldName('function')?.id === value.id) || parent?.type.endsWith('declarator')) return false;
  for (let p = parent; p; p = p.parent) if (p.type === 'template_declaration') return true;
  return false;
}

/** The kernel template an explicit instantiation instantiates (`scale<float>`), if it is one. */
function instantiatedKernel(ctx: HostContext, node: Node): string | undefined {
  const declarator = functionDeclarator(node)?.childForFieldName('declarator');
  const name = declarator?.type === 'template_function' ? declarator.childForFieldName('name') : declarator;
  return name && ctx.kernels.some((k) => k.name === name.text && k.templateParams.length > 0) ? declarator!.text : undefined;
}

/** `k` of `f(...)` called, or of a function's declarator. */
function hostFunctionName(n: Node): boolean {
  const parent = n.parent;
  return parent?.type === 'function_declarator' || (parent?.type === 'call_expression' && parent.childForFieldName('function')?.id === n.id);
}

/**
 * The expression a kernel's name stands for as a value, and the scope its handle is named with:
 * `ns::k` whole (the handle is declared in the kernel's namespace), and `&k` (the handle is already
 * an address).
 */
function valueOf(n: Node): { node: Node; scope: string } {
  const { node: named, scope } = qualifiedUse(n);
  const parent = named.parent;
  const node = parent?.type === 'pointer_expression' && parent.child(0)?.type === '&' ? parent : named;
  return { node, scope };
}

/**
 * The instances of kernels named as values in host code (`hipFuncGetAttributes(&a, k)`,
 * occupancy queries, `run(k, ...)`). Non-template kernels only (a template's value names an
 * instance, `k<float>`: valueHandles in rewriteHost).
 */
/** The using-declaration naming `n` (`using ns::k;`), if it is one. */
function usingDeclarationOf(n: Node): Node | undefined {
  let p = n.parent;
  while (p?.type === 'qualified_identifier') p = p.parent;
  return p?.type === 'using_declaration' ? p : undefined;
}

function kernelHandles(ctx: HostContext): Map<string, KernelInstance> {
  const handles = new Map<string, KernelInstance>();
  if (ctx.headerMode) return handles;
  for (const i of [...ctx.instances, ...ctx.includedInstances]) if (i.templateArgs.length === 0) handles.set(i.kernel.name, i);
  return handles;
}

/**
 * A kernel's value: its registered handle and launch stub (hip2vx_host.h's kernel_ref, which
 * converts to `const void*` and to a pointer to a function of the kernel's type). An operand of a
 * cast is the handle's address alone (`reinterpret_cast<const void*>(&k)` takes no class).
 */
function kernelValue(ctx: HostContext, value: { node: Node; scope: string }, instance: KernelInstance): void {
  const handle = `${value.scope}${handleName(ctx.programName, instance.id)}`;
  const stub = `&${value.scope}${stubName(instance.stub)}`;
  const maker = deducesPointer(ctx, value.node) ? 'kernel_pointer' : 'kernel_value';
  ctx.edits.replace(value.node, inCast(value.node) ? `((const void*)&${handle})` : `hip2vx::${maker}(&${handle}, ${stub})`);
  const launch = argumentArrayLaunch(value.node);
  // The runtime converts the array's scalars by the kernel's metadata; a struct laid out otherwise
  // on the device needs the stub's image of it, and the device globals the kernel reaches are
  // arguments the stub adds: the array's arguments go to the stub.
  if (launch && (instance.globals.length > 0 || instance.params.some((p) => p.type.kind === 'record' && !sameOnDevice(p.type, ctx.deviceAbi)))) {
    const [, grid, block, args, shared, stream] = argumentsOf(launch.childForFieldName('arguments'));
    ctx.edits.replace(launch, (print) => `hip2vx::launch_args(${stub}, ${[grid, block, args].map(print).join(', ')}, ${[shared, stream].map((a) => (a ? print(a) : '0')).join(', ')})`);
  }
}

/** The launch with an argument array (`hipLaunchKernel((const void*)k, grid, block, args, ...)`) naming `value` as its kernel. */
function argumentArrayLaunch(value: Node): Node | undefined {
  const arg = inCast(value) ? (value.parent?.type === 'cast_expression' ? value.parent : value.parent!.parent!) : value;
  const call = arg.parent?.type === 'argument_list' ? arg.parent.parent : null;
  const fn = call?.childForFieldName('function')?.text;
  const args = argumentsOf(arg.parent);
  return (fn === 'hipLaunchKernel' || fn === 'cudaLaunchKernel') && args[0]?.id === arg.id && args.length >= 4 ? call! : undefined;
}

/**
 * An argument of a call of a host function template whose parameter there is a pointer to a
 * function of its template parameters (`template <class... A> void run(void (*k)(A...), A... a)`):
 * deduction converts nothing, so the argument must be the pointer itself, not a kernel_ref.
 */
function deducesPointer(ctx: HostContext, value: Node): boolean {
  const list = value.parent;
  const call = list?.type === 'argument_list' ? list.parent : null;
  if (call?.type !== 'call_expression') return false;
  const index = argumentsOf(list).findIndex((a) => a.id === value.id);
  const name = call.childForFieldName('function')?.text;
  return ctx.program.functions.some((f) => {
    if (f.kind !== 'host' || f.name !== name || f.templateParams.length === 0) return false;
    const declarator = f.params[index]?.childForFieldName('declarator');
    const pointer = declarator?.type === 'function_declarator' && declarator.childForFieldName('declarator')?.type === 'parenthesized_declarator';
    return pointer && f.templateParams.some((t) => new RegExp(`\\b${t}\\b`).test(declarator.text));
  });
}

/** An operand of a cast: `(const void*)k`, `reinterpret_cast<const void*>(&k)`. */
const inCast = (value: Node) => value.parent?.type === 'cast_expression' || isCastCall(value.parent?.parent);

/** `reinterpret_cast<T>(...)` and the other named casts: a call of a template function named `*_cast`. */
function isCastCall(call: Node | null | undefined): boolean {
  const fn = call?.type === 'call_expression' ? call.childForFieldName('function') : undefined;
  return fn?.type === 'template_function' && /_cast$/.test(fn.childForFieldName('name')?.text ?? '');
}

/**
 * A template kernel with a dispatcher named as a value (`run(k<T, 32>, ...)`): the instance's
 * handle and, as its stub, the dispatcher's specialisation (it has the stub's signature); in a
 * cast (`(void*)k<T, 32>`), the handle alone.
 */
function templateHandle(ctx: HostContext, value: Node, kernel: FunctionInfo): void {
  const args = value.childForFieldName('arguments')!;
  const scoped = (name: string) => [...namespacesOf(kernel.outer), name].join('::');
  ctx.edits.replace(value, (print) => {
    const written = `<${args.namedChildren.map((a) => print(a!)).join(', ')}>`;
    const handle = `${scoped(handleDispatcherName(kernel.name))}${written}()`;
    const maker = deducesPointer(ctx, value) ? 'kernel_pointer' : 'kernel_value';
    return inCast(value) ? handle : `hip2vx::${maker}(${handle}, &${scoped(dispatcherName(kernel.name))}${written})`;
  });
}

/** A kernel declared here that another unit of the program defines (kernelReplacement, linked-launch.ts). */
const definedElsewhere = (ctx: HostContext, fn: FunctionInfo) => linkable(fn) && !ctx.kernels.some((k) => qualifiedName(k) === qualifiedName(fn) && linkable(k));

/** The `#if`/`#else` branch holding a node (0: none): each branch defining a kernel gets its stubs. */
function branchOf(node: FunctionInfo['outer']): number {
  for (let p = node.parent; p; p = p.parent) if (/^preproc_(if|ifdef|else|elif|elifdef)$/.test(p.type)) return p.id;
  return 0;
}

function kernelReplacement(ctx: HostContext, fn: FunctionInfo, placed: Set<string>, atEnd: string[]): string {
  const key = `${qualifiedName(fn)}@${branchOf(fn.outer)}`;
  if (placed.has(key)) return `/* hip2vortex: kernel '${fn.name}' is in ${ctx.deviceFile} */`;
  placed.add(key);
  // Declared here, defined in another unit: launches here call the function that unit defines.
  const same = (k: FunctionInfo) => qualifiedName(k) === qualifiedName(fn);
  if (definedElsewhere(ctx, fn)) {
    return `/* hip2vortex: kernel '${fn.name}' is defined in another file, whose function launching it is: */${ctx.nl}${linkedDeclaration(fn)}`;
  }
  // Launched from host function templates here: the dispatcher they call is declared here.
  const dispatched = dispatches(ctx.program, fn);
  if (ctx.headerMode) {
    // Launches in the header itself call stubs that its includers define: declared here.
    const used = ctx.instances.filter((i) => same(i.kernel) && i.launches.length > 0).map(stubDeclaration);
    return [`/* hip2vortex: kernel '${fn.name}' is in ${ctx.deviceFile}; its launch stubs are in the files that include this one */`, ...used, ...(dispatched ? dispatcherDeclaration(fn) : [])].join(ctx.nl);
  }
  const all = ctx.instances.filter((i) => same(i.kernel));
  const instances = all.filter((i) => !launchedLater(fn, i));
  laterStubs(ctx, all.filter((i) => launchedLater(fn, i)));
  const stubs = launchStubs(instances, ctx.programName, ctx.deviceAbi, ctx.nl, new Set(dispatched ? [fn] : []));
  if (stubs.atEnd.length) {
    const chunk = [`/* hip2vortex: launch stubs of kernel '${fn.name}' for the instances its dispatcher launches: */`, ...inNamespacesOf(fn, stubs.atEnd)];
    const before = dispatched && templateLambdaItem(ctx.program, fn);
    if (before) ctx.edits.wrap(before, `${chunk.join(ctx.nl)}${ctx.nl}`, '');
    else atEnd.push(...chunk);
  }
  // Defined here: other units of the program may launch it through its declaration.
  const definitions = instances.filter((i) => linkable(i.kernel)).flatMap((i) => linkedDefinition(i, ctx.programName));
  if (!stubs.here.length && !definitions.length && instances.length < all.length) return `/* hip2vortex: kernel '${fn.name}' is in ${ctx.deviceFile}; its launch stubs are before its launches */`;
  return [`/* hip2vortex: kernel '${fn.name}' is in ${ctx.deviceFile}; its launch stub${stubs.here.length === 1 ? '' : 's'}: */`, ...stubs.here, ...definitions].join(ctx.nl);
}

/**
 * A template instance of a kernel at file scope launched only directly, first from an item after
 * the kernel: its arguments may name types the file declares in between (`using real = double;`
 * before main), so its stub goes before that item.
 */
const launchedLater = (fn: FunctionInfo, i: KernelInstance) =>
  i.templateArgs.length > 0 && !i.dispatched && i.launches.length > 0 && !namespacesOf(fn.outer).length && !branchOf(fn.outer) &&
  firstLaunchItem(i.launches).startIndex > fn.outer.endIndex;

function laterStubs(ctx: HostContext, instances: readonly KernelInstance[]): void {
  if (instances.length) stubsBeforeFirstLaunch(ctx.edits, instances, ctx.programName, ctx.deviceAbi, ctx.nl, `launch stubs of kernel '${instances[0].kernel.name}', before its first launch (their types may be declared after the kernel)`);
}

/** Each instance's stub before the top-level item of its first launch, under `what` (a comment). */
export function stubsBeforeFirstLaunch(edits: EditSet, instances: readonly KernelInstance[], program: string, deviceAbi: Abi, nl: string, what: string): void {
  const byItem = new Map<number, { item: Node; stubs: string[] }>();
  for (const i of instances) {
    const item = firstLaunchItem(i.launches);
    const entry = byItem.get(item.id) ?? { item, stubs: [] };
    entry.stubs.push(...inKernelNamespaces([i], new Set(), (instances) => launchStubs(instances, program, deviceAbi, nl)).here);
    byItem.set(item.id, entry);
  }
  for (const { item, stubs } of byItem.values()) edits.wrap(item, `/* hip2vortex: ${what}: */${nl}${stubs.join(nl)}${nl}`, '');
}

/**
 * Where the dispatcher's specialisations go when launches through it lie in template lambdas of
 * plain functions at file scope: before the first such function, since a lambda is instantiated
 * where its function calls it, and a specialisation may not follow its instantiation (the types
 * those calls name are declared by then; instances of function templates in the same file share
 * the place). Else, at the file's end, after every type an instance may name.
 */
function templateLambdaItem(program: Program, kernel: FunctionInfo): Node | undefined {
  const hosts = program.launches.filter((l) => launchesKernel(l, kernel, program.kernels)).map((l) => dependentOn(l, kernel, program)).filter((h) => h?.node.type === 'lambda_expression');
  if (!hosts.length) return undefined;
  const items = hosts.map((h) => fileScopeItem(h!.node));
  if (items.some((item) => !item || item.type !== 'function_definition')) return undefined;
  return items.sort((a, b) => a!.startIndex - b!.startIndex)[0]!;
}

/** The item at file scope (outside any namespace or template) holding `node`. */
function fileScopeItem(node: Node): Node | undefined {
  let item = node;
  while (item.parent && item.parent.type !== 'translation_unit') item = item.parent;
  return item.parent ? item : undefined;
}

function rewriteLaunch(ctx: HostContext, launch: Launch): void {
  // A pointer, or a parameter or variable holding a kernel (`template <class F> void timed(F k) { k<<<...>>>(); }`).
  const callee = launch.form === 'chevron' ? launch.call.childForFieldName('function') : argumentsOf(launch.call.childForFieldName('arguments'))[0];
  if (launch.indirect || (callee?.type === 'identifier' && declarationOf(callee))) {
    // Through a kernel's value (kernelValue): its stub, found at run time.
    ctx.edits.replace(launch.call, (print) => `hip2vx::launch_value(${[print(callee!), ...callArguments(launch, print)].join(', ')})`);
    return;
  }
  const kernel = ctx.kernels.find((k) => launchesKernel(launch, k, ctx.kernels));
  if (!kernel) {
    const declared = ctx.declaredKernels.find((k) => k.name === launch.kernel);
    if (declared && linkable(declared) && !launch.templateArgs?.length) launchLinked(ctx, launch, declared);
    else if (declared) ctx.report.at(launch.call, 'error', 'kernel-not-found', `template kernel '${launch.kernel}' is declared here but defined in another file, where its instances for these launches are not made; define it in a header this file includes`);
    else ctx.report.at(launch.call, 'error', 'kernel-not-found', `kernel '${launch.kernel}' is launched here but neither defined nor declared in this file or the headers it includes`);
    return;
  }
  // Bound by a host function template's instantiation: the dispatcher picks the instance (and a
  // template never instantiated has none).
  const dispatched = dependentOn(launch, kernel, ctx.program);
  const id = ctx.launchInstance.get(launch.call.id);
  if (!id && !dispatched) return; // its template arguments are unknown: reported by instance collection
  ctx.edits.replace(launch.call, (print) => {
    const parts = callArguments(launch, print);
    const written = launch.templateArgs?.length ? `<${launch.templateArgs.map(print).join(', ')}>` : '';
    const callee = dispatched ? `${dispatcherName(kernel.name)}${written}` : stubName(id!);
    // A header's kernel as the launch qualifies it: the header may be included in a namespace
    // (`namespace fp {` `#include "k.cuh"` `}`), whose stubs are there too.
    const scope = kernel.outer.tree !== ctx.program.root.tree && launch.scope ? launch.scope : namespacesOf(kernel.outer);
    return `${[...scope, callee].join('::')}(${parts.join(', ')})`;
  });
}

/** A launch of a kernel another unit defines: a call of the function that unit defines for it. */
function launchLinked(ctx: HostContext, launch: Launch, declared: FunctionInfo): void {
  ctx.edits.replace(launch.call, (print) => `${[...namespacesOf(declared.outer), linkedName(declared.name)].join('::')}(${callArguments(launch, print).join(', ')})`);
}

/** What a stub or a linked function takes for a launch: grid, block, shared bytes, stream, then the kernel's arguments. */
function callArguments(launch: Launch, print: (n: Node) => string): string[] {
  // A lone configuration argument is a macro standing for grid and block (one the translator could not read).
  const config = launch.config.map(print);
  return [...config, ...Array<string>(Math.max(0, 4 - Math.max(config.length, 2))).fill('0'), ...launch.args.map(print)];
}

function include(ctx: HostContext, n: Node): void {
  const pathNode = n.childForFieldName('path');
  if (!pathNode || pathNode.type === 'identifier') return;
  const written = pathNode.text;
  const rule = ctx.headerRule(written.slice(1, -1), written.startsWith('"'));
  if (!rule) return;
  if (rule.report) ctx.report.rule(pathNode, rule.report);
  if (rule.to === undefined || rule.to === written.slice(1, -1)) return;
  const to = rule.to;
  ctx.edits.replace(n, to === null ? '' : n.text.replace(written, `${written[0]}${to}${written[0] === '<' ? '>' : '"'}`));
  ctx.report.convertedRef('headers', pathNode, to ?? '(removed)', rule.category);
}

function rename(ctx: HostContext, n: Node): void {
  const rule = ctx.rules.hostNames.get(n.text);
  const hip = rule?.to ?? n.text;
  // Reported under their own rules first (textures, graphs...); else an API the runtime lacks.
  if (!rule?.report && !ctx.rules.constructForName(n.text, 'host') && runtimeLacks(ctx.rules, hip)) {
    ctx.report.at(n, 'error', 'runtime-missing', `'${hip}'${hip === n.text ? '' : ` (for '${n.text}')`} is not implemented by hip2vortex's runtime`);
    return;
  }
  if (rule) {
    if (rule.report) ctx.report.rule(n, rule.report);
    if (rule.to && rule.to !== n.text && !ctx.edits.has(n)) {
      ctx.edits.replace(n, rule.to);
      ctx.report.convertedRef('hostNames', n, rule.to, rule.category);
    }
    return;
  }
  const construct = ctx.rules.constructForName(n.text, 'host');
  if (construct) ctx.report.construct(n, construct.id);
}

/** Macro bodies are not parsed: rename identifiers token by token outside string literals. */
function macroBody(ctx: HostContext, n: Node): void {
  const text = n.text;
  let changed = false;
  const out = text.replace(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|[A-Za-z_][A-Za-z0-9_]*/g, (tok) => {
    if (!/^[A-Za-z_]/.test(tok)) return tok;
    const rule = ctx.rules.hostNames.get(tok);
    if (!rule?.to || rule.to === tok) return tok;
    changed = true;
    ctx.report.convertedRef('hostNames', n, rule.to, rule.category, tok);
    return rule.to;
  });
  if (changed) ctx.edits.replace(n, out);
}

/**
 * A variable template's registrar, itself a variable template: each instantiation a launch stub
 * names (registrarName) is instantiated, so registered before main like HIP2VX_REGISTER_VAR's.
 */
function templateRegistrar(g: GlobalVar): string {
  const template = g.declaration.parent!;
  const use = `${g.name}<${templateParamNames(template).join(', ')}>`;
  return `template ${namedParameterList(template)} const __hip2vx_var_registrar ${registrarName(g.name)}((void*)&${use}, "${g.name}", sizeof(${use})${g.space === 'managed' ? ', true' : ''});`;
}
