// Launches of hand-written kernel binaries (test/runtime/kernels, CPU backend) registered the way
// the generated registration source does it: argument packing, a struct by value holding a
// pointer, kernel switching, ordering of streams and events, failures.
#include <cstring>
#include <vector>

#include "check.h"

HIP2VX_EMBED_KERNEL(bin_record_args, "record_args.so");
HIP2VX_EMBED_KERNEL(bin_scale_span, "scale_span.so");
HIP2VX_EMBED_KERNEL(bin_add_slow, "add_slow.so");
HIP2VX_EMBED_KERNEL(bin_fail, "fail.so");

void* k_record_args;
void* k_scale_span;
void* k_add_slow;
void* k_fail;
void* k_garbage;

// record_args(out, size, small pointer, char, double, 12-byte struct image): pointers are 8 bytes
// except the third parameter, declared as a 4-byte (rv32) pointer.
const hipKernelArgumentMetadata md_record_args[] = {
    {0, 8, 8, 1}, {8, 4, 4, 0}, {12, 4, 4, 1}, {16, 1, 1, 0}, {24, 8, 8, 0}, {32, 12, 4, 0}};
const hipKernelArgumentMetadata md_scale_span[] = {{0, 16, 8, 0}, {16, 8, 8, 1}};
const hipKernelArgumentMetadata md_add_slow[] = {{0, 8, 8, 1}, {8, 4, 4, 0}, {12, 4, 4, 0}, {16, 4, 4, 0}};
const unsigned char garbage[64] = {0x7f, 'N', 'O', 'T'};

static void registerKernel(void** handle, const char* name, const unsigned char* begin,
                           const unsigned char* end, size_t count, const hipKernelArgumentMetadata* md) {
  EXPECT_OK(__hipRegisterFunctionWithMetadata(handle, name, begin, end - begin, count, md));
}

struct Registration {
  Registration() {
    registerKernel(&k_record_args, "record_args", bin_record_args, bin_record_args_end, 6, md_record_args);
    registerKernel(&k_scale_span, "scale_span", bin_scale_span, bin_scale_span_end, 2, md_scale_span);
    registerKernel(&k_add_slow, "add_slow", bin_add_slow, bin_add_slow_end, 4, md_add_slow);
    registerKernel(&k_fail, "fail", bin_fail, bin_fail_end, 0, nullptr);
    registerKernel(&k_garbage, "garbage", garbage, garbage + sizeof garbage, 0, nullptr);
    EXPECT_OK(__hip2vxSetKernelStaticShared(&k_record_args, 8));
  }
} registration;

template <class T>
static void put(std::vector<unsigned char>& image, size_t offset, T value) {
  std::memcpy(image.data() + offset, &value, sizeof value);
}

static void recordArgs() {
  const uint32_t size = 80;  // round_up(32 + 32 + 12, 8)
  unsigned char* out = nullptr;
  EXPECT_OK(hipMalloc(&out, size));
  EXPECT_OK(hipMemset(out, 0xaa, size));
  void* small = (void*)uintptr_t(0x12345678);
  char c = 'q';
  double d = 2.75;
  const unsigned char image[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
  void* args[] = {&out, (void*)&size, &small, &c, &d, (void*)image};
  EXPECT_OK(hipLaunchKernel(&k_record_args, dim3(2, 1, 1), dim3(4, 1, 1), args, 24, nullptr));
  std::vector<unsigned char> got(size);
  EXPECT_OK(hipMemcpy(got.data(), out, size, hipMemcpyDeviceToHost));

  std::vector<unsigned char> expected(size, 0);
  const uint32_t header[6] = {2, 1, 1, 4, 1, 1};
  std::memcpy(expected.data(), header, sizeof header);
  put<uint64_t>(expected, 24, 24);  // dynamic shared bytes of this launch
  put(expected, 32 + 0, out);
  put(expected, 32 + 8, size);
  put<uint32_t>(expected, 32 + 12, 0x12345678);
  put(expected, 32 + 16, c);
  put(expected, 32 + 24, d);
  std::memcpy(expected.data() + 32 + 32, image, sizeof image);
  EXPECT(got == expected);
  EXPECT_OK(hipFree(out));
}

struct Span {  // the device layout of the kernel's struct (host ABI on the CPU backend)
  float* data;
  uint32_t n;
  float scale;
};

static void structByValue() {
  const uint32_t n = 37;
  std::vector<float> in(n), out(n, 0);
  for (uint32_t i = 0; i < n; ++i) in[i] = float(i);
  float *data = nullptr, *result = nullptr;
  EXPECT_OK(hipMalloc(&data, n * sizeof(float)));
  EXPECT_OK(hipMalloc(&result, n * sizeof(float)));
  EXPECT_OK(hipMemcpy(data, in.data(), n * sizeof(float), hipMemcpyHostToDevice));
  // The marshalled image of the device layout, as the generated stub builds it.
  std::vector<unsigned char> image(sizeof(Span), 0);
  put(image, offsetof(Span, data), data);
  put(image, offsetof(Span, n), n);
  put(image, offsetof(Span, scale), 1.5f);
  void* args[] = {image.data(), &result};
  EXPECT_OK(hipLaunchKernel(&k_scale_span, (n + 7) / 8, 8, args, 0, nullptr));
  EXPECT_OK(hipMemcpy(out.data(), result, n * sizeof(float), hipMemcpyDeviceToHost));
  bool all = true;
  for (uint32_t i = 0; i < n; ++i) all = all && out[i] == 1.5f * float(i);
  EXPECT(all);
  EXPECT_OK(hipFree(data));
  EXPECT_OK(hipFree(result));
}

static hipError_t addSlow(int* data, uint32_t n, int value, hipStream_t stream) {
  uint32_t spin = 20000;
  void* args[] = {&data, &n, &value, &spin};
  return hipLaunchKernel(&k_add_slow, (n + 63) / 64, 64, args, 0, stream);
}

// Work runs in issue order across streams; events time the work before them.
static void ordering() {
  const uint32_t n = 4096;
  int* data = nullptr;
  hipStream_t s1 = nullptr, s2 = nullptr;
  hipEvent_t start = nullptr, stop = nullptr;
  EXPECT_OK(hipStreamCreate(&s1));
  EXPECT_OK(hipStreamCreateWithFlags(&s2, hipStreamNonBlocking));
  EXPECT_OK(hipEventCreate(&start));
  EXPECT_OK(hipEventCreate(&stop));
  EXPECT_OK(hipMalloc(&data, n * sizeof(int)));
  EXPECT_OK(hipMemsetAsync(data, 0, n * sizeof(int), s1));
  EXPECT_OK(hipEventRecord(start, s1));
  EXPECT_OK(addSlow(data, n, 1, s1));
  EXPECT_OK(addSlow(data, n, 10, s2));
  EXPECT_OK(hipEventRecord(stop, s2));
  std::vector<int> out(n, 0);
  EXPECT_OK(hipMemcpyAsync(out.data(), data, n * sizeof(int), hipMemcpyDeviceToHost, s1));
  EXPECT_OK(hipStreamSynchronize(s1));
  EXPECT(out.front() == 11 && out.back() == 11);
  EXPECT_OK(hipEventSynchronize(stop));
  EXPECT_OK(hipEventQuery(stop));
  float ms = -1;
  EXPECT_OK(hipEventElapsedTime(&ms, start, stop));
  EXPECT(ms > 0);

  // A launch followed by a synchronous copy, a query, and a free of a buffer in use.
  EXPECT_OK(addSlow(data, n, 100, s2));
  EXPECT_OK(hipMemcpy(out.data(), data, n * sizeof(int), hipMemcpyDeviceToHost));
  EXPECT(out[n / 2] == 111);
  EXPECT_OK(addSlow(data, n, 1000, s2));
  EXPECT_OK(hipStreamQuery(s2));
  EXPECT_OK(addSlow(data, n, 1, nullptr));
  EXPECT_OK(hipFree(data));  // waits for the kernel using it

  EXPECT_OK(hipEventDestroy(start));
  EXPECT_OK(hipEventDestroy(stop));
  EXPECT_OK(hipStreamDestroy(s1));
  EXPECT_OK(hipStreamDestroy(s2));
}

static void failures_() {
  EXPECT_BAD(hipLaunchKernel(&k_garbage, 1, 1, nullptr, 0, nullptr), hipErrorInvalidKernelFile);
  EXPECT_OK(hipLaunchKernel(&k_fail, 1, 1, nullptr, 0, nullptr));
  EXPECT_BAD(hipDeviceSynchronize(), hipErrorLaunchFailure);
  EXPECT_OK(hipDeviceSynchronize());  // the failure was reported once
}

int main() {
  recordArgs();
  structByValue();
  recordArgs();  // switching back to a kernel uploaded before
  ordering();
  failures_();
  // After a reset the device is opened again and kernels are uploaded again.
  EXPECT_OK(hipDeviceReset());
  structByValue();
  EXPECT_ERR(hipGetLastError(), hipSuccess);
  return report();
}
