/*
 * parra_log_route.h: the host's hot path from a ParraLogger call to the modules' log sinks.
 * Host-internal (not part of the module ABI). The gate is one relaxed atomic load so that a
 * filtered log call costs a compare; the sink table is an immutable array published with an
 * atomic pointer, so delivering a record takes no lock.
 */
#ifndef PARRA_LOG_ROUTE_H
#define PARRA_LOG_ROUTE_H

#include <stddef.h>
#include <stdint.h>
#include "parra_plugin.h"
/* Included here, not only found in this folder, so that a build whose module cache predates
 * them sees this header change and rebuilds the module. */
#include "parra_wall_clock.h"
#include "parra_call_stack.h"
#include "parra_call_note.h"

/** The lowest level any consumer wants; records below it are not built. Written by the host
 *  when sinks change, read on every log call. */
extern int32_t parra_log_route_gate_value;

/** True when a record of `level` would be delivered to someone. Any thread. */
static inline bool parra_log_route_allows(int32_t level) {
    return level >= __atomic_load_n(&parra_log_route_gate_value, __ATOMIC_RELAXED);
}

/** Where records that pass the gate go while no sink takes them. */
#define PARRA_LOG_ROUTE_MODE_SINKS 0
/** Kept by the host (the last 100) until sinks attach: no runtime has finished starting. */
#define PARRA_LOG_ROUTE_MODE_BUFFER 1
/** No module takes app logs: the host prints them to stderr itself. */
#define PARRA_LOG_ROUTE_MODE_FALLBACK 2

extern int32_t parra_log_route_mode_value;

/** The current PARRA_LOG_ROUTE_MODE_*. Any thread. */
static inline int32_t parra_log_route_mode(void) {
    return __atomic_load_n(&parra_log_route_mode_value, __ATOMIC_ACQUIRE);
}

extern int32_t parra_log_route_app_backends_value;

/** Whether the app added logger backends (`ParraLogger.add(backend:)`), which see every level:
 * a log call hands its record to them too. Any thread. */
static inline bool parra_log_route_has_app_backends(void) {
    return __atomic_load_n(&parra_log_route_app_backends_value, __ATOMIC_RELAXED) != 0;
}

/** Records whether the app has logger backends; the host then publishes the gate anew. Any
 * thread; callers serialise. */
void parra_log_route_set_app_backends(bool present);

/** One sink: a module's log_sink with its data and threshold, whether it reads a record's
 *  time (PARRA_EXT_LOG_SINK), and the call site a crash or exit inside it names (NULL: none). */
typedef struct parra_log_route_sink {
    parra_log_sink_fn function;
    void *module_data;
    parra_log_level threshold;
    bool reads_timestamps;
    const parra_call_site *site;
} parra_log_route_sink;

/**
 * Publishes a new sink table (copied), gate and mode. The previous table is never freed,
 * because a thread may still be reading it; tables change only when modules start or stop.
 * Any thread; callers serialise.
 */
void parra_log_route_publish(
    const parra_log_route_sink *sinks, int32_t count, int32_t gate, int32_t mode);

/** Waits until no delivery or flush is in progress (so a sink removed before the call is no
 *  longer being called), or `timeout_ns` has passed; true when none is. Sleeps until a call ends,
 *  never polls. `checks` (may be NULL; the tests read it) gets how many times it looked at the
 *  calls in progress. Any thread but one inside a sink. */
bool parra_log_route_wait_idle(uint64_t timeout_ns, int32_t *checks);

/** For tests: waits until a thread is in parra_log_route_wait_idle, or `timeout_ns` has
 *  passed; true when one is. Sleeps until one arrives, never polls. Any thread. */
bool parra_log_route_await_idle_waiter(uint64_t timeout_ns);

/** Counts a call into sinks that does not go through parra_log_route_deliver (a flush) as in
 *  flight until parra_log_route_leave. Any thread. */
void parra_log_route_enter(void);
void parra_log_route_leave(void);

/** Hands `record` to every sink whose threshold it meets. Returns how many received it. A
 *  record whose timestamp is NaN (its clock not read yet) gets the wall clock's time when a
 *  sink in the table reads timestamps, else 0, before any sink sees it. */
int32_t parra_log_route_deliver(parra_log_record *record);

/** Writes the calling thread's name (NUL-terminated) into `buffer`; returns false when it
 *  has none that can be read. Any thread. */
bool parra_log_route_thread_name(char *buffer, size_t capacity);

/** The calling thread's kernel id (gettid). Any thread. */
int64_t parra_log_route_thread_id(void);

/** The calling thread's stack size in bytes, from its attributes (pthread_getattr_np); 0 when
 *  they cannot be read. Any thread. */
size_t parra_log_route_thread_stack_size(void);

#endif
