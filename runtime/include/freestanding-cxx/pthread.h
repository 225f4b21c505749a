/* POSIX threads as declarations only. A header host and device code share may name pthread types
 * for its host part (a struct holding a pthread_barrier_t*, prototypes of host workers), often
 * without including <pthread.h>: on the host, libstdc++'s headers include it (bits/gthr-default.h
 * here does the same). picolibc has no threads, and a kernel never calls these. */
#ifndef HIP2VX_DEVICE_PTHREAD_H
#define HIP2VX_DEVICE_PTHREAD_H
#include <stddef.h>
#include <time.h>
#ifdef __cplusplus
extern "C" {
#endif
typedef unsigned long pthread_t;
typedef unsigned int pthread_key_t;
typedef int pthread_once_t;
typedef struct { long __opaque[8]; } pthread_attr_t;
typedef struct { long __opaque[8]; } pthread_mutex_t;
typedef struct { long __opaque[2]; } pthread_mutexattr_t;
typedef struct { long __opaque[12]; } pthread_cond_t;
typedef struct { long __opaque[2]; } pthread_condattr_t;
typedef struct { long __opaque[8]; } pthread_barrier_t;
typedef struct { long __opaque[2]; } pthread_barrierattr_t;
typedef struct { long __opaque[14]; } pthread_rwlock_t;
typedef struct { long __opaque[2]; } pthread_rwlockattr_t;
typedef volatile int pthread_spinlock_t;
#define PTHREAD_MUTEX_INITIALIZER {{0}}
#define PTHREAD_COND_INITIALIZER {{0}}
#define PTHREAD_RWLOCK_INITIALIZER {{0}}
#define PTHREAD_ONCE_INIT 0
#define PTHREAD_BARRIER_SERIAL_THREAD (-1)
int pthread_create(pthread_t*, const pthread_attr_t*, void* (*)(void*), void*);
int pthread_join(pthread_t, void**);
int pthread_detach(pthread_t);
pthread_t pthread_self(void);
int pthread_equal(pthread_t, pthread_t);
void pthread_exit(void*);
int pthread_attr_init(pthread_attr_t*);
int pthread_attr_destroy(pthread_attr_t*);
int pthread_mutex_init(pthread_mutex_t*, const pthread_mutexattr_t*);
int pthread_mutex_destroy(pthread_mutex_t*);
int pthread_mutex_lock(pthread_mutex_t*);
int pthread_mutex_trylock(pthread_mutex_t*);
int pthread_mutex_unlock(pthread_mutex_t*);
int pthread_cond_init(pthread_cond_t*, const pthread_condattr_t*);
int pthread_cond_destroy(pthread_cond_t*);
int pthread_cond_wait(pthread_cond_t*, pthread_mutex_t*);
int pthread_cond_signal(pthread_cond_t*);
int pthread_cond_broadcast(pthread_cond_t*);
int pthread_barrier_init(pthread_barrier_t*, const pthread_barrierattr_t*, unsigned);
int pthread_barrier_destroy(pthread_barrier_t*);
int pthread_barrier_wait(pthread_barrier_t*);
int pthread_key_create(pthread_key_t*, void (*)(void*));
int pthread_setspecific(pthread_key_t, const void*);
void* pthread_getspecific(pthread_key_t);
int pthread_once(pthread_once_t*, void (*)(void));
#ifdef __cplusplus
}
#endif
#endif
