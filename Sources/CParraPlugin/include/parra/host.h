/*
 * parra/host.h: the services the host offers a module (the host table, parra_host), the types
 * its functions take, and how a module asks for the host's extensions (parra/ext/).
 *
 * Part of the Parra module ABI. parra_plugin.h includes every header and states the
 * conventions they share: [main-thread] and [thread-safe], struct_size and growth, who
 * owns strings, errors, limits.
 */
#ifndef PARRA_HOST_H
#define PARRA_HOST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "commands.h"
#include "ext/launch.h"
#include "host_fwd.h"
#include "log.h"
#include "status.h"
#include "values.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Called on the main thread after an observed option changed; read it with get_option. */
typedef void (*parra_option_changed_fn)(void *user_data, const char *key);

/** Receives stored bytes; `bytes` is owned by the host and valid only during the call. Called
 *  by storage_get on the caller's thread, before storage_get returns. */
typedef void (*parra_bytes_fn)(void *user_data, const void *bytes, size_t length);

/** Called on the main thread when a timer fires. */
typedef void (*parra_timer_fn)(void *user_data, uint64_t timer_id);

/** A request to the Parra API. All memory is the caller's and may be freed when
 *  api_request returns. Every struct a module passes in (this, parra_presentation, the
 *  parra_value it asks the host to fill) must have struct_size at least its 1.0 size, or the
 *  call is INVALID_ARGUMENT. */
typedef struct parra_api_request {
    /** Set by the caller to sizeof(parra_api_request). */
    uint32_t struct_size;
    /** "GET", "POST", "PUT", "PATCH" or "DELETE". */
    const char *method;
    /** Relative to the API base URL, e.g. "tenants/abc/sessions"; may carry a query. (1.1) The
     *  host replaces "{tenantId}" and "{applicationId}" with the running app's identity, so a
     *  module can write "tenants/{tenantId}/sessions"; with no app identity the call fails with
     *  UNSUPPORTED. */
    const char *path;
    /** JSON body, or {NULL, 0} for none. */
    parra_string body;
    /** Seconds; 0 means the host's default. */
    double timeout_seconds;
} parra_api_request;

/**
 * Completion of an API request, called exactly once, on a host worker thread (never the main
 * thread), after every retry the host makes. `status` is PARRA_STATUS_OK when an HTTP response
 * arrived (any code, `http_status` set); otherwise `http_status` is 0 and `error_message` says
 * what failed. `body` and `error_message` are owned by the host and valid only during the call.
 */
typedef void (*parra_api_response_fn)(
    void *user_data, parra_status status, int32_t http_status, parra_string body,
    parra_string error_message);

/** What a presentation shows. */
typedef int32_t parra_presentation_kind;
/** Full-screen content the user dismisses. */
#define PARRA_PRESENTATION_MODAL 1
/** A transient notice that dismisses itself after `duration_seconds`. */
#define PARRA_PRESENTATION_TOAST 2
/** The launch screen surface, shown over the app's windows until dismissed. (1.1) A new one
 *  replaces the one showing (dismissed with by_user false); the host takes it away when the
 *  launch completes (by_user false) and dismisses it with by_user true when the user asks to
 *  retry a failed launch. Unlike other callbacks, these dismissals run synchronously inside
 *  the module's own call (`present` of the new launch screen, `set_launch_state(COMPLETE)`):
 *  do not hold a non-recursive lock of your own across those calls. */
#define PARRA_PRESENTATION_LAUNCH_SCREEN 3

/** Called on the main thread when a presentation is dismissed; `by_user` is true when the user
 *  dismissed it (or opened a toast) rather than it timing out or being replaced. */
typedef void (*parra_presentation_dismissed_fn)(void *user_data, bool by_user);

/** Something for the platform to show. All memory is the caller's and may be freed when
 *  present returns; the host copies what it keeps. */
typedef struct parra_presentation {
    /** Set by the caller to sizeof(parra_presentation). */
    uint32_t struct_size;
    /** PARRA_PRESENTATION_MODAL, _TOAST or _LAUNCH_SCREEN. */
    parra_presentation_kind kind;
    /** The title, UTF-8. */
    parra_string title;
    /** The body text, UTF-8. */
    parra_string body;
    /** TOAST: seconds before it dismisses itself; others: 0. */
    double duration_seconds;
    /** NULL, or called once when the presentation goes away. */
    parra_presentation_dismissed_fn on_dismiss;
    /** Passed to on_dismiss (and to on_action, for a presentation shown with actions); the
     *  host never reads what it points to. */
    void *user_data;
} parra_presentation;

/**
 * The services the host offers a module. The host builds one table per module (so logs and
 * storage are attributed to it), passes it to init, and keeps it valid until shutdown returns.
 * The module must not write to it. Every function takes the table itself as `host`. Every
 * function pointer of ABI 1.0 is non-NULL; a field added in a later minor is present only when
 * struct_size covers it.
 */
struct parra_host {
    /** Set by the host to the size of the table it built: a field past it is absent (see
     *  PARRA_HOST_HAS). */
    uint32_t struct_size;
    /** The ABI version the host speaks: its PARRA_ABI_VERSION_MAJOR and _MINOR. */
    uint16_t abi_major;
    uint16_t abi_minor;
    /** Host-private; a module never reads it. */
    void *host_data;

    /** [thread-safe] Writes a diagnostic line attributed to the module. `message` is the
     *  caller's and may be freed when log returns. The line goes to the app's standard error
     *  as `parra: <level>: [<module id>] <message>` (a test host may record it instead), at
     *  PARRA_LOG_LEVEL_INFO and above by default; set PARRA_HOST_LOG_LEVEL=debug (or trace) in
     *  the app's environment to see lower levels. These are host diagnostics, not app log
     *  records: they never reach a log_sink. */
    void (*log)(const parra_host *host, parra_log_level level, parra_string message);

    /** [thread-safe] Reads the current value of an option any loaded module declares. The
     *  caller sets `out_value->struct_size = sizeof(parra_value)` first (a smaller one is
     *  INVALID_ARGUMENT). Fails with NOT_FOUND for an undeclared key. See parra_value for the
     *  lifetime of strings. */
    parra_status (*get_option)(
        const parra_host *host, const char *key, parra_value *out_value, parra_error *error);

    /** [main-thread] Calls `callback(user_data, key)` on the main thread after `key` changes,
     *  until shutdown. Fails with NOT_FOUND for an undeclared key. */
    parra_status (*observe_option)(
        const parra_host *host, const char *key, parra_option_changed_fn callback,
        void *user_data, parra_error *error);

    /** [thread-safe] Reads the module's stored value for `key` (`[A-Za-z0-9._-]`, at most 128
     *  bytes) and passes it to `receive` before returning. NOT_FOUND when nothing is stored.
     *  Storage is private to the module, durable, and survives restarts: one file per key in
     *  `$XDG_DATA_HOME/parra/<bundle id>/modules/<module id>/` (default
     *  `~/.local/share/parra/...`). */
    parra_status (*storage_get)(
        const parra_host *host, const char *key, parra_bytes_fn receive, void *user_data,
        parra_error *error);

    /** [thread-safe] Stores `length` bytes (at most 16 MiB) for `key`, atomically replacing any
     *  old value; the bytes are durable when it returns OK. The bytes are the caller's. */
    parra_status (*storage_set)(
        const parra_host *host, const char *key, const void *bytes, size_t length,
        parra_error *error);

    /** [thread-safe] Removes the stored value for `key`; OK when there was none. */
    parra_status (*storage_remove)(const parra_host *host, const char *key, parra_error *error);

    /** [thread-safe] Sends a request to the Parra API with the host's headers, timeouts and
     *  retries (body at most 10 MiB); `callback` runs exactly once, as described at
     *  parra_api_response_fn, unless this returns an error, in which case it never runs, or the
     *  module shuts down first, in which case it is dropped. */
    parra_status (*api_request)(
        const parra_host *host, const parra_api_request *request, parra_api_response_fn callback,
        void *user_data, parra_error *error);

    /** [thread-safe] Runs `callback` on the main thread after `delay_seconds` (0 to one year),
     *  then every `repeat_seconds` if that is not 0 (1 ms to one year), until cancelled; the
     *  host cancels every timer of the module before it calls `shutdown`, waiting for a running
     *  callback to finish, so none runs during or after it. Writes the timer's id to
     *  `out_timer_id` (may be NULL). Other values are INVALID_ARGUMENT. */
    parra_status (*schedule)(
        const parra_host *host, double delay_seconds, double repeat_seconds,
        parra_timer_fn callback, void *user_data, uint64_t *out_timer_id, parra_error *error);

    /** [thread-safe] Cancels a timer. When its callback is running on another thread, returns
     *  once it has finished, so the caller may then free its `user_data`; called from the
     *  callback itself, returns at once and the callback finishes. NOT_FOUND for an unknown or
     *  finished id. */
    parra_status (*cancel_timer)(const parra_host *host, uint64_t timer_id);

    /** [main-thread] Shows a presentation on the platform's surface. `on_dismiss` is not called
     *  once the module has shut down. */
    parra_status (*present)(
        const parra_host *host, const parra_presentation *presentation, parra_error *error);

    /** [main-thread] Emits one of this module's extension points: calls every hook on it, in
     *  order, and combines their results. `arguments` has one pointer per argument after the
     *  leading `ptr` (as libffi's avalue), each pointing at the argument's value; NULL when the
     *  point takes none. `result` points at storage of the return type (NULL for void) and
     *  receives the combined result. Fails with NOT_FOUND for a point this module does not
     *  offer, and with WRONG_STATE outside activation and running (in init, configure,
     *  deactivate), for a point whose hooks are running now (a hook may not re-emit it), or when
     *  emits are nested more than 16 deep. For a point of signature void(ptr,str):
     *      const char *text = "hello";
     *      void *arguments[] = {&text};   // one pointer to each argument's value
     *      host->emit(host, "com.example.feature.didGreet", arguments, NULL, &error); */
    parra_status (*emit)(
        const parra_host *host, const char *point_id, void **arguments, void *result,
        parra_error *error);

    /** [thread-safe] Seconds since the Unix epoch, from the host's clock (tests inject it). */
    double (*wall_clock_seconds)(const parra_host *host);

    /** [thread-safe] A monotonic clock in nanoseconds, from an arbitrary origin. */
    uint64_t (*monotonic_nanoseconds)(const parra_host *host);

    /* Added in ABI 1.1: present when struct_size covers them. */

    /** [thread-safe] Sets the lowest level of app log record this module's log_sink wants
     *  (PARRA_LOG_LEVEL_TRACE to PARRA_LOG_LEVEL_OFF); until it is called the threshold is
     *  PARRA_LOG_LEVEL_INFO. Records below every sink's threshold are never built. INVALID_ARGUMENT
     *  for another value; UNSUPPORTED when the module declares no log_sink. */
    parra_status (*set_log_threshold)(const parra_host *host, parra_log_level minimum);

    /** [thread-safe] The absolute path of a directory private to the module, created by the
     *  host, for files the key-value storage does not suit (append-only journals, databases).
     *  It survives restarts: `$XDG_DATA_HOME/parra/<bundle id>/module-files/<module id>/`.
     *  NUL-terminated; owned by the host; valid until shutdown returns. */
    const char *(*storage_directory)(const parra_host *host);

    /** [thread-safe] Which of the tenant's environments the app runs in, as the API's
     *  PARRA-ENVIRONMENT header says it: "debug" (a build with the DEBUG condition),
     *  "beta" (PARRA_ENVIRONMENT=beta) or "production". Modules resolve their "automatic"
     *  choices from it. NUL-terminated, static; never NULL. */
    const char *(*app_environment)(const parra_host *host);

    /** [thread-safe] Added in ABI 1.1. Facts about the running app as one JSON object,
     *  NUL-terminated, owned by the host, unchanged and valid until shutdown returns; "{}"
     *  outside an app run. Members, each absent when unknown:
     *  "bundle": {"identifier", "displayName" (CFBundleDisplayName, else CFBundleName; from
     *  1.7), "shortVersion", "version" (strings), "infoPlist" (the file's
     *  path), "resources" (the folder of the app's resource files, `Resources` beside the
     *  Info.plist), "UILaunchScreen" (the plist dictionary as JSON, unchecked),
     *  "UILaunchStoryboardName" (string)};
     *  "theme": {"primary", "secondary", "background", "text", "error", "warning", "info",
     *  "success"}, each "#RRGGBB";
     *  "display": {"interactive": bool (a user at a terminal), "color": bool (ANSI allowed)}. */
    const char *(*app_facts_json)(const parra_host *host);

    /* The launch services below are kept, working, for modules built against ABI 1.1; from
     * 1.2 on they are the launch extension's (PARRA_EXT_LAUNCH), where new modules find them.
     * The core table gains no feature's service again. */

    /** [main-thread] Added in ABI 1.1. Starts a launch step (PARRA_LAUNCH_STEP_*); `done` runs
     *  once when it finishes, as described at parra_launch_step_done_fn, unless this returns an
     *  error, in which case it never runs. Checked in this order: INVALID_ARGUMENT for a NULL
     *  done; WRONG_THREAD off the main thread; UNSUPPORTED outside an app run; WRONG_STATE when
     *  another module drives the launch; INVALID_ARGUMENT for an unknown step. */
    parra_status (*run_launch_step)(
        const parra_host *host, parra_launch_step step, parra_launch_step_done_fn done,
        void *user_data, parra_error *error);

    /** [main-thread] Added in ABI 1.1. Tells the host the launch state (PARRA_LAUNCH_STATE_*);
     *  `detail` (the caller's; may be {NULL, 0}) says why, e.g. the failure. The first caller
     *  becomes the launch's driver; another module gets WRONG_STATE. States follow
     *  INITIAL -> TRANSITIONING -> COMPLETE, or INITIAL -> FAILED -> INITIAL (a retry); any
     *  other step is WRONG_STATE, as is every call after COMPLETE. UNSUPPORTED outside an app
     *  run; INVALID_ARGUMENT for an unknown state. */
    parra_status (*set_launch_state)(
        const parra_host *host, parra_launch_state state, parra_string detail, parra_error *error);

    /* Added in ABI 1.2: present when struct_size covers them. */

    /** [thread-safe] The extension `extension_id` (PARRA_EXT_*), cast to its struct type, or
     *  NULL when this host does not offer it now. The struct is owned by the host and stays
     *  valid and unchanged until the module's shutdown returns; its functions take this same
     *  `host`. Check its struct_size before using a field of a later version. */
    const void *(*get_extension)(const parra_host *host, const char *extension_id);

    /** [any thread; see the command's thread rule] Calls another loaded module's command (see
     *  "Commands" in parra/commands.h). `arguments` has one
     *  pointer per argument after the leading `ptr` (and before the completion of a command
     *  that completes later), each pointing at the argument's value, as for emit; NULL when it
     *  takes none; no entry, and no `str` value, may be NULL. The values are the caller's:
     *  for a command that completes later the host copies them before it returns (a `ptr`
     *  is copied as the pointer: what it points at must stay valid until `done` runs). For an
     *  immediate command, `result` points at storage of its return type (NULL for void) and
     *  `done` must be NULL. For a command that completes later, `result` must be NULL and
     *  `done` is required: it runs as described at parra_command_done_fn, unless this returns
     *  an error, in which case it never runs. The thread rules are the
     *  command's: WRONG_THREAD for an immediate main-thread command called off the main
     *  thread. NOT_FOUND when no loaded module offers `command_id`; INVALID_ARGUMENT for a
     *  NULL `arguments` where some are needed, or `done` given or missing against the kind;
     *  WRONG_STATE outside the time commands may be called, or when a module calls its own
     *  command this way. */
    parra_status (*call_command)(
        const parra_host *host, const char *command_id, void **arguments, void *result,
        parra_command_done_fn done, void *user_data, parra_error *error);
};

/** The size of parra_host in ABI 1.0. */
#define PARRA_HOST_SIZE_1_0 offsetof(parra_host, set_log_threshold)
/** The size of parra_host in ABI 1.1. */
#define PARRA_HOST_SIZE_1_1 offsetof(parra_host, get_extension)

/** True when `host`'s table (a `const parra_host *`) has `field`, a function added in a later
 *  minor than 1.0, and the host set it: test before calling, e.g.
 *  `if (PARRA_HOST_HAS(host, get_extension)) ...`. */
#define PARRA_HOST_HAS(host, field) \
    ((host)->struct_size >= offsetof(parra_host, field) + sizeof((host)->field) && (host)->field != NULL)

/* ----------------------------------------------------------------------------------------
 * Host extensions (ABI 1.2)
 *
 * The core parra_host table holds the runtime's services. A service that belongs to a
 * feature is an extension: a struct of functions the host hands out by a versioned string id
 * (as CLAP's `host->get_extension(host, CLAP_EXT_LOG)`), so a new feature never changes the
 * core table. An id names its version ("parra.launch/1"); a later, incompatible version gets a
 * new id and the old one stays. Each extension struct starts with struct_size and grows only by
 * appending, like every struct here.
 * ------------------------------------------------------------------------------------- */

/* The extensions, one header each:
 *   parra/ext/launch.h        PARRA_EXT_LAUNCH, parra_launch_extension
 *   parra/ext/presentation.h  PARRA_EXT_PRESENTATION, parra_presentation_extension
 *   parra/ext/app_events.h    PARRA_EXT_APP_EVENTS, parra_app_events_extension
 *   parra/ext/json.h          PARRA_EXT_JSON, parra_json_extension (1.5)
 *   parra/ext/remote_notifications.h
 *                             PARRA_EXT_REMOTE_NOTIFICATIONS,
 *                             parra_remote_notifications_extension (1.7)
 *   parra/ext/log_sink.h      PARRA_EXT_LOG_SINK, parra_log_sink_extension (1.9) */

#ifdef __cplusplus
}
#endif

#endif /* PARRA_HOST_H */
