// The simulated device's shape, from defaults and HIP2VX_CPU_* environment variables.
#pragma once
#include <cstdint>

namespace hip2vx_cpu {

struct Config {
  uint32_t threads;      // HIP2VX_CPU_THREADS: threads per warp
  uint32_t warps;        // HIP2VX_CPU_WARPS: warps per core (threads x warps = largest block)
  uint32_t cores;        // HIP2VX_CPU_CORES: reported only
  uint64_t local_mem;    // HIP2VX_CPU_LOCAL_MEM: local memory bytes per core
  uint64_t global_mem;   // HIP2VX_CPU_GLOBAL_MEM: allocatable bytes
  uint32_t workers;      // HIP2VX_CPU_WORKERS: host threads running blocks
  uint64_t stack_bytes;  // HIP2VX_CPU_STACK: stack of each device thread
};

// Returns false (after saying why on stderr) if a variable is malformed.
bool load_config(Config& config);

}  // namespace hip2vx_cpu
