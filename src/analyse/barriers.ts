// Which calls wait at a block barrier: every thread of the block must reach them (a per-thread
// region around one hangs on Vortex), whatever the program spells them.
import type { Node } from '../parse/parser.js';
import { calleeName, declaredName, descendants, enclosingFunction } from './syntax.js';

/** Builtins that wait for the block; the counting forms also combine a per-thread predicate. */
const BLOCK_BARRIERS = new Set(['__syncthreads', '__syncthreads_count', '__syncthreads_and', '__syncthreads_or', '__builtin_amdgcn_s_barrier']);
const COMBINING = new Set(['__syncthreads_count', '__syncthreads_and', '__syncthreads_or']);

/** `call` waits at a block barrier: a builtin, or a cooperative thread block's `sync()` (`block.sync()`, `cg::sync(block)`). */
export function isBlockBarrier(call: Node): boolean {
  const fn = call.childForFieldName('function');
  const name = calleeName(fn);
  if (name && BLOCK_BARRIERS.has(name)) return true;
  if (name === 'sync' && fn?.type === 'qualified_identifier') return isThreadBlock(call.childForFieldName('arguments')?.namedChildren[0] ?? null);
  return fn?.type === 'field_expression' && fn.childForFieldName('field')?.text === 'sync' && isThreadBlock(fn.childForFieldName('argument'));
}

/**
 * The name a call calls, what the functions that wait at a barrier are matched by (overloads
 * alike): a function's, or `Class::member` for a member function called on an object whose class
 * the calling function names: a temporary (`BlockReduce(temp).Sum(v)`, `Sum{s}.all(1)`) or a
 * local variable, through the function's typedefs and using-aliases.
 */
export function calledName(call: Node): string | undefined {
  const fn = call.childForFieldName('function');
  if (fn?.type !== 'field_expression') return calleeName(fn);
  const object = fn.childForFieldName('argument');
  const method = fn.childForFieldName('field')?.text;
  const owner = object && enclosingFunction(object);
  const cls = owner && classNamed(objectType(object, owner), owner);
  return method && cls ? `${cls}::${method}` : undefined;
}

/** The class a member function is declared in (its name, without template arguments). */
export function ownerClass(fn: Node): string | undefined {
  for (let p = fn.parent; p; p = p.parent) if (p.type === 'class_specifier' || p.type === 'struct_specifier') return p.childForFieldName('name')?.text;
  return undefined;
}

/** The text naming the type of an object expression, where the function spells it. */
function objectType(object: Node, fn: Node): string | undefined {
  if (object.type === 'call_expression') return object.childForFieldName('function')?.text;
  if (object.type === 'compound_literal_expression') return object.childForFieldName('type')?.text;
  if (object.type !== 'identifier') return undefined;
  const declaration = descendants(fn, ['declaration']).find((d) => d.childrenForFieldName('declarator').some((x) => declaredName(x)?.text === object.text));
  return declaration?.childForFieldName('type')?.text;
}

/** A type's class name (`hipcub::BlockReduce<float, 256>` -> BlockReduce), through a local alias of the function. */
function classNamed(type: string | undefined, fn: Node): string | undefined {
  const name = type && baseName(type);
  if (!name) return undefined;
  const alias = new RegExp(String.raw`\btypedef\s+(?:typename\s+)?([^;]+?)\s+${name}\s*;|\busing\s+${name}\s*=\s*(?:typename\s+)?([^;]+);`).exec(fn.text);
  return alias ? baseName(alias[1] ?? alias[2]) : name;
}

function baseName(type: string): string | undefined {
  let t = type;
  for (let shorter = t.replace(/<[^<>]*>/g, ''); shorter !== t; shorter = t.replace(/<[^<>]*>/g, '')) t = shorter;
  return /([A-Za-z_]\w*)\s*$/.exec(t)?.[1];
}

/** `call` only waits (no predicate combined, no value): every thread can run it alike. */
export function isPlainBarrier(call: Node): boolean {
  return isBlockBarrier(call) && !COMBINING.has(calleeName(call.childForFieldName('function')) ?? '');
}

/** `this_thread_block()`, or a variable of its function declared as a thread block or from it. */
function isThreadBlock(e: Node | null): boolean {
  if (!e) return false;
  if (/\bthis_thread_block\s*\(\s*\)$/.test(e.text)) return true;
  if (e.type !== 'identifier') return false;
  const fn = enclosingFunction(e);
  const declarations = fn ? descendants(fn, ['declaration', 'parameter_declaration']) : [];
  return declarations.some((d) => {
    const named = d.childrenForFieldName('declarator').some((x) => declaredName(x)?.text === e.text);
    return named && (/\bthread_block\b(?!_)/.test(d.childForFieldName('type')?.text ?? '') || /\bthis_thread_block\s*\(\s*\)/.test(d.text));
  });
}
