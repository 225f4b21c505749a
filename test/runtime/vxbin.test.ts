// runtime/vxbin.sh against the .vxbin format (Vortex v2.2's kernel/scripts/vxbin.py): the lowest
// and highest virtual address of the ELF's LOAD segments as two little-endian uint64, then the
// image objcopy writes. The addresses are read here from the ELF's program headers directly, not
// through readelf as the script reads them.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'hip2vx-vxbin-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** [lowest address, highest end] of the PT_LOAD segments of a 64-bit little-endian ELF. */
function loadRange(elf: Buffer): [bigint, bigint] {
  const phoff = Number(elf.readBigUInt64LE(0x20));
  const [size, count] = [elf.readUInt16LE(0x36), elf.readUInt16LE(0x38)];
  let range: [bigint, bigint] | undefined;
  for (let i = 0; i < count; i++) {
    const at = phoff + i * size;
    if (elf.readUInt32LE(at) !== 1) continue;  // PT_LOAD
    const [vaddr, memsz] = [elf.readBigUInt64LE(at + 0x10), elf.readBigUInt64LE(at + 0x28)];
    range = range ? [range[0] < vaddr ? range[0] : vaddr, range[1] > vaddr + memsz ? range[1] : vaddr + memsz] : [vaddr, vaddr + memsz];
  }
  return range!;
}

describe('vxbin.sh', () => {
  it('writes the LOAD range (past a .bss, above 4 GiB) and the image', () => {
    // Code at 0x180000000, Vortex's rv64 start address; zeroed data after it makes MemSiz > FileSiz.
    const source = join(dir, 'k.cpp');
    writeFileSync(source, 'int table[4] = {1, 2, 3, 4};\nint zeros[4096];\nextern "C" void _start() { zeros[table[1]] = 1; for (;;) {} }\n');
    const elf = join(dir, 'k.elf');
    execFileSync('g++', ['-O2', '-nostdlib', '-static', '-fno-pie', '-no-pie', '-mcmodel=large', '-Wl,-Ttext-segment=0x180000000', source, '-o', elf]);
    const out = join(dir, 'k.vxbin');
    const r = spawnSync('sh', [resolve('runtime/vxbin.sh'), elf, out], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const image = join(dir, 'k.image');
    execFileSync('objcopy', ['-O', 'binary', elf, image]);
    const [low, high] = loadRange(readFileSync(elf));
    expect(low).toBe(0x180000000n);
    expect(high - low).toBeGreaterThan(4096 * 4);
    const vxbin = readFileSync(out);
    expect([vxbin.readBigUInt64LE(0), vxbin.readBigUInt64LE(8)]).toEqual([low, high]);
    expect(vxbin.subarray(16).equals(readFileSync(image))).toBe(true);
  });

  it('refuses a file without LOAD segments, writing nothing', () => {
    const object = join(dir, 'o.o');
    writeFileSync(join(dir, 'o.cpp'), 'int x = 1;\n');
    execFileSync('g++', ['-c', join(dir, 'o.cpp'), '-o', object]);
    const r = spawnSync('sh', [resolve('runtime/vxbin.sh'), object, join(dir, 'o.vxbin')], { encoding: 'utf8' });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('no LOAD segment');
    expect(spawnSync('test', ['-e', join(dir, 'o.vxbin')]).status).not.toBe(0);
  });
});
