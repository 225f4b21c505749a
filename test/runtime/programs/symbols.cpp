// Device globals registered with HIP2VX_REGISTER_VAR: lazy creation from the host shadow,
// copies to/from them (both overloads, offsets, kinds), addresses and device reset.
#include "check.h"
// After the HIP header on purpose: libstdc++ spells __attribute__((__noinline__)).
#include <cstring>
#include <memory>

// Host output as the translator leaves it: qualified device globals become host shadows, and
// __host__ __device__ functions stay.
__constant__ float table[8] = {1, 2, 3, 4, 5, 6, 7, 8};
__device__ int counter = 42;
struct __align__(16) Pair { int a; double b; };
__device__ Pair pair = {5, 2.5};
__host__ __device__ __forceinline__ int twice(int x) { return 2 * x; }
__device__ __noinline__ int thrice(int x) { return 3 * x; }
HIP2VX_REGISTER_VAR(table);
HIP2VX_REGISTER_VAR(counter);
HIP2VX_REGISTER_VAR(pair);

int main() {
  // The device copy is made on first use, from the host bytes at that moment.
  counter = 43;
  int value = 0;
  EXPECT_OK(hipMemcpyFromSymbol(&value, counter, sizeof value));
  EXPECT(value == 43);
  counter = 44;  // the device copy exists now: unaffected
  EXPECT_OK(hipMemcpyFromSymbol(&value, HIP_SYMBOL(counter), sizeof value));
  EXPECT(value == 43);

  // void* overloads, offsets, explicit kinds.
  const float three[3] = {-1, -2, -3};
  EXPECT_OK(hipMemcpyToSymbol((const void*)table, three, sizeof three, 2 * sizeof(float)));
  float out[8] = {0};
  EXPECT_OK(hipMemcpyFromSymbol(out, (const void*)table, sizeof out, 0, hipMemcpyDeviceToHost));
  const float expected[8] = {1, 2, -1, -2, -3, 6, 7, 8};
  EXPECT(std::memcmp(out, expected, sizeof out) == 0);
  float last = 0;
  EXPECT_OK(hipMemcpyFromSymbol(&last, table, sizeof last, 7 * sizeof(float), hipMemcpyDefault));
  EXPECT(last == 8);
  Pair p = {0, 0};
  EXPECT_OK(hipMemcpyFromSymbol(&p, pair, sizeof p));
  EXPECT(p.a == 5 && p.b == 2.5);

  // Addresses: usable with hipMemcpy, also at an offset, and in device-to-device symbol copies.
  void* address = nullptr;
  size_t size = 0;
  EXPECT_OK(hipGetSymbolAddress(&address, table));
  EXPECT_OK(hipGetSymbolSize(&size, HIP_SYMBOL(table)));
  EXPECT(address != nullptr && size == sizeof table);
  EXPECT_OK(hipMemcpy(&last, static_cast<float*>(address) + 3, sizeof last, hipMemcpyDeviceToHost));
  EXPECT(last == -2);
  EXPECT_OK(hipMemcpyToSymbol(counter, static_cast<float*>(address) + 5, sizeof(int), 0,
                              hipMemcpyDeviceToDevice));
  float bits = 0;
  EXPECT_OK(hipMemcpyFromSymbol(&bits, counter, sizeof bits));
  EXPECT(bits == 6.0f);
  void* copy = nullptr;
  EXPECT_OK(hipMalloc(&copy, sizeof(float)));
  EXPECT_OK(hipMemcpyFromSymbol(copy, table, sizeof(float), 0, hipMemcpyDeviceToDevice));
  EXPECT_OK(hipMemcpy(&last, copy, sizeof last, hipMemcpyDeviceToHost));
  EXPECT(last == 1);
  EXPECT_OK(hipFree(copy));
  hipStream_t stream = nullptr;
  EXPECT_OK(hipStreamCreate(&stream));
  EXPECT_OK(hipMemcpyToSymbolAsync(counter, &value, sizeof value, 0, hipMemcpyHostToDevice, stream));
  EXPECT_OK(hipMemcpyFromSymbolAsync(&bits, counter, sizeof bits, 0, hipMemcpyDeviceToHost, stream));
  EXPECT_OK(hipStreamSynchronize(stream));
  EXPECT_OK(hipStreamDestroy(stream));

  // Bad ranges and kinds.
  EXPECT_BAD(hipMemcpyToSymbol(table, three, sizeof three, 6 * sizeof(float)), hipErrorInvalidValue);
  EXPECT_BAD(hipMemcpyToSymbol(table, three, 4, SIZE_MAX), hipErrorInvalidValue);
  EXPECT_BAD(hipMemcpyToSymbol(table, three, 0, sizeof table + 4), hipErrorInvalidValue);
  EXPECT_BAD(hipMemcpyFromSymbol(out, table, sizeof table + 4), hipErrorInvalidValue);
  EXPECT_BAD(hipMemcpyToSymbol(table, three, 4, 0, hipMemcpyDeviceToHost), hipErrorInvalidMemcpyDirection);
  EXPECT_BAD(hipMemcpyFromSymbol(out, table, 4, 0, hipMemcpyHostToDevice), hipErrorInvalidMemcpyDirection);
  EXPECT_BAD(hipMemcpyToSymbol(table, nullptr, 4), hipErrorInvalidValue);
  EXPECT_BAD(hipGetSymbolAddress(nullptr, table), hipErrorInvalidValue);

  // After a reset, the device copy is made again from the host variable.
  EXPECT_OK(hipDeviceReset());
  EXPECT_OK(hipMemcpyFromSymbol(&value, counter, sizeof value));
  EXPECT(value == 44);
  EXPECT(twice(thrice(1)) == 6 && alignof(Pair) == 16 && std::make_shared<int>(1));
  EXPECT_ERR(hipGetLastError(), hipSuccess);
  return report();
}
