// Minimal fibers for the device threads of a block: a stack plus a saved stack pointer.
// A switch saves only what the x86-64 SysV ABI makes callee-saved, so it costs a few
// nanoseconds (swapcontext would make a sigprocmask system call on every switch).
#pragma once
#include <cstddef>

namespace hip2vx_cpu {

struct Fiber {
  void* sp = nullptr;        // saved stack pointer while not running
  void* mapping = nullptr;   // stack mapping, lowest page is a guard page
  size_t mapping_bytes = 0;
};

// Maps a stack of `stack_bytes` (plus `offset`, a multiple of 16 left unused at its top) and
// prepares the fiber so that the first switch to it calls entry(), which must never return.
// Returns false if the mapping fails.
bool fiber_create(Fiber& f, size_t stack_bytes, size_t offset, void (*entry)());
void fiber_destroy(Fiber& f);

}  // namespace hip2vx_cpu

// Saves the running context, stores its stack pointer in *save_sp, resumes the one at load_sp.
extern "C" void hip2vx_fiber_switch(void** save_sp, void* load_sp);
