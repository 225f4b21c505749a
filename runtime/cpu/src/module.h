// A kernel binary (a shared object built from a device source, see runtime/cpu/README.md),
// loaded from its bytes.
#pragma once
#include <string>

#include "../device/launch.h"

namespace hip2vx_cpu {

class Module {
 public:
  // Loads the bytes; on failure entry() is null and error() says why.
  explicit Module(const std::string& bytes);
  ~Module();
  Module(const Module&) = delete;
  Module& operator=(const Module&) = delete;

  EntryFn entry() const { return entry_; }
  const std::string& error() const { return error_; }

 private:
  int fd_ = -1;  // kept open: its /proc/self/fd name must stay unique while loaded
  void* handle_ = nullptr;
  EntryFn entry_ = nullptr;
  std::string error_;
};

}  // namespace hip2vx_cpu
