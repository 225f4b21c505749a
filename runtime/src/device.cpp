// The single Vortex device: lazy open, capabilities, and the device-management API.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

#include "hip2vx_internal.h"

namespace hip2vx {

namespace {
vx_device_h openedDevice = nullptr;
DeviceCaps deviceCaps;
bool exitHookInstalled = false;

bool readCaps(vx_device_h device, DeviceCaps& caps) {
  return vx_dev_caps(device, VX_CAPS_NUM_THREADS, &caps.numThreads) == 0 &&
         vx_dev_caps(device, VX_CAPS_NUM_WARPS, &caps.numWarps) == 0 &&
         vx_dev_caps(device, VX_CAPS_NUM_CORES, &caps.numCores) == 0 &&
         vx_dev_caps(device, VX_CAPS_LOCAL_MEM_SIZE, &caps.localMemSize) == 0 &&
         vx_dev_caps(device, VX_CAPS_GLOBAL_MEM_SIZE, &caps.globalMemSize) == 0;
}

hipError_t checkDeviceId(int id) { return id == 0 ? hipSuccess : hipErrorInvalidDevice; }

// A kernel still running when the program ends would race with the process teardown.
void finishAtExit() {
  std::lock_guard<std::recursive_mutex> lock(runtimeMutex());
  waitIdle();
}

// Kernels see a logical warp of this many lanes (hip2vx_device.h), whatever the hardware width.
int logicalWarpSize = 32;

int clampToInt(uint64_t value) { return value > INT32_MAX ? INT32_MAX : static_cast<int>(value); }

void fillProperties(const DeviceCaps& caps, hipDeviceProp_t& prop) {
  std::memset(&prop, 0, sizeof prop);
  std::strcpy(prop.name, "Vortex RISC-V GPGPU");
  std::strcpy(prop.gcnArchName, "vortex");
  const int blockThreads = clampToInt(caps.numThreads * caps.numWarps);
  prop.totalGlobalMem = caps.globalMemSize;
  prop.sharedMemPerBlock = caps.localMemSize;
  prop.sharedMemPerMultiprocessor = caps.localMemSize;
  prop.maxSharedMemoryPerMultiProcessor = caps.localMemSize;
  prop.warpSize = logicalWarpSize;
  prop.maxThreadsPerBlock = blockThreads;
  prop.maxThreadsPerMultiProcessor = blockThreads;
  for (int i = 0; i < 3; ++i) {
    prop.maxThreadsDim[i] = blockThreads;
    prop.maxGridSize[i] = INT32_MAX;
  }
  prop.multiProcessorCount = clampToInt(caps.numCores);
  prop.sharedMemPerBlockOptin = caps.localMemSize;
  prop.maxBlocksPerMultiProcessor = 1;  // as the occupancy queries answer: a core runs one block at a time
  prop.globalL1CacheSupported = 1;
  prop.localL1CacheSupported = 1;
  prop.managedMemory = 1;  // emulated: host shadows (managed.cpp)
  prop.canMapHostMemory = 1;  // emulated the same way (zero-copy memory as a managed shadow)
  prop.major = 2;  // Vortex v2.2
  prop.minor = 2;
  // clock64 counts nanoseconds on the CPU backend, and cycles on Vortex, taken as a nominal 1 GHz
  // (programs divide by clockRate to time a kernel).
  prop.clockRate = 1000000;
  prop.totalConstMem = 65536;  // CUDA's; __constant__ data is global memory here, so any size fits
  prop.regsPerBlock = prop.regsPerMultiprocessor = blockThreads * 64;  // 32 integer + 32 float registers a thread
}
}  // namespace

hipError_t openDevice(vx_device_h* device, const DeviceCaps** caps) {
  if (!openedDevice) {
    vx_device_h candidate = nullptr;
    if (vx_dev_open(&candidate) != 0) return hipErrorNoDevice;
    if (!readCaps(candidate, deviceCaps)) {
      vx_dev_close(candidate);
      return hipErrorNoDevice;
    }
    openedDevice = candidate;
    if (!exitHookInstalled) exitHookInstalled = std::atexit(finishAtExit) == 0;
  }
  if (device) *device = openedDevice;
  if (caps) *caps = &deviceCaps;
  return hipSuccess;
}

// Vortex's vx_dev_close prints the device's performance counters to stdout: a program's output
// should not change because it calls hipDeviceReset, so they go to /dev/null unless HIP2VX_PERF
// asks for counters (launch.cpp's reportPerf).
void closeDevice() {
  if (!openedDevice) return;
  const bool quiet = std::getenv("HIP2VX_PERF") == nullptr;
  std::fflush(stdout);
  const int saved = quiet ? dup(STDOUT_FILENO) : -1;
  const int null = saved >= 0 ? open("/dev/null", O_WRONLY) : -1;
  if (null >= 0) dup2(null, STDOUT_FILENO);
  vx_dev_close(openedDevice);
  std::fflush(stdout);
  if (null >= 0) dup2(saved, STDOUT_FILENO), close(null);
  if (saved >= 0) close(saved);
  openedDevice = nullptr;
}

}  // namespace hip2vx

using hip2vx::api;

hipError_t hipInit(unsigned int flags) {
  return api([&] { return flags != 0 ? hipErrorInvalidValue : hip2vx::openDevice(nullptr); });
}

hipError_t hipGetDeviceCount(int* count) {
  return api([&] {
    if (!count) return hipErrorInvalidValue;
    hipError_t error = hip2vx::openDevice(nullptr);
    *count = error == hipSuccess ? 1 : 0;
    return error;
  });
}

hipError_t hipSetDevice(int device) {
  return api([&] {
    hipError_t error = hip2vx::checkDeviceId(device);
    return error != hipSuccess ? error : hip2vx::openDevice(nullptr);
  });
}

hipError_t hipGetDevice(int* device) {
  return api([&] {
    if (!device) return hipErrorInvalidValue;
    *device = 0;
    return hipSuccess;
  });
}

hipError_t hipGetDeviceProperties(hipDeviceProp_t* prop, int device) {
  return api([&] {
    if (!prop) return hipErrorInvalidValue;
    const hip2vx::DeviceCaps* caps = nullptr;
    hipError_t error = hip2vx::checkDeviceId(device);
    if (error == hipSuccess) error = hip2vx::openDevice(nullptr, &caps);
    if (error == hipSuccess) hip2vx::fillProperties(*caps, *prop);
    return error;
  });
}

hipError_t hipDeviceGetAttribute(int* value, hipDeviceAttribute_t attr, int device) {
  return api([&] {
    if (!value) return hipErrorInvalidValue;
    hipDeviceProp_t prop;
    hipError_t error = hipGetDeviceProperties(&prop, device);
    if (error != hipSuccess) return error;
    switch (attr) {
      case hipDeviceAttributeMaxThreadsPerBlock: *value = prop.maxThreadsPerBlock; break;
      case hipDeviceAttributeMaxBlockDimX: *value = prop.maxThreadsDim[0]; break;
      case hipDeviceAttributeMaxBlockDimY: *value = prop.maxThreadsDim[1]; break;
      case hipDeviceAttributeMaxBlockDimZ: *value = prop.maxThreadsDim[2]; break;
      case hipDeviceAttributeMaxGridDimX: *value = prop.maxGridSize[0]; break;
      case hipDeviceAttributeMaxGridDimY: *value = prop.maxGridSize[1]; break;
      case hipDeviceAttributeMaxGridDimZ: *value = prop.maxGridSize[2]; break;
      case hipDeviceAttributeMaxSharedMemoryPerBlock: *value = hip2vx::clampToInt(prop.sharedMemPerBlock); break;
      case hipDeviceAttributeWarpSize: *value = prop.warpSize; break;
      case hipDeviceAttributeMultiprocessorCount: *value = prop.multiProcessorCount; break;
      case hipDeviceAttributeMaxThreadsPerMultiProcessor: *value = prop.maxThreadsPerMultiProcessor; break;
      case hipDeviceAttributeTotalGlobalMem: *value = hip2vx::clampToInt(prop.totalGlobalMem); break;
      // On the CPU backend device memory is host memory (managed memory has no shadow): host and
      // device atomics act on the same words. On Vortex a managed shadow is copied at launches.
#if defined(HIP2VX_CPU_BACKEND)
      case hipDeviceAttributeHostNativeAtomicSupported: *value = 1; break;
#else
      case hipDeviceAttributeHostNativeAtomicSupported: *value = 0; break;
#endif
      case hipDeviceAttributeMemoryPoolsSupported: *value = 0; break;
      case hipDeviceAttributeClockRate: *value = prop.clockRate; break;
      case hipDeviceAttributeMemoryClockRate: *value = prop.memoryClockRate; break;
      case hipDeviceAttributeMemoryBusWidth: *value = prop.memoryBusWidth; break;
      case hipDeviceAttributeL2CacheSize: *value = prop.l2CacheSize; break;
      case hipDeviceAttributeComputeCapabilityMajor: *value = prop.major; break;
      case hipDeviceAttributeComputeCapabilityMinor: *value = prop.minor; break;
      case hipDeviceAttributeMaxSharedMemoryPerMultiprocessor: *value = hip2vx::clampToInt(prop.maxSharedMemoryPerMultiProcessor); break;
      case hipDeviceAttributeSharedMemPerBlockOptin: *value = hip2vx::clampToInt(prop.sharedMemPerBlockOptin); break;
      case hipDeviceAttributeTotalConstantMemory: *value = hip2vx::clampToInt(prop.totalConstMem); break;
      case hipDeviceAttributeMaxRegistersPerBlock:
      case hipDeviceAttributeMaxRegistersPerMultiprocessor: *value = prop.regsPerBlock; break;
      case hipDeviceAttributeMaxPitch: *value = hip2vx::clampToInt(prop.memPitch); break;
      case hipDeviceAttributeTextureAlignment: *value = hip2vx::clampToInt(prop.textureAlignment); break;
      case hipDeviceAttributeComputeMode: *value = prop.computeMode; break;
      case hipDeviceAttributeConcurrentKernels: *value = prop.concurrentKernels; break;
      case hipDeviceAttributeAsyncEngineCount: *value = prop.asyncEngineCount; break;
      case hipDeviceAttributeIntegrated: *value = prop.integrated; break;
      case hipDeviceAttributeCanMapHostMemory: *value = prop.canMapHostMemory; break;
      case hipDeviceAttributeManagedMemory: *value = prop.managedMemory; break;
      case hipDeviceAttributePageableMemoryAccess: *value = prop.pageableMemoryAccess; break;
      case hipDeviceAttributePageableMemoryAccessUsesHostPageTables: *value = prop.pageableMemoryAccessUsesHostPageTables; break;
      case hipDeviceAttributeConcurrentManagedAccess: *value = prop.concurrentManagedAccess; break;
      case hipDeviceAttributeDirectManagedMemAccessFromHost: *value = prop.directManagedMemAccessFromHost; break;
      case hipDeviceAttributeUnifiedAddressing: *value = prop.unifiedAddressing; break;
      case hipDeviceAttributeEccEnabled: *value = prop.ECCEnabled; break;
      case hipDeviceAttributeKernelExecTimeout: *value = prop.kernelExecTimeoutEnabled; break;
      case hipDeviceAttributePciDomainID: *value = prop.pciDomainID; break;
      case hipDeviceAttributePciBusId: *value = prop.pciBusID; break;
      case hipDeviceAttributePciDeviceId: *value = prop.pciDeviceID; break;
      case hipDeviceAttributeIsMultiGpuBoard: *value = prop.isMultiGpuBoard; break;
      case hipDeviceAttributeMaxBlocksPerMultiprocessor: *value = prop.maxBlocksPerMultiProcessor; break;
      case hipDeviceAttributeCooperativeLaunch: *value = 0; break;
      case hipDeviceAttributeHostRegisterSupported: *value = 1; break;
      case hipDeviceAttributeStreamPrioritiesSupported: *value = 0; break;
      default: return hipErrorInvalidValue;
    }
    return hipSuccess;
  });
}

hipError_t hipDeviceGetName(char* name, int length, int device) {
  return api([&] {
    if (!name || length <= 0) return hipErrorInvalidValue;
    hipDeviceProp_t prop;
    hipError_t error = hipGetDeviceProperties(&prop, device);
    if (error != hipSuccess) return error;
    std::snprintf(name, static_cast<size_t>(length), "%s", prop.name);
    return hipSuccess;
  });
}

hipError_t hipDeviceComputeCapability(int* major, int* minor, int device) {
  return api([&] {
    if (!major || !minor) return hipErrorInvalidValue;
    hipDeviceProp_t prop;
    hipError_t error = hipGetDeviceProperties(&prop, device);
    if (error == hipSuccess) *major = prop.major, *minor = prop.minor;
    return error;
  });
}

// Scheduling, cache, bank and limit settings are hints; Vortex has nothing to configure. The
// values set are the values read back.
namespace hip2vx {
namespace {
struct Hints {
  unsigned int deviceFlags = 0;
  hipFuncCache_t cache = hipFuncCachePreferNone;
  hipSharedMemConfig banks = hipSharedMemBankSizeFourByte;
  size_t limits[3] = {0, 0, 0};
} hints;

bool validCache(hipFuncCache_t c) { return c >= hipFuncCachePreferNone && c <= hipFuncCachePreferEqual; }
bool validBanks(hipSharedMemConfig c) { return c >= hipSharedMemBankSizeDefault && c <= hipSharedMemBankSizeEightByte; }

/** A hint's value, read back. */
template <class T>
hipError_t readHint(T* out, const T& value) {
  return api([&] {
    if (!out) return hipErrorInvalidValue;
    *out = value;
    return hipSuccess;
  });
}
}  // namespace
}  // namespace hip2vx

hipError_t hipSetDeviceFlags(unsigned int flags) {
  constexpr unsigned int known = hipDeviceScheduleSpin | hipDeviceScheduleYield |
                                 hipDeviceScheduleBlockingSync | hipDeviceMapHost;
  return api([&] {
    if (flags & ~known) return hipErrorInvalidValue;
    hip2vx::hints.deviceFlags = flags;
    return hipSuccess;
  });
}

hipError_t hipGetDeviceFlags(unsigned int* flags) { return hip2vx::readHint(flags, hip2vx::hints.deviceFlags); }

namespace {
const char kBusId[] = "0000:00:00.0";
}  // namespace

hipError_t hipDeviceGetPCIBusId(char* bus_id, int length, int device) {
  return api([&] {
    if (!bus_id || length <= 0) return hipErrorInvalidValue;
    if (device != 0) return hipErrorInvalidDevice;
    std::snprintf(bus_id, static_cast<size_t>(length), "%s", kBusId);
    return hipSuccess;
  });
}

hipError_t hipDeviceGetByPCIBusId(int* device, const char* bus_id) {
  return api([&] {
    if (!device || !bus_id || std::strcmp(bus_id, kBusId) != 0) return hipErrorInvalidValue;
    *device = 0;
    return hipSuccess;
  });
}

hipError_t hipChooseDevice(int* device, const hipDeviceProp_t* prop) {
  return api([&] {
    if (!device || !prop) return hipErrorInvalidValue;
    *device = 0;
    return hipSuccess;
  });
}

hipError_t hipDeviceSetCacheConfig(hipFuncCache_t config) {
  return api([&] {
    if (!hip2vx::validCache(config)) return hipErrorInvalidValue;
    hip2vx::hints.cache = config;
    return hipSuccess;
  });
}

hipError_t hipDeviceGetCacheConfig(hipFuncCache_t* config) { return hip2vx::readHint(config, hip2vx::hints.cache); }

hipError_t hipFuncSetCacheConfig(const void* f, hipFuncCache_t config) {
  return api([&] { return f && hip2vx::validCache(config) ? hipSuccess : hipErrorInvalidValue; });
}

hipError_t hipDeviceSetSharedMemConfig(hipSharedMemConfig config) {
  return api([&] {
    if (!hip2vx::validBanks(config)) return hipErrorInvalidValue;
    hip2vx::hints.banks = config == hipSharedMemBankSizeDefault ? hipSharedMemBankSizeFourByte : config;
    return hipSuccess;
  });
}

hipError_t hipDeviceGetSharedMemConfig(hipSharedMemConfig* config) { return hip2vx::readHint(config, hip2vx::hints.banks); }

hipError_t hipFuncSetSharedMemConfig(const void* f, hipSharedMemConfig config) {
  return api([&] { return f && hip2vx::validBanks(config) ? hipSuccess : hipErrorInvalidValue; });
}

hipError_t hipDeviceSetLimit(hipLimit_t limit, size_t value) {
  return api([&] {
    if (limit < hipLimitStackSize || limit > hipLimitMallocHeapSize) return hipErrorUnsupportedLimit;
    hip2vx::hints.limits[limit] = value;
    return hipSuccess;
  });
}

hipError_t hipDeviceGetLimit(size_t* value, hipLimit_t limit) {
  return api([&] {
    if (!value) return hipErrorInvalidValue;
    if (limit < hipLimitStackSize || limit > hipLimitMallocHeapSize) return hipErrorUnsupportedLimit;
    *value = hip2vx::hints.limits[limit];
    return hipSuccess;
  });
}

hipError_t hipDeviceSynchronize() { return api([] { return hip2vx::waitIdle(); }); }

hipError_t hipDeviceReset() {
  return api([] {
    hipError_t error = hip2vx::waitIdle();
    hip2vx::releaseKernelImage();
    hip2vx::releaseAllDeviceMemory();
    hip2vx::forgetStatusWord();
    hip2vx::forgetSymbolBuffers();
    hip2vx::closeDevice();
    return error;
  });
}

hipError_t hipDriverGetVersion(int* version) {
  return api([&] {
    if (!version) return hipErrorInvalidValue;
    *version = HIP_VERSION;
    return hipSuccess;
  });
}

hipError_t hipRuntimeGetVersion(int* version) { return hipDriverGetVersion(version); }

// One device: it is no peer of itself, so peer access can be neither enabled nor disabled.
hipError_t hipDeviceCanAccessPeer(int* can_access, int device, int peer_device) {
  return api([&] {
    if (!can_access) return hipErrorInvalidValue;
    *can_access = 0;
    hipError_t error = hip2vx::checkDeviceId(device);
    return error != hipSuccess ? error : hip2vx::checkDeviceId(peer_device);
  });
}

hipError_t hipDeviceEnablePeerAccess(int, unsigned int flags) {
  return api([&] { return flags != 0 ? hipErrorInvalidValue : hipErrorInvalidDevice; });
}

hipError_t hipDeviceDisablePeerAccess(int peer_device) {
  return api([&] {
    hipError_t error = hip2vx::checkDeviceId(peer_device);
    return error != hipSuccess ? error : hipErrorPeerAccessNotEnabled;
  });
}

hipError_t hipProfilerStart() { return api([] { return hipSuccess; }); }
hipError_t hipProfilerStop() { return api([] { return hipSuccess; }); }

void __hip2vxSetWarpSize(int lanes) { hip2vx::logicalWarpSize = lanes; }
