#include "config.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include <unistd.h>

namespace hip2vx_cpu {
namespace {

// Reads a positive integer (decimal or 0x hex) into value when the variable is set.
template <class T>
bool read_env(const char* name, T& value) {
  const char* text = std::getenv(name);
  if (!text || !*text) return true;
  char* end = nullptr;
  errno = 0;
  const unsigned long long v = std::strtoull(text, &end, 0);
  if (errno || *end || v == 0 || static_cast<T>(v) != v || text[0] == '-') {
    std::fprintf(stderr, "hip2vx cpu: %s=%s is not a positive integer\n", name, text);
    return false;
  }
  value = static_cast<T>(v);
  return true;
}

// The host's physical memory: device memory is host memory, so a program may allocate as much as
// the host holds (pages are only committed when touched).
uint64_t host_memory() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  return pages > 0 && page > 0 ? uint64_t(pages) * uint64_t(page) : 4ull << 30;
}

}  // namespace

bool load_config(Config& c) {
  // 32 x 32: every block a GPU runs (1024 threads), as in simx's largest configuration.
  c = Config{32, 32, 4, 64 << 10, host_memory(), std::max(1u, std::thread::hardware_concurrency()),
             64 << 10};
  return read_env("HIP2VX_CPU_THREADS", c.threads) && read_env("HIP2VX_CPU_WARPS", c.warps) &&
         read_env("HIP2VX_CPU_CORES", c.cores) && read_env("HIP2VX_CPU_LOCAL_MEM", c.local_mem) &&
         read_env("HIP2VX_CPU_GLOBAL_MEM", c.global_mem) &&
         read_env("HIP2VX_CPU_WORKERS", c.workers) && read_env("HIP2VX_CPU_STACK", c.stack_bytes);
}

}  // namespace hip2vx_cpu
