#include "module.h"

#include <dlfcn.h>
#include <sys/mman.h>
#include <unistd.h>

namespace hip2vx_cpu {

Module::Module(const std::string& bytes) {
  if (bytes.compare(0, 4, "\x7f" "ELF") != 0) {
    error_ = "not a CPU-backend kernel binary (no ELF header)";
    return;
  }
  // An anonymous in-memory file: nothing to clean up, and dlopen needs a path.
  fd_ = memfd_create("hip2vx-kernel", MFD_CLOEXEC);
  if (fd_ < 0) {
    error_ = "memfd_create failed";
    return;
  }
  for (size_t done = 0; done < bytes.size();) {
    const ssize_t n = write(fd_, bytes.data() + done, bytes.size() - done);
    if (n <= 0) {
      error_ = "cannot write the kernel binary to a memfd";
      return;
    }
    done += static_cast<size_t>(n);
  }
  const std::string path = "/proc/self/fd/" + std::to_string(fd_);
  handle_ = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle_) {
    error_ = dlerror();
    return;
  }
  entry_ = reinterpret_cast<EntryFn>(dlsym(handle_, kEntrySymbol));
  if (!entry_) error_ = std::string("no ") + kEntrySymbol + " in the kernel binary";
}

Module::~Module() {
  if (handle_) dlclose(handle_);
  if (fd_ >= 0) close(fd_);
}

}  // namespace hip2vx_cpu
