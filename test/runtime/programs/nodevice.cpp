// Without a usable device every call that needs it fails with hipErrorNoDevice, cleanly.
#include "check.h"

int main() {
  int count = -1;
  EXPECT_BAD(hipGetDeviceCount(&count), hipErrorNoDevice);
  EXPECT(count == 0);
  void* p = nullptr;
  EXPECT_BAD(hipMalloc(&p, 16), hipErrorNoDevice);
  hipDeviceProp_t prop;
  EXPECT_BAD(hipGetDeviceProperties(&prop, 0), hipErrorNoDevice);
  EXPECT_BAD(hipInit(0), hipErrorNoDevice);
  EXPECT_BAD(hipSetDevice(0), hipErrorNoDevice);
  EXPECT_OK(hipDeviceSynchronize());  // nothing was issued
  return report();
}
