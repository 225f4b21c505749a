#!/usr/bin/env python3
# ELF kernel -> Vortex .vxbin (the format of Vortex v2.2's kernel/scripts/vxbin.py: the lowest and
# highest virtual address of the LOAD segments as two little-endian uint64, then the image as
# `objcopy -O binary` writes it). Vortex's script writes through the fixed path
# /tmp/temp_kernel.bin, so two kernel builds at once (make -j, parallel tests) swap images;
# this one keeps the image next to its output.
import os
import re
import struct
import subprocess
import sys

LOAD = re.compile(r'\s*LOAD\s+(\w+)\s+(\w+)\s+(\w+)\s+(\w+)\s+(\w+)')


def vma_range(elf):
    listing = subprocess.run([os.getenv('READELF', 'readelf'), '-l', '-W', elf], check=True,
                             capture_output=True, text=True).stdout
    spans = [(int(m.group(2), 16), int(m.group(5), 16)) for m in map(LOAD.match, listing.splitlines()) if m]
    if not spans:
        sys.exit(f'vxbin.py: {elf} has no LOAD segment')
    return min(vma for vma, _ in spans), max(vma + size for vma, size in spans)


def main(elf, out):
    low, high = vma_range(elf)
    image = out + '.image'
    subprocess.run([os.getenv('OBJCOPY', 'objcopy'), '-O', 'binary', elf, image], check=True)
    try:
        with open(image, 'rb') as f:
            data = f.read()
    finally:
        os.remove(image)
    with open(out, 'wb') as f:
        f.write(struct.pack('<QQ', low, high) + data)


if __name__ == '__main__':
    if len(sys.argv) != 3:
        sys.exit('usage: vxbin.py <kernel>.elf <kernel>.vxbin')
    main(sys.argv[1], sys.argv[2])
