// Names of the files and symbols a translation writes, shared by the translator and the CLI's
// planner (which must stay light: it never loads the parser).
import { basename, extname } from 'node:path';

const HEADER_EXTENSIONS = new Set(['.cuh', '.h', '.hpp', '.hh', '.hxx', '.inl']);

export const isHeader = (path: string) => HEADER_EXTENSIONS.has(extname(path).toLowerCase());

/** `k.cuh` -> `k.device.cuh` (the written path keeps its directories). */
export function translatedHeaderPath(written: string, side: 'device' | 'host'): string {
  const ext = extname(written);
  return `${written.slice(0, written.length - ext.length)}.${side}${ext}`;
}

/** A C identifier made of a name (a source's stem names its unit: symbols, kernel binaries). */
export const identifier = (s: string) => s.replace(/[^A-Za-z0-9_]/g, '_').replace(/^(?=\d)/, '_');

export const stemOf = (path: string) => basename(path, extname(path));

/** The unit a source translates into: the prefix of its handles and kernel binaries. */
export const unitName = (path: string) => identifier(stemOf(path));

/** The file a kernel instance's binary is built into and embedded from (hip2vx.mk's rules). */
export const kernelBinaryName = (unit: string, id: string) => `${unit}.${id}.bin`;

/** The kernel ids a registration source embeds (what the build must make for its unit). */
export function registeredKernels(registration: string): string[] {
  return [...registration.matchAll(/^HIP2VX_EMBED_KERNEL\(\w+, "\w+\.(\w+)\.bin"\);/gm)].map((m) => m[1]);
}
