#define _GNU_SOURCE
#include "parra_log_route.h"

#include <pthread.h>

#include <stdlib.h>
#include <string.h>

typedef struct route_table {
    int32_t count;
    parra_log_route_sink sinks[];
} route_table;

static route_table empty_table = {0};

/* The gate and mode are read on every log call and written only when sinks change: they sit
 * on a cache line of their own, away from the counters every delivery writes. */
_Alignas(64) int32_t parra_log_route_gate_value = PARRA_LOG_LEVEL_TRACE;
int32_t parra_log_route_mode_value = PARRA_LOG_ROUTE_MODE_BUFFER;
_Alignas(64) static route_table *current_table = &empty_table;

/* Calls in flight, counted on one of several cache lines chosen by the calling thread, so that
 * threads logging at once do not all write one line. Only their sum means anything. */
#define IN_FLIGHT_STRIPES 32
typedef struct in_flight_stripe {
    _Alignas(64) int64_t count;
} in_flight_stripe;
static in_flight_stripe in_flight[IN_FLIGHT_STRIPES];

/** The calling thread's stripe. */
static inline int64_t *in_flight_counter(void) {
    uint64_t thread = (uint64_t)pthread_self();
    return &in_flight[((thread >> 12) * 0x9E3779B97F4A7C15ull) >> 59].count;
}

void parra_log_route_publish(
    const parra_log_route_sink *sinks, int32_t count, int32_t gate, int32_t mode) {
    route_table *table = &empty_table;
    if (count > 0) {
        table = malloc(sizeof(route_table) + sizeof(parra_log_route_sink) * (size_t)count);
        if (table == NULL) {
            return;
        }
        table->count = count;
        memcpy(table->sinks, sinks, sizeof(parra_log_route_sink) * (size_t)count);
    }
    __atomic_store_n(&current_table, table, __ATOMIC_SEQ_CST);
    __atomic_store_n(&parra_log_route_mode_value, mode, __ATOMIC_SEQ_CST);
    __atomic_store_n(&parra_log_route_gate_value, gate, __ATOMIC_SEQ_CST);
}

int64_t parra_log_route_in_flight(void) {
    int64_t total = 0;
    for (int i = 0; i < IN_FLIGHT_STRIPES; i++) {
        total += __atomic_load_n(&in_flight[i].count, __ATOMIC_SEQ_CST);
    }
    return total;
}

void parra_log_route_enter(void) { __atomic_add_fetch(in_flight_counter(), 1, __ATOMIC_SEQ_CST); }

void parra_log_route_leave(void) { __atomic_sub_fetch(in_flight_counter(), 1, __ATOMIC_SEQ_CST); }

int32_t parra_log_route_deliver(const parra_log_record *record) {
    /* Counted before the table is read, both sequentially consistent: a detach that published
     * a new table and then sees no call in flight cannot miss this one. */
    int64_t *counter = in_flight_counter();
    __atomic_add_fetch(counter, 1, __ATOMIC_SEQ_CST);
    const route_table *table = __atomic_load_n(&current_table, __ATOMIC_SEQ_CST);
    int32_t delivered = 0;
    for (int32_t i = 0; i < table->count; i++) {
        const parra_log_route_sink *sink = &table->sinks[i];
        if (record->level >= sink->threshold) {
            sink->function(sink->module_data, record);
            delivered++;
        }
    }
    __atomic_sub_fetch(counter, 1, __ATOMIC_SEQ_CST);
    return delivered;
}

bool parra_log_route_thread_name(char *buffer, size_t capacity) {
    if (buffer == NULL || capacity == 0) {
        return false;
    }
    return pthread_getname_np(pthread_self(), buffer, capacity) == 0 && buffer[0] != '\0';
}
