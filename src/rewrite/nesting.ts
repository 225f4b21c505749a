// How deep split regions nest when a function runs: its own regions, plus those of the device
// functions it calls from inside them. Vortex's reconvergence (IPDOM) stack holds (threads per
// warp - 1) levels, 3 in the default 4-thread configuration (docs/vortex.md). Measured on each
// body's lowered text as it is printed, since the regions exist only then.
import type { Node } from '../parse/parser.js';

interface Body {
  node: Node;
  depth: number;
  /** Device functions called, with the nesting at the call. */
  calls: [name: string, depth: number][];
}

export interface TooDeep {
  node: Node;
  name: string;
  depth: number;
  /** The callee whose regions make up the deepest nesting, if not the function's own. */
  through?: string;
}

const TOKENS = /\bhip2vx_(split|join)\(|\b([A-Za-z_]\w*)\s*\(/g;

export class SplitNesting {
  private readonly bodies = new Map<string, Body>();
  private readonly names: ReadonlySet<string>;

  constructor(deviceFunctions: readonly string[]) {
    this.names = new Set(deviceFunctions);
  }

  /** A function body's final text (overloads of one name count as one, at their deepest). */
  record(name: string, node: Node, text: string): void {
    const body = this.bodies.get(name) ?? { node, depth: 0, calls: [] };
    let depth = 0;
    for (const [, split, callee] of text.matchAll(TOKENS)) {
      if (split) depth += split === 'split' ? 1 : -1;
      else if (this.names.has(callee)) body.calls.push([callee, depth]);
      if (depth > body.depth) {
        body.depth = depth;
        body.node = node;
      }
    }
    this.bodies.set(name, body);
  }

  /** Functions that nest deeper than `limit`: every kernel counting its callees, device functions on their own. */
  tooDeep(limit: number, kernels: ReadonlySet<string>): TooDeep[] {
    const out: TooDeep[] = [];
    for (const [name, body] of this.bodies) {
      const { depth, through } = kernels.has(name) ? this.total(name, new Set()) : { depth: body.depth, through: undefined };
      if (depth > limit) out.push({ node: body.node, name, depth, through });
    }
    return out;
  }

  private total(name: string, visiting: Set<string>): { depth: number; through?: string } {
    const body = this.bodies.get(name);
    if (!body || visiting.has(name)) return { depth: body?.depth ?? 0 };
    visiting.add(name);
    let best: { depth: number; through?: string } = { depth: body.depth };
    for (const [callee, at] of body.calls) {
      const inner = this.total(callee, visiting);
      if (at + inner.depth > best.depth) best = { depth: at + inner.depth, through: inner.through ?? callee };
    }
    visiting.delete(name);
    return best;
  }
}
