// vx_intrinsics.h and vx_print.h on the CPU. Every device thread runs independently, so the
// divergence intrinsics have nothing to manage; the ids describe the device of the launch as if
// a block's threads filled consecutive warps of one core.
#include <VX_types.h>
#include <vx_intrinsics.h>
#include <vx_print.h>
#include <vx_spawn.h>

#include <algorithm>
#include <chrono>
#include <cstdarg>
#include <cstdio>
#include <string>

#include "block.h"

using namespace hip2vx_cpu;

namespace {

uint64_t nanoseconds() {
  return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                   std::chrono::steady_clock::now().time_since_epoch())
                                   .count());
}

}  // namespace

extern "C" size_t __hip2vx_csr_read(int csr) {
  switch (csr) {
    case VX_CSR_MSCRATCH: return reinterpret_cast<size_t>(launch().args);
    case VX_CSR_LOCAL_MEM_BASE: return reinterpret_cast<size_t>(launch().local_mem);
    case VX_CSR_MCYCLE:
    case VX_CSR_MINSTRET: return nanoseconds();
    case VX_CSR_MCYCLE_H:
    case VX_CSR_MINSTRET_H: return nanoseconds() >> 32;
    case VX_CSR_THREAD_ID: return vx_thread_id();
    case VX_CSR_WARP_ID: return vx_warp_id();
    case VX_CSR_CORE_ID: return vx_core_id();
    case VX_CSR_MHARTID:
      return (static_cast<size_t>(vx_core_id()) * launch().num_warps + vx_warp_id()) *
                 launch().num_threads + vx_thread_id();
    case VX_CSR_ACTIVE_THREADS: return vx_active_threads();
    case VX_CSR_ACTIVE_WARPS: return __warps_per_group;
    case VX_CSR_NUM_THREADS: return vx_num_threads();
    case VX_CSR_NUM_WARPS: return vx_num_warps();
    case VX_CSR_NUM_CORES: return vx_num_cores();
    default: return 0;
  }
}

extern "C" void __hip2vx_csr_write(int, size_t) {}  // nothing on the CPU is configurable

extern "C" void vx_tmc(int) {}
extern "C" void vx_pred(int, int) {}
extern "C" int vx_split(int) { return 0; }
extern "C" void vx_join(int) {}
extern "C" void vx_fence() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
extern "C" void vx_serial(vx_serial_cb callback, const void* arg) { callback(const_cast<void*>(arg)); }

extern "C" int vx_thread_id() { return static_cast<int>(thread_linear_id() % vx_num_threads()); }
extern "C" int vx_warp_id() { return static_cast<int>(thread_linear_id() / vx_num_threads()); }
extern "C" int vx_core_id() { return static_cast<int>(__local_group_id % launch().num_cores); }
extern "C" int vx_num_threads() { return static_cast<int>(launch().num_threads); }
extern "C" int vx_num_warps() { return static_cast<int>(launch().num_warps); }
extern "C" int vx_num_cores() { return static_cast<int>(launch().num_cores); }

extern "C" int vx_active_threads() {
  // The lanes of the caller's warp that hold a thread of the block.
  const uint32_t warp_start = thread_linear_id() / vx_num_threads() * vx_num_threads();
  const uint32_t lanes = std::min<uint32_t>(vx_num_threads(), block_threads() - warp_start);
  return static_cast<int>(lanes >= 32 ? ~0u : (1u << lanes) - 1);
}

extern "C" int vx_printf(const char* format, ...) {
  // Formatted first, then written with one call, so that lines of concurrent threads stay whole.
  char small[512];
  va_list ap;
  va_start(ap, format);
  const int n = std::vsnprintf(small, sizeof small, format, ap);
  va_end(ap);
  if (n < 0) return n;
  if (static_cast<size_t>(n) < sizeof small) return static_cast<int>(std::fwrite(small, 1, n, stdout));
  std::string big(static_cast<size_t>(n) + 1, '\0');
  va_start(ap, format);
  std::vsnprintf(big.data(), big.size(), format, ap);
  va_end(ap);
  return static_cast<int>(std::fwrite(big.data(), 1, n, stdout));
}
