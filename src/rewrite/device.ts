// Device-side edits of the input: host-only code is dropped, device code is kept with HIP/CUDA
// builtins mapped through the rules, shared variables placed in the block's local memory slice,
// device globals reached through pointers the launch passes, and divergent control flow bracketed.
import { basename } from 'node:path';
import { parse, type Node } from '../parse/parser.js';
import { closureStructs, declaredIn, deviceLambdas, lambdaFunction } from '../analyse/device-lambdas.js';
import { namedParameterList, sharedOf, templateParamNames, unnamedTemplateParameters, type FunctionInfo, type GlobalVar, type Program, type SharedVar, type TopItem } from '../analyse/program.js';
import type { KernelInstance } from '../analyse/instances.js';
import { declarationOf, staticType } from '../analyse/expression-type.js';
import { Uniformity, type UniformityContext } from '../analyse/uniformity.js';
import { laneBeyondWarp, warpExits, WarpOps } from '../analyse/warp-ops.js';
import { bundledLibrary, isBundled } from '../gpu-hint.js';
import { previousStatement, warpSynchronousSteps, type WarpStep } from '../analyse/warp-synchronous.js';
import { integerConstants, WARP_ROWS, WarpScope, type WarpAssumptions } from '../analyse/warp-uniformity.js';
import { ParamUniformity, type ParamFacts } from '../analyse/param-uniformity.js';
import { conditionalGroups, enclosingConditions, unbalancedDirectives } from '../parse/conditionals.js';
import { substitute, type MacroTable } from '../parse/macros.js';
import { ptxCall, warpMatrixInstruction } from '../analyse/ptx-asm.js';
import { aliasesIn, argumentsOf, attributeSpaces, declaredName, descendants, functionDeclarator, namespacesOf, position, qualifiedUse, qualifiersOf, scan, scanSpans, spanHas, walk } from '../analyse/syntax.js';
import { calledName, isBlockBarrier, ownerClass } from '../analyse/barriers.js';
import type { HeaderRule, RuleSet } from '../rules/index.js';
import { HOSTED_STD } from '../analyse/constructs.js';
import { DivergenceLowering, RETURNS_AND_LAMBDAS, statementsBeforeReturns, type Report } from './divergence.js';
import { guardingIf, LockstepSteps, type PlacedStep } from './lockstep.js';
import { SplitNesting } from './nesting.js';
import { spinPoints } from './spin-loops.js';
import { templateWidths, wideIntegers, type TemplateWidths } from './wide-integers.js';
import type { TypeTable } from '../analyse/types.js';
import type { CType } from '../layout/index.js';
import type { EditSet } from './edits.js';
import type { Reporter } from './reporter.js';
import type { SharedLayout } from '../analyse/shared-memory.js';

export interface DeviceOptions {
  divergence: 'explicit' | 'compiler';
  xlen: 32 | 64;
  /** Device functions and kernels that use warp operations (analyse/warp-ops.ts), across the units. */
  warpUsers?: ReadonlySet<string>;
  /** Device functions whose returns end their thread (threadEnders). */
  warpEnders?: ReadonlySet<string>;
  /** Lanes of a logical warp (32 when absent). */
  warpSize?: number;
  /** The kernel instances of the units (template parameters' values). */
  instances?: readonly KernelInstance[];
  /**
   * For a quoted include of a local file without GPU code: its syntax tree and those of the local
   * files it includes; undefined for other includes.
   */
  plainIncludeRoots?: (directive: Node) => Node[] | undefined;
  /** The rule for an include as written: none for a quoted one the user's own file answers. */
  headerRule: (path: string, quoted: boolean) => HeaderRule | undefined;
  /** Identifiers of the GPU headers the file includes (their device code may use what it includes before them). */
  headerNames?: ReadonlySet<string>;
  /** Namespaces the file and the local headers it includes define: their using-directives stay on the device. */
  namespaces?: ReadonlySet<string>;
  /** Translating a header: its types and constants may be for its includers' device code. */
  header?: boolean;
  /** Names in the template arguments of the kernel instances built here (`apply<16, Twice>`). */
  instanceNames?: ReadonlySet<string>;
  /** Names the device code of the headers and sources this file includes uses: types and constants it declares before them stay. */
  headerDeviceNames?: ReadonlySet<string>;
  /** Device functions of the local headers the file includes (`ceil_div`), asked for when needed. */
  includedFunctions?: () => readonly FunctionInfo[];
  /** Member functions of the classes of those headers (a library's block collectives). */
  includedMemberFunctions?: () => readonly FunctionInfo[];
  /** Device globals of the GPU headers (and sources included as text) in sight, which device code here may name. */
  visibleGlobals?: readonly GlobalVar[];
  /** Variables declared `__shared__` at file scope in the GPU headers (and sources included as text) in sight. */
  includedFileShared?: readonly string[];
  /** The file's types: 64-bit comparisons and shifts on rv32 are found by their operands' types. */
  types?: TypeTable;
  /** The macros in sight of the file: what a macro used at file scope declares. */
  macros?: MacroTable;
}

const RECORD_TYPES = new Set(['struct_specifier', 'class_specifier', 'union_specifier']);

/** A member of a class template, or of a class nested in one (`this` names a dependent type there). */
function inClassTemplate(member: Node): boolean {
  for (let n = member.parent; n; n = n.parent) if (RECORD_TYPES.has(n.type) && n.parent?.type === 'template_declaration') return true;
  return false;
}

/** Blocks whose items are declared at the scope around them. */
const SCOPE_BLOCKS = new Set(['translation_unit', 'preproc_if', 'preproc_ifdef', 'preproc_else', 'preproc_elif', 'linkage_specification', 'declaration_list', 'namespace_definition']);

/** Standard headers device code keeps: the C headers picolibc has, and the header-only C++ library
 * parts built from the host's libstdc++ (runtime/vortex-toolchain.mk: VX_CXX_STDLIB). */
const DEVICE_HEADERS = new Set(['stdint.h', 'stddef.h', 'stdbool.h', 'math.h', 'string.h', 'float.h', 'limits.h',
  'cstdint', 'cstddef', 'climits', 'cfloat', 'cmath', 'cstring', 'type_traits', 'limits', 'utility', 'array', 'tuple',
  'functional', 'algorithm', 'numeric', 'initializer_list', 'iterator', 'ratio', 'bit', 'new']);
const TYPE_ITEMS = new Set(['struct_specifier', 'class_specifier', 'union_specifier', 'enum_specifier', 'type_definition', 'alias_declaration']);
const MACRO_ITEMS = new Set(['preproc_def', 'preproc_function_def']);
/** `using namespace a::b;`: the last name. */
const USING_NAMESPACE = /^using\s+namespace\s+(?:[\w\s]*::\s*)*(\w+)\s*;$/;
const DECLARATIONS = new Set(['declaration', 'parameter_declaration', 'optional_parameter_declaration', 'field_declaration', 'type_definition']);
const USING_STD = /^using\s+namespace\s+(?:::\s*)?std\s*;$/;
/**
 * Names of the standard headers device code has (DEVICE_HEADERS) that code under `using namespace
 * std;` may use unqualified. The directive itself cannot stay on the device: hip2vx_device.h's
 * branch-free std::min/max overloads and CUDA's global ones would make every unqualified min/max
 * ambiguous; these names cannot clash with what it declares globally.
 */
const STD_NAMES = ['numeric_limits', 'swap', 'exchange', 'move', 'forward', 'declval', 'pair', 'make_pair', 'tuple', 'make_tuple', 'get', 'tie',
  'tuple_size', 'tuple_element', 'array', 'integer_sequence', 'index_sequence', 'make_index_sequence', 'initializer_list',
  'is_same', 'is_same_v', 'enable_if', 'enable_if_t', 'conditional', 'conditional_t', 'integral_constant', 'true_type', 'false_type',
  'decay', 'decay_t', 'remove_reference', 'remove_reference_t', 'remove_cv', 'remove_cv_t', 'remove_const', 'remove_pointer',
  'is_integral', 'is_integral_v', 'is_floating_point', 'is_floating_point_v', 'is_signed', 'is_unsigned', 'is_pointer', 'is_arithmetic',
  'make_unsigned', 'make_unsigned_t', 'make_signed', 'make_signed_t', 'common_type', 'common_type_t'];
/** Namespaces hip2vx_device.h defines (cooperative groups, nvcuda::wmma): using-directives naming them stay on the device. */
export const RUNTIME_NAMESPACES: ReadonlySet<string> = new Set(['cooperative_groups', 'nvcuda', 'wmma']);
const FLOATING = new Set(['float', 'double', 'long double', '__half', 'half', '__nv_bfloat16', 'hip_bfloat16']);

/** Whether `e` computes in floating point: an operand of an arithmetic operator is floating (the usual arithmetic conversions). */
function floatingValue(e: Node, text: string, types: TypeTable): boolean {
  switch (e.type) {
    case 'parenthesized_expression': case 'unary_expression':
      return e.namedChildren.some((c) => !!c && floatingValue(c, text, types));
    case 'binary_expression':
      return ['+', '-', '*', '/'].includes(e.childForFieldName('operator')!.type) && [e.childForFieldName('left'), e.childForFieldName('right')].some((c) => !!c && floatingValue(c, text, types));
    default: {
      const t = staticType(e, text, types);
      return t?.kind === 'scalar' && FLOATING.has(t.name);
    }
  }
}
/** std functions whose calls with explicit template arguments go to hip2vx_device.h's hip2vx_std_<name>. */
const EXPLICIT_STD = new Set(['min', 'max', 'clamp']);
const KEEP_ALWAYS = new Set(['preproc_def', 'preproc_function_def', 'preproc_call', 'comment', 'namespace_alias_definition']);
const NAMES = new Set(['identifier', 'type_identifier', 'namespace_identifier']);
const TYPE_NAMES = new Set(['type_identifier']);
const IDENTIFIERS = new Set(['identifier']);
const LAMBDAS = new Set(['lambda_expression']);
const DEVICE_NODES = new Set([...NAMES, 'gnu_asm_expression', 'new_expression', 'delete_expression', 'primitive_type', 'call_expression']);

export const symbolPointer = (name: string) => `__hip2vx_sym_${name}`;
/** A file-scope `__shared__` variable's place in the running block's slice. */
const fileSharedAccessor = (name: string) => `__hip2vx_shared_${name}`;

export class DeviceRewriter {
  private readonly globals: Map<string, GlobalVar>;
  private readonly nesting: SplitNesting;
  /** Functions whose use of double on rv32 has been reported: once each, at the first use. */
  private readonly doubleReported = new Set<Node>();
  /** What each lowered function's analysis found uniform (read by the 64-bit operations' rewrite). */
  private readonly uniformities = new Map<FunctionInfo, Uniformity>();
  /** Kernels (by name) whose lowering ends a loop by a block vote: their entries reserve the warp scratch it counts in. */
  readonly voters = new Set<string>();
  /** Kernels whose lanes leave their warp where they leave a loop around its last warp operations (TailBranches). */
  readonly leavers = new Set<string>();

  constructor(
    private readonly program: Program,
    private readonly edits: EditSet,
    private readonly rules: RuleSet,
    private readonly report: Reporter,
    private readonly shared: SharedLayout,
    private readonly options: DeviceOptions,
  ) {
    this.globals = new Map([...(options.visibleGlobals ?? []), ...program.globals].map((g) => [g.name, g]));
    this.nesting = new SplitNesting(program.deviceFunctions.map((f) => f.name));
  }

  run(): void {
    // Member functions too (a functor's operator()): their branches diverge like any device code's.
    // Device lambdas too: each becomes a struct standing before its host function (device-lambdas.ts).
    const lambdas = deviceLambdas(this.program).filter((l) => !l.problem);
    const members = this.program.memberFunctions;
    this.memberShared(members);
    const outer = [...this.program.kernels, ...this.program.deviceFunctions, ...members, ...lambdas.map((l) => l.fn)];
    // Lambdas inside device code (`auto clamp = [](int v) { if (...) return ...; }`): lowered on
    // their own (their returns are theirs); what they capture may differ between threads.
    const inner = outer.flatMap((f) => this.innerLambdas(f));
    const deviceFns = [...outer, ...inner];
    // Prototypes stay on the device side too: the types they name must stay with them; so do the
    // types of the variables lambdas capture.
    const used = this.namesUsedByDevice([...this.program.functions.filter((f) => f.kind !== 'host').map((f) => f.outer), ...lambdas.flatMap((l) => [l.node, ...l.captures.map((c) => c.declaration)])]);
    for (const item of this.program.items) this.item(item, used);
    for (const fn of deviceFns) this.body(fn);
    for (const [host, structs] of closureStructs(lambdas, (l) => this.edits.print(l.fn.body!), '\n')) this.edits.transform(host.outer, (text) => `${structs()}${text}`);
    // After the bodies' own edits (the divergence lowering replaces whole nodes; these wrap operands).
    const types = this.options.types;
    if (this.options.xlen === 32 && types) {
      // The outer functions' bodies hold their inner lambdas': each operation once.
      for (const fn of outer) {
        const uniformity = this.uniformities.get(fn);
        if (fn.body) wideIntegers(fn.body, this.program.text, types, this.edits, this.templateWidths(fn), this.report, (e) => !!uniformity?.isUniform(e));
      }
    }
    const volatileGlobals = new Set(this.program.globals.filter((g) => g.declaration.children.some((c) => c?.type === 'type_qualifier' && c.text === 'volatile')).map((g) => g.name));
    for (const fn of deviceFns) if (fn.body) spinPoints(fn.node, fn.body, this.program.text, volatileGlobals, this.edits);
    for (const fn of this.program.deviceFunctions) this.overloadOfBuiltin(fn);
    for (const g of this.program.globals) this.globalDeclaration(g);
    for (const item of this.program.items) if (MACRO_ITEMS.has(item.node.type)) this.macroBody(item.node);
  }

  /**
   * The names the rules rename, in a macro's body (`#define TID hipThreadIdx_x`, `#define FENCE()
   * __threadfence()`): renamed there too, as the uses the device code expands reach them. Not a
   * parameter, a member (`t.clock`), a name the file defines as a macro, nor one passing its
   * location (`assert`: hip2vx_device.h defines it for macros).
   */
  private macroBody(d: Node): void {
    const value = d.childForFieldName('value');
    if (!value) return;
    const params = new Set(d.childForFieldName('parameters')?.namedChildren.map((p) => p?.text) ?? []);
    const renamed = value.text.replace(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|(?<![\w.]|->|::)[A-Za-z_]\w*/g, (word) => {
      const rule = /^["']/.test(word) || params.has(word) || this.options.macros?.has(word) ? undefined : this.rules.deviceBuiltins.get(word);
      return rule?.action.kind === 'rename' && !rule.location ? rule.action.to : word;
    });
    if (renamed !== value.text) this.edits.replace(value, renamed);
  }

  /**
   * A device function overloading a name the rules rename (`float4 sqrtf(float4)`) is renamed the
   * same way, so calls, renamed, still choose among it and the runtime's overloads.
   */
  private overloadOfBuiltin(fn: FunctionInfo): void {
    const rule = this.rules.deviceBuiltins.get(fn.name);
    const name = declaredName(functionDeclarator(fn.node)?.childForFieldName('declarator') ?? null);
    if (rule?.action.kind === 'rename' && name?.type === 'identifier' && !rule.action.to.includes('.')) this.edits.replace(name, rule.action.to);
  }

  /** Identifiers that device code refers to, closed over the type and constant items it keeps. */
  private namesUsedByDevice(roots: Node[]): Set<string> {
    // The entries name their instances' template arguments: the types they name stay too.
    const used = new Set<string>([...(this.options.instanceNames ?? []), ...(this.options.headerDeviceNames ?? [])]);
    const text = this.program.text;
    // Macro bodies are not parsed: their words count as used (macros stay in any case).
    const addMacro = (m: Node) => (m.childForFieldName('value')?.text.match(/[A-Za-z_]\w*/g) ?? []).forEach((w) => used.add(w));
    const addFrom = (n: Node) => {
      if (MACRO_ITEMS.has(n.type)) return addMacro(n);
      scanSpans(n, NAMES, (_, start, end) => used.add(text.slice(start, end)));
      scan(n, MACRO_ITEMS, addMacro);
    };
    roots.forEach(addFrom);
    this.program.globals.forEach((g) => addFrom(g.declaration));
    const candidates = this.program.items
      .filter((i) => this.isTypeOrConstant(i.node) || MACRO_ITEMS.has(i.node.type))
      .map((i) => ({ node: i.node, names: MACRO_ITEMS.has(i.node.type) ? [i.node.childForFieldName('name')?.text ?? ''] : this.declaredNames(i.node), kept: false }));
    if (this.options.header) for (const c of this.deviceCleanTypes(candidates)) c.names.forEach((n) => used.add(n));
    for (let grew = true; grew; ) {
      grew = false;
      for (const c of candidates) {
        if (c.kept || !c.names.some((n) => used.has(n))) continue;
        c.kept = true;
        c.names.forEach((n) => used.add(`#kept:${n}`));
        addFrom(c.node);
        grew = true;
      }
    }
    return used;
  }

  /**
   * A header's types and constants, kept for its includers' device code, except those built on a
   * hosted standard library facility (`std::vector<Pixel> pixels;`, `string *name;`) or on such a
   * type: the device side has no libstdc++, and device code could not use them anyway. What the
   * device translation drops of a class (`friend ostream& operator<<`) does not count.
   */
  private deviceCleanTypes<C extends { node: Node; names: string[] }>(candidates: C[]): C[] {
    const text = this.program.text;
    const own = new Set(this.namesDeclaredIn(this.program.root));
    const typeNames = (n: Node) => {
      const dropped = hostOnlyParts(n).map((p) => p.node);
      const words: string[] = [];
      scanSpans(n, TYPE_NAMES, (_, start, end) => {
        if (!dropped.some((d) => d.startIndex <= start && end <= d.endIndex)) words.push(text.slice(start, end));
      });
      return words;
    };
    const hosted = new Set([...HOSTED_STD].filter((n) => !own.has(n)));
    const uses = candidates.map((c) => ({ c, words: MACRO_ITEMS.has(c.node.type) ? [] : typeNames(c.node) }));
    for (let grew = true; grew; ) {
      grew = false;
      for (const u of uses) {
        if (u.c.names.some((n) => hosted.has(n)) || !u.words.some((w) => hosted.has(w))) continue;
        u.c.names.forEach((n) => hosted.add(n));
        grew = true;
      }
    }
    return candidates.filter((c) => !c.names.some((n) => hosted.has(n)));
  }

  private isTypeOrConstant(n: Node): boolean {
    const inner = n.type === 'template_declaration' ? n.namedChildren.find((c) => c && c.type !== 'template_parameter_list') ?? n : n;
    if (TYPE_ITEMS.has(inner.type)) return true;
    // A constexpr host function evaluates in device code too (array extents, constants).
    if (inner.type === 'function_definition') return qualifiersOf(inner).has('constexpr') && !qualifiersOf(inner).has('__device__');
    if (inner.type !== 'declaration') return false;
    const type = inner.childForFieldName('type');
    if (type && TYPE_ITEMS.has(type.type) && type.childForFieldName('body')) return true;
    const q = qualifiersOf(inner);
    return q.has('constexpr') || inner.namedChildren.some((c) => c?.type === 'type_qualifier' && c.text === 'const');
  }

  /** Names a type or constant item declares: the type, typedef/variable names, enumerators. */
  private declaredNames(n: Node): string[] {
    const names: string[] = [];
    walk(n, (c) => {
      const name = c.childForFieldName('name');
      // A specialisation (`struct Vec<float, 4>`) declares the template's name again.
      if (name && (TYPE_ITEMS.has(c.type) || c.type === 'enumerator')) names.push((name.type === 'template_type' ? name.childForFieldName('name')! : name).text);
      if (c.type === 'function_definition') names.push(declaredName(functionDeclarator(c)?.childForFieldName('declarator') ?? null)?.text ?? '');
      if (c.type === 'type_definition' || c.type === 'declaration') {
        for (const d of c.childrenForFieldName('declarator')) {
          const id = d && declaredName(d);
          if (id) names.push(id.text);
        }
      }
      // Members and function bodies declare nothing at this scope.
      return c.type !== 'field_declaration_list' && c.type !== 'compound_statement';
    });
    return names;
  }

  /** Macros, types, variables and functions a file declares at its outer scopes. */
  private namesDeclaredIn(root: Node): string[] {
    const names: string[] = [];
    walk(root, (c) => {
      if (c === root || SCOPE_BLOCKS.has(c.type)) return true;
      if (c.type === 'preproc_def' || c.type === 'preproc_function_def') names.push(c.childForFieldName('name')!.text);
      else if (c.type === 'function_definition') names.push(declaredName(c.childForFieldName('declarator'))?.text ?? '');
      else names.push(...this.declaredNames(c));
      return false;
    });
    return names;
  }

  /**
   * `__shared__` inside a member function. The dynamic array (`extern __shared__`, the CUDA
   * samples' `SharedMemory<T>::getPointer()`) is the block's one region, as in any device code.
   * A static one (CUB's `PrivateStorage()`) is refused: its placement would depend on the class's
   * instances, which the shared-memory layout does not follow. A class template's member function
   * is compiled only where device code calls it: there the declaration becomes a static_assert
   * that fails when it is instantiated (CUB's classes define PrivateStorage() for a constructor
   * most kernels never call); elsewhere it is an error.
   */
  private memberShared(members: readonly FunctionInfo[]): void {
    const fix = "declare it in the kernel (or at file scope) and pass it to the object (CUB's TempStorage constructor)";
    for (const f of members) {
      const all = sharedOf(f, this.program.text);
      for (const dynamic of all.filter((v) => v.dynamic)) this.dynamicShared(dynamic.declaration, [dynamic]);
      const vars = all.filter((v) => !v.dynamic);
      const inTemplate = vars.length > 0 && !f.qualifiers.has('static') && inClassTemplate(f.outer);
      for (const v of vars) {
        const what = `__shared__ '${v.name}' is declared in a member function: hip2vortex places __shared__ variables of kernels, device functions and file scope only`;
        if (!inTemplate) {
          this.report.at(v.declaration, 'error', 'shared-in-member-function', `${what}; ${fix}`);
          continue;
        }
        this.report.at(v.declaration, 'warning', 'shared-in-member-function', `${what}: the program fails to build if device code calls '${f.name}'; ${fix}`);
        const shared = v.declaration.children.find((c) => c?.text === '__shared__');
        if (shared) this.edits.replace(shared, `static_assert(hip2vx_dependent_false<decltype(this)>::value, "hip2vortex: __shared__ '${v.name}' in member function '${f.name}' is not supported on Vortex; ${fix}"); static`);
      }
    }
  }

  /**
   * `using namespace std;`: on the device, a using-declaration of each standard name device code
   * uses (STD_NAMES) that the file declares at no scope (a parameter named `array`) and its local
   * headers do not mention: a name they declare may be all the code means, and std's might not be
   * declared on the device.
   */
  private usingStd(node: Node, used: Set<string>): void {
    const own = new Set(this.namesDeclaredIn(this.program.root));
    scan(this.program.root, DECLARATIONS, (d) => {
      for (const declarator of d.childrenForFieldName('declarator')) {
        const name = declarator && declaredName(declarator);
        if (name) own.add(name.text);
      }
    });
    const names = STD_NAMES.filter((n) => used.has(n) && !own.has(n) && !this.options.headerNames?.has(n));
    this.edits.replace(node, names.map((n) => `using std::${n};`).join(' '));
  }

  /** Removes an item, keeping the directives of the #if groups it cuts through (as written: the parsed text blanks a branch not taken). */
  private drop(node: Node): void {
    this.edits.replace(node, unbalancedDirectives(this.edits.text.slice(node.startIndex, node.endIndex)));
  }

  private item({ node }: TopItem, used: Set<string>): void {
    const fn = this.program.functionOf(node);
    if (fn) {
      if (fn.kind === 'host' && !(this.isTypeOrConstant(node) && used.has(`#kept:${fn.name}`))) this.drop(node);
      else this.sharedStruct(fn);
      // The keywords, which hip2vx_device.h defines (compilers ignore the CUDA attributes); AMD GPU
      // attributes (amdgpu_flat_work_group_size, ...) go: clang refuses them on a RISC-V function.
      for (const a of fn.node.children) {
        const words = a?.type === 'attribute_specifier' ? attributeSpaces(a) : [];
        if (words.length || (a?.type === 'attribute_specifier' && /\bamdgpu_/.test(a.text))) this.edits.replace(a!, words.join(' '));
      }
      return;
    }
    const fileShared = this.program.fileShared.find((f) => f.outer.id === node.id);
    if (fileShared) return this.sharedStruct(fileShared);
    const dynamicShared = fileScopeDynamicShared(node);
    if (dynamicShared) return this.edits.replace(node, dynamicShared);
    if (KEEP_ALWAYS.has(node.type) || this.program.globals.some((g) => node.id === (g.template ? g.declaration.parent! : g.declaration).id)) return;
    if (node.type === 'preproc_include') {
      // System headers go, and so do CUDA/HIP headers written in quotes ("cuda_runtime.h");
      // other quoted headers are the user's, and bundled libraries (<hipcub/...>) are translated like them.
      const path = node.childForFieldName('path')!.text.slice(1, -1);
      const quoted = node.childForFieldName('path')!.text.startsWith('"');
      if (!DEVICE_HEADERS.has(path) && (!(quoted || bundledLibrary(path)) || this.options.headerRule(path, quoted))) this.edits.replace(node, '');
      // A local file without GPU code that declares nothing device code uses is host code (a
      // reference implementation, I/O helpers): it may need what the device side drops.
      else if (quoted && this.options.plainIncludeRoots?.(node)?.every((root) => !this.namesDeclaredIn(root).some((n) => used.has(n) || this.options.headerNames?.has(n)))) this.edits.replace(node, '');
      return;
    }
    if (this.isTypeOrConstant(node) && this.declaredNames(node).some((n) => used.has(`#kept:${n}`))) {
      this.dropHostMembers(node);
      return;
    }
    if (this.options.header && isScalarConstantOrEnum(node)) return;
    const namespace = USING_NAMESPACE.exec(node.text)?.[1] ?? '';
    if (this.options.namespaces?.has(namespace) || RUNTIME_NAMESPACES.has(namespace)) return;
    if (USING_STD.test(node.text)) return this.usingStd(node, used);
    if (this.macroDeclaresKept(node, used)) return;
    this.drop(node);
  }

  /**
   * `__ALIGN_BYTES(short4, 8)` at file scope: a function-like macro's use whose body names a type
   * or constant device code keeps (`template <> struct AlignBytes<t> {...}`) declares part of it.
   * A use the parser's view blanked (a statement macro near a syntax error reads as `;`) stays as
   * written: only its first character is a node.
   */
  private macroDeclaresKept(node: Node, used: Set<string>): boolean {
    if (node.type === 'expression_statement' && node.text === ';' && this.edits.text.slice(node.startIndex, node.endIndex) !== ';') return true;
    const call = node.type === 'expression_statement' ? node.namedChildren[0] : undefined;
    const name = call?.type === 'call_expression' ? call.childForFieldName('function')?.text : undefined;
    const macro = name ? this.options.macros?.get(name) : undefined;
    if (!macro?.params) return false;
    const expansion = parse(substitute(macro, argumentsOf(call!.childForFieldName('arguments')).map((a) => a.text)));
    try {
      return this.declaredNames(expansion.rootNode).some((n) => used.has(n) || used.has(`#kept:${n}`));
    } finally {
      expansion.delete();
    }
  }

  /**
   * Member functions of a kept class that device code cannot call (no `__device__`, not constexpr;
   * friends too) leave its device translation: their signatures and bodies may use host-only types
   * (`friend ostream& operator<<`) whose headers the device side drops. Constructors, destructors
   * and assignments stay (they shape the class).
   */
  private dropHostMembers(item: Node): void {
    for (const { node, replacement } of hostOnlyParts(item)) this.edits.replace(node, replacement);
  }

  /** `struct <fn>_SharedMem { ... };` before a function that declares static __shared__ data. */
  private sharedStruct(fn: FunctionInfo): void {
    const vars = this.shared.staticVars(fn);
    if (vars.length === 0) return;
    if (!fn.body) {
      // A file-scope declaration: its struct and an accessor per variable stand in its place.
      const struct = this.shared.structType(fn);
      const accessors = vars.map((v) => `HIP2VX_INLINE auto& ${fileSharedAccessor(v.name)}() { return HIP2VX_SHARED(${this.shared.offsetExpr(fn)}, ${struct}).${v.name}; }`);
      this.edits.replace(fn.outer, [`struct ${struct} {`, ...vars.map((v) => `  ${this.memberText(v)};`), '};', ...accessors].join('\n'));
      return;
    }
    const template = fn.outer.type === 'template_declaration' ? `template ${namedParameterList(fn.outer)} ` : '';
    // The struct is named with the function's parameters: the unnamed ones (`enable_if<...>::type = 0`) get names.
    if (template) for (const { after, name } of unnamedTemplateParameters(fn.outer)) this.edits.wrap(after, '', ` ${name}`);
    // A member declared under `#if` keeps its condition (`#ifdef WAVE64 T s[64]; #else T s[32];`).
    const members = vars.map((v) => (v.conditions.length ? `#if ${v.conditions.join(' && ')}\n  ${this.memberText(v)};\n#endif` : `  ${this.memberText(v)};`));
    const constants = localConstantsUsed(fn, members.join(' '), this.program.text).map((c) => c.replace(/^(?!#)/gm, '  '));
    const macros = localMacrosUsed(fn, [...constants, ...members].join(' '), vars[0].declaration.startIndex);
    this.edits.wrap(fn.outer, `${macros.map((m) => `${m}\n`).join('')}${template}struct ${this.shared.structName(fn)} {\n${[...constants, ...members].join('\n')}\n};\n`, '');
  }

  /** The declaration of one shared variable without __shared__/static and other declarators. */
  private memberText(v: SharedVar): string {
    const parts = v.declaration.children.filter((c): c is Node => !!c && c.type !== ';' && c.type !== ',' && !(c.type === 'type_qualifier' && c.text === '__shared__') && c.type !== 'storage_class_specifier');
    const decl = parts.filter((c) => !v.declaration.childrenForFieldName('declarator').some((d) => d?.id === c.id));
    const declarator = v.declarator.type === 'init_declarator' ? v.declarator.childForFieldName('declarator')! : v.declarator;
    // The declared name comes first in the declarator (`buf[N]`, `*p`): the member's name.
    return `${decl.map((c) => c.text).join(' ')} ${declarator.text.replace(new RegExp(`\\b${v.name}\\b`), v.member)}`;
  }

  private perThreadNames?: ReadonlySet<string>;

  /**
   * threadIdx, every builtin the rules rename to one of its members (hipThreadIdx_x...), and the
   * object-like macros naming one (`#define IDX (blockIdx.x * blockDim.x + threadIdx.x)`).
   */
  private perThreadBuiltins(): ReadonlySet<string> {
    if (this.perThreadNames) return this.perThreadNames;
    const names = new Set(['threadIdx', ...[...this.rules.deviceBuiltins.values()]
      .filter((r) => r.action.kind === 'rename' && r.action.to.split('.')[0] === 'threadIdx')
      .map((r) => r.name)]);
    const objectMacros = [...(this.options.macros?.values() ?? [])].filter((m) => !m.params).map((m) => ({ name: m.name, words: m.body.match(/\b[A-Za-z_]\w*\b/g) ?? [] }));
    for (let grew = true; grew;) {
      grew = false;
      for (const m of objectMacros) if (!names.has(m.name) && m.words.some((w) => names.has(w))) grew = !!names.add(m.name);
    }
    return (this.perThreadNames = names);
  }

  private body(fn: FunctionInfo): void {
    if (!fn.body) return;
    const text = this.program.text;
    const want = (type: string, start: number, end: number) => {
      if (type === 'primitive_type') return this.options.xlen === 32 && text.startsWith('double', start);
      if (type === 'call_expression') return spanHas(text, '<<<', start, end) || text.startsWith('atomic', start) || text.startsWith('std::', start);
      if (!NAMES.has(type)) return true;
      const name = text.slice(start, end);
      return this.globals.has(name) || this.rules.deviceBuiltins.has(name) || !!this.rules.constructForName(name, 'device');
    };
    // A lambda inside device code: its names were seen with the function around it.
    // A kernel template an instance binds to double (`axpy<double>`) computes in double too.
    const bound = fn.kind === 'kernel' ? (this.options.instances ?? []).find((i) => i.kernel === fn && [...i.subst.values()].some(holdsDouble)) : undefined;
    if (bound) this.doubleUse(fn.node, fn, `'${fn.name}<${bound.templateArgs.join(', ')}>'`);
    if (!this.captured.has(fn)) for (const root of [...fn.params, fn.body]) scan(root, DEVICE_NODES, (n) => this.deviceNode(n, fn), want);
    this.sharedDeclarations(fn);
    const explicit = this.options.divergence === 'explicit';
    const warpCalls = WarpOps.of(this.rules).callsIn(fn, this.options.warpUsers ?? new Set());
    const syncwarps = this.syncwarps(fn);
    const steps = (this.steps ??= warpSynchronousSteps(this.program)).get(fn) ?? [];
    if (explicit || warpCalls.length || syncwarps.length || steps.length) {
      const captured = this.captured.get(fn);
      const uniformity = captured ? new Uniformity(fn.body, this.uniformityContext(fn, [...paramNames(fn), ...captured])) : this.blockParams().analysis(fn);
      this.uniformities.set(fn, uniformity);
      const lowering = this.lowering(fn, uniformity, false, fn.kind === 'kernel');
      const placed = warpCalls.length || syncwarps.length || steps.length ? this.checkWarpCalls(fn, warpCalls, syncwarps, steps) : [];
      if (explicit) lowering.run();
      // After the lowering, which may replace the body (declaring its return flag there).
      this.fileSharedReferences(fn);
      if (lowering.votes) this.voters.add(fn.name);
      // After the lowering, which may have replaced the ifs around them.
      for (const { statement } of new LockstepSteps(this.edits, explicit).place(placed)) this.warnLockstep(statement, 'its value is computed in branches on per-thread values (a `?:`, `&&` or `||` with loads), which keep its reads and writes together');
      // After the lowering, which may have turned the returns into flags.
      for (const exit of warpExits(fn, this.options.warpUsers ?? new Set(), this.options.warpEnders)) this.edits.transform(exit, (text) => `{ hip2vx_warp_leave(); ${text} }`);
      if (!explicit) return;
      // Nesting is only known once the regions are printed: recorded from the body's final text.
      this.edits.transform(fn.body, (text) => {
        this.nesting.record(fn.name, fn.node, text);
        return text;
      });
    } else {
      this.fileSharedReferences(fn);
    }
  }

  private lowering(fn: FunctionInfo, uniformity: Uniformity, returnsLeave = false, exits = false): DivergenceLowering {
    const returnType = this.returnType(fn);
    const report: Report = (node, severity, ruleId, message) => this.report.at(node, severity, ruleId, message);
    const types = this.options.types;
    const floating = types && ((e: Node) => floatingValue(e, this.program.text, types));
    const lowering = new DivergenceLowering(fn.body!, returnType, uniformity, this.edits, report, { returnsLeave, exits, barrierFunctions: this.barrierFunctions(), votes: !this.options.header, floating });
    lowering.plan();
    return lowering;
  }

  private blockFacts?: ParamUniformity;

  /**
   * The block-scope analyses of this unit's functions: a device function's parameter is uniform
   * where every call here passes it a uniform value, and so is the result of a device function
   * whose returns depend on nothing per-thread but its arguments when they are. A header's
   * functions have callers unseen (its includers'): none of their parameters is. Each analysis has
   * its lowering's plan applied (loops some threads leave early are divergent), as the values its
   * calls pass depend on that.
   */
  private blockParams(): ParamUniformity {
    const analyse = (fn: FunctionInfo, facts: ParamFacts, assume: WarpAssumptions) => {
      const varying = fn.kind === 'kernel' ? [] : paramNames(fn).filter((p) => this.options.header || !facts.uniform.has(p));
      const uniformity = new Uniformity(fn.body!, { ...this.uniformityContext(fn, varying), pure: assume.pure });
      this.lowering(fn, uniformity, false, fn.kind === 'kernel');
      return uniformity;
    };
    return (this.blockFacts ??= new ParamUniformity([...this.program.kernels, ...this.program.deviceFunctions], analyse, this.options.includedFunctions));
  }

  private uniformityContext(fn: FunctionInfo, varyingParams: readonly string[], warp?: WarpScope): UniformityContext {
    const sharedNames = this.shared.varsOf(fn).map((v) => v.name);
    return {
      perThreadBuiltins: this.perThreadBuiltins(),
      varyingParams: new Set(varyingParams),
      constants: new Set([...this.globals.values()].filter((g) => g.space === 'constant').map((g) => g.name)),
      perThreadGlobals: new Set([...sharedNames, ...this.fileShared(), ...[...this.globals.values()].filter((g) => g.space !== 'constant').map((g) => g.name)]),
      shared: new Set([...sharedNames, ...this.fileShared()]),
      readOnly: readOnlyPointers(fn),
      warp,
      referenceParams: this.referenceParams(),
    };
  }

  private barrierFunctionsFound?: Set<string>;

  /**
   * The device and member functions (this unit's and its headers', bundled libraries' included:
   * hipCUB's `BlockReduce(temp).Sum(v)`) that wait at a block barrier, directly or through calls.
   */
  private barrierFunctions(): ReadonlySet<string> {
    if (this.barrierFunctionsFound) return this.barrierFunctionsFound;
    const fns = [
      ...this.program.deviceFunctions, ...this.program.memberFunctions,
      ...(this.options.includedFunctions?.() ?? []), ...(this.options.includedMemberFunctions?.() ?? []),
    ].filter((f) => f.body);
    const calls = new Map(fns.map((f) => [f, descendants(f.body!, 'call_expression')]));
    // A member function is `Class::name`; a plain call in one may be of its class's.
    const owners = new Map(fns.map((f) => [f, ownerClass(f.node)]));
    const key = (f: FunctionInfo) => (owners.get(f) ? `${owners.get(f)}::${f.name}` : f.name);
    const waits = (f: FunctionInfo, c: Node) => {
      const name = calledName(c);
      return !!name && (found.has(name) || found.has(`${owners.get(f)}::${name}`));
    };
    const found = new Set(fns.filter((f) => calls.get(f)!.some(isBlockBarrier)).map(key));
    for (let grew = true; grew; ) {
      grew = false;
      for (const [f, cs] of calls) if (!found.has(key(f)) && cs.some((c) => waits(f, c))) grew = !!found.add(key(f));
    }
    return (this.barrierFunctionsFound = found);
  }

  private referenceParamsFound?: Map<string, Set<number>>;

  /** The positions of the device functions' (this unit's and its headers') non-const reference parameters. */
  private referenceParams(): ReadonlyMap<string, ReadonlySet<number>> {
    if (this.referenceParamsFound) return this.referenceParamsFound;
    const found = new Map<string, Set<number>>();
    for (const fn of [...this.program.deviceFunctions, ...(this.options.includedFunctions?.() ?? [])]) {
      fn.params.forEach((param, i) => {
        if (isMutableReference(param)) found.set(fn.name, (found.get(fn.name) ?? new Set()).add(i));
      });
    }
    return (this.referenceParamsFound = found);
  }

  private steps?: Map<FunctionInfo, WarpStep[]>;

  private warpFacts?: ParamUniformity;
  /** Functions whose warp operations were proven for blocks whose width is a multiple of the warp size (WARP_ROWS). */
  readonly rowsAssumed = new Set<string>();

  /** The warp-scope analyses of this unit's functions (the warp operations' requirement). */
  private warpParams(): ParamUniformity {
    if (this.warpFacts) return this.warpFacts;
    const renamedTo = (to: string) => [...this.rules.deviceBuiltins.values()].filter((r) => r.action.kind === 'rename' && r.action.to === to).map((r) => r.name);
    const spelled = (name: string) => new Set([name, ...renamedTo(name)]);
    const spell = { threadIdxX: spelled('threadIdx.x'), threadIdxY: spelled('threadIdx.y'), blockDimX: spelled('blockDim.x') };
    const size = this.options.warpSize ?? 32;
    const analyse = (fn: FunctionInfo, facts: ParamFacts, assume: WarpAssumptions) => new Uniformity(fn.body!, this.uniformityContext(
      fn, paramNames(fn).filter((p) => !facts.uniform.has(p)),
      new WarpScope(size, spell, this.integerConstants(fn), facts.linear, assume)));
    return (this.warpFacts = new ParamUniformity([...this.program.kernels, ...this.program.deviceFunctions], analyse, this.options.includedFunctions));
  }

  private warpAssuming?: ParamUniformity;

  private warpAssumingRows?: ParamUniformity;

  /** The same, also assuming WARP_ROWS (and the template parameters). */
  private warpParamsAssumingRows(): ParamUniformity {
    return (this.warpAssumingRows ??= this.warpParams().assuming((fn) => new Set([...fn.templateParams.filter((p) => this.templateValues(fn, p) === undefined), WARP_ROWS])));
  }

  /** The same analyses, each assuming its function's template parameters of unknown value are multiples of the warp size. */
  private warpParamsAssuming(): ParamUniformity {
    return (this.warpAssuming ??= this.warpParams().assuming((fn) => new Set(fn.templateParams.filter((p) => this.templateValues(fn, p) === undefined))));
  }

  /** The program's integer constants, and the values a kernel's instances give its template parameters. */
  private integerConstants(fn: FunctionInfo): ReadonlyMap<string, readonly number[]> {
    const constants = new Map(integerConstants(this.program.root));
    for (const param of fn.templateParams) {
      const values = this.templateValues(fn, param);
      if (values) constants.set(param, values);
      else constants.delete(param);
    }
    return constants;
  }

  /**
   * A kernel template's parameters as its instances make them; a device function template's are
   * unknown, and so are those of the class templates a member function is in (`MaxOp<T>`).
   */
  private templateWidths(fn: FunctionInfo): TemplateWidths {
    const instances = fn.kind === 'kernel' ? (this.options.instances ?? []).filter((i) => i.kernel === fn) : [];
    const own = templateWidths(fn.templateParams, instances);
    const classes: string[] = [];
    for (let p = fn.outer.parent; p; p = p.parent) if (p.type === 'template_declaration') classes.push(...templateParamNames(p));
    return classes.length ? new Map([...classes.map((c) => [c, 'unknown'] as const), ...own]) : own;
  }

  /** The integer values this unit's instances give a kernel's template parameter, if all are known. */
  private templateValues(fn: FunctionInfo, param: string): number[] | undefined {
    const values = (this.options.instances ?? []).filter((i) => i.kernel === fn).map((i) => i.subst.get(param));
    return values.length && values.every((v) => typeof v === 'number') ? (values as number[]) : undefined;
  }

  /** `__syncwarp` names in the body (renamed to hip2vx_syncwarp, a block barrier). */
  private syncwarps(fn: FunctionInfo): Node[] {
    const text = this.program.text;
    const found: Node[] = [];
    scan(fn.body!, NAMES, (n) => void found.push(n), (_, start, end) => end - start === 10 && text.startsWith('__syncwarp', start));
    return found;
  }

  /**
   * Warp operations wait for the lanes of their logical warp (hip2vx_device.h): a call some lanes
   * may skip is an error; a __syncwarp there keeps the memory fence alone; a warp-synchronous step
   * is made lockstep where every lane reaches it (returned, with the if around it that it needs),
   * else left as written with a warning.
   */
  private checkWarpCalls(fn: FunctionInfo, calls: Node[], syncwarps: Node[], steps: readonly WarpStep[]): PlacedStep[] {
    // Lanes returning from a kernel leave their warp: later calls do not wait for them.
    const exits = warpExits(fn, this.options.warpUsers ?? new Set(), this.options.warpEnders).length > 0;
    const lowering = this.lowering(fn, this.warpParams().analysis(fn), exits);
    const units = steps.map((step) => ({ step, around: guardingIf(step) }));
    const tails = new TailBranches(fn, lowering, [...calls, ...syncwarps, ...units.map((u) => u.around ?? u.step.statement)], this.leavers);
    const checked = this.rules.constructs.get('warp-op-divergent')?.status !== 'supported';
    let assuming: DivergenceLowering | undefined;
    let rows: DivergenceLowering | undefined;
    const used = new Set<'assumed' | 'rows'>();
    // The weakest assumption proving that every lane still in the warp reaches `n`.
    const reached = (n: Node, tail: boolean): boolean => {
      if (!checked || !lowering.notReachedByAll(n)) return true;
      // A header's template (`threadIdx.x / WarpSize`, WarpSize set by its includers): proven for
      // the parameter being a multiple of the warp size, which each instantiation then checks.
      assuming ??= this.lowering(fn, this.warpParamsAssuming().analysis(fn), exits);
      if (!assuming.notReachedByAll(n)) return void used.add('assumed'), true;
      if (tail && tails.add(n)) return true;
      // Last: threadIdx.y the same in the whole warp, which the function checks at run time.
      rows ??= this.lowering(fn, this.warpParamsAssumingRows().analysis(fn), exits);
      if (!rows.notReachedByAll(n)) return void used.add('rows'), true;
      return false;
    };
    const warpSize = this.options.warpSize ?? 32;
    for (const call of calls) {
      const lane = laneBeyondWarp(call, warpSize);
      if (lane !== undefined && !this.report.skippedOnDevice(call)) this.report.at(call, 'warning', 'warp-size-assumed', `'${call.childForFieldName('function')!.text}' with lane mask or delta ${lane} reaches past the logical warp of ${warpSize} lanes: its lanes get their own value back, as on a CUDA GPU; code written for AMD's 64-lane wavefronts needs --warp-size 64`);
    }
    for (const call of calls.filter((c) => !reached(c, true))) {
      const why = lowering.notReachedByAll(call);
      const name = call.type === 'gnu_asm_expression' ? warpMatrixInstruction(call)! : call.childForFieldName('function')!.text;
      this.report.at(call, 'error', 'warp-op-divergent', `'${name}' may not be reached by every lane of its warp (${why}): warp operations are emulated with barriers of the logical warp on Vortex; make every lane of the warp make the call`);
    }
    const placed: PlacedStep[] = [];
    for (const { step, around } of units) {
      const { statement } = step;
      const unsplit = step.kind === 'exchange' && !step.assignment;
      const unit = unsplit ? undefined : reached(statement, false) ? statement : around && reached(around, false) ? around : undefined;
      if (unit) placed.push({ step, unit, lead: step.kind === 'exchange' && !placed.some((p) => p.step.kind === 'exchange' && p.unit.id === previousStatement(unit)?.id) });
      else if (step.kind === 'exchange') {
        this.warnLockstep(statement, unsplit ? 'its reads and writes of volatile shared memory cannot be split into a read and a store' : lowering.notReachedByAll(around ?? statement)!);
      }
    }
    if (used.has('assumed')) this.requireMultiples(fn, this.warpParamsAssuming().assumedIn(fn));
    if (used.has('rows')) {
      this.requireRows(fn);
      this.rowsAssumed.add(fn.name);
    }
    for (const name of syncwarps) {
      const why = lowering.notReachedByAll(name);
      if (!why || tails.add(name)) continue;
      this.edits.transform(name, () => 'hip2vx_syncwarp_fence');
      this.report.at(name, 'warning', 'warp-sync-divergent', `'__syncwarp' may not be reached by every lane of its warp (${why}): it only orders memory here, and does not wait for the other lanes of the logical warp`);
    }
    return placed;
  }

  private warnLockstep(statement: Node, why: string): void {
    this.report.at(statement, 'warning', 'warp-synchronous-divergent', `this statement exchanges values between the lanes of a warp through volatile shared memory, which relies on the warp running in lockstep; it is left as written because ${why}: on Vortex the lanes of a logical warp do not run in lockstep, so the other lanes' values may be stale; put __syncwarp() between the reads and the writes (where every lane of the warp reaches it) or use __shfl_* operations`);
  }

  /**
   * At the top of `fn`'s body: a trap, with the function's place, when the block's width is not a
   * multiple of the warp size (its warp operations were proven for threadIdx.y uniform in a warp).
   */
  private requireRows(fn: FunctionInfo): void {
    // Before the first statement: the divergence lowering may print the braces anew.
    const first = fn.body!.namedChildren.find((c) => c && c.type !== 'comment');
    const at = position(fn.node);
    if (first) this.edits.transform(first, (text) => `hip2vx_require_warp_rows(${JSON.stringify(basename(this.report.file))}, ${at.line}, "${fn.name}"); ${text}`);
  }

  /**
   * At the top of `fn`'s body: a trap, with the function's place, in an instance where a parameter
   * is not a multiple of the logical warp size. Not a static_assert: programs keep the instances
   * of other warp sizes and choose one by the warp size they query at run time.
   */
  private requireMultiples(fn: FunctionInfo, params: ReadonlySet<string>): void {
    const open = fn.body!.child(0);
    if (!open || !params.size) return;
    const where = `${JSON.stringify(basename(this.report.file))}, ${position(fn.node).line}`;
    const checks = [...params].map((p) => ` hip2vx_require_warp_multiple((${p}) % HIP2VX_WARP_SIZE == 0, ${where}, "warp operations of '${fn.name}' proven for ${p} a multiple of warpSize");`);
    this.edits.transform(open, (text) => text + checks.join(''));
  }

  /** After printing: functions whose split regions nest deeper than the default configuration holds. */
  reportNesting(): void {
    const kernels = new Set(this.program.kernels.map((k) => k.name));
    for (const { node, name, depth, through } of this.nesting.tooDeep(DEFAULT_NESTING, kernels)) {
      const via = through ? ` (with those of '${through}', called inside them)` : '';
      this.report.at(node, 'warning', 'divergence-nesting', `split regions nest ${depth} deep in '${name}'${via}: Vortex's reconvergence stack holds (threads per warp - 1) levels, so this needs at least ${depth + 1} threads per warp (the default of 4 holds ${DEFAULT_NESTING})`);
    }
  }

  /** Builtins, unsupported constructs and device-global references inside device code. */
  private deviceNode(n: Node, fn: FunctionInfo): boolean | void {
    switch (n.type) {
      case 'type_identifier':
        this.builtin(n);
        return;
      case 'identifier': {
        const g = this.globals.get(n.text);
        if (g && !this.isShadowed(n, fn)) {
          // `mask<T>` of a variable template: its instantiation's pointer, `(*__hip2vx_sym_mask<T>)`.
          const use = g.template && n.parent?.type === 'template_function' ? n.parent : n;
          const args = use === n ? '' : use.childForFieldName('arguments')!.text;
          // `cfg::scale`: the pointer is declared in the namespace, `(*cfg::__hip2vx_sym_scale)`.
          const { node, scope } = qualifiedUse(use);
          this.edits.replace(node, `(*${scope}${symbolPointer(g.name)}${args})`);
          return;
        }
        this.builtin(n);
        return;
      }
      case 'gnu_asm_expression':
        return this.asm(n);
      case 'new_expression': case 'delete_expression':
        // Placement new constructs in storage the code already has: no heap.
        if (!n.childForFieldName('placement')) this.report.construct(n, 'device-heap');
        return;
      case 'primitive_type':
        // A bundled library's double routines are reported where the program uses their doubles, not in the library.
        if (n.text === 'double') this.doubleUse(n, fn, `'${fn.name}'`);
        return;
      case 'call_expression':
        if (n.namedChildren.some((c) => c?.type === 'kernel_call_syntax')) this.report.construct(n, 'dynamic-parallelism');
        else this.explicitStdCall(n.childForFieldName('function'));
        return;
    }
  }

  /**
   * `std::min<int>(a, b)`: explicit template arguments name libstdc++'s template, which compares
   * with a branch; hip2vx_device.h's `hip2vx_std_min<int>` reaches the branch-free overloads.
   */
  private explicitStdCall(callee: Node | null): void {
    const name = callee?.type === 'qualified_identifier' && callee.childForFieldName('scope')?.text === 'std' ? callee.childForFieldName('name') : undefined;
    const fn = name?.type === 'template_function' ? name.childForFieldName('name')?.text : undefined;
    if (fn && EXPLICIT_STD.has(fn)) this.edits.replace(callee!, (print) => `hip2vx_std_${fn}${print(name!.childForFieldName('arguments')!)}`);
  }

  /**
   * The first use of double in `fn` on rv32 is reported (a bundled library's where the program uses
   * them). Where `double` only types pointers, the first arithmetic on a double is, if any.
   */
  private doubleUse(n: Node, fn: FunctionInfo, where: string): void {
    if (this.options.xlen !== 32 || this.doubleReported.has(fn.node) || isBundled(this.report.file) || inSizeof(n)) return;
    const types = this.options.types;
    const at = onlyPointers(n) && types ? descendants(fn.body ?? fn.node, ARITHMETIC).find((e) => doubleOperand(e, this.program.text, types)) : n;
    if (!at) return;
    this.doubleReported.add(fn.node);
    this.report.construct(at, 'double-on-rv32', `double-precision arithmetic on a 32-bit device in ${where} (its first use; the others are not reported)`);
  }

  /** A PTX warp-matrix instruction becomes its runtime function's call (operands still rewritten); other asm is refused. */
  private asm(n: Node): boolean {
    // `asm volatile("" ::: "memory")`: no instruction, a compiler barrier, as meant on any target.
    if (/^"\s*"$/.test(n.childForFieldName('assembly_code')?.text ?? '')) return true;
    const call = ptxCall(n);
    if (!call || 'error' in call) {
      this.report.construct(n, 'inline-asm', call && `inline assembly in device code (${call.error})`);
      return false;
    }
    this.edits.replace(n, (print) => `${call.fn}(${call.groups.map((g) => {
      const values = g.values.map((v) => print(v)).join(', ');
      return g.registers ? `{${values}}` : values;
    }).join(', ')})`);
    return true;
  }

  private builtin(n: Node): void {
    const rule = this.rules.deviceBuiltins.get(n.text);
    // A name the file defines as a macro (`#define assert(x) ((void)0)`, `#define printf(...)`) is its own.
    if (rule && this.options.macros?.has(n.text)) return;
    if (rule) {
      // NDEBUG turns off assert only (<cassert>'s rule), not __trap.
      if (n.text === 'assert' && this.options.macros?.has('NDEBUG')) return this.dropAssert(n);
      if (rule.action.kind === 'rename') {
        this.edits.replace(n, rule.action.to);
        this.report.convertedRef('deviceBuiltins', n, rule.action.to, rule.category);
        if (rule.location) this.passLocation(n);
      } else if (rule.report) this.report.rule(n, rule.report);
      return;
    }
    const construct = this.rules.constructForName(n.text, 'device');
    if (construct) this.report.construct(n, construct.id);
  }

  /** `assert(c)` under NDEBUG: `((void)0)`, as <cassert> defines it (the condition is not evaluated). */
  private dropAssert(name: Node): void {
    const call = name.parent;
    if (call?.type === 'call_expression' && call.childForFieldName('function')?.id === name.id) this.edits.replace(call, '((void)0)');
  }

  /** `assert(c)` -> `hip2vx_assert("k.cu", 12, c)`: device messages name the user's source line. */
  private passLocation(name: Node): void {
    const call = name.parent;
    const args = call?.type === 'call_expression' && call.childForFieldName('function')?.id === name.id ? call.childForFieldName('arguments') : null;
    if (!args) return;
    const location = `${JSON.stringify(basename(this.report.file))}, ${position(name).line}`;
    const empty = argumentsOf(args).length === 0;
    this.edits.transform(args, (text) => `(${location}${empty ? '' : ', '}${text.slice(1)}`);
  }

  /** A local or parameter of the same name hides a device global. */
  private isShadowed(n: Node, fn: FunctionInfo): boolean {
    const p = n.parent;
    if (p && (p.type.endsWith('declarator') || p.type.endsWith('parameter_declaration')) && p.childForFieldName('declarator')?.id === n.id) return true;
    // `::scale`, `cfg::scale`: no local is named so.
    if (p?.type === 'qualified_identifier' && p.childForFieldName('name')?.id === n.id) return false;
    // A parameter, a template parameter, or a local declared before the use (`float coef = ...; ... coef`).
    if (fn.params.some((q) => declaredName(q.childForFieldName('declarator'))?.text === n.text) || fn.templateParams.includes(n.text) || !!declarationOf(n)?.declarator) return true;
    // A parameter of a lambda around the use, or the variable of a range-for around it.
    for (let a = n.parent; a && a.id !== fn.node.id; a = a.parent) {
      const named = a.type === 'lambda_expression'
        ? argumentsOf(a.childForFieldName('declarator')?.childForFieldName('parameters') ?? null).map((q) => declaredName(q.childForFieldName('declarator')))
        : a.type === 'for_range_loop' ? [declaredName(a.childForFieldName('declarator'))] : [];
      if (named.some((d) => d?.text === n.text)) return true;
    }
    return false;
  }

  /** Static shared variables become references into the block's slice; the dynamic array a pointer. */
  private sharedDeclarations(fn: FunctionInfo): void {
    const byDecl = new Map<number, SharedVar[]>();
    for (const v of this.shared.varsOf(fn)) byDecl.set(v.declaration.id, [...(byDecl.get(v.declaration.id) ?? []), v]);
    for (const vars of byDecl.values()) {
      const decl = vars[0].declaration;
      if (vars[0].dynamic) this.dynamicShared(decl, vars);
      else this.edits.replace(decl, (print) => vars.map((v) => `${this.sharedReference(fn, v, print)} = HIP2VX_SHARED(${this.shared.offsetExpr(fn)}, ${this.shared.structType(fn)}).${v.member};`).join(' '));
    }
  }

  /**
   * `auto& name`, or in a template where the declaration names none of its parameters, the type
   * written (`Buf& buffer`, `float (&tile)[16]`): `buffer.add<2>(n)` needs no `template` keyword
   * for a variable of a non-dependent type, as it does for a member of the templated slice struct.
   */
  private sharedReference(fn: FunctionInfo, v: SharedVar, print: (n: Node) => string): string {
    const decl = v.declaration;
    const name = declaredName(v.declarator);
    const type = sharedType(decl);
    const names = descendants(decl, [...NAMES]).map((n) => n.text);
    if (!fn.templateParams.length || !name || !type.length || names.some((n) => fn.templateParams.includes(n))) return `auto& ${v.name}`;
    const declarator = print(v.declarator);
    const at = name.startIndex - v.declarator.startIndex;
    return `${type.map(print).join(' ')} ${declarator.slice(0, at)}(&${v.name})${declarator.slice(at + name.text.length)}`;
  }

  /** `extern __shared__ T name[];`: a pointer to the block's dynamic region. */
  private dynamicShared(decl: Node, vars: readonly SharedVar[]): void {
    this.edits.replace(decl, (print) => {
      const type = sharedType(decl).map(print).join(' ');
      return vars.map((v) => `${type}* ${v.name} = reinterpret_cast<${type}*>(hip2vx_dynamic_shared());`).join(' ');
    });
  }

  private fileSharedNames?: ReadonlySet<string>;
  /** Lambdas inside device code: the names they may capture from the function around them. */
  private readonly captured = new Map<FunctionInfo, string[]>();

  /**
   * The type a lowered return stores its value in: the return type written; for a lambda or an
   * `auto` function, the trailing return type, else that of the first returned expression naming
   * nothing the body declares from its first return on (the store is declared before that
   * statement), else void.
   */
  private returnType(fn: FunctionInfo): string {
    const lambda = fn.node.type === 'lambda_expression';
    const written = lambda ? undefined : fn.node.childForFieldName('type');
    if (!lambda && written?.type !== 'placeholder_type_specifier') return written ? writtenReturnType(fn.node, written) : 'void';
    const declarator = lambda ? fn.node.childForFieldName('declarator') : functionDeclarator(fn.node);
    const trailing = declarator?.namedChildren.find((c) => c?.type === 'trailing_return_type');
    if (trailing) return trailing.text.replace(/^->\s*/, '');
    // What the statements from the first return on declare (the slot comes after those before it).
    const declared = new Set(fn.body!.namedChildren.filter((st): st is Node => !!st && st.type !== 'comment').slice(statementsBeforeReturns(fn.body!)).flatMap((st) => [...declaredIn(st), ...aliasesIn(st)]));
    const values: Node[] = [];
    scan(fn.body!, RETURNS_AND_LAMBDAS, (n) => {
      if (n.type === 'lambda_expression') return false;
      const value = n.namedChildren.find((c) => c?.type !== 'comment');
      if (value) values.push(value);
    });
    const usable = values.find((v) => !descendants(v, ['identifier']).some((i) => declared.has(i.text))) ?? values[0];
    return usable ? `__typeof__(${usable.text})` : 'void';
  }

  /** The lambdas written in `fn`'s body (nested ones too), each as a device function. */
  private innerLambdas(fn: FunctionInfo): FunctionInfo[] {
    if (!fn.body) return [];
    const found: FunctionInfo[] = [];
    const text = this.program.text;
    scan(fn.body, LAMBDAS, (node) => {
      const body = node.childForFieldName('body');
      if (!body || node.id === fn.node.id) return;
      const info = lambdaFunction(node, body, `${fn.name}_lambda`, fn.templateParams, 'device');
      const declared = declaredIn(body);
      const names = new Set<string>();
      scanSpans(body, IDENTIFIERS, (_, start, end) => void names.add(text.slice(start, end)));
      this.captured.set(info, [...names].filter((n) => !declared.has(n)));
      found.push(info);
    }, (_, start, end) => spanHas(text, '[', start, end));
    return found;
  }

  /** The names of the file-scope `__shared__` variables in sight. */
  private fileShared(): ReadonlySet<string> {
    return (this.fileSharedNames ??= new Set([...this.program.fileShared.flatMap((o) => this.shared.staticVars(o).map((v) => v.name)), ...(this.options.includedFileShared ?? [])]));
  }

  /**
   * A function naming file-scope `__shared__` variables (this file's or an included header's)
   * binds each, at the top of its body, to its place in the block's slice through the accessor
   * its declaration became, unless a parameter or a local of the body's block hides it.
   */
  private fileSharedReferences(fn: FunctionInfo): void {
    const names = this.fileShared();
    if (names.size === 0) return;
    const named = new Set<string>();
    const text = this.program.text;
    scanSpans(fn.body!, IDENTIFIERS, (_, start, end) => void (names.has(text.slice(start, end)) && named.add(text.slice(start, end))));
    // Not where a parameter or a declaration of the body's own block hides it.
    const own = (fn.body!.namedChildren.filter((c) => c?.type === 'declaration') as Node[]).flatMap((d) => d.childrenForFieldName('declarator').map((x) => declaredName(x)?.text));
    const bound = [...named].filter((n) => !own.includes(n) && !fn.params.some((p) => declaredName(p.childForFieldName('declarator'))?.text === n));
    if (bound.length === 0) return;
    this.edits.transform(fn.body!, (body) => `{ ${bound.map((n) => `auto& ${n} = ${fileSharedAccessor(n)}();`).join(' ')}${body.slice(1)}`);
  }

  /** `__constant__ float c[16];` -> `static float (*__hip2vx_sym_c)[16];` (set by each kernel's main). */
  private globalDeclaration(g: GlobalVar): void {
    const decl = g.declaration;
    const declarators = decl.childrenForFieldName('declarator');
    if (declarators[0]?.id !== g.declarator.id) return;
    // `extern __constant__ int n;` (a header's) before `__constant__ int n = 100;`: one pointer.
    const scope = (o: GlobalVar) => [...namespacesOf(o.declaration), o.name].join('::');
    const declaredBefore = (o: GlobalVar) =>
      (this.options.visibleGlobals ?? []).some((e) => scope(e) === scope(o)) || this.program.globals.some((e) => e.declaration.startIndex < decl.startIndex && scope(e) === scope(o));
    const siblings = this.program.globals.filter((o) => o.declaration.id === decl.id && !declaredBefore(o));
    this.edits.replace(decl, () => {
      // The pointer keeps the type, not the object's space, storage class or alignment.
      const alignment = (c: Node) => c.type === 'alignas_qualifier' || c.type === 'attribute_specifier' || (c.type === 'type_qualifier' && c.namedChildren.some((q) => q?.type === 'alignas_qualifier'));
      const base = decl.children
        .filter((c): c is Node => !!c && !declarators.some((d) => d?.id === c.id) && ![';', ',', '__device__', '__constant__', '__managed__'].includes(c.type) && !(c.type === 'type_qualifier' && ['__constant__', '__device__', '__managed__'].includes(c.text)) && c.type !== 'storage_class_specifier' && !alignment(c))
        .map((c) => c.text)
        .join(' ');
      return siblings
        .map((s) => {
          const d = s.declarator.type === 'init_declarator' ? s.declarator.childForFieldName('declarator')! : s.declarator;
          const name = declaredName(d)!;
          const inner = d.text.slice(0, name.startIndex - d.startIndex) + `(*${symbolPointer(s.name)})` + d.text.slice(name.endIndex - d.startIndex);
          return `static ${base} ${inner};`;
        })
        .join(' ');
    });
  }
}

/** The parts of a `__shared__` declaration spelling its element type. */
const sharedType = (decl: Node): Node[] =>
  decl.children.filter((c): c is Node => !!c && (c.type.endsWith('type') || c.type === 'sized_type_specifier' || c.type === 'type_identifier' || c.type === 'qualified_identifier' || c.type === 'template_type' || (c.type === 'type_qualifier' && c.text !== '__shared__')));

/**
 * `extern __shared__ T name[];` at file scope, as `static hip2vx_dynamic_shared_array<T> name;`:
 * the launch's dynamic shared memory, for the device functions and kernels naming it.
 */
function fileScopeDynamicShared(node: Node): string | undefined {
  if (node.type !== 'declaration' || !qualifiersOf(node).has('__shared__') || !node.children.some((c) => c?.type === 'storage_class_specifier' && c.text === 'extern')) return undefined;
  const type = sharedType(node).map((c) => c.text).join(' ');
  const names = node.childrenForFieldName('declarator').map((d) => (d?.type === 'array_declarator' ? declaredName(d)?.text : undefined));
  if (!type || names.some((n) => !n)) return undefined;
  return names.map((n) => `static hip2vx_dynamic_shared_array<${type}> ${n};`).join(' ');
}

/** Nested split regions the default simx configuration (4 threads per warp) can hold (docs/vortex.md). */
const DEFAULT_NESTING = 3;

/**
 * The body's `const`/`constexpr` integer declarations that `text` (the shared struct's members,
 * `float t[n];`) names, as `constexpr int n = B;`: the struct stands outside the function, where
 * only the template parameters are in scope.
 */
const SCALAR_TYPES = new Set(['primitive_type', 'sized_type_specifier']);

/** `constexpr int H = 8;`, `const unsigned N = 4;`, `enum Mode { ... };`: valid in device code whatever uses them. */
function isScalarConstantOrEnum(n: Node): boolean {
  if (n.type === 'enum_specifier') return true;
  if (n.type !== 'declaration' || functionDeclarator(n)) return false;
  const type = n.childForFieldName('type');
  if (type?.type === 'enum_specifier') return n.childrenForFieldName('declarator').length === 0;
  const constant = qualifiersOf(n).has('constexpr') || n.namedChildren.some((c) => c?.type === 'type_qualifier' && c.text === 'const');
  return constant && SCALAR_TYPES.has(type?.type ?? '');
}

const LOCAL_MACRO = new Set(['preproc_def']);

/**
 * The `#define`s in the function body (before its shared declarations) that `text` uses, directly
 * or through each other: the struct standing before the function needs them defined (the body
 * defines them again, identically).
 */
function localMacrosUsed(fn: FunctionInfo, text: string, before: number): string[] {
  const defs: Node[] = [];
  scan(fn.body!, LOCAL_MACRO, (d) => void (d.startIndex < before && defs.push(d)));
  const used = new Set(text.match(/[A-Za-z_]\w*/g) ?? []);
  const wanted = new Set<Node>();
  for (let grew = true; grew; ) {
    grew = false;
    for (const d of defs) {
      if (wanted.has(d) || !used.has(d.childForFieldName('name')?.text ?? '')) continue;
      wanted.add(d);
      for (const w of d.childForFieldName('value')?.text.match(/[A-Za-z_]\w*/g) ?? []) used.add(w);
      grew = true;
    }
  }
  // The last definition of each name before the shared declarations is the one in effect.
  const byName = new Map<string, Node>();
  for (const d of defs.filter((x) => wanted.has(x))) byName.set(d.childForFieldName('name')!.text, d);
  return [...byName.values()].sort((a, b) => a.startIndex - b.startIndex).map((d) => d.text.trim());
}

const LOCAL_TYPES_AND_DECLARATIONS = new Set(['alias_declaration', 'type_definition', 'declaration']);
const CLASS_BODIES = new Set(['field_declaration_list']);
const SPECIAL_MEMBER = /^(?:~|operator\s*=$)/;

/** A member function declaration or definition (or friend) for the host alone; not a special member. */
/** What the device translation of a class drops (dropHostMembers), with what replaces it. */
function hostOnlyParts(item: Node): { node: Node; replacement: string }[] {
  const parts: { node: Node; replacement: string }[] = [];
  scan(item, CLASS_BODIES, (body) => {
    const owner = body.parent?.childForFieldName('name')?.text.replace(/<.*$/, '');
    for (const member of body.namedChildren) {
      if (!member) continue;
      if (hostOnlyMember(member, owner)) parts.push({ node: member, replacement: '' });
      else if (hostOnlySpecialMember(member, owner)) {
        // Declared only: the class keeps its shape; the body may use host APIs (hipMalloc, iostream).
        for (const c of member.children) if (c?.type === 'field_initializer_list') parts.push({ node: c, replacement: '' });
        parts.push({ node: member.childForFieldName('body')!, replacement: ';' });
      }
    }
  });
  return parts;
}

function hostOnlyMember(member: Node, owner: string | undefined): boolean {
  const m = memberFunction(member);
  return !!m && m.hostOnly && m.name !== owner && !SPECIAL_MEMBER.test(m.name);
}

/** A constructor, destructor or assignment defined in its class without __device__ or constexpr. */
function hostOnlySpecialMember(member: Node, owner: string | undefined): boolean {
  const m = memberFunction(member);
  return member.type === 'function_definition' && !!member.childForFieldName('body') && !!m && m.hostOnly && (m.name === owner || SPECIAL_MEMBER.test(m.name));
}

/** A member function's name and whether its specifiers leave it to the host. */
function memberFunction(member: Node): { name: string; hostOnly: boolean } | undefined {
  const fn = member.type === 'friend_declaration' || member.type === 'template_declaration' ? member.namedChildren.find((c) => c?.type === 'function_definition' || c?.type === 'declaration' || c?.type === 'field_declaration') ?? null : member;
  if (!fn || !['function_definition', 'field_declaration', 'declaration'].includes(fn.type)) return undefined;
  const declarator = fn.childForFieldName('declarator') ?? fn.childrenForFieldName('declarator')[0];
  const fd = declarator && (declarator.type === 'function_declarator' ? declarator : functionDeclarator(fn));
  if (!declarator || !fd) return undefined;
  const specifiers = member.text.slice(0, declarator.startIndex - member.startIndex);
  return { name: declaredName(fd)?.text ?? '', hostOnly: !/\b(?:__device__|__global__|constexpr)\b/.test(specifiers) };
}

/**
 * The function's local constants and type aliases (`using U = typename std::make_unsigned<T>::type;`)
 * that `text` (the shared struct's members) names, with those they name in turn, as members of
 * that struct, in source order (a local names only what precedes it).
 */
function localConstantsUsed(fn: FunctionInfo, text: string, source: string): string[] {
  const locals: { at: Node; decl: Node; name: string; member: string }[] = [];
  scan(fn.body!, LOCAL_TYPES_AND_DECLARATIONS, (decl) => {
    if (decl.type !== 'declaration') {
      const name = decl.type === 'alias_declaration' ? decl.childForFieldName('name')?.text : declaredName(decl.childrenForFieldName('declarator')[0] ?? null)?.text;
      if (name) locals.push({ at: decl, decl, name, member: decl.text.trim() });
      return;
    }
    const words = decl.children.filter((c) => c?.type === 'type_qualifier').map((c) => c!.text);
    const type = decl.childForFieldName('type');
    if (!type || !words.some((w) => w === 'const' || w === 'constexpr')) return;
    for (const d of decl.childrenForFieldName('declarator')) {
      const name = d?.type === 'init_declarator' ? d.childForFieldName('declarator')?.text : undefined;
      if (name) locals.push({ at: d!, decl, name, member: `static constexpr ${type.text} ${name} = ${d!.childForFieldName('value')!.text};` });
    }
  });
  const used = new Set(text.match(/[A-Za-z_]\w*/g) ?? []);
  const kept = new Set<(typeof locals)[number]>();
  for (let grew = true; grew; ) {
    grew = false;
    for (const l of locals) {
      if (kept.has(l) || !used.has(l.name)) continue;
      kept.add(l);
      for (const w of l.member.match(/[A-Za-z_]\w*/g) ?? []) used.add(w);
      grew = true;
    }
  }
  // A declaration under `#if` keeps its condition (`#if X constexpr int n = 1; #else ... #endif`).
  const body: [number, number] = [fn.body!.startIndex, fn.body!.endIndex];
  const groups = spanHas(source, '#', ...body) ? conditionalGroups(source) : [];
  const guarded = (d: Node, line: string) => {
    const conditions = groups.length ? enclosingConditions(groups, d.startIndex, d.endIndex, body) : [];
    return conditions.length ? `#if ${conditions.join(' && ')}\n${line}\n#endif` : line;
  };
  return locals.filter((l) => kept.has(l)).sort((a, b) => a.at.startIndex - b.at.startIndex).map((l) => guarded(l.decl, l.member));
}

const paramNames = (fn: FunctionInfo) => fn.params.map((p) => declaredName(p.childForFieldName('declarator'))?.text ?? '');
/** Pointer parameters to const data (`const T*`, `T const*`): what they point at is read only. */
const readOnlyPointers = (fn: FunctionInfo) => new Set(fn.params.filter((p) => /^[^*]*\bconst\b[^*]*\*/.test(p.text)).map((p) => declaredName(p.childForFieldName('declarator'))?.text ?? ''));

/**
 * Warp operations at the end of a kernel under per-thread ifs (`if (threadIdx.y == 0) { v =
 * warp_reduce(v); ... }`): the lanes not entering such an if reach no warp operation any more, so
 * they leave their warp there, as a return would make them (hip2vx_warp_stay in the condition,
 * evaluated once, before any lane of the branch waits).
 */
class TailBranches {
  private readonly done = new Set<number>();

  constructor(
    private readonly fn: FunctionInfo,
    private readonly lowering: DivergenceLowering,
    private readonly waits: readonly Node[],
    private readonly leavers: Set<string>,
  ) {}

  /** Makes `call` reached by every lane still in its warp, if it is such a call. */
  add(call: Node): boolean {
    const branches = this.fn.kind === 'kernel' ? this.lowering.tailBranches(call, this.waits) : undefined;
    for (const { branch, enters, value } of branches ?? []) {
      if (this.done.has(branch.id)) continue;
      this.done.add(branch.id);
      if (branch.type !== 'if_statement') this.leavers.add(this.fn.name);
      this.lowering.stayIn(value, enters);
    }
    return !!branches;
  }
}

/** `int& at`, `T& a`, `float (&v)[4]`: written through by the callee; `const T&` reads only. */
function isMutableReference(param: Node): boolean {
  const declarator = param.childForFieldName('declarator')?.text ?? '';
  return /^\(?&/.test(declarator) && !param.children.some((c) => c?.type === 'type_qualifier' && c.text === 'const');
}

/**
 * A function's written return type, as the type of a variable that holds the value: the
 * specifier with the pointer and reference layers its declarator puts around the parameters
 * (`float* pick(...)`, `const T& max(...)`: the `const` written before the specifier belongs to
 * the pointee then), less a top-level `const`, which would make the variable unassignable.
 */
/** `sizeof(double)`, `alignof(double)`: the type named, no arithmetic done. */
/** A template argument that computes in double: the scalar, or a record or array of it (`double2`). */
function holdsDouble(t: CType | number | undefined): boolean {
  if (t === undefined || typeof t === 'number') return false;
  if (t.kind === 'scalar') return t.name === 'double' || t.name === 'long double';
  if (t.kind === 'array') return holdsDouble(t.of);
  return t.kind === 'record' && t.fields.some((f) => holdsDouble(f.type));
}

const ARITHMETIC = ['binary_expression', 'assignment_expression', 'update_expression', 'unary_expression'];

/**
 * An operator other than `=`, `&&` and `||` on a double operand (a soft-float routine on rv32), or
 * a call's result stored as a double (`o[i] = curand_uniform_double(s)`: the routine computes it).
 */
function doubleOperand(e: Node, text: string, types: TypeTable): boolean {
  const isDouble = (o: Node | null) => {
    const t = o && staticType(o, text, types);
    return t?.kind === 'scalar' && (t.name === 'double' || t.name === 'long double');
  };
  const op = e.childForFieldName('operator')?.type ?? '';
  if (op === '=') return e.childForFieldName('right')?.type === 'call_expression' && isDouble(e.childForFieldName('left'));
  return !['&&', '||'].includes(op) && [e.childForFieldName('left'), e.childForFieldName('right'), e.childForFieldName('argument')].some(isDouble);
}

/** `const double* a`, `(double*)p`: pointers to doubles load and store them, with no arithmetic. */
function onlyPointers(type: Node): boolean {
  const holder = type.parent;
  const declarators = holder?.type === 'type_descriptor' ? holder.childrenForFieldName('declarator') : holder?.type.endsWith('declaration') ? holder.childrenForFieldName('declarator') : [];
  return declarators.length > 0 && declarators.every((d) => d?.type === 'pointer_declarator' || d?.type === 'abstract_pointer_declarator' || (d?.type === 'init_declarator' && d.childForFieldName('declarator')?.type === 'pointer_declarator'));
}

function inSizeof(n: Node): boolean {
  for (let p = n.parent; p && p.type !== 'compound_statement'; p = p.parent) if (p.type === 'sizeof_expression' || p.type === 'alignof_expression') return true;
  return false;
}

function writtenReturnType(fn: Node, specifier: Node): string {
  let layers = '';
  let d = fn.childForFieldName('declarator');
  for (; d && d.type !== 'function_declarator'; d = d.childForFieldName('declarator') ?? d.namedChildren.find((c) => c.type.endsWith('declarator')) ?? null) {
    if (d.type === 'pointer_declarator') layers += ['*', ...d.namedChildren.filter((c) => c.type === 'type_qualifier').map((q) => ` ${q.text} `)].join('');
    else if (d.type === 'reference_declarator') layers += d.child(0)!.type;
    else if (d.type !== 'parenthesized_declarator') return specifier.text;
  }
  if (!layers) return specifier.text;
  const qualifiers = fn.namedChildren.filter((c) => c.type === 'type_qualifier' && c.startIndex < specifier.startIndex).map((q) => `${q.text} `);
  return `${qualifiers.join('')}${specifier.text}${layers.replace(/\s*\b(const|volatile)\s*$/, '')}`.replace(/\s+/g, ' ').trim();
}
