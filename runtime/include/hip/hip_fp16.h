/* HIP for hip2vortex, host side: half precision (__half, __half2; cuda_fp16.h). Device sources get the same
 * types from hip2vx_device.h. */
#ifndef HIP2VX_HIP_FP16_H
#define HIP2VX_HIP_FP16_H
#include "../hip2vx_half.h"
#endif
