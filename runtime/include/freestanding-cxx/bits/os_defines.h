/* Device code's C++ library is the host's libstdc++ headers (the same GCC version as Debian's
 * RISC-V gcc), used for their header-only parts: type traits, limits, utility, array, tuple,
 * function objects, min/max/clamp/swap, <cmath>'s float overloads. This file stands in for the
 * host's Linux-specific one, which needs glibc; the C library underneath is picolibc. */
#ifndef _GLIBCXX_OS_DEFINES
#define _GLIBCXX_OS_DEFINES 1
#endif
