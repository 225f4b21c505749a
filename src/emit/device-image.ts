// Statements converting between a host object and its byte image in the device layout: pointers
// narrowed to (or widened from) the device width, integers whose width differs resized, every
// field at its device offset. Launch stubs build images of struct arguments; converted copies
// into and out of device memory build and read images of whole arrays (src/rewrite/layout-copies.ts).
import type { Abi, CType } from '../layout/index.js';
import { layoutOf, recordLayout, renderTypeId } from '../layout/index.js';

/** Integer scalars that sign-extend when widened back to the host (long on rv32). */
const SIGNED = /^(long|signed long|long int|ptrdiff_t|intptr_t|int_fast32_t|ssize_t|off_t|clock_t)$/;

/**
 * Where a leaf is read or written: an lvalue path (`s.a[1].p`), or, below a member the code
 * cannot name (private or protected, a base class), the object the path started from and the
 * member's host offset in it.
 */
type Place = { path: string } | { root: string; host: number };

const access = (place: Place, t: CType): string =>
  'path' in place ? place.path : `(*(${renderTypeId({ kind: 'pointer', to: t })})((char*)&(${place.root}) + ${place.host}))`;

/** The leaves of t (scalars, enums, pointers) with their device offsets and C++ access paths. */
function leaves(t: CType, place: Place, offset: number, abi: Abi): { type: CType; value: string; offset: number }[] {
  switch (t.kind) {
    case 'array': {
      const step = layoutOf(t.of, abi).size;
      const hostStep = layoutOf(t.of, 'host').size;
      const at = (i: number): Place => ('path' in place ? { path: `${place.path}[${i}]` } : { root: place.root, host: place.host + i * hostStep });
      return Array.from({ length: t.length }, (_, i) => leaves(t.of, at(i), offset + i * step, abi)).flat();
    }
    case 'record': {
      const { offsets } = recordLayout(t, abi);
      const host = recordLayout(t, 'host').offsets;
      // A union's image is that of its first member, as brace initialisation would write it.
      const fields = t.tag === 'union' ? t.fields.slice(0, 1) : t.fields;
      // An anonymous member's own members are named through the enclosing object; a member a stub
      // cannot name is reached at its host offset.
      const member = (f: (typeof fields)[number], i: number): Place => {
        if (!('path' in place)) return { root: place.root, host: place.host + host[i] };
        if (f.hidden) return { root: place.path, host: host[i] };
        return { path: f.name ? `${place.path}.${f.name}` : place.path };
      };
      return fields.flatMap((f, i) => leaves(f.type, member(f, i), offset + offsets[i], abi));
    }
    case 'opaque':
      return [];
    default:
      return [{ type: t, value: access(place, t), offset }];
  }
}

/** Statements writing `value` (a host object of type t) at `image + offset` in the device layout. */
export function toImage(t: CType, value: string, image: string, offset: number, abi: Abi): string[] {
  return leaves(t, { path: value }, offset, abi).map((leaf) => {
    const at = `${image} + ${leaf.offset}`;
    const size = layoutOf(leaf.type, abi).size;
    if (leaf.type.kind === 'pointer') return `hip2vx_put_pointer(${at}, (const void*)(${leaf.value}), ${size});`;
    return size === layoutOf(leaf.type, 'host').size
      ? `memcpy(${at}, &(${leaf.value}), ${size});`
      : `hip2vx_put_integer(${at}, (long long)(${leaf.value}), ${size});`;
  });
}

/** Statements setting `value` (a host lvalue of type t) from the device image at `image + offset`. */
export function fromImage(t: CType, value: string, image: string, offset: number, abi: Abi): string[] {
  return leaves(t, { path: value }, offset, abi).map((leaf) => {
    const at = `${image} + ${leaf.offset}`;
    const size = layoutOf(leaf.type, abi).size;
    if (leaf.type.kind === 'pointer') return `${leaf.value} = (__typeof__(${leaf.value}))hip2vx_get_pointer(${at}, ${size});`;
    if (size === layoutOf(leaf.type, 'host').size) return `memcpy(&(${leaf.value}), ${at}, ${size});`;
    const signed = leaf.type.kind === 'scalar' && SIGNED.test(leaf.type.name);
    return `${leaf.value} = (__typeof__(${leaf.value}))hip2vx_get_integer(${at}, ${size}, ${signed ? 1 : 0});`;
  });
}
