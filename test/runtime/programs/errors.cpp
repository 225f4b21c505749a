// Every bad call returns its error, is remembered for hipGetLastError, and the runtime keeps
// working afterwards.
#include <cstring>
#include <string>

#include "check.h"

static void* handle_registered;
static void* handle_unregistered;
static const unsigned char not_a_binary[16] = {1, 2, 3};

static void deviceManagement() {
  EXPECT_BAD(hipInit(1), hipErrorInvalidValue);
  EXPECT_OK(hipInit(0));
  EXPECT_BAD(hipGetDeviceCount(nullptr), hipErrorInvalidValue);
  int count = 0;
  EXPECT_OK(hipGetDeviceCount(&count));
  EXPECT(count == 1);
  EXPECT_BAD(hipSetDevice(1), hipErrorInvalidDevice);
  EXPECT_BAD(hipSetDevice(-1), hipErrorInvalidDevice);
  EXPECT_OK(hipSetDevice(0));
  EXPECT_BAD(hipGetDevice(nullptr), hipErrorInvalidValue);
  hipDeviceProp_t prop;
  EXPECT_BAD(hipGetDeviceProperties(nullptr, 0), hipErrorInvalidValue);
  EXPECT_BAD(hipGetDeviceProperties(&prop, 2), hipErrorInvalidDevice);
  int value = 0;
  EXPECT_BAD(hipDeviceGetAttribute(&value, (hipDeviceAttribute_t)12345, 0), hipErrorInvalidValue);
  EXPECT_BAD(hipDeviceGetAttribute(&value, hipDeviceAttributeWarpSize, 1), hipErrorInvalidDevice);
  char name[8];
  EXPECT_BAD(hipDeviceGetName(name, 0, 0), hipErrorInvalidValue);
  EXPECT_BAD(hipDeviceGetName(name, sizeof name, 1), hipErrorInvalidDevice);
  EXPECT_OK(hipDeviceGetName(name, sizeof name, 0));  // truncated, terminated
  EXPECT(std::strlen(name) == sizeof name - 1);
  EXPECT_OK(hipSetDeviceFlags(hipDeviceScheduleBlockingSync));
  EXPECT_BAD(hipSetDeviceFlags(0x100), hipErrorInvalidValue);
  unsigned int flags = 0;
  EXPECT_OK(hipGetDeviceFlags(&flags));
  EXPECT(flags == hipDeviceScheduleBlockingSync);
  EXPECT_OK(hipDeviceSetCacheConfig(hipFuncCachePreferL1));
  hipFuncCache_t cache = hipFuncCachePreferNone;
  EXPECT_OK(hipDeviceGetCacheConfig(&cache));
  EXPECT(cache == hipFuncCachePreferL1);
  EXPECT_BAD(hipDeviceSetCacheConfig((hipFuncCache_t)9), hipErrorInvalidValue);
  hipSharedMemConfig banks = hipSharedMemBankSizeDefault;
  EXPECT_OK(hipDeviceGetSharedMemConfig(&banks));
  EXPECT(banks == hipSharedMemBankSizeFourByte);
  EXPECT_OK(hipDeviceSetSharedMemConfig(hipSharedMemBankSizeEightByte));
  EXPECT_OK(hipDeviceGetSharedMemConfig(&banks));
  EXPECT(banks == hipSharedMemBankSizeEightByte);
  size_t limit = 1;
  EXPECT_OK(hipDeviceSetLimit(hipLimitPrintfFifoSize, 1 << 20));
  EXPECT_OK(hipDeviceGetLimit(&limit, hipLimitPrintfFifoSize));
  EXPECT(limit == 1 << 20);
  EXPECT_BAD(hipDeviceSetLimit((hipLimit_t)7, 1), hipErrorUnsupportedLimit);
  int chosen = 5;
  EXPECT_OK(hipChooseDevice(&chosen, &prop));
  EXPECT(chosen == 0);
  char bus[16] = {};
  EXPECT_OK(hipDeviceGetPCIBusId(bus, sizeof bus, 0));
  EXPECT(std::string(bus) == "0000:00:00.0");
  EXPECT_BAD(hipDeviceGetPCIBusId(bus, sizeof bus, 1), hipErrorInvalidDevice);
  chosen = 5;
  EXPECT_OK(hipDeviceGetByPCIBusId(&chosen, bus));
  EXPECT(chosen == 0);
  EXPECT_BAD(hipDeviceGetByPCIBusId(&chosen, "0000:01:00.0"), hipErrorInvalidValue);
  EXPECT_OK(hipCtxSynchronize());
  // Attributes are the properties' fields of the same names.
  EXPECT_OK(hipGetDeviceProperties(&prop, 0));
  EXPECT_OK(hipDeviceGetAttribute(&value, hipDeviceAttributeComputeCapabilityMajor, 0));
  EXPECT(value == prop.major);
  EXPECT_OK(hipDeviceGetAttribute(&value, hipDeviceAttributeMaxSharedMemoryPerMultiprocessor, 0));
  EXPECT(value == (int)prop.maxSharedMemoryPerMultiProcessor);
  EXPECT_OK(hipDeviceGetAttribute(&value, hipDeviceAttributeManagedMemory, 0));
  EXPECT(value == prop.managedMemory);
  // Programs divide clock64 counts by clockRate (kHz) and check constant sizes against totalConstMem.
  EXPECT_OK(hipDeviceGetAttribute(&value, hipDeviceAttributeClockRate, 0));
  EXPECT(value == prop.clockRate && prop.clockRate == 1000000);
  EXPECT(prop.totalConstMem == 65536 && prop.regsPerBlock > 0);
  int major = 0, minor = 0;
  EXPECT_OK(hipDeviceComputeCapability(&major, &minor, 0));
  EXPECT(major == prop.major && minor == prop.minor);
  EXPECT_BAD(hipDeviceComputeCapability(nullptr, &minor, 0), hipErrorInvalidValue);
  EXPECT_OK(hipStreamSynchronize(hipStreamPerThread));
  EXPECT_OK(hipStreamSynchronize(hipStreamLegacy));
  EXPECT_OK(hipDeviceGetAttribute(&value, hipDeviceAttributeSharedMemPerBlockOptin, 0));
  EXPECT(value == (int)prop.sharedMemPerBlockOptin && prop.sharedMemPerBlockOptin == prop.sharedMemPerBlock);
  EXPECT_OK(hipDeviceGetAttribute(&value, hipDeviceAttributeMaxBlocksPerMultiprocessor, 0));
  EXPECT(value == prop.maxBlocksPerMultiProcessor && value == 1 && prop.cooperativeLaunch == 0);
  EXPECT_BAD(hipDriverGetVersion(nullptr), hipErrorInvalidValue);
  EXPECT_BAD(hipRuntimeGetVersion(nullptr), hipErrorInvalidValue);
}

static void memory() {
  EXPECT_BAD(hipMalloc(nullptr, 16), hipErrorInvalidValue);
  void* p = (void*)1;
  EXPECT_OK(hipMalloc(&p, 0));  // HIP: success with a null pointer
  EXPECT(p == nullptr);
  EXPECT_BAD(hipMalloc(&p, size_t(1) << 50), hipErrorOutOfMemory);
  EXPECT(p == nullptr);

  int host[8] = {0};
  int* dev = nullptr;
  EXPECT_OK(hipMalloc(&dev, sizeof host));
  EXPECT_BAD(hipFree(host), hipErrorInvalidValue);
  EXPECT_BAD(hipFree(dev + 1), hipErrorInvalidValue);  // not the start of an allocation
  EXPECT_OK(hipFree(nullptr));
  EXPECT_BAD(hipHostFree(host), hipErrorInvalidValue);
  EXPECT_BAD(hipHostMalloc(nullptr, 4), hipErrorInvalidValue);

  EXPECT_BAD(hipMemcpy(dev, host, 4, (hipMemcpyKind)7), hipErrorInvalidMemcpyDirection);
  EXPECT_BAD(hipMemcpy(dev, host, 4, (hipMemcpyKind)5), hipErrorInvalidMemcpyDirection);
  EXPECT_BAD(hipMemcpy(nullptr, host, 4, hipMemcpyHostToDevice), hipErrorInvalidValue);
  EXPECT_BAD(hipMemcpy(dev, nullptr, 4, hipMemcpyHostToDevice), hipErrorInvalidValue);
  EXPECT_BAD(hipMemcpy(host + 1, host, 4, hipMemcpyHostToDevice), hipErrorInvalidDevicePointer);
  EXPECT_BAD(hipMemcpy(host, host + 1, 4, hipMemcpyDeviceToHost), hipErrorInvalidDevicePointer);
  EXPECT_BAD(hipMemcpy(dev, host, sizeof host + 1, hipMemcpyHostToDevice), hipErrorInvalidValue);
  EXPECT_BAD(hipMemcpy(host, dev + 7, 8, hipMemcpyDeviceToHost), hipErrorInvalidValue);
  EXPECT_BAD(hipMemcpy(dev + 4, dev, 20, hipMemcpyDeviceToDevice), hipErrorInvalidValue);
  EXPECT_BAD(hipMemcpy(dev + 8, host, 4, hipMemcpyHostToDevice), hipErrorInvalidDevicePointer);
  EXPECT_OK(hipMemcpy(nullptr, nullptr, 0, hipMemcpyHostToDevice));  // empty copy: a no-op
  EXPECT_BAD(hipMemset(host, 0, 4), hipErrorInvalidDevicePointer);
  EXPECT_BAD(hipMemset(nullptr, 0, 4), hipErrorInvalidValue);
  EXPECT_BAD(hipMemset(dev + 6, 0, 12), hipErrorInvalidValue);
  EXPECT_BAD(hipMemGetInfo(nullptr, nullptr), hipErrorInvalidValue);

  EXPECT_OK(hipFree(dev));
  EXPECT_BAD(hipFree(dev), hipErrorInvalidValue);  // double free
  EXPECT_BAD(hipMemcpy(host, dev, 4, hipMemcpyDeviceToHost), hipErrorInvalidDevicePointer);
}

static void symbols() {
  static int unregistered = 0;
  int value = 0;
  void* address = nullptr;
  size_t size = 0;
  EXPECT_BAD(hipMemcpyToSymbol(unregistered, &value, sizeof value), hipErrorInvalidSymbol);
  EXPECT_BAD(hipMemcpyFromSymbol(&value, unregistered, sizeof value), hipErrorInvalidSymbol);
  EXPECT_BAD(hipGetSymbolAddress(&address, unregistered), hipErrorInvalidSymbol);
  EXPECT_BAD(hipGetSymbolSize(&size, unregistered), hipErrorInvalidSymbol);
  EXPECT_BAD(__hipRegisterVar(nullptr, "x", 4), hipErrorInvalidValue);
  EXPECT_BAD(__hipRegisterVar(&unregistered, "unregistered", 0), hipErrorInvalidValue);
}

static void streamsAndEvents() {
  hipStream_t stream = nullptr;
  hipEvent_t start = nullptr, stop = nullptr;
  EXPECT_BAD(hipStreamCreate(nullptr), hipErrorInvalidValue);
  EXPECT_BAD(hipStreamCreateWithFlags(&stream, 0x80), hipErrorInvalidValue);
  EXPECT_OK(hipStreamCreate(&stream));
  EXPECT_OK(hipStreamDestroy(stream));
  EXPECT_BAD(hipStreamDestroy(stream), hipErrorInvalidHandle);
  EXPECT_BAD(hipStreamSynchronize(stream), hipErrorInvalidHandle);
  EXPECT_BAD(hipStreamQuery(stream), hipErrorInvalidHandle);
  int host = 0;
  EXPECT_BAD(hipMemcpyAsync(&host, &host, 4, hipMemcpyHostToHost, stream), hipErrorInvalidHandle);

  EXPECT_BAD(hipEventCreate(nullptr), hipErrorInvalidValue);
  EXPECT_BAD(hipEventCreateWithFlags(&start, 0x100), hipErrorInvalidValue);
  EXPECT_BAD(hipEventCreateWithFlags(&start, hipEventInterprocess | hipEventDisableTiming),
             hipErrorNotSupported);
  EXPECT_OK(hipEventCreate(&start));
  EXPECT_OK(hipEventCreateWithFlags(&stop, hipEventDisableTiming));
  float ms = 0;
  EXPECT_BAD(hipEventElapsedTime(&ms, start, start), hipErrorInvalidHandle);  // never recorded
  EXPECT_OK(hipEventRecord(start));
  EXPECT_OK(hipEventRecord(stop));
  EXPECT_BAD(hipEventElapsedTime(&ms, start, stop), hipErrorInvalidHandle);  // timing disabled
  EXPECT_BAD(hipEventElapsedTime(nullptr, start, start), hipErrorInvalidValue);
  EXPECT_BAD(hipEventRecord(start, stream), hipErrorInvalidHandle);  // destroyed stream
  EXPECT_BAD(hipStreamWaitEvent(nullptr, start, 3), hipErrorInvalidValue);
  EXPECT_OK(hipEventDestroy(stop));
  EXPECT_BAD(hipEventDestroy(stop), hipErrorInvalidHandle);
  EXPECT_BAD(hipEventSynchronize(stop), hipErrorInvalidHandle);
  EXPECT_BAD(hipEventQuery(stop), hipErrorInvalidHandle);
  EXPECT_BAD(hipStreamWaitEvent(nullptr, stop, 0), hipErrorInvalidHandle);
  EXPECT_OK(hipEventDestroy(start));

  // Priorities: one queue, so the range is [0, 0]; flags are kept.
  int least = 7, greatest = 7, priority = 7;
  EXPECT_OK(hipDeviceGetStreamPriorityRange(&least, &greatest));
  EXPECT(least == 0 && greatest == 0);
  EXPECT_OK(hipStreamCreateWithPriority(&stream, hipStreamNonBlocking, -1));
  EXPECT_OK(hipStreamGetPriority(stream, &priority));
  EXPECT(priority == 0);
  unsigned int flags = 0;
  EXPECT_OK(hipStreamGetFlags(stream, &flags));
  EXPECT(flags == hipStreamNonBlocking);
  EXPECT_OK(hipStreamGetFlags(nullptr, &flags));
  EXPECT(flags == hipStreamDefault);
  // Host functions run after the work before them, with its status.
  static int calls = 0;
  EXPECT_OK(hipLaunchHostFunc(stream, [](void* p) { *(int*)p += 1; }, &calls));
  EXPECT_OK(hipStreamAddCallback(stream, [](hipStream_t, hipError_t status, void* p) { *(int*)p += status == hipSuccess ? 10 : 100; }, &calls, 0));
  EXPECT(calls == 11);
  EXPECT_BAD(hipLaunchHostFunc(stream, nullptr, nullptr), hipErrorInvalidValue);
  EXPECT_OK(hipStreamDestroy(stream));
  EXPECT_BAD(hipStreamGetFlags(stream, &flags), hipErrorInvalidHandle);
  EXPECT_BAD(hipLaunchHostFunc(stream, [](void*) {}, nullptr), hipErrorInvalidHandle);
}

// Stream capture records instead of running; its misuses fail as HIP's do.
static void capture() {
  hipStream_t stream = nullptr;
  hipGraph_t graph = nullptr;
  hipGraphExec_t exec = nullptr;
  hipStreamCaptureStatus status = hipStreamCaptureStatusActive;
  EXPECT_BAD(hipStreamBeginCapture(nullptr, hipStreamCaptureModeGlobal), hipErrorStreamCaptureUnsupported);
  EXPECT_OK(hipStreamCreate(&stream));
  EXPECT_BAD(hipStreamEndCapture(stream, &graph), hipErrorStreamCaptureUnmatched);
  EXPECT_OK(hipStreamIsCapturing(stream, &status));
  EXPECT(status == hipStreamCaptureStatusNone);
  EXPECT_OK(hipStreamBeginCapture(stream, hipStreamCaptureModeRelaxed));
  EXPECT_BAD(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal), hipErrorIllegalState);
  static int calls = 0;
  EXPECT_OK(hipLaunchHostFunc(stream, [](void* p) { *(int*)p += 1; }, &calls));
  EXPECT(calls == 0);  // recorded, not run
  unsigned long long id = 0;
  EXPECT_OK(hipStreamGetCaptureInfo(stream, &status, &id));
  EXPECT(status == hipStreamCaptureStatusActive && id != 0);
  EXPECT_BAD(hipStreamEndCapture(stream, nullptr), hipErrorInvalidValue);
  EXPECT_OK(hipStreamEndCapture(stream, &graph));
  EXPECT_OK(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  EXPECT_OK(hipGraphLaunch(exec, stream));
  EXPECT_OK(hipGraphLaunch(exec, nullptr));
  EXPECT(calls == 2);
  EXPECT_BAD(hipGraphLaunch(nullptr, stream), hipErrorInvalidValue);
  EXPECT_BAD(hipGraphInstantiate(&exec, nullptr), hipErrorInvalidValue);
  EXPECT_OK(hipGraphExecDestroy(exec));
  EXPECT_OK(hipGraphDestroy(graph));
  EXPECT_BAD(hipGraphDestroy(nullptr), hipErrorInvalidValue);
  EXPECT_OK(hipStreamDestroy(stream));
  EXPECT_BAD(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal), hipErrorInvalidHandle);
}

static void launches() {
  const hipKernelArgumentMetadata args[] = {{0, 4, 4, 1}, {4, 4, 4, 0}};
  const hipKernelArgumentMetadata misaligned[] = {{2, 4, 4, 0}};
  const hipKernelArgumentMetadata overlapping[] = {{0, 8, 8, 0}, {4, 4, 4, 0}};
  const hipKernelArgumentMetadata oddPointer[] = {{0, 2, 2, 1}};
  EXPECT_BAD(__hipRegisterFunctionWithMetadata(nullptr, "k", not_a_binary, 16, 2, args), hipErrorInvalidValue);
  EXPECT_BAD(__hipRegisterFunctionWithMetadata(&handle_registered, "k", nullptr, 16, 2, args), hipErrorInvalidValue);
  EXPECT_BAD(__hipRegisterFunctionWithMetadata(&handle_registered, "k", not_a_binary, 0, 2, args), hipErrorInvalidValue);
  EXPECT_BAD(__hipRegisterFunctionWithMetadata(&handle_registered, "k", not_a_binary, 16, 2, nullptr), hipErrorInvalidValue);
  EXPECT_BAD(__hipRegisterFunctionWithMetadata(&handle_registered, "k", not_a_binary, 16, 1, misaligned), hipErrorInvalidValue);
  EXPECT_BAD(__hipRegisterFunctionWithMetadata(&handle_registered, "k", not_a_binary, 16, 2, overlapping), hipErrorInvalidValue);
  EXPECT_BAD(__hipRegisterFunctionWithMetadata(&handle_registered, "k", not_a_binary, 16, 1, oddPointer), hipErrorInvalidValue);
  EXPECT_OK(__hipRegisterFunctionWithMetadata(&handle_registered, "k", not_a_binary, 16, 2, args));
  EXPECT_BAD(__hip2vxSetKernelStaticShared(&handle_unregistered, 16), hipErrorInvalidDeviceFunction);

  hipDeviceProp_t prop;
  EXPECT_OK(hipGetDeviceProperties(&prop, 0));
  void* dev = nullptr;
  unsigned n = 4;
  void* params[] = {&dev, &n};
  void* missing[] = {&dev, nullptr};
  void* farAway = (void*)(uintptr_t(1) << 40);  // cannot be a 4-byte device address
  void* farParams[] = {&farAway, &n};
  const void* k = &handle_registered;
  hipStream_t destroyed = nullptr;
  EXPECT_OK(hipStreamCreate(&destroyed));
  EXPECT_OK(hipStreamDestroy(destroyed));
  EXPECT_BAD(hipLaunchKernel(&handle_unregistered, 1, 1, params, 0, nullptr), hipErrorInvalidDeviceFunction);
  EXPECT_BAD(hipLaunchKernel(k, 1, 1, params, 0, destroyed), hipErrorInvalidHandle);
  EXPECT_BAD(hipLaunchKernel(k, 0, 1, params, 0, nullptr), hipErrorInvalidConfiguration);
  EXPECT_BAD(hipLaunchKernel(k, 1, dim3(1, 0, 1), params, 0, nullptr), hipErrorInvalidConfiguration);
  EXPECT_BAD(hipLaunchKernel(k, 1, prop.maxThreadsPerBlock + 1, params, 0, nullptr), hipErrorInvalidConfiguration);
  EXPECT_BAD(hipLaunchKernel(k, 1, dim3(prop.maxThreadsPerBlock, 2), params, 0, nullptr), hipErrorInvalidConfiguration);
  EXPECT_BAD(hipLaunchKernel(k, dim3(65536, 65536, 2), 1, params, 0, nullptr), hipErrorInvalidConfiguration);
  EXPECT_BAD(hipLaunchKernel(k, 1, 1, params, prop.sharedMemPerBlock + 1, nullptr), hipErrorLaunchOutOfResources);
  // A full-core block may use all local memory, static bytes (rounded up to 16) included.
  EXPECT_OK(__hip2vxSetKernelStaticShared(&handle_registered, 1));
  const dim3 fullCore(prop.maxThreadsPerBlock);
  EXPECT_BAD(hipLaunchKernel(k, 1, fullCore, params, prop.sharedMemPerBlock - 15, nullptr), hipErrorLaunchOutOfResources);
  EXPECT_BAD(hipLaunchKernel(k, 1, 1, nullptr, 0, nullptr), hipErrorInvalidValue);
  EXPECT_BAD(hipLaunchKernel(k, 1, 1, nullptr), hipErrorInvalidValue);  // HIP's defaults: no shared memory, stream 0
  EXPECT_BAD(hipLaunchKernel(k, 1, 1, missing, 0, nullptr), hipErrorInvalidValue);
  EXPECT_BAD(hipLaunchKernel(k, 1, 1, farParams, 0, nullptr), hipErrorInvalidDevicePointer);
}

static void mappedMemory() {
  void* p = nullptr;
  EXPECT_BAD(hipHostGetDevicePointer(&p, &p, 0), hipErrorInvalidValue);  // not mapped
  void* host = nullptr;
  EXPECT_OK(hipHostMalloc(&host, 16));
  EXPECT_BAD(hipHostGetDevicePointer(&p, host, 0), hipErrorInvalidValue);  // pinned, not mapped
  EXPECT_OK(hipHostFree(host));
  EXPECT_OK(hipHostMalloc(&host, 16, hipHostMallocMapped));
  EXPECT_BAD(hipHostGetDevicePointer(nullptr, host, 0), hipErrorInvalidValue);
  EXPECT_BAD(hipHostGetDevicePointer(&p, host, 1), hipErrorInvalidValue);
  EXPECT_OK(hipHostGetDevicePointer(&p, host, 0));
  hipPointerAttribute_t attributes;
  EXPECT_OK(hipPointerGetAttributes(&attributes, host));
  EXPECT(attributes.type == hipMemoryTypeHost && attributes.devicePointer == p && attributes.hostPointer == host);
  EXPECT_OK(hipHostFree(host));
  EXPECT_BAD(hipHostGetDevicePointer(&p, host, 0), hipErrorInvalidValue);  // freed
  EXPECT_BAD(hipHostRegister(&p, sizeof p, hipHostRegisterIoMemory), hipErrorNotSupported);
}

// One device and no peers; page-locking accepted; pitched memory and 2-D copies.
static void singleDevice() {
  int can = 7;
  EXPECT_OK(hipDeviceCanAccessPeer(&can, 0, 0));
  EXPECT(can == 0);
  EXPECT_BAD(hipDeviceCanAccessPeer(&can, 0, 1), hipErrorInvalidDevice);
  EXPECT_BAD(hipDeviceEnablePeerAccess(0, 0), hipErrorInvalidDevice);
  EXPECT_BAD(hipDeviceDisablePeerAccess(0), hipErrorPeerAccessNotEnabled);
  EXPECT_BAD(hipDeviceDisablePeerAccess(3), hipErrorInvalidDevice);
  EXPECT_OK(hipProfilerStart());
  EXPECT_OK(hipProfilerStop());
  int pinned[4] = {0, 0, 0, 0};
  EXPECT_OK(hipHostRegister(pinned, sizeof pinned, hipHostRegisterDefault));
  EXPECT_BAD(hipHostRegister(pinned, sizeof pinned, hipHostRegisterPortable), hipErrorHostMemoryAlreadyRegistered);
  EXPECT_OK(hipHostUnregister(pinned));
  EXPECT_BAD(hipHostUnregister(pinned), hipErrorHostMemoryNotRegistered);

  // A 3 x 5-byte matrix through a pitched allocation, and a peer copy within device 0.
  const char rows[3][5] = {{1, 2, 3, 4, 5}, {6, 7, 8, 9, 10}, {11, 12, 13, 14, 15}};
  char back[3][5] = {};
  void* d = nullptr;
  size_t pitch = 0;
  EXPECT_OK(hipMallocPitch(&d, &pitch, 5, 3));
  EXPECT(pitch >= 5 && pitch % 64 == 0);
  EXPECT_OK(hipMemcpy2D(d, pitch, rows, 5, 5, 3, hipMemcpyHostToDevice));
  void* e = nullptr;
  EXPECT_OK(hipMalloc(&e, pitch * 3));
  EXPECT_OK(hipMemcpyPeer(e, 0, d, 0, pitch * 3));
  EXPECT_BAD(hipMemcpyPeer(e, 1, d, 0, 8), hipErrorInvalidDevice);
  EXPECT_OK(hipMemcpy2D(back, 5, e, pitch, 5, 3, hipMemcpyDeviceToHost));
  EXPECT(std::memcmp(back, rows, sizeof rows) == 0);
  // CUDA's typed cudaMallocPitch and the stream HIP defaults to 0.
  char* typed = nullptr;
  size_t typedPitch = 0;
  EXPECT_OK(hipMallocPitch(&typed, &typedPitch, 5, 3));
  EXPECT_OK(hipMemcpy2DAsync(typed, typedPitch, rows, 5, 5, 3, hipMemcpyHostToDevice));
  EXPECT_OK(hipMemcpy2D(back, 5, typed, typedPitch, 5, 3, hipMemcpyDeviceToHost));
  EXPECT(std::memcmp(back, rows, sizeof rows) == 0);
  EXPECT_OK(hipFree(typed));
  EXPECT_BAD(hipMemcpy2D(back, 4, e, pitch, 5, 3, hipMemcpyDeviceToHost), hipErrorInvalidValue);
  // Rows set through the pitch, the padding left alone; an asynchronous peer copy.
  EXPECT_OK(hipMemset2D(e, pitch, 0x7f, 2, 3));
  EXPECT_OK(hipMemcpyPeerAsync(d, 0, e, 0, pitch * 3));
  EXPECT_OK(hipMemcpy2D(back, 5, d, pitch, 5, 3, hipMemcpyDeviceToHost));
  EXPECT(back[0][0] == 0x7f && back[2][1] == 0x7f && back[0][2] == 3 && back[2][4] == 15);
  EXPECT_BAD(hipMemset2D(e, pitch, 0, pitch + 1, 1), hipErrorInvalidValue);
  EXPECT_OK(hipFree(d));
  EXPECT_OK(hipFree(e));

  // 2 slices of 3 x 5 bytes through hipMalloc3D: a sub-box copied at an offset, a slice filled.
  char box[2][3][5];
  for (int i = 0; i < 30; i++) (&box[0][0][0])[i] = static_cast<char>(i);
  hipPitchedPtr p3{};
  EXPECT_OK(hipMalloc3D(&p3, make_hipExtent(5, 3, 2)));
  EXPECT(p3.pitch % 64 == 0 && p3.ysize == 3);
  hipMemcpy3DParms up{};
  up.srcPtr = make_hipPitchedPtr(box, 5, 5, 3);
  up.dstPtr = p3;
  up.extent = make_hipExtent(5, 3, 2);
  up.kind = hipMemcpyHostToDevice;
  EXPECT_OK(hipMemcpy3D(&up));
  EXPECT_OK(hipMemset3D(make_hipPitchedPtr(static_cast<char*>(p3.ptr) + p3.pitch * 3, p3.pitch, 5, 3), 0x55, make_hipExtent(2, 3, 1)));
  char out[2][2][3] = {};
  hipMemcpy3DParms down{};
  down.srcPtr = p3;
  down.srcPos = make_hipPos(2, 1, 0);
  down.dstPtr = make_hipPitchedPtr(out, 3, 3, 2);
  down.extent = make_hipExtent(3, 2, 2);
  down.kind = hipMemcpyDeviceToHost;
  EXPECT_OK(hipMemcpy3DAsync(&down, 0));
  EXPECT_OK(hipDeviceSynchronize());
  EXPECT(out[0][0][0] == box[0][1][2] && out[0][1][2] == box[0][2][4] && out[1][0][1] == box[1][1][3]);
  EXPECT(out[1][0][0] == box[1][1][2]);  // x 2 is outside the filled 2 bytes
  down.srcPos = make_hipPos(0, 0, 1);
  down.extent.depth = 1;
  EXPECT_OK(hipMemcpy3D(&down));
  EXPECT(out[0][0][0] == 0x55 && out[0][1][1] == 0x55 && out[0][0][2] == box[1][0][2]);
  down.srcArray = &box;
  EXPECT_BAD(hipMemcpy3D(&down), hipErrorNotSupported);
  EXPECT_BAD(hipMemcpy3D(nullptr), hipErrorInvalidValue);
  EXPECT_OK(hipFree(p3.ptr));
}

// Managed memory (runtime/src/managed.cpp): argument checks; its behaviour is tested by programs.
static void managed() {
  void* p = nullptr;
  int host = 0;
  EXPECT_BAD(hipMallocManaged(&p, 16, 0x40), hipErrorInvalidValue);
  EXPECT_BAD(hipMemPrefetchAsync(&host, 4, 0), hipErrorInvalidValue);  // not managed
  EXPECT_BAD(hipMemAdvise(&host, 4, hipMemAdviseSetReadMostly, 0), hipErrorInvalidValue);
  EXPECT_OK(hipMallocManaged(&p, 16));
  EXPECT_OK(hipMemPrefetchAsync(static_cast<char*>(p) + 8, 8, 0));
  EXPECT_OK(hipMemset(p, 7, 16));
  EXPECT(static_cast<unsigned char*>(p)[15] == 7);
  EXPECT_OK(hipFree(p));
  EXPECT_BAD(hipMemAdvise(p, 4, hipMemAdviseSetReadMostly, 0), hipErrorInvalidValue);  // freed
}

static void names() {
  EXPECT(std::string(hipGetErrorName(hipErrorAssert)) == "hipErrorAssert");
  EXPECT(std::string(hipGetErrorName(hipSuccess)) == "hipSuccess");
  EXPECT(std::string(hipGetErrorName(hipErrorInvalidValue)) == "hipErrorInvalidValue");
  EXPECT(std::string(hipGetErrorName(hipErrorMemoryAllocation)) == "hipErrorOutOfMemory");
  EXPECT(std::string(hipGetErrorName(hipErrorInvalidResourceHandle)) == "hipErrorInvalidHandle");
  EXPECT(std::string(hipGetErrorName(hipErrorInvalidKernelFile)) == "hipErrorInvalidKernelFile");
  EXPECT(std::string(hipGetErrorName((hipError_t)4242)) == "hipErrorUnknown");
  EXPECT(std::string(hipGetErrorString(hipErrorInvalidSymbol)) == "invalid device symbol");
  EXPECT(std::strlen(hipGetErrorString((hipError_t)4242)) > 0);
}

// The runtime still works after all the failures above.
static void stillWorks() {
  const int in[4] = {1, 2, 3, 4};
  int out[4] = {0};
  int* dev = nullptr;
  EXPECT_OK(hipMalloc(&dev, sizeof in));
  EXPECT_OK(hipMemcpy(dev, in, sizeof in, hipMemcpyHostToDevice));
  EXPECT_OK(hipMemcpy(out, dev, sizeof out, hipMemcpyDeviceToHost));
  EXPECT(std::memcmp(in, out, sizeof in) == 0);
  EXPECT_OK(hipFree(dev));
  EXPECT_OK(hipDeviceSynchronize());
  EXPECT_ERR(hipGetLastError(), hipSuccess);
}

int main() {
  EXPECT_ERR(hipGetLastError(), hipSuccess);
  deviceManagement();
  memory();
  symbols();
  streamsAndEvents();
  capture();
  launches();
  mappedMemory();
  managed();
  singleDevice();
  names();
  stillWorks();
  return report();
}
