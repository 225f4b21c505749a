// Whether a type has the same bytes on the device as on the x86-64 host and, when not, what
// differs: what launch stubs and copies into device memory must convert, and what diagnostics say.
import type { Abi, CType } from './ctype.js';
import { layoutOf, recordLayout } from './layout.js';
import { renderTypeId } from './ctext.js';

/** Whether an object of type t has the same bytes on the device as on the host. */
export function sameOnDevice(t: CType, deviceAbi: Abi): boolean {
  switch (t.kind) {
    case 'scalar': case 'enum':
      return layoutOf(t, deviceAbi).size === layoutOf(t, 'host').size;
    case 'pointer': case 'opaque':
      return deviceAbi === 'rv64' || deviceAbi === 'host';
    case 'array':
      return sameOnDevice(t.of, deviceAbi) && layoutOf(t, deviceAbi).size === layoutOf(t, 'host').size;
    case 'record': {
      const a = layoutOf(t, deviceAbi);
      const b = layoutOf(t, 'host');
      return a.size === b.size && a.align === b.align && t.fields.every((f) => sameOnDevice(f.type, deviceAbi));
    }
  }
}

const shape = (size: number, align: number) => `${size} byte${size === 1 ? '' : 's'}, align ${align}`;

/**
 * `'T' is 24 bytes, align 8 on the host (x86-64) and 12 bytes, align 4 on the device (rv32);
 * fields that differ: src_ptr at 8 (8 bytes) on the host, at 4 (4 bytes) on the device, ...`
 */
export function describeDifference(t: CType, deviceAbi: Abi): string {
  const host = layoutOf(t, 'host');
  const device = layoutOf(t, deviceAbi);
  const whole = `'${renderTypeId(t)}' is ${shape(host.size, host.align)} on the host (x86-64) and ${shape(device.size, device.align)} on the device (${deviceAbi})`;
  if (t.kind !== 'record') return whole;
  const h = recordLayout(t, 'host').offsets;
  const d = recordLayout(t, deviceAbi).offsets;
  const fields = t.fields.flatMap((f, i) => {
    const hs = layoutOf(f.type, 'host').size;
    const ds = layoutOf(f.type, deviceAbi).size;
    return h[i] === d[i] && sameOnDevice(f.type, deviceAbi) ? [] : [`${f.name || '(anonymous)'} at ${h[i]} (${hs} bytes) on the host, at ${d[i]} (${ds} bytes) on the device`];
  });
  return `${whole}; fields that differ: ${fields.join(', ')}`;
}
