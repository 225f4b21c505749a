#include "fiber.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>

#if !defined(__x86_64__) || !defined(__linux__)
#error "the hip2vortex CPU backend supports Linux x86-64 only"
#endif

// Frame (from the saved sp up): r15, r14, r13, r12, rbx, rbp, return address. The floating-point
// control words are not switched: a block's threads share them, and device code leaves them alone.
asm(R"(
  .text
  .globl hip2vx_fiber_switch
  .hidden hip2vx_fiber_switch
  .type hip2vx_fiber_switch, @function
hip2vx_fiber_switch:
  .cfi_startproc
  pushq %rbp
  pushq %rbx
  pushq %r12
  pushq %r13
  pushq %r14
  pushq %r15
  movq %rsp, (%rdi)
  movq %rsi, %rsp
  popq %r15
  popq %r14
  popq %r13
  popq %r12
  popq %rbx
  popq %rbp
  ret
  .cfi_endproc
  .size hip2vx_fiber_switch, .-hip2vx_fiber_switch
)");

namespace hip2vx_cpu {

bool fiber_create(Fiber& f, size_t stack_bytes, size_t offset, void (*entry)()) {
  const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  const size_t bytes = (stack_bytes + offset + page - 1) / page * page + page;
  void* m = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                 -1, 0);
  if (m == MAP_FAILED) return false;
  mprotect(m, page, PROT_NONE);  // overflowing the stack faults instead of corrupting memory
  f.mapping = m;
  f.mapping_bytes = bytes;

  // The top is 16-byte aligned; the `ret` of the first switch pops entry's address and leaves
  // rsp = top - 8 (8 mod 16, as after a call), pointing at a null return address.
  auto* top = reinterpret_cast<uint64_t*>(static_cast<char*>(m) + bytes - offset);
  uint64_t* sp = top - 1;
  *sp = 0;
  *--sp = reinterpret_cast<uint64_t>(entry);
  for (int i = 0; i < 6; ++i) *--sp = 0;  // rbp, rbx, r12..r15
  f.sp = sp;
  return true;
}

void fiber_destroy(Fiber& f) {
  if (f.mapping) munmap(f.mapping, f.mapping_bytes);
  f = Fiber{};
}

}  // namespace hip2vx_cpu
