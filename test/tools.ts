// The Debian packages the tests need beyond Node, g++ and make (which a new machine has). A test
// needing a missing one is skipped with a message naming the package, so `npm test` passes on a
// machine with nothing installed by hand; under HIP2VX_REQUIRE_TOOLS=1 (set by .ci/run, which
// installs them) a missing tool fails the run instead of skipping tests silently.
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { existsSync } from 'node:fs';

export const PICOLIBC_INCLUDE = '/usr/lib/picolibc/riscv64-unknown-elf/include';

/** Each tool and the package that provides it. */
const PACKAGES = {
  'clang-19': 'clang-19',
  'llvm-objdump-19': 'llvm-19',
  'ld.lld-19': 'lld-19',
  'riscv64-unknown-elf-g++': 'gcc-riscv64-unknown-elf',
  picolibc: 'picolibc-riscv64-unknown-elf',
} as const;

export type Tool = keyof typeof PACKAGES;

const found = new Map<Tool, boolean>();

function installed(tool: Tool): boolean {
  let ok = found.get(tool);
  if (ok === undefined) {
    ok = tool === 'picolibc' ? existsSync(PICOLIBC_INCLUDE) : spawnSync(tool, ['--version']).status === 0;
    found.set(tool, ok);
  }
  return ok;
}

/**
 * True when a tool of `tools` is missing (the caller skips `what`), after saying which Debian
 * packages would run it; throws under HIP2VX_REQUIRE_TOOLS=1.
 */
export function lacks(tools: readonly Tool[], what: string): boolean {
  const packages = [...new Set(tools.filter((t) => !installed(t)).map((t) => PACKAGES[t]))];
  if (packages.length === 0) return false;
  const message = `${what}: skipped, needs the Debian package(s) ${packages.join(' ')} (apt-get install ${packages.join(' ')})`;
  if (process.env.HIP2VX_REQUIRE_TOOLS === '1') throw new Error(`${message}; HIP2VX_REQUIRE_TOOLS=1 forbids skipping`);
  console.info(message);
  return true;
}

/** The device compilers' tools: both RISC-V compilers, the C headers, and the disassembler. */
export const DEVICE_TOOLS: readonly Tool[] = ['clang-19', 'riscv64-unknown-elf-g++', 'picolibc', 'llvm-objdump-19'];

/**
 * The device C++ library flags runtime/vortex-toolchain.mk uses (VX_CXX_STDLIB): the host's
 * libstdc++ headers over picolibc, with hip2vortex's stand-in for their Linux-only part.
 */
export function deviceCxxStdlib(runtimeDir: string): string[] {
  const ask = (flag: string) => execFileSync('g++', [flag], { encoding: 'utf8' }).trim();
  const version = ask('-dumpversion');
  return ['-D_GNU_SOURCE', '-nostdinc++', '-isystem', join(runtimeDir, 'include', 'freestanding-cxx'), '-isystem', `/usr/include/c++/${version}`,
    '-isystem', `/usr/include/${ask('-print-multiarch')}/c++/${version}`];
}

/**
 * True (with a note) when tree-sitter's native addon did not build at `npm ci` (it needs g++,
 * make and python3); throws under HIP2VX_REQUIRE_TOOLS=1, like a missing package.
 */
export async function lacksNativeParser(what: string): Promise<boolean> {
  const { loadBackend } = await import('../src/parse/parser.js');
  const error = await loadBackend('native').then(() => undefined, (e: unknown) => e);
  if (!error) return false;
  const message = `${what}: skipped, tree-sitter's native addon does not load (${String(error).split('\n')[0]}); install g++ make python3 and run npm ci again`;
  if (process.env.HIP2VX_REQUIRE_TOOLS === '1') throw new Error(`${message}; HIP2VX_REQUIRE_TOOLS=1 forbids skipping`);
  console.info(message);
  return true;
}
