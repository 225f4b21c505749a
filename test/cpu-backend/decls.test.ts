// runtime/vortex-decls: generated device sources type-check for RISC-V against declarations alone.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { fixtures, runtime } from './build.js';
import { lacks, PICOLIBC_INCLUDE } from '../tools.js';

const clang = process.env.CLANG ?? 'clang-19';
const noClang = lacks(['clang-19'], 'vortex-decls checks');
const targets = {
  32: ['--target=riscv32-unknown-elf', '-march=rv32imaf', '-mabi=ilp32f'],
  64: ['--target=riscv64-unknown-elf', '-march=rv64imafd', '-mabi=lp64d'],
};

function check(xlen: 32 | 64, file: string, defines: string[] = []) {
  const r = spawnSync(clang, [...targets[xlen], '-fsyntax-only', '-ffreestanding', '-std=c++17',
    '-x', 'c++', '-Wall', '-Werror', '-Wno-unused-function', '-I', join(runtime, 'vortex-decls'),
    ...defines, join(fixtures, file)], { encoding: 'utf8' });
  return { status: r.status, output: r.stderr };
}

describe.skipIf(noClang)('vortex-decls', () => {
  it.each([32, 64] as const)('declares everything generated code uses (XLEN %d)', (xlen) => {
    const r = check(xlen, 'decls.device.cpp', [`-DHIP2VX_XLEN=${xlen}`]);
    expect(r.output).toBe('');
    expect(r.status).toBe(0);
  });

  it('evaluates static_asserts for the target', () => {
    const r = check(32, 'decls.device.cpp', ['-DHIP2VX_XLEN=64']);
    expect(r.status).not.toBe(0);
    expect(r.output).toMatch(/pointer width is the target's XLEN/);
  });

  it.each([32, 64] as const)('accepts the CPU test kernels (XLEN %d)', (xlen) => {
    expect(check(xlen, 'kernels.device.cpp').output).toBe('');
  });

  it('keeps __local_mem unparenthesised like the real macro', () => {
    const r = spawnSync(clang, [...targets[32], '-E', '-P', '-ffreestanding', '-x', 'c++', '-I',
      join(runtime, 'vortex-decls'), '-'], {
      input: '#include <vx_spawn.h>\nvoid* p = __local_mem(a + b);\n', encoding: 'utf8' });
    expect(r.stdout).toMatch(/__local_group_id \* a \+ b\)/);
  });
});

// The stand-ins declare what the real v2.2 headers declare: every CSR number, function type,
// variable type and macro body of runtime/vortex-decls, checked against $VORTEX_HOME's headers
// by the device compiler (static_asserts in one source including the real headers).
describe.skipIf(!process.env.VORTEX_HOME || noClang)('vortex-decls against the real Vortex headers', () => {
  const home = process.env.VORTEX_HOME!;
  const decls = (file: string) => readFileSync(join(runtime, 'vortex-decls', file), 'utf8');
  const real = (file: string) => readFileSync(join(home, 'kernel', 'include', file), 'utf8');
  const squash = (text: string) => text.replace(/\\\n/g, ' ').replace(/\s+/g, ' ').trim();

  it('agree on CSR numbers, functions and variables', () => {
    const csrs = [...decls('VX_types.h').matchAll(/^#define (VX_CSR_\w+)\s+(\S+)$/gm)];
    const headers = ['vx_intrinsics.h', 'vx_spawn.h', 'vx_print.h'].map(decls).join('\n');
    // Prototypes `ret name(params)`, minus hip2vortex's own stand-ins for the csr_* macros.
    const functions = [...headers.matchAll(/^(\w[\w ]*?\**)\s*\b(\w+)\(([^)]*)\)[^;{]*;/gm)].filter((m) => !m[2].startsWith('__hip2vx'));
    const variables = [...headers.matchAll(/^extern (?:__thread )?(\w+) (\w+);$/gm)];
    expect(csrs.length).toBeGreaterThan(10);
    expect(functions.length).toBeGreaterThan(10);
    expect(variables.length).toBe(6);
    const source = [
      '#include <vx_spawn.h>', '#include <vx_print.h>', '#include <VX_types.h>',
      ...csrs.map(([, name, value]) => `static_assert(${name} == ${value}, "${name}");`),
      ...functions.map(([, ret, name, params]) => `static_assert(__is_same(decltype(&${name}), ${ret} (*)(${params})), "${name}");`),
      ...variables.map(([, type, name]) => `static_assert(__is_same(decltype(${name}), ${type}), "${name}");`),
    ].join('\n');
    const r = spawnSync(clang, [...targets[32], '-fsyntax-only', '-std=c++17', '-x', 'c++', '-isystem', PICOLIBC_INCLUDE,
      '-I', join(home, 'kernel', 'include'), '-I', join(home, 'build', 'hw'), '-'], { input: source, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it.each(['__local_mem', '__syncthreads'])('define %s as the real header does', (macro) => {
    const body = (text: string) => squash(new RegExp(`^#define ${macro}\\([^\\n\\\\]*(?:\\\\\\n[^\\n\\\\]*)*`, 'm').exec(text)?.[0] ?? '');
    expect(body(decls('vx_spawn.h'))).not.toBe('');
    expect(body(decls('vx_spawn.h'))).toBe(body(real('vx_spawn.h')));
  });
});
