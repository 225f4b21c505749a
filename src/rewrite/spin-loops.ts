// The CPU backend runs a block's threads one after another on fibers, which switch only when a
// thread asks: a loop waiting for another thread of its block (`do { ... } while (missing)` over
// volatile memory, a spin lock on atomicCAS) would spin forever there. A loop that may wait, one
// reading memory declared volatile or using the value of an atomic (a `for`: in its condition, or
// having none), starts its body with `hip2vx_spin_point();`: on the CPU backend it lets the
// block's other threads run now and then; on Vortex, whose hardware schedules the warps, it is
// nothing (runtime/include/hip2vx_device.h).
import type { Node } from '../parse/parser.js';
import { declaredName, scan } from '../analyse/syntax.js';
import type { EditSet } from './edits.js';

const LOOPS = new Set(['while_statement', 'do_statement', 'for_statement']);
const DECLARATIONS = new Set(['parameter_declaration', 'optional_parameter_declaration', 'declaration']);
const READS = new Set(['identifier', 'call_expression', 'type_qualifier']);
/** CUDA's and HIP's atomics, and the compiler builtins code calls directly. */
const ATOMIC = /^(atomic|__atomic_|__hip_atomic_)/;

/** Inserts spin points into the loops of `fn`'s `body` that may wait for other threads. */
export function spinPoints(fn: Node, body: Node, text: string, volatileGlobals: ReadonlySet<string>, edits: EditSet): void {
  if (!volatileGlobals.size && !/\b(volatile|atomic|__atomic_|__hip_atomic_)/.test(text.slice(fn.startIndex, fn.endIndex))) return;
  const volatiles = new Set([...volatileGlobals, ...volatileNames(fn, text)]);
  scan(body, LOOPS, (loop) => {
    // A counted `for` runs out whatever other threads do: only its condition may wait.
    const condition = loop.childForFieldName('condition');
    if (!mayWait(loop.type === 'for_statement' && condition ? condition : loop, volatiles)) return;
    const inner = loop.childForFieldName('body');
    if (!inner) return;
    if (inner.type === 'compound_statement') edits.transform(inner.child(0)!, (t) => `${t} hip2vx_spin_point();`);
    else edits.transform(inner, (t) => `{ hip2vx_spin_point(); ${t} }`);
  });
}

/** Names `fn` declares (parameters and locals) with a volatile type: `volatile int* flags`. */
function volatileNames(fn: Node, text: string): string[] {
  const names: string[] = [];
  scan(fn, DECLARATIONS, (d) => {
    if (!d.children.some((c) => c?.type === 'type_qualifier' && c.text === 'volatile')) return;
    const declarators = d.type === 'declaration' ? d.childrenForFieldName('declarator') : [d.childForFieldName('declarator')];
    for (const name of declarators.map((x) => x && declaredName(x))) if (name) names.push(name.text);
  }, (_, start, end) => text.slice(start, end).includes('volatile'));
  return names;
}

/** The loop reads a volatile name or through a volatile cast, or uses an atomic's result. */
function mayWait(loop: Node, volatiles: ReadonlySet<string>): boolean {
  let waits = false;
  scan(loop, READS, (n) => {
    if (n.type === 'identifier') waits ||= volatiles.has(n.text);
    else if (n.type === 'type_qualifier') waits ||= n.text === 'volatile';
    else waits ||= ATOMIC.test(n.childForFieldName('function')?.text ?? '') && n.parent?.type !== 'expression_statement';
  });
  return waits;
}
