/*
 * parra/ext/launch.h: PARRA_EXT_LAUNCH, the app's launch: its states and steps, and the
 * services the module that drives it uses.
 *
 * Part of the Parra module ABI. parra_plugin.h includes every header and states the
 * conventions they share: [main-thread] and [thread-safe], struct_size and growth, who
 * owns strings, errors, limits.
 */
#ifndef PARRA_EXT_LAUNCH_H
#define PARRA_EXT_LAUNCH_H

#include <stdint.h>

#include "../host_fwd.h"
#include "../status.h"
#include "../values.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ----------------------------------------------------------------------------------------
 * The app's launch (ABI 1.1)
 *
 * One module (the launch screen) drives the launch: it shows the launch screen, runs the
 * launch tasks and tells the host the launch state. The first module to set INITIAL with
 * parra_host.set_launch_state drives it for the rest of the run. After the app delegate's
 * didFinishLaunching, and after each platform event, the host waits until the launch is
 * COMPLETE or FAILED (at most 120 seconds, and no longer once the user or a signal asks the
 * app to quit) before it goes on; until it is COMPLETE the host holds the app's windows and
 * queues URLs to open and notification responses. When it is COMPLETE the host removes the
 * launch screen, then (once the driver's main-thread turn, with its emits, has returned) draws
 * the windows and handles what it queued. A run whose launch never completed exits with
 * status 1. With no driver the host runs its own launch (auth check, then app-info).
 * ------------------------------------------------------------------------------------- */

/** The app's launch: the services a module that drives the launch uses (see "The app's
 *  launch" above). Offered only during an app run; get_extension returns NULL otherwise. */
#define PARRA_EXT_LAUNCH "parra.launch/1"

/** A launch state, in the order a launch normally passes them. */
typedef int32_t parra_launch_state;
/** The launch screen shows; the launch tasks have not finished. */
#define PARRA_LAUNCH_STATE_INITIAL 0
/** The tasks finished; the launch screen is fading out over the app's content. */
#define PARRA_LAUNCH_STATE_TRANSITIONING 1
/** The launch screen is gone; the app is usable. */
#define PARRA_LAUNCH_STATE_COMPLETE 2
/** A task failed; the launch screen shows why and offers a retry (back to INITIAL). */
#define PARRA_LAUNCH_STATE_FAILED 3

/** A launch task only the host can do (see parra_host.run_launch_step). */
typedef int32_t parra_launch_step;
/** The auth check: a cached user, else an anonymous or guest token. Result:
 *  {"state": "undetermined" | "guest" | "anonymous" | "authenticated", "userId": "..."}
 *  (userId only for a user). Fails only when the host cannot run it. */
#define PARRA_LAUNCH_STEP_AUTH_CHECK 1
/** The app's launch prerequisite (the async closure given to ParraApp); OK at once when there
 *  is none. Result: {"ran": true | false}. Fails when the closure throws. */
#define PARRA_LAUNCH_STEP_PREREQUISITE 2
/** (1.2) The app-info: `GET tenants/{t}/applications/{a}/app-info` (no version token), given at
 *  most 5 seconds whatever the retries, falling back to the app-info the host cached from an
 *  earlier answer. The host keeps the one cache; an answer after the 5 seconds still refreshes
 *  it. Result: {"source": "network", "appInfo": {...}} (the server's answer, whole);
 *  {"source": "cache", "appInfo": {...}, "fetchedAt": seconds, "reason": why not the server};
 *  or {"source": "none", "reason": ...} when the run has no API client and nothing is cached.
 *  Fails (PARRA_STATUS_FAILED, the reason) when the server gives nothing usable and nothing is
 *  cached. */
#define PARRA_LAUNCH_STEP_APP_INFO 3

/**
 * Completion of a launch step, called exactly once on the main thread, never from inside
 * run_launch_step. `result_json` (a JSON object) and `error_message` are owned by the host and
 * valid only during the call; `error_message` is {NULL, 0} when `status` is PARRA_STATUS_OK.
 * Not called once the module has shut down.
 */
typedef void (*parra_launch_step_done_fn)(
    void *user_data, parra_status status, parra_string result_json, parra_string error_message);

/** PARRA_EXT_LAUNCH: the launch services. The same functions as the ABI 1.1 fields of
 *  parra_host of the same names, with the same rules. */
typedef struct parra_launch_extension {
    /** Set by the host to the size of the struct it offers. */
    uint32_t struct_size;
    /** [main-thread] As parra_host.run_launch_step. */
    parra_status (*run_launch_step)(
        const parra_host *host, parra_launch_step step, parra_launch_step_done_fn done, void *user_data,
        parra_error *error);
    /** [main-thread] As parra_host.set_launch_state. */
    parra_status (*set_launch_state)(
        const parra_host *host, parra_launch_state state, parra_string detail, parra_error *error);
} parra_launch_extension;

#ifdef __cplusplus
}
#endif

#endif /* PARRA_EXT_LAUNCH_H */
