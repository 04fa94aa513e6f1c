/*
 * parra_plugin.h: the C ABI between the Parra host and a feature module.
 *
 * A feature module is a shared object (`.so`) that the host loads with
 * dlopen(RTLD_NOW | RTLD_LOCAL). It may be written in any language that can export a C
 * function. It never links against the host's Swift module and no Swift type crosses this
 * boundary: only the integers, doubles, UTF-8 strings, opaque pointers, function pointers and
 * structs declared here.
 *
 * Conventions used throughout
 * - "main thread": the thread that started the host runtime. Lifecycle functions and hooks are
 *   called there, and functions marked [main-thread] may be called only from there; called from
 *   another thread they return PARRA_STATUS_WRONG_THREAD and do nothing.
 * - "[thread-safe]": may be called from any thread, at any time between the module's `init`
 *   and the return of its `shutdown`.
 * - Strings in declarations are NUL-terminated UTF-8 owned by the module; they must stay valid
 *   until the process exits (static storage is the usual choice). Strings passed at run time
 *   are `parra_string` (pointer + length, not necessarily NUL-terminated) or NUL-terminated
 *   where the prototype says `const char *`; their owner is stated at each function.
 * - Growth: every struct that crosses the boundary starts with `uint32_t struct_size`, which
 *   the writer sets to sizeof(the struct it was compiled with). A reader never reads past
 *   struct_size; fields appended in a later minor version are absent (treated as zero) when the
 *   other side is older. A struct smaller than its ABI 1.0 layout is refused. Arrays of
 *   declarations are stepped through by each element's struct_size.
 * - Errors: every fallible function returns a parra_status. Where it takes a `parra_error *`,
 *   the callee writes a one-line, human-readable reason there when it fails (use
 *   parra_error_set). The caller owns the parra_error and sets its struct_size; the host writes
 *   no message into one whose struct_size is smaller than sizeof(parra_error).
 * - Limits: the host refuses, with a reason, a descriptor with more than 4096 entries in an
 *   array, a declaration struct_size above 4096, or a string longer than 65536 bytes, so that a
 *   corrupt count or size is caught before it is followed.
 *
 * Layout: the ABI is split by concern, as CLAP splits its headers. This file includes them
 * all, in reading order; a module may include it or only the headers it uses, each of which
 * compiles alone:
 *   parra/version.h          the ABI version
 *   parra/status.h           parra_status, parra_error
 *   parra/values.h           parra_string, option types and values
 *   parra/module.h           the entry symbol, the module descriptor, the lifecycle, the
 *                            traits of a module that can wait (1.8)
 *   parra/options.h          option declarations and their schemas
 *   parra/hooks.h            hook and extension point declarations, the signature grammar
 *   parra/log.h              log levels, app log records, the log sink
 *   parra/host.h             the host table and its types; host extensions
 *   parra/override_points.h  the canonical override points
 *   parra/commands.h         commands a module offers
 *   parra/ext/launch.h       PARRA_EXT_LAUNCH, the app's launch
 *   parra/ext/presentation.h PARRA_EXT_PRESENTATION, presentations with actions
 *   parra/ext/app_events.h   PARRA_EXT_APP_EVENTS, the app delegate's events and auth changes
 *   parra/ext/json.h         PARRA_EXT_JSON, the host's JSON reader
 *   parra/ext/remote_notifications.h
 *                            PARRA_EXT_REMOTE_NOTIFICATIONS, background and launch pushes
 *   parra/ext/log_sink.h     PARRA_EXT_LOG_SINK, what a log sink reads of each record (1.9)
 */
#ifndef PARRA_PLUGIN_H
#define PARRA_PLUGIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "parra/version.h"
#include "parra/status.h"
#include "parra/values.h"
#include "parra/module.h"
#include "parra/options.h"
#include "parra/hooks.h"
#include "parra/log.h"
#include "parra/host.h"
#include "parra/override_points.h"
#include "parra/commands.h"
#include "parra/ext/launch.h"
#include "parra/ext/presentation.h"
#include "parra/ext/app_events.h"
#include "parra/ext/json.h"
#include "parra/ext/remote_notifications.h"
#include "parra/ext/log_sink.h"

#endif /* PARRA_PLUGIN_H */
