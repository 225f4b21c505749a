/* CPU backend: hidden declarations, as in vx_spawn.h. */
#pragma once
#pragma GCC visibility push(hidden)
#include "../../vortex-decls/vx_print.h"
#pragma GCC visibility pop
