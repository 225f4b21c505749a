// runtime/hip2vx.mk: a program built and run with `make run-cpu`, and the Vortex commands.
// The runtime is a copy without runtime/src, so the test depends on this part only.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { makefileFragment } from '../../src/emit/makefile.js';
import { fixtures, runtime } from './build.js';

describe('hip2vx.mk', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hip2vx-mk-'));
  const rt = join(dir, 'runtime');
  const prog = join(dir, 'prog');
  const make = (...args: string[]) => {
    // Without the caller's VORTEX_HOME (CI sets it): the test names every Vortex path itself.
    const { VORTEX_HOME: _, ...env } = process.env;
    const r = spawnSync('make', ['--no-print-directory', ...args], { cwd: prog, env, encoding: 'utf8', timeout: 300_000 });
    return { status: r.status, out: `${r.stdout}${r.stderr}` };
  };

  beforeAll(() => {
    for (const part of ['cpu', 'vortex-decls', 'hip2vx.mk', 'vortex-toolchain.mk', 'vxbin.sh']) cpSync(join(runtime, part), join(rt, part), { recursive: true });
    mkdirSync(join(rt, 'src'));
    mkdirSync(prog);
    for (const f of ['kernels.device.cpp', 'embed.host.cpp', 'embed.register.cpp']) cpSync(join(fixtures, f), join(prog, f));
    writeFileSync(join(prog, 'Makefile'), [
      'PROGRAM := embed', 'KERNELS := vecadd print', 'DEVICE_SRC := kernels.device.cpp',
      'HOST_SRC := embed.host.cpp', 'REG_SRC := embed.register.cpp', `HIP2VX_RUNTIME ?= ${rt}`,
      'HIP2VX_TRANSLATED_XLEN := 32', 'include $(HIP2VX_RUNTIME)/hip2vx.mk', ''].join('\n'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('builds with the system compiler into build/cpu and runs (parallel make)', () => {
    const r = make('-j4', 'run-cpu', 'ARGS=one two');
    expect(r.out).toMatch(/hello from block 0 thread 1/);
    expect(r.out).toMatch(/embedded kernels ran, 2 program arguments/);
    expect(r.status).toBe(0);
    // Each binary keeps its own kernel's entry, as main, and drops the others (--gc-sections).
    const symbols = spawnSync('nm', [join(prog, 'build/cpu/embed.vecadd.bin')], { encoding: 'utf8' }).stdout;
    expect(symbols).toMatch(/ t main$/m);
    expect(symbols).toMatch(/ t hip2vx_main_vecadd$/m);
    expect(symbols).not.toMatch(/hip2vx_main_(print|reverse)/);
    expect(make('-q', 'cpu').status).toBe(0);  // up to date
    writeFileSync(join(prog, 'kernels.device.cpp'), '\n', { flag: 'a' });
    const rebuild = make('-n', 'cpu');
    // The device source compiled once, each kernel's binary linked with its entry as main.
    expect(rebuild.out).toMatch(/-c kernels\.device\.cpp -o build\/cpu\/embed\.device\.o/);
    expect(rebuild.out).toMatch(/-shared build\/cpu\/embed\.device\.o .*--defsym=main=hip2vx_main_vecadd -o build\/cpu\/embed\.vecadd\.bin/);
    expect(rebuild.out).toMatch(/-DHIP2VX_BIN_DIR='"build\/cpu"'/);  // the .incbin'ing source too
    // The run asks glibc's malloc for huge pages, keeping the user's own tunables.
    expect(make('-n', 'run-cpu', 'ARGS=x').out).toMatch(/^GLIBC_TUNABLES=glibc\.malloc\.hugetlb=1\$\{GLIBC_TUNABLES:\+:\$GLIBC_TUNABLES\} build\/cpu\/embed x$/m);
  });

  it('prints the Vortex build and run commands (Vortex LLVM)', () => {
    const r = make('-n', 'run', 'VORTEX_HOME=/x', 'VX_TOOLCHAIN=llvm');
    expect(r.status).toBe(0);
    expect(r.out).toMatch(/\/opt\/llvm-vortex\/bin\/clang\+\+ -march=rv32imaf -mabi=ilp32f .*-I\/x\/kernel\/include -I\/x\/build\/hw .*-DHIP2VX_XLEN=32 .*-c kernels\.device\.cpp -o build\/vx-llvm\/embed\.device\.o/);
    expect(r.out).toMatch(/\/opt\/llvm-vortex\/bin\/clang\+\+ -march=rv32imaf .* build\/vx-llvm\/embed\.device\.o .*-T,\/x\/kernel\/scripts\/link32\.ld,--defsym=STARTUP_ADDR=0x80000000 .*--defsym=main=hip2vx_main_vecadd .*-L\/x\/build\/kernel -lvortex .*-o build\/vx-llvm\/embed\.vecadd\.elf/);
    // hip2vortex's vxbin.sh (Vortex's vxbin.py writes a fixed /tmp file: concurrent builds would swap images).
    expect(r.out).toMatch(/OBJCOPY=\/opt\/llvm-vortex\/bin\/llvm-objcopy sh \S+\/runtime\/vxbin\.sh build\/vx-llvm\/embed\.vecadd\.elf build\/vx-llvm\/embed\.vecadd\.bin/);
    expect(r.out).toMatch(/-DHIP2VX_XLEN=32 .*-I\/x\/runtime\/include .*-DHIP2VX_BIN_DIR='"build\/vx-llvm"' -c embed\.register\.cpp/);
    expect(r.out).toMatch(/-L\/x\/build\/runtime -lvortex/);
    expect(r.out).toMatch(/LD_LIBRARY_PATH=\/x\/build\/runtime.*\n\s*VORTEX_DRIVER=simx build\/vx-llvm\/embed/);
    const r64 = make('-n', 'vortex', 'VORTEX_HOME=/x', 'VX_TOOLCHAIN=llvm', 'XLEN=64', 'VORTEX_RT_PATH=/rt');
    expect(r64.out).toMatch(/-march=rv64imafd -mabi=lp64d .*link64\.ld,--defsym=STARTUP_ADDR=0x180000000/);
    expect(r64.out).toMatch(/-L\/rt -lvortex/);
    // rv32 only: software double and 64-bit division run serialised (hip2vx_serial_libcalls.h).
    expect(r.out).toMatch(/-Wl,--wrap=__adddf3 .*-Wl,--wrap=__udivdi3 /);
    expect(r64.out).not.toMatch(/--wrap=/);
  });

  it('wraps on rv32 every library routine hip2vx_serial_libcalls.h serialises or hip2vx_device.h replaces, and no other', () => {
    const header = readFileSync(join(runtime, 'include', 'hip2vx_serial_libcalls.h'), 'utf8');
    const serialised = [...header.matchAll(/\bHIP2VX_SERIAL[123]\([^,]+, (\w+),|\bHIP2VX_SERIAL_M[12]\((\w+)\)|\bHIP2VX_SERIAL_MF[12]\((\w+)\)/g)]
      .filter((m) => !m.slice(1).includes('NAME')).flatMap((m) => (m[3] ? [m[3], `${m[3]}f`] : [m[1] ?? m[2]]))
      .concat([...header.matchAll(/\bvoid __wrap_(\w+)\(/g)].map((m) => m[1]));
    const device = readFileSync(join(runtime, 'include', 'hip2vx_device.h'), 'utf8');
    const replaced = [...device.matchAll(/\bHIP2VX_BRANCH_FREE1\((\w+)\)|\b__wrap_(\w+)\(/g)].map((m) => m[1] ?? m[2]).filter((name) => name !== 'NAME');
    const wrapped = [...make('-n', 'vortex', 'VORTEX_HOME=/x', 'VX_TOOLCHAIN=gnu').out.matchAll(/-Wl,--wrap=(\w+)/g)].map((m) => m[1]);
    expect(serialised.length).toBeGreaterThan(60);
    expect(replaced).toContain('expf');
    expect(replaced).toContain('sincosf');
    expect(new Set(wrapped)).toEqual(new Set([...serialised, ...replaced]));
  });

  it('builds with the stock gcc and picolibc, or clang-19 (with Zicond) and ld.lld; neither shrink-wraps, gcc copies no joins', () => {
    const gnu = make('-n', 'vortex', 'VORTEX_HOME=/x', 'VX_TOOLCHAIN=gnu', 'PICOLIBC=/pl');
    expect(gnu.status).toBe(0);
    expect(gnu.out).toMatch(/^riscv64-unknown-elf-g\+\+ -march=rv32imaf -mabi=ilp32f .*-isystem \/pl\/include .*-L\/x\/build\/kernel -lvortex -L\/pl\/lib\/rv32imf\/ilp32f -lm -lc \S*\/rv32imf\/ilp32f\/libgcc\.a -Wl,--defsym=_exit=_Exit -o build\/vx-gnu\/embed\.vecadd\.elf$/m);
    expect(gnu.out).toMatch(/^riscv64-unknown-elf-g\+\+ .* -O3 -fno-shrink-wrap -fno-thread-jumps -freorder-blocks-algorithm=simple .*embed\.vecadd\.elf$/m);
    expect(gnu.out).toMatch(/OBJCOPY=riscv64-unknown-elf-objcopy sh \S+\/vxbin\.sh /);
    const clang = make('-n', 'vortex', 'VORTEX_HOME=/x', 'VX_TOOLCHAIN=clang', 'PICOLIBC=/pl');
    expect(clang.status).toBe(0);
    expect(clang.out).toMatch(/^clang\+\+-19 --target=riscv32-unknown-elf -march=rv32imaf_zicond -mabi=ilp32f .*-isystem \/pl\/include .*-fuse-ld=lld -Wl,-z,norelro -L\/pl\/lib\/rv32imf\/ilp32f -lc \S*libgcc\.a .*-o build\/vx-clang\/embed\.vecadd\.elf$/m);
    expect(clang.out).toMatch(/^clang\+\+-19 .* -O3 -mllvm -enable-shrink-wrap=false +-fsigned-char .*embed\.vecadd\.elf$/m);
    expect(clang.out).toMatch(/OBJCOPY=llvm-objcopy-19 sh \S+\/vxbin\.sh /);
    expect(make('-n', 'vortex', 'VORTEX_HOME=/x', 'VX_TOOLCHAIN=icc').out).toMatch(/VX_TOOLCHAIN=icc: use llvm, gnu or clang/);
  });

  it("passes the translation's -I directories to every compile", () => {
    const mk = makefileFragment({ program: 'embed', kernels: ['vecadd', 'print'], device: 'kernels.device.cpp', host: 'embed.host.cpp', registration: 'embed.register.cpp', xlen: 32, source: 'e.cu', includeDirs: ['/inc/a', '/inc/b'] });
    expect(mk).toContain('HIP2VX_INCLUDE_DIRS ?= /inc/a /inc/b');
    const dir = join(prog, '..', 'with-includes');
    cpSync(prog, dir, { recursive: true });
    writeFileSync(join(dir, 'Makefile'), mk.replace('ifndef HIP2VX_RUNTIME', `HIP2VX_RUNTIME := ${rt}\nifndef HIP2VX_RUNTIME`));
    const r = spawnSync('make', ['-n', '-C', dir, 'cpu', 'vortex', 'VORTEX_HOME=/x', 'VX_TOOLCHAIN=gnu'], { encoding: 'utf8' });
    const compiles = r.stdout.split('\n').filter((l) => / -c /.test(l));  // kernels are linked without them
    // The runtime's own objects are built without them, so that programs can share them.
    const [runtimeCompiles, programCompiles] = [compiles.filter((l) => l.includes(`-c ${rt}/`)), compiles.filter((l) => !l.includes(`-c ${rt}/`))];
    expect(programCompiles.length).toBeGreaterThan(3);
    expect(runtimeCompiles.length).toBeGreaterThan(0);
    for (const line of programCompiles) expect(line).toContain('-I/inc/a -I/inc/b');
    for (const line of runtimeCompiles) expect(line).not.toContain('-I/inc/a');
  });

  it('HIP2VX_RT_CACHE: a second program built with the same compiler and flags reuses the runtime objects', () => {
    const cache = join(dir, 'rt-cache');
    const other = join(dir, 'other');
    cpSync(prog, other, { recursive: true });
    rmSync(join(other, 'build'), { recursive: true, force: true });
    const built = spawnSync('make', ['-C', prog, 'cpu', `HIP2VX_RT_CACHE=${cache}`], { encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
    const runtimeCompile = /-c \S+\/runtime\/(cpu|src)\/\S+\.cpp -o (\S+)/;
    expect(built.stdout.match(runtimeCompile)?.[2]).toContain(`${cache}/`);
    const second = spawnSync('make', ['-C', other, 'run-cpu', `HIP2VX_RT_CACHE=${cache}`], { encoding: 'utf8' });
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/embedded kernels ran/);
    expect(second.stdout).not.toMatch(runtimeCompile);  // nothing of the runtime compiled again
    expect(second.stdout).toContain(' -c kernels.device.cpp');  // the program's own sources are
    rmSync(join(other, 'build'), { recursive: true });
    const flags = spawnSync('make', ['-n', '-C', other, 'cpu', `HIP2VX_RT_CACHE=${cache}`, 'HOST_CXXFLAGS=-std=c++17 -O1'], { encoding: 'utf8' });
    expect(flags.stdout.match(runtimeCompile)?.[2]).toContain(`${cache}/`);  // other flags: their own objects
    // Another release of the runtime (its files' times may be older than the cached objects): its own objects too.
    const entry = join(rt, 'cpu', 'device', 'entry.cpp');
    const before = readFileSync(entry, 'utf8');
    const folder = () => {
      const r = spawnSync('make', ['-n', '-C', other, 'cpu', `HIP2VX_RT_CACHE=${cache}`, `HIP2VX_RUNTIME=${rt}`], { encoding: 'utf8' });
      return r.stdout.match(runtimeCompile)?.[2].slice(cache.length).split('/')[1];
    };
    const release = folder();
    expect(release).toMatch(/^[0-9a-f]{16}$/);
    expect(folder()).toBe(release);
    writeFileSync(entry, `${before}// another release\n`);
    try {
      expect(folder()).not.toBe(release);
    } finally {
      writeFileSync(entry, before);
    }
  });

  it('builds the runtime objects in the user\'s cache directory by default, in build/ when HIP2VX_RT_CACHE is empty', () => {
    const { HIP2VX_RT_CACHE: _, VORTEX_HOME: __, ...env } = process.env;
    const runtimeObject = (extra: string[], vars: NodeJS.ProcessEnv) => {
      const r = spawnSync('make', ['-n', '-C', prog, 'cpu', ...extra], { env: { ...env, ...vars }, encoding: 'utf8' });
      return r.stdout.match(/-c \S+\/runtime\/cpu\/\S+\.cpp -o (\S+)/)?.[1];
    };
    rmSync(join(prog, 'build'), { recursive: true, force: true });
    const xdg = join(dir, 'xdg');
    expect(runtimeObject([], { XDG_CACHE_HOME: xdg })).toContain(`${xdg}/hip2vortex/runtime/`);
    expect(runtimeObject([], { XDG_CACHE_HOME: '', HOME: join(dir, 'home') })).toContain(`${dir}/home/.cache/hip2vortex/runtime/`);
    expect(runtimeObject(['HIP2VX_RT_CACHE='], { XDG_CACHE_HOME: xdg })).toMatch(/^build\/cpu\/rt\//);
  });

  it('picks Vortex LLVM where it is installed, else the stock gcc, else clang', () => {
    const llvm = join(dir, 'llvm-vortex');
    mkdirSync(join(llvm, 'bin'), { recursive: true });
    writeFileSync(join(llvm, 'bin', 'clang++'), '');
    expect(make('-n', 'vortex', 'VORTEX_HOME=/x', `LLVM_VORTEX=${llvm}`).out).toMatch(/build\/vx-llvm\/embed\.vecadd\.elf/);
    expect(make('-n', 'vortex', 'VORTEX_HOME=/x', 'LLVM_VORTEX=/none').out).toMatch(/^riscv64-unknown-elf-g\+\+ .*build\/vx-gnu\/embed\.vecadd\.elf$/m);
    expect(make('-n', 'vortex', 'VORTEX_HOME=/x', 'LLVM_VORTEX=/none', 'GNU_PREFIX=/none/gcc-').out).toMatch(/^clang\+\+-19 --target=riscv32-unknown-elf .*build\/vx-clang\/embed\.vecadd\.elf$/m);
  });

  it('requires VORTEX_HOME for Vortex targets and cleans', () => {
    const r = make('-n', 'run');
    expect(r.status).not.toBe(0);
    expect(r.out).toMatch(/set VORTEX_HOME/);
    expect(make('clean').status).toBe(0);
    expect(make('-q', 'cpu').status).not.toBe(0);
  });
});

describe('<stem>.mk finds the runtime wherever hip2vortex is installed', () => {
  const root = mkdtempSync(join(tmpdir(), 'hip2vx-find-'));
  const mk = makefileFragment({ program: 'p', kernels: ['k'], device: 'p.device.cpp', host: 'p.host.cpp', registration: 'p.register.cpp', xlen: 32, source: 'p.cu' });
  // A stand-in runtime whose hip2vx.mk says where it is.
  const fakeRuntime = (dir: string) => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'hip2vx.mk'), 'where:\n\t@echo runtime=$(HIP2VX_RUNTIME)\n');
  };
  const where = (project: string, env: Record<string, string> = {}) => {
    const out = join(project, 'vortex', 'sub');
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'p.mk'), mk);
    writeFileSync(join(out, 'Makefile'), 'include p.mk\n');
    const { HIP2VX_RUNTIME: _, ...inherited } = process.env;
    const r = spawnSync('make', ['--no-print-directory', '-C', out, 'where'], { encoding: 'utf8', env: { ...inherited, ...env } });
    return { status: r.status, out: `${r.stdout}${r.stderr}` };
  };
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('node_modules/hip2vortex/runtime in a directory above the output', () => {
    const project = join(root, 'installed');
    fakeRuntime(join(project, 'node_modules', 'hip2vortex', 'runtime'));
    expect(where(project).out.trim()).toBe(`runtime=${join(project, 'node_modules', 'hip2vortex', 'runtime')}`);
  });

  it('a hip2vortex checkout\'s runtime/ (the bundled samples), and HIP2VX_RUNTIME before either', () => {
    const project = join(root, 'checkout');
    fakeRuntime(join(project, 'runtime'));
    expect(where(project).out.trim()).toBe(`runtime=${join(project, 'runtime')}`);
    const elsewhere = join(root, 'elsewhere');
    fakeRuntime(elsewhere);
    expect(where(project, { HIP2VX_RUNTIME: elsewhere }).out.trim()).toBe(`runtime=${elsewhere}`);
  });

  it('says what to set when there is none', () => {
    const r = where(join(root, 'bare'));
    expect(r.status).not.toBe(0);
    expect(r.out).toMatch(/hip2vortex's runtime not found: set HIP2VX_RUNTIME \(hip2vortex runtime-dir prints it\)/);
  });
});
