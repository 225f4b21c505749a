// Device lambdas (`[=] __device__ (int i) { ... }`) written in host functions and passed to
// kernels, as PyTorch's elementwise loops do. A closure type has no name a kernel's argument
// struct or device entry could use, and its body sits in host code, so each becomes a named
// struct (`__hip2vx_lambda_<function>_<line>`, a template over the host template's parameters)
// whose members are the captured variables, declared as the enclosing function declares them,
// and whose `operator()` is the lambda's body; the lambda becomes an aggregate of that struct.
import type { Node } from '../parse/parser.js';
import { namedParameterList, templateParamNames, type FunctionInfo, type Program } from './program.js';
import { argumentsOf, declaredName, scan, scanSpans } from './syntax.js';
import { declarationOf } from './expression-type.js';

export interface Capture {
  name: string;
  /** The host function's parameter_declaration, or the local declaration and its declarator. */
  declaration: Node;
  declarator?: Node;
  /** The struct member's declaration (`const scalar_t* __restrict__ grad_in_ptr`). */
  member: string;
  /** A captured device lambda (an earlier one, held by a variable): a member of its struct type. */
  lambda?: DeviceLambda;
}

export interface DeviceLambda {
  node: Node;
  /** The lambda as a device function: its parameters and body (rewritten like any device code). */
  fn: FunctionInfo;
  /** The host function it is written in. */
  host: FunctionInfo;
  /** The struct's name; `arguments` names it inside the host function (`<scalar_t>`). */
  closure: string;
  arguments: string;
  captures: Capture[];
  /** Why this lambda cannot become a struct (by-reference captures, `this`, `auto` variables). */
  problem?: string;
}

const LAMBDAS = new Set(['lambda_expression']);
const DECLARATIONS = new Set(['declaration']);
const DEVICE_SPACE = /\b__device__\b/;
const cache = new WeakMap<Program, DeviceLambda[]>();

/** The device lambdas in `program`'s host functions, in source order. */
export function deviceLambdas(program: Program): DeviceLambda[] {
  const known = cache.get(program);
  if (known) return known;
  const found: DeviceLambda[] = [];
  for (const host of program.functions) {
    if (host.kind !== 'host' || !host.body) continue;
    scan(host.body, LAMBDAS, (node) => {
      const body = node.childForFieldName('body');
      const declarator = node.childForFieldName('declarator');
      // The execution space stands between the captures and the parameters (an ERROR node to the grammar).
      const head = program.source.slice(node.childForFieldName('captures')?.endIndex ?? node.startIndex, declarator?.startIndex ?? body?.startIndex ?? node.endIndex);
      if (!body || !DEVICE_SPACE.test(head)) return;
      found.push(describe(node, body, head, host, program, found));
      return false;
    }, (_, start, end) => program.source.slice(start, end).includes('__device__'));
  }
  cache.set(program, found);
  return found;
}

/** The device lambda `arg` is (written at the call, or a variable initialised with one), if any. */
export function lambdaOf(arg: Node, program: Program): DeviceLambda | undefined {
  if (arg.tree !== program.root.tree) return undefined;
  const declarator = arg.type === 'identifier' ? declarationOf(arg)?.declarator : undefined;
  const lambda = arg.type === 'lambda_expression' ? arg : declarator?.childForFieldName('value');
  return lambda ? deviceLambdas(program).find((l) => l.node.id === lambda.id) : undefined;
}

/** A lambda expression as a function: its parameters and body, named `name`, in `templateParams`' scope. */
export function lambdaFunction(node: Node, body: Node, name: string, templateParams: string[], kind: 'device' | 'host-device'): FunctionInfo {
  const params = argumentsOf(node.childForFieldName('declarator')?.childForFieldName('parameters') ?? null).filter((p) => p.type === 'parameter_declaration' || p.type === 'optional_parameter_declaration');
  const qualifiers = new Set(kind === 'device' ? ['__device__'] : ['__host__', '__device__']);
  return { node, outer: node, name, qualifiers, templateParams, params, body, kind };
}

/** The names the declarations in `body` declare (at any depth). */
export function declaredIn(body: Node): Set<string> {
  const declared = new Set<string>();
  scan(body, DECLARATIONS, (d) => void d.childrenForFieldName('declarator').forEach((x) => x && declared.add(declaredName(x)?.text ?? '')));
  return declared;
}

const NAMES = new Set(['identifier', 'type_identifier', 'namespace_identifier']);

/** The names functions use (comments aside) other than those they declare locally. */
export function namesUsedBy(fns: readonly FunctionInfo[]): Set<string> {
  const names = new Set<string>();
  for (const f of fns) {
    const own = declaredIn(f.outer);
    const text = f.outer.tree.text;
    scanSpans(f.outer, NAMES, (_, start, end) => {
      const name = text.slice(start, end);
      if (!own.has(name)) names.add(name);
    });
  }
  return names;
}

function describe(node: Node, body: Node, head: string, host: FunctionInfo, program: Program, earlier: readonly DeviceLambda[]): DeviceLambda {
  // By the function and line (`Scaler::run` spelled as one identifier); a second on one line by its column too.
  const line = `__hip2vx_lambda_${host.name.replace(/\W+/g, '_')}_${node.startPosition.row + 1}`;
  const closure = earlier.some((l) => l.closure === line) ? `${line}_${node.startPosition.column + 1}` : line;
  const names = host.templateParams.length ? templateParamNames(host.outer) : [];
  const packs = new Set((host.outer.childForFieldName('parameters')?.namedChildren ?? []).filter((p) => p?.type.startsWith('variadic')).map((p) => p!.namedChildren.at(-1)?.text));
  const fn = lambdaFunction(node, body, closure, host.templateParams, /\b__host__\b/.test(head) ? 'host-device' : 'device');
  const captured = captures(node, body, fn.params, program, earlier);
  return {
    node,
    fn,
    host,
    closure,
    arguments: names.length ? `<${names.map((n) => (packs.has(n) ? `${n}...` : n)).join(', ')}>` : '',
    captures: typeof captured === 'string' ? [] : captured,
    problem: typeof captured === 'string' ? captured : undefined,
  };
}

/** The enclosing function's variables the body names, in order of first use; a string says why not. */
function captures(node: Node, body: Node, params: readonly Node[], program: Program, earlier: readonly DeviceLambda[]): Capture[] | string {
  const spec = node.childForFieldName('captures');
  const items = spec?.namedChildren.filter((c): c is Node => !!c && c.type !== 'comment') ?? [];
  const byReference = items.find((c) => (c.type === 'lambda_default_capture' && c.text === '&') || c.text.startsWith('&'));
  if (byReference) return `it captures by reference ('${byReference.text}'), and host variables are not in device memory`;
  const other = items.find((c) => c.type !== 'lambda_default_capture' && c.type !== 'identifier');
  if (other) return `it captures '${other.text}' (only copies of variables are supported)`;
  const explicit = new Set(items.filter((c) => c.type === 'identifier').map((c) => c.text));
  const byCopy = items.some((c) => c.type === 'lambda_default_capture');
  const own = new Set(params.map((p) => declaredName(p.childForFieldName('declarator'))?.text));
  const out = new Map<string, Capture>();
  let problem: string | undefined;
  const inside = (n: Node) => n.startIndex >= node.startIndex && n.endIndex <= node.endIndex;
  scan(body, new Set(['identifier']), (name) => {
    if (problem || own.has(name.text) || out.has(name.text) || (!byCopy && !explicit.has(name.text))) return;
    const found = declarationOf(name);
    if (!found || inside(found.node)) return;
    const value = found.declarator?.childForFieldName('value');
    const lambda = value ? earlier.find((l) => l.node.id === value.id && !l.problem) : undefined;
    const member = lambda ? `${lambda.closure}${lambda.arguments} ${name.text}` : memberText(found.node, found.declarator);
    const written = program.source.slice(found.node.startIndex, found.node.endIndex).split('\n')[0];
    if (!member) problem = `it captures '${name.text}', whose declaration ('${written}') gives no type a struct member can have (auto, an array)`;
    else out.set(name.text, { name: name.text, declaration: found.node, declarator: found.declarator, member, lambda });
  });
  return problem ?? [...out.values()];
}

const SPECIFIERS = new Set(['storage_class_specifier', ';', ',']);

/** `T name` for a parameter or one declarator of a local declaration (references dropped: a copy is captured). */
function memberText(declaration: Node, declarator?: Node): string | undefined {
  const declared = declarator ?? declaration.childForFieldName('declarator');
  let d = declared?.type === 'init_declarator' ? declared.childForFieldName('declarator') : declared;
  if (d?.type === 'reference_declarator') d = d.namedChildren[0] ?? null;
  if (!d || d.type === 'array_declarator' || declaration.childForFieldName('type')?.type === 'placeholder_type_specifier') return undefined;
  const type = declaration.children
    .filter((c): c is Node => !!c && !SPECIFIERS.has(c.type) && !declaration.childrenForFieldName('declarator').some((x) => x?.id === c.id) && c.id !== declaration.childForFieldName('default_value')?.id && c.text !== '=')
    .map((c) => (c.type === 'type_qualifier' && c.text === 'constexpr' ? 'const' : c.text))
    .join(' ');
  return `${type} ${d.text}`;
}

/** The lambda's `operator()` as a member: its parameters, return type and constness. */
export function callOperator(lambda: DeviceLambda, body: string): string {
  const declarator = lambda.node.childForFieldName('declarator');
  const params = declarator?.childForFieldName('parameters')?.text ?? '()';
  const trailing = declarator?.namedChildren.find((c) => c?.type === 'trailing_return_type');
  const mutable = declarator?.namedChildren.some((c) => c?.type === 'type_qualifier' && c.text === 'mutable');
  const space = lambda.fn.kind === 'host-device' ? '__host__ __device__' : '__device__';
  return `  ${space} ${trailing ? `auto operator()${params} ${trailing.text}` : `auto operator()${params}`}${mutable ? '' : ' const'} ${body}`;
}

/** The struct (a template over the host template's parameters), with `operator()` when `body` is given. */
function closureStruct(lambda: DeviceLambda, body: string | undefined, nl: string): string {
  const params = lambda.host.outer.type === 'template_declaration' ? `template ${namedParameterList(lambda.host.outer)}${nl}` : '';
  const members = lambda.captures.map((c) => `  ${c.member};`);
  return [`${params}struct ${lambda.closure} {`, ...members, ...(body === undefined ? [] : [callOperator(lambda, body)]), '};', ''].join(nl);
}

/**
 * The structs of a host function's lambdas, in source order (a lambda may capture an earlier
 * one), each with its `operator()` when `body` gives one.
 */
export function closureStructs(lambdas: readonly DeviceLambda[], body: (l: DeviceLambda) => string | undefined, nl: string): Map<FunctionInfo, () => string> {
  const byHost = new Map<FunctionInfo, DeviceLambda[]>();
  for (const l of lambdas) byHost.set(l.host, [...(byHost.get(l.host) ?? []), l]);
  return new Map([...byHost].map(([host, ls]) => [host, () => ls.map((l) => closureStruct(l, body(l), nl)).join('')]));
}

/** The lambda expression in host code: an aggregate of its struct holding copies of the captures. */
export const closureValue = (lambda: DeviceLambda): string => `${lambda.closure}${lambda.arguments}{${lambda.captures.map((c) => c.name).join(', ')}}`;
