/* CPU backend: hidden declarations, as in vx_spawn.h. */
#pragma once
#pragma GCC visibility push(hidden)
#include "../../vortex-decls/vx_intrinsics.h"
#pragma GCC visibility pop
