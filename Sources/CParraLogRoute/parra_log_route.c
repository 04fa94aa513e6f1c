#define _GNU_SOURCE
#include "parra_log_route.h"

#include <limits.h>
#include <linux/futex.h>
#include <linux/membarrier.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

typedef struct route_table {
    int32_t count;
    /* Whether any sink reads a record's time. */
    int32_t timestamps;
    parra_log_route_sink sinks[];
} route_table;

static route_table empty_table = {0};

/* The gate, the mode and the app-backends flag are read on every log call and written only when
 * sinks or backends change: they sit on a cache line of their own, away from the counters every
 * delivery writes. */
_Alignas(64) int32_t parra_log_route_gate_value = PARRA_LOG_LEVEL_TRACE;
int32_t parra_log_route_mode_value = PARRA_LOG_ROUTE_MODE_BUFFER;
int32_t parra_log_route_app_backends_value = 0;
_Alignas(64) static route_table *current_table = &empty_table;

/* Calls in flight, counted by each thread in a slot of its own (a cache line), so that a call
 * writes its count with plain stores and no locked instruction. Only their sum means anything.
 * Slots are never freed: a thread that ends gives its slot back for another to take. */
typedef struct in_flight_slot {
    _Alignas(64) int64_t count;
    int32_t taken;
    struct in_flight_slot *next;
} in_flight_slot;
static in_flight_slot *all_slots = NULL;
static __thread in_flight_slot *thread_slot = NULL;
static pthread_key_t slot_key;
static pthread_once_t slot_key_once = PTHREAD_ONCE_INIT;

/* With the kernel's private expedited membarrier, a call orders its count before its read of
 * the table with a compiler barrier only: the host's in_flight() makes every running thread
 * pass a full barrier before it reads the counts. Without it, a call takes a full fence. */
static int32_t expedited = 0;
static pthread_once_t expedited_once = PTHREAD_ONCE_INIT;

static void register_expedited(void) {
    if (syscall(SYS_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) == 0) {
        __atomic_store_n(&expedited, 1, __ATOMIC_SEQ_CST);
    }
}

/* Registered before main, while the process most likely has one thread: the kernel makes a
 * registration wait out an RCU grace period once a second thread shares the address space,
 * which took about 10 ms here when another thread was running before the first log route. */
__attribute__((constructor)) static void register_expedited_early(void) {
    pthread_once(&expedited_once, register_expedited);
}

/* At the thread's end: a log made later on this thread (by another key's destructor) takes
 * a slot anew rather than keep counting on one another thread may take now. */
static void give_back_slot(void *slot) {
    thread_slot = NULL;
    __atomic_store_n(&((in_flight_slot *)slot)->taken, 0, __ATOMIC_RELEASE);
}

static void make_slot_key(void) { pthread_key_create(&slot_key, give_back_slot); }

/** Takes a free slot for the calling thread, or adds one. */
static in_flight_slot *take_slot(void) {
    pthread_once(&slot_key_once, make_slot_key);
    in_flight_slot *slot = __atomic_load_n(&all_slots, __ATOMIC_ACQUIRE);
    for (; slot != NULL; slot = slot->next) {
        int32_t free = 0;
        if (__atomic_compare_exchange_n(&slot->taken, &free, 1, false, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED)) {
            break;
        }
    }
    if (slot == NULL) {
        slot = aligned_alloc(64, sizeof(in_flight_slot));
        if (slot == NULL) {
            abort();
        }
        slot->count = 0;
        slot->taken = 1;
        slot->next = __atomic_load_n(&all_slots, __ATOMIC_RELAXED);
        while (!__atomic_compare_exchange_n(
            &all_slots, &slot->next, slot, true, __ATOMIC_RELEASE, __ATOMIC_RELAXED)) {
        }
    }
    pthread_setspecific(slot_key, slot);
    thread_slot = slot;
    return slot;
}

/** Counts a call in flight on the calling thread's slot, ordered before what follows. */
static inline in_flight_slot *enter(void) {
    in_flight_slot *slot = thread_slot;
    if (__builtin_expect(slot == NULL, 0)) {
        slot = take_slot();
    }
    __atomic_store_n(&slot->count, slot->count + 1, __ATOMIC_RELAXED);
    if (__atomic_load_n(&expedited, __ATOMIC_RELAXED)) {
        __atomic_signal_fence(__ATOMIC_SEQ_CST);
    } else {
        __atomic_thread_fence(__ATOMIC_SEQ_CST);
    }
    return slot;
}

/* Waiting for calls to end (parra_log_route_wait_idle): a waiter sets `idle_armed` before each
 * look at the counts; the first call to end after that clears it, advances `idle_generation`
 * and wakes every waiter, so a waiter is woken once per look, however many calls end. Each on a
 * cache line of its own: `idle_armed` is read by every call's end, the others are written only
 * while someone waits. */
_Alignas(64) static int32_t idle_armed = 0;
_Alignas(64) static uint32_t idle_generation = 0;
_Alignas(64) static uint32_t idle_waiters = 0;

/** Ends a call counted by enter(), after everything it did, and wakes the waiters for calls to
 *  end. Its count is ordered before its read of idle_armed as enter() orders its count before
 *  the table: a waiter arms, then makes every thread pass a barrier, then reads the counts, so
 *  it either sees this count or is woken here. */
static inline void leave(in_flight_slot *slot) {
    __atomic_store_n(&slot->count, slot->count - 1, __ATOMIC_RELEASE);
    if (__atomic_load_n(&expedited, __ATOMIC_RELAXED)) {
        __atomic_signal_fence(__ATOMIC_SEQ_CST);
    } else {
        __atomic_thread_fence(__ATOMIC_SEQ_CST);
    }
    if (__builtin_expect(__atomic_load_n(&idle_armed, __ATOMIC_RELAXED) != 0, 0) &&
        __atomic_exchange_n(&idle_armed, 0, __ATOMIC_SEQ_CST) != 0) {
        __atomic_add_fetch(&idle_generation, 1, __ATOMIC_SEQ_CST);
        syscall(SYS_futex, &idle_generation, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL, 0);
    }
}

void parra_log_route_publish(
    const parra_log_route_sink *sinks, int32_t count, int32_t gate, int32_t mode) {
    pthread_once(&expedited_once, register_expedited);
    route_table *table = &empty_table;
    if (count > 0) {
        table = malloc(sizeof(route_table) + sizeof(parra_log_route_sink) * (size_t)count);
        if (table == NULL) {
            return;
        }
        table->count = count;
        table->timestamps = 0;
        for (int32_t i = 0; i < count; i++) {
            table->timestamps |= sinks[i].reads_timestamps ? 1 : 0;
        }
        memcpy(table->sinks, sinks, sizeof(parra_log_route_sink) * (size_t)count);
    }
    __atomic_store_n(&current_table, table, __ATOMIC_SEQ_CST);
    __atomic_store_n(&parra_log_route_mode_value, mode, __ATOMIC_SEQ_CST);
    __atomic_store_n(&parra_log_route_gate_value, gate, __ATOMIC_SEQ_CST);
}

void parra_log_route_set_app_backends(bool present) {
    __atomic_store_n(&parra_log_route_app_backends_value, present ? 1 : 0, __ATOMIC_RELAXED);
}

/** Calls in progress now, every thread's count read after every thread passed a barrier. */
static int64_t in_flight(void) {
    /* Every thread that counted a call before this point has its count visible now, and every
     * call counted after it reads the table published before. */
    if (__atomic_load_n(&expedited, __ATOMIC_SEQ_CST)) {
        syscall(SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0);
    } else {
        __atomic_thread_fence(__ATOMIC_SEQ_CST);
    }
    int64_t total = 0;
    for (in_flight_slot *slot = __atomic_load_n(&all_slots, __ATOMIC_ACQUIRE); slot != NULL; slot = slot->next) {
        total += __atomic_load_n(&slot->count, __ATOMIC_ACQUIRE);
    }
    return total;
}

static uint64_t monotonic_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

/** `timeout_ns` from now, at most UINT64_MAX. */
static uint64_t deadline_after(uint64_t timeout_ns) {
    uint64_t start = monotonic_ns();
    return timeout_ns > UINT64_MAX - start ? UINT64_MAX : start + timeout_ns;
}

/** Sleeps while `*word` is `expected`, until `deadline` at the latest (or a wake); false once
 *  the deadline has passed. */
static bool sleep_while(uint32_t *word, uint32_t expected, uint64_t deadline) {
    uint64_t now = monotonic_ns();
    if (now >= deadline) {
        return false;
    }
    uint64_t left = deadline - now;
    struct timespec wait = {.tv_sec = (time_t)(left / 1000000000u), .tv_nsec = (long)(left % 1000000000u)};
    syscall(SYS_futex, word, FUTEX_WAIT_PRIVATE, expected, &wait, NULL, 0);
    return true;
}

bool parra_log_route_wait_idle(uint64_t timeout_ns, int32_t *checks) {
    pthread_once(&expedited_once, register_expedited);
    uint64_t deadline = deadline_after(timeout_ns);
    __atomic_add_fetch(&idle_waiters, 1, __ATOMIC_SEQ_CST);
    syscall(SYS_futex, &idle_waiters, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL, 0);
    bool idle = false;
    int32_t looked = 0;
    for (;;) {
        /* Read before arming: a call that ends after the look advances it, so the wait below
         * returns at once. Left armed at the end, since another waiter may be looking: the
         * next call to end then makes one needless wake. */
        uint32_t generation = __atomic_load_n(&idle_generation, __ATOMIC_ACQUIRE);
        __atomic_store_n(&idle_armed, 1, __ATOMIC_SEQ_CST);
        looked++;
        if (in_flight() == 0) {
            idle = true;
            break;
        }
        if (!sleep_while(&idle_generation, generation, deadline)) {
            break;
        }
    }
    __atomic_sub_fetch(&idle_waiters, 1, __ATOMIC_SEQ_CST);
    if (checks != NULL) {
        *checks = looked;
    }
    return idle;
}

bool parra_log_route_await_idle_waiter(uint64_t timeout_ns) {
    uint64_t deadline = deadline_after(timeout_ns);
    for (;;) {
        uint32_t waiters = __atomic_load_n(&idle_waiters, __ATOMIC_SEQ_CST);
        if (waiters > 0) {
            return true;
        }
        if (!sleep_while(&idle_waiters, waiters, deadline)) {
            return false;
        }
    }
}

void parra_log_route_enter(void) { enter(); }

void parra_log_route_leave(void) { leave(thread_slot); }

int32_t parra_log_route_deliver(parra_log_record *record) {
    /* Counted before the table is read: a detach that published a new table and then sees no
     * call in flight cannot miss this one. */
    in_flight_slot *slot = enter();
    const route_table *table = __atomic_load_n(&current_table, __ATOMIC_ACQUIRE);
    /* Read for the table the record is delivered with, so a sink that reads the time never
     * gets a record stamped for a table without it. */
    if (__builtin_isnan(record->timestamp)) {
        record->timestamp = table->timestamps ? parra_log_route_wall_clock() : 0;
    }
    int32_t delivered = 0;
    for (int32_t i = 0; i < table->count; i++) {
        const parra_log_route_sink *sink = &table->sinks[i];
        if (record->level >= sink->threshold) {
            const parra_call_site *previous = parra_call_site_enter(sink->site);
            sink->function(sink->module_data, record);
            parra_call_site_leave(previous);
            delivered++;
        }
    }
    leave(slot);
    return delivered;
}

bool parra_log_route_thread_name(char *buffer, size_t capacity) {
    if (buffer == NULL || capacity == 0) {
        return false;
    }
    return pthread_getname_np(pthread_self(), buffer, capacity) == 0 && buffer[0] != '\0';
}

int64_t parra_log_route_thread_id(void) {
    return (int64_t)gettid();
}

size_t parra_log_route_thread_stack_size(void) {
    pthread_attr_t attributes;
    if (pthread_getattr_np(pthread_self(), &attributes) != 0) {
        return 0;
    }
    size_t size = 0;
    if (pthread_attr_getstacksize(&attributes, &size) != 0) {
        size = 0;
    }
    pthread_attr_destroy(&attributes);
    return size;
}
