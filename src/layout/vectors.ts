// HIP/CUDA vector types (float4, uint2, ...) as builtin records. HIP defines ranks 2 and 4 over
// clang ext_vector_type (alignment = rank * element size: float4 is 16/16, double2 16/16, long2
// 8 on rv32 and 16 on rv64) and ranks 1 and 3 as plain members (float3 is 12/4). The 16-bit float
// types are builtin records of the same kind.
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

// Half precision and bfloat16 (runtime/include/hip2vx_half.h): the bits in an unsigned short `__x`,
// 2/2; the pair forms hold two of them in x and y and are aligned to 4 (rank 2), 4/4.
const HALVES: Array<[string, string]> = [
  ['__half', '__half2'],
  ['half', 'half2'],
  ['__nv_bfloat16', '__nv_bfloat162'],
  ['nv_bfloat16', 'nv_bfloat162'],
  ['__hip_bfloat16', '__hip_bfloat162'],
];
for (const [one, two] of HALVES) {
  const element: RecordType = { kind: 'record', tag: 'struct', name: one, fields: [{ name: '__x', type: { kind: 'scalar', name: 'unsigned short' } }], vectorRank: 1 };
  const pair: RecordType = { kind: 'record', tag: 'struct', name: two, fields: ['x', 'y'].map((c) => ({ name: c, type: element })), vectorRank: 2 };
  VECTORS.set(one, element);
  VECTORS.set(two, pair);
}

// ROCm's older hip_bfloat16 (hip/hip_bfloat16.h), a typedef of __nv_bfloat16 here; it has no pair form.
VECTORS.set('hip_bfloat16', { ...VECTORS.get('__nv_bfloat16')!, name: 'hip_bfloat16' });

// 8-bit floats (runtime/include/hip2vx_fp8.h): the bits in an unsigned char `__x`, 1/1.
VECTORS.set('__nv_fp8_e4m3', { kind: 'record', tag: 'struct', name: '__nv_fp8_e4m3', fields: [{ name: '__x', type: { kind: 'scalar', name: 'unsigned char' } }], vectorRank: 1 });

// dim3 (hip2vx_device.h, hip_runtime_api.h): three unsigned ints, as uint3, 12/4; a kernel may take one.
VECTORS.set('dim3', { ...VECTORS.get('uint3')!, name: 'dim3' });

// Complex numbers (runtime/include/hip2vx_complex.h): typedefs of float2 and double2.
for (const name of ['hipFloatComplex', 'hipComplex', 'cuFloatComplex', 'cuComplex']) VECTORS.set(name, VECTORS.get('float2')!);
for (const name of ['hipDoubleComplex', 'cuDoubleComplex']) VECTORS.set(name, VECTORS.get('double2')!);

/** The builtin record for a vector type name (`float4`, `__half2`), or undefined. */
export function vectorType(name: string): RecordType | undefined {
  return VECTORS.get(name);
}

export const VECTOR_NAMES = [...VECTORS.keys()];
