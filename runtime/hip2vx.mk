# hip2vx.mk: build rules shared by every program hip2vortex translates; included by the
# generated <stem>.mk, which defines first:
#   PROGRAM                 program name
#   KERNELS                 kernel instance ids (each becomes its own device binary)
#   DEVICE_SRC, HOST_SRC, REG_SRC   the generated device, host and registration sources
#   HIP2VX_RUNTIME          hip2vortex's runtime/ folder (the .mk finds it, or it is set by the user)
#   HIP2VX_TRANSLATED_XLEN  the XLEN the sources were translated for (32 or 64)
# and may define (the directory's Makefile does):
#   HOST_EXTRA_SRC          the program's C/C++ sources without GPU code (.c compiled as C, the
#                           rest, .cu included, as C++), linked in
#   HIP2VX_UNITS            the program's other translated sources (units), linked in: for each
#                           unit <u>, <u>_HOST_SRC, and if it has them <u>_DEVICE_SRC, <u>_REG_SRC
#                           and <u>_KERNELS (its kernel ids); a program may have no unit of its own
#                           (its main in a HOST_EXTRA_SRC source: no HOST_SRC)
#
# Targets:
#   make run-cpu [ARGS=...]   build with the system $(CXX) alone for the CPU backend
#                             (runtime/cpu) into build/cpu, then run build/cpu/$(PROGRAM) $(ARGS)
#   make cpu                  the same without running
#   make cpu-runtime          only the runtime's objects of the CPU build (into HIP2VX_CPU_RT_DIR)
#   make run VORTEX_HOME=<built Vortex v2.2 tree> [VORTEX_DRIVER=simx] [ARGS=...]
#                             build for Vortex into build/vx-$(VX_TOOLCHAIN) and run with its runtime library
#   make vortex VORTEX_HOME=...   the same without running
#   make clean                remove build/
# Kernel binaries are $(BUILD_DIR)/<cpu|vx>/$(PROGRAM).<id>.bin in both builds; the registration
# source embeds them from HIP2VX_BIN_DIR. Every variable below can be overridden.

BUILD_DIR ?= build
CPU_DIR := $(BUILD_DIR)/cpu
# The compiled runtime of the CPU build. It includes no header of the program, so programs built
# with the same compiler and HOST_CXXFLAGS can share one directory (the corpus script does: the
# runtime is two thirds of a small program's build).
HIP2VX_CPU_RT_DIR ?= $(CPU_DIR)/rt
HOST_CXXFLAGS ?= -std=c++17 -O2
# Headers the sources include from the translation's -I directories (the <stem>.mk sets them).
HIP2VX_INCLUDE_FLAGS = $(addprefix -I,$(HIP2VX_INCLUDE_DIRS))
# hipcc compiles every source of a HIP program, and defines __HIPCC__ for its host side too.
HIP2VX_HOST_DEFINES ?= -D__HIPCC__
DEPFLAGS = -MMD -MP

.PHONY: cpu cpu-runtime run-cpu vortex run clean
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

HOST_EXTRA_SRC ?=
HOST_CFLAGS ?= -O2
# The .mk's own source is one unit among the program's.
ifneq ($(HOST_SRC),)
HIP2VX_UNITS := $(PROGRAM) $(filter-out $(PROGRAM),$(HIP2VX_UNITS))
$(PROGRAM)_HOST_SRC := $(HOST_SRC)
$(PROGRAM)_DEVICE_SRC := $(DEVICE_SRC)
$(PROGRAM)_REG_SRC := $(REG_SRC)
$(PROGRAM)_KERNELS := $(KERNELS)
endif
# Host and registration objects of every unit in build directory $(1).
hip2vx_unit_objs = $(foreach u,$(HIP2VX_UNITS),$(1)/$(u).host.o $(if $($(u)_REG_SRC),$(1)/$(u).register.o))
# Objects of HOST_EXTRA_SRC in build directory $(1).
hip2vx_extra_objs = $(addprefix $(1)/extra/,$(addsuffix .o,$(HOST_EXTRA_SRC)))

# Rules for the host side of unit $(3) in build directory $(1) with the flags of variable $(2): its
# host source, and its registration source, which .incbin's the unit's kernel binaries (so it
# depends on them).
define hip2vx_unit_host_rules
$(1)/$(3).host.o: $($(3)_HOST_SRC)
	@mkdir -p $$(@D)
	$$(CXX) $$($(2)) $$(DEPFLAGS) -c $$< -o $$@

$(1)/$(3).register.o: $($(3)_REG_SRC) $($(3)_KERNELS:%=$(1)/$(3).%.bin)
	@mkdir -p $$(@D)
	$$(CXX) $$($(2)) $$(DEPFLAGS) -DHIP2VX_BIN_DIR='"$(1)"' -c $($(3)_REG_SRC) -o $$@
endef

# Rules for the host side of the build in directory $(1) with the flags of variable $(2): the
# runtime library (compiled into $(3)/hip) and the extra sources (C++ whatever the extension, but .c).
define hip2vx_host_rules
$(call hip2vx_compile_dir,$(HIP2VX_RUNTIME)/src,$(3)/hip,$(2))

$(1)/extra/%.c.o: %.c
	@mkdir -p $$(@D)
	$$(CC) $$(HOST_CFLAGS) $$(HIP2VX_INCLUDE_FLAGS) $$(DEPFLAGS) -c $$< -o $$@

$(1)/extra/%.o: %
	@mkdir -p $$(@D)
	$$(CXX) $$($(2)) $$(DEPFLAGS) -x c++ -c $$< -o $$@
endef

# Every host-side rule of build directory $(1) with the flags of variable $(2), the runtime in $(3).
hip2vx_host_build = $(eval $(call hip2vx_host_rules,$(1),$(2),$(3)))$(foreach u,$(HIP2VX_UNITS),$(eval $(call hip2vx_unit_host_rules,$(1),$(2),$(u))))

# ---- CPU backend -----------------------------------------------------------------------------
# A kernel binary is a shared object: the device source plus runtime/cpu/device (fibers,
# barriers, vx_spawn_threads), exporting only hip2vx_cpu_entry (see runtime/cpu/README.md).

# TLS descriptors where the compiler has them (gcc, clang >= 19): a kernel's threadIdx, blockIdx...
# are then read at a fixed offset from the thread pointer whenever the loader finds room for them
# in static TLS, instead of a call to __tls_get_addr per access.
CPU_TLS_FLAGS := $(shell $(CXX) -mtls-dialect=gnu2 -fPIC -x c++ -c /dev/null -o /dev/null 2>/dev/null && echo -mtls-dialect=gnu2)
CPU_DEVICE_FLAGS = $(HOST_CXXFLAGS) $(HIP2VX_INCLUDE_FLAGS) -DHIP2VX_CPU_BACKEND -I$(HIP2VX_RUNTIME)/cpu/include \
  -I$(HIP2VX_RUNTIME)/include -fPIC -fvisibility=hidden $(CPU_TLS_FLAGS)
CPU_HOST_FLAGS = $(HOST_CXXFLAGS) $(HIP2VX_INCLUDE_FLAGS) $(HIP2VX_HOST_DEFINES) -DHIP2VX_CPU_BACKEND -I$(HIP2VX_RUNTIME)/include \
  -I$(HIP2VX_RUNTIME)/cpu/include

CPU_DEVICE_RT_OBJ := $(call hip2vx_objs,$(HIP2VX_RUNTIME)/cpu/device,$(HIP2VX_CPU_RT_DIR)/device)
CPU_HIP_RT_OBJ := $(call hip2vx_objs,$(HIP2VX_RUNTIME)/src,$(HIP2VX_CPU_RT_DIR)/hip)
CPU_BACKEND_OBJ := $(call hip2vx_objs,$(HIP2VX_RUNTIME)/cpu/src,$(HIP2VX_CPU_RT_DIR)/vortex)
CPU_EXE := $(CPU_DIR)/$(PROGRAM)

cpu: $(CPU_EXE)

cpu-runtime: $(CPU_DEVICE_RT_OBJ) $(CPU_HIP_RT_OBJ) $(CPU_BACKEND_OBJ)

run-cpu: $(CPU_EXE)
	$(CPU_EXE) $(ARGS)

$(eval $(call hip2vx_compile_dir,$(HIP2VX_RUNTIME)/cpu/device,$(HIP2VX_CPU_RT_DIR)/device,CPU_DEVICE_FLAGS))
$(eval $(call hip2vx_compile_dir,$(HIP2VX_RUNTIME)/cpu/src,$(HIP2VX_CPU_RT_DIR)/vortex,CPU_HOST_FLAGS))
$(call hip2vx_host_build,$(CPU_DIR),CPU_HOST_FLAGS,$(HIP2VX_CPU_RT_DIR))

# Kernel binaries of unit $(1): its device source built for each of its kernels.
define hip2vx_cpu_kernels
$(CPU_DIR)/$(1).%.bin: $($(1)_DEVICE_SRC) $(CPU_DEVICE_RT_OBJ)
	@mkdir -p $$(@D)
	$$(CXX) $$(CPU_DEVICE_FLAGS) $$(DEPFLAGS) -DHIP2VX_ENTRY_$$* -shared $($(1)_DEVICE_SRC) \
	  $$(CPU_DEVICE_RT_OBJ) -o $$@
endef
$(foreach u,$(HIP2VX_UNITS),$(eval $(call hip2vx_cpu_kernels,$(u))))

$(CPU_EXE): $(call hip2vx_unit_objs,$(CPU_DIR)) $(CPU_HIP_RT_OBJ) \
            $(CPU_BACKEND_OBJ) $(call hip2vx_extra_objs,$(CPU_DIR))
	$(CXX) $^ -lpthread -ldl -o $@

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
VX_HOST_FLAGS = $(HOST_CXXFLAGS) $(HIP2VX_INCLUDE_FLAGS) $(HIP2VX_HOST_DEFINES) -DHIP2VX_XLEN=$(XLEN) -I$(HIP2VX_RUNTIME)/include \
  -I$(VORTEX_HOME)/runtime/include
VX_HIP_RT_OBJ := $(call hip2vx_objs,$(HIP2VX_RUNTIME)/src,$(VX_DIR)/rt/hip)
VX_EXE := $(VX_DIR)/$(PROGRAM)

vortex: $(VX_EXE)

run: $(VX_EXE)
	LD_LIBRARY_PATH=$(VORTEX_RT_PATH)$${LD_LIBRARY_PATH:+:$$LD_LIBRARY_PATH} \
	  VORTEX_DRIVER=$(VORTEX_DRIVER) $(VX_EXE) $(ARGS)

# Kernel ELF files of unit $(1).
define hip2vx_vx_kernels
$(VX_DIR)/$(1).%.elf: $($(1)_DEVICE_SRC)
	@mkdir -p $$(@D)
	$$(VX_CXX) $$(VX_CFLAGS) $$(DEPFLAGS) -DHIP2VX_ENTRY_$$* $($(1)_DEVICE_SRC) $$(VX_LDFLAGS) $$(VX_LIBS) -o $$@
endef
$(foreach u,$(HIP2VX_UNITS),$(eval $(call hip2vx_vx_kernels,$(u))))

$(VX_DIR)/%.bin: $(VX_DIR)/%.elf
	OBJCOPY=$(VX_CP) $(VXBIN) $< $@

$(call hip2vx_host_build,$(VX_DIR),VX_HOST_FLAGS,$(VX_DIR)/rt)

$(VX_EXE): $(call hip2vx_unit_objs,$(VX_DIR)) $(VX_HIP_RT_OBJ) $(call hip2vx_extra_objs,$(VX_DIR))
	$(CXX) $^ -L$(VORTEX_RT_PATH) -lvortex -lpthread -o $@

clean:
	rm -rf $(BUILD_DIR)

-include $(wildcard $(CPU_DIR)/*.d $(HIP2VX_CPU_RT_DIR)/*/*.d $(CPU_DIR)/extra/*.d $(VX_DIR)/*.d $(VX_DIR)/rt/*/*.d $(VX_DIR)/extra/*.d)
