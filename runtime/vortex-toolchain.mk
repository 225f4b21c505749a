# vortex-toolchain.mk: how to build a Vortex kernel and link a host program against Vortex's
# runtime, with whichever RISC-V toolchain is installed. Included by hip2vx.mk (generated
# programs) and by bench/vortex-native (hand-written reference kernels); expects VORTEX_HOME,
# XLEN (default 32) and HIP2VX_RUNTIME (this folder). Every variable can be overridden.
XLEN ?= 32
VORTEX_DRIVER ?= simx
VORTEX_KN_PATH ?= $(VORTEX_HOME)/build/kernel
VORTEX_RT_PATH ?= $(VORTEX_HOME)/build/runtime
# The device toolchain: VX_TOOLCHAIN=llvm (Vortex's LLVM under LLVM_VORTEX), gnu (Debian's
# riscv64-unknown-elf gcc + picolibc) or clang (Debian's clang-19 + picolibc, with gcc's libgcc for
# the compiler runtime). By default the first that is installed, in that order.
LLVM_VORTEX ?= /opt/llvm-vortex
GNU_PREFIX ?= riscv64-unknown-elf-
CLANG_SUFFIX ?= -19
PICOLIBC ?= /usr/lib/picolibc/riscv64-unknown-elf
ifeq ($(VX_TOOLCHAIN),)
VX_TOOLCHAIN := $(if $(wildcard $(LLVM_VORTEX)/bin/clang++),llvm,$(if $(shell command -v $(GNU_PREFIX)g++),gnu,clang))
endif

# Zicond, which Vortex implements: clang then compiles a select on a per-thread value to czero
# instead of a branch, which it may place where the warp's threads diverge (seen before the vx_tmc
# that ends a loop: "divergent branch!"). gcc 12 does not know Zicond.
VX_ZICOND := $(if $(filter clang,$(VX_TOOLCHAIN)),_zicond)
ifeq ($(XLEN),64)
VX_ARCH ?= -march=rv64imafd$(VX_ZICOND) -mabi=lp64d
VX_STARTUP_ADDR ?= 0x180000000
VX_MULTILIB ?= .
CLANG_TARGET ?= riscv64-unknown-elf
else
VX_ARCH ?= -march=rv32imaf$(VX_ZICOND) -mabi=ilp32f
VX_STARTUP_ADDR ?= 0x80000000
# picolibc's only hard-float rv32 multilib (gcc itself would pick rv32iaf, without M).
VX_MULTILIB ?= rv32imf/ilp32f
CLANG_TARGET ?= riscv32-unknown-elf
endif

ifeq ($(VX_TOOLCHAIN),llvm)
VX_CXX ?= $(LLVM_VORTEX)/bin/clang++
VX_CC ?= $(LLVM_VORTEX)/bin/clang
VX_CP ?= $(LLVM_VORTEX)/bin/llvm-objcopy
# The C library and compiler runtime of Vortex's toolchain install (ci/toolchain_install.sh).
TOOLDIR ?= /opt
LIBC_VORTEX ?= $(TOOLDIR)/libc$(XLEN)
LIBCRT_VORTEX ?= $(TOOLDIR)/libcrt$(XLEN)
RISCV_TOOLCHAIN_PATH ?= $(TOOLDIR)/riscv$(XLEN)-gnu-toolchain
RISCV_SYSROOT ?= $(RISCV_TOOLCHAIN_PATH)/riscv$(XLEN)-unknown-elf
VX_SYSROOT_FLAGS ?= --sysroot=$(RISCV_SYSROOT) --gcc-toolchain=$(RISCV_TOOLCHAIN_PATH)
VX_CXX_STDLIB ?=  # the toolchain's own RISC-V libstdc++
VX_C_LIBS ?= -L$(LIBC_VORTEX)/lib -lm -lc $(LIBCRT_VORTEX)/lib/baremetal/libclang_rt.builtins-riscv$(XLEN).a
else ifeq ($(VX_TOOLCHAIN),gnu)
VX_CXX ?= $(GNU_PREFIX)g++
VX_CC ?= $(GNU_PREFIX)gcc
VX_CP ?= $(GNU_PREFIX)objcopy
VX_SYSROOT_FLAGS ?= -isystem $(PICOLIBC)/include
VX_LIBGCC ?= $(dir $(shell $(VX_CC) -print-libgcc-file-name))$(VX_MULTILIB)/libgcc.a
VX_C_LIBS ?= -L$(PICOLIBC)/lib/$(VX_MULTILIB) -lm -lc $(VX_LIBGCC) -Wl,--defsym=_exit=_Exit
else ifeq ($(VX_TOOLCHAIN),clang)
VX_CXX ?= clang++$(CLANG_SUFFIX) --target=$(CLANG_TARGET)
VX_CC ?= clang$(CLANG_SUFFIX) --target=$(CLANG_TARGET)
VX_CP ?= llvm-objcopy$(CLANG_SUFFIX)
VX_SYSROOT_FLAGS ?= -isystem $(PICOLIBC)/include
# ld.lld: no -lm (picolibc's libm.a is an empty member lld rejects; libc.a has the math), no RELRO.
VX_LIBGCC ?= $(dir $(shell $(GNU_PREFIX)gcc -print-libgcc-file-name))$(VX_MULTILIB)/libgcc.a
VX_C_LIBS ?= -fuse-ld=lld -Wl,-z,norelro -L$(PICOLIBC)/lib/$(VX_MULTILIB) -lc $(VX_LIBGCC) \
  -Wl,--defsym=_exit=_Exit
else
$(error VX_TOOLCHAIN=$(VX_TOOLCHAIN): use llvm, gnu or clang)
endif

# The C++ library of device code: the host's libstdc++ headers (header-only parts) over picolibc,
# for gcc and clang alike (Debian ships no RISC-V libstdc++); never the compiler's own default.
HOST_CXX ?= g++
LIBSTDCXX_VERSION ?= $(shell $(HOST_CXX) -dumpversion)
LIBSTDCXX_MULTIARCH ?= $(shell $(HOST_CXX) -print-multiarch)
# -D_GNU_SOURCE: what g++ always defines for C++ on the host (M_PI, sincosf... from picolibc too).
VX_CXX_STDLIB ?= -D_GNU_SOURCE -nostdinc++ -isystem $(HIP2VX_RUNTIME)/include/freestanding-cxx \
  -isystem /usr/include/c++/$(LIBSTDCXX_VERSION) -isystem /usr/include/$(LIBSTDCXX_MULTIARCH)/c++/$(LIBSTDCXX_VERSION)

VX_OPT ?= -O3
# -fsigned-char: GPU code is written where plain char is signed (x86 hosts, CUDA and HIP devices);
# on RISC-V it is unsigned, so `char d[] = {-1, 1}` would not compile and `c < 0` would never hold.
# -fno-strict-aliasing: device code stores through vector types into arrays of another type
# (`reinterpret_cast<uint4*>(float_array)[c] = ...`), as CUDA's and HIP's compilers allow.
# clang rejects a `throw` it parses under -fno-exceptions, gcc only one it compiles: -fcxx-exceptions
# lets clang read the host helpers of shared headers that throw (never called on the device), and
# -fignore-exceptions keeps it from giving functions with destructors landing pads (which need
# __gxx_personality_v0 and the unwinder, with its heap).
VX_THROW_SYNTAX ?= $(if $(filter gnu,$(VX_TOOLCHAIN)),,-fcxx-exceptions -fignore-exceptions)
# C-era code nvcc and g++ take with a warning and clang refuses: `register` locals (removed in
# C++17) and narrowing in braces (`int v[2] = {t * f, t};`).
VX_LEGACY_SYNTAX ?= $(if $(filter clang,$(VX_TOOLCHAIN)),-Wno-register -Wno-c++11-narrowing)
# No shrink-wrapping: a function whose early return became a split region (`if (i >= n) return;`)
# would save registers and open its frame only on the path that goes on, each path ending in its
# own join; after the last join every thread runs the path that joined last, and those that had
# opened a frame return without closing it (gcc: a corrupt stack, then a jump to 0xbaadf00d).
VX_NO_SHRINK_WRAP ?= $(if $(filter gnu,$(VX_TOOLCHAIN)),-fno-shrink-wrap,$(if $(filter clang,$(VX_TOOLCHAIN)),-mllvm -enable-shrink-wrap=false))
# One join per split: jump threading and block reordering copy a join and the code after it into
# each path, specialised to what that path knows (streamcluster: `dim > 0` tested before a copy by
# one thread, not tested again on its path); after the last join every thread runs the copy of the
# path that joined last, with registers only that path's threads had set (simx: divergent branch).
# Path splitting at -O3 copies a loop's tail, join included, into the paths before it (a loop
# carrying doubles: the path calling the soft-double routines reloads a spilled register after its
# join, the other path's copy runs with it clobbered).
# (gcc only: clang's copies seen were harmless, `join; ret` in each path, and the LLVM options that
# remove them made warp-blocks hang on simx.)
VX_SINGLE_JOINS ?= $(if $(filter gnu,$(VX_TOOLCHAIN)),-fno-thread-jumps -freorder-blocks-algorithm=simple -fno-split-paths)
# gcc expands copysign of a constant magnitude (`copysign(1.0, x)`) on rv32's soft double as a branch
# on x's sign (simx: divergent branch); picolibc's copysign is branch-free bit operations.
VX_SOFT_DOUBLE_CALLS ?= $(if $(and $(filter gnu,$(VX_TOOLCHAIN)),$(filter 32,$(XLEN))),-fno-builtin-copysign)
VX_CFLAGS ?= $(VX_ARCH) -std=c++17 $(VX_OPT) $(VX_NO_SHRINK_WRAP) $(VX_SINGLE_JOINS) $(VX_SOFT_DOUBLE_CALLS) -fsigned-char -fno-strict-aliasing -mcmodel=medany -fno-rtti -fno-exceptions $(VX_THROW_SYNTAX) $(VX_LEGACY_SYNTAX) -nostartfiles \
  -nostdlib -fdata-sections -ffunction-sections $(HIP2VX_INCLUDE_FLAGS) $(VX_CXX_STDLIB) $(VX_SYSROOT_FLAGS) \
  -I$(VORTEX_HOME)/kernel/include -I$(VORTEX_HOME)/build/hw -I$(HIP2VX_RUNTIME)/include \
  -DHIP2VX_XLEN=$(XLEN)
# rv32: library routines that branch on their arguments run one thread at a time
# (runtime/include/hip2vx_serial_libcalls.h defines the __wrap_ functions).
# libm's routines whose float forms (name + f) run serialised too; the other float forms are
# branch-free (HIP2VX_BRANCH_FREE_LIBCALLS).
HIP2VX_SERIAL_MATH := nearbyint lrint lround expm1 log1p asin acos atan sinh cosh cbrt erf erfc tgamma \
  lgamma fmod fdim atan2 hypot remainder ldexp logb asinh acosh atanh j0 j1 y0 y1 jn yn nextafter ilogb \
  scalbn scalbln modf frexp remquo
HIP2VX_SERIAL_LIBCALLS := __adddf3 __subdf3 __muldf3 __divdf3 __eqdf2 __nedf2 __ltdf2 __ledf2 __gtdf2 \
  __gedf2 __unorddf2 __extendsfdf2 __truncdfsf2 __floatsidf __floatunsidf __floatdidf __floatundidf \
  __fixdfsi __fixunsdfsi __fixdfdi __fixunsdfdi __floatdisf __floatundisf __fixsfdi __fixunssfdi \
  __divdi3 __moddi3 __udivdi3 __umoddi3 sqrt floor ceil trunc round exp log sin cos pow rint llrint \
  llround fmax fmin exp2 log2 log10 tan tanh exp10 fma llrintf llroundf sincos $(HIP2VX_SERIAL_MATH) $(addsuffix f,$(HIP2VX_SERIAL_MATH))
# rv32: libm's float routines that hip2vx_device.h implements branch-free are wrapped to those.
HIP2VX_BRANCH_FREE_LIBCALLS := expf exp2f exp10f logf log2f log10f sinf cosf tanf tanhf floorf ceilf \
  roundf truncf rintf powf fminf fmaxf sincosf
VX_WRAP_FLAGS ?= $(if $(filter 32,$(XLEN)),$(foreach f,$(HIP2VX_SERIAL_LIBCALLS) $(HIP2VX_BRANCH_FREE_LIBCALLS),-Wl,--wrap=$(f)))
VX_LDFLAGS ?= -Wl,-Bstatic,--gc-sections,-T,$(VORTEX_HOME)/kernel/scripts/link$(XLEN).ld,--defsym=STARTUP_ADDR=$(VX_STARTUP_ADDR) \
  $(VX_WRAP_FLAGS)
VX_LIBS ?= -L$(VORTEX_KN_PATH) -lvortex $(VX_C_LIBS)

# runtime/vxbin.sh writes Vortex's .vxbin format without the fixed temporary file of Vortex's own
# script (concurrent builds would swap kernel images).
VXBIN ?= sh $(HIP2VX_RUNTIME)/vxbin.sh
