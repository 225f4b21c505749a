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
