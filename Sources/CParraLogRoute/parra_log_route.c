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

int32_t parra_log_route_gate_value = PARRA_LOG_LEVEL_TRACE;
int32_t parra_log_route_mode_value = PARRA_LOG_ROUTE_MODE_BUFFER;
static route_table *current_table = &empty_table;
static int64_t in_flight = 0;

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

int64_t parra_log_route_in_flight(void) { return __atomic_load_n(&in_flight, __ATOMIC_SEQ_CST); }

void parra_log_route_enter(void) { __atomic_add_fetch(&in_flight, 1, __ATOMIC_SEQ_CST); }

void parra_log_route_leave(void) { __atomic_sub_fetch(&in_flight, 1, __ATOMIC_SEQ_CST); }

int32_t parra_log_route_deliver(const parra_log_record *record) {
    __atomic_add_fetch(&in_flight, 1, __ATOMIC_SEQ_CST);
    const route_table *table = __atomic_load_n(&current_table, __ATOMIC_SEQ_CST);
    int32_t delivered = 0;
    for (int32_t i = 0; i < table->count; i++) {
        const parra_log_route_sink *sink = &table->sinks[i];
        if (record->level >= sink->threshold) {
            sink->function(sink->module_data, record);
            delivered++;
        }
    }
    __atomic_sub_fetch(&in_flight, 1, __ATOMIC_SEQ_CST);
    return delivered;
}

bool parra_log_route_thread_name(char *buffer, size_t capacity) {
    if (buffer == NULL || capacity == 0) {
        return false;
    }
    return pthread_getname_np(pthread_self(), buffer, capacity) == 0 && buffer[0] != '\0';
}
