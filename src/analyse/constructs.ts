// Unsupported constructs recognised by their syntax rather than by a name (rules/constructs.json
// entries with a `kind`), wherever they appear in the file.
import type { Node } from '../parse/parser.js';
import type { FunctionInfo, Program } from './program.js';
import { aliasesIn, argumentsOf, functionDeclarator, qualifiersOf, scan } from './syntax.js';
import { declaredIn } from './device-lambdas.js';

const TEMPLATE_KINDS: Record<string, string> = { texture: 'texture-reference', surface: 'surface-reference' };
const TEMPLATE_TYPE = new Set(['template_type']);
const BODY_KINDS = new Set(['throw_statement', 'try_statement', 'call_expression', 'lambda_expression']);
const MEMBERS = new Set(['field_declaration', 'function_definition']);
const QUALIFIED = new Set(['qualified_identifier']);
const IDENTIFIERS = new Set(['identifier']);
/** Standard library facilities that need allocation, exceptions, I/O streams or threads. */
export const HOSTED_STD: ReadonlySet<string> = new Set([
  'vector', 'string', 'basic_string', 'map', 'unordered_map', 'set', 'unordered_set', 'list', 'deque', 'queue', 'stack',
  'priority_queue', 'function', 'shared_ptr', 'unique_ptr', 'make_shared', 'make_unique', 'allocator', 'cout', 'cerr',
  'cin', 'clog', 'endl', 'ostream', 'istream', 'stringstream', 'ostringstream', 'istringstream', 'thread', 'mutex',
  'lock_guard', 'unique_lock', 'condition_variable', 'async', 'future', 'promise', 'runtime_error', 'exception',
]);

/** `builtins`: the device builtins (rules/device-builtins.json), overloads of which a function may call by its own name. */
export function findConstructs(program: Program, builtins: ReadonlyMap<string, unknown>, report: (node: Node, constructId: string) => void): void {
  scan(program.root, TEMPLATE_TYPE, (n) => {
    const id = TEMPLATE_KINDS[n.childForFieldName('name')?.text ?? ''];
    if (id) report(n, id);
  }, (_, start) => /^(texture|surface)\b/.test(program.text.slice(start, start + 8)));
  // __device__ virtual members: the specifiers come first, so only a declaration's start is read.
  scan(program.root, MEMBERS, (n) => {
    const virtual = n.children.find((c) => c?.type === 'virtual');
    if (virtual && qualifiersOf(n).has('__device__')) report(virtual, 'device-virtual');
  }, (_, start) => program.text.slice(start, start + 120).includes('virtual'));
  const functions = [...program.kernels, ...program.deviceFunctions];
  // `__device__ op_t table[] = {inc, neg};`: device function addresses in a global's initial value.
  const deviceNames = new Set(program.deviceFunctions.map((f) => f.name));
  for (const g of program.globals) {
    const value = g.declarator.type === 'init_declarator' ? g.declarator.childForFieldName('value') : null;
    if (value) scan(value, IDENTIFIERS, (n) => void (deviceNames.has(n.text) && report(n, 'device-function-address')));
  }
  for (const f of functions) {
    scan(f.body!, QUALIFIED, (q) => {
      const name = q.childForFieldName('name');
      const word = name?.type === 'template_type' || name?.type === 'template_function' ? name.childForFieldName('name')?.text : name?.text;
      if (q.childForFieldName('scope')?.text === 'std' && word && HOSTED_STD.has(word)) report(q, 'device-std-library');
    }, (_, start) => program.text.startsWith('std', start));
    const params = functionDeclarator(f.node)?.childForFieldName('parameters');
    const variadic = variadicMarker(params ?? null);
    if (variadic) report(variadic, 'variadic-device-function');
    // A call with a number of arguments this function cannot take is of another overload; so may
    // be any call when an overload takes as many (`add(a.x, b.x)` in `add(bf16_4_t, bf16_4_t)`),
    // or when the name is a builtin's (`fminf(a.x, b.x)` in `fminf(float3, float3)`).
    const overloads = functions.filter((g) => g.name === f.name);
    // `using BlockReduce = hipcub::BlockReduce<T>;` in `BlockReduce()`: the name is the type there.
    const shadowed = aliasesIn(f.body!).includes(f.name) || declaredIn(f.body!).has(f.name);
    const takes = (call: Node) => {
      if (builtins.has(f.name) || shadowed || !callsByName(call, f.name)) return false;
      const args = argumentsOf(call.childForFieldName('arguments'));
      // A pack passed on (`vsum(rest...)` in `vsum(T first, Rest... rest)`): another instance, down to a base overload.
      if (args.some((a) => a.type === 'parameter_pack_expansion')) return false;
      const n = args.length;
      const taking = overloads.filter((g) => arityAccepts(g, n));
      return taking.length === 1 && taking[0] === f;
    };
    scan(f.body!, BODY_KINDS, (n) => {
      if (n.type === 'lambda_expression') return false;
      if (n.type === 'call_expression' && !takes(n)) return;
      report(n, n.type === 'call_expression' ? 'device-recursion' : 'device-exceptions');
    }, (type, start) => type !== 'call_expression' || (program.text.startsWith(f.name, start) && !/\w/.test(program.text[start + f.name.length])));
  }
}

/** `call` names `name` (plainly, with template arguments or qualified), not a member of what it returns (`f(x).g(y)`). */
function callsByName(call: Node, name: string): boolean {
  let callee = call.childForFieldName('function');
  if (callee?.type === 'qualified_identifier') callee = callee.childForFieldName('name');
  if (callee?.type === 'template_function') callee = callee.childForFieldName('name');
  return callee?.type === 'identifier' && callee.text === name;
}

/** The `...` of a parameter list, if it has one. */
function variadicMarker(params: Node | null): Node | undefined {
  return params?.children.find((c) => c?.type === '...' || c?.type === 'variadic_parameter') ?? undefined;
}

/** `fn` can be called with `n` arguments. */
function arityAccepts(fn: FunctionInfo, n: number): boolean {
  const params = functionDeclarator(fn.node)?.childForFieldName('parameters') ?? null;
  const own = argumentsOf(params);
  const variadic = variadicMarker(params);
  const required = own.filter((p) => p.type !== 'optional_parameter_declaration' && p.type !== 'variadic_parameter_declaration').length;
  return n >= required && (n <= own.length || !!variadic);
}
