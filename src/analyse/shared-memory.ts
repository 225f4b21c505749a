// Where __shared__ data lives in a block's local-memory slice. Device functions' static shared
// variables get program-wide regions first (so every kernel that calls them agrees), then each
// kernel's own region; the dynamic array follows the static part rounded up to 16 bytes
// (docs/vortex.md: the verified placement). Sizes come from the layout engine for the device ABI
// and the host (CPU backend) and are checked by static_asserts in the generated source.
// A template device function's static shared data has a region per instantiation the program's
// kernels reach (shared-instantiations.ts), placed after the functions' regions by the source that
// defines the kernels; the function finds its region through an overload of hip2vx_shared_offset
// on its struct type that the source defines at its end (argument-dependent lookup when the
// function template is instantiated, so a header's function needs nothing from its includer).
// A program can span files (GPU headers): each file's functions are laid out from 0, then the
// including file places every file's regions one after the other (`place`). A header's own
// translation cannot know where it lands, so its offsets are macros the including file defines.
import type { Abi, CType, Field } from '../layout/index.js';
import { layoutOf, renderTypeId, roundUp } from '../layout/index.js';
import type { FunctionInfo, Program, SharedVar } from './program.js';
import { isTypeError, type Subst, type TypeTable } from './types.js';
import type { Node } from '../parse/parser.js';
import { namespacesOf } from './syntax.js';
import { allHold, COMPILER_MACROS } from '../parse/conditionals.js';
import type { MacroTable } from '../parse/macros.js';
import type { SharedInstantiation } from './shared-instantiations.js';

export interface SharedProblem {
  node: Node;
  message: string;
}

export type AbiPair = { device: number; host: number };

/** An offset: bytes per ABI, or the name of a macro expanding to HIP2VX_ABI(device, host). */
export type Base = AbiPair | string;

export class SharedLayout {
  private readonly names = new Map<FunctionInfo, string>();
  private readonly fnOffsets = new Map<FunctionInfo, AbiPair>();
  /** Bytes of this file's device-function regions (laid out from 0, each 16-aligned). */
  readonly functionBytes: AbiPair = { device: 0, host: 0 };
  private functionBase: Base = { device: 0, host: 0 };
  /** Where kernel regions start: after every device-function region of the program. */
  private kernelBase: Base = this.functionBytes;
  readonly problems: SharedProblem[] = [];
  /** Template device functions with static shared data: a region per instantiation. */
  readonly templated = new Set<FunctionInfo>();
  /** Overloads placing the instantiations (see placeProgram), with their size checks. */
  readonly instantiationDefinitions: string[] = [];
  private readonly byOwner = new Map<FunctionInfo, SharedVar[]>();
  private readonly sizes = new Map<string, AbiPair | undefined>();

  constructor(program: Program, private readonly types: TypeTable, private readonly deviceAbi: Abi, private readonly macros: MacroTable) {
    for (const v of program.shared) this.byOwner.set(v.owner, [...(this.byOwner.get(v.owner) ?? []), v]);
    const taken = new Map<string, number>();
    // File-scope __shared__ declarations are laid out as device functions' static data: program-wide.
    for (const f of [...program.fileShared, ...program.deviceFunctions, ...program.kernels]) {
      if (this.staticVars(f).length === 0) continue;
      const n = taken.get(f.name) ?? 0;
      taken.set(f.name, n + 1);
      this.names.set(f, n === 0 ? `${f.name}_SharedMem` : `${f.name}_SharedMem${n}`);
    }
    for (const f of [...program.fileShared, ...program.deviceFunctions]) {
      if (!this.names.has(f)) continue;
      if (f.templateParams.length > 0) {
        this.templated.add(f);
        continue;
      }
      const size = this.structSize(f, new Map());
      if (!size) continue;
      this.fnOffsets.set(f, { ...this.functionBytes });
      this.functionBytes.device = roundUp(this.functionBytes.device + size.device, 16);
      this.functionBytes.host = roundUp(this.functionBytes.host + size.host, 16);
    }
  }

  /** Places this file in its program: where its function regions start and where kernels' start. */
  place(functionBase: Base, kernelBase: Base): void {
    this.functionBase = functionBase;
    this.kernelBase = kernelBase;
  }

  /** Whether the offsets this file's code uses depend on its placement. */
  get usesShared(): boolean {
    return this.names.size > 0;
  }

  /** The file declares dynamic shared memory (`extern __shared__`): any of its kernels may use it. */
  get usesDynamic(): boolean {
    return [...this.byOwner.values()].some((vars) => vars.some((v) => v.dynamic));
  }

  varsOf(f: FunctionInfo): SharedVar[] {
    return this.byOwner.get(f) ?? [];
  }

  staticVars(f: FunctionInfo): SharedVar[] {
    return this.varsOf(f).filter((v) => !v.dynamic);
  }

  structName(f: FunctionInfo): string {
    return this.names.get(f)!;
  }

  /** The struct's name at file scope, where the size checks are (inside `f`'s namespaces). */
  qualifiedStructName(f: FunctionInfo): string {
    return [...namespacesOf(f.outer), this.structName(f)].join('::');
  }

  /** The struct's type as used inside `f` (template kernels: instantiated with their parameters). */
  structType(f: FunctionInfo): string {
    const args = f.templateParams.length ? `<${f.templateParams.join(', ')}>` : '';
    return `${this.structName(f)}${args}`;
  }

  offsetExpr(f: FunctionInfo): string {
    if (this.templated.has(f)) return `${OFFSET_OVERLOAD}((${this.structType(f)}*)0)`;
    const own = f.kind === 'kernel' ? undefined : this.fnOffsets.get(f);
    if (!own) return abi(this.kernelBase);
    const base = this.functionBase;
    return typeof base === 'string' ? `${base} + ${abi(own)}` : abi({ device: base.device + own.device, host: base.host + own.host });
  }

  /** sizeof(<fn>_SharedMem) per ABI (once per function and template arguments). */
  structSize(f: FunctionInfo, subst: Subst): AbiPair | undefined {
    const key = `${this.structName(f)}<${[...subst.values()].map((v) => (typeof v === 'number' ? v : renderTypeId(v))).join(',')}>`;
    if (!this.sizes.has(key)) this.sizes.set(key, this.measure(f, subst));
    return this.sizes.get(key);
  }

  /** Undefined (after reporting) when a type is unknown. */
  private measure(f: FunctionInfo, subst: Subst): AbiPair | undefined {
    const fields: Field[] = [];
    // Measured as the device compiler sees the file's macros (a user's -D can change it: the size checks say so).
    for (const v of this.staticVars(f).filter((s) => allHold(s.conditions, this.macros, COMPILER_MACROS.device))) {
      const t = this.types.resolveDeclarator(v.declaration, v.declarator, subst);
      const alignas = this.types.declaredAlignment(v.declaration, subst);
      const failed = isTypeError(t) ? t : isTypeError(alignas) ? alignas : undefined;
      if (failed) {
        this.problems.push({ node: failed.node, message: failed.message });
        return undefined;
      }
      fields.push({ name: v.member, type: t as CType, ...(typeof alignas === 'number' ? { alignas } : {}) });
    }
    const record: CType = { kind: 'record', tag: 'struct', name: this.structName(f), fields };
    return { device: layoutOf(record, this.deviceAbi).size, host: layoutOf(record, 'host').size };
  }

  /** static_asserts that the compiler's sizeof of the shared structs matches the offsets used here. */
  sizeChecks(kernel: FunctionInfo, subst: Subst, templateArgs: readonly string[]): string[] {
    if (!this.names.has(kernel)) return [];
    return sizeCheck(`${this.qualifiedStructName(kernel)}${templateArgs.length ? `<${templateArgs.join(', ')}>` : ''}`, this.structSize(kernel, subst));
  }

  /** The same for the device functions' structs (once per file). */
  functionSizeChecks(): string[] {
    return [...this.fnOffsets.keys()].flatMap((f) => sizeCheck(this.qualifiedStructName(f), this.structSize(f, new Map())));
  }

  /** Static shared bytes of a kernel instance: device-function regions, then its own struct. */
  staticBytes(kernel: FunctionInfo, subst: Subst): AbiPair | undefined {
    const base = this.kernelBase;
    if (typeof base === 'string') throw new Error('staticBytes: the program-wide kernel base is not known in a header');
    if (!this.names.has(kernel)) return { ...base };
    const own = this.structSize(kernel, subst);
    return own && { device: base.device + own.device, host: base.host + own.host };
  }
}

/** One file of a program as the placement sees it: `name` (an identifier) names its base macro. */
export interface ProgramFile {
  shared: SharedLayout;
  path: string;
  name: string;
  /** A header's path as its #include wrote it. */
  written: string;
}

const KERNEL_BASE = 'HIP2VX_SHARED_KERNEL_BASE';
const baseMacro = (f: ProgramFile) => `HIP2VX_SHARED_BASE_${f.name}`;

/**
 * Lays out the shared memory of a program spread over files: every header's device-function
 * regions, then the source's, then the kernels'. Returns the device prelude's lines: in a source,
 * the macros its headers' translations use; in a header, the check that an including file set them.
 * `clash(i, ...)`: headers[i] has the macro name of an earlier one and one of them needs it.
 */
export function placeProgram(own: ProgramFile, headers: readonly ProgramFile[], headerMode: boolean, clash: (i: number, message: string) => void, instantiations: readonly SharedInstantiation[] = []): string[] {
  if (headerMode) {
    if (!own.shared.usesShared) return [];
    own.shared.place(baseMacro(own), KERNEL_BASE);
    return [baseMacro(own), KERNEL_BASE].flatMap((m) => [
      `#ifndef ${m}`,
      `#error "include this file's translation from a source translated by hip2vortex: it defines ${m}"`,
      '#endif',
    ]);
  }
  // A header included twice (by two headers) is one region.
  const placed = new Map<string, ProgramFile>();
  const byMacro = new Map<string, ProgramFile>();
  headers.forEach((h, i) => {
    if (placed.has(h.path)) return;
    const other = byMacro.get(baseMacro(h));
    if (other && (h.shared.usesShared || other.shared.usesShared)) {
      clash(i, `'${h.written}' has the file name of another GPU header of this program (${other.path}); their shared memory cannot both be placed`);
    }
    byMacro.set(baseMacro(h), h);
    placed.set(h.path, h);
  });
  let next: AbiPair = { device: 0, host: 0 };
  const bases = new Map<string, AbiPair>();
  for (const f of [...placed.values(), own]) {
    bases.set(f.path, next);
    next = { device: next.device + f.shared.functionBytes.device, host: next.host + f.shared.functionBytes.host };
  }
  next = placeInstantiations(own.shared, instantiations, next);
  for (const f of [own, ...headers]) f.shared.place(bases.get(f.path)!, next);
  if (headers.length === 0) return [];
  const define = (macro: string, o: AbiPair) => `#define ${macro} HIP2VX_ABI(${o.device}, ${o.host})`;
  return [...[...placed.values()].map((h) => define(baseMacro(h), bases.get(h.path)!)), define(KERNEL_BASE, next)];
}

const OFFSET_OVERLOAD = 'hip2vx_shared_offset';

/** Regions from `start` for each instantiation; `own` defines their overloads. Returns the end. */
function placeInstantiations(own: SharedLayout, instantiations: readonly SharedInstantiation[], start: AbiPair): AbiPair {
  let next = start;
  const placed = new Set<string>();
  for (const { fn, layout, binding } of instantiations) {
    const type = `${layout.structName(fn)}<${[...binding.texts.values()].join(', ')}>`;
    const namespaces = namespacesOf(fn.outer);
    const key = [...namespaces, type].join('::');
    const size = layout.structSize(fn, binding.subst);
    if (!size && layout !== own) own.problems.push(...layout.problems);
    if (!size || placed.has(key)) continue;
    placed.add(key);
    const overload = `inline unsigned ${OFFSET_OVERLOAD}(${type}*) { return ${abi(next)}; }`;
    own.instantiationDefinitions.push(namespaces.reduceRight((inner, ns) => `namespace ${ns} { ${inner} }`, overload), ...sizeCheck(key, size));
    next = { device: roundUp(next.device + size.device, 16), host: roundUp(next.host + size.host, 16) };
  }
  return next;
}

const abi = (o: Base) => (typeof o === 'string' ? o : `HIP2VX_ABI(${o.device}, ${o.host})`);

function sizeCheck(type: string, size: AbiPair | undefined): string[] {
  return size ? [`static_assert(sizeof(${type}) == HIP2VX_ABI(${size.device}, ${size.host}), "${type}: size differs from the shared-memory layout");`] : [];
}
