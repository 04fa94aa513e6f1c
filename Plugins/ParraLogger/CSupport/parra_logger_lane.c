#define _GNU_SOURCE
#include "parra_logger_lane.h"

#include <sched.h>
#include <time.h>

void parra_logger_lane_lock_contended(uint32_t *lock) {
    /* The holder copies a line or exchanges two pointers: spin a little first. When it was
     * preempted meanwhile, give the processor up, and past that nap, so a waiter never keeps
     * a preempted holder from running. */
    for (uint32_t attempt = 0;; attempt++) {
        if (__atomic_load_n(lock, __ATOMIC_RELAXED) == 0) {
            uint32_t free = 0;
            if (__atomic_compare_exchange_n(lock, &free, 1, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
                return;
            }
        }
        if (attempt < 128) {
#if defined(__x86_64__) || defined(__i386__)
            __builtin_ia32_pause();
#elif defined(__aarch64__)
            __asm__ __volatile__("yield");
#endif
        } else if (attempt < 256) {
            sched_yield();
        } else {
            struct timespec nap = {0, 20000};
            nanosleep(&nap, NULL);
        }
    }
}
