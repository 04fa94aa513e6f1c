/*
 * parra/ext/presentation.h: PARRA_EXT_PRESENTATION, presentations the user acts on by key, and
 * holds on an unattended session.
 *
 * Part of the Parra module ABI. parra_plugin.h includes every header and states the
 * conventions they share: [main-thread] and [thread-safe], struct_size and growth, who
 * owns strings, errors, limits.
 */
#ifndef PARRA_EXT_PRESENTATION_H
#define PARRA_EXT_PRESENTATION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../host.h"
#include "../status.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Presentations with actions the user takes by key, and the session's wait for what a module
 *  is about to show. Offered by every host (see parra_presentation_extension). */
#define PARRA_EXT_PRESENTATION "parra.presentation/1"

/** One thing the user can do with a presentation: type `key` (a word of 1 to 16 characters of
 *  `[a-z0-9]`, e.g. "c") to take the action `label` describes ("open the changelog"). */
typedef struct parra_presentation_action {
    /** Set by the caller to sizeof(parra_presentation_action). */
    uint32_t struct_size;
    /** The word the user types, NUL-terminated. Required. */
    const char *key;
    /** What the action does, NUL-terminated, shown beside the key. Required. */
    const char *label;
} parra_presentation_action;

/** Called on the main thread when the user takes one of a presentation's actions; `key` is the
 *  action's key (the host's, valid during the call). The presentation stays until dismissed. */
typedef void (*parra_presentation_action_fn)(void *user_data, const char *key);

/** PARRA_EXT_PRESENTATION: presentations the user acts on, and holds on an unattended session. */
typedef struct parra_presentation_extension {
    /** Set by the host to the size of the struct it offers. */
    uint32_t struct_size;
    /** [main-thread] Shows `presentation` (MODAL or TOAST; not LAUNCH_SCREEN) as core `present`
     *  does, listing `actions` (the caller's; copied; at most 8, keys distinct) for the user.
     *  When the user types an action's key while it shows (the newest presentation offering the
     *  key wins), `on_action(presentation->user_data, key)` runs. Writes the presentation's id
     *  to `out_id` (may be NULL). `on_action` and `on_dismiss` share `presentation->user_data`:
     *  `on_dismiss` runs exactly once, whichever way the presentation goes (the user, a toast's
     *  time, `dismiss`), and no `on_action` runs after it, so it may free `user_data`; neither
     *  runs once the module has shut down. */
    parra_status (*present)(
        const parra_host *host, const parra_presentation *presentation,
        const parra_presentation_action *actions, size_t action_count, parra_presentation_action_fn on_action,
        uint64_t *out_id, parra_error *error);
    /** [main-thread] Takes presentation `id` (one of this module's) away; its on_dismiss runs
     *  with by_user as given. NOT_FOUND when it is gone already. */
    parra_status (*dismiss)(const parra_host *host, uint64_t id, bool by_user, parra_error *error);
    /** [thread-safe] Asks a session without a user at a terminal (a scripted or piped run) to
     *  wait before it plays its next event, so what the module is about to show shows first:
     *  until release_session, at most `max_seconds` (0 to 60). Interactive sessions, and a host
     *  that runs no app, do not wait. Writes the hold's id to `out_hold`. */
    parra_status (*hold_session)(const parra_host *host, double max_seconds, uint64_t *out_hold, parra_error *error);
    /** [thread-safe] Ends a hold; unknown or ended ids are ignored. */
    void (*release_session)(const parra_host *host, uint64_t hold);
} parra_presentation_extension;

#ifdef __cplusplus
}
#endif

#endif /* PARRA_EXT_PRESENTATION_H */
