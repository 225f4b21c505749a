// The argument struct of one kernel instance, laid out for the device ABI and the host ABI (CPU
// backend). Shared by the device entry (the packed struct + static asserts), the registration
// (metadata tables) and the host launch stub.
import type { Abi, CType } from '../layout/index.js';
import { argsLayout, ARGS_HEADER_SIZE, pointer } from '../layout/index.js';
import type { KernelInstance } from '../analyse/instances.js';
import type { GlobalVar } from '../analyse/program.js';
import { symbolPointer } from '../rewrite/device.js';
import { namespacesOf } from '../analyse/syntax.js';

export interface ArgField {
  /** Member name in the struct (the parameter's name, or the hidden symbol pointer's). */
  name: string;
  type: CType;
  isPointer: boolean;
  /** Hidden trailing parameter carrying a device global's address. */
  hidden: boolean;
  /** For a hidden one, the device pointer it sets (`__hip2vx_sym_mask<float>` for a variable template's instantiation). */
  symbol?: string;
  /** Offsets relative to the first parameter, sizes and alignments, per ABI. */
  device: { offset: number; size: number; align: number };
  host: { offset: number; size: number; align: number };
}

export interface ArgsLayout {
  fields: ArgField[];
  /** sizeof the struct (header included) per ABI. */
  size: { device: number; host: number };
}

/**
 * The member carrying a global's address: its symbol pointer's name, `mask<float>`'s spelled
 * `..._mask__float`, `cfg::gain`'s `..._cfg__gain` (a kernel may reach `gain` and `cfg::gain`).
 */
const symbolField = (g: GlobalVar) => symbolPointer([...namespacesOf(g.declaration), g.name].join('::')).replace(/\W+/g, '__').replace(/__$/, '');

const VOID_POINTER: CType = pointer({ kind: 'opaque', text: 'void' });

/** The header's members: a parameter of one of these names gets its member under another. */
const HEADER = new Set(['grid_dim', 'block_dim', 'shared_mem']);
export const paramMember = (name: string) => (HEADER.has(name) ? `__hv_param_${name}` : name);

export function kernelArgs(instance: KernelInstance, deviceAbi: Abi): ArgsLayout {
  const members = [
    ...instance.params.map((p) => ({ name: paramMember(p.name), type: p.type, hidden: false })),
    // Named from the kernel's entry at file scope: qualified where the global is in a namespace.
    ...instance.globals.map((g) => ({ name: symbolField(g), symbol: [...namespacesOf(g.declaration), symbolPointer(g.name)].join('::'), type: VOID_POINTER, hidden: true })),
  ];
  const types = members.map((m) => m.type);
  const dev = argsLayout(types, deviceAbi);
  const host = argsLayout(types, 'host');
  return {
    fields: members.map((m, i) => ({
      ...m,
      isPointer: m.type.kind === 'pointer',
      device: { offset: dev.offsets[i], size: dev.sizes[i], align: dev.aligns[i] },
      host: { offset: host.offsets[i], size: host.sizes[i], align: host.aligns[i] },
    })),
    size: { device: dev.size, host: host.size },
  };
}

export const abiPair = (device: number, host: number): string => `HIP2VX_ABI(${device}, ${host})`;

/** Explicit padding members so every field of the packed struct sits at its natural offset. */
export function paddedMembers(layout: ArgsLayout, render: (f: ArgField) => string): string[] {
  const lines: string[] = [];
  let end = { device: ARGS_HEADER_SIZE, host: ARGS_HEADER_SIZE };
  layout.fields.forEach((f, i) => {
    const gap = { device: ARGS_HEADER_SIZE + f.device.offset - end.device, host: ARGS_HEADER_SIZE + f.host.offset - end.host };
    if (gap.device || gap.host) lines.push(`char __pad${i}[${abiPair(gap.device, gap.host)}];`);
    lines.push(`${render(f)};`);
    end = { device: ARGS_HEADER_SIZE + f.device.offset + f.device.size, host: ARGS_HEADER_SIZE + f.host.offset + f.host.size };
  });
  const tail = { device: layout.size.device - end.device, host: layout.size.host - end.host };
  if (tail.device || tail.host) lines.push(`char __pad_end[${abiPair(tail.device, tail.host)}];`);
  return lines;
}
