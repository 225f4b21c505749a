// Data in device memory whose layout differs between the host and the device (issue 12). Kernel
// parameters are converted by the launch stubs; memory a kernel reads through a pointer parameter
// or a device global is filled by the host copying bytes, which on rv32 are the wrong bytes for a
// pointer, long, size_t or a struct holding them. This finds those flows on the host side: each
// copy (hipMemcpy*, hipMemcpy{To,From}Symbol*) into or out of such memory, initializers of such
// device globals, and the places where the device pointer leaves what can be followed. Pure
// analysis; src/rewrite/layout-copies.ts converts or reports.
import type { Node } from '../parse/parser.js';
import { renderTypeId, sameOnDevice, type Abi, type CType } from '../layout/index.js';
import type { KernelInstance } from './instances.js';
import type { GlobalVar, Program } from './program.js';
import type { TypeTable } from './types.js';
import { isTypeError } from './types.js';
import { fileDeclaration, staticType } from './expression-type.js';
import { argumentsOf, declaredName, functionDeclarator, scan, spanHas } from './syntax.js';

/** Where device code reads the memory: a kernel's pointer parameter or a device global. */
export interface DeviceRead {
  node: Node;
  /** The type the device reads: the pointee, or the global's type. */
  type: CType;
  /** The objects the memory holds: the pointee, or the global (an array global's element). */
  element: CType;
  /** `parameter 'arg' of kernel 'k'`, `device global 'g'` */
  what: string;
}

/** A copy the rewrite can convert: `host` is a side-effect-free expression pointing at `read.element`s. */
export interface ConvertibleCopy {
  kind: 'convertible';
  call: Node;
  read: DeviceRead;
  /** Host to device (else device to host). */
  toDevice: boolean;
  host: Node;
  bytes: Node;
  /** An asynchronous copy: its stream (null for the default one), which the converted copy waits for. */
  stream?: Node | null;
}

/** A byte copy into or out of such memory that is not converted (an error). */
export interface UnconvertedCopy {
  kind: 'unconverted';
  call: Node;
  read: DeviceRead;
  reason: string;
}

/** The device pointer goes where it cannot be followed (a warning). */
export interface UnknownFlow {
  kind: 'unknown';
  node: Node;
  read: DeviceRead;
  reason: string;
}

/** A device global with an initializer: registered with its device image (converted). */
export interface InitialValue {
  kind: 'initial';
  declaration: Node;
  name: string;
  value: Node;
  read: DeviceRead;
}

export type LayoutFlow = ConvertibleCopy | UnconvertedCopy | UnknownFlow | InitialValue;

/** Argument positions of a symbol copy. */
interface Copier {
  /** The symbol, the host memory and the byte count. */
  device: number;
  host: number;
  bytes: number;
  /** The hipMemcpyKind and the offset into the symbol (converted only when absent or 0). */
  kind: number;
  offset: number;
  /** An asynchronous copy's stream argument. */
  stream?: number;
}

const TO_SYMBOL: Copier = { device: 0, host: 1, bytes: 2, offset: 3, kind: 4 };
const FROM_SYMBOL: Copier = { device: 1, host: 0, bytes: 2, offset: 3, kind: 4 };
const SYMBOL_COPIES: Record<string, Copier> = {
  hipMemcpyToSymbol: TO_SYMBOL,
  hipMemcpyToSymbolAsync: { ...TO_SYMBOL, stream: 5 },
  hipMemcpyFromSymbol: FROM_SYMBOL,
  hipMemcpyFromSymbolAsync: { ...FROM_SYMBOL, stream: 5 },
};
/**
 * Pointer copies, `(dst, src, bytes, kind[, stream])`, or with the direction in the name
 * (`hipMemcpyHtoD(dst, src, bytes[, stream])`): the stream's position, the direction.
 */
interface PointerCopier {
  stream?: number;
  direction?: 'HostToDevice' | 'DeviceToHost' | 'DeviceToDevice';
}
const POINTER_COPIES: Record<string, PointerCopier> = {
  hipMemcpy: {},
  hipMemcpyAsync: { stream: 4 },
  hipMemcpyWithStream: { stream: 4 },
  hipMemcpyHtoD: { direction: 'HostToDevice' },
  hipMemcpyHtoDAsync: { direction: 'HostToDevice', stream: 3 },
  hipMemcpyDtoH: { direction: 'DeviceToHost' },
  hipMemcpyDtoHAsync: { direction: 'DeviceToHost', stream: 3 },
  hipMemcpyDtoD: { direction: 'DeviceToDevice' },
  hipMemcpyDtoDAsync: { direction: 'DeviceToDevice' },
};
/** Calls that take the device pointer without moving host bytes into it. */
const NO_BYTES = new Set(['hipMalloc', 'hipMallocManaged', 'hipFree', 'hipMemset', 'hipMemsetAsync', 'hipMemsetD8', 'hipMemsetD16', 'hipMemsetD32']);
/** Expressions that can be evaluated twice (once per object of the image) without side effects. */
const PURE = new Set(['identifier', 'field_expression', 'subscript_expression', 'pointer_expression', 'parenthesized_expression', 'number_literal', 'binary_expression', 'field_identifier', 'qualified_identifier', 'namespace_identifier']);

/** `cudaMemcpy` and `::hipMemcpy` are hipMemcpy. */
const apiName = (callee: Node | null): string => (callee?.text ?? '').replace(/^::/, '').replace(/^cuda/, 'hip');

/** The expression under parentheses and casts. */
function bare(e: Node): Node {
  let n = e;
  while ((n.type === 'parenthesized_expression' || n.type === 'cast_expression') && n.namedChildren.at(-1)) n = n.namedChildren.at(-1)!;
  return n;
}

/** What a pointer or array type points at (one level: an array element may be an array). */
const pointee = (t: CType): CType | undefined => (t.kind === 'pointer' ? t.to : t.kind === 'array' ? t.of : undefined);

const sameType = (a: CType, b: CType) => renderTypeId(a) === renderTypeId(b);
const isPure = (e: Node): boolean => PURE.has(e.type) && e.namedChildren.every((c) => !c || isPure(c));

export interface DeviceMemoryInput {
  program: Program;
  types: TypeTable;
  instances: readonly KernelInstance[];
  /** The kernel instance id of each launch (by call node id). */
  launchInstance: ReadonlyMap<number, string>;
  deviceAbi: Abi;
}

export function deviceMemoryFlows(input: DeviceMemoryInput): LayoutFlow[] {
  const flows: LayoutFlow[] = [];
  const launchCalls = new Set(input.program.launches.map((l) => l.call.id));
  for (const launch of input.program.launches) {
    const instance = input.instances.find((i) => i.id === input.launchInstance.get(launch.call.id));
    instance?.params.forEach((p, i) => {
      const arg = launch.args[i];
      if (!arg || p.type.kind !== 'pointer' || p.type.to.kind === 'opaque' || sameOnDevice(p.type.to, input.deviceAbi)) return;
      const read = { node: p.node, type: p.type.to, element: p.type.to, what: `parameter '${p.name}' of kernel '${instance.kernel.name}'` };
      flows.push(...pointerFlows(input, bare(arg), launch.call, read, launchCalls));
    });
  }
  for (const instance of input.instances) {
    for (const p of instance.params) {
      const what = `parameter '${p.name}' of kernel '${instance.kernel.name}'`;
      const [memory, path] = p.type.kind === 'pointer' ? [p.type.to, `${p.name}[i]`] : [p.type, p.name];
      flows.push(...storedPointers(p.node, memory, path, what, input.deviceAbi));
    }
  }
  const seen = new Set<string>();
  // Globals of included headers are resolved (and their copies converted) where they are declared.
  for (const g of input.instances.flatMap((i) => i.globals).filter((g) => input.program.globals.includes(g))) {
    if (seen.has(g.name)) continue;
    seen.add(g.name);
    const type = input.types.resolveDeclarator(g.declaration, g.declarator);
    if (isTypeError(type) || sameOnDevice(type, input.deviceAbi)) continue;
    const what = `device global '${g.name}'`;
    const read = { node: g.declarator, type, element: type.kind === 'array' ? type.of : type, what };
    flows.push(...storedPointers(g.declarator, type, g.name, what, input.deviceAbi));
    flows.push(...initialValue(g, read), ...symbolFlows(input, read));
  }
  return flows;
}

/**
 * Pointers stored in the memory or argument `t` (fields, elements; pointers are not followed) to
 * objects laid out differently on the device: what they point at is filled by the host in ways
 * hip2vortex does not follow.
 */
function storedPointers(node: Node, t: CType, path: string, what: string, abi: Abi): UnknownFlow[] {
  switch (t.kind) {
    case 'pointer': {
      if (t.to.kind === 'opaque' || sameOnDevice(t.to, abi)) return [];
      const read = { node, type: t.to, element: t.to, what: `${what} (through the pointer '${path}')` };
      return [{ kind: 'unknown', node, read, reason: 'pointers stored in device memory or in struct arguments are not followed' }];
    }
    case 'array':
      return storedPointers(node, t.of, `${path}[i]`, what, abi);
    case 'record':
      return t.fields.flatMap((f) => storedPointers(node, f.type, f.name ? `${path}.${f.name}` : path, what, abi));
    default:
      return [];
  }
}

/** What the host does with the device pointer `arg` passed to a kernel that reads `read.type`. */
function pointerFlows(input: DeviceMemoryInput, arg: Node, launch: Node, read: DeviceRead, launches: ReadonlySet<number>): LayoutFlow[] {
  if (arg.type !== 'identifier') return [{ kind: 'unknown', node: arg, read, reason: `the pointer passed here is not a variable of this function` }];
  const fn = enclosing(launch, 'function_definition');
  const body = fn?.childForFieldName('body');
  const name = arg.text;
  // A local, or a variable of the file (streamcluster's `Point *p_d;`) followed through every function not declaring its own.
  const local = !!body && declaresLocal(body, name);
  const scope = local ? body : fileVariable(arg) ? input.program.root : undefined;
  if (!scope) return [{ kind: 'unknown', node: arg, read, reason: `'${name}' is neither a local variable of this function nor a variable of this file` }];
  const flows: LayoutFlow[] = [];
  const seenCalls = new Set<number>();
  const text = input.program.text;
  scan(scope, new Set(['identifier']), (use) => {
    if (!local && shadowed(use, name)) return;
    const call = callTaking(use);
    if (!call) {
      const assignment = use.parent?.type === 'assignment_expression' && use.parent.childForFieldName('left')?.id === use.id;
      if (assignment) flows.push({ kind: 'unknown', node: use.parent!, read, reason: `'${name}' is assigned here` });
      return;
    }
    if (launches.has(call.node.id) || seenCalls.has(call.node.id)) return;
    seenCalls.add(call.node.id);
    const api = apiName(call.node.childForFieldName('function'));
    // Managed memory: the host reads and writes it in place, in the host's layout.
    if (api === 'hipMallocManaged') flows.push({ kind: 'unknown', node: call.node, read, reason: `'${name}' is managed memory, which the host reads and writes in its own layout` });
    if (NO_BYTES.has(api)) return;
    if (api in POINTER_COPIES) {
      const flow = pointerCopy(input, call.node, api, call.index, read);
      if (flow) flows.push(flow);
      return;
    }
    flows.push({ kind: 'unknown', node: call.node, read, reason: `'${name}' is passed to '${call.node.childForFieldName('function')?.text}' here` });
  }, (_, start, end) => end - start === name.length && text.startsWith(name, start));
  return flows;
}

/** A pointer copy (POINTER_COPIES) involving the device pointer at argument `index`; undefined for device-to-device. */
function pointerCopy(input: DeviceMemoryInput, call: Node, api: string, index: number, read: DeviceRead): LayoutFlow | undefined {
  const args = argumentsOf(call.childForFieldName('arguments'));
  const copier = POINTER_COPIES[api];
  const kind = copier.direction ?? args[3]?.text ?? '';
  if (/DeviceToDevice$/.test(kind)) return undefined;
  const toDevice = /HostToDevice$/.test(kind) ? true : /DeviceToHost$/.test(kind) ? false : undefined;
  if (toDevice === undefined) return { kind: 'unconverted', call, read, reason: `the direction '${kind}' is not HostToDevice or DeviceToHost` };
  const device = toDevice ? 0 : 1;
  if (index !== device) return { kind: 'unconverted', call, read, reason: `the device pointer is not the ${device === 0 ? 'destination' : 'source'} of this ${kind} copy` };
  if (bare(args[device]).type !== 'identifier') return { kind: 'unconverted', call, read, reason: 'the device address is offset on the host, where the objects have their host size' };
  return hostSide(input, call, read, toDevice, args[1 - device], args[2], copier.stream);
}

/**
 * The runtime gives a device global its host variable's bytes at first use: a struct or array
 * laid out differently needs its device image instead, and so does a pointer that is not null
 * (`__device__ int* p = table;`): the image holds the device address of the place in the device
 * global it points into (hip2vx_put_pointer). (A scalar's value survives: its low bytes come first.)
 */
function initialValue(g: GlobalVar, read: DeviceRead): InitialValue[] {
  const value = g.declarator.type === 'init_declarator' ? g.declarator.childForFieldName('value') : null;
  const pointer = read.type.kind === 'pointer' && !/^(0|NULL|nullptr)$/.test(value?.text.replace(/^=\s*/, '').trim() ?? '');
  if (!value || (read.type.kind !== 'record' && read.type.kind !== 'array' && !pointer)) return [];
  return [{ kind: 'initial', declaration: g.declaration, name: g.name, value, read }];
}

/** Copies to and from the device global `read`, and the places its address escapes. */
function symbolFlows(input: DeviceMemoryInput, read: DeviceRead): LayoutFlow[] {
  const name = declaredName(read.node)?.text ?? '';
  const flows: LayoutFlow[] = [];
  const text = input.program.text;
  scan(input.program.root, new Set(['call_expression']), (call) => {
    const api = apiName(call.childForFieldName('function'));
    const args = argumentsOf(call.childForFieldName('arguments'));
    const copier = SYMBOL_COPIES[api];
    const symbolAt = copier?.device ?? (api === 'hipGetSymbolAddress' ? 1 : -1);
    if (symbolAt < 0 || !args[symbolAt] || symbolName(args[symbolAt]) !== name) return;
    if (!copier) {
      flows.push({ kind: 'unknown', node: call, read, reason: `the address of '${name}' is taken here; copies through it are not followed` });
      return;
    }
    const toDevice = copier.device === 0;
    const offset = args[copier.offset];
    const kind = args[copier.kind];
    const expected = toDevice ? /HostToDevice$/ : /DeviceToHost$/;
    if (offset && offset.text !== '0') flows.push({ kind: 'unconverted', call, read, reason: 'the offset into the symbol is a host offset' });
    else if (kind && !expected.test(kind.text)) flows.push({ kind: 'unconverted', call, read, reason: `the direction '${kind.text}' is not ${toDevice ? 'HostToDevice' : 'DeviceToHost'}` });
    else flows.push(hostSide(input, call, read, toDevice, args[copier.host], args[copier.bytes], copier.stream));
  }, (_, start, end) => spanHas(text, name, start, end));
  return flows;
}

/** `g`, `HIP_SYMBOL(g)`, `&g`, `(const void*)&g` -> 'g'. */
function symbolName(arg: Node): string {
  let e = bare(arg);
  if (e.type === 'call_expression' && apiName(e.childForFieldName('function')) === 'HIP_SYMBOL') e = bare(argumentsOf(e.childForFieldName('arguments'))[0] ?? e);
  if (e.type === 'pointer_expression' && e.child(0)?.type === '&') e = bare(e.childForFieldName('argument')!);
  return e.type === 'identifier' ? e.text : '';
}

/**
 * The copy converts when its host side is a pure expression pointing at objects of the type the
 * device reads, and an asynchronous copy's stream (argument `streamAt`) is one too.
 */
function hostSide(input: DeviceMemoryInput, call: Node, read: DeviceRead, toDevice: boolean, host: Node | undefined, bytes: Node | undefined, streamAt?: number): LayoutFlow {
  if (!host || !bytes) return { kind: 'unconverted', call, read, reason: 'the call has too few arguments' };
  const hostType = staticType(host, input.program.text, input.types);
  const held = hostType && pointee(hostType);
  const element = read.element;
  if (!held || held.kind === 'opaque') {
    return { kind: 'unconverted', call, read, reason: `the type of the host memory '${host.text}' is not known here (a pointer or array of '${renderTypeId(element)}' declared in this function is)` };
  }
  if (!sameType(held, element)) {
    return { kind: 'unconverted', call, read, reason: `the host memory '${host.text}' holds '${renderTypeId(held)}', not '${renderTypeId(element)}'` };
  }
  // The only calls staticType types are `v.data()` of a std::vector, which are pure.
  if (host.type !== 'call_expression' && !isPure(host)) return { kind: 'unconverted', call, read, reason: `the host expression '${host.text}' is not a plain variable, member, element or vector's data()` };
  if (streamAt === undefined) return { kind: 'convertible', call, read, toDevice, host, bytes };
  const stream = argumentsOf(call.childForFieldName('arguments'))[streamAt] ?? null;
  if (stream && !isPure(stream)) return { kind: 'unconverted', call, read, reason: `the stream '${stream.text}' is not a plain variable, member or element` };
  return { kind: 'convertible', call, read, toDevice, host, bytes, stream };
}

/** The call whose argument list holds `use` (through parentheses, casts, `&`), and the argument's index. */
function callTaking(use: Node): { node: Node; index: number } | undefined {
  let arg = use;
  while (arg.parent && ['parenthesized_expression', 'cast_expression', 'pointer_expression', 'binary_expression'].includes(arg.parent.type)) arg = arg.parent;
  const list = arg.parent;
  if (list?.type !== 'argument_list' || list.parent?.type !== 'call_expression') return undefined;
  return { node: list.parent, index: argumentsOf(list).findIndex((a) => a.id === arg.id) };
}

function enclosing(node: Node, type: string): Node | undefined {
  for (let n = node.parent; n; n = n.parent) if (n.type === type) return n;
  return undefined;
}

/** A host variable this file declares outside functions before `use` (not a device global, not extern). */
function fileVariable(use: Node): boolean {
  const item = fileDeclaration(use)?.node;
  return !!item && !item.children.some((c) => (c?.type === 'storage_class_specifier' && c.text === 'extern') || (c?.type === 'type_qualifier' && /^__(device|constant|managed|shared)__$/.test(c.text)));
}

/** `use` is in a function declaring a variable or parameter of its own named `name`. */
function shadowed(use: Node, name: string): boolean {
  const fn = enclosing(use, 'function_definition');
  if (!fn) return false;
  const params = functionDeclarator(fn)?.childForFieldName('parameters');
  return declaresLocal(fn.childForFieldName('body') ?? fn, name) || argumentsOf(params ?? null).some((p) => declaredName(p.childForFieldName('declarator'))?.text === name);
}

function declaresLocal(body: Node, name: string): boolean {
  let found = false;
  scan(body, new Set(['declaration']), (decl) => {
    if (decl.childrenForFieldName('declarator').some((d) => d && declaredName(d)?.text === name)) found = true;
  });
  return found;
}
