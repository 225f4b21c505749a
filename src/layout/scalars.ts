// Scalar sizes per ABI, as data. Every scalar's alignment equals its size on all three ABIs
// (checked with clang-19 rv32 ilp32f / rv64 lp64d, riscv64-unknown-elf-gcc and x86-64 g++).

/** [rv32, rv64, host] sizes in bytes. */
const SIZES = {
  bool: [1, 1, 1],
  char: [1, 1, 1],
  'signed char': [1, 1, 1],
  'unsigned char': [1, 1, 1],
  short: [2, 2, 2],
  'unsigned short': [2, 2, 2],
  int: [4, 4, 4],
  'unsigned int': [4, 4, 4],
  long: [4, 8, 8],
  'unsigned long': [4, 8, 8],
  'long long': [8, 8, 8],
  'unsigned long long': [8, 8, 8],
  float: [4, 4, 4],
  double: [8, 8, 8],
  'long double': [16, 16, 16],
  wchar_t: [4, 4, 4],
  char16_t: [2, 2, 2],
  char32_t: [4, 4, 4],
  // <stdint.h> / <stddef.h> names: kept as names so rendered code reads like the source.
  int8_t: [1, 1, 1],
  uint8_t: [1, 1, 1],
  int16_t: [2, 2, 2],
  uint16_t: [2, 2, 2],
  int32_t: [4, 4, 4],
  uint32_t: [4, 4, 4],
  int64_t: [8, 8, 8],
  uint64_t: [8, 8, 8],
  size_t: [4, 8, 8],
  ptrdiff_t: [4, 8, 8],
  intptr_t: [4, 8, 8],
  uintptr_t: [4, 8, 8],
  // <stdint.h>'s 32-bit fast types (int on picolibc, long on glibc) and <sys/types.h>'s (long).
  // (int_fast16_t is not: 4 bytes with gcc, 2 with clang on rv32.)
  int_fast32_t: [4, 4, 8],
  uint_fast32_t: [4, 4, 8],
  ssize_t: [4, 8, 8],
  off_t: [4, 8, 8],
  clock_t: [4, 8, 8],
} as const satisfies Record<string, readonly [number, number, number]>;

export type ScalarName = keyof typeof SIZES;
export const SCALAR_NAMES = Object.keys(SIZES) as ScalarName[];

const ABI_INDEX = { rv32: 0, rv64: 1, host: 2 } as const;

export function isScalarName(name: string): name is ScalarName {
  return Object.hasOwn(SIZES, name);
}

export function scalarSize(name: ScalarName, abi: keyof typeof ABI_INDEX): number {
  return SIZES[name][ABI_INDEX[abi]];
}

/** Pointers (data and function) are XLEN wide on RISC-V, 8 bytes on the x86-64 host. */
export function pointerSize(abi: keyof typeof ABI_INDEX): number {
  return abi === 'rv32' ? 4 : 8;
}

/** `__attribute__((aligned))` without a number: `__BIGGEST_ALIGNMENT__`, 16 on all three ABIs. */
export const BIGGEST_ALIGNMENT = 16;
