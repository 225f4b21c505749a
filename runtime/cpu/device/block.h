// Device-side state of the CPU backend shared by the kernel binary's runtime files.
#pragma once
#include <cstdint>

#include "launch.h"

namespace hip2vx_cpu {

void set_launch(const Launch* launch);
const Launch& launch();

// The running device thread: its linear index in the block, and the block's thread count.
uint32_t thread_linear_id();
uint32_t block_threads();

}  // namespace hip2vx_cpu
