// TypeTable: resolves C++ types written in a source file to the layout engine's CType.
// Built once per file from the whole syntax tree: it indexes every record, enum, typedef/using,
// struct template, integer constant, enumerator and object-like macro by qualified name
// (namespaces and enclosing records), then resolves on demand with caching. Whatever it cannot
// lay out with certainty (bit-fields, base classes, virtual functions, references, sizes that
// depend on the ABI) is a TypeError, never a guess and never an exception.
import {
  ABIS,
  arrayOf,
  layoutOf,
  pointer,
  renderTypeId,
  vectorType,
  runtimeRecord,
  type CType,
  type Field,
  type RecordType,
} from '../layout/index.js';
import { parse, type Node } from '../parse/parser.js';
import { COMPILER_MACROS, CUDA_CONDITION, decided } from '../parse/conditionals.js';
import { HIP_MACROS, macroDefinitions, type Macro } from '../parse/macros.js';
import { readAlignment } from './types-attributes.js';
import { Fail, evaluate, integerLiteral, type ConstScope } from './types-const.js';
import { scalarFromName, scalarFromSized } from './types-scalars.js';
import { standardPredicate, standardTrait } from './types-traits.js';
import { classBodyOf, enclosingFunction } from './syntax.js';


/** What the runtime's headers define before any file (the HIP and CUDA versions): `#if HIP_VERSION_MAJOR >= 5` in a struct. */
const RUNTIME_MACROS = macroDefinitions([HIP_MACROS]);
export interface TypeError {
  message: string;
  node: Node;
}
export const isTypeError = (r: CType | bigint | number | undefined | TypeError): r is TypeError => typeof r === 'object' && 'message' in r;
/** A resolved type, or undefined for a type error or an opaque type. */
const known = (t: CType | TypeError): CType | undefined => (isTypeError(t) || t.kind === 'opaque' ? undefined : t);

/** Template parameter bindings: type parameters to types, non-type parameters to integers. */
export type Subst = ReadonlyMap<string, CType | number>;

type TypeDecl =
  | { kind: 'record' | 'enum'; node: Node; scope: string[] }
  /** `local`: declared in a block, where the enclosing function template's parameters are bound. */
  | { kind: 'typedef'; type: Node; declarator: Node | null; scope: string[]; local?: boolean }
  | { kind: 'template'; params: Node; spec: Node; scope: string[] }
  /** `template <int n> using Row = int[n];` */
  | { kind: 'alias'; params: Node; type: Node; scope: string[] };
type ValueDecl =
  | { kind: 'constant'; value: Node; scope: string[] }
  | { kind: 'enumerator'; enumNode: Node; index: number; scope: string[] }
  | { kind: 'macro'; text: string; node: Node }
  /** `constexpr int div_up(int p, int q) { return (p + q - 1) / q; }` */
  | { kind: 'function'; params: string[]; value: Node; scope: string[] };

interface Env {
  scope: string[];
  subst: Map<string, CType | bigint>;
  /** Distinguishes the records of different template instances (same nodes, other types). */
  instance: string;
  /** Template template parameters (`template <typename> class P`) bound to the template they name. */
  templates?: Map<string, TemplateRef>;
  /** The class whose body is being read: its members are in scope (`PtrType data_;`, `T buf[ITEMS];`). */
  owner?: Node;
  /** The environment of the class enclosing the owner (a nested class sees its members too). */
  outer?: Env;
  /** The owner's name (`Exchange<short, 4>`): a class nested in it is named under it. */
  ownerName?: string;
}

/** `template <typename T> struct Vec<T, 1> {...}` (partial) or `template <> struct Vec<float, 1>` (explicit). */
interface Specialisation {
  params: Node;
  spec: Node;
  /** The template argument list of the specialised name: patterns over `params`. */
  pattern: Node;
  scope: string[];
}

/** A class or alias template, as a template template argument names it. */
interface TemplateRef {
  decl: TypeDecl;
  name: string;
}

const NAME_NODES = new Set(['identifier', 'field_identifier', 'type_identifier', 'qualified_identifier']);
const CONTAINERS = new Set(['translation_unit', 'declaration_list', 'preproc_if', 'preproc_ifdef', 'preproc_else', 'preproc_elif', 'linkage_specification']);
const RECORD_SPECIFIERS = new Set(['struct_specifier', 'class_specifier', 'union_specifier']);
const INT_MIN = -(2n ** 31n);
const SPECIFIERS = new Set(['__host__', '__device__', '__global__', '__forceinline__', '__noinline__', '__inline__', 'inline', 'static', 'constexpr', 'extern', 'virtual']);

const q = (scope: string[], name: string): string => [...scope, name].join('::');
const children = (node: Node | null | undefined): Node[] => (node?.namedChildren ?? []).filter((c): c is Node => c !== null);
/** A record or enum is one type per node, class instance and binding of the template parameters in scope (a local union in a kernel template). */
const cacheKey = (node: Node, env: Env): string => `${node.id}|${env.instance}|${bindingKey(env.subst)}`;
const bindingKeys = new WeakMap<Map<string, CType | bigint>, string>();
function bindingKey(subst: Map<string, CType | bigint>): string {
  let key = bindingKeys.get(subst);
  if (key === undefined) bindingKeys.set(subst, (key = [...subst].map(([name, v]) => `${name}=${typeof v === 'bigint' ? String(v) : renderTypeId(v)}`).join(',')));
  return key;
}
const isFunction = (t: CType): boolean => t.kind === 'opaque' && t.text.endsWith(')');
const hasToken = (node: Node, token: string): boolean => node.children.some((c) => c?.type === token);
/** `f()`, `T& f() const`, `T* f()`: a member function's declarator (a function pointer, `T (*f)()`, is a field). */
function declaresMethod(d: Node): boolean {
  for (let n: Node | null = d; n; n = n.childForFieldName('declarator') ?? (n.type === 'reference_declarator' ? children(n)[0] : null)) {
    if (n.type === 'function_declarator') return NAME_NODES.has(n.childForFieldName('declarator')?.type ?? '') || n.childForFieldName('declarator')?.type === 'operator_name';
  }
  return false;
}

/** A macro's body without its comments (`#define T uint32_t // input type`) and line continuations. */
const macroBody = (value: Node): string => value.text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, ' ').replace(/\\\r?\n/g, ' ').trim();
const hasAncestor = (node: Node, type: string): boolean => {
  for (let p = node.parent; p; p = p.parent) if (p.type === type) return true;
  return false;
};

export class TypeTable {
  private readonly types = new Map<string, TypeDecl>();
  /** The specialisations of class templates, by the template's qualified name. */
  private readonly specialisations = new Map<string, Specialisation[]>();
  private readonly values = new Map<string, ValueDecl>();
  /** `namespace cub = hipcub;`: the alias's qualified name -> the namespace it names. */
  private readonly namespaceAliases = new Map<string, string>();
  /** `#define klog2(n) ((n < 8) ? 2 : ...)`: expanded where called (only a call names one, so they have a table of their own). */
  private readonly functionMacros = new Map<string, { params: string[]; text: string }>();
  /** Macros defined so far while indexing (valueless ones too), for `#if` and `#ifdef`. */
  private readonly defined = new Map<string, Macro>();
  private readonly cache = new Map<string, CType>();
  /** Records whose fields are being resolved: using one by value means it is incomplete. */
  private readonly building = new Set<CType>();
  private readonly resolving = new Set<object>();
  private readonly constants = new Map<ValueDecl, bigint>();
  /** Local constants by declarator node id: one ValueDecl each, so their values are cached. */
  private readonly locals = new Map<number, ValueDecl>();
  /** Typedefs and aliases declared in blocks, by node id. */
  private readonly localTypes = new Map<number, TypeDecl>();
  /** `#define`s inside function bodies, by name, in source order (one may be redefined per function). */
  private readonly innerMacros = new Map<string, ValueDecl[]>();
  /** Type macros by their definition (`#define real float`), parsed once. */
  private readonly macroTypes = new Map<ValueDecl, TypeDecl | null>();
  /** Where the macro being evaluated is used: macros in its body are looked up as of there. */
  private macroSite: Node | undefined;
  /** Each record's class body and the environment it was read in: its member types (`X<T>::Ptr`). */
  private readonly recordSources = new WeakMap<CType, { node: Node; env: Env }>();

  /** `headers`: the roots of the local headers the file includes, read before the file. */
  constructor(private readonly root: Node, headers: readonly Node[] = []) {
    for (const [name, macro] of RUNTIME_MACROS) this.defined.set(name, macro);
    for (const h of headers) this.collect(h, []);
    this.collect(root, []);
    for (const r of [...headers, root]) {
      for (const def of r.descendantsOfType('preproc_def')) {
        const name = def.childForFieldName('name')?.text;
        const value = def.childForFieldName('value');
        if (!name || !value || !hasAncestor(def, 'compound_statement')) continue;
        this.innerMacros.set(name, [...(this.innerMacros.get(name) ?? []), { kind: 'macro', text: macroBody(value), node: def }]);
      }
    }
  }

  /**
   * Type of a `parameter_declaration` (arrays and functions decay to pointers). `asValue`: the
   * type of the value it names, a reference standing for what it refers to (`const T& x` is a T).
   */
  resolveParameter(paramDecl: Node, subst?: Subst, asValue = false): CType | TypeError {
    return this.guard(() => {
      const env = this.envAt(paramDecl, subst);
      const base = this.typeOf(paramDecl.childForFieldName('type') ?? paramDecl, env);
      const { type } = this.declare(base, paramDecl.childForFieldName('declarator'), env, true, asValue);
      // Arrays and functions named through a typedef decay too.
      const decayed = type.kind === 'array' ? pointer(type.of) : isFunction(type) ? pointer(type) : type;
      return this.complete(decayed, paramDecl);
    }, paramDecl);
  }

  /** Type of one declarator of a `declaration` (a variable: arrays keep their extent; `asValue`: as above). */
  /** `decayed`: an outermost array is the pointer its name decays to (a variable-length array's only type here). */
  resolveDeclarator(declaration: Node, declarator: Node, subst?: Subst, asValue = false, decayed = false): CType | TypeError {
    return this.guard(() => {
      const env = this.envAt(declaration, subst);
      const base = this.typeOf(declaration.childForFieldName('type') ?? declaration, env);
      const inner = declarator.type === 'init_declarator' ? declarator.childForFieldName('declarator') : declarator;
      return this.complete(this.declare(base, inner, env, decayed, asValue).type, declaration);
    }, declaration);
  }

  /** The alignment a declaration asks for (`__shared__ __align__(16) float tile[64];`), if any. */
  declaredAlignment(declaration: Node, subst?: Subst): number | undefined | TypeError {
    return this.guard(() => readAlignment(declaration, (e) => this.constant(e, this.envAt(declaration, subst))).alignas, declaration);
  }

  /** Type of a `type_descriptor` (template arguments such as `float`, `Pair<int>`, `int*`). */
  resolveTypeDescriptor(node: Node, subst?: Subst): CType | TypeError {
    return this.guard(() => this.complete(this.descriptor(node, this.envAt(node, subst)), node), node);
  }

  /** A type name as written at file scope (`Pair`, `ns::Vec`, `uint32_t`, `float4`). */
  resolveName(name: string): CType | TypeError {
    return this.guard(() => this.complete(this.named(name.replace(/\s+/g, ''), this.root, this.env([])), this.root), this.root);
  }

  /** An integer constant expression where it is written (`n` of `k<n>`, a local `constexpr`). */
  resolveConstant(node: Node, subst?: Subst): bigint | TypeError {
    return this.guard(() => this.constant(node, this.envAt(node, subst)), node);
  }

  /**
   * The type a name written as an expression denotes, if it is one (`T` of `T(0)`, `Point` of
   * `Point(1, 2)`): undefined for anything else (a function, a variable, an unknown name).
   */
  typeNamed(node: Node, subst?: Subst): CType | undefined {
    // `Functor<T>()` names a class template instance like a function; `Functor<T>{k}` as a type.
    if (node.type === 'template_function' || node.type === 'template_type') return known(this.guard(() => this.instantiate(node, node, this.envAt(node, subst)), node));
    // `ns::Functor<T>()`: the template instance named through namespaces.
    let name = node;
    while (name.type === 'qualified_identifier') name = name.childForFieldName('name') ?? name;
    if (name !== node && name.type === 'template_function') return known(this.guard(() => this.instantiate(node, name, this.envAt(node, subst)), node));
    if (!NAME_NODES.has(node.type) && node.type !== 'primitive_type') return undefined;
    const t = this.guard(() => (node.type === 'primitive_type' ? this.typeOf(node, this.envAt(node, subst)) : this.named(node.text.replace(/\s+/g, ''), node, this.envAt(node, subst))), node);
    return known(t);
  }

  /** Failures inside an included header are reported at `at`, the use in this file. */
  private guard<T>(f: () => T, at: Node): T | TypeError {
    try {
      return f();
    } catch (e) {
      if (!(e instanceof Fail)) throw e;
      return e.node.tree === this.root.tree ? { message: e.message, node: e.node } : { message: `${e.message} (in an included header or a macro)`, node: at };
    }
  }

  private env(scope: string[], subst?: Subst, instance = ''): Env {
    const map = new Map<string, CType | bigint>();
    for (const [k, v] of subst ?? []) map.set(k, typeof v === 'number' ? BigInt(v) : v);
    return { scope, subst: map, instance };
  }

  /**
   * The namespaces and records enclosing `node`. Inside a class body (a member function's
   * parameter, a field) the class's members are in scope as where the class is laid out, its
   * template parameters bound by `subst` (a class template's instance around a launch).
   */
  private envAt(node: Node, subst?: Subst): Env {
    const scope: string[] = [];
    const classes: Node[] = [];
    for (let n = node.parent; n; n = n.parent) {
      // Only these have a name to read (asking every ancestor would scan the whole file's items at the root).
      const record = RECORD_SPECIFIERS.has(n.type);
      if (!record && n.type !== 'namespace_definition') continue;
      const name = n.childForFieldName('name')?.text;
      if (name && record && n.childForFieldName('body')) classes.unshift(n);
      else if (name) scope.unshift(...name.split('::'));
    }
    return classes.reduce((outer, cls) => {
      const own = cls.childForFieldName('name')!.text.replace(/\s+/g, '');
      const inner: Env = { ...outer, scope: [...outer.scope, ...own.split('::')], owner: cls, outer: outer.owner ? outer : undefined };
      const head = cls.parent?.type === 'template_declaration' ? children(cls.parent.childForFieldName('parameters')) : [];
      const bound = head.map((p) => inner.subst.get(this.parameterName(p)));
      // Records nested in a class template differ per instance: named and cached under it.
      if (head.length && bound.every((b) => b !== undefined)) inner.instance = `${q(outer.scope, own)}<${bound.map((b) => (typeof b === 'bigint' ? String(b) : renderTypeId(b!))).join(', ')}>`;
      inner.ownerName = inner.instance || q(outer.scope, own);
      return inner;
    }, this.env(scope, subst));
  }

  // ---- indexing --------------------------------------------------------------------------

  private collect(node: Node, scope: string[]): void {
    const name = node.childForFieldName('name')?.text;
    const branch = this.takenBranch(node);
    if (branch) {
      for (const c of branch) this.collect(c, scope);
    } else if (CONTAINERS.has(node.type) || node.type === 'field_declaration_list') {
      for (const c of children(node)) this.collect(c, scope);
    } else if (node.type === 'linkage_specification' || node.type === 'namespace_definition') {
      const body = node.childForFieldName('body');
      if (body) this.collect(body, node.type === 'namespace_definition' && name ? [...scope, ...name.split('::')] : scope);
    } else if (RECORD_SPECIFIERS.has(node.type)) {
      const body = node.childForFieldName('body');
      if (!body) return;
      if (name) this.types.set(q(scope, name), { kind: 'record', node, scope });
      this.collect(body, name ? [...scope, name] : scope);
    } else if (node.type === 'enum_specifier') {
      this.collectEnum(node, scope, name);
    } else if (node.type === 'type_definition') {
      const type = node.childForFieldName('type')!;
      this.collect(type, scope);
      for (const d of node.childrenForFieldName('declarator')) {
        if (d) this.types.set(q(scope, this.declaredName(d)), { kind: 'typedef', type, declarator: d, scope });
      }
    } else if (node.type === 'namespace_alias_definition') {
      const [alias, target] = [children(node).find((c) => c.type === 'namespace_identifier'), node.namedChildren.at(-1)];
      if (alias && target && alias !== target) this.namespaceAliases.set(q(scope, alias.text), target.text.replace(/\s+/g, '').replace(/^::/, ''));
    } else if (node.type === 'alias_declaration' && name) {
      this.types.set(q(scope, name), { kind: 'typedef', type: node.childForFieldName('type')!, declarator: null, scope });
    } else if (node.type === 'template_declaration') {
      const spec = children(node).find((c) => RECORD_SPECIFIERS.has(c.type));
      const specName = spec?.childForFieldName('name')?.text;
      const params = node.childForFieldName('parameters')!;
      // A primary template declared without a body (`template <int P, int D> struct Impl;`) still
      // has its parameters, for the specialisations that define it; a body wins over a declaration.
      const defined = !!spec?.childForFieldName('body');
      if (spec && specName && !specName.includes('<') && (defined || !this.types.has(q(scope, specName)))) {
        this.types.set(q(scope, specName), { kind: 'template', params, spec, scope });
        // Its member templates, found by name from its body; its other members are read with the
        // arguments of an instance (recordSources).
        for (const m of children(spec.childForFieldName('body'))) if (m.type === 'template_declaration') this.collect(m, [...scope, specName]);
      }
      const specialised = spec?.childForFieldName('name');
      const pattern = specialised?.type === 'template_type' ? specialised.childForFieldName('arguments') : null;
      if (spec && defined && pattern) {
        const primary = q(scope, specialised!.childForFieldName('name')!.text);
        this.specialisations.set(primary, [...(this.specialisations.get(primary) ?? []), { params, spec, pattern, scope }]);
      }
      const alias = children(node).find((c) => c.type === 'alias_declaration');
      const aliasName = alias?.childForFieldName('name')?.text;
      if (alias && aliasName) this.types.set(q(scope, aliasName), { kind: 'alias', params, type: alias.childForFieldName('type')!, scope });
    } else if (node.type === 'declaration' || node.type === 'field_declaration') {
      const type = node.childForFieldName('type');
      if (type) this.collect(type, scope);
      if (children(node).some((c) => c.type === 'type_qualifier' && /^(const|constexpr)$/.test(c.text))) {
        for (const d of node.childrenForFieldName('declarator')) {
          const value = d?.type === 'init_declarator' ? d.childForFieldName('value') : null;
          const named = d?.childForFieldName('declarator');
          // A scalar, or an array's braced list (`constexpr int widths[] = {...}`, read by subscript).
          const array = named?.type === 'array_declarator' && value?.type === 'initializer_list' ? named.childForFieldName('declarator') : undefined;
          const target = named?.type === 'identifier' ? named : array?.type === 'identifier' ? array : undefined;
          if (value && target) this.values.set(q(scope, target.text), { kind: 'constant', value, scope });
        }
      }
    } else if (node.type === 'function_definition') {
      this.collectConstexprFunction(node, scope);
    } else if ((node.type === 'preproc_def' || node.type === 'preproc_function_def') && name) {
      const value = node.childForFieldName('value');
      const text = value ? macroBody(value) : '';
      const params = node.type === 'preproc_function_def' ? children(node.childForFieldName('parameters')).filter((c) => c.type === 'identifier').map((c) => c.text) : undefined;
      this.defined.set(name, { name, params, variadic: false, body: text });
      if (value && !params) this.values.set(name, { kind: 'macro', text, node });
      if (value && params) this.functionMacros.set(name, { params, text });
    }
  }

  /**
   * Whether an `#if`, `#elif` or `#ifdef` group takes its first branch, decided as the compilers
   * do on the macros defined so far (and the -D ones, read first), so a type defined in both
   * branches (`#if (PRECISION==1) #define Real float #else #define Real double`) is the one
   * compiled; undefined for conditions the host and device compilations decide differently, or
   * that read a name with no value here.
   */
  private groupTaken(node: Node): boolean | undefined {
    if (node.type === 'preproc_ifdef') {
      const name = node.childForFieldName('name')?.text;
      if (!name || CUDA_CONDITION.test(name)) return undefined;
      return this.defined.has(name) !== /^#\s*ifndef/.test(node.text);
    }
    const condition = node.type === 'preproc_if' || node.type === 'preproc_elif' ? node.childForFieldName('condition')?.text : undefined;
    if (!condition || CUDA_CONDITION.test(condition)) return undefined;
    return decided(condition, this.defined, COMPILER_MACROS.host);
  }

  /** What a group holds in the branch taken (its `#else`/`#elif` part, or none); undefined when undecided here. */
  private takenBranch(node: Node): Node[] | undefined {
    const taken = this.groupTaken(node);
    if (taken === undefined) return undefined;
    const head = node.childForFieldName(node.type === 'preproc_ifdef' ? 'name' : 'condition');
    const alternative = node.childForFieldName('alternative');
    if (taken) return children(node).filter((c) => c.id !== head?.id && c.id !== alternative?.id);
    return alternative ? [alternative] : [];
  }

  /** A constexpr function whose body is one `return <expression>;`: evaluated in constants. */
  private collectConstexprFunction(node: Node, scope: string[]): void {
    if (!children(node).some((c) => c.type === 'type_qualifier' && c.text === 'constexpr')) return;
    const statements = this.takenStatements(children(node.childForFieldName('body')));
    const value = statements.length === 1 && statements[0].type === 'return_statement' ? statements[0].namedChildren[0] : undefined;
    let declarator = node.childForFieldName('declarator');
    while (declarator && declarator.type !== 'function_declarator') declarator = declarator.childForFieldName('declarator');
    const name = declarator?.childForFieldName('declarator')?.text;
    if (!value || !name || !declarator) return;
    const params = children(declarator.childForFieldName('parameters')).map((p) => this.declaredName(p.childForFieldName('declarator') ?? p));
    this.values.set(q(scope, name), { kind: 'function', params, value, scope });
  }

  /** Statements with their `#ifdef` groups decided here replaced by the branch taken
   *  (`#ifdef __GFX9__ return 64; #else return 32; #endif`). */
  private takenStatements(statements: Node[]): Node[] {
    return statements.flatMap((c): Node[] => {
      if (c.type === 'comment') return [];
      if (c.type === 'preproc_else') return this.takenStatements(children(c));
      const branch = this.takenBranch(c);
      return branch ? this.takenStatements(branch) : [c];
    });
  }

  private collectEnum(node: Node, scope: string[], name: string | undefined): void {
    const body = node.childForFieldName('body');
    if (!body) return;
    if (name) this.types.set(q(scope, name), { kind: 'enum', node, scope });
    const scoped = hasToken(node, 'class') || hasToken(node, 'struct');
    children(body)
      .filter((e) => e.type === 'enumerator')
      .forEach((e, index) => {
        const decl = { kind: 'enumerator' as const, enumNode: node, index, scope };
        const id = e.childForFieldName('name')!.text;
        if (name) this.values.set(q([...scope, name], id), decl);
        if (!scoped) this.values.set(q(scope, id), decl);
      });
  }

  /** The name a declarator declares (innermost identifier). */
  private declaredName(d: Node): string {
    if (NAME_NODES.has(d.type)) return d.text;
    const inner = d.childForFieldName('declarator') ?? children(d).find((c) => c.type !== 'type_qualifier');
    return inner ? this.declaredName(inner) : '';
  }

  private lookup<T>(table: Map<string, T>, name: string, scope: string[]): T | undefined {
    const bare = this.unaliased(name.replace(/^::/, ''), scope);
    for (let i = scope.length; i >= 0; i--) {
      const found = table.get(q(scope.slice(0, i), bare));
      if (found) return found;
    }
    // Names reached through `using namespace` or an enclosing scope we do not model: accept a
    // unique qualified match (an unscoped enumerator is also named through its enum: one match).
    const matches = new Set([...table.keys()].filter((k) => k.endsWith(`::${bare}`)).map((k) => table.get(k)));
    return matches.size === 1 ? [...matches][0] : undefined;
  }

  /** `cub::BlockReduce` -> `hipcub::BlockReduce` where `cub` is a namespace alias in sight. */
  private unaliased(name: string, scope: string[]): string {
    const cut = name.indexOf('::');
    if (cut < 0 || !this.namespaceAliases.size) return name;
    for (let i = scope.length; i >= 0; i--) {
      const target = this.namespaceAliases.get(q(scope.slice(0, i), name.slice(0, cut)));
      if (target) return target + name.slice(cut);
    }
    return name;
  }

  // ---- types -------------------------------------------------------------------------------

  /** The type named by a type specifier node (before declarators). */
  private typeOf(node: Node, env: Env, nameHint = ''): CType {
    switch (node.type) {
      case 'primitive_type': {
        const s = scalarFromName(node.text);
        if (s) return { kind: 'scalar', name: s };
        if (node.text === 'void') return { kind: 'opaque', text: 'void' };
        throw new Fail(`unsupported type '${node.text}'`, node);
      }
      case 'sized_type_specifier': {
        const s = scalarFromSized(node);
        if (!s) throw new Fail(`unsupported type '${node.text}'`, node);
        return { kind: 'scalar', name: s };
      }
      case 'dependent_type': {
        const named = children(node).find((c) => c.type !== 'comment');
        if (named) return this.typeOf(named, env, nameHint);
        break;
      }
      case 'type_identifier':
      case 'qualified_identifier': {
        const trait = standardTrait(node, (t) => (t.type === 'type_descriptor' ? this.descriptor(t, env) : this.typeOf(t, env)), (e) => this.valueArgument(e, env));
        if (trait) return trait;
        const inner = node.type === 'qualified_identifier' ? node.childForFieldName('name') : null;
        if (inner?.type === 'template_type') return this.instantiate(node, inner, env);
        const found = this.named(node.text.replace(/\s+/g, ''), node, env);
        if (found.kind !== 'opaque') return found;
        if (inner?.type === 'type_identifier') return this.ownerMember(node.childForFieldName('scope'), inner, env) ?? found;
        // `ns::Owner<T>::Member`: a member of a class template's instance named through namespaces.
        let member = inner;
        while (member?.type === 'qualified_identifier' && member.childForFieldName('name')?.type === 'qualified_identifier') member = member.childForFieldName('name');
        const owner = member?.type === 'qualified_identifier' ? member.childForFieldName('scope') : null;
        const name = member?.childForFieldName('name');
        return owner?.type === 'template_type' && name?.type === 'type_identifier' ? this.ownerMember(owner, name, env, node) ?? found : found;
      }
      case 'template_type':
        return this.instantiate(node, node, env);
      case 'enum_specifier':
      case 'struct_specifier':
      case 'class_specifier':
      case 'union_specifier': {
        const name = node.childForFieldName('name');
        if (node.childForFieldName('body')) return node.type === 'enum_specifier' ? this.enumType(node, env, nameHint) : this.record(node, env, nameHint);
        if (name) return this.named(name.text, name, env);
        break;
      }
      case 'type_descriptor':
        return this.descriptor(node, env);
    }
    throw new Fail(`unsupported type '${node.text}'`, node);
  }

  private descriptor(node: Node, env: Env): CType {
    const base = this.typeOf(node.childForFieldName('type') ?? node, env);
    return this.declare(base, node.childForFieldName('declarator'), env, false).type;
  }

  /**
   * A name used as a type. Unknown names become opaque (fine behind a pointer, rejected by
   * `complete` when used by value).
   */
  private named(name: string, node: Node, env: Env): CType {
    const bound = env.subst.get(name);
    if (bound !== undefined) {
      if (typeof bound === 'bigint') throw new Fail(`'${name}' is a value, not a type`, node);
      return bound;
    }
    for (let o: Env | undefined = env; o?.owner && !name.includes('::'); o = o.outer) {
      const member = this.memberType(o.owner, name, o, node);
      if (member) return member;
    }
    const definedIn = name.includes('::') ? undefined : definedClass(node);
    const member = definedIn && this.memberType(definedIn, name, env, node);
    if (member) return member;
    const decl = this.localType(name, node) ?? this.lookup(this.types, name, env.scope) ?? this.macroType(this.innerMacro(name, node) ?? this.values.get(name), name);
    if (decl) return this.fromDecl(decl, name, node, env);
    const scalar = scalarFromName(name);
    if (scalar) return { kind: 'scalar', name: scalar };
    return vectorType(name) ?? runtimeRecord(name) ?? { kind: 'opaque', text: name };
  }

  /** `#define HD __host__ __device__ inline`: an object-like macro of declaration specifiers only. */
  private specifierMacro(name: string): boolean {
    const macro = this.values.get(name);
    return macro?.kind === 'macro' && macro.text.trim().split(/\s+/).every((w) => SPECIFIERS.has(w));
  }

  /** `#define ITYPE size_t`: an object-like macro whose body parses as a type, as a typedef. */
  private macroType(macro: ValueDecl | undefined, name: string): TypeDecl | undefined {
    if (macro?.kind !== 'macro' || !/^[A-Za-z_][\w\s:<>,*&()]*$/.test(macro.text.trim())) return undefined;
    let decl = this.macroTypes.get(macro);
    if (decl === undefined) {
      const definition = parse(`typedef ${macro.text.trim()} ${name};`).rootNode.namedChildren[0];
      const ok = definition?.type === 'type_definition' && !definition.hasError;
      decl = ok ? { kind: 'typedef', type: definition.childForFieldName('type')!, declarator: definition.childForFieldName('declarator'), scope: [] } : null;
      this.macroTypes.set(macro, decl);
    }
    return decl ?? undefined;
  }

  /** A typedef or `using` alias declared in a block enclosing `use`, before it: the innermost, latest one. */
  private localType(name: string, use: Node): TypeDecl | undefined {
    if (name.includes('::')) return undefined;
    for (let block = use.parent; block; block = block.parent) {
      if (block.type !== 'compound_statement') continue;
      const found = children(block)
        .filter((d) => d.endIndex <= use.startIndex && (d.type === 'type_definition' ? d.childrenForFieldName('declarator').some((x) => x && this.declaredName(x) === name) : d.type === 'alias_declaration' && d.childForFieldName('name')?.text === name))
        .at(-1);
      if (!found) continue;
      let decl = this.localTypes.get(found.id);
      if (!decl) {
        const type = found.childForFieldName('type')!;
        const declarator = found.type === 'type_definition' ? found.childrenForFieldName('declarator').find((x) => x && this.declaredName(x) === name) ?? null : null;
        this.localTypes.set(found.id, (decl = { kind: 'typedef', type, declarator, scope: this.envAt(found).scope, local: true }));
      }
      return decl;
    }
    return undefined;
  }

  /** `node` names a typedef or alias declared in a block (not visible where instances are built). */
  isLocalType(node: Node): boolean {
    return !!this.localType(node.text, node);
  }

  /**
   * The `#define` of `name` inside a function body that is in effect at `use` (the latest one
   * before it in the same file: the preprocessor reads top to bottom; of `#if`/`#else` branches,
   * the one written last).
   */
  private innerMacro(name: string, use: Node): ValueDecl | undefined {
    const site = this.macroSite ?? use;
    return this.innerMacros.get(name)?.filter((m) => m.kind === 'macro' && m.node.tree === site.tree && m.node.startIndex < site.startIndex).at(-1);
  }

  private fromDecl(decl: TypeDecl, name: string, use: Node, useEnv: Env): CType {
    const env = decl.kind === 'typedef' && decl.local ? { ...useEnv, scope: decl.scope } : this.env(decl.scope);
    switch (decl.kind) {
      case 'record':
        return this.record(decl.node, env, '');
      case 'enum':
        return this.enumType(decl.node, env, '');
      case 'template':
      case 'alias':
        throw new Fail(`template '${name}' needs template arguments`, use);
      case 'typedef':
        return this.once(decl, use, `typedef '${name}' refers to itself`, () => {
          if (!decl.declarator) return this.descriptor(decl.type, env);
          const plain = NAME_NODES.has(decl.declarator.type);
          // `typedef struct { ... } Name;` gives the anonymous record its name.
          const base = this.typeOf(decl.type, env, plain ? q(decl.scope, decl.declarator.text) : '');
          return this.declare(base, decl.declarator, env, false).type;
        });
    }
  }

  /** Runs `f` for `key` unless it is already running (a cycle), in which case it fails. */
  private once<T>(key: object, node: Node, cycle: string, f: () => T): T {
    if (this.resolving.has(key)) throw new Fail(cycle, node);
    this.resolving.add(key);
    try {
      return f();
    } finally {
      this.resolving.delete(key);
    }
  }

  /** Applies a declarator chain (outermost first) to `base`. */
  private declare(base: CType, declarator: Node | null, env: Env, parameter: boolean, throughReferences = false): { type: CType; name: string } {
    let type = base;
    for (let d = declarator; d; ) {
      const inner: Node | null = d.childForFieldName('declarator');
      // In a parameter, the outermost array or function type (the last one applied) decays.
      const decays = parameter && (!inner || NAME_NODES.has(inner.type));
      switch (d.type) {
        case 'identifier':
        case 'field_identifier':
        case 'type_identifier':
        case 'qualified_identifier':
          return { type, name: d.text };
        case 'pointer_declarator':
        case 'abstract_pointer_declarator':
          type = pointer(type);
          break;
        case 'array_declarator':
        case 'abstract_array_declarator': {
          if (decays) type = pointer(type);
          else type = arrayOf(this.complete(type, d), this.arrayLength(d, env));
          break;
        }
        case 'function_declarator':
        case 'abstract_function_declarator': {
          const fn: CType = { kind: 'opaque', text: `${renderTypeId(type)}${d.childForFieldName('parameters')?.text ?? '()'}` };
          type = decays ? pointer(fn) : fn;
          break;
        }
        case 'parenthesized_declarator':
        case 'abstract_parenthesized_declarator':
        case 'attributed_declarator': {
          d = children(d).find((c) => !c.type.includes('attribute')) ?? null;
          continue;
        }
        case 'init_declarator':
          break;
        case 'reference_declarator':
        case 'abstract_reference_declarator':
          if (throughReferences) {
            d = children(d)[0] ?? null;
            continue;
          }
          throw new Fail(parameter ? 'reference parameters cannot be passed to a kernel' : 'references are not supported here', d);
        default:
          throw new Fail(`unsupported declarator '${d.text}'`, d);
      }
      d = inner;
    }
    return { type, name: '' };
  }

  private arrayLength(d: Node, env: Env): number {
    const size = d.childForFieldName('size');
    if (!size) throw new Fail('array without a size', d);
    const n = this.constant(size, env);
    if (n <= 0n) throw new Fail(`array size ${n} is not positive`, size);
    return Number(n);
  }

  /** `t` itself, if it can be laid out; otherwise the reason. */
  private complete(t: CType, node: Node): CType {
    if (t.kind === 'array') this.complete(t.of, node);
    if (t.kind === 'opaque') {
      throw new Fail(t.text === 'void' ? "'void' has no size" : isFunction(t) ? `function type '${t.text}' is not an object type` : `unknown or incomplete type '${t.text}'`, node);
    }
    if (this.building.has(t)) throw new Fail(`'${(t as RecordType).name}' is incomplete here`, node);
    return t;
  }

  // ---- records -----------------------------------------------------------------------------

  private record(node: Node, env: Env, nameHint: string): CType {
    const key = cacheKey(node, env);
    const cached = this.cache.get(key);
    if (cached) return cached;
    const own = node.childForFieldName('name')?.text;
    const record: RecordType = {
      kind: 'record',
      tag: node.type === 'union_specifier' ? 'union' : 'struct',
      name: own && env.ownerName ? `${env.ownerName}::${own}` : env.instance || (own ? q(env.scope, own) : nameHint),
      fields: [],
      ...readAlignment(node, (e) => this.constant(e, env)),
    };
    this.cache.set(key, record);
    const inner: Env = { ...env, scope: own ? [...env.scope, own] : env.scope, owner: node, outer: env.owner ? env : undefined, ownerName: record.name };
    this.recordSources.set(record, { node, env: inner });
    this.building.add(record);
    try {
      // Base classes come first, laid out like unnamed members; an empty one takes no room.
      for (const base of this.bases(node, inner)) if (base.fields.length) record.fields.push({ name: '', type: base, hidden: true });
      // Fields under `private:`/`protected:` (a class's by default) get no offsetof checks.
      let hidden = node.type === 'class_specifier';
      for (const member of this.blockItems(node.childForFieldName('body'), true)) {
        if (member.type === 'access_specifier') hidden = !member.text.startsWith('public');
        else record.fields.push(...this.members(member, inner).map((f) => (hidden ? { ...f, hidden } : f)));
      }
    } catch (e) {
      this.cache.delete(key);
      throw e;
    } finally {
      this.building.delete(record);
    }
    return record;
  }

  private members(member: Node, env: Env): Field[] {
    if (hasToken(member, 'virtual')) throw new Fail('polymorphic records (virtual functions) are not supported', member);
    if (member.type !== 'field_declaration') return [];
    if (children(member).some((c) => c.type === 'storage_class_specifier' && c.text === 'static')) return [];
    const bitfield = children(member).find((c) => c.type === 'bitfield_clause');
    if (bitfield) throw new Fail('bit-fields are not supported', bitfield);
    const typeNode = member.childForFieldName('type');
    // `HOST_DEVICE double operator()(...)`: a specifier macro the grammar took for a type.
    if (!typeNode || this.specifierMacro(typeNode.text)) return [];
    const declarators = member.childrenForFieldName('declarator').filter((d): d is Node => d !== null);
    if (declarators.some(declaresMethod)) return [];
    const type = this.typeOf(typeNode, env);
    if (declarators.length === 0) {
      // `union { ... };` is an anonymous member; `struct B { ... };` only declares a type.
      const anonymous = RECORD_SPECIFIERS.has(typeNode.type) && !typeNode.childForFieldName('name');
      return anonymous ? [{ name: '', type }] : [];
    }
    const alignment = readAlignment(member, (e) => this.constant(e, env));
    return declarators.map((d) => {
      // A reference member takes a pointer's room (`_TempStorage &temp_storage;` in CUB's classes).
      const referred = d.type === 'reference_declarator' ? children(d).find((c) => c.type !== '&') : undefined;
      const { type: t, name } = this.declare(type, referred ?? d, env, false);
      return { name, type: referred ? pointer(t) : this.complete(t, d), ...alignment };
    });
  }

  private instantiate(use: Node, template: Node, env: Env): CType {
    const nameNode = template.childForFieldName('name')!;
    const scopePrefix = use === template ? '' : use.text.slice(0, use.text.lastIndexOf(template.text)).replace(/\s+/g, '');
    const bound = scopePrefix ? undefined : env.templates?.get(nameNode.text);
    const decl = bound?.decl ?? this.lookup(this.types, scopePrefix + nameNode.text, env.scope);
    if (decl?.kind !== 'template' && decl?.kind !== 'alias') throw new Fail(`'${nameNode.text}' is not a known struct or alias template`, nameNode);
    const declName = bound?.name.split('::').at(-1) ?? nameNode.text;
    const args = children(template.childForFieldName('arguments'));
    const enclosing = this.enclosingClassEnv(decl.kind === 'template' ? decl.spec : decl.type, env);
    const inner = this.templateEnv([...decl.scope, declName], enclosing);
    const shown: string[] = [];
    const values: (CType | bigint)[] = [];
    children(decl.params).forEach((param, i) => {
      const arg = args[i];
      if (param.type.startsWith('variadic')) throw new Fail('variadic templates are not supported', param);
      if (param.type === 'template_template_parameter_declaration') {
        // `template <typename U> class P = Default`: bound to the template its argument names.
        const own = children(param).find((c) => c.type !== 'template_parameter_list')!;
        const name = (own.childForFieldName('name') ?? children(own)[0]).text;
        const fallback = own.childForFieldName('default_type');
        if (!arg && !fallback) throw new Fail(`missing template argument '${name}'`, use);
        const ref = arg ? this.templateNamed(arg, env) : this.templateNamed(fallback!, inner);
        inner.templates!.set(name, ref);
        shown.push(ref.name);
        return;
      }
      const isType = param.type.includes('type_parameter');
      const name = this.parameterName(param);
      const fallback = param.childForFieldName(isType ? 'default_type' : 'default_value');
      if (!arg && !fallback) throw new Fail(`missing template argument '${name}'`, use);
      // Defaults are written in the template's scope and may use earlier parameters.
      const [node, where] = arg ? [arg, env] : [fallback!, inner];
      const value: CType | bigint = isType ? this.typeArgument(node, where) : this.valueArgument(node, where);
      inner.subst.set(name, value);
      values.push(value);
      shown.push(typeof value === 'bigint' ? this.renderValueArgument(value, param, inner) : constPrefix(node) + renderTypeId(value));
    });
    if (decl.kind === 'alias') return this.descriptor(decl.type, { ...inner, scope: decl.scope });
    inner.instance = `${enclosing?.ownerName ? `${enclosing.ownerName}::${declName}` : q(decl.scope, declName)}<${shown.join(', ')}>`;
    // Template template arguments are not matched against specialisations.
    const special = inner.templates!.size ? undefined : this.specialisation(q(decl.scope, declName), values, enclosing);
    if (special) return this.record(special.spec, { ...special.env, instance: inner.instance }, '');
    if (!decl.spec.childForFieldName('body')) throw new Fail(`no definition of '${inner.instance}' (its template is only declared, and no specialisation matches)`, use);
    return this.record(decl.spec, inner, '');
  }

  /** A template's environment in `scope`; a member template's sees its class's members and template arguments. */
  private templateEnv(scope: string[], enclosing: Env | undefined): Env {
    return { ...this.env(scope), templates: new Map(), ...(enclosing && { subst: new Map(enclosing.subst), owner: enclosing.owner, outer: enclosing.outer }) };
  }

  /** The environment of the class (of those being read, innermost first) whose body declares `member`. */
  private enclosingClassEnv(member: Node, env: Env): Env | undefined {
    for (let e: Env | undefined = env; e; e = e.outer) {
      const body = e.owner?.childForFieldName('body');
      if (body && member.tree === body.tree && member.startIndex > body.startIndex && member.endIndex < body.endIndex) return e;
    }
    return undefined;
  }

  /** A non-type template argument as C++ writes it in a type's name: an enumeration's value cast to it (`Loader<float, 4, (Algo)1>`). */
  private renderValueArgument(value: bigint, param: Node, env: Env): string {
    const type = param.childForFieldName('type');
    if (!type || type.type === 'primitive_type' || type.type === 'sized_type_specifier') return String(value);
    const t = this.guardedType(type, env);
    return t?.kind === 'enum' ? `(${renderTypeId(t)})${value}` : String(value);
  }

  /** A type node's type, or undefined where it has none here. */
  private guardedType(node: Node, env: Env): CType | undefined {
    try {
      return this.typeOf(node, env);
    } catch (e) {
      if (e instanceof Fail) return undefined;
      throw e;
    }
  }

  /** A type or non-type template parameter's name. */
  private parameterName(param: Node): string {
    return param.type.includes('type_parameter') ? (param.childForFieldName('name') ?? children(param)[0]).text : this.declaredName(param.childForFieldName('declarator')!);
  }

  /**
   * The specialisation of template `name` that these arguments select, with its parameters bound:
   * an explicit one first, else the first partial one whose pattern matches (a parameter written
   * alone binds to its argument; other arguments must equal theirs).
   */
  private specialisation(name: string, values: (CType | bigint)[], enclosing?: Env): { spec: Node; env: Env } | undefined {
    const same = (a: CType | bigint, b: CType | bigint) => (typeof a === 'bigint' || typeof b === 'bigint' ? a === b : renderTypeId(a) === renderTypeId(b));
    const candidates = [...(this.specialisations.get(name) ?? [])].sort((a, b) => children(a.params).length - children(b.params).length);
    for (const s of candidates) {
      const params = new Set(children(s.params).map((p) => this.parameterName(p)));
      const patterns = children(s.pattern);
      if (patterns.length !== values.length) continue;
      const env = this.templateEnv(s.scope, enclosing);
      const matches = patterns.every((p, i) => {
        const word = p.text.trim();
        if (params.has(word)) {
          const bound = env.subst.get(word);
          env.subst.set(word, values[i]);
          return bound === undefined || same(bound, values[i]);
        }
        try {
          return same(typeof values[i] === 'bigint' ? this.valueArgument(p, env) : this.typeArgument(p, env), values[i]);
        } catch (e) {
          if (e instanceof Fail) return false;
          throw e;
        }
      });
      if (matches && [...params].every((p) => env.subst.has(p))) return { spec: s.spec, env };
    }
    return undefined;
  }

  /** The class or alias template a template template argument names (`RestrictPtrTraits`, or a parameter passing one on). */
  private templateNamed(node: Node, env: Env): TemplateRef {
    const written = (node.type === 'type_descriptor' ? node.childForFieldName('type') ?? node : node).text.replace(/\s+/g, '');
    const passed = env.templates?.get(written);
    if (passed) return passed;
    const decl = this.lookup(this.types, written, env.scope);
    if (decl?.kind !== 'template' && decl?.kind !== 'alias') throw new Fail(`'${written}' is not a known struct or alias template`, node);
    return { decl, name: written };
  }

  /** The records a class derives from, in order (`class A : public B<T>, C`). */
  private bases(node: Node, env: Env): RecordType[] {
    const clause = children(node).find((c) => c.type === 'base_class_clause');
    return children(clause).filter((c) => c.type !== 'access_specifier' && c.type !== 'comment').map((c) => {
      // Named where the class is declared (`struct TempStorage : Uninitialized<_TempStorage>` sees its enclosing class's members).
      const base = this.typeOf(c, env.outer ?? { ...env, owner: undefined });
      if (base.kind !== 'record') throw new Fail(`base class '${c.text}' is not a known class`, c);
      return base;
    });
  }

  /** The bases a member name is looked up in: none when one is not known (a library's class). */
  private knownBases(node: Node, env: Env): RecordType[] {
    try {
      return this.bases(node, env);
    } catch (e) {
      if (e instanceof Fail) return [];
      throw e;
    }
  }

  /** `Owner::name` where Owner is a class (a template instance, a typedef of one): its member type. */
  private ownerMember(scope: Node | null, name: Node, env: Env, use?: Node): CType | undefined {
    const source = this.ownerSource(scope, env, use);
    return source && this.memberType(source.node, name.text, source.env, name);
  }

  /** The class body and environment of the class `scope` names in `Owner::name` (`use`: the whole name, when namespaces qualify a template's). */
  private ownerSource(scope: Node | null, env: Env, use?: Node): { node: Node; env: Env } | undefined {
    if (!scope) return undefined;
    const owner = scope.type === 'template_type' ? this.instantiate(use ?? scope, scope, env) : this.named(scope.text.replace(/\s+/g, ''), scope, env);
    return this.recordSources.get(owner);
  }

  /** A member constant `name` of the class `cls` (an enumerator, a static constant), or of its bases, evaluated in `env`. */
  private memberValue(cls: Node, name: string, env: Env, use: Node): bigint | undefined {
    for (const m of children(cls.childForFieldName('body')).filter((c) => c.type === 'field_declaration')) {
      const spec = m.childForFieldName('type');
      if (spec?.type === 'enum_specifier') {
        const list = children(spec.childForFieldName('body')).filter((c) => c.type === 'enumerator');
        const index = list.findIndex((e) => e.childForFieldName('name')?.text === name);
        if (index >= 0) return this.enumeratorAt(list, index, env, use);
      }
      const declarator = m.childrenForFieldName('declarator').find((d) => d && this.declaredName(d) === name);
      const value = declarator?.type === 'init_declarator' ? declarator.childForFieldName('value') : declarator && m.childForFieldName('default_value');
      if (value && children(m).some((c) => c.type === 'storage_class_specifier' && c.text === 'static')) return this.once(m, use, `'${name}' refers to itself`, () => this.constant(value, env));
    }
    for (const base of this.knownBases(cls, env)) {
      const source = this.recordSources.get(base);
      const found = source && this.memberValue(source.node, name, source.env, use);
      if (found !== undefined) return found;
    }
    return undefined;
  }

  /** The value of enumerator `index` of `list`: its own expression, else one more than the previous one. */
  private enumeratorAt(list: Node[], index: number, env: Env, use: Node): bigint {
    const value = list[index].childForFieldName('value');
    return this.once(list[index], use, 'enumerator refers to itself', () => (value ? this.constant(value, env) : index === 0 ? 0n : this.enumeratorAt(list, index - 1, env, use) + 1n));
  }

  /**
   * A member type `name` of the class `body` (a typedef, `using`, nested class or enum), or of its
   * bases, resolved in `env`, where the class's template parameters are bound.
   */
  private memberType(cls: Node, name: string, env: Env, use: Node): CType | undefined {
    for (const m of children(cls.childForFieldName('body'))) {
      if (m.type === 'type_definition' && m.childrenForFieldName('declarator').some((d) => d && this.declaredName(d) === name)) {
        const declarator = m.childrenForFieldName('declarator').find((d) => d && this.declaredName(d) === name)!;
        return this.once(m, use, `member type '${name}' refers to itself`, () => this.declare(this.typeOf(m.childForFieldName('type')!, env, q(env.scope, name)), declarator, env, false).type);
      }
      if (m.type === 'alias_declaration' && m.childForFieldName('name')?.text === name) return this.once(m, use, `member type '${name}' refers to itself`, () => this.descriptor(m.childForFieldName('type')!, env));
      const spec = m.type === 'field_declaration' ? m.childForFieldName('type') : null;
      if (spec && (RECORD_SPECIFIERS.has(spec.type) || spec.type === 'enum_specifier') && spec.childForFieldName('name')?.text === name && spec.childForFieldName('body')) {
        return this.typeOf(spec, env);
      }
    }
    for (const base of this.knownBases(cls, env)) {
      const source = this.recordSources.get(base);
      const found = source && this.memberType(source.node, name, source.env, use);
      if (found) return found;
    }
    return undefined;
  }

  private typeArgument(node: Node, env: Env): CType {
    return node.type === 'type_descriptor' ? this.descriptor(node, env) : this.typeOf(node, env);
  }

  private valueArgument(node: Node, env: Env): bigint {
    // `N` in `Pair<N>` parses as a type name; it is a constant here.
    const expr = node.type === 'type_descriptor' && NAME_NODES.has(node.childForFieldName('type')?.type ?? '') && !node.childForFieldName('declarator') ? node.childForFieldName('type')! : node;
    return this.constant(expr, env);
  }

  // ---- enums -------------------------------------------------------------------------------

  private enumType(node: Node, env: Env, nameHint: string): CType {
    const key = cacheKey(node, env);
    const cached = this.cache.get(key);
    if (cached) return cached;
    const own = node.childForFieldName('name')?.text;
    const base = node.childForFieldName('base');
    let underlying: CType;
    if (base) {
      underlying = this.typeOf(base, env);
      if (underlying.kind === 'enum') underlying = underlying.underlying;
      if (underlying.kind !== 'scalar' || /float|double/.test(underlying.name)) throw new Fail(`'${base.text}' is not an integer type`, base);
    } else {
      underlying = { kind: 'scalar', name: hasToken(node, 'class') || hasToken(node, 'struct') ? 'int' : this.widestEnumerator(node, env) };
    }
    const result: CType = { kind: 'enum', name: own ? q(env.scope, own) : nameHint, underlying };
    this.cache.set(key, result);
    return result;
  }

  /** Without a fixed type, the underlying type is int unless the enumerators need more. */
  private widestEnumerator(node: Node, env: Env): 'int' | 'unsigned int' | 'long long' | 'unsigned long long' {
    const values = this.enumeratorValues(node, env);
    const min = values.reduce((a, b) => (b < a ? b : a), 0n);
    const max = values.reduce((a, b) => (b > a ? b : a), 0n);
    if (min >= INT_MIN && max < -INT_MIN) return 'int';
    if (min >= 0n) return max < 2n ** 32n ? 'unsigned int' : 'unsigned long long';
    return 'long long';
  }

  private enumeratorValues(node: Node, env: Env): bigint[] {
    return this.once(node, node, 'enumerator refers to itself', () => {
      const values: bigint[] = [];
      for (const e of children(node.childForFieldName('body')).filter((c) => c.type === 'enumerator')) {
        const value = e.childForFieldName('value');
        values.push(value ? this.constant(value, env) : (values.at(-1) ?? -1n) + 1n);
      }
      return values;
    });
  }

  // ---- constants ---------------------------------------------------------------------------

  private constant(expr: Node, env: Env): bigint {
    const scope: ConstScope = {
      valueOf: (name, node) => this.valueOf(name, node, env),
      measure: (op, typeNode) => this.measure(op, typeNode, env),
      call: (name, args, node) => this.call(name, args, node, env),
      element: (name, index, node) => this.element(name, index, node, env),
    };
    return evaluate(expr, scope);
  }

  /** A constexpr function's return expression with its parameters bound to `args`. */
  private call(name: string, args: bigint[], node: Node, env: Env): bigint {
    const macro = this.functionMacros.get(name);
    if (macro && macro.params.length === args.length && !macro.text.includes('#')) {
      // Its arguments are integer values here: each parameter stands for its value, parenthesised.
      const values = new Map(macro.params.map((p, i) => [p, `(${args[i]})`]));
      return this.once(macro, node, `macro '${name}' expands to itself`, () => this.macroValue(name, macro.text.replace(/\b[A-Za-z_]\w*\b/g, (w) => values.get(w) ?? w), node));
    }
    const fn = this.lookup(this.values, name, env.scope);
    if (fn?.kind !== 'function' || fn.params.length !== args.length) throw new Fail(`'${name}' is not a constexpr function of ${args.length} argument(s) known here`, node);
    const inner = this.env(fn.scope);
    fn.params.forEach((p, i) => inner.subst.set(p, args[i]));
    return this.once(fn, node, `'${name}' calls itself`, () => this.constant(fn.value, inner));
  }

  /** An element of a constant array at namespace scope, initialised by a braced list. */
  private element(name: string, index: bigint, node: Node, env: Env): bigint {
    const decl = this.lookup(this.values, name, env.scope);
    const items = decl?.kind === 'constant' && decl.value.type === 'initializer_list' ? children(decl.value).filter((c) => c.type !== 'comment') : undefined;
    if (!items || decl?.kind !== 'constant') throw new Fail(`'${name}' is not a known constant array`, node);
    // A shorter list leaves the rest zero-initialised.
    if (index < 0n) throw new Fail(`'${name}[${index}]' is out of bounds`, node);
    return index < BigInt(items.length) ? this.constant(items[Number(index)], this.env(decl.scope)) : 0n;
  }

  private valueOf(name: string, node: Node, env: Env): bigint {
    const bound = env.subst.get(name);
    if (typeof bound === 'bigint') return bound;
    const predicate = standardPredicate(node, (t) => (t.type === 'type_descriptor' ? this.descriptor(t, env) : this.typeOf(t, env)));
    if (predicate !== undefined) return predicate;
    // A local constant may depend on the template parameters bound here (`constexpr int n = B;`):
    // evaluated where it is used, not cached.
    const local = this.localConstant(name, node);
    if (local?.kind === 'constant') return this.once(local, node, `'${name}' refers to itself`, () => this.constant(local.value, env));
    const macro = this.innerMacro(name, node) ?? (this.values.get(name)?.kind === 'macro' ? this.values.get(name) : undefined);
    const member = macro ? undefined : (this.memberConstant(name, node, env) ?? this.definedClassConstant(name, node, env));
    if (member !== undefined) return member;
    const decl = macro ?? this.lookup(this.values, name, env.scope);
    if (!decl) throw new Fail(`'${name}' is not a known integer constant`, node);
    // A named constant's value does not depend on where it is used: evaluate it once.
    const known = this.constants.get(decl);
    if (known !== undefined) return known;
    const value = this.once(decl, node, `'${name}' refers to itself`, () => {
      switch (decl.kind) {
        case 'constant':
          return this.constant(decl.value, this.env(decl.scope));
        case 'enumerator':
          return this.enumeratorValues(decl.enumNode, this.env(decl.scope))[decl.index];
        case 'macro':
          return this.macroValue(name, decl.text, node);
        case 'function':
          throw new Fail(`'${name}' is a function, not a constant`, node);
      }
    });
    this.constants.set(decl, value);
    return value;
  }

  /** The integer value of a macro's replacement text, used as `name` at `node`. */
  private macroValue(name: string, text: string, node: Node): bigint {
    // Most macro constants are a plain literal (#define TILE 16): no parse needed.
    const plain = integerLiteral(text.trim().replace(/^\((.*)\)$/, '$1').trim());
    if (plain !== undefined) return plain;
    const tree = parse(`int __hip2vx_value = ${text};`);
    const site = this.macroSite;
    this.macroSite ??= node;
    try {
      const value = tree.rootNode.descendantsOfType('init_declarator')[0]?.childForFieldName('value');
      if (!value) throw new Fail(`macro '${name}' is not an integer constant`, node);
      return this.constant(value, this.env([]));
    } catch (e) {
      // Report at the use: the macro's own parse tree is not part of the file.
      throw e instanceof Fail ? new Fail(`macro '${name}': ${e.message}`, node) : e;
    } finally {
      this.macroSite = site;
      tree.delete();
    }
  }

  /** A member constant of the classes being read (innermost first), or `Owner::name` of a class. */
  private memberConstant(name: string, node: Node, env: Env): bigint | undefined {
    if (node.type === 'qualified_identifier') {
      const source = this.ownerSource(node.childForFieldName('scope'), env);
      const member = node.childForFieldName('name');
      // In a template argument the member's name parses as a type (`IsMultiple<int>::IS_MULTIPLE`).
      return source && (member?.type === 'identifier' || member?.type === 'type_identifier') ? this.memberValue(source.node, member.text, source.env, node) : undefined;
    }
    for (let o: Env | undefined = env; o?.owner; o = o.outer) {
      const value = this.memberValue(o.owner, name, o, node);
      if (value !== undefined) return value;
    }
    return undefined;
  }

  /** In a member function defined outside its class (`int Runner::run() { k<kThreads><<<...>>> }`), the class's constants. */
  private definedClassConstant(name: string, use: Node, env: Env): bigint | undefined {
    const cls = definedClass(use);
    return cls ? this.memberValue(cls, name, env, use) : undefined;
  }

  /**
   * A `const`/`constexpr` integer declared in a block enclosing `use`, before it (`const int n =
   * 48; T a[n];`): the innermost, latest one, as C++ scoping finds it.
   */
  private localConstant(name: string, use: Node): ValueDecl | undefined {
    for (let block = use.parent; block; block = block.parent) {
      if (block.type !== 'compound_statement') continue;
      const found = this.blockItems(block)
        .filter((d) => d.type === 'declaration' && d.startIndex < use.startIndex && children(d).some((c) => c.type === 'type_qualifier' && /^(const|constexpr)$/.test(c.text)))
        .flatMap((d) => d.childrenForFieldName('declarator'))
        .filter((d): d is Node => d?.type === 'init_declarator' && d.endIndex <= use.startIndex && d.childForFieldName('declarator')?.text === name)
        .at(-1);
      if (!found) continue;
      let decl = this.locals.get(found.id);
      if (!decl) this.locals.set(found.id, (decl = { kind: 'constant', value: found.childForFieldName('value')!, scope: [] }));
      return decl;
    }
    return undefined;
  }

  /**
   * A block's statements, those inside its preprocessor groups included (`#if X constexpr int n = 1;
   * #else constexpr int n = 2; #endif`): a group as the macros decide it, the branches of an
   * undecided one all, in order, so the last declaration before a use wins as at file scope; or,
   * for a record's members (`firstOfUndecided`), its first branch (one field, not one per branch).
   */
  private blockItems(block: Node | null, firstOfUndecided = false): Node[] {
    return children(block).flatMap((c) => {
      if (!c.type.startsWith('preproc_') || !CONTAINERS.has(c.type)) return [c];
      const branches = this.takenBranch(c) ?? (firstOfUndecided ? children(c).filter((b) => !b.type.startsWith('preproc_e')) : children(c));
      return branches.flatMap((b) => (CONTAINERS.has(b.type) ? this.blockItems(b, firstOfUndecided) : [b]));
    });
  }

  /** sizeof/alignof, only when the answer is the same on every ABI (a CType has fixed lengths). */
  private measure(op: 'sizeof' | 'alignof', typeNode: Node, env: Env): bigint {
    const type =
      typeNode.type === 'type_descriptor' ? this.descriptor(typeNode, env)
      : NAME_NODES.has(typeNode.type) ? this.named(typeNode.text.replace(/\s+/g, ''), typeNode, env)
      : undefined;
    if (!type) throw new Fail(`${op} of an expression is not supported in a constant`, typeNode);
    this.complete(type, typeNode);
    const answers = new Set(ABIS.map((abi) => layoutOf(type, abi)[op === 'sizeof' ? 'size' : 'align']));
    if (answers.size > 1) throw new Fail(`${op}(${typeNode.text}) differs between the host and the device`, typeNode);
    return BigInt([...answers][0]);
  }
}

/**
 * `const ` where a type argument is const (`Span<const int>`, `Ref<const float*>`): types here carry
 * no qualifiers, but a class template's instance differs by them.
 */
function constPrefix(arg: Node): string {
  return arg.type === 'type_descriptor' && arg.children.some((c) => c?.type === 'type_qualifier' && c.text === 'const') ? 'const ' : '';
}

/** The class whose member function (defined inside it or out: `int Runner<T>::run()`) holds `use`; its members are in scope there. */
function definedClass(use: Node): Node | undefined {
  const fn = enclosingFunction(use);
  return (fn && classBodyOf(fn)?.parent) ?? undefined;
}
