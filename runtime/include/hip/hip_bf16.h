/* HIP for hip2vortex, host side: bfloat16 (__hip_bfloat16, __nv_bfloat16 and their 2 forms;
 * cuda_bf16.h). Device sources get the same types from hip2vx_device.h. */
#ifndef HIP2VX_HIP_BF16_H
#define HIP2VX_HIP_BF16_H
#include "../hip2vx_half.h"
#endif
