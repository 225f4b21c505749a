// The C type model shared by the analyser (which builds it), the layout engine (which measures it)
// and the emitters (which render it back to C++). See docs/design.md, "Layout engine".
import type { ScalarName } from './scalars.js';

export type { ScalarName };

export type Abi = 'rv32' | 'rv64' | 'host';
export const ABIS: readonly Abi[] = ['rv32', 'rv64', 'host'];

export type CType =
  | { kind: 'scalar'; name: ScalarName }
  | { kind: 'pointer'; to: CType }
  | { kind: 'array'; of: CType; length: number }
  | RecordType
  | { kind: 'enum'; name: string; underlying: CType }
  /** Only ever a pointee: `void`, a function type or an incomplete record. `text` is its C++ type-id. */
  | { kind: 'opaque'; text: string };

export interface RecordType {
  kind: 'record';
  tag: 'struct' | 'union';
  name: string;
  fields: Field[];
  /** Minimum alignment (`alignas(N)` / `__attribute__((aligned(N)))`); never lowers the natural one. */
  alignas?: number;
  /** `__attribute__((packed))`: every field's own alignment becomes 1 (before its `alignas`). */
  packed?: boolean;
  /**
   * Set on HIP vector types (float4, ...) to their rank: the HIP headers define them (renderers
   * emit no definition) and ranks 2 and 4 are aligned to rank * element size.
   */
  vectorRank?: number;
}

export interface Field {
  name: string;
  type: CType;
  alignas?: number;
  /** `__attribute__((packed))` on this field alone. */
  packed?: boolean;
  /** Private or protected: code outside the record cannot name it (no offsetof; nor of an anonymous member). */
  hidden?: boolean;
}

export interface Layout {
  size: number;
  align: number;
}

export const scalar = (name: ScalarName): CType => ({ kind: 'scalar', name });
export const pointer = (to: CType): CType => ({ kind: 'pointer', to });
export const arrayOf = (of: CType, length: number): CType => ({ kind: 'array', of, length });
