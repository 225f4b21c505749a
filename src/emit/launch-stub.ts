// Host side of a kernel instance: the handle the registration fills, and a launch stub standing
// where the kernel was defined. The stub takes the kernel's parameters by value (so arguments
// convert as in a call), marshals structs whose device layout differs from the host's field by
// field (pointers narrowed to the device width), adds device-global addresses as hidden
// arguments, and calls hipLaunchKernel.
import type { Abi } from '../layout/index.js';
import { layoutOf, sameOnDevice } from '../layout/index.js';
import type { KernelInstance } from '../analyse/instances.js';
import { namedParameterList, namespacePath, type FunctionInfo } from '../analyse/program.js';
import { toImage } from './device-image.js';
import { namespacesOf } from '../analyse/syntax.js';

export const handleName = (program: string, id: string) => `__hip2vx_kernel_${program}_${id}`;
export const stubName = (id: string) => `__hip2vx_launch_${id}`;
/** A template kernel launched as `k<T>` from a host function template: picks the instance stub. */
export const dispatcherName = (kernel: string) => `__hip2vx_dispatch_${kernel}`;
/** Its companion for the kernel named as a value there (`(void*)k<T>`): the instance's handle. */
export const handleDispatcherName = (kernel: string) => `__hip2vx_handle_${kernel}`;

const signatureOf = (instance: KernelInstance) =>
  `static inline hipError_t ${stubName(instance.stub)}(${['dim3 __hv_grid', 'dim3 __hv_block', 'size_t __hv_shared', 'hipStream_t __hv_stream', ...instance.params.map(withDefault)].join(', ')})`;

/** A parameter of the stub: launches may leave out what has a default argument. */
const withDefault = (p: KernelInstance['params'][number]) => (p.defaultValue === undefined ? p.text : `${p.text} = ${p.defaultValue}`);

/** The stub declared only (a header launching its own kernels; the includer defines it). */
export const stubDeclaration = (instance: KernelInstance): string => `${signatureOf(instance)};`;

/** A device global's registrar on the host (`mask<float>`'s is an instantiation of the variable template's). */
export const registrarName = (name: string) => `__hip2vx_registered_var_${name}`;

export function launchStub(instance: KernelInstance, program: string, deviceAbi: Abi, nl: string): string {
  const handle = handleName(program, instance.id);
  const lines: string[] = [];
  const slots: string[] = [];
  instance.params.forEach((p) => {
    if (p.type.kind !== 'record' || sameOnDevice(p.type, deviceAbi)) {
      slots.push(`(void*)&${p.name}`);
      return;
    }
    const image = `__hv_${p.name}_image`;
    lines.push(
      '#if defined(HIP2VX_CPU_BACKEND)',
      `  void* ${image} = (void*)&${p.name};`,
      '#else',
      `  unsigned char ${image}[${layoutOf(p.type, deviceAbi).size}] = {};`,
      ...toImage(p.type, p.name, image, 0, deviceAbi).map((s) => `  ${s}`),
      '#endif',
    );
    slots.push(`(void*)${image}`);
  });
  instance.globals.forEach((g, i) => {
    if (g.template) lines.push(`  (void)&${registrarName(g.name)};`);
    // Fully qualified where a parameter of the kernel has the global's name (`__device__ int n;`,
    // `k(int n)`), or the global is not of the kernel's namespace, where the stub stands.
    const spaces = namespacesOf(g.declaration);
    const own = spaces.join('::') === namespacesOf(instance.kernel.outer).join('::');
    const name = !own || instance.params.some((p) => p.name === g.name) ? `::${[...spaces, g.name].join('::')}` : g.name;
    lines.push(`  void* __hv_sym${i} = nullptr;`, `  hipGetSymbolAddress(&__hv_sym${i}, (const void*)&${name});`);
    slots.push(`(void*)&__hv_sym${i}`);
  });
  const argList = slots.length ? slots.join(', ') : 'nullptr';
  return [
    `extern "C" void* ${handle};`,
    `${signatureOf(instance)} {`,
    ...lines,
    `  void* __hv_args[] = {${argList}};`,
    `  return hipLaunchKernel((const void*)&${handle}, __hv_grid, __hv_block, __hv_args, __hv_shared, __hv_stream);`,
    '}',
  ].join(nl);
}

const CONFIG = 'dim3 __hv_grid, dim3 __hv_block, size_t __hv_shared, hipStream_t __hv_stream';

/**
 * The dispatcher of a template kernel launched from host function templates: a function template
 * declared with the kernel's own template and parameter lists (`k<T><<<...>>>(...)` and
 * `k<<<...>>>(...)` there become `__hip2vx_dispatch_k<T>(...)` and `__hip2vx_dispatch_k(...)`,
 * so the host compiler binds its arguments as it would the kernel's when the host template is
 * instantiated); each instance specialises it to call its stub.
 */
export function dispatcherDeclaration(kernel: FunctionInfo): string[] {
  const params = namedParameterList(kernel.outer);
  return [
    `template ${params} hipError_t ${dispatcherName(kernel.name)}(${[CONFIG, ...[...kernel.params, ...(kernel.pack ? [kernel.pack] : [])].map((p) => p.text)].join(', ')});`,
    `template ${params} const void* ${handleDispatcherName(kernel.name)}();`,
  ];
}

/** Launch stubs split by where they go: `here` where the kernel is, `atEnd` after the file's code. */
export interface PlacedStubs {
  here: string[];
  atEnd: string[];
}

/**
 * Each instance's stub, and the dispatcher specialisations of those launched through it, after
 * the dispatcher declarations of `primaries` (the kernels whose dispatcher is declared here). An
 * instance launched only through the dispatcher goes at the end of the file: its template
 * arguments may name types defined after the kernel (a functor the host template is called
 * with), and C++ instantiates the host template where the file ends, which sees them there.
 */
export function launchStubs(instances: readonly KernelInstance[], program: string, deviceAbi: Abi, nl: string, primaries: ReadonlySet<FunctionInfo> = new Set()): PlacedStubs {
  const late = (i: KernelInstance) => i.dispatched && !i.direct;
  const out: PlacedStubs = { here: [], atEnd: [] };
  for (const i of instances) (late(i) ? out.atEnd : out.here).push(launchStub(i, program, deviceAbi, nl));
  for (const kernel of new Set([...primaries, ...instances.filter((i) => i.dispatched).map((i) => i.kernel)])) {
    if (primaries.has(kernel)) out.here.push(...dispatcherDeclaration(kernel));
    for (const i of instances.filter((x) => x.kernel === kernel)) {
      const args = ['__hv_grid', '__hv_block', '__hv_shared', '__hv_stream', ...i.params.map((p) => p.name)];
      const written = `<${i.templateArgs.join(', ')}>`;
      // A dispatcher declared elsewhere (by a header's host template) may come after this place: specialise it at the end.
      const to = late(i) || !primaries.has(kernel) ? out.atEnd : out.here;
      if (i.dispatched) to.push(`template <> inline hipError_t ${dispatcherName(kernel.name)}${written}(${[CONFIG, ...i.params.map((p) => p.text)].join(', ')}) { return ${stubName(i.stub)}(${args.join(', ')}); }`);
      to.push(`template <> inline const void* ${handleDispatcherName(kernel.name)}${written}() { return &${handleName(program, i.id)}; }`);
    }
  }
  return out;
}

/**
 * Stubs placed away from their kernels' definitions (after the #include of a header defining
 * them, before a launch), by the namespaces of their kernels: `place` makes those of one
 * namespace, which go inside it, so a launch naming `ns::k` finds `ns::` + its stub.
 */
export function inKernelNamespaces(
  instances: readonly KernelInstance[],
  primaries: ReadonlySet<FunctionInfo>,
  place: (instances: KernelInstance[], primaries: Set<FunctionInfo>) => PlacedStubs,
): PlacedStubs {
  const groups = new Map<string, { instances: KernelInstance[]; primaries: Set<FunctionInfo> }>();
  const group = (k: FunctionInfo) => {
    const path = namespacePath(k);
    const g = groups.get(path) ?? { instances: [], primaries: new Set<FunctionInfo>() };
    groups.set(path, g);
    return g;
  };
  for (const i of instances) group(i.kernel).instances.push(i);
  for (const k of primaries) group(k).primaries.add(k);
  const out: PlacedStubs = { here: [], atEnd: [] };
  for (const [path, g] of groups) {
    const placed = place(g.instances, g.primaries);
    out.here.push(...inNamespace(path, placed.here));
    out.atEnd.push(...inNamespace(path, placed.atEnd));
  }
  return out;
}

/** Lines placed at the end of the file, in `kernel`'s namespaces (a specialisation of its dispatcher). */
export const inNamespacesOf = (kernel: FunctionInfo, lines: string[]): string[] => inNamespace(namespacePath(kernel), lines);

/** `a::b` opened one name at a time (a nested namespace definition needs C++17). */
function inNamespace(path: string, lines: string[]): string[] {
  if (!path || !lines.length) return lines;
  const names = path.split('::');
  return [names.map((n) => `namespace ${n} {`).join(' '), ...lines, names.map(() => '}').join(' ')];
}
