// `__launch_bounds__(MAX_THREADS[, ...])` on a kernel: the most threads a block of it may have. A
// GPU refuses a launch of larger blocks, and its occupancy queries never suggest one; code relies
// on both (shared arrays sized by the bound, a block size taken from
// hipOccupancyMaxPotentialBlockSize). The runtime gets the bound with the kernel's registration.
import type { Node } from '../parse/parser.js';
import type { FunctionInfo } from './program.js';
import { isTypeError, type Subst, type TypeTable } from './types.js';

/** The instance's bound, where it is written and its value is known here (a macro, a template argument). */
export function launchBound(kernel: FunctionInfo, subst: Subst, types: TypeTable): number | undefined {
  const bounds = kernel.node.children.find((c): c is Node => c?.type === 'launch_bounds');
  const max = bounds?.namedChildren[0];
  if (!max) return undefined;
  const value = types.resolveConstant(max, subst);
  return isTypeError(value) || value <= 0n || value > 0xffffffffn ? undefined : Number(value);
}
