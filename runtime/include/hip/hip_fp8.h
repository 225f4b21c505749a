/* HIP for hip2vortex, host side: 8-bit floats (__nv_fp8_e4m3; cuda_fp8.h). Device sources get the
 * same type from hip2vx_device.h. */
#ifndef HIP2VX_HIP_FP8_H
#define HIP2VX_HIP_FP8_H
#include "../hip2vx_fp8.h"
#endif
