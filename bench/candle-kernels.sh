#!/bin/bash
# Device code alone (no host main): translates a folder of kernel sources (candle's
# candle-kernels/src) and compiles each translated .cu/.cuh's device source for rv32 with clang-19
# and with riscv64-unknown-elf-g++ (once, with every kernel's entry, as the generated Makefile
# compiles it). Prints one line per file and the totals.
# usage: bench/candle-kernels.sh <kernel dir> [work dir]
set -u
SRC=$(cd "$1" && pwd); WORK=${2:-/tmp/hip2vx-candle}
ROOT=$(cd "$(dirname "$0")/.." && pwd); RT=$ROOT/runtime
V=$(g++ -dumpversion); MA=$(g++ -print-multiarch)
FLAGS="-std=c++17 -x c++ -march=rv32imaf -mabi=ilp32f -fsyntax-only -I $RT/vortex-decls -I $RT/include -D_GNU_SOURCE -nostdinc++
  -isystem $RT/include/freestanding-cxx -isystem /usr/include/c++/$V -isystem /usr/include/$MA/c++/$V
  -isystem /usr/lib/picolibc/riscv64-unknown-elf/include -DHIP2VX_XLEN=32"
rm -rf "$WORK"
node "$ROOT/bin/hip2vortex.js" translate "$SRC" -o "$WORK" --no-cache -q -I "$SRC" --format json > "$WORK.json" 2>/dev/null
first_error() {  # the first error diagnostic of file $1, if any
  node -e 'const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); const d = r.diagnostics.find((d) => d.severity === "error" && require("path").resolve(d.file) === process.argv[2]); if (d) console.log(`${d.line}:${d.col}: ${d.message} [${d.ruleId}]`)' "$WORK.json" "$1"
}
translated=0; compiled=0; total=0
cd "$SRC"
for f in $(find . -name '*.cu' -o -name '*.cuh' | sort); do
  total=$((total+1)); stem=$(basename "${f%.*}"); ext=${f##*.}
  error=$(first_error "$SRC/${f#./}")
  if [ -n "$error" ]; then echo "refused   $f: $error"; continue; fi
  translated=$((translated+1))
  [ "$ext" = cu ] && dev=$WORK/$(dirname "$f")/$stem.device.cpp || dev=$WORK/$(dirname "$f")/$stem.device.$ext
  [ -f "$dev" ] || { echo "no-device $f"; continue; }
  kernels=$(grep -c '^HIP2VX_MAIN(' "$dev")
  # A header's translation is compiled through a source including it (it needs the includer's definitions).
  [ "$ext" = cuh ] && { echo "ok        $f (header)"; compiled=$((compiled+1)); continue; }
  fail=""
  clang++-19 --target=riscv32-unknown-elf $FLAGS "$dev" >"$WORK.err" 2>&1 || fail="clang: $(grep -m1 error: "$WORK.err")"
  [ -n "$fail" ] || riscv64-unknown-elf-g++ $FLAGS "$dev" >"$WORK.err" 2>&1 || fail="gcc: $(grep -m1 error: "$WORK.err")"
  if [ -n "$fail" ]; then echo "no-build  $f ($kernels kernels): ${fail#$WORK/}"; else compiled=$((compiled+1)); echo "ok        $f ($kernels kernels)"; fi
done
echo "$total files: $translated translated, $compiled compile for rv32 with both compilers (headers: through their includers)"
