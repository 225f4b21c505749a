// Host side of the flows src/analyse/device-memory.ts finds: a convertible copy becomes a copy of
// device-layout images (hip2vx_copy_images in hip2vx_host.h, which calls the user's own copy on
// the images), a device global's initializer is registered with its image (HIP2VX_VAR_IMAGE in
// hip2vx_register.h); the other flows are reported at the copy and where the device reads them.
import type { ConvertibleCopy, DeviceRead, LayoutFlow } from '../analyse/device-memory.js';
import { describeDifference, layoutOf, renderTypeId, type Abi } from '../layout/index.js';
import { argumentsOf, position } from '../analyse/syntax.js';
import { fromImage, toImage } from '../emit/device-image.js';
import type { EditSet, Printer } from './edits.js';
import type { Reporter } from './reporter.js';

export function rewriteLayoutCopies(flows: readonly LayoutFlow[], edits: EditSet, report: Reporter, deviceAbi: Abi): void {
  // A copy feeding kernels that read its memory as different types is converted for none of them.
  const unconverted = new Set(flows.flatMap((f) => (f.kind === 'unconverted' ? [f.call.id] : [])));
  const converted = new Set<number>();
  for (const flow of flows) {
    const difference = describeDifference(flow.read.type, deviceAbi);
    if (flow.kind === 'convertible' && !unconverted.has(flow.call.id)) {
      if (converted.has(flow.call.id)) continue;
      converted.add(flow.call.id);
      edits.replace(flow.call, (print) => convertedCopy(flow, print, deviceAbi));
      const { size } = layoutOf(flow.read.element, deviceAbi);
      report.at(flow.call, 'note', 'device-layout-converted', `copies '${renderTypeId(flow.read.element)}' ${flow.toDevice ? 'to' : 'from'} the device as its ${deviceAbi} image (${size} bytes each, ${layoutOf(flow.read.element, 'host').size} on the host), since ${flow.read.what} reads it there`);
    } else if (flow.kind === 'initial') {
      const image = toImage(flow.read.type, flow.name, '__hv_image', 0, deviceAbi).join(' ');
      edits.wrap(flow.declaration, '', ` HIP2VX_VAR_IMAGE(${flow.name}, [](unsigned char* __hv_image) { ${image} });`);
      report.at(flow.value, 'note', 'device-layout-converted', `the device gets the ${deviceAbi} image of this initial value of '${renderTypeId(flow.read.type)}' (${layoutOf(flow.read.type, deviceAbi).size} bytes, ${layoutOf(flow.read.type, 'host').size} on the host), not its host bytes`);
    } else if (flow.kind === 'unconverted') {
      const line = position(flow.call).line;
      report.at(flow.call, 'error', 'device-layout-copy', `this copies bytes of memory that ${flow.read.what} reads as '${renderTypeId(flow.read.type)}', and ${difference}; not converted: ${flow.reason}`);
      deviceSide(report, flow.read, 'error', 'device-layout-copy', `reads '${renderTypeId(flow.read.type)}' from memory the host copies bytes into or out of (line ${line}), and ${difference}`);
    } else if (flow.kind === 'unknown') {
      const line = position(flow.node).line;
      if (flow.node.id !== flow.read.node.id) {
        report.at(flow.node, 'warning', 'device-layout-unknown', `${flow.read.what} reads '${renderTypeId(flow.read.type)}' from this memory, and ${difference}; if the host copies bytes into or out of it, they are wrong on the device: ${flow.reason}`);
      }
      deviceSide(report, flow.read, 'warning', 'device-layout-unknown', `reads '${renderTypeId(flow.read.type)}' from memory whose host side hip2vortex cannot follow (line ${line}: ${flow.reason}), and ${difference}`);
    }
  }
}

function deviceSide(report: Reporter, read: DeviceRead, severity: 'error' | 'warning', ruleId: string, message: string): void {
  const side = report.side;
  report.side = 'device';
  report.at(read.node, severity, ruleId, `${read.what} ${message}`);
  report.side = side;
}

/**
 * `hip2vx_copy_images(host, bytes, sizeof(*(host)), <device size>, <direction>, <convert object
 * i>, <the user's call on the images>)`: the host expression is pure (checked by the analysis), so
 * it may be evaluated once per object; so is an asynchronous copy's stream, named twice.
 */
function convertedCopy(flow: ConvertibleCopy, print: Printer, abi: Abi): string {
  const host = print(flow.host);
  const object = `(${host})[__hv_i]`;
  const call = flow.call;
  const args = argumentsOf(call.childForFieldName('arguments'));
  const copy = `${print(call.childForFieldName('function')!)}(${args.map((a) => (a.id === flow.host.id ? '__hv_host' : a.id === flow.bytes.id ? '__hv_bytes' : print(a))).join(', ')})`;
  // The images live until the copy returns: an asynchronous one is waited for.
  const userCall = flow.stream === undefined ? copy : `hip2vx_copy_waited(${copy}, ${flow.stream ? print(flow.stream) : '0'})`;
  const toDevice = flow.toDevice;
  const statements = (toDevice ? toImage : fromImage)(flow.read.element, object, '__hv_image', 0, abi).join(' ');
  const image = toDevice ? 'unsigned char*' : 'const unsigned char*';
  const hostPointer = toDevice ? 'const void*' : 'void*';
  return [
    `hip2vx_copy_images(${host}, ${print(flow.bytes)}, sizeof(*(${host})), ${layoutOf(flow.read.element, abi).size}, hip2vx_${toDevice ? 'to' : 'from'}_device, `,
    `[&](${image} __hv_image, size_t __hv_i) { ${statements} }, `,
    `[&](${hostPointer} __hv_host, size_t __hv_bytes) { return ${userCall}; })`,
  ].join('');
}
