// Structs of the HIP runtime API that kernels take by value (hip_runtime_api.h on the host,
// hip2vx_device.h on the device define them with these fields): pitched 3-D allocations.
import type { CType, RecordType } from './ctype.js';

const SIZE: CType = { kind: 'scalar', name: 'size_t' };
const record = (name: string, fields: [string, CType][]): RecordType => ({ kind: 'record', tag: 'struct', name, fields: fields.map(([n, type]) => ({ name: n, type })) });

const RECORDS = new Map<string, RecordType>([
  ['hipPitchedPtr', record('hipPitchedPtr', [['ptr', { kind: 'pointer', to: { kind: 'opaque', text: 'void' } }], ['pitch', SIZE], ['xsize', SIZE], ['ysize', SIZE]])],
  ['hipExtent', record('hipExtent', [['width', SIZE], ['height', SIZE], ['depth', SIZE]])],
  ['hipPos', record('hipPos', [['x', SIZE], ['y', SIZE], ['z', SIZE]])],
]);

/** The runtime's record of that name (`hipPitchedPtr`), or undefined. */
export const runtimeRecord = (name: string): RecordType | undefined => RECORDS.get(name);
