// The HIP version hip2vortex's runtime follows, for host and device code alike (programs test it
// in #if, also around kernel parameters and struct fields).
#ifndef HIP2VX_HIP_VERSION_H
#define HIP2VX_HIP_VERSION_H
#define HIP_VERSION_MAJOR 6
#define HIP_VERSION_MINOR 0
#define HIP_VERSION_PATCH 0
#define HIP_VERSION (HIP_VERSION_MAJOR * 10000000 + HIP_VERSION_MINOR * 100000 + HIP_VERSION_PATCH)
#endif
