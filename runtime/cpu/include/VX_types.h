/* CPU backend: the same CSR numbers as for Vortex (csr_read emulates them). */
#include "../../vortex-decls/VX_types.h"
