// runtime/vortex-decls: generated device sources type-check for RISC-V against declarations alone.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { fixtures, runtime } from './build.js';

const clang = process.env.CLANG ?? 'clang-19';
const hasClang = spawnSync(clang, ['--version']).status === 0;
const targets = {
  32: ['--target=riscv32-unknown-elf', '-march=rv32imaf', '-mabi=ilp32f'],
  64: ['--target=riscv64-unknown-elf', '-march=rv64imafd', '-mabi=lp64d'],
};

function check(xlen: 32 | 64, file: string, defines: string[]) {
  const r = spawnSync(clang, [...targets[xlen], '-fsyntax-only', '-ffreestanding', '-std=c++17',
    '-x', 'c++', '-Wall', '-Werror', '-Wno-unused-function', '-I', join(runtime, 'vortex-decls'),
    ...defines, join(fixtures, file)], { encoding: 'utf8' });
  return { status: r.status, output: r.stderr };
}

describe.skipIf(!hasClang)('vortex-decls', () => {
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

  it.each(['reverse', 'atomics', 'print'])('accepts the CPU test kernel %s', (id) => {
    for (const xlen of [32, 64] as const) expect(check(xlen, 'kernels.device.cpp', [`-DHIP2VX_ENTRY_${id}`]).output).toBe('');
  });

  it('keeps __local_mem unparenthesised like the real macro', () => {
    const r = spawnSync(clang, [...targets[32], '-E', '-P', '-ffreestanding', '-x', 'c++', '-I',
      join(runtime, 'vortex-decls'), '-'], {
      input: '#include <vx_spawn.h>\nvoid* p = __local_mem(a + b);\n', encoding: 'utf8' });
    expect(r.stdout).toMatch(/__local_group_id \* a \+ b\)/);
  });
});
