// vortex.h on the CPU: device memory is host memory (a device address is the host address),
// a kernel is a shared object that vx_start runs to its end on the calling thread, its blocks
// on a Pool of which that thread is a worker.
#include <algorithm>
#include <vortex.h>

#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "config.h"
#include "module.h"
#include "pool.h"

namespace hip2vx_cpu {
namespace {

constexpr uint64_t kAlignment = 64;
// Buffers of at least this size get a mapping of their own, aligned to it and advised for
// transparent huge pages: the first touch of a GPU-sized buffer then faults once per 2 MiB instead
// of once per 4 KiB (1 GiB on the development VM: 5.5 s of faults with 4 KiB pages, 2.2 s with 2 MiB).
constexpr uint64_t kHugePage = uint64_t{2} << 20;

struct Device;

// Mappings of freed large buffers, kept for the next allocation of the same length: a program
// that allocates and frees GPU-sized buffers in a loop would otherwise fault in every page of each
// one anew (glibc's heap keeps freed blocks for the same reason).
class SpareMappings {
 public:
  ~SpareMappings() {
    for (const auto& [block, length] : spare_) munmap(block, length);
  }
  void* take(size_t length) {
    for (auto it = spare_.begin(); it != spare_.end(); ++it) {
      if (it->second != length) continue;
      void* block = it->first;
      bytes_ -= length;
      spare_.erase(it);
      return block;
    }
    return nullptr;
  }
  void give(void* block, size_t length) {
    if (bytes_ + length > kKeptBytes) {
      munmap(block, length);
      return;
    }
    spare_.emplace_back(block, length);
    bytes_ += length;
  }

 private:
  static constexpr size_t kKeptBytes = size_t{1} << 30;
  std::vector<std::pair<void*, size_t>> spare_;
  size_t bytes_ = 0;
};

struct Buffer {
  Device* device;
  void* block;     // what calloc or mmap returned
  size_t mapped;   // the mapping's length; 0 if calloc'ed
  void* data;      // block, aligned to kAlignment (kHugePage if mapped)
  uint64_t size;
  uint64_t reserved;               // bytes counted as used
  std::shared_ptr<Module> module;  // set for kernel binaries
};

struct Device {
  Config config{};
  std::unique_ptr<Pool> pool;
  void* local_mem = nullptr;  // one slice of config.local_mem per worker it may have (map_local_memory)
  size_t local_mem_mapping = 0;

  std::mutex mutex;  // guards `used`, `spare` and `modules` (buffers are allocated from any thread)
  uint64_t used = 0;
  SpareMappings spare;
  std::map<std::string, std::shared_ptr<Module>> modules;  // by binary, so reuploads share

  Launch launch{};  // of the last launch
  int result = 0;   // of the last launch, reported by vx_ready_wait
  // Statistics for vx_dump_perf.
  std::atomic<uint64_t> launches{0}, blocks{0}, busy_ns{0};
};

// Every thread's device registers (launch.h: kRegistersBytes), in the program's static TLS: at the
// same offset from each thread's thread pointer, which is what kernel binaries are given.
alignas(16) __thread unsigned char t_registers[kRegistersBytes] __attribute__((tls_model("initial-exec")));

intptr_t registers_offset() {
  return reinterpret_cast<char*>(t_registers) - static_cast<char*>(__builtin_thread_pointer());
}

void parallel_for(void* device, uint64_t n, BlockBody body, void* ctx) {
  auto* d = static_cast<Device*>(device);
  d->blocks += n;
  d->pool->run(n, body, ctx);
}

void grow(void* device) { static_cast<Device*>(device)->pool->grow(kMaxWorkers); }

int fail(const char* what) {
  std::fprintf(stderr, "hip2vx cpu: %s\n", what);
  return -1;
}

// The result of the last launch, once (0 if there is none).
int finish(Device& d) {
  const int rc = d.result;
  d.result = 0;
  if (rc != 0) std::fprintf(stderr, "hip2vx cpu: kernel failed (main returned %d)\n", rc);
  return rc == 0 ? 0 : -1;
}

bool in_range(const Buffer* b, uint64_t offset, uint64_t size) {
  return b && offset <= b->size && size <= b->size - offset;
}

int new_buffer(Device* d, uint64_t size, vx_buffer_h* out, std::shared_ptr<Module> module = {}) {
  if (!d || !out || size == 0) return -1;
  const uint64_t reserved = (size + kAlignment - 1) / kAlignment * kAlignment;
  {
    std::lock_guard<std::mutex> lock(d->mutex);
    if (reserved > d->config.global_mem - d->used) return fail("out of device memory");
    d->used += reserved;
  }
  // Zeroed memory whose pages are committed on first touch, so a GPU-sized buffer the program
  // only partly uses costs only what it uses. calloc's alignment is 16: the block is
  // over-allocated and the address rounded up.
  const bool huge = reserved >= kHugePage;
  const size_t length = huge ? (reserved + 2 * kHugePage - 1) / kHugePage * kHugePage : reserved + kAlignment;
  void* block = nullptr;
  bool reused = false;
  if (huge) {
    {
      std::lock_guard<std::mutex> lock(d->mutex);
      block = d->spare.take(length);
    }
    reused = block != nullptr;
    if (!reused) block = mmap(nullptr, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  } else {
    block = std::calloc(1, length);
  }
  if (block == MAP_FAILED || !block) {
    std::lock_guard<std::mutex> lock(d->mutex);
    d->used -= reserved;
    return fail("out of host memory");
  }
  const uintptr_t align = huge ? kHugePage : kAlignment;
  void* data = reinterpret_cast<void*>((reinterpret_cast<uintptr_t>(block) + align - 1) & ~(align - 1));
  if (reused) std::memset(data, 0, reserved);
  else if (huge) madvise(data, reserved, MADV_HUGEPAGE);  // advice: without THP, plain pages
  *out = new Buffer{d, block, huge ? length : 0, data, size, reserved, std::move(module)};
  return 0;
}

// GPUs address shared memory with 32-bit offsets, so an index computed in 32 bits that wraps
// (`s[~x]` with x unsigned, merge's binary search: s - (x + 1) there) lands 2^32 elements further
// on in a 64-bit process. The slices are mapped again at 2^32 times each element size (1 to 16
// bytes), so such an access reaches the element the GPU (and 32-bit Vortex) would; everything else
// in the reserved range stays inaccessible, so overruns still fault.
constexpr int kWrapShifts[] = {32, 33, 34, 35, 36};

void* map_local_memory(size_t slices, size_t page, size_t* mapped) {
  const size_t span = (size_t{1} << 36) + slices + page;
  char* base = static_cast<char*>(mmap(nullptr, span, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0));
  if (base == MAP_FAILED) return nullptr;
  const int fd = memfd_create("hip2vx-local-memory", MFD_CLOEXEC);
  bool ok = fd >= 0 && ftruncate(fd, static_cast<off_t>(slices)) == 0 &&
            mmap(base, slices, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd, 0) != MAP_FAILED;
  for (int shift : kWrapShifts)
    ok = ok && mmap(base + (size_t{1} << shift), slices, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd, 0) != MAP_FAILED;
  if (fd >= 0) close(fd);  // the mappings keep the memory
  if (!ok) {
    munmap(base, span);
    return nullptr;
  }
  *mapped = span;
  return base;
}

}  // namespace
}  // namespace hip2vx_cpu

using namespace hip2vx_cpu;

extern "C" {

int vx_dev_open(vx_device_h* out) {
  if (!out) return -1;
  auto d = std::make_unique<Device>();
  if (!load_config(d->config)) return -1;
  const Config& c = d->config;
  const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  // A slice for every worker the pool may grow to (Launch::grow); pages are committed when touched.
  const size_t slices = (c.local_mem * std::max(c.workers, kMaxWorkers) + page - 1) / page * page;
  void* m = map_local_memory(slices, page, &d->local_mem_mapping);
  if (!m) return fail("cannot map local memory");
  d->local_mem = m;
  d->pool = std::make_unique<Pool>(c.workers);
  *out = d.release();
  return 0;
}

int vx_dev_close(vx_device_h hdevice) {
  auto* d = static_cast<Device*>(hdevice);
  if (!d) return -1;
  finish(*d);
  d->pool.reset();  // joins the workers (their fiber stacks are freed by the kernel binaries)
  d->modules.clear();
  munmap(d->local_mem, d->local_mem_mapping);
  delete d;
  return 0;
}

int vx_dev_caps(vx_device_h hdevice, uint32_t caps_id, uint64_t* value) {
  auto* d = static_cast<Device*>(hdevice);
  if (!d || !value) return -1;
  const Config& c = d->config;
  switch (caps_id) {
    case VX_CAPS_VERSION: *value = 1; break;
    case VX_CAPS_NUM_THREADS: *value = c.threads; break;
    case VX_CAPS_NUM_WARPS: *value = c.warps; break;
    case VX_CAPS_NUM_CORES: *value = c.cores; break;
    case VX_CAPS_CACHE_LINE_SIZE: *value = kAlignment; break;
    case VX_CAPS_GLOBAL_MEM_SIZE: *value = c.global_mem; break;
    case VX_CAPS_LOCAL_MEM_SIZE: *value = c.local_mem; break;
    // misa layout: MXL = 2 (64-bit, the host's pointers) and the I, M, A, F, D letters.
    case VX_CAPS_ISA_FLAGS:
      *value = 2ull << 30 | 1 << ('I' - 'A') | 1 << ('M' - 'A') | 1 << 0 | 1 << ('F' - 'A') |
               1 << ('D' - 'A');
      break;
    case VX_CAPS_NUM_MEM_BANKS: *value = 1; break;
    case VX_CAPS_MEM_BANK_SIZE: *value = c.global_mem; break;
    default: return -1;
  }
  return 0;
}

int vx_mem_alloc(vx_device_h hdevice, uint64_t size, int, vx_buffer_h* hbuffer) {
  return new_buffer(static_cast<Device*>(hdevice), size, hbuffer);
}

int vx_mem_free(vx_buffer_h hbuffer) {
  auto* b = static_cast<Buffer*>(hbuffer);
  if (!b) return 0;
  {
    std::lock_guard<std::mutex> lock(b->device->mutex);
    b->device->used -= b->reserved;
    if (b->mapped) b->device->spare.give(b->block, b->mapped);
  }
  if (!b->mapped) std::free(b->block);
  delete b;
  return 0;
}

int vx_mem_address(vx_buffer_h hbuffer, uint64_t* address) {
  auto* b = static_cast<Buffer*>(hbuffer);
  if (!b || !address) return -1;
  *address = reinterpret_cast<uint64_t>(b->data);
  return 0;
}

int vx_mem_info(vx_device_h hdevice, uint64_t* mem_free, uint64_t* mem_used) {
  auto* d = static_cast<Device*>(hdevice);
  if (!d) return -1;
  std::lock_guard<std::mutex> lock(d->mutex);
  if (mem_free) *mem_free = d->config.global_mem - d->used;
  if (mem_used) *mem_used = d->used;
  return 0;
}

int vx_copy_to_dev(vx_buffer_h hbuffer, const void* host_ptr, uint64_t dst_offset, uint64_t size) {
  auto* b = static_cast<Buffer*>(hbuffer);
  if (!in_range(b, dst_offset, size) || (!host_ptr && size)) return -1;
  std::memcpy(static_cast<char*>(b->data) + dst_offset, host_ptr, size);
  return 0;
}

int vx_copy_from_dev(void* host_ptr, vx_buffer_h hbuffer, uint64_t src_offset, uint64_t size) {
  auto* b = static_cast<Buffer*>(hbuffer);
  if (!in_range(b, src_offset, size) || (!host_ptr && size)) return -1;
  std::memcpy(host_ptr, static_cast<const char*>(b->data) + src_offset, size);
  return 0;
}

int vx_upload_bytes(vx_device_h hdevice, const void* content, uint64_t size, vx_buffer_h* hbuffer) {
  if (!content) return -1;
  const int rc = new_buffer(static_cast<Device*>(hdevice), size, hbuffer);
  return rc ? rc : vx_copy_to_dev(*hbuffer, content, 0, size);
}

int vx_upload_kernel_bytes(vx_device_h hdevice, const void* content, uint64_t size,
                           vx_buffer_h* hbuffer) {
  auto* d = static_cast<Device*>(hdevice);
  if (!d || !content || !hbuffer || size == 0) return -1;
  std::string bytes(static_cast<const char*>(content), size);
  std::shared_ptr<Module> module;
  {
    std::lock_guard<std::mutex> lock(d->mutex);
    auto& slot = d->modules[bytes];
    if (!slot) slot = std::make_shared<Module>(bytes);
    module = slot;
  }
  if (!module->entry()) {
    std::fprintf(stderr, "hip2vx cpu: cannot load the kernel: %s\n", module->error().c_str());
    return -1;
  }
  const int rc = new_buffer(d, size, hbuffer, std::move(module));
  return rc ? rc : vx_copy_to_dev(*hbuffer, content, 0, size);
}

int vx_upload_kernel_file(vx_device_h hdevice, const char* filename, vx_buffer_h* hbuffer) {
  std::ifstream in(filename ? filename : "", std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "hip2vx cpu: cannot read %s\n", filename ? filename : "(null)");
    return -1;
  }
  std::ostringstream bytes;
  bytes << in.rdbuf();
  const std::string s = bytes.str();
  return vx_upload_kernel_bytes(hdevice, s.data(), s.size(), hbuffer);
}

int vx_start(vx_device_h hdevice, vx_buffer_h hkernel, vx_buffer_h harguments) {
  auto* d = static_cast<Device*>(hdevice);
  auto* kernel = static_cast<Buffer*>(hkernel);
  auto* args = static_cast<Buffer*>(harguments);
  if (!d || !kernel || !kernel->module || !args) return -1;
  finish(*d);  // an unclaimed failure of the previous launch is reported now
  const Config& c = d->config;
  d->launch = Launch{kLaunchAbiVersion, c.threads, c.warps, c.cores, c.workers, c.stack_bytes,
                     args->data, d->local_mem, parallel_for, grow, d, registers_offset()};
  ++d->launches;
  // The launch runs to its end here: handing it to another thread costs a thread wake-up, more
  // than many small kernels take. The price is that host work between a launch and its wait no
  // longer overlaps the kernel, which already keeps every worker busy.
  const auto start = std::chrono::steady_clock::now();
  d->result = kernel->module->entry()(&d->launch);
  d->busy_ns += std::chrono::duration_cast<std::chrono::nanoseconds>(
                    std::chrono::steady_clock::now() - start).count();
  return 0;
}

int vx_ready_wait(vx_device_h hdevice, uint64_t) {
  auto* d = static_cast<Device*>(hdevice);
  return d ? finish(*d) : -1;
}

int vx_check_occupancy(vx_device_h hdevice, uint32_t group_size, uint32_t* max_localmem) {
  auto* d = static_cast<Device*>(hdevice);
  if (!d) return -1;
  const Config& c = d->config;
  if (group_size == 0 || uint64_t{group_size} > uint64_t{c.threads} * c.warps) return -1;
  // A worker runs one block at a time in its own slice, so every group may use all of it (Vortex
  // divides a core's local memory among the groups it runs at once: a small block gets a sliver).
  if (max_localmem) *max_localmem = static_cast<uint32_t>(c.local_mem);
  return 0;
}

int vx_dump_perf(vx_device_h hdevice, FILE* stream) {
  auto* d = static_cast<Device*>(hdevice);
  if (!d || !stream) return -1;
  std::fprintf(stream, "PERF: launches=%llu, blocks=%llu, kernel time=%.3f ms\n",
               static_cast<unsigned long long>(d->launches.load()),
               static_cast<unsigned long long>(d->blocks.load()), d->busy_ns.load() / 1e6);
  return 0;
}

}  // extern "C"
