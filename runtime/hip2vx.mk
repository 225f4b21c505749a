# hip2vx.mk: build rules shared by every program hip2vortex translates; included by the
# generated <stem>.mk, which defines first:
#   PROGRAM                 program name
#   KERNELS                 kernel instance ids (each becomes its own device binary)
#   DEVICE_SRC, HOST_SRC, REG_SRC   the generated device, host and registration sources
#   HIP2VX_RUNTIME          hip2vortex's runtime/ folder (the .mk finds it, or it is set by the user)
#   HIP2VX_TRANSLATED_XLEN  the XLEN the sources were translated for (32 or 64)
#
# Targets:
#   make run-cpu [ARGS=...]   build with the system $(CXX) alone for the CPU backend
#                             (runtime/cpu) into build/cpu, then run build/cpu/$(PROGRAM) $(ARGS)
#   make cpu                  the same without running
#   make run VORTEX_HOME=<built Vortex v2.2 tree> [VORTEX_DRIVER=simx] [ARGS=...]
#                             build for Vortex into build/vx-$(VX_TOOLCHAIN) and run with its runtime library
#   make vortex VORTEX_HOME=...   the same without running
#   make clean                remove build/
# Kernel binaries are $(BUILD_DIR)/<cpu|vx>/$(PROGRAM).<id>.bin in both builds; the registration
# source embeds them from HIP2VX_BIN_DIR. Every variable below can be overridden.

BUILD_DIR ?= build
CPU_DIR := $(BUILD_DIR)/cpu
HOST_CXXFLAGS ?= -std=c++17 -O2
DEPFLAGS = -MMD -MP

.PHONY: cpu run-cpu vortex run clean
.DELETE_ON_ERROR:
# Keep objects and ELF files that only pattern rules need (make would delete them).
.SECONDARY:

# Objects of the sources in directory $(1), compiled into directory $(2).
hip2vx_objs = $(patsubst $(1)/%.cpp,$(2)/%.o,$(wildcard $(1)/*.cpp))

# Rule compiling $(1)/*.cpp into $(2)/*.o with the flags of variable $(3).
define hip2vx_compile_dir
$(2)/%.o: $(1)/%.cpp
	@mkdir -p $$(@D)
	$$(CXX) $$($(3)) $$(DEPFLAGS) -c $$< -o $$@
endef

# Rules for the host side of the build in directory $(1) with the flags of variable $(2): the
# runtime library, the host source, and the registration source, which .incbin's the kernel
# binaries of the build (so it depends on them).
define hip2vx_host_rules
$(call hip2vx_compile_dir,$(HIP2VX_RUNTIME)/src,$(1)/rt/hip,$(2))

$(1)/$(PROGRAM).host.o: $(HOST_SRC)
	@mkdir -p $$(@D)
	$$(CXX) $$($(2)) $$(DEPFLAGS) -c $$< -o $$@

$(1)/$(PROGRAM).register.o: $(REG_SRC) $(KERNELS:%=$(1)/$(PROGRAM).%.bin)
	@mkdir -p $$(@D)
	$$(CXX) $$($(2)) $$(DEPFLAGS) -DHIP2VX_BIN_DIR='"$(1)"' -c $(REG_SRC) -o $$@
endef

# ---- CPU backend -----------------------------------------------------------------------------
# A kernel binary is a shared object: the device source plus runtime/cpu/device (fibers,
# barriers, vx_spawn_threads), exporting only hip2vx_cpu_entry (see runtime/cpu/README.md).

CPU_DEVICE_FLAGS = $(HOST_CXXFLAGS) -DHIP2VX_CPU_BACKEND -I$(HIP2VX_RUNTIME)/cpu/include \
  -I$(HIP2VX_RUNTIME)/include -fPIC -fvisibility=hidden
CPU_HOST_FLAGS = $(HOST_CXXFLAGS) -DHIP2VX_CPU_BACKEND -I$(HIP2VX_RUNTIME)/include \
  -I$(HIP2VX_RUNTIME)/cpu/include

CPU_DEVICE_RT_OBJ := $(call hip2vx_objs,$(HIP2VX_RUNTIME)/cpu/device,$(CPU_DIR)/rt/device)
CPU_HIP_RT_OBJ := $(call hip2vx_objs,$(HIP2VX_RUNTIME)/src,$(CPU_DIR)/rt/hip)
CPU_BACKEND_OBJ := $(call hip2vx_objs,$(HIP2VX_RUNTIME)/cpu/src,$(CPU_DIR)/rt/vortex)
CPU_EXE := $(CPU_DIR)/$(PROGRAM)

cpu: $(CPU_EXE)

run-cpu: $(CPU_EXE)
	$(CPU_EXE) $(ARGS)

$(eval $(call hip2vx_compile_dir,$(HIP2VX_RUNTIME)/cpu/device,$(CPU_DIR)/rt/device,CPU_DEVICE_FLAGS))
$(eval $(call hip2vx_compile_dir,$(HIP2VX_RUNTIME)/cpu/src,$(CPU_DIR)/rt/vortex,CPU_HOST_FLAGS))
$(eval $(call hip2vx_host_rules,$(CPU_DIR),CPU_HOST_FLAGS))

$(CPU_DIR)/$(PROGRAM).%.bin: $(DEVICE_SRC) $(CPU_DEVICE_RT_OBJ)
	@mkdir -p $(@D)
	$(CXX) $(CPU_DEVICE_FLAGS) $(DEPFLAGS) -DHIP2VX_ENTRY_$* -shared $(DEVICE_SRC) \
	  $(CPU_DEVICE_RT_OBJ) -o $@

$(CPU_EXE): $(CPU_DIR)/$(PROGRAM).host.o $(CPU_DIR)/$(PROGRAM).register.o $(CPU_HIP_RT_OBJ) \
            $(CPU_BACKEND_OBJ)
	$(CXX) $^ -lpthread -ldl -o $@

# ---- Vortex ------------------------------------------------------------------------------------

ifneq ($(filter run vortex,$(MAKECMDGOALS)),)
ifeq ($(VORTEX_HOME),)
$(error set VORTEX_HOME to a built Vortex v2.2 tree (make run VORTEX_HOME=...))
endif
endif

XLEN ?= $(HIP2VX_TRANSLATED_XLEN)
VORTEX_DRIVER ?= simx
PYTHON ?= python3
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

ifeq ($(XLEN),64)
VX_ARCH ?= -march=rv64imafd -mabi=lp64d
VX_STARTUP_ADDR ?= 0x180000000
VX_MULTILIB ?= .
CLANG_TARGET ?= riscv64-unknown-elf
else
VX_ARCH ?= -march=rv32imaf -mabi=ilp32f
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

VX_OPT ?= -O3
VX_CFLAGS ?= $(VX_ARCH) -std=c++17 $(VX_OPT) -mcmodel=medany -fno-rtti -fno-exceptions -nostartfiles \
  -nostdlib -fdata-sections -ffunction-sections $(VX_SYSROOT_FLAGS) \
  -I$(VORTEX_HOME)/kernel/include -I$(VORTEX_HOME)/build/hw -I$(HIP2VX_RUNTIME)/include \
  -DHIP2VX_XLEN=$(XLEN)
# rv32: library routines that branch on their arguments run one thread at a time
# (runtime/include/hip2vx_serial_libcalls.h defines the __wrap_ functions).
HIP2VX_SERIAL_LIBCALLS := __adddf3 __subdf3 __muldf3 __divdf3 __eqdf2 __nedf2 __ltdf2 __ledf2 __gtdf2 \
  __gedf2 __unorddf2 __extendsfdf2 __truncdfsf2 __floatsidf __floatunsidf __floatdidf __floatundidf \
  __fixdfsi __fixunsdfsi __fixdfdi __fixunsdfdi __floatdisf __floatundisf __fixsfdi __fixunssfdi \
  __divdi3 __moddi3 __udivdi3 __umoddi3 sqrt floor ceil trunc round exp log sin cos pow fmod
VX_WRAP_FLAGS ?= $(if $(filter 32,$(XLEN)),$(foreach f,$(HIP2VX_SERIAL_LIBCALLS),-Wl,--wrap=$(f)))
VX_LDFLAGS ?= -Wl,-Bstatic,--gc-sections,-T,$(VORTEX_HOME)/kernel/scripts/link$(XLEN).ld,--defsym=STARTUP_ADDR=$(VX_STARTUP_ADDR) \
  $(VX_WRAP_FLAGS)
VX_LIBS ?= -L$(VORTEX_KN_PATH) -lvortex $(VX_C_LIBS)

# One build directory per toolchain, so switching toolchains rebuilds the kernels.
VX_DIR := $(BUILD_DIR)/vx-$(VX_TOOLCHAIN)
VX_HOST_FLAGS = $(HOST_CXXFLAGS) -DHIP2VX_XLEN=$(XLEN) -I$(HIP2VX_RUNTIME)/include \
  -I$(VORTEX_HOME)/runtime/include
VX_HIP_RT_OBJ := $(call hip2vx_objs,$(HIP2VX_RUNTIME)/src,$(VX_DIR)/rt/hip)
VX_EXE := $(VX_DIR)/$(PROGRAM)

vortex: $(VX_EXE)

run: $(VX_EXE)
	LD_LIBRARY_PATH=$(VORTEX_RT_PATH)$${LD_LIBRARY_PATH:+:$$LD_LIBRARY_PATH} \
	  VORTEX_DRIVER=$(VORTEX_DRIVER) $(VX_EXE) $(ARGS)

$(VX_DIR)/$(PROGRAM).%.elf: $(DEVICE_SRC)
	@mkdir -p $(@D)
	$(VX_CXX) $(VX_CFLAGS) $(DEPFLAGS) -DHIP2VX_ENTRY_$* $(DEVICE_SRC) $(VX_LDFLAGS) $(VX_LIBS) -o $@

# runtime/vxbin.py writes Vortex's .vxbin format without the fixed temporary file of Vortex's own
# script (concurrent builds would swap kernel images).
VXBIN ?= $(PYTHON) $(HIP2VX_RUNTIME)/vxbin.py

$(VX_DIR)/$(PROGRAM).%.bin: $(VX_DIR)/$(PROGRAM).%.elf
	OBJCOPY=$(VX_CP) $(VXBIN) $< $@

$(eval $(call hip2vx_host_rules,$(VX_DIR),VX_HOST_FLAGS))

$(VX_EXE): $(VX_DIR)/$(PROGRAM).host.o $(VX_DIR)/$(PROGRAM).register.o $(VX_HIP_RT_OBJ)
	$(CXX) $^ -L$(VORTEX_RT_PATH) -lvortex -lpthread -o $@

clean:
	rm -rf $(BUILD_DIR)

-include $(wildcard $(CPU_DIR)/*.d $(CPU_DIR)/rt/*/*.d $(VX_DIR)/*.d $(VX_DIR)/rt/*/*.d)
