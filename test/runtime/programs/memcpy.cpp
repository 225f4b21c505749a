// Copies in every direction (explicit kinds and hipMemcpyDefault), at offsets inside
// allocations, memsets, host allocations and memory info.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "check.h"

static std::vector<int> iota(int n, int from) {
  std::vector<int> v(n);
  for (int i = 0; i < n; ++i) v[i] = from + i;
  return v;
}

static std::vector<int> download(const int* dev, int n) {
  std::vector<int> out(n, -1);
  EXPECT_OK(hipMemcpy(out.data(), dev, n * sizeof(int), hipMemcpyDeviceToHost));
  return out;
}

static void directions(hipMemcpyKind toDev, hipMemcpyKind toHost, hipMemcpyKind devToDev,
                       hipMemcpyKind hostToHost) {
  const int n = 64;
  const std::vector<int> in = iota(n, 100);
  int *a = nullptr, *b = nullptr;
  EXPECT_OK(hipMalloc(&a, n * sizeof(int)));
  EXPECT_OK(hipMalloc(&b, n * sizeof(int)));
  EXPECT_OK(hipMemcpy(a, in.data(), n * sizeof(int), toDev));
  EXPECT(download(a, n) == in);
  EXPECT_OK(hipMemcpy(b, a, n * sizeof(int), devToDev));
  std::vector<int> out(n, 0);
  EXPECT_OK(hipMemcpy(out.data(), b, n * sizeof(int), toHost));
  EXPECT(out == in);
  std::vector<int> copy(n, 0);
  EXPECT_OK(hipMemcpy(copy.data(), out.data(), n * sizeof(int), hostToHost));
  EXPECT(copy == in);
  EXPECT_OK(hipFree(a));
  EXPECT_OK(hipFree(b));
}

static void offsets() {
  const int n = 32;
  int *a = nullptr, *b = nullptr;
  EXPECT_OK(hipMalloc(&a, n * sizeof(int)));
  EXPECT_OK(hipMalloc(&b, n * sizeof(int)));
  EXPECT_OK(hipMemset(a, 0, n * sizeof(int)));
  EXPECT_OK(hipMemset(b, 0, n * sizeof(int)));
  const std::vector<int> part = iota(8, 1);
  // Into the middle of `a`, and the last bytes of it.
  EXPECT_OK(hipMemcpy(a + 10, part.data(), 8 * sizeof(int), hipMemcpyHostToDevice));
  EXPECT_OK(hipMemcpy(a + n - 1, part.data(), sizeof(int), hipMemcpyDefault));
  std::vector<int> expected(n, 0);
  std::copy(part.begin(), part.end(), expected.begin() + 10);
  expected[n - 1] = 1;
  EXPECT(download(a, n) == expected);
  // Out of the middle of `a`.
  std::vector<int> out(4, 0);
  EXPECT_OK(hipMemcpy(out.data(), a + 12, 4 * sizeof(int), hipMemcpyDeviceToHost));
  EXPECT(out == std::vector<int>({3, 4, 5, 6}));
  // Device to device between offsets, and inside one allocation.
  EXPECT_OK(hipMemcpy(b + 3, a + 11, 5 * sizeof(int), hipMemcpyDeviceToDevice));
  EXPECT_OK(hipMemcpy(b + 20, b + 3, 2 * sizeof(int), hipMemcpyDefault));
  std::vector<int> expectedB(n, 0);
  for (int i = 0; i < 5; ++i) expectedB[3 + i] = 2 + i;
  expectedB[20] = 2;
  expectedB[21] = 3;
  EXPECT(download(b, n) == expectedB);
  // Byte-granular memset at an offset.
  EXPECT_OK(hipMemset(reinterpret_cast<char*>(b) + 1, 0xff, 2));
  EXPECT(download(b, 1)[0] == 0x00ffff00);
  EXPECT_OK(hipFree(a));
  EXPECT_OK(hipFree(b));
}

static void hostMemory() {
  int* pinned = nullptr;
  EXPECT_OK(hipHostMalloc(&pinned, 16 * sizeof(int)));
  EXPECT(pinned != nullptr);
  for (int i = 0; i < 16; ++i) pinned[i] = i * i;
  int* dev = nullptr;
  EXPECT_OK(hipMalloc(&dev, 16 * sizeof(int)));
  EXPECT_OK(hipMemcpy(dev, pinned, 16 * sizeof(int), hipMemcpyDefault));
  EXPECT(download(dev, 16)[15] == 225);
  EXPECT_OK(hipFree(dev));
  EXPECT_OK(hipHostFree(pinned));
  void* empty = (void*)1;
  EXPECT_OK(hipHostMalloc(&empty, 0));
  EXPECT(empty == nullptr);
}

// hipPointerGetAttributes / hipMemPtrGetInfo: which table a pointer (or one inside an allocation) is in.
static void pointerAttributes() {
  int *dev = nullptr, *pinned = nullptr, *managed = nullptr;
  static int registered[8], plain[8];
  EXPECT_OK(hipMalloc(&dev, 10 * sizeof(int)));
  EXPECT_OK(hipHostMalloc(&pinned, 6 * sizeof(int), hipHostMallocPortable));
  EXPECT_OK(hipMallocManaged(&managed, 4 * sizeof(int)));
  EXPECT_OK(hipHostRegister(registered, sizeof registered, hipHostRegisterDefault));
  hipPointerAttribute_t a;
  EXPECT_OK(hipPointerGetAttributes(&a, dev + 3));
  EXPECT(a.type == hipMemoryTypeDevice && a.memoryType == hipMemoryTypeDevice && a.devicePointer == dev + 3 && !a.hostPointer && !a.isManaged);
  EXPECT_OK(hipPointerGetAttributes(&a, pinned + 5));
  EXPECT(a.type == hipMemoryTypeHost && a.hostPointer == pinned + 5 && !a.devicePointer && a.allocationFlags == hipHostMallocPortable);
  EXPECT_OK(hipPointerGetAttributes(&a, managed));
  EXPECT(a.type == hipMemoryTypeManaged && a.isManaged && a.devicePointer == managed && a.hostPointer == managed);
  EXPECT_OK(hipPointerGetAttributes(&a, registered + 7));
  EXPECT(a.type == hipMemoryTypeHost);
  EXPECT_OK(hipPointerGetAttributes(&a, plain));
  EXPECT(a.type == hipMemoryTypeUnregistered && a.hostPointer == plain && !a.devicePointer);
  EXPECT_BAD(hipPointerGetAttributes(&a, nullptr), hipErrorInvalidValue);
  EXPECT_BAD(hipPointerGetAttributes(nullptr, dev), hipErrorInvalidValue);
  size_t size = 0;
  EXPECT_OK(hipMemPtrGetInfo(dev + 9, &size));
  EXPECT(size == 10 * sizeof(int));
  EXPECT_OK(hipMemPtrGetInfo(pinned, &size));
  EXPECT(size == 6 * sizeof(int));
  EXPECT_BAD(hipMemPtrGetInfo(plain, &size), hipErrorInvalidValue);
  hipDeviceptr_t base = nullptr;
  EXPECT_OK(hipMemGetAddressRange(&base, &size, dev + 4));
  EXPECT(base == dev && size == 10 * sizeof(int));
  EXPECT_BAD(hipMemGetAddressRange(&base, &size, plain), hipErrorNotFound);
  unsigned int flags = 0;
  EXPECT_OK(hipHostGetFlags(&flags, pinned + 1));
  EXPECT(flags == hipHostMallocPortable);
  EXPECT_BAD(hipHostGetFlags(&flags, plain), hipErrorInvalidValue);
  EXPECT_OK(hipFree(dev));
  EXPECT_OK(hipPointerGetAttributes(&a, dev));
  EXPECT(a.type == hipMemoryTypeUnregistered);
  EXPECT_OK(hipHostFree(pinned));
  EXPECT_OK(hipFree(managed));
  EXPECT_OK(hipHostUnregister(registered));
  EXPECT_OK(hipPointerGetAttributes(&a, registered));
  EXPECT(a.type == hipMemoryTypeUnregistered);
}

// The driver API's names: copies on hipDeviceptr_t, memsets of 8-, 16- and 32-bit values.
static void driverMemory() {
  hipDeviceptr_t dev = nullptr;
  EXPECT_OK(hipMalloc(&dev, 16 * sizeof(int)));
  std::vector<int> in = iota(16, 1), out(16, 0);
  EXPECT_OK(hipMemcpyHtoD(dev, in.data(), 16 * sizeof(int)));
  EXPECT_OK(hipMemsetD32(static_cast<int*>(dev) + 2, -7, 3));
  EXPECT_OK(hipMemsetD16(static_cast<int*>(dev) + 8, 0xabcd, 2));  // one int's two halves
  EXPECT_OK(hipMemsetD8Async(static_cast<int*>(dev) + 12, 0x11, 4, nullptr));
  EXPECT_OK(hipMemcpyDtoH(out.data(), dev, 16 * sizeof(int)));
  EXPECT(out[1] == 2 && out[2] == -7 && out[4] == -7 && out[5] == 6 && out[8] == (int)0xabcdabcd && out[9] == 10 && out[12] == 0x11111111);
  EXPECT_BAD(hipMemsetD32(nullptr, 0, 1), hipErrorInvalidValue);
  EXPECT_OK(hipFree(dev));
}

static void asyncOnStream() {
  hipStream_t stream = nullptr;
  EXPECT_OK(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  int* dev = nullptr;
  const std::vector<int> in = iota(16, 7);
  std::vector<int> out(16, 0);
  EXPECT_OK(hipMalloc(&dev, 16 * sizeof(int)));
  EXPECT_OK(hipMemsetAsync(dev, 0, 16 * sizeof(int), stream));
  EXPECT_OK(hipMemcpyAsync(dev + 8, in.data(), 8 * sizeof(int), hipMemcpyHostToDevice, stream));
  EXPECT_OK(hipMemcpyAsync(out.data(), dev, 16 * sizeof(int), hipMemcpyDeviceToHost, stream));
  EXPECT_OK(hipStreamSynchronize(stream));
  EXPECT(out[0] == 0 && out[7] == 0 && out[8] == 7 && out[15] == 14);
  // In stream order, and done on return.
  EXPECT_OK(hipMemsetAsync(dev, 0xff, 8 * sizeof(int), stream));
  EXPECT_OK(hipMemcpyWithStream(out.data(), dev, 16 * sizeof(int), hipMemcpyDeviceToHost, stream));
  EXPECT(out[0] == -1 && out[7] == -1 && out[8] == 7 && out[15] == 14);
  EXPECT_OK(hipFree(dev));
  EXPECT_OK(hipStreamDestroy(stream));
}

// Buffers of 2 MiB and more have mappings of their own, kept after a free for the next buffer of
// their length; memsets are written from a 1 MiB pattern, so these cross its boundaries.
static void largeBuffers() {
  const int n = (3 << 20) / sizeof(int) + 1;
  const int mib = (1 << 20) / sizeof(int);
  for (int round = 0; round < 2; ++round) {  // the second gets the first one's mapping back
    int* dev = nullptr;
    EXPECT_OK(hipMalloc(&dev, n * sizeof(int)));
    EXPECT(reinterpret_cast<uintptr_t>(dev) % 64 == 0);
    std::vector<int> out = download(dev, n);
    EXPECT(std::all_of(out.begin(), out.end(), [](int v) { return v == 0; }));
    EXPECT_OK(hipMemsetD32(dev + 5, -7, 2 * mib + 3));
    EXPECT_OK(hipMemset(reinterpret_cast<char*>(dev + n) - 9, 0x11, 6));
    out = download(dev, n);
    // Bytes 9 to 4 from the end: the last int's lowest byte, all of the one before, the highest
    // byte of the one before that (little-endian).
    bool ok = out[4] == 0 && out[n - 3] == 0x11000000 && out[n - 2] == 0x11111111 && out[n - 1] == 0x11;
    for (int i = 5; i < 5 + 2 * mib + 3; ++i) ok = ok && out[i] == -7;
    for (int i = 5 + 2 * mib + 3; i < n - 3; ++i) ok = ok && out[i] == 0;
    EXPECT(ok);
    const std::vector<int> in = iota(n, 3);
    EXPECT_OK(hipMemcpy(dev, in.data(), n * sizeof(int), hipMemcpyHostToDevice));
    EXPECT(download(dev, n) == in);
    EXPECT_OK(hipFree(dev));
  }
}

static void memoryInfo() {
  size_t freeBefore = 0, total = 0, freeAfter = 0;
  EXPECT_OK(hipMemGetInfo(&freeBefore, &total));
  EXPECT(total > 0 && freeBefore <= total);
  void* big = nullptr;
  EXPECT_OK(hipMalloc(&big, 1 << 16));
  EXPECT_OK(hipMemGetInfo(&freeAfter, &total));
  EXPECT(freeAfter < freeBefore);
  EXPECT_OK(hipFree(big));
  hipDeviceProp_t prop;
  EXPECT_OK(hipGetDeviceProperties(&prop, 0));
  EXPECT(prop.totalGlobalMem == total);
  EXPECT(prop.maxThreadsPerBlock == prop.warpSize * (prop.maxThreadsPerBlock / prop.warpSize));
  int warp = 0;
  EXPECT_OK(hipDeviceGetAttribute(&warp, hipDeviceAttributeWarpSize, 0));
  EXPECT(warp == prop.warpSize && warp > 0);
}

int main() {
  directions(hipMemcpyHostToDevice, hipMemcpyDeviceToHost, hipMemcpyDeviceToDevice, hipMemcpyHostToHost);
  directions(hipMemcpyDefault, hipMemcpyDefault, hipMemcpyDefault, hipMemcpyDefault);
  offsets();
  hostMemory();
  pointerAttributes();
  driverMemory();
  asyncOnStream();
  largeBuffers();
  memoryInfo();
  return report();
}
