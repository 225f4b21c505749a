/* HIP runtime API for hip2vortex: the host-facing subset of HIP implemented on top of Vortex's
 * `vortex.h` (runtime/src). One device (id 0), opened lazily on first use.
 *
 * Supported: device management (hipInit, hipGetDeviceCount, hipSetDevice, hipGetDevice,
 *   hipGetDeviceProperties, hipDeviceGetAttribute, hipDeviceGetName, hipDeviceSynchronize,
 *   hipDeviceReset, hipDriverGetVersion, hipRuntimeGetVersion, hipChooseDevice,
 *   hipDeviceGetPCIBusId, hipDeviceGetByPCIBusId, hipCtxSynchronize; device flags,
 *   cache and bank configurations and limits are hints: kept and read back, changing nothing), memory (hipMalloc, hipFree, hipHostMalloc,
 *   hipHostFree, hipMemcpy[Async], hipMemcpyWithStream, hipMemset[Async], hipMemGetInfo, hipPointerGetAttributes,
 *   hipMemPtrGetInfo, hipMemGetAddressRange, hipHostGetFlags; the driver API's hipMemcpyHtoD/DtoH/
 *   DtoD[Async] and hipMemsetD8/D16/D32[Async] on hipDeviceptr_t), device globals
 *   (hipMemcpyToSymbol[Async], hipMemcpyFromSymbol[Async], hipGetSymbolAddress,
 *   hipGetSymbolSize), managed memory (hipMallocManaged, hipMemPrefetchAsync, hipMemAdvise,
 *   hipStreamAttachMemAsync:
 *   host shadows uploaded before each launch and downloaded when it completes), launches
 *   (hipLaunchKernel), errors, streams (priorities: only 0; host functions and callbacks run once
 *   the work before them is done), events, and graphs made by stream capture (hipStreamBeginCapture,
 *   hipStreamEndCapture, hipGraphInstantiate, hipGraphLaunch, hipGraph[Exec]Destroy).
 *
 * Also: pitched memory (hipMallocPitch, hipMemcpy2D/3D[Async], hipMemset2D/3D[Async], hipMalloc3D), the default memory pool of
 *   stream-ordered allocation (hipDeviceGetDefaultMemPool, hipMemPoolSet/GetAttribute: allocations
 *   go to hipMalloc at once, so its attributes are kept and change nothing), peer queries for a single device
 *   (hipDeviceCanAccessPeer answers 0; peer copies within device 0 work), hipProfilerStart/Stop
 *   and hipHostRegister/Unregister (accepted; nothing needs pinning).
 *
 * Mapped host memory (zero-copy: hipHostMalloc with hipHostMallocMapped, hipHostRegister with
 *   hipHostRegisterMapped, hipHostGetDevicePointer) is emulated as managed memory: the device works
 *   on a copy synchronised at launches and waits.
 *
 * Deliberately left undeclared, so a program using them fails to compile with a clear message:
 *   graphs built node by node (hipGraphCreate, hipGraphAdd*Node, ...), textures and surfaces
 *   (hipTextureObject_t, hipCreateTextureObject, tex1D, ...), arrays (hipMallocArray,
 *   hipMemcpy3D, ...), IPC (hipIpc*), modules (hipModule*), cooperative launches
 *   (hipLaunchCooperativeKernel) and hipLaunchKernelGGL (the translator rewrites launches into
 *   generated stubs).
 */
#ifndef HIP2VX_HIP_RUNTIME_API_H
#define HIP2VX_HIP_RUNTIME_API_H

#include <stddef.h>
#include <stdint.h>

#include "../hip2vx_cuda_version.h"
#include "library_types.h"

#include "hip_version.h"

typedef enum hipError_t {
  hipSuccess = 0,
  hipErrorInvalidValue = 1,
  hipErrorOutOfMemory = 2,
  hipErrorMemoryAllocation = 2,
  hipErrorNotInitialized = 3,
  hipErrorInitializationError = 3,
  hipErrorInvalidConfiguration = 9,
  hipErrorInvalidPitchValue = 12,
  hipErrorInvalidSymbol = 13,
  hipErrorInvalidDevicePointer = 17,
  hipErrorInvalidMemcpyDirection = 21,
  hipErrorInvalidDeviceFunction = 98,
  hipErrorNoDevice = 100,
  hipErrorInvalidDevice = 101,
  hipErrorInvalidImage = 200,
  hipErrorUnsupportedLimit = 215,
  hipErrorInvalidKernelFile = 218,
  hipErrorInvalidHandle = 400,
  hipErrorInvalidResourceHandle = 400,
  hipErrorIllegalState = 401,
  hipErrorNotFound = 500,
  hipErrorNotReady = 600,
  hipErrorIllegalAddress = 700,
  hipErrorLaunchOutOfResources = 701,
  hipErrorLaunchTimeOut = 702,
  hipErrorPeerAccessAlreadyEnabled = 704,
  hipErrorPeerAccessNotEnabled = 705,
  hipErrorAssert = 710,
  hipErrorHostMemoryAlreadyRegistered = 712,
  hipErrorHostMemoryNotRegistered = 713,
  hipErrorLaunchFailure = 719,
  hipErrorNotSupported = 801,
  hipErrorStreamCaptureUnsupported = 900,
  hipErrorStreamCaptureUnmatched = 903,
  hipErrorUnknown = 999
} hipError_t;

typedef enum hipMemcpyKind {
  hipMemcpyHostToHost = 0,
  hipMemcpyHostToDevice = 1,
  hipMemcpyDeviceToHost = 2,
  hipMemcpyDeviceToDevice = 3,
  hipMemcpyDefault = 4
} hipMemcpyKind;

typedef enum hipDeviceAttribute_t {
  hipDeviceAttributeMaxThreadsPerBlock,
  hipDeviceAttributeMaxBlockDimX,
  hipDeviceAttributeMaxBlockDimY,
  hipDeviceAttributeMaxBlockDimZ,
  hipDeviceAttributeMaxGridDimX,
  hipDeviceAttributeMaxGridDimY,
  hipDeviceAttributeMaxGridDimZ,
  hipDeviceAttributeMaxSharedMemoryPerBlock,
  hipDeviceAttributeWarpSize,
  hipDeviceAttributeMultiprocessorCount,
  hipDeviceAttributeMaxThreadsPerMultiProcessor,
  hipDeviceAttributeTotalGlobalMem,
  hipDeviceAttributeHostNativeAtomicSupported,  /* 1 on the CPU backend (one memory); 0 on Vortex: host and device atomics do not see each other */
  hipDeviceAttributeMemoryPoolsSupported,       /* 0: no memory pools (hipMallocAsync still works) */
  /* The fields of hipDeviceProp_t of the same names. */
  hipDeviceAttributeClockRate,
  hipDeviceAttributeMemoryClockRate,
  hipDeviceAttributeMemoryBusWidth,
  hipDeviceAttributeL2CacheSize,
  hipDeviceAttributeComputeCapabilityMajor,
  hipDeviceAttributeComputeCapabilityMinor,
  hipDeviceAttributeMaxSharedMemoryPerMultiprocessor,
  hipDeviceAttributeSharedMemPerBlockOptin,
  hipDeviceAttributeTotalConstantMemory,
  hipDeviceAttributeMaxRegistersPerBlock,
  hipDeviceAttributeMaxRegistersPerMultiprocessor,
  hipDeviceAttributeMaxPitch,
  hipDeviceAttributeTextureAlignment,
  hipDeviceAttributeComputeMode,
  hipDeviceAttributeConcurrentKernels,
  hipDeviceAttributeAsyncEngineCount,
  hipDeviceAttributeIntegrated,
  hipDeviceAttributeCanMapHostMemory,
  hipDeviceAttributeManagedMemory,
  hipDeviceAttributePageableMemoryAccess,
  hipDeviceAttributePageableMemoryAccessUsesHostPageTables,
  hipDeviceAttributeConcurrentManagedAccess,
  hipDeviceAttributeDirectManagedMemAccessFromHost,
  hipDeviceAttributeUnifiedAddressing,
  hipDeviceAttributeEccEnabled,
  hipDeviceAttributeKernelExecTimeout,
  hipDeviceAttributePciDomainID,
  hipDeviceAttributePciBusId,
  hipDeviceAttributePciDeviceId,
  hipDeviceAttributeIsMultiGpuBoard,
  hipDeviceAttributeMaxBlocksPerMultiprocessor,  /* 1: a core runs one block at a time here (as the occupancy queries say) */
  hipDeviceAttributeCooperativeLaunch,           /* 0: no grid-wide synchronisation */
  hipDeviceAttributeHostRegisterSupported,       /* 1: hipHostRegister is accepted */
  hipDeviceAttributeStreamPrioritiesSupported    /* 0: one in-order queue */
} hipDeviceAttribute_t;

typedef enum hipFuncCache_t {
  hipFuncCachePreferNone,
  hipFuncCachePreferShared,
  hipFuncCachePreferL1,
  hipFuncCachePreferEqual
} hipFuncCache_t;

typedef enum hipMemoryAdvise {
  hipMemAdviseSetReadMostly = 1,
  hipMemAdviseUnsetReadMostly = 2,
  hipMemAdviseSetPreferredLocation = 3,
  hipMemAdviseUnsetPreferredLocation = 4,
  hipMemAdviseSetAccessedBy = 5,
  hipMemAdviseUnsetAccessedBy = 6
} hipMemoryAdvise;

struct dim3 {
  uint32_t x, y, z;
  /* Not explicit: CUDA code passes plain integers where a dim3 is expected. */
  constexpr dim3(uint32_t vx = 1, uint32_t vy = 1, uint32_t vz = 1) : x(vx), y(vy), z(vz) {}
  /* CUDA's dim3(uint3) (`grid = make_uint3(n, 1, 1)`): any x, y, z that convert without narrowing. */
  template <typename V, typename = decltype(uint32_t{((const V*)0)->x}, uint32_t{((const V*)0)->y}, uint32_t{((const V*)0)->z})>
  constexpr dim3(const V& v) : x(v.x), y(v.y), z(v.z) {}
};

/* computeMode of hipDeviceProp_t: the one device is always in the default mode. */
typedef enum hipComputeMode {
  hipComputeModeDefault = 0,
  hipComputeModeExclusive = 1,
  hipComputeModeProhibited = 2,
  hipComputeModeExclusiveProcess = 3
} hipComputeMode;

typedef struct hipUUID_t {
  char bytes[16];
} hipUUID;

typedef struct hipDeviceProp_t {
  char name[256];
  char gcnArchName[256];
  size_t totalGlobalMem;
  size_t sharedMemPerBlock;
  size_t sharedMemPerMultiprocessor;
  size_t maxSharedMemoryPerMultiProcessor;
  size_t totalConstMem;
  size_t memPitch;
  size_t textureAlignment;
  int regsPerBlock;
  int warpSize;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  int maxThreadsPerMultiProcessor;
  int multiProcessorCount;
  int clockRate;
  int memoryClockRate;
  int memoryBusWidth;
  int l2CacheSize;
  int major;
  int minor;
  int computeMode;
  int concurrentKernels;
  int asyncEngineCount;
  int deviceOverlap;
  int integrated;
  int canMapHostMemory;
  int managedMemory;
  /* 0: kernels reach only device allocations (managed memory is copied around launches). */
  int pageableMemoryAccess;
  int pageableMemoryAccessUsesHostPageTables;
  int concurrentManagedAccess;
  int directManagedMemAccessFromHost;
  int unifiedAddressing;
  int ECCEnabled;
  int kernelExecTimeoutEnabled;
  int pciDomainID;
  int pciBusID;
  int pciDeviceID;
  int isMultiGpuBoard;
  /* The rest of CUDA's and HIP's fields, for programs that print or test them: what Vortex has. */
  size_t sharedMemPerBlockOptin;
  size_t reservedSharedMemPerBlock;
  size_t texturePitchAlignment;
  size_t surfaceAlignment;
  int maxBlocksPerMultiProcessor;
  int regsPerMultiprocessor;
  int clockInstructionRate;
  int gcnArch;
  int asicRevision;
  int isLargeBar;
  int tccDriver;
  int multiGpuBoardGroupID;
  int singleToDoublePrecisionPerfRatio;
  int persistingL2CacheMaxSize;
  int accessPolicyMaxWindowSize;
  int streamPrioritiesSupported;
  int globalL1CacheSupported;
  int localL1CacheSupported;
  int computePreemptionSupported;
  int canUseHostPointerForRegisteredMem;
  int cooperativeLaunch;
  int cooperativeMultiDeviceLaunch;
  int maxTexture1D;
  int maxTexture2D[2];
  int maxTexture3D[3];
  hipUUID uuid;
} hipDeviceProp_t;

typedef struct ihipStream_t* hipStream_t;
typedef struct ihipEvent_t* hipEvent_t;

#define hipStreamDefault 0x0u
#define hipStreamNonBlocking 0x1u
// The legacy and per-thread default streams are the null stream: one device, which runs the work
// of every stream in order.
#define hipStreamLegacy ((hipStream_t)0)
#define hipStreamPerThread ((hipStream_t)0)
#define hipEventDefault 0x0u
#define hipEventBlockingSync 0x1u
#define hipEventDisableTiming 0x2u
#define hipEventInterprocess 0x4u
#define hipDeviceScheduleAuto 0x0u
#define hipDeviceScheduleSpin 0x1u
#define hipDeviceScheduleYield 0x2u
#define hipDeviceScheduleBlockingSync 0x4u
#define hipDeviceMapHost 0x8u
#define hipHostMallocDefault 0x0u
#define hipHostMallocPortable 0x1u
#define hipHostMallocMapped 0x2u
#define hipHostMallocWriteCombined 0x4u
/* Placement and coherence hints: one kind of host memory here. */
#define hipHostMallocNumaUser 0x20000000u
#define hipHostMallocCoherent 0x40000000u
#define hipHostMallocNonCoherent 0x80000000u
#define hipHostAllocDefault hipHostMallocDefault
#define hipHostAllocPortable hipHostMallocPortable
#define hipHostAllocMapped hipHostMallocMapped
#define hipHostAllocWriteCombined hipHostMallocWriteCombined
#define hipHostRegisterDefault 0x0u
#define hipHostRegisterPortable 0x1u
#define hipHostRegisterMapped 0x2u
#define hipHostRegisterIoMemory 0x4u
#define hipMemAttachGlobal 0x1u
#define hipMemAttachHost 0x2u
#define hipMemAttachSingle 0x4u
#define hipCpuDeviceId (-1)

/* Device globals are named by their host shadow variable. */
#define HIP_SYMBOL(x) (x)

/* ---- errors ---- */
hipError_t hipGetLastError(void);
hipError_t hipPeekAtLastError(void);
const char* hipGetErrorString(hipError_t error);
const char* hipGetErrorName(hipError_t error);

/* ---- device management ---- */
hipError_t hipInit(unsigned int flags);
hipError_t hipGetDeviceCount(int* count);
hipError_t hipSetDevice(int device);
hipError_t hipGetDevice(int* device);
hipError_t hipGetDeviceProperties(hipDeviceProp_t* prop, int device);
hipError_t hipDeviceGetAttribute(int* value, hipDeviceAttribute_t attr, int device);
hipError_t hipDeviceGetName(char* name, int length, int device);
hipError_t hipDeviceComputeCapability(int* major, int* minor, int device);
hipError_t hipSetDeviceFlags(unsigned int flags);
hipError_t hipGetDeviceFlags(unsigned int* flags);
hipError_t hipChooseDevice(int* device, const hipDeviceProp_t* prop);
/* Device 0's bus id is "0000:00:00.0". */
hipError_t hipDeviceGetPCIBusId(char* bus_id, int length, int device);
hipError_t hipDeviceGetByPCIBusId(int* device, const char* bus_id);
/* Cache, bank and limit settings are hints Vortex has nothing to apply to: accepted, and the
 * values set are the values read back. */
typedef enum hipSharedMemConfig {
  hipSharedMemBankSizeDefault,
  hipSharedMemBankSizeFourByte,
  hipSharedMemBankSizeEightByte
} hipSharedMemConfig;
typedef enum hipLimit_t {
  hipLimitStackSize = 0,
  hipLimitPrintfFifoSize = 1,
  hipLimitMallocHeapSize = 2
} hipLimit_t;
hipError_t hipDeviceSetCacheConfig(hipFuncCache_t config);
hipError_t hipDeviceGetCacheConfig(hipFuncCache_t* config);
hipError_t hipFuncSetCacheConfig(const void* f, hipFuncCache_t config);
hipError_t hipDeviceSetSharedMemConfig(hipSharedMemConfig config);
hipError_t hipDeviceGetSharedMemConfig(hipSharedMemConfig* config);
hipError_t hipFuncSetSharedMemConfig(const void* f, hipSharedMemConfig config);
hipError_t hipDeviceSetLimit(hipLimit_t limit, size_t value);
hipError_t hipDeviceGetLimit(size_t* value, hipLimit_t limit);
hipError_t hipDeviceSynchronize(void);
hipError_t hipDeviceReset(void);
/* The context API's synchronisation: the current (only) device's. */
inline hipError_t hipCtxSynchronize(void) { return hipDeviceSynchronize(); }
hipError_t hipDriverGetVersion(int* version);
hipError_t hipRuntimeGetVersion(int* version);

/* ---- memory ---- */
hipError_t hipMalloc(void** ptr, size_t size);
hipError_t hipFree(void* ptr);
hipError_t hipHostMalloc(void** ptr, size_t size, unsigned int flags = hipHostMallocDefault);
hipError_t hipHostFree(void* ptr);
hipError_t hipMemcpy(void* dst, const void* src, size_t size, hipMemcpyKind kind);
hipError_t hipMemcpyAsync(void* dst, const void* src, size_t size, hipMemcpyKind kind,
                          hipStream_t stream = 0);
/* A copy in stream order that returns when it is done. */
hipError_t hipMemcpyWithStream(void* dst, const void* src, size_t size, hipMemcpyKind kind, hipStream_t stream);
hipError_t hipMemset(void* dst, int value, size_t size);
hipError_t hipMemsetAsync(void* dst, int value, size_t size, hipStream_t stream = 0);
hipError_t hipMemGetInfo(size_t* free, size_t* total);
/* The driver API's names for device memory: a hipDeviceptr_t is a device address. */
typedef void* hipDeviceptr_t;
inline hipError_t hipMemcpyHtoD(hipDeviceptr_t dst, const void* src, size_t size) { return hipMemcpy(dst, src, size, hipMemcpyHostToDevice); }
inline hipError_t hipMemcpyDtoH(void* dst, hipDeviceptr_t src, size_t size) { return hipMemcpy(dst, src, size, hipMemcpyDeviceToHost); }
inline hipError_t hipMemcpyDtoD(hipDeviceptr_t dst, hipDeviceptr_t src, size_t size) { return hipMemcpy(dst, src, size, hipMemcpyDeviceToDevice); }
inline hipError_t hipMemcpyHtoDAsync(hipDeviceptr_t dst, const void* src, size_t size, hipStream_t stream) {
  return hipMemcpyAsync(dst, src, size, hipMemcpyHostToDevice, stream);
}
inline hipError_t hipMemcpyDtoHAsync(void* dst, hipDeviceptr_t src, size_t size, hipStream_t stream) {
  return hipMemcpyAsync(dst, src, size, hipMemcpyDeviceToHost, stream);
}
inline hipError_t hipMemcpyDtoDAsync(hipDeviceptr_t dst, hipDeviceptr_t src, size_t size, hipStream_t stream) {
  return hipMemcpyAsync(dst, src, size, hipMemcpyDeviceToDevice, stream);
}
hipError_t hipMemsetD8(hipDeviceptr_t dst, unsigned char value, size_t count);
hipError_t hipMemsetD16(hipDeviceptr_t dst, unsigned short value, size_t count);
hipError_t hipMemsetD32(hipDeviceptr_t dst, int value, size_t count);
hipError_t hipMemsetD8Async(hipDeviceptr_t dst, unsigned char value, size_t count, hipStream_t stream = 0);
hipError_t hipMemsetD16Async(hipDeviceptr_t dst, unsigned short value, size_t count, hipStream_t stream = 0);
hipError_t hipMemsetD32Async(hipDeviceptr_t dst, int value, size_t count, hipStream_t stream = 0);
/* The allocation `ptr` points into: its start and size. */
hipError_t hipMemGetAddressRange(hipDeviceptr_t* base, size_t* size, hipDeviceptr_t ptr);
/* The flags a hipHostMalloc'd (or registered) range was made with. */
hipError_t hipHostGetFlags(unsigned int* flags, void* host);
/* What a pointer points into: unregistered host memory is hipMemoryTypeUnregistered (as CUDA 11 on). */
typedef enum hipMemoryType {
  hipMemoryTypeUnregistered = 0,
  hipMemoryTypeHost = 1,
  hipMemoryTypeDevice = 2,
  hipMemoryTypeManaged = 3,
  hipMemoryTypeArray = 10,
  hipMemoryTypeUnified = 11
} hipMemoryType;
typedef struct hipPointerAttribute_t {
  union {
    hipMemoryType type;
    hipMemoryType memoryType; /* HIP 5's name */
  };
  int device;
  void* devicePointer;
  void* hostPointer;
  int isManaged;
  unsigned allocationFlags;
} hipPointerAttribute_t;
hipError_t hipPointerGetAttributes(hipPointerAttribute_t* attributes, const void* ptr);
/* The size of the allocation `ptr` starts or points into (device, managed or hipHostMalloc'd). */
hipError_t hipMemPtrGetInfo(void* ptr, size_t* size);
/* Stream-ordered allocation: memory is allocated at once; a free first waits for the stream's
 * earlier work (what stream order guarantees). */
hipError_t hipMallocAsync(void** ptr, size_t size, hipStream_t stream);
hipError_t hipFreeAsync(void* ptr, hipStream_t stream);

template <class T>
inline hipError_t hipMalloc(T** ptr, size_t size) {
  return hipMalloc(reinterpret_cast<void**>(ptr), size);
}
template <class T>
inline hipError_t hipMallocAsync(T** ptr, size_t size, hipStream_t stream) {
  return hipMallocAsync(reinterpret_cast<void**>(ptr), size, stream);
}
/* hipHostMalloc and hipHostFree by their older spellings (cudaHostAlloc's HIP name among them). */
inline hipError_t hipMallocHost(void** ptr, size_t size) { return hipHostMalloc(ptr, size, hipHostMallocDefault); }
inline hipError_t hipFreeHost(void* ptr) { return hipHostFree(ptr); }
inline hipError_t hipHostAlloc(void** ptr, size_t size, unsigned int flags) { return hipHostMalloc(ptr, size, flags); }
template <class T>
inline hipError_t hipHostAlloc(T** ptr, size_t size, unsigned int flags) {
  return hipHostMalloc(reinterpret_cast<void**>(ptr), size, flags);
}
template <class T>
inline hipError_t hipHostMalloc(T** ptr, size_t size, unsigned int flags = hipHostMallocDefault) {
  return hipHostMalloc(reinterpret_cast<void**>(ptr), size, flags);
}

/* ---- device globals (symbol = address of the host shadow variable) ---- */
hipError_t hipGetSymbolAddress(void** dev_ptr, const void* symbol);
hipError_t hipGetSymbolSize(size_t* size, const void* symbol);
hipError_t hipMemcpyToSymbol(const void* symbol, const void* src, size_t bytes, size_t offset = 0,
                             hipMemcpyKind kind = hipMemcpyHostToDevice);
hipError_t hipMemcpyFromSymbol(void* dst, const void* symbol, size_t bytes, size_t offset = 0,
                               hipMemcpyKind kind = hipMemcpyDeviceToHost);
hipError_t hipMemcpyToSymbolAsync(const void* symbol, const void* src, size_t bytes, size_t offset,
                                  hipMemcpyKind kind, hipStream_t stream = 0);
hipError_t hipMemcpyFromSymbolAsync(void* dst, const void* symbol, size_t bytes, size_t offset,
                                    hipMemcpyKind kind, hipStream_t stream = 0);

/* CUDA style: the variable itself is passed; its address is the symbol. */
template <class T>
inline hipError_t hipGetSymbolAddress(void** dev_ptr, const T& symbol) {
  return hipGetSymbolAddress(dev_ptr, static_cast<const void*>(&symbol));
}
template <class T>
inline hipError_t hipGetSymbolSize(size_t* size, const T& symbol) {
  return hipGetSymbolSize(size, static_cast<const void*>(&symbol));
}
template <class T>
inline hipError_t hipMemcpyToSymbol(const T& symbol, const void* src, size_t bytes,
                                    size_t offset = 0, hipMemcpyKind kind = hipMemcpyHostToDevice) {
  return hipMemcpyToSymbol(static_cast<const void*>(&symbol), src, bytes, offset, kind);
}
template <class T>
inline hipError_t hipMemcpyFromSymbol(void* dst, const T& symbol, size_t bytes, size_t offset = 0,
                                      hipMemcpyKind kind = hipMemcpyDeviceToHost) {
  return hipMemcpyFromSymbol(dst, static_cast<const void*>(&symbol), bytes, offset, kind);
}
template <class T>
inline hipError_t hipMemcpyToSymbolAsync(const T& symbol, const void* src, size_t bytes,
                                         size_t offset, hipMemcpyKind kind, hipStream_t stream = 0) {
  return hipMemcpyToSymbolAsync(static_cast<const void*>(&symbol), src, bytes, offset, kind, stream);
}
template <class T>
inline hipError_t hipMemcpyFromSymbolAsync(void* dst, const T& symbol, size_t bytes, size_t offset,
                                           hipMemcpyKind kind, hipStream_t stream = 0) {
  return hipMemcpyFromSymbolAsync(dst, static_cast<const void*>(&symbol), bytes, offset, kind, stream);
}

/* ---- launches ---- */
hipError_t hipLaunchKernel(const void* function_address, dim3 grid, dim3 block, void** args,
                           size_t shared_mem_bytes = 0, hipStream_t stream = 0);

/* ---- streams and events (one in-order queue: work runs in issue order) ---- */
hipError_t hipStreamCreate(hipStream_t* stream);
hipError_t hipStreamCreateWithFlags(hipStream_t* stream, unsigned int flags);
hipError_t hipStreamDestroy(hipStream_t stream);
hipError_t hipStreamSynchronize(hipStream_t stream);
hipError_t hipStreamQuery(hipStream_t stream);
hipError_t hipStreamWaitEvent(hipStream_t stream, hipEvent_t event, unsigned int flags = 0);
/* One queue, no priorities: the range is [0, 0] and any priority asked for is 0. */
hipError_t hipStreamCreateWithPriority(hipStream_t* stream, unsigned int flags, int priority);
hipError_t hipDeviceGetStreamPriorityRange(int* least_priority, int* greatest_priority);
hipError_t hipStreamGetPriority(hipStream_t stream, int* priority);
hipError_t hipStreamGetFlags(hipStream_t stream, unsigned int* flags);
/* Host functions queued on a stream run once the work issued before them has completed (here,
 * on the calling thread, before the call returns). */
/* The calling convention callbacks are declared with (`void HIPRT_CB f(...)`): nothing but on
 * Windows; CUDA's spelling too, which translated sources keep as written. */
#define HIPRT_CB
#define CUDART_CB
typedef void (*hipHostFn_t)(void* user_data);
typedef void (*hipStreamCallback_t)(hipStream_t stream, hipError_t status, void* user_data);
hipError_t hipLaunchHostFunc(hipStream_t stream, hipHostFn_t fn, void* user_data);
hipError_t hipStreamAddCallback(hipStream_t stream, hipStreamCallback_t callback, void* user_data, unsigned int flags);
/* Graphs made by stream capture: work issued on a capturing stream (and on streams that wait on
 * an event recorded there) is recorded, not run; a launched graph replays it in order on the
 * stream. Graphs built node by node are not supported. */
typedef struct ihipGraph* hipGraph_t;
typedef struct ihipGraphExec* hipGraphExec_t;
typedef struct ihipGraphNode* hipGraphNode_t;
typedef enum hipStreamCaptureMode {
  hipStreamCaptureModeGlobal = 0,
  hipStreamCaptureModeThreadLocal = 1,
  hipStreamCaptureModeRelaxed = 2
} hipStreamCaptureMode;
typedef enum hipStreamCaptureStatus {
  hipStreamCaptureStatusNone = 0,
  hipStreamCaptureStatusActive = 1,
  hipStreamCaptureStatusInvalidated = 2
} hipStreamCaptureStatus;
hipError_t hipStreamBeginCapture(hipStream_t stream, hipStreamCaptureMode mode);
hipError_t hipStreamEndCapture(hipStream_t stream, hipGraph_t* graph);
hipError_t hipStreamIsCapturing(hipStream_t stream, hipStreamCaptureStatus* status);
hipError_t hipStreamGetCaptureInfo(hipStream_t stream, hipStreamCaptureStatus* status, unsigned long long* id = nullptr);
hipError_t hipThreadExchangeStreamCaptureMode(hipStreamCaptureMode* mode);
hipError_t hipGraphInstantiate(hipGraphExec_t* exec, hipGraph_t graph, hipGraphNode_t* error_node, char* log, size_t log_size);
/* CUDA 12's form (cudaGraphInstantiate(&exec, graph, flags)). */
hipError_t hipGraphInstantiate(hipGraphExec_t* exec, hipGraph_t graph, unsigned long long flags = 0);
hipError_t hipGraphInstantiateWithFlags(hipGraphExec_t* exec, hipGraph_t graph, unsigned long long flags);
hipError_t hipGraphUpload(hipGraphExec_t exec, hipStream_t stream);
hipError_t hipGraphLaunch(hipGraphExec_t exec, hipStream_t stream);
hipError_t hipGraphExecDestroy(hipGraphExec_t exec);
hipError_t hipGraphDestroy(hipGraph_t graph);
hipError_t hipEventCreate(hipEvent_t* event);
hipError_t hipEventCreateWithFlags(hipEvent_t* event, unsigned int flags);
hipError_t hipEventDestroy(hipEvent_t event);
hipError_t hipEventRecord(hipEvent_t event, hipStream_t stream = 0);
hipError_t hipEventSynchronize(hipEvent_t event);
hipError_t hipEventQuery(hipEvent_t event);
hipError_t hipEventElapsedTime(float* ms, hipEvent_t start, hipEvent_t stop);

/* ---- managed memory: host shadows synchronised at launches and waits (runtime/src/managed.cpp) ---- */
hipError_t hipMallocManaged(void** ptr, size_t size, unsigned int flags = hipMemAttachGlobal);
template <class T>
inline hipError_t hipMallocManaged(T** ptr, size_t size, unsigned int flags = hipMemAttachGlobal) {
  return hipMallocManaged(reinterpret_cast<void**>(ptr), size, flags);
}
hipError_t hipMemPrefetchAsync(const void* ptr, size_t size, int device, hipStream_t stream = 0);
hipError_t hipStreamAttachMemAsync(hipStream_t stream, void* ptr, size_t length = 0, unsigned int flags = hipMemAttachSingle);
hipError_t hipMemAdvise(const void* ptr, size_t count, hipMemoryAdvise advice, int device);
/* The device address a kernel sees for a host-side pointer value (generated launch stubs). */
uint64_t __hip2vxDeviceAddress(const void* ptr);

/* ---- kernel attributes and occupancy, from the device's capabilities (a block runs on one core,
 * one block per core at a time); `f` is a kernel handle (the translator passes it) ---- */
typedef struct hipFuncAttributes {
  int binaryVersion;
  int cacheModeCA;
  size_t constSizeBytes;
  size_t localSizeBytes;
  int maxDynamicSharedSizeBytes;
  int maxThreadsPerBlock;
  int numRegs;
  int preferredShmemCarveout;
  int ptxVersion;
  size_t sharedSizeBytes;
} hipFuncAttributes;
hipError_t hipFuncGetAttributes(hipFuncAttributes* attr, const void* f);
/* Per-kernel limits to raise: a Vortex block may use all of the core's local memory already, and
 * the launch checks the size it asks for, so these are accepted and change nothing. */
typedef enum hipFuncAttribute {
  hipFuncAttributeMaxDynamicSharedMemorySize = 8,
  hipFuncAttributePreferredSharedMemoryCarveout = 9,
  hipFuncAttributeMax
} hipFuncAttribute;
hipError_t hipFuncSetAttribute(const void* f, hipFuncAttribute attr, int value);
hipError_t hipOccupancyMaxPotentialBlockSize(int* grid_size, int* block_size, const void* f,
                                             size_t dynamic_shared = 0, int block_size_limit = 0);
hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int* blocks, const void* f, int block_size,
                                                        size_t dynamic_shared);
#define hipOccupancyDefault 0x0u
#define hipOccupancyDisableCachingOverride 0x1u
hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int* blocks, const void* f, int block_size,
                                                                 size_t dynamic_shared, unsigned int flags);
hipError_t hipOccupancyMaxPotentialBlockSizeWithFlags(int* grid_size, int* block_size, const void* f,
                                                      size_t dynamic_shared = 0, int block_size_limit = 0,
                                                      unsigned int flags = hipOccupancyDefault);
/* The calls above taking a kernel, given a pointer to one (a variable or parameter holding a
 * kernel's value): CUDA's API takes kernels by their own type, HIP's as const void*. */
template <typename... P>
inline hipError_t hipFuncGetAttributes(hipFuncAttributes* attr, void (*f)(P...)) { return hipFuncGetAttributes(attr, (const void*)f); }
template <typename... P>
inline hipError_t hipFuncSetAttribute(void (*f)(P...), hipFuncAttribute attr, int value) { return hipFuncSetAttribute((const void*)f, attr, value); }
template <typename... P>
inline hipError_t hipFuncSetCacheConfig(void (*f)(P...), hipFuncCache_t config) { return hipFuncSetCacheConfig((const void*)f, config); }
template <typename... P>
inline hipError_t hipOccupancyMaxPotentialBlockSize(int* grid_size, int* block_size, void (*f)(P...), size_t dynamic_shared = 0, int block_size_limit = 0) {
  return hipOccupancyMaxPotentialBlockSize(grid_size, block_size, (const void*)f, dynamic_shared, block_size_limit);
}
template <typename... P>
inline hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int* blocks, void (*f)(P...), int block_size, size_t dynamic_shared) {
  return hipOccupancyMaxActiveBlocksPerMultiprocessor(blocks, (const void*)f, block_size, dynamic_shared);
}
template <typename... P>
inline hipError_t hipLaunchKernel(void (*f)(P...), dim3 grid, dim3 block, void** args, size_t shared_mem_bytes = 0, hipStream_t stream = 0) {
  return hipLaunchKernel((const void*)f, grid, block, args, shared_mem_bytes, stream);
}

/* ---- pitched memory: rows padded to 64 bytes; 2-D copies row by row ---- */
hipError_t hipMallocPitch(void** ptr, size_t* pitch, size_t width, size_t height);
/* CUDA's typed overload (cuda_runtime.h), for code renamed from cudaMallocPitch. */
template <class T>
inline hipError_t hipMallocPitch(T** ptr, size_t* pitch, size_t width, size_t height) {
  return hipMallocPitch(reinterpret_cast<void**>(ptr), pitch, width, height);
}
hipError_t hipMemcpy2D(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
                       size_t height, hipMemcpyKind kind);
hipError_t hipMemcpy2DAsync(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
                            size_t height, hipMemcpyKind kind, hipStream_t stream = 0);
hipError_t hipMemset2D(void* dst, size_t pitch, int value, size_t width, size_t height);
hipError_t hipMemset2DAsync(void* dst, size_t pitch, int value, size_t width, size_t height, hipStream_t stream = 0);

/* 3-D pitched memory: rows padded as by hipMallocPitch, slices of `height` rows. */
typedef struct hipPitchedPtr { void* ptr; size_t pitch; size_t xsize; size_t ysize; } hipPitchedPtr;
typedef struct hipExtent { size_t width; size_t height; size_t depth; } hipExtent;
typedef struct hipPos { size_t x; size_t y; size_t z; } hipPos;
static inline hipPitchedPtr make_hipPitchedPtr(void* d, size_t p, size_t xsz, size_t ysz) { return hipPitchedPtr{d, p, xsz, ysz}; }
static inline hipExtent make_hipExtent(size_t w, size_t h, size_t d) { return hipExtent{w, h, d}; }
static inline hipPos make_hipPos(size_t x, size_t y, size_t z) { return hipPos{x, y, z}; }
hipError_t hipMalloc3D(hipPitchedPtr* pitched, hipExtent extent);
/* A 3-D copy between pitched pointers (x in bytes); arrays (srcArray/dstArray) are not supported:
   a copy naming one returns hipErrorNotSupported. */
typedef struct hipMemcpy3DParms {
  void* srcArray;
  hipPos srcPos;
  hipPitchedPtr srcPtr;
  void* dstArray;
  hipPos dstPos;
  hipPitchedPtr dstPtr;
  hipExtent extent;
  hipMemcpyKind kind;
} hipMemcpy3DParms;
hipError_t hipMemcpy3D(const hipMemcpy3DParms* p);
hipError_t hipMemcpy3DAsync(const hipMemcpy3DParms* p, hipStream_t stream = 0);
hipError_t hipMemset3D(hipPitchedPtr pitched, int value, hipExtent extent);
hipError_t hipMemset3DAsync(hipPitchedPtr pitched, int value, hipExtent extent, hipStream_t stream = 0);

/* ---- stream-ordered allocation's memory pools: one default pool; hipMallocAsync allocates at once ---- */
typedef struct ihipMemPoolHandle_t* hipMemPool_t;
typedef enum hipMemPoolAttr {
  hipMemPoolReuseFollowEventDependencies = 1,
  hipMemPoolReuseAllowOpportunistic = 2,
  hipMemPoolReuseAllowInternalDependencies = 3,
  hipMemPoolAttrReleaseThreshold = 4,
  hipMemPoolAttrReservedMemCurrent = 5,
  hipMemPoolAttrReservedMemHigh = 6,
  hipMemPoolAttrUsedMemCurrent = 7,
  hipMemPoolAttrUsedMemHigh = 8
} hipMemPoolAttr;
hipError_t hipDeviceGetDefaultMemPool(hipMemPool_t* pool, int device);
hipError_t hipDeviceGetMemPool(hipMemPool_t* pool, int device);
hipError_t hipMemPoolSetAttribute(hipMemPool_t pool, hipMemPoolAttr attr, void* value);
hipError_t hipMemPoolGetAttribute(hipMemPool_t pool, hipMemPoolAttr attr, void* value);
hipError_t hipMemPoolTrimTo(hipMemPool_t pool, size_t min_bytes_to_hold);

/* ---- one device, no peers: the queries answer so, peer copies within device 0 work ---- */
hipError_t hipDeviceCanAccessPeer(int* can_access, int device, int peer_device);
hipError_t hipDeviceEnablePeerAccess(int peer_device, unsigned int flags);
hipError_t hipDeviceDisablePeerAccess(int peer_device);
hipError_t hipMemcpyPeer(void* dst, int dst_device, const void* src, int src_device, size_t size);
hipError_t hipMemcpyPeerAsync(void* dst, int dst_device, const void* src, int src_device, size_t size,
                              hipStream_t stream = 0);

/* ---- hints with nothing to do on Vortex ---- */
hipError_t hipProfilerStart(void);
hipError_t hipProfilerStop(void);
/* Page-locking: accepted (copies need no pinned memory); Mapped makes it managed memory (above). */
hipError_t hipHostRegister(void* ptr, size_t size, unsigned int flags);
hipError_t hipHostUnregister(void* ptr);
hipError_t hipHostGetDevicePointer(void** dev_ptr, void* host_ptr, unsigned int flags);

#endif
