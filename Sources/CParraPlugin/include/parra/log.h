/*
 * parra/log.h: log levels, and the app log records the host hands to a module's log sink
 * (parra_module_descriptor.log_sink and log_flush, parra/module.h).
 *
 * Part of the Parra module ABI. parra_plugin.h includes every header and states the
 * conventions they share: [main-thread] and [thread-safe], struct_size and growth, who
 * owns strings, errors, limits.
 */
#ifndef PARRA_LOG_H
#define PARRA_LOG_H

#include <stdint.h>

#include "values.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Log levels, in Parra's order: trace < debug < info < warn < error < fatal. */
typedef int32_t parra_log_level;
#define PARRA_LOG_LEVEL_TRACE 0
#define PARRA_LOG_LEVEL_DEBUG 1
#define PARRA_LOG_LEVEL_INFO 2
#define PARRA_LOG_LEVEL_WARN 3
#define PARRA_LOG_LEVEL_ERROR 4
#define PARRA_LOG_LEVEL_FATAL 5
/** (1.1) Not a record's level: a log threshold that lets nothing through. */
#define PARRA_LOG_LEVEL_OFF 6

/* ----------------------------------------------------------------------------------------
 * App log records (ABI 1.1)
 *
 * The app logs through `ParraLogger` in the host. The host checks each call against the lowest
 * threshold any log sink asked for (parra_host.set_log_threshold) before it builds anything, so
 * a filtered call never reaches a module. A record that passes is handed, on the thread that
 * logged, to the `log_sink` of every active module whose threshold it meets, in load order.
 * Records logged before any sink is active are kept by the host (the last 100) and handed to
 * each sink, on the main thread, once every module has been activated. With no module taking
 * records, the host prints them to stderr itself.
 * ------------------------------------------------------------------------------------- */

/**
 * One app log record. Every string is owned by the host and valid only during the log_sink
 * call; copy what you keep. Strings are UTF-8 and not NUL-terminated; absent ones are {NULL, 0}.
 */
typedef struct parra_log_record {
    /** Set by the host to the size of the record it wrote; a field past it is absent. */
    uint32_t struct_size;
    /** PARRA_LOG_LEVEL_TRACE to PARRA_LOG_LEVEL_FATAL. */
    parra_log_level level;
    /** When the log was made: seconds since the Unix epoch, from the host's wall clock. A sink
     *  that reads it always gets the time; one that said it does not (1.9: PARRA_EXT_LOG_SINK's
     *  set_reads_timestamps) may find 0 here, when no active sink reads it. */
    double timestamp;
    /** The message as the app wrote it (for a log of an Error alone: the error's description). */
    parra_string message;
    /** The extra values as one compact JSON object with sorted keys (the logger's own extra
     *  merged with the call's, the call winning), or absent. An Error logged with a message is
     *  under the key "$error" as {"description": ..., "type": ...}. */
    parra_string extra_json;
    /** Swift's #fileID of the call site: "Module/File.swift". */
    parra_string file_id;
    /** Swift's #function of the call site, e.g. "body" or "load(from:)". */
    parra_string function;
    /** Line and column of the call site, from 1. */
    uint32_t line;
    uint32_t column;
    /** The logger's category followed by its scope names, joined by "/", or absent. */
    parra_string category;
    /** The name of the thread or queue that logged, or absent: then the record is being
     *  delivered on the thread that logged and the sink may ask that thread itself. */
    parra_string thread_name;
    /** For error and fatal records: the call stack at the log call, one frame per line.
     *  Absent for the other levels. */
    parra_string call_stack;
} parra_log_record;

/**
 * Receives one app log record. Called by the host on the thread that logged (records held
 * from before activation: on the main thread, with thread_name set), so possibly on several
 * threads at once; the module does its own locking. Calls come from the end of the activation
 * of all modules until the module's deactivate begins; before calling deactivate the host stops
 * making calls and waits (up to ten seconds) for calls in progress, and flushes, to return. If
 * some still run then, deactivate is called anyway (it may overlap them) but shutdown is not,
 * so no call runs on freed module state. `record` and
 * everything it points to are owned by the host and valid only during the call. Runs on the
 * app's logging path: keep it short and do not block on I/O that can stall. The host's `log`
 * service may be used from here (it writes host diagnostics, never app log records, so it
 * does not come back to the sink).
 */
typedef void (*parra_log_sink_fn)(void *module_data, const parra_log_record *record);

/**
 * Makes every record handed to the module's log_sink so far durable or written (whatever the
 * module does with records), then returns. Called by the host on the thread that called
 * `ParraLogger.flush()`, any thread, while the module's sink is attached; may run alongside
 * log_sink calls. May block; should not block for more than a few seconds. Like log_sink
 * calls, a flush in progress is waited for before the module is deactivated.
 */
typedef void (*parra_log_flush_fn)(void *module_data);

#ifdef __cplusplus
}
#endif

#endif /* PARRA_LOG_H */
