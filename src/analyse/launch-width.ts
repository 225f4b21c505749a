// The block shape a launch passes, where the program spells it with constants: `dim3 block(16, 16)`
// then `<<<grid, block>>>`, `<<<grid, dim3(32, 4)>>>`, `{16, 16}`. Warp operations proven for
// blocks whose width is a multiple of the warp size (threadIdx.y the same in every lane of a warp)
// are refused at a launch whose width is known to break that.
import type { Node } from '../parse/parser.js';
import { declarationOf } from './expression-type.js';
import { integer } from './warp-uniformity.js';

/** Width and rows (y x z) of the block `block` names; undefined where a dimension is not a constant. */
export function blockShape(block: Node, constants: ReadonlyMap<string, readonly number[]>): { width: number; rows: number } | undefined {
  const dims = dimensions(block);
  const values = dims?.map((d) => valueOf(d, constants));
  if (!values?.length || values.some((v) => v === undefined)) return undefined;
  const [width, y = 1, z = 1] = values as number[];
  return { width, rows: y * z };
}

/** The dimension expressions of a block: `dim3(a, b)`, `{a, b}`, a number, or a variable so declared. */
function dimensions(e: Node): Node[] | undefined {
  if (e.type === 'call_expression' && e.childForFieldName('function')?.text === 'dim3') return e.childForFieldName('arguments')?.namedChildren;
  if (e.type === 'initializer_list' || e.type === 'argument_list') return e.namedChildren;
  if (e.type !== 'identifier') return [e];
  const declarator = declarationOf(e)?.declarator;
  const value = declarator?.type === 'init_declarator' ? declarator.childForFieldName('value') : undefined;
  return value ? dimensions(value) : undefined;
}

function valueOf(e: Node, constants: ReadonlyMap<string, readonly number[]>): number | undefined {
  const values = constants.get(e.text.trim());
  return integer(e.text) ?? (values?.length === 1 ? values[0] : undefined);
}
