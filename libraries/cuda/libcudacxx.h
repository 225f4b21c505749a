// libcu++'s `cuda::std` names for the C++ standard library: an `#include <cuda/std/...>` of a
// program is this file (libraries/README.md). On Vortex the device compiles against the same
// header-only standard library as the host, so `cuda::std` is `std`. libcu++'s own extensions
// (cuda::atomic, cuda::barrier, cuda::pipeline, ...) are refused by rules/headers.json.
#pragma once

#include <hip/hip_runtime.h>
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <tuple>
#include <type_traits>
#include <utility>

namespace cuda {
namespace std = ::std;
}  // namespace cuda
