/*
 * parra_logger_lane.h: the console writer's lanes as plain memory, and the lock that guards
 * each. Private to the ParraLogger module (ConsoleWriter, WriterLanes).
 *
 * A lane holds formatted lines of the threads that use it until they join the writer's block.
 * Its owner thread takes its lock for every line; another thread takes it only to move the
 * lane's lines out, for a moment. So the lock is one compare-and-swap to take and a plain
 * store to let go, and a thread that finds it taken spins, then yields, then naps: there is no
 * sleeping waiter to wake, so letting go needs no atomic read-modify-write.
 */
#ifndef PARRA_LOGGER_LANE_H
#define PARRA_LOGGER_LANE_H

#include <stdbool.h>
#include <stdint.h>

/** One lane. Lanes sit on cache lines of their own (128 bytes each, two lines, since the
 *  prefetcher fetches pairs, in memory aligned to 128 by the writer: Swift imports no C type
 *  aligned past 16), so threads filling different lanes never share a line. Fields other than
 *  `lock` and `batch` are read and written only under `lock`. */
typedef struct parra_logger_lane {
    /** 0 free, 1 taken. */
    uint32_t lock;
    /** Lines in `bytes`. */
    int64_t lines;
    /** The writer's number of the batch the waiting lines began, 0 while the lane is empty.
     *  Written under `lock`; read without it (relaxed) by the holder of the writer's block
     *  lock, under which alone a lane is emptied. */
    uint64_t batch;
    /** The waiting lines, whole: `count` bytes of `capacity` at `bytes` (malloc'ed, owned
     *  by the lane; the writer exchanges it for empty memory of its own to take the lines). */
    uint8_t *bytes;
    int64_t count;
    int64_t capacity;
    /** Keeps the next lane off these cache lines. */
    uint8_t padding[80];
} parra_logger_lane;

_Static_assert(sizeof(parra_logger_lane) == 128, "a lane fills two cache lines exactly");

/** Waits until `lock` can be taken and takes it: the slow path of parra_logger_lane_lock.
 *  Any thread. */
void parra_logger_lane_lock_contended(uint32_t *lock);

/** Takes the lane's lock. Any thread. */
static inline void parra_logger_lane_lock(parra_logger_lane *lane) {
    uint32_t free = 0;
    if (__builtin_expect(
            __atomic_compare_exchange_n(&lane->lock, &free, 1, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED), 1)) {
        return;
    }
    parra_logger_lane_lock_contended(&lane->lock);
}

/** Lets the lane's lock go. The thread that took it. */
static inline void parra_logger_lane_unlock(parra_logger_lane *lane) {
    __atomic_store_n(&lane->lock, 0, __ATOMIC_RELEASE);
}

/** The lane's batch number, read without its lock. Any thread. */
static inline uint64_t parra_logger_lane_batch(const parra_logger_lane *lane) {
    return __atomic_load_n(&lane->batch, __ATOMIC_RELAXED);
}

/** Sets the lane's batch number. Under the lane's lock. */
static inline void parra_logger_lane_set_batch(parra_logger_lane *lane, uint64_t batch) {
    __atomic_store_n(&lane->batch, batch, __ATOMIC_RELAXED);
}

#endif
