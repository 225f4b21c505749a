#!/bin/sh
# ELF kernel -> Vortex .vxbin (the format of Vortex v2.2's kernel/scripts/vxbin.py: the lowest and
# highest virtual address of the LOAD segments as two little-endian uint64, then the image as
# `objcopy -O binary` writes it). Vortex's script writes through the fixed path
# /tmp/temp_kernel.bin, so two kernel builds at once (make -j, parallel tests) swap images; this
# one keeps the image next to its output. A shell script: starting Python took longer (0.3 s) than
# everything else a kernel's conversion does, once per kernel.
set -eu
if [ $# -ne 2 ]; then echo 'usage: vxbin.sh <kernel>.elf <kernel>.vxbin' >&2; exit 2; fi
elf=$1
out=$2
# The two addresses as printf escapes, a \ooo per byte, from readelf's LOAD lines (VirtAddr $3,
# MemSiz $6; awk's numbers are exact up to 2^53).
header=$(LC_ALL=C "${READELF:-readelf}" -l -W "$elf" | awk '
  function hex(s,   n, i) {
    n = 0; s = tolower(substr(s, 3))
    for (i = 1; i <= length(s); i++) n = n * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
    return n
  }
  function le64(n,   i, b, bytes) {
    bytes = ""
    for (i = 0; i < 8; i++) { b = n % 256; bytes = bytes sprintf("\\%03o", b); n = (n - b) / 256 }
    return bytes
  }
  $1 == "LOAD" {
    lo = hex($3); hi = lo + hex($6)
    if (!seen || lo < low) low = lo
    if (!seen || hi > high) high = hi
    seen = 1
  }
  END { if (!seen) exit 1; printf "%s%s", le64(low), le64(high) }') || {
  echo "vxbin.sh: readelf found no LOAD segment in $elf" >&2
  exit 1
}
trap 'rm -f "$out.image"' EXIT
"${OBJCOPY:-objcopy}" -O binary "$elf" "$out.image"
{ printf "$header"; cat "$out.image"; } > "$out"
