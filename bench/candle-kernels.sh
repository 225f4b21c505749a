#!/bin/bash
# Device code alone (no host main): translates each .cu/.cuh of a kernel folder (candle's
# candle-kernels/src) and compiles every kernel entry of each device source for rv32 with clang-19
# and with riscv64-unknown-elf-g++. Prints one line per file and the totals.
# usage: bench/candle-kernels.sh <kernel dir> [work dir]
set -u
SRC=$(cd "$1" && pwd); WORK=${2:-/tmp/hip2vx-candle}
ROOT=$(cd "$(dirname "$0")/.." && pwd); RT=$ROOT/runtime
V=$(g++ -dumpversion); MA=$(g++ -print-multiarch)
FLAGS="-std=c++17 -x c++ -march=rv32imaf -mabi=ilp32f -fsyntax-only -I $RT/vortex-decls -I $RT/include -D_GNU_SOURCE -nostdinc++
  -isystem $RT/include/freestanding-cxx -isystem /usr/include/c++/$V -isystem /usr/include/$MA/c++/$V
  -isystem /usr/lib/picolibc/riscv64-unknown-elf/include -DHIP2VX_XLEN=32"
translated=0; compiled=0; total=0
cd "$SRC"
for f in $(find . -name '*.cu' -o -name '*.cuh' | sort); do
  total=$((total+1)); out=$WORK/$(dirname "$f"); stem=$(basename "${f%.*}"); ext=${f##*.}
  rm -rf "$out/$stem".*
  error=$(node "$ROOT/bin/hip2vortex.js" translate "$f" -o "$out" --no-cache -q -I "$SRC" 2>&1 | grep -m1 ': error:')
  if [ -n "$error" ]; then echo "refused   $f: ${error#*error: }"; continue; fi
  translated=$((translated+1))
  dev=$(ls "$out/$stem.device."* 2>/dev/null | head -1)
  [ -z "$dev" ] && { echo "no-device $f"; continue; }
  entries=$(grep -o '^#ifdef HIP2VX_ENTRY_[A-Za-z0-9_]*' "$dev" | sed 's/#ifdef HIP2VX_ENTRY_//' | head -400)
  fail=""
  for e in ${entries:-none}; do
    d=""; [ "$e" != none ] && d="-DHIP2VX_ENTRY_$e"
    clang++-19 --target=riscv32-unknown-elf $FLAGS $d "$dev" >/tmp/hip2vx-candle.err 2>&1 || { fail="clang: $(grep -m1 error: /tmp/hip2vx-candle.err)"; break; }
    riscv64-unknown-elf-g++ $FLAGS $d "$dev" >/tmp/hip2vx-candle.err 2>&1 || { fail="gcc: $(grep -m1 error: /tmp/hip2vx-candle.err)"; break; }
    [ "$e" = none ] || [ -n "${ALL_ENTRIES:-}" ] || break
  done
  if [ -n "$fail" ]; then echo "no-build  $f ($(echo $entries | wc -w) kernels): $fail"; else compiled=$((compiled+1)); echo "ok        $f ($(echo $entries | wc -w) kernels)"; fi
done
echo "$total files: $translated translated, $compiled compile for rv32 with both compilers"
