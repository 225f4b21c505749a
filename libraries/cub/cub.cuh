// CUB's names for the hipCUB subset hip2vortex bundles: `#include <cub/...>` of a CUDA program is
// this file (libraries/README.md).
#pragma once

#include "../hipcub/hipcub.hpp"

namespace cub = hipcub;
