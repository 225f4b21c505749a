// Hand-written device programs for the launch tests, in the shape hip2vortex generates: one
// kernel binary per HIP2VX_ENTRY_<id>, whose main() reads the argument buffer (32-byte header,
// then the parameters in the device layout) and spawns the threads. CPU backend: 8-byte pointers.
#include <stdint.h>
#include <string.h>
#include <vx_spawn.h>

struct Header {
  uint32_t grid[3];
  uint32_t block[3];
  uint64_t shared_mem;
};

#if defined(HIP2VX_ENTRY_record_args)
// Copies the whole argument buffer (`size` bytes) to `out`, for the host to inspect.
struct Args {
  Header header;
  unsigned char* out;
  uint32_t size;
};
static void body(void* p) {
  Args* a = (Args*)p;
  if (blockIdx.x == 0 && threadIdx.x == 0) memcpy(a->out, a, a->size);
}
#elif defined(HIP2VX_ENTRY_scale_span)
// A struct passed by value that holds a device pointer.
struct Span {
  float* data;
  uint32_t n;
  float scale;
};
struct Args {
  Header header;
  Span span;
  float* out;
};
static void body(void* p) {
  Args* a = (Args*)p;
  uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < a->span.n) a->out[i] = a->span.data[i] * a->span.scale;
}
#elif defined(HIP2VX_ENTRY_add_slow)
// data[i] += value, after spinning long enough that an unordered copy would see stale data.
struct Args {
  Header header;
  int* data;
  uint32_t n;
  int value;
  uint32_t spin;
};
static void body(void* p) {
  Args* a = (Args*)p;
  uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  volatile uint32_t sink = 0;
  for (uint32_t k = 0; k < a->spin; ++k) sink = sink + k;
  if (i < a->n) a->data[i] += a->value;
}
#elif defined(HIP2VX_ENTRY_fail)
struct Args {
  Header header;
};
static void body(void*) {}
#endif

int main() {
  Args* args = (Args*)csr_read(VX_CSR_MSCRATCH);
  int rc = vx_spawn_threads(3, args->header.grid, args->header.block, body, args);
#if defined(HIP2VX_ENTRY_fail)
  rc = 3;  // the device program reports a failure
#endif
  return rc;
}
