# hip2vx.mk: build rules shared by every program hip2vortex translates; included by the
# generated <stem>.mk, which defines first:
#   PROGRAM                 program name
#   KERNELS                 kernel instance ids (each becomes its own device binary)
#   DEVICE_SRC, HOST_SRC, REG_SRC   the generated device, host and registration sources
#   HIP2VX_RUNTIME          hip2vortex's runtime/ folder (the .mk finds it, or it is set by the user)
#   HIP2VX_TRANSLATED_XLEN  the XLEN the sources were translated for (32 or 64)
#   HOST_SRC_FLAGS          flags of HOST_SRC's compile (-fpermissive for a C source), if any
# and may define (the directory's Makefile does):
#   HOST_EXTRA_SRC          the program's C/C++ sources without GPU code (.c compiled as C, the
#                           rest, .cu included, as C++), linked in
#   HIP2VX_UNITS            the program's other translated sources (units), linked in: for each
#                           unit <u>, <u>_HOST_SRC, and if it has them <u>_HOST_FLAGS,
#                           <u>_DEVICE_SRC, <u>_REG_SRC and <u>_KERNELS (its kernel ids); a
#                           program may have no unit of its own
#                           (its main in a HOST_EXTRA_SRC source: no HOST_SRC)
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
#   HIP2VX_RT_CACHE=<dir>     where hip2vortex's runtime objects are built, once for every program
#                             built with the same compiler and flags (they are most of a small
#                             program's build time): by default the user's cache directory,
#                             $XDG_CACHE_HOME or ~/.cache, under hip2vortex/runtime; set it empty
#                             to build them in each program's own build directory

BUILD_DIR ?= build
CPU_DIR := $(BUILD_DIR)/cpu
HOST_CXXFLAGS ?= -std=c++17 -O2
# The translation's -D macros and the -I directories the sources include headers from (the
# <stem>.mk sets them): every compile of the program's sources gets both.
HIP2VX_INCLUDE_FLAGS = $(HIP2VX_DEFINES) $(addprefix -I,$(HIP2VX_INCLUDE_DIRS))
# hipcc compiles every source of a HIP program, and defines __HIPCC__ for its host side too.
HIP2VX_HOST_DEFINES ?= -D__HIPCC__
# -fopenmp where the program's host code includes <omp.h> (the <stem>.mk sets it): linked with, for
# the omp_* functions. Its pragmas are compiled only if HOST_CXXFLAGS has -fopenmp too: the
# program's own build decides that (code under #ifdef _OPENMP may not even compile).
HIP2VX_HOST_OPENMP ?=
DEPFLAGS = -MMD -MP
# A function or datum per section, so that a kernel's link keeps only what its entry reaches.
HIP2VX_SECTIONS = -ffunction-sections -fdata-sections

.PHONY: cpu run-cpu vortex run clean
.DELETE_ON_ERROR:
# Keep objects and ELF files that only pattern rules need (make would delete them).
.SECONDARY:

# Objects of the sources in directory $(1), compiled into directory $(2).
hip2vx_objs = $(patsubst $(1)/%.cpp,$(2)/%.o,$(wildcard $(1)/*.cpp))

# Rule compiling $(1)/*.cpp into $(2)/*.o with the flags of variable $(3). The object and its
# dependencies are written under temporary names and renamed, so that makes sharing a
# HIP2VX_RT_CACHE never read a half-written object.
define hip2vx_compile_dir
$(2)/%.o: $(1)/%.cpp
	@mkdir -p $$(@D)
	$$(CXX) $$($(3)) -MMD -MP -MT $$@ -MF $$(@:.o=.d).$$$$$$$$ -c $$< -o $$@.$$$$$$$$ && \
	  mv -f $$(@:.o=.d).$$$$$$$$ $$(@:.o=.d) && mv -f $$@.$$$$$$$$ $$@
endef

# The default cache, where the user has a cache directory it can write (make clean leaves it).
ifeq ($(origin HIP2VX_RT_CACHE),undefined)
HIP2VX_RT_CACHE := $(shell d='$(or $(XDG_CACHE_HOME),$(if $(HOME),$(HOME)/.cache))'; \
  [ -n "$$d" ] && mkdir -p "$$d/hip2vortex/runtime" 2>/dev/null && [ -w "$$d/hip2vortex/runtime" ] && echo "$$d/hip2vortex/runtime")
endif
# The runtime's sources and headers, by content: the cache outlives any one install, and make's
# dependency files go by modification times, which tar and `cp -p` keep from when a release was
# made (older than objects already cached from another release).
HIP2VX_RT_STAMP := $(if $(HIP2VX_RT_CACHE),$(shell cat $(sort $(wildcard $(addprefix $(HIP2VX_RUNTIME)/,src/* cpu/src/* \
  cpu/device/* cpu/include/* include/*.h include/hip/*))) | md5sum | cut -c1-16))
# Directory of the runtime objects built with the flags of variable $(1) for build directory $(2):
# in the cache, one directory per compiler, flags and runtime contents.
hip2vx_rt_dir = $(if $(HIP2VX_RT_CACHE),$(HIP2VX_RT_CACHE)/$(shell printf '%s' '$(subst ',,$(CXX) $($(1)) $(HIP2VX_RT_STAMP))' | md5sum | cut -c1-16),$(2)/rt)

HOST_EXTRA_SRC ?=
HOST_CFLAGS ?= -O2
# The .mk's own source is one unit among the program's.
ifneq ($(HOST_SRC),)
HIP2VX_UNITS := $(PROGRAM) $(filter-out $(PROGRAM),$(HIP2VX_UNITS))
$(PROGRAM)_HOST_SRC := $(HOST_SRC)
$(PROGRAM)_HOST_FLAGS := $(HOST_SRC_FLAGS)
$(PROGRAM)_DEVICE_SRC := $(DEVICE_SRC)
$(PROGRAM)_REG_SRC := $(REG_SRC)
$(PROGRAM)_KERNELS := $(KERNELS)
endif
# Host and registration objects of every unit in build directory $(1).
hip2vx_unit_objs = $(foreach u,$(HIP2VX_UNITS),$(1)/$(u).host.o $(if $($(u)_REG_SRC),$(1)/$(u).register.o))
# Objects of HOST_EXTRA_SRC in build directory $(1).
hip2vx_extra_objs = $(addprefix $(1)/extra/,$(addsuffix .o,$(HOST_EXTRA_SRC)))

# Rules for the host side of unit $(3) in build directory $(1) with the flags of variable $(2): its
# host source (C++ whatever its extension: translate --in-place leaves it in the .cu; with
# $(3)_HOST_FLAGS, -fpermissive for a C source), and its registration source, which .incbin's the
# unit's kernel binaries (so it depends on them).
define hip2vx_unit_host_rules
$(1)/$(3).host.o: $($(3)_HOST_SRC)
	@mkdir -p $$(@D)
	$$(CXX) $$($(2)) $$($(3)_HOST_FLAGS) $$(DEPFLAGS) -x c++ -c $$< -o $$@

$(1)/$(3).register.o: $($(3)_REG_SRC) $($(3)_KERNELS:%=$(1)/$(3).%.bin)
	@mkdir -p $$(@D)
	$$(CXX) $$($(2)) $$(DEPFLAGS) -DHIP2VX_BIN_DIR='"$(1)"' -c $($(3)_REG_SRC) -o $$@
endef

# Rules for the host side of the build in directory $(1) with the flags of variable $(2): the
# runtime library (in runtime directory $(3), with the flags of variable $(4)) and the extra
# sources (C++ whatever the extension, but .c).
define hip2vx_host_rules
$(call hip2vx_compile_dir,$(HIP2VX_RUNTIME)/src,$(3)/hip,$(4))

$(1)/extra/%.c.o: %.c
	@mkdir -p $$(@D)
	$$(CC) $$(HOST_CFLAGS) $$(HIP2VX_INCLUDE_FLAGS) $$(DEPFLAGS) -c $$< -o $$@

$(1)/extra/%.o: %
	@mkdir -p $$(@D)
	$$(CXX) $$($(2)) $$(DEPFLAGS) -x c++ -c $$< -o $$@
endef

# Every host-side rule of build directory $(1) with the flags of variable $(2) (runtime: $(3), $(4)).
hip2vx_host_build = $(eval $(call hip2vx_host_rules,$(1),$(2),$(3),$(4)))$(foreach u,$(HIP2VX_UNITS),$(eval $(call hip2vx_unit_host_rules,$(1),$(2),$(u))))

# ---- CPU backend -----------------------------------------------------------------------------
# A kernel binary is a shared object: the device source plus runtime/cpu/device (fibers,
# barriers, vx_spawn_threads), exporting only hip2vx_cpu_entry (see runtime/cpu/README.md).

# TLS descriptors where the compiler has them (gcc, clang >= 19): the kernel binary's own
# thread-local state is then read at a fixed offset from the thread pointer whenever the loader
# finds room for it in static TLS, instead of a call to __tls_get_addr per access (threadIdx and
# the other device registers live in the host program's static TLS: cpu/README.md).
CPU_TLS_FLAGS := $(shell $(CXX) -mtls-dialect=gnu2 -fPIC -x c++ -c /dev/null -o /dev/null 2>/dev/null && echo -mtls-dialect=gnu2)
# GNU gold where the toolchain has it: it links a kernel binary in under half of ld.bfd's time,
# and a program links one per kernel (most of a small multi-kernel program's build).
CPU_LD_FLAGS := $(shell $(CXX) -fuse-ld=gold -Wl,--version 2>/dev/null | grep -q '^GNU gold' && echo -fuse-ld=gold)
# The runtime's own objects (*_RT_FLAGS) are built without the program's include directories.
# -fno-strict-aliasing: device code stores through vector types into arrays of another type
# (`reinterpret_cast<uint4*>(float_array)[c] = ...`), as CUDA's and HIP's compilers allow; gcc's
# type-based aliasing drops such stores at -O2 (vortex-toolchain.mk says the same for Vortex).
CPU_DEVICE_RT_FLAGS = $(HOST_CXXFLAGS) -fno-strict-aliasing -DHIP2VX_CPU_BACKEND -I$(HIP2VX_RUNTIME)/cpu/include \
  -I$(HIP2VX_RUNTIME)/include -fPIC -fvisibility=hidden $(CPU_TLS_FLAGS)
CPU_DEVICE_FLAGS = $(HIP2VX_INCLUDE_FLAGS) $(CPU_DEVICE_RT_FLAGS)
CPU_HOST_RT_FLAGS = $(HOST_CXXFLAGS) $(HIP2VX_HOST_DEFINES) -DHIP2VX_CPU_BACKEND -I$(HIP2VX_RUNTIME)/include \
  -I$(HIP2VX_RUNTIME)/cpu/include
CPU_HOST_FLAGS = $(HIP2VX_INCLUDE_FLAGS) $(CPU_HOST_RT_FLAGS)
CPU_RT := $(call hip2vx_rt_dir,CPU_HOST_RT_FLAGS,$(CPU_DIR))
CPU_DEVICE_RT := $(call hip2vx_rt_dir,CPU_DEVICE_RT_FLAGS,$(CPU_DIR))

CPU_DEVICE_RT_OBJ := $(call hip2vx_objs,$(HIP2VX_RUNTIME)/cpu/device,$(CPU_DEVICE_RT)/device)
CPU_HIP_RT_OBJ := $(call hip2vx_objs,$(HIP2VX_RUNTIME)/src,$(CPU_RT)/hip)
CPU_BACKEND_OBJ := $(call hip2vx_objs,$(HIP2VX_RUNTIME)/cpu/src,$(CPU_RT)/vortex)
CPU_EXE := $(CPU_DIR)/$(PROGRAM)

cpu: $(CPU_EXE)

# glibc's malloc advises its large blocks for transparent huge pages (an unknown tunable is ignored):
# where page faults are dear (a VM: 5.5 s per GiB), the GPU-sized host arrays a benchmark fills cost
# a fraction (HeCBench's coordinates: 30 s -> 7 s). Device buffers are advised by the backend itself.
run-cpu: $(CPU_EXE)
	GLIBC_TUNABLES=glibc.malloc.hugetlb=1$${GLIBC_TUNABLES:+:$$GLIBC_TUNABLES} $(CPU_EXE) $(ARGS)

$(eval $(call hip2vx_compile_dir,$(HIP2VX_RUNTIME)/cpu/device,$(CPU_DEVICE_RT)/device,CPU_DEVICE_RT_FLAGS))
$(eval $(call hip2vx_compile_dir,$(HIP2VX_RUNTIME)/cpu/src,$(CPU_RT)/vortex,CPU_HOST_RT_FLAGS))
$(call hip2vx_host_build,$(CPU_DIR),CPU_HOST_FLAGS,$(CPU_RT),CPU_HOST_RT_FLAGS)

# Kernel binaries of unit $(1): its device source compiled once, linked once per kernel with that
# kernel's entry as main (HIP2VX_MAIN in hip2vx_device.h); --gc-sections drops the other kernels.
define hip2vx_cpu_kernels
$(CPU_DIR)/$(1).device.o: $($(1)_DEVICE_SRC)
	@mkdir -p $$(@D)
	$$(CXX) $$(CPU_DEVICE_FLAGS) $$(HIP2VX_SECTIONS) $$(DEPFLAGS) -c $$< -o $$@

$(CPU_DIR)/$(1).%.bin: $(CPU_DIR)/$(1).device.o $(CPU_DEVICE_RT_OBJ)
	$$(CXX) $$(CPU_LD_FLAGS) -shared $$^ -Wl,--gc-sections,--defsym=main=hip2vx_main_$$* -o $$@
endef
$(foreach u,$(HIP2VX_UNITS),$(eval $(call hip2vx_cpu_kernels,$(u))))

$(CPU_EXE): $(call hip2vx_unit_objs,$(CPU_DIR)) $(CPU_HIP_RT_OBJ) \
            $(CPU_BACKEND_OBJ) $(call hip2vx_extra_objs,$(CPU_DIR))
	$(CXX) $(CPU_LD_FLAGS) $^ $(HIP2VX_HOST_OPENMP) -lpthread -ldl -o $@

# ---- Vortex ------------------------------------------------------------------------------------

ifneq ($(filter run vortex,$(MAKECMDGOALS)),)
ifeq ($(VORTEX_HOME),)
$(error set VORTEX_HOME to a built Vortex v2.2 tree (make run VORTEX_HOME=...))
endif
endif

XLEN ?= $(HIP2VX_TRANSLATED_XLEN)
include $(HIP2VX_RUNTIME)/vortex-toolchain.mk

# One build directory per toolchain, so switching toolchains rebuilds the kernels.
VX_DIR := $(BUILD_DIR)/vx-$(VX_TOOLCHAIN)
VX_HOST_RT_FLAGS = $(HOST_CXXFLAGS) $(HIP2VX_HOST_DEFINES) -DHIP2VX_XLEN=$(XLEN) -I$(HIP2VX_RUNTIME)/include \
  -I$(VORTEX_HOME)/runtime/include
VX_HOST_FLAGS = $(HIP2VX_INCLUDE_FLAGS) $(VX_HOST_RT_FLAGS)
VX_RT := $(call hip2vx_rt_dir,VX_HOST_RT_FLAGS,$(VX_DIR))
VX_HIP_RT_OBJ := $(call hip2vx_objs,$(HIP2VX_RUNTIME)/src,$(VX_RT)/hip)
VX_EXE := $(VX_DIR)/$(PROGRAM)

vortex: $(VX_EXE)

run: $(VX_EXE)
	LD_LIBRARY_PATH=$(VORTEX_RT_PATH)$${LD_LIBRARY_PATH:+:$$LD_LIBRARY_PATH} \
	  VORTEX_DRIVER=$(VORTEX_DRIVER) $(VX_EXE) $(ARGS)

# Kernel ELF files of unit $(1), as the CPU backend's binaries: one compile, a link per kernel.
define hip2vx_vx_kernels
$(VX_DIR)/$(1).device.o: $($(1)_DEVICE_SRC)
	@mkdir -p $$(@D)
	$$(VX_CXX) $$(VX_CFLAGS) $$(DEPFLAGS) -c $$< -o $$@

$(VX_DIR)/$(1).%.elf: $(VX_DIR)/$(1).device.o
	$$(VX_CXX) $$(VX_CFLAGS) $$< $$(VX_LDFLAGS) -Wl,--defsym=main=hip2vx_main_$$* $$(VX_LIBS) -o $$@
endef
$(foreach u,$(HIP2VX_UNITS),$(eval $(call hip2vx_vx_kernels,$(u))))

$(VX_DIR)/%.bin: $(VX_DIR)/%.elf
	OBJCOPY=$(VX_CP) $(VXBIN) $< $@

$(call hip2vx_host_build,$(VX_DIR),VX_HOST_FLAGS,$(VX_RT),VX_HOST_RT_FLAGS)

$(VX_EXE): $(call hip2vx_unit_objs,$(VX_DIR)) $(VX_HIP_RT_OBJ) $(call hip2vx_extra_objs,$(VX_DIR))
	$(CXX) $^ $(HIP2VX_HOST_OPENMP) -L$(VORTEX_RT_PATH) -lvortex -lpthread -o $@

clean:
	rm -rf $(BUILD_DIR)

-include $(wildcard $(CPU_DIR)/*.d $(CPU_DIR)/extra/*.d $(VX_DIR)/*.d $(VX_DIR)/extra/*.d \
  $(CPU_RT)/*/*.d $(CPU_DEVICE_RT)/*/*.d $(VX_RT)/*/*.d)
