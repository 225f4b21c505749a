// The host side of the hand-written kernels, on Vortex's runtime API alone: buffers, one launch
// (kernel image, argument upload, start, wait) and the simulator's counters for it.
#ifndef VORTEX_NATIVE_HOST_H
#define VORTEX_NATIVE_HOST_H
#include <vortex.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#include "common.h"

#define VX_CHECK(call)                                                          \
  do {                                                                          \
    if ((call) != 0) {                                                          \
      std::fprintf(stderr, "%s:%d: %s failed\n", __FILE__, __LINE__, #call);    \
      std::exit(1);                                                             \
    }                                                                           \
  } while (0)

class Device {
 public:
  Device() { VX_CHECK(vx_dev_open(&device_)); }
  ~Device() {
    for (vx_buffer_h b : buffers_) vx_mem_free(b);
    vx_dev_close(device_);
  }

  /** A device buffer holding `data` (or `count` zeroed elements); returns its address. */
  template <typename T>
  uint64_t buffer(const std::vector<T>& data, vx_buffer_h* handle = nullptr) {
    vx_buffer_h b;
    VX_CHECK(vx_mem_alloc(device_, data.size() * sizeof(T), VX_MEM_READ_WRITE, &b));
    VX_CHECK(vx_copy_to_dev(b, data.data(), 0, data.size() * sizeof(T)));
    buffers_.push_back(b);
    if (handle) *handle = b;
    uint64_t address;
    VX_CHECK(vx_mem_address(b, &address));
    return address;
  }

  template <typename T>
  void read(vx_buffer_h b, std::vector<T>& out) {
    VX_CHECK(vx_copy_from_dev(out.data(), b, 0, out.size() * sizeof(T)));
  }

  /** Runs the kernel image at `path` with `args`; prints the PERF line of the run. */
  template <typename Args>
  void launch(const char* path, const Args& args) {
    vx_buffer_h kernel, argBuffer;
    VX_CHECK(vx_upload_kernel_file(device_, path, &kernel));
    VX_CHECK(vx_upload_bytes(device_, &args, sizeof args, &argBuffer));
    VX_CHECK(vx_start(device_, kernel, argBuffer));
    VX_CHECK(vx_ready_wait(device_, VX_MAX_TIMEOUT));
    VX_CHECK(vx_dump_perf(device_, stdout));
    vx_mem_free(argBuffer);
    vx_mem_free(kernel);
  }

 private:
  vx_device_h device_;
  std::vector<vx_buffer_h> buffers_;
};

inline launch_t launch2d(uint32_t gx, uint32_t gy, uint32_t bx, uint32_t by) { return {{gx, gy, 1}, {bx, by, 1}}; }

inline int usage(const char* program) {
  std::fprintf(stderr, "usage: %s <kernel.vxbin> [size]\n", program);
  return 2;
}
#endif
