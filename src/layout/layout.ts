// Size, alignment and member offsets of C types under the three ABIs. This decides the bytes the
// host writes and the device reads, so every rule here is checked against the real compilers
// (test/layout). Rules (Itanium C++ ABI, identical on RISC-V psABI and x86-64 SysV for these types):
// fields in order, each at the next multiple of its alignment; a record's alignment is the largest
// field alignment (and its alignas); its size is rounded up to that, and is at least 1.
import type { Abi, CType, Field, Layout, RecordType } from './ctype.js';
import { pointerSize, scalarSize } from './scalars.js';

export const roundUp = (n: number, align: number): number => Math.ceil(n / align) * align;

export function layoutOf(t: CType, abi: Abi): Layout {
  switch (t.kind) {
    case 'scalar': {
      const size = scalarSize(t.name, abi);
      return { size, align: size };
    }
    case 'pointer': {
      const size = pointerSize(abi);
      return { size, align: size };
    }
    case 'array': {
      const element = layoutOf(t.of, abi);
      return { size: element.size * t.length, align: element.align };
    }
    case 'enum':
      return layoutOf(t.underlying, abi);
    case 'record': {
      const { size, align } = recordLayout(t, abi);
      return { size, align };
    }
    case 'opaque':
      throw new Error(`layoutOf: '${t.text}' has no size (only pointers to it do)`);
  }
}

function fieldAlign(f: Field, record: RecordType, abi: Abi): number {
  const natural = record.packed || f.packed ? 1 : layoutOf(f.type, abi).align;
  return Math.max(natural, f.alignas ?? 1);
}

function vectorAlign(r: RecordType, abi: Abi): number {
  const rank = r.vectorRank;
  if ((rank !== 2 && rank !== 4) || r.fields.length === 0) return 1;
  return rank * layoutOf(r.fields[0].type, abi).align;
}

export function recordLayout(r: RecordType, abi: Abi): Layout & { offsets: number[] } {
  let align = Math.max(r.alignas ?? 1, vectorAlign(r, abi));
  let end = 0;
  const offsets: number[] = [];
  for (const f of r.fields) {
    const a = fieldAlign(f, r, abi);
    const size = layoutOf(f.type, abi).size;
    align = Math.max(align, a);
    const offset = r.tag === 'union' ? 0 : roundUp(end, a);
    offsets.push(offset);
    end = Math.max(end, offset + size);
  }
  return { size: roundUp(Math.max(end, 1), align), align, offsets };
}

/** Bytes of the argument buffer header: grid_dim[3], block_dim[3] (uint32_t), shared_mem (uint64_t). */
export const ARGS_HEADER_SIZE = 32;

/**
 * Kernel parameters laid out as members of a struct that starts with the 32-byte header, each at
 * its ABI alignment. `offsets` are relative to the end of the header (struct offset - 32, what the
 * metadata table holds); `size` is sizeof the whole struct, header included, rounded up to its
 * alignment max(8, parameter alignments).
 */
export function argsLayout(
  params: readonly CType[],
  abi: Abi,
): { offsets: number[]; sizes: number[]; aligns: number[]; size: number } {
  const offsets: number[] = [];
  const sizes: number[] = [];
  const aligns: number[] = [];
  let end = ARGS_HEADER_SIZE;
  let structAlign = 8;
  for (const p of params) {
    const { size, align } = layoutOf(p, abi);
    const offset = roundUp(end, align);
    offsets.push(offset - ARGS_HEADER_SIZE);
    sizes.push(size);
    aligns.push(align);
    end = offset + size;
    structAlign = Math.max(structAlign, align);
  }
  return { offsets, sizes, aligns, size: roundUp(end, structAlign) };
}
