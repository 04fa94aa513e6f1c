/*
 * parra/ext/app_events.h: PARRA_EXT_APP_EVENTS, what a module hands to the app through the app's
 * delegate (a push token, a notification, the user's response, a URL), and the changes of who
 * uses the app.
 *
 * Part of the Parra module ABI. parra_plugin.h includes every header and states the
 * conventions they share: [main-thread] and [thread-safe], struct_size and growth, who
 * owns strings, errors, limits.
 */
#ifndef PARRA_EXT_APP_EVENTS_H
#define PARRA_EXT_APP_EVENTS_H

#include <stddef.h>
#include <stdint.h>

#include "../host.h"
#include "../override_points.h"
#include "../status.h"
#include "../values.h"

#ifdef __cplusplus
extern "C" {
#endif

/** (1.4) The app delegate's notification and URL paths a module drives (a push token, a
 *  notification arriving, the user's response, a URL to open) and the changes of who uses the
 *  app. Offered only during an app run (see parra_app_events_extension). */
#define PARRA_EXT_APP_EVENTS "parra.appEvents/1"

/** Called on the main thread, once, with what the app lets a notification arriving in the
 *  foreground show: PARRA_NOTIFICATION_PRESENTATION_* bits, the union of every module's
 *  application.willPresentNotification hook and the app delegate's override. 0 when the app
 *  ended before it was asked. Not called once the module has shut down. */
typedef void (*parra_notification_presentation_fn)(void *user_data, uint32_t options);

/** Called on the main thread when who uses the app changes (a sign-in, a sign-out): `state_json`
 *  (the host's, valid during the call) is as PARRA_LAUNCH_STEP_AUTH_CHECK's result,
 *  {"state": "undetermined" | "guest" | "anonymous" | "authenticated", "userId": "..."}. */
typedef void (*parra_auth_state_fn)(void *user_data, const char *state_json);

/**
 * PARRA_EXT_APP_EVENTS (ABI 1.4): what a module hands to the app, through the app's delegate,
 * as the system would on iOS, and the auth changes it watches. The app's run handles each
 * event on its own thread, in the order they were handed over, between platform events: the
 * app delegate's method runs (its default implementation dispatching the override point to
 * every module's hooks, the caller's included) and the host reports an override that skipped
 * `super`. A notification response and a URL that come before the launch completes wait for it,
 * as the platform's own do. Every string and byte the caller passes is copied before the
 * function returns. Each returns WRONG_STATE once the app's run is ending.
 */
typedef struct parra_app_events_extension {
    /** Set by the host to the size of the struct it offers. */
    uint32_t struct_size;
    /** [thread-safe] A push token arrived (`length` bytes, 1 to 4096): the app delegate's
     *  didRegisterForRemoteNotificationsWithDeviceToken runs with them. */
    parra_status (*did_register_for_remote_notifications)(
        const parra_host *host, const void *token, size_t length, parra_error *error);
    /** [thread-safe] Registering for push failed: the app delegate's
     *  didFailToRegisterForRemoteNotificationsWithError runs with `reason` (one line). */
    parra_status (*did_fail_to_register_for_remote_notifications)(
        const parra_host *host, parra_string reason, parra_error *error);
    /** [thread-safe] A notification arrived while the app runs: the app delegate's
     *  userNotificationCenter(_:willPresent:) runs with `notification_json` (its payload, a JSON
     *  object), then `done(user_data, options)` as described at parra_notification_presentation_fn.
     *  The module shows what the options allow. INVALID_ARGUMENT for a NULL done. */
    parra_status (*will_present_notification)(
        const parra_host *host, parra_string notification_json, parra_notification_presentation_fn done,
        void *user_data, parra_error *error);
    /** [thread-safe] The user acted on a notification (`notification_json`, its payload; a NULL
     *  `action_identifier` is the default action): the app delegate's
     *  userNotificationCenter(_:didReceive:) runs once the launch has completed. */
    parra_status (*did_receive_notification_response)(
        const parra_host *host, parra_string notification_json, const char *action_identifier, parra_error *error);
    /** [thread-safe] Opens `url` (NUL-terminated, with a scheme) through the app's open-URL path,
     *  application(_:open:options:), once the launch has completed. */
    parra_status (*open_url)(const parra_host *host, const char *url, parra_error *error);
    /** [main-thread] Calls `callback(user_data, state_json)` on the main thread after each
     *  change of who uses the app, until shutdown. INVALID_ARGUMENT for a NULL callback. */
    parra_status (*observe_auth_state)(
        const parra_host *host, parra_auth_state_fn callback, void *user_data, parra_error *error);
} parra_app_events_extension;

#ifdef __cplusplus
}
#endif

#endif /* PARRA_EXT_APP_EVENTS_H */
