/* Device code has no threads: libstdc++'s thread hooks are the single-threaded ones (the
 * host's gthr-default.h is gthr-posix.h, which needs pthread.h; picolibc has none). The host's
 * includes <pthread.h>, and so shared headers may use its types without including it: they are
 * declared here too (pthread.h beside this folder's bits/). */
#include <pthread.h>
#include <bits/gthr-single.h>
