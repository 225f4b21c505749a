// Kernel registration and launches. Vortex loads every kernel image at the same address and runs
// one kernel at a time, so one image is resident (re-uploaded only when another kernel is
// launched) and at most one launch is in flight; waitIdle() completes it.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "hip2vx_internal.h"

namespace hip2vx {

namespace {
struct Kernel {
  std::string name;
  const void* binary;
  size_t binarySize;
  std::vector<hipKernelArgumentMetadata> args;
  size_t staticShared;
  size_t warpScratchPerThread = 0;  // warp operations' scratch, after the shared data
  uint64_t maxThreads = 0;           // its __launch_bounds__; 0 if it has none
};

// Function-local: registration runs in static constructors of other translation units.
std::map<const void*, Kernel>& kernels() {
  static auto* table = new std::map<const void*, Kernel>();  // never destroyed (hip2vx_internal.h)
  return *table;
}

const void* residentBinary = nullptr;
vx_buffer_h residentImage = nullptr;
vx_buffer_h inFlightArgs = nullptr;  // non-null while a kernel runs

// The argument buffer header (docs/design.md).
struct LaunchHeader {
  uint32_t gridDim[3];
  uint32_t blockDim[3];
  uint64_t sharedMem;  // dynamic shared bytes of this launch
};
static_assert(sizeof(LaunchHeader) == 32, "the device reads a 32-byte header");

size_t roundUp(size_t value, size_t to) { return (value + to - 1) / to * to; }

uint64_t volume(const dim3& d) { return uint64_t(d.x) * d.y * d.z; }

bool isPowerOfTwo(size_t value) { return value != 0 && (value & (value - 1)) == 0; }

// Parameters must be aligned, in increasing order and not overlapping; pointers are 4 or 8 bytes.
bool validMetadata(const hipKernelArgumentMetadata* args, size_t count) {
  size_t end = 0;
  for (size_t i = 0; i < count; ++i) {
    const hipKernelArgumentMetadata& arg = args[i];
    if (!isPowerOfTwo(arg.alignment) || arg.offset % arg.alignment != 0 || arg.offset < end ||
        arg.size == 0 || (arg.is_pointer && arg.size != 4 && arg.size != 8))
      return false;
    end = arg.offset + arg.size;
  }
  return true;
}

hipError_t checkGeometry(const dim3& grid, const dim3& block, const DeviceCaps& caps) {
  const uint64_t blockThreads = volume(block), groups = volume(grid);
  if (blockThreads == 0 || groups == 0 || groups > UINT32_MAX) return hipErrorInvalidConfiguration;
  // A block runs on one core.
  return blockThreads <= caps.numThreads * caps.numWarps ? hipSuccess : hipErrorInvalidConfiguration;
}

// Static __shared__ data comes first, the dynamic array after it, in one per-block slice. A core
// gives each block in flight its own slice, and vx_check_occupancy divides the core's local memory
// by the blocks of that size it could hold at once; a launch of fewer blocks has only those in
// flight (the device entry places them so: hip2vx_local_mem_slots), so it is asked about a group
// of the core's warps divided among them (lud's 2 blocks of 32 threads on 32 warps x 32 threads
// need 2 slices of 3 KB, not 32). The CPU backend gives any group a whole slice.
hipError_t checkSharedMemory(vx_device_h device, const dim3& grid, const dim3& block, size_t sharedBytes,
                             const DeviceCaps& caps) {
  const uint64_t warpsPerBlock = (volume(block) + caps.numThreads - 1) / caps.numThreads;
  const uint64_t inFlight = std::min<uint64_t>(volume(grid), caps.numWarps / warpsPerBlock);
  const uint64_t groupThreads = caps.numWarps / inFlight * caps.numThreads;
  uint32_t maxLocalMem = 0;
  if (vx_check_occupancy(device, static_cast<uint32_t>(groupThreads), &maxLocalMem) != 0)
    return hipErrorInvalidConfiguration;
  return sharedBytes <= maxLocalMem ? hipSuccess : hipErrorLaunchOutOfResources;
}

// Writes a device address as `size` little-endian bytes (the device's pointer width).
hipError_t packPointer(const void* arg, size_t size, unsigned char* out) {
  void* pointer = nullptr;
  std::memcpy(&pointer, arg, sizeof pointer);
  const uint64_t address = deviceAddressOf(pointer);
  if (size < sizeof address && (address >> (8 * size)) != 0) return hipErrorInvalidDevicePointer;
  for (size_t i = 0; i < size; ++i) out[i] = static_cast<unsigned char>(address >> (8 * i));
  return hipSuccess;
}

// The launches' status word, in device memory (the argument buffer is read-only on Vortex): the
// device sets it on a failed assert or __trap. Its address follows the argument struct, as a
// 64-bit little-endian value (a 32-bit device reads the low word).
void* statusWord = nullptr;

hipError_t resetStatus() {
  if (!statusWord) {
    hipError_t error = allocDevice(sizeof(uint64_t), &statusWord);
    if (error != hipSuccess) return error;
  }
  const uint64_t zero = 0;
  return copyMemory(statusWord, &zero, sizeof zero, hipMemcpyHostToDevice);
}

hipError_t packArguments(const Kernel& kernel, const LaunchHeader& header, void** args,
                         std::vector<unsigned char>& buffer) {
  if (!kernel.args.empty() && !args) return hipErrorInvalidValue;
  const size_t end = kernel.args.empty() ? 0 : kernel.args.back().offset + kernel.args.back().size;
  const size_t statusAt = roundUp(sizeof header + end, 8);
  buffer.assign(statusAt + sizeof(uint64_t), 0);
  const uint64_t status = reinterpret_cast<uintptr_t>(statusWord);
  std::memcpy(buffer.data() + statusAt, &status, sizeof status);
  std::memcpy(buffer.data(), &header, sizeof header);
  for (size_t i = 0; i < kernel.args.size(); ++i) {
    const hipKernelArgumentMetadata& arg = kernel.args[i];
    if (!args[i]) return hipErrorInvalidValue;  // fewer arguments than the kernel's parameters
    unsigned char* out = buffer.data() + sizeof header + arg.offset;
    if (!arg.is_pointer) {
      std::memcpy(out, args[i], arg.size);
      continue;
    }
    hipError_t error = packPointer(args[i], arg.size, out);
    if (error != hipSuccess) {
      // Programs rarely check a launch's error: say why nothing ran.
      std::fprintf(stderr, "hip2vx: kernel %s: not launched: its argument %zu is an address the device cannot reach (a host pointer?)\n",
                   kernel.name.c_str(), i + 1);
      return error;
    }
  }
  return hipSuccess;
}

hipError_t makeResident(vx_device_h device, const Kernel& kernel) {
  if (residentBinary == kernel.binary) return hipSuccess;
  releaseKernelImage();
  if (vx_upload_kernel_bytes(device, kernel.binary, kernel.binarySize, &residentImage) != 0) {
    residentImage = nullptr;
    return hipErrorInvalidKernelFile;
  }
  residentBinary = kernel.binary;
  return hipSuccess;
}

// With HIP2VX_PERF set, each finished launch prints its kernel and shape, then the device's
// performance counters (on simx: `PERF: instrs=..., cycles=...`), to stderr.
struct InFlight {
  std::string kernel;
  LaunchHeader header;
};
InFlight inFlight;

void reportPerf(vx_device_h device) {
  static const bool enabled = std::getenv("HIP2VX_PERF") != nullptr;
  if (!enabled) return;
  const LaunchHeader& h = inFlight.header;
  std::fprintf(stderr, "hip2vx-perf: kernel=%s grid=%u,%u,%u block=%u,%u,%u shared=%llu\n",
               inFlight.kernel.c_str(), h.gridDim[0], h.gridDim[1], h.gridDim[2], h.blockDim[0],
               h.blockDim[1], h.blockDim[2], static_cast<unsigned long long>(h.sharedMem));
  vx_dump_perf(device, stderr);
}

// A failed device assert or __trap (the device printed where; the bits are hip2vx_device.h's
// HIP2VX_STATUS_*): a trap is a launch failure, as in CUDA and HIP. A launch whose blocks did not
// fit in the local memory the device really has (the device printed the sizes) ran nothing.
hipError_t checkStatus() {
  uint32_t status = 0;
  hipError_t error = copyMemory(&status, statusWord, sizeof status, hipMemcpyDeviceToHost);
  if (error != hipSuccess || status == 0) return error;
  if (status & 4u) {
    std::fprintf(stderr, "hip2vx: kernel %s: not launched (local memory)\n", inFlight.kernel.c_str());
    return hipErrorLaunchOutOfResources;
  }
  const bool trapped = status & 2u;
  std::fprintf(stderr, "hip2vx: kernel %s: %s\n", inFlight.kernel.c_str(), trapped ? "device trap (launch failure)" : "device-side assert triggered");
  return trapped ? hipErrorLaunchFailure : hipErrorAssert;
}

hipError_t start(vx_device_h device, const std::vector<unsigned char>& arguments) {
  vx_buffer_h argsBuffer = nullptr;
  if (vx_upload_bytes(device, arguments.data(), arguments.size(), &argsBuffer) != 0)
    return hipErrorOutOfMemory;
  if (vx_start(device, residentImage, argsBuffer) != 0) {
    vx_mem_free(argsBuffer);
    return hipErrorLaunchFailure;
  }
  inFlightArgs = argsBuffer;
  return hipSuccess;
}

hipError_t launch(const void* function_address, const dim3& grid, const dim3& block, void** args,
                  size_t sharedBytes) {
  auto found = kernels().find(function_address);
  if (found == kernels().end()) return hipErrorInvalidDeviceFunction;
  const Kernel& kernel = found->second;
  vx_device_h device;
  const DeviceCaps* caps = nullptr;
  hipError_t error = openDevice(&device, &caps);
  if (error == hipSuccess) error = checkGeometry(grid, block, *caps);
  // Programs rarely check a launch's error: say on stderr why nothing ran (as for a trap).
  if (error == hipErrorInvalidConfiguration && (volume(grid) == 0 || volume(block) == 0))
    std::fprintf(stderr, "hip2vx: kernel %s: not launched: grid %u,%u,%u of blocks %u,%u,%u is empty (an error on a GPU too)\n",
                 kernel.name.c_str(), grid.x, grid.y, grid.z, block.x, block.y, block.z);
  else if (error == hipErrorInvalidConfiguration)
    std::fprintf(stderr, "hip2vx: kernel %s: not launched: grid %u,%u,%u of blocks %u,%u,%u; a block runs on one core, which has %lu warps of %lu threads\n",
                 kernel.name.c_str(), grid.x, grid.y, grid.z, block.x, block.y, block.z,
                 static_cast<unsigned long>(caps->numWarps), static_cast<unsigned long>(caps->numThreads));
  // As on a GPU: the kernel was compiled for blocks of at most its bound (shared arrays sized by it).
  if (error == hipSuccess && kernel.maxThreads && volume(block) > kernel.maxThreads) {
    std::fprintf(stderr, "hip2vx: kernel %s: not launched: blocks of %llu threads, more than its __launch_bounds__ (%llu)\n",
                 kernel.name.c_str(), static_cast<unsigned long long>(volume(block)), static_cast<unsigned long long>(kernel.maxThreads));
    error = hipErrorLaunchOutOfResources;
  }
  if (error == hipSuccess) {
    size_t bytes = roundUp(kernel.staticShared, 16) + sharedBytes;
    if (kernel.warpScratchPerThread) bytes = roundUp(bytes, 8) + volume(block) * kernel.warpScratchPerThread;
    error = checkSharedMemory(device, grid, block, bytes, *caps);
    if (error != hipSuccess)
      std::fprintf(stderr, "hip2vx: kernel %s: not launched: a block of %llu threads needs %zu bytes of shared memory, more than a core offers each of the blocks it runs at once\n",
                   kernel.name.c_str(), static_cast<unsigned long long>(volume(block)), bytes);
  }
  const LaunchHeader header{{grid.x, grid.y, grid.z}, {block.x, block.y, block.z}, sharedBytes};
  std::vector<unsigned char> arguments;
  if (error == hipSuccess) error = resetStatus();  // also waits for the kernel in flight
  if (error == hipSuccess) error = packArguments(kernel, header, args, arguments);
  if (error == hipSuccess) error = waitIdle();
  if (error == hipSuccess) error = makeResident(device, kernel);
  if (error == hipSuccess) error = uploadManaged();
  if (error == hipSuccess) inFlight = InFlight{kernel.name, header};
  return error != hipSuccess ? error : start(device, arguments);
}
}  // namespace

hipError_t waitIdle() {
  if (!inFlightArgs) return hipSuccess;
  vx_device_h device;
  hipError_t error = openDevice(&device);
  if (error == hipSuccess && vx_ready_wait(device, VX_MAX_TIMEOUT) != 0) error = hipErrorLaunchFailure;
  if (error == hipSuccess) reportPerf(device);
  vx_mem_free(inFlightArgs);
  inFlightArgs = nullptr;
  if (error == hipSuccess) error = checkStatus();
  return error != hipSuccess ? error : downloadManaged();
}

void forgetStatusWord() { statusWord = nullptr; }

void releaseKernelImage() {
  if (residentImage) vx_mem_free(residentImage);
  residentImage = nullptr;
  residentBinary = nullptr;
}

}  // namespace hip2vx

using hip2vx::api;

hipError_t __hipRegisterFunctionWithMetadata(void** function_address, const char* kernel_name,
                                             const void* kernel_binary, size_t kernel_size,
                                             size_t num_args,
                                             const hipKernelArgumentMetadata* arg_metadata) {
  return api([&] {
    if (!function_address || !kernel_name || !kernel_binary || kernel_size == 0 ||
        (num_args != 0 && !arg_metadata) || !hip2vx::validMetadata(arg_metadata, num_args))
      return hipErrorInvalidValue;
    hip2vx::kernels()[function_address] = hip2vx::Kernel{
        kernel_name, kernel_binary, kernel_size, {arg_metadata, arg_metadata + num_args}, 0};
    return hipSuccess;
  });
}

namespace {
/** Sets a property of a registered kernel. */
template <typename F>
hipError_t setKernel(void** function_address, F set) {
  return api([&] {
    auto found = hip2vx::kernels().find(function_address);
    if (found == hip2vx::kernels().end()) return hipErrorInvalidDeviceFunction;
    set(found->second);
    return hipSuccess;
  });
}
}  // namespace

hipError_t __hip2vxSetKernelStaticShared(void** function_address, size_t static_shared_bytes) {
  return setKernel(function_address, [&](hip2vx::Kernel& k) { k.staticShared = static_shared_bytes; });
}

hipError_t __hip2vxSetKernelWarpScratch(void** function_address, size_t bytes_per_thread) {
  return setKernel(function_address, [&](hip2vx::Kernel& k) { k.warpScratchPerThread = bytes_per_thread; });
}

hipError_t __hip2vxSetKernelMaxThreads(void** function_address, unsigned int max_threads) {
  return setKernel(function_address, [&](hip2vx::Kernel& k) { k.maxThreads = max_threads; });
}

namespace hip2vx {
namespace {
/** A launch owning copies of its arguments (pointers at the host's width), so it can run after the
    caller's variables are gone: a launch recorded into a graph. */
struct OwnedLaunch {
  const void* function;
  dim3 grid, block;
  size_t sharedBytes;
  std::vector<std::vector<unsigned char>> values;

  hipError_t operator()() const {
    std::vector<void*> args;
    for (const auto& v : values) args.push_back(const_cast<unsigned char*>(v.data()));
    return launch(function, grid, block, args.data(), sharedBytes);
  }
};

/** The launch with its arguments copied; an unknown kernel or a missing argument fails now. */
hipError_t ownLaunch(const void* function, dim3 grid, dim3 block, void** args, size_t sharedBytes, OwnedLaunch* out) {
  auto found = kernels().find(function);
  if (found == kernels().end()) return hipErrorInvalidDeviceFunction;
  *out = OwnedLaunch{function, grid, block, sharedBytes, {}};
  for (size_t i = 0; i < found->second.args.size(); ++i) {
    if (!args || !args[i]) return hipErrorInvalidValue;
    const hipKernelArgumentMetadata& arg = found->second.args[i];
    const auto* bytes = static_cast<const unsigned char*>(args[i]);
    out->values.emplace_back(bytes, bytes + (arg.is_pointer ? sizeof(void*) : arg.size));
  }
  return hipSuccess;
}
}  // namespace
}  // namespace hip2vx

// Launch stubs of kernels named as values (hip2vx_host.h's kernel_ref), by handle.
namespace hip2vx {
using erased_stub = void (*)();
namespace {
std::map<const void*, erased_stub>& valueStubs() {
  static auto* table = new std::map<const void*, erased_stub>();  // never destroyed (hip2vx_internal.h)
  return *table;
}
}  // namespace

void remember_stub(const void* handle, erased_stub stub) {
  std::lock_guard<std::recursive_mutex> lock(runtimeMutex());
  valueStubs()[handle] = stub;
}

erased_stub stub_of(const void* handle) {
  std::lock_guard<std::recursive_mutex> lock(runtimeMutex());
  auto found = valueStubs().find(handle);
  return found == valueStubs().end() ? nullptr : found->second;
}
}  // namespace hip2vx

hipError_t hipLaunchKernel(const void* function_address, dim3 grid, dim3 block, void** args,
                           size_t shared_mem_bytes, hipStream_t stream) {
  return api([&] {
    if (!hip2vx::captureOf(stream)) {
      return hip2vx::onStream(stream, [&] { return hip2vx::launch(function_address, grid, block, args, shared_mem_bytes); });
    }
    hip2vx::OwnedLaunch owned;
    hipError_t error = hip2vx::ownLaunch(function_address, grid, block, args, shared_mem_bytes, &owned);
    return error != hipSuccess ? error : hip2vx::onStream(stream, std::move(owned));
  });
}

// Occupancy as Vortex runs blocks: each on one core, one at a time per core, bounded by the core's
// threads and by its local memory (static shared data rounded to 16, then the dynamic part).
namespace hip2vx {
namespace {
hipError_t kernelAndCaps(const void* f, const Kernel** kernel, const DeviceCaps** caps) {
  auto found = kernels().find(f);
  if (found == kernels().end()) return hipErrorInvalidDeviceFunction;
  *kernel = &found->second;
  return openDevice(nullptr, caps);
}

uint64_t blockThreadsOf(const DeviceCaps& caps) { return caps.numThreads * caps.numWarps; }

// The most threads a block of `kernel` may have: a core's, or fewer by its __launch_bounds__.
uint64_t blockThreadsOf(const Kernel& kernel, const DeviceCaps& caps) {
  return kernel.maxThreads ? std::min(kernel.maxThreads, blockThreadsOf(caps)) : blockThreadsOf(caps);
}
}  // namespace
}  // namespace hip2vx

hipError_t hipFuncSetAttribute(const void* f, hipFuncAttribute attr, int value) {
  return api([&] {
    if (!f || value < 0 || (attr != hipFuncAttributeMaxDynamicSharedMemorySize && attr != hipFuncAttributePreferredSharedMemoryCarveout)) return hipErrorInvalidValue;
    return hipSuccess;
  });
}

hipError_t hipFuncGetAttributes(hipFuncAttributes* attr, const void* f) {
  return api([&] {
    const hip2vx::Kernel* kernel = nullptr;
    const hip2vx::DeviceCaps* caps = nullptr;
    if (!attr) return hipErrorInvalidValue;
    hipError_t error = hip2vx::kernelAndCaps(f, &kernel, &caps);
    if (error != hipSuccess) return error;
    *attr = hipFuncAttributes{};
    attr->maxThreadsPerBlock = static_cast<int>(hip2vx::blockThreadsOf(*kernel, *caps));
    attr->sharedSizeBytes = kernel->staticShared;
    attr->maxDynamicSharedSizeBytes = static_cast<int>(caps->localMemSize - hip2vx::roundUp(kernel->staticShared, 16));
    return hipSuccess;
  });
}

hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int* blocks, const void* f, int block_size, size_t dynamic_shared) {
  return api([&] {
    const hip2vx::Kernel* kernel = nullptr;
    const hip2vx::DeviceCaps* caps = nullptr;
    if (!blocks || block_size <= 0) return hipErrorInvalidValue;
    hipError_t error = hip2vx::kernelAndCaps(f, &kernel, &caps);
    if (error != hipSuccess) return error;
    const bool fits = static_cast<uint64_t>(block_size) <= hip2vx::blockThreadsOf(*kernel, *caps) &&
                      hip2vx::roundUp(kernel->staticShared, 16) + dynamic_shared <= caps->localMemSize;
    *blocks = fits ? 1 : 0;
    return hipSuccess;
  });
}

hipError_t hipOccupancyMaxPotentialBlockSize(int* grid_size, int* block_size, const void* f, size_t dynamic_shared, int block_size_limit) {
  return api([&] {
    const hip2vx::Kernel* kernel = nullptr;
    const hip2vx::DeviceCaps* caps = nullptr;
    if (!grid_size || !block_size) return hipErrorInvalidValue;
    hipError_t error = hip2vx::kernelAndCaps(f, &kernel, &caps);
    if (error != hipSuccess) return error;
    if (hip2vx::roundUp(kernel->staticShared, 16) + dynamic_shared > caps->localMemSize) return hipErrorLaunchOutOfResources;
    const uint64_t most = hip2vx::blockThreadsOf(*kernel, *caps);
    *block_size = static_cast<int>(block_size_limit > 0 && static_cast<uint64_t>(block_size_limit) < most ? block_size_limit : most);
    *grid_size = static_cast<int>(caps->numCores);  // one block per core fills the device
    return hipSuccess;
  });
}

hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int* blocks, const void* f, int block_size, size_t dynamic_shared, unsigned int flags) {
  if (flags & ~hipOccupancyDisableCachingOverride) return api([] { return hipErrorInvalidValue; });
  return hipOccupancyMaxActiveBlocksPerMultiprocessor(blocks, f, block_size, dynamic_shared);
}

hipError_t hipOccupancyMaxPotentialBlockSizeWithFlags(int* grid_size, int* block_size, const void* f, size_t dynamic_shared, int block_size_limit, unsigned int flags) {
  if (flags & ~hipOccupancyDisableCachingOverride) return api([] { return hipErrorInvalidValue; });
  return hipOccupancyMaxPotentialBlockSize(grid_size, block_size, f, dynamic_shared, block_size_limit);
}
