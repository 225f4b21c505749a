// HIP/CUDA vector types (float4, uint2, ...) as builtin records. HIP defines ranks 2 and 4 over
// clang ext_vector_type (alignment = rank * element size: float4 is 16/16, double2 16/16, long2
// 8 on rv32 and 16 on rv64) and ranks 1 and 3 as plain members (float3 is 12/4).
import type { RecordType } from './ctype.js';
import type { ScalarName } from './scalars.js';

const ELEMENTS: Record<string, ScalarName> = {
  char: 'char',
  uchar: 'unsigned char',
  short: 'short',
  ushort: 'unsigned short',
  int: 'int',
  uint: 'unsigned int',
  long: 'long',
  ulong: 'unsigned long',
  longlong: 'long long',
  ulonglong: 'unsigned long long',
  float: 'float',
  double: 'double',
};
const COMPONENTS = ['x', 'y', 'z', 'w'];

const VECTORS = new Map<string, RecordType>();
for (const [prefix, element] of Object.entries(ELEMENTS)) {
  for (const rank of [1, 2, 3, 4]) {
    const name = `${prefix}${rank}`;
    const fields = COMPONENTS.slice(0, rank).map((c) => ({ name: c, type: { kind: 'scalar' as const, name: element } }));
    VECTORS.set(name, { kind: 'record', tag: 'struct', name, fields, vectorRank: rank });
  }
}

/** The builtin record for a vector type name (`float4`), or undefined. */
export function vectorType(name: string): RecordType | undefined {
  return VECTORS.get(name);
}

export const VECTOR_NAMES = [...VECTORS.keys()];
