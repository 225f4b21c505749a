/* HIP for hip2vortex, host side: ROCm's older bfloat16 header (hip_bfloat16, which hip2vx_half.h
 * defines). Device sources get the same type from hip2vx_device.h. */
#ifndef HIP2VX_HIP_BFLOAT16_H
#define HIP2VX_HIP_BFLOAT16_H
#include "../hip2vx_half.h"
#endif
