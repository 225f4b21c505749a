// Named cases, one per category, with hand-written expectations, also checked by the compilers.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  ABIS,
  argsLayout,
  layoutOf,
  pointer,
  recordLayout,
  renderDefinitions,
  scalar,
  arrayOf,
  SCALAR_NAMES,
  vectorType,
  VECTOR_NAMES,
  type Abi,
  type CType,
  type RecordType,
} from '../../src/layout/index.js';
import { PRELUDE, argsAsserts, typeAsserts } from './asserts.js';
import { compileAll, noCompilers } from './compilers.js';

const HALF_HEADER = fileURLToPath(new URL('../../runtime/include/hip2vx_half.h', import.meta.url));
const f32 = scalar('float');
const u32 = scalar('uint32_t');
const rec = (name: string, fields: Array<[string, CType]>, extra: Partial<RecordType> = {}): RecordType => ({
  kind: 'record', tag: 'struct', name, fields: fields.map(([n, type]) => ({ name: n, type })), ...extra,
});
const inner = rec('Inner', [['c', scalar('char')], ['d', scalar('double')]]);

/** [name, type, [size, align] on rv32, rv64, host, offsets (records) on rv32, rv64, host]. */
const CASES: Array<[string, CType, Record<Abi, [number, number, number[]?]>]> = [
  ['long', scalar('long'), { rv32: [4, 4], rv64: [8, 8], host: [8, 8] }],
  ['long double', scalar('long double'), { rv32: [16, 16], rv64: [16, 16], host: [16, 16] }],
  ['bool', scalar('bool'), { rv32: [1, 1], rv64: [1, 1], host: [1, 1] }],
  ['pointer', pointer(f32), { rv32: [4, 4], rv64: [8, 8], host: [8, 8] }],
  ['void*', pointer({ kind: 'opaque', text: 'void' }), { rv32: [4, 4], rv64: [8, 8], host: [8, 8] }],
  ['function pointer', pointer({ kind: 'opaque', text: 'int(int)' }), { rv32: [4, 4], rv64: [8, 8], host: [8, 8] }],
  ['enum : unsigned char', { kind: 'enum', name: 'Small', underlying: scalar('unsigned char') }, { rv32: [1, 1], rv64: [1, 1], host: [1, 1] }],
  ['enum : long', { kind: 'enum', name: 'Wide', underlying: scalar('long') }, { rv32: [4, 4], rv64: [8, 8], host: [8, 8] }],
  ['2-D array', arrayOf(arrayOf(scalar('short'), 3), 5), { rv32: [30, 2], rv64: [30, 2], host: [30, 2] }],
  ['nested struct', rec('Outer', [['a', scalar('char')], ['in', inner], ['b', scalar('int')]]), {
    rv32: [32, 8, [0, 8, 24]], rv64: [32, 8, [0, 8, 24]], host: [32, 8, [0, 8, 24]] }],
  ['union', { kind: 'record', tag: 'union', name: 'U', fields: [{ name: 'c', type: arrayOf(scalar('char'), 5) }, { name: 'l', type: scalar('long') }] }, {
    rv32: [8, 4, [0, 0]], rv64: [8, 8, [0, 0]], host: [8, 8, [0, 0]] }],
  ['alignas field', { kind: 'record', tag: 'struct', name: 'AF', fields: [{ name: 'c', type: scalar('char') }, { name: 'v', type: f32, alignas: 16 }] }, {
    rv32: [32, 16, [0, 16]], rv64: [32, 16, [0, 16]], host: [32, 16, [0, 16]] }],
  ['packed', rec('P', [['c', scalar('char')], ['d', scalar('double')]], { packed: true }), { rv32: [9, 1, [0, 1]], rv64: [9, 1, [0, 1]], host: [9, 1, [0, 1]] }],
  ['packed aligned(8)', rec('PA', [['c', scalar('char')], ['i', scalar('int')]], { packed: true, alignas: 8 }), {
    rv32: [8, 8, [0, 1]], rv64: [8, 8, [0, 1]], host: [8, 8, [0, 1]] }],
  ['float4', vectorType('float4')!, { rv32: [16, 16, [0, 4, 8, 12]], rv64: [16, 16, [0, 4, 8, 12]], host: [16, 16, [0, 4, 8, 12]] }],
  ['float3', vectorType('float3')!, { rv32: [12, 4, [0, 4, 8]], rv64: [12, 4, [0, 4, 8]], host: [12, 4, [0, 4, 8]] }],
  ['double2', vectorType('double2')!, { rv32: [16, 16, [0, 8]], rv64: [16, 16, [0, 8]], host: [16, 16, [0, 8]] }],
  ['long2', vectorType('long2')!, { rv32: [8, 8, [0, 4]], rv64: [16, 16, [0, 8]], host: [16, 16, [0, 8]] }],
  ['__half', vectorType('__half')!, { rv32: [2, 2, [0]], rv64: [2, 2, [0]], host: [2, 2, [0]] }],
  ['half2', vectorType('half2')!, { rv32: [4, 4, [0, 2]], rv64: [4, 4, [0, 2]], host: [4, 4, [0, 2]] }],
  ['__nv_bfloat162', vectorType('__nv_bfloat162')!, { rv32: [4, 4, [0, 2]], rv64: [4, 4, [0, 2]], host: [4, 4, [0, 2]] }],
  ['struct with halves', rec('H', [['c', scalar('char')], ['h', vectorType('__half')!], ['b', vectorType('__hip_bfloat162')!]]), {
    rv32: [8, 4, [0, 2, 4]], rv64: [8, 4, [0, 2, 4]], host: [8, 4, [0, 2, 4]] }],
  ['empty struct', rec('Empty', []), { rv32: [1, 1, []], rv64: [1, 1, []], host: [1, 1, []] }],
];

describe('named cases', () => {
  it.each(CASES)('%s', (_name, type, expected) => {
    for (const abi of ABIS) {
      const [size, align, offsets] = expected[abi];
      expect(layoutOf(type, abi), abi).toEqual({ size, align });
      if (offsets) expect(recordLayout(type as RecordType, abi).offsets, abi).toEqual(offsets);
    }
  });

  it('spec example: vecadd(float*, float*, float*, uint32_t) on rv32', () => {
    const layout = argsLayout([pointer(f32), pointer(f32), pointer(f32), u32], 'rv32');
    expect(layout).toEqual({ offsets: [0, 4, 8, 12], sizes: [4, 4, 4, 4], aligns: [4, 4, 4, 4], size: 48 });
    expect(argsLayout([pointer(f32), u32], 'rv64')).toEqual({ offsets: [0, 8], sizes: [8, 4], aligns: [8, 4], size: 48 });
  });

  it('argument struct pads a 16-aligned parameter and rounds the size', () => {
    expect(argsLayout([scalar('char'), vectorType('float4')!], 'rv32')).toEqual({ offsets: [0, 16], sizes: [1, 16], aligns: [1, 16], size: 64 });
  });

  it('argument struct of a kernel taking __half*, __half, half2 and __nv_bfloat16', () => {
    const params = [pointer(vectorType('__half')!), vectorType('__half')!, vectorType('half2')!, vectorType('__nv_bfloat16')!, scalar('char'), vectorType('__half')!];
    expect(argsLayout(params, 'rv32')).toEqual({ offsets: [0, 4, 8, 12, 14, 16], sizes: [4, 2, 4, 2, 1, 2], aligns: [4, 2, 4, 2, 1, 2], size: 56 });
    expect(argsLayout(params, 'rv64')).toMatchObject({ offsets: [0, 8, 12, 16, 18, 20], size: 56 });
  });

  it.skipIf(noCompilers).each(ABIS)('the 16-bit float types of hip2vx_half.h have the engine\'s layouts (%s)', async (abi) => {
    const names = VECTOR_NAMES.filter((n) => /half|bfloat16/.test(n));
    const types = names.map((n) => vectorType(n)!);
    const params = [pointer(types[0]), types[0], types[1], scalar('char'), ...types];
    const source = [
      PRELUDE,
      `#include "${HALF_HEADER}"`,
      ...types.map((t, i) => typeAsserts(`h${i}`, t, abi)),
      argsAsserts('halves', params, abi),
    ].join('\n');
    expect((await compileAll(source, abi)).join('\n')).toBe('');
  });

  it.skipIf(noCompilers).each(ABIS)('every named case, scalar and vector type agrees with the compilers (%s)', async (abi) => {
    const types: CType[] = [
      ...CASES.map(([, t]) => t),
      ...SCALAR_NAMES.map(scalar),
      ...VECTOR_NAMES.map((n) => vectorType(n)!),
    ];
    const vecadd = [pointer(f32), pointer(f32), pointer(f32), u32];
    const source = [
      PRELUDE,
      renderDefinitions(types, { vectors: true }),
      ...types.map((t, i) => typeAsserts(`n${i}`, t, abi)),
      argsAsserts('vecadd', vecadd, abi),
    ].join('\n');
    expect((await compileAll(source, abi)).join('\n')).toBe('');
  });
});
