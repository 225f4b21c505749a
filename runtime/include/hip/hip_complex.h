/* HIP for hip2vortex, host side: complex numbers (hipFloatComplex, hipCmulf...; cuComplex.h). Device
 * sources get the same from hip2vx_device.h. */
#ifndef HIP2VX_HIP_COMPLEX_H
#define HIP2VX_HIP_COMPLEX_H
#include "../hip2vx_complex.h"
#endif
