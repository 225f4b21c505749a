// The exported entry of a kernel binary: the host side of the backend calls it from vx_start.
#include "block.h"

// The device program's entry (the kernel's HIP2VX_MAIN, named main at the link); hidden, so it
// binds to the kernel binary's own main and never to the host program's.
__attribute__((visibility("hidden"))) int main();

extern "C" __attribute__((visibility("default"))) int hip2vx_cpu_entry(
    const hip2vx_cpu::Launch* l) {
  if (!l || l->abi_version != hip2vx_cpu::kLaunchAbiVersion) return -1;
  hip2vx_cpu::set_launch(l);
  return main();
}
