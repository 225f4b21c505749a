/* Device code has no threads: libstdc++'s thread hooks are the single-threaded ones (the
 * host's gthr-default.h is gthr-posix.h, which needs pthread.h; picolibc has none). */
#include <bits/gthr-single.h>
