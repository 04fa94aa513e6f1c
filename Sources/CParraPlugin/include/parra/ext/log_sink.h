/*
 * parra/ext/log_sink.h: PARRA_EXT_LOG_SINK, what a module's log sink needs in the records the
 * host hands it.
 * Part of the Parra module ABI. parra_plugin.h includes every header and states the
 * conventions they share: [main-thread] and [thread-safe], struct_size and growth, who
 * owns strings, errors, limits.
 */
#ifndef PARRA_EXT_LOG_SINK_H
#define PARRA_EXT_LOG_SINK_H

#include <stdbool.h>
#include <stdint.h>

#include "../host.h"
#include "../status.h"

#ifdef __cplusplus
extern "C" {
#endif

/** (1.9) What a module's log sink reads of each record. Offered to every module, in and out
 *  of an app run. */
#define PARRA_EXT_LOG_SINK "parra.logSink/1"

/**
 * PARRA_EXT_LOG_SINK (ABI 1.9): lets a module with a log_sink (parra/module.h) say which parts
 * of a record it never reads, so the host does not make them on the app's logging path.
 * Reading the wall clock is the largest part of a record the host makes.
 */
typedef struct parra_log_sink_extension {
    /** Set by the host to the size of the struct it offers. */
    uint32_t struct_size;
    /** [thread-safe] Whether this module's log_sink reads parra_log_record.timestamp; until it
     *  is called, it does. Called by the module, usually from configure; also allowed from
     *  inside its log_sink. Pass false when nothing the sink does with a record uses its time
     *  (a console format without one, say): then a record logged while no active module's
     *  sink reads the time carries 0 there, and the host does not read the clock for it. A
     *  record reaching a sink that reads the time carries it, whichever other sinks get it
     *  too; so do the records the host kept from before activation. The last call wins, from
     *  the next record logged. Returns OK; UNSUPPORTED when the module declares no log_sink;
     *  WRONG_STATE once the module is shut down; INVALID_ARGUMENT for a NULL host. */
    parra_status (*set_reads_timestamps)(const parra_host *host, bool reads);
} parra_log_sink_extension;

#ifdef __cplusplus
}
#endif

#endif /* PARRA_EXT_LOG_SINK_H */
