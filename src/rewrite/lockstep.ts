// Warp-synchronous steps (analyse/warp-synchronous.ts) given the lockstep order of a warp with
// barriers of the logical warp (hip2vx_syncwarp), as CUDA's guidance for independent thread
// scheduling spells it: every lane reads, the warp waits, every lane writes, the warp waits.
import type { Node } from '../parse/parser.js';
import { previousStatement, type WarpStep } from '../analyse/warp-synchronous.js';
import { scan } from '../analyse/syntax.js';
import type { EditSet } from './edits.js';

/** A step every lane of its warp reaches: itself, or the per-thread if around it (`unit`). */
export interface PlacedStep {
  step: WarpStep;
  unit: Node;
  /** A barrier first: the statement before is no exchange (its writes may not be visible yet). */
  lead: boolean;
}

const BARRIER = 'hip2vx_syncwarp();';
const IMPURE = new Set(['call_expression', 'assignment_expression', 'update_expression', 'subscript_expression', 'pointer_expression']);
const IDENTIFIERS = new Set(['identifier']);

export class LockstepSteps {
  private counter = 0;

  constructor(
    private readonly edits: EditSet,
    /** Branches on per-thread values in split regions (the divergence lowering's if idiom). */
    private readonly explicit: boolean,
  ) {}

  /**
   * Gives each step its barriers, after the divergence lowering; returns the exchanges it left as
   * written: the lowering rewrote the statement itself (a `?:`, `&&` or `||` on per-thread values
   * with loads, computed in split regions), whose reads and writes can no longer be separated.
   */
  place(placed: readonly PlacedStep[]): WarpStep[] {
    const left: WarpStep[] = [];
    const leftUnits = new Set<number>();
    for (const p of placed) {
      if (this.edits.has(p.step.statement)) {
        if (p.step.kind === 'exchange') left.push(p.step);
        leftUnits.add(p.unit.id);
      } else if (p.step.kind === 'exchange') this.exchange({ ...p, lead: p.lead || leftUnits.has(previousStatement(p.unit)?.id ?? -1) });
      else this.read(p.step.statement);
    }
    return left;
  }

  /** `lhs op rhs;` -> `{ auto w = rhs; sync; lhs op w; sync; }`, guarded by the if around it when that is the unit. */
  private exchange({ step, unit, lead }: PlacedStep): void {
    const a = step.assignment!;
    const print = this.edits.print;
    const n = ++this.counter;
    const w = `__hv_ws${n}`;
    const store = () => `${print(a.childForFieldName('left')!)} ${a.childForFieldName('operator')!.text} ${w};`;
    const first = lead ? `${BARRIER} ` : '';
    if (unit.id === step.statement.id) {
      this.edits.transform(unit, () => `{ ${first}auto ${w} = ${print(a.childForFieldName('right')!)}; ${BARRIER} ${store()} ${BARRIER} }`);
      return;
    }
    // The if's lanes compute the value before any lane stores; its condition is evaluated twice (pure).
    this.edits.transform(step.statement, () => store());
    this.edits.transform(unit, (text) => {
      const right = print(a.childForFieldName('right')!);
      const condition = print(unit.childForFieldName('condition')!.childForFieldName('value')!);
      return `{ ${first}HIP2VX_VALUE_TYPE(${right}) ${w}{}; ${this.guarded(condition, `${w} = ${right};`, n)} ${BARRIER} ${text} ${BARRIER} }`;
    });
  }

  /** A read after exchanges: a barrier before any lane goes on to write. */
  private read(statement: Node): void {
    if (statement.type === 'return_statement') {
      const value = statement.namedChildren.find((c) => c.type !== 'comment')!;
      const w = `__hv_ws${++this.counter}`;
      this.edits.transform(statement, () => `{ auto ${w} = ${this.edits.print(value)}; ${BARRIER} return ${w}; }`);
    } else if (statement.type === 'declaration') this.edits.transform(statement, (text) => `${text} ${BARRIER}`);
    else this.edits.transform(statement, (text) => `{ ${text} ${BARRIER} }`);
  }

  private guarded(condition: string, body: string, n: number): string {
    if (!this.explicit) return `if (${condition}) { ${body} }`;
    const g = `__hv_wg${n}`;
    const t = `__hv_wt${n}`;
    return `{ int ${g} = hip2vx_bool(${condition}); int ${t} = hip2vx_split(${g}); if (${g}) { ${body} } hip2vx_join(${t}); }`;
  }
}

/**
 * The if (without else) whose branch is the exchange `step` alone, when its condition can be
 * evaluated again before the statement: no calls, assignments or loads, and no variable the
 * statement assigns.
 */
export function guardingIf(step: WarpStep): Node | undefined {
  if (!step.assignment) return undefined;
  let branch = step.statement;
  const p = branch.parent;
  if (p?.type === 'compound_statement' && p.namedChildren.filter((c) => c.type !== 'comment').length === 1) branch = p;
  const ifs = branch.parent;
  if (ifs?.type !== 'if_statement' || ifs.childForFieldName('consequence')?.id !== branch.id || ifs.childForFieldName('alternative')) return undefined;
  const condition = ifs.childForFieldName('condition')?.childForFieldName('value');
  if (!condition || condition.type === 'declaration') return undefined;
  let pure = !IMPURE.has(condition.type);
  scan(condition, IMPURE, () => void (pure = false));
  const assigned = new Set<string>();
  scan(step.statement, new Set(['assignment_expression', 'update_expression']), (e) => {
    const target = e.childForFieldName('left') ?? e.childForFieldName('argument');
    if (target?.type === 'identifier') assigned.add(target.text);
  });
  scan(condition, IDENTIFIERS, (id) => void (pure &&= !assigned.has(id.text)));
  if (condition.type === 'identifier') pure &&= !assigned.has(condition.text);
  return pure ? ifs : undefined;
}
