/* CPU backend: the device declarations of runtime/vortex-decls, implemented by
   runtime/cpu/device and linked into every kernel binary. Hidden so that each kernel
   binary binds to its own copy and never to a same-named symbol of the host program. */
#pragma once
#pragma GCC visibility push(hidden)
#include "../../vortex-decls/vx_spawn.h"
#pragma GCC visibility pop
