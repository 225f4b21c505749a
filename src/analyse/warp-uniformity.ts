// Values that are the same for every lane of a logical warp: the requirement of the warp
// operations (hip2vx_device.h), which wait for the lanes of their warp. On top of what is uniform
// in the whole block (uniformity.ts) that is the warp index (`threadIdx.x / 32`, `>> 5`, a test
// `threadIdx.x < 64`), the results of votes and broadcasts, and a warp tile's meta_group_rank().
// Logical warps are runs of warpSize consecutive linear thread indices, so `threadIdx.x / 32` is
// the warp index when blockDim.x is a multiple of the warp size or the block is one warp; that
// holds for the blocks such code is written for, and is documented (docs/vortex.md).
import type { Node } from '../parse/parser.js';
import { calleeName, declaredName, scan } from './syntax.js';
import type { Summary } from './uniformity.js';

/** What the warp scope needs of the block-scope analysis it extends. */
export interface SummaryOracle {
  summary(e: Node): Summary;
  /** The value of the local an identifier names, when only its declaration writes it (null: declared without one). */
  onlyValue(id: Node): Node | null | undefined;
}

export interface Spellings {
  threadIdxX: ReadonlySet<string>;
  threadIdxY: ReadonlySet<string>;
  blockDimX: ReadonlySet<string>;
}

/** Calls whose result is the same in every lane of the warp, whatever their arguments. */
const VOTES = new Set(['__ballot', '__ballot_sync', '__any', '__any_sync', '__all', '__all_sync', '__activemask']);
/** Broadcasts: the source lane's argument index. */
const BROADCASTS = new Map([['__shfl', 1], ['__shfl_sync', 2]]);
/** The comparisons `i < C`, `i >= C` (and mirrored) that split the block at a warp boundary. */
const SPLITS = new Set(['<', '>=', '>', '<=']);
const MIRRORED = new Set(['>', '<=']);

/** What a warp-scope analysis may assume beyond what it sees. */
export interface WarpAssumptions {
  /** Template parameters whose values this unit does not know (a header's templates): assumed
   *  multiples of the warp size when a proof needs it, and then checked by a static_assert; and
   *  WARP_ROWS, checked at run time. */
  assumable: ReadonlySet<string>;
  /** Device functions whose result is the same in every lane when their arguments are. */
  pure(name: string): boolean;
  /** Filled in: the assumable parameters a proof used. */
  used: Set<string>;
}

/**
 * The assumption a proof may make last (in `assumable`): blockDim.x is a multiple of the warp
 * size, so threadIdx.y is the same in every lane of a logical warp. The launch's block is not
 * known here: the function then checks it at run time (hip2vx_require_warp_rows).
 */
export const WARP_ROWS = 'blockDim.x % warpSize == 0';

export const NOTHING: WarpAssumptions = { assumable: new Set(), pure: () => false, used: new Set() };

export class WarpScope {
  private readonly shift: number;

  /**
   * @param size the logical warp size
   * @param spell spellings of threadIdx.x, threadIdx.y and blockDim.x (the rules' renames included)
   * @param constants integer values of the names the program defines (#define, const), all of them
   * @param linearParams device-function parameters every call passes a linear thread index
   */
  constructor(
    readonly size: number,
    private readonly spell: Spellings,
    private readonly constants: ReadonlyMap<string, readonly number[]>,
    readonly linearParams: ReadonlySet<string> = new Set(),
    private readonly assume: WarpAssumptions = NOTHING,
  ) {
    this.shift = Math.log2(size);
  }

  /** The summary of `e` in the warp scope, or undefined where the block scope's rules apply. */
  summarise(e: Node, o: SummaryOracle): Summary | undefined {
    if (this.spell.threadIdxY.has(e.text) && this.assume.assumable.has(WARP_ROWS)) {
      this.assume.used.add(WARP_ROWS);
      return [];
    }
    if (e.type === 'binary_expression') return this.binary(e, o);
    if (e.type !== 'call_expression') return undefined;
    const fn = e.childForFieldName('function');
    const args = e.childForFieldName('arguments')?.namedChildren ?? [];
    if (fn?.type === 'identifier' && VOTES.has(fn.text)) return [];
    const name = calleeName(fn);
    if (name && this.assume.pure(name)) return o.summary(e.childForFieldName('arguments')!);
    const source = fn?.type === 'identifier' ? BROADCASTS.get(fn.text) : undefined;
    if (source !== undefined && args.length === source + 1) return o.summary(args[source]);
    if (fn?.type === 'field_expression' && fn.childForFieldName('field')?.text === 'meta_group_rank') {
      const tile = /tiled_partition\s*<\s*([^,>]+?)\s*>/.exec(this.valueOf(fn.childForFieldName('argument'), o)?.text ?? '');
      if (tile && this.multiple(tile[1])) return [];
    }
    return undefined;
  }

  private binary(e: Node, o: SummaryOracle): Summary | undefined {
    const op = e.childForFieldName('operator')?.type ?? '';
    let left = e.childForFieldName('left'), right = e.childForFieldName('right');
    if (!left || !right) return undefined;
    if (MIRRORED.has(op)) [left, right] = [right, left];
    const divides = op === '/' || SPLITS.has(op) ? this.multiple(right.text) : op === '>>' && right.type === 'number_literal' && integer(right.text)! >= this.shift;
    if (!divides) return undefined;
    const index = this.linear(left, o);
    return index && merge(index, o.summary(right));
  }

  /**
   * A linear thread index: threadIdx.x plus a uniform multiple of the block width (or of the warp
   * size): what it depends on, or undefined.
   */
  linear(e: Node, o: SummaryOracle): Summary | undefined {
    if (this.spell.threadIdxX.has(e.text)) return [];
    switch (e.type) {
      case 'parenthesized_expression':
        return this.linear(e.namedChildren[0], o);
      case 'cast_expression':
        return this.linear(e.childForFieldName('value')!, o);
      case 'identifier': {
        if (this.linearParams.has(e.text)) return [];
        const value = o.onlyValue(e);
        return value ? this.linear(value, o) : undefined;
      }
      case 'call_expression': {
        const fn = e.childForFieldName('function');
        if (fn?.type !== 'field_expression' || fn.childForFieldName('field')?.text !== 'thread_rank') return undefined;
        return /this_thread_block\s*\(/.test(this.valueOf(fn.childForFieldName('argument'), o)?.text ?? '') ? [] : undefined;
      }
      case 'binary_expression': {
        if (e.childForFieldName('operator')?.type !== '+') return undefined;
        const [a, b] = [e.childForFieldName('left')!, e.childForFieldName('right')!];
        for (const [index, offset] of [[a, b], [b, a]]) {
          const s = this.wholeWarps(offset) ? this.linear(index, o) : undefined;
          if (s) return this.rowOffset(offset) ? s : merge(s, o.summary(offset));
        }
        return undefined;
      }
      default:
        return undefined;
    }
  }

  /** `threadIdx.y * blockDim.x`: with threadIdx.x, the linear thread index of a 2-D block. */
  private rowOffset(e: Node): boolean {
    if (e.type !== 'binary_expression' || e.childForFieldName('operator')?.type !== '*') return false;
    const [a, b] = [e.childForFieldName('left')!.text, e.childForFieldName('right')!.text];
    return (this.spell.threadIdxY.has(a) && this.spell.blockDimX.has(b)) || (this.spell.threadIdxY.has(b) && this.spell.blockDimX.has(a));
  }

  /** A multiple of the block width or of the warp size: `blockIdx.x * blockDim.x`, `w * 32`. */
  private wholeWarps(e: Node): boolean {
    if (this.spell.blockDimX.has(e.text) || this.multiple(e.text)) return true;
    if (e.type === 'parenthesized_expression') return this.wholeWarps(e.namedChildren[0]);
    if (e.type !== 'binary_expression' || e.childForFieldName('operator')?.type !== '*') return false;
    return this.wholeWarps(e.childForFieldName('left')!) || this.wholeWarps(e.childForFieldName('right')!);
  }

  /** `text` is a known multiple of the warp size: a literal, warpSize, or a constant of the program. */
  multiple(text: string): boolean {
    if (text === 'warpSize') return true;
    const n = integer(text);
    if (n !== undefined) return n > 0 && n % this.size === 0;
    const values = this.constants.get(text);
    if (values?.length) return values.every((v) => v > 0 && v % this.size === 0);
    if (!this.assume.assumable.has(text)) return false;
    this.assume.used.add(text);
    return true;
  }

  private valueOf(object: Node | null, o: SummaryOracle): Node | null | undefined {
    return object?.type === 'identifier' ? o.onlyValue(object) : undefined;
  }
}

const merge = (a: Summary, b: Summary): Summary => (a && b ? [...a, ...b] : null);

/** The value of an integer literal (decimal or hex, with suffixes), or undefined. */
export function integer(text: string): number | undefined {
  const m = /^(0[xX][0-9a-fA-F]+|\d+)[uUlL]*$/.exec(text.trim());
  return m ? Number(m[1]) : undefined;
}


const DEFINITIONS = new Set(['preproc_def', 'declaration']);
const byRoot = new WeakMap<Node, Map<string, number[]>>();

/** Integer constants a file defines: `#define N 32`, `const int N = 32;` (every value seen). */
export function integerConstants(root: Node): ReadonlyMap<string, readonly number[]> {
  let found = byRoot.get(root);
  if (found) return found;
  found = new Map();
  const add = (name: string | undefined, value: Node | null | undefined) => {
    const n = value ? integer(value.text) : undefined;
    if (name && n !== undefined) found!.set(name, [...(found!.get(name) ?? []), n]);
  };
  scan(root, DEFINITIONS, (n) => {
    if (n.type === 'preproc_def') return add(n.childForFieldName('name')?.text, n.childForFieldName('value'));
    if (!/\b(const|constexpr)\b/.test(n.children.filter((c) => c.type !== 'init_declarator').map((c) => c.text).join(' '))) return;
    for (const d of n.childrenForFieldName('declarator')) if (d?.type === 'init_declarator') add(declaredName(d)?.text, d.childForFieldName('value'));
  });
  byRoot.set(root, found);
  return found;
}
