/*
 * parra/ext/remote_notifications.h: PARRA_EXT_REMOTE_NOTIFICATIONS, the pushes a module hands to
 * the app that the user does not see: a background (silent) push, and the push the app was
 * started for.
 * Part of the Parra module ABI. parra_plugin.h includes every header and states the
 * conventions they share: [main-thread] and [thread-safe], struct_size and growth, who
 * owns strings, errors, limits.
 */
#ifndef PARRA_EXT_REMOTE_NOTIFICATIONS_H
#define PARRA_EXT_REMOTE_NOTIFICATIONS_H

#include <stddef.h>
#include <stdint.h>

#include "../host.h"
#include "../status.h"
#include "../values.h"

#ifdef __cplusplus
extern "C" {
#endif

/** (1.7) A background push for the app delegate, and the push the app was started for.
 *  Offered only during an app run (see parra_remote_notifications_extension). */
#define PARRA_EXT_REMOTE_NOTIFICATIONS "parra.remoteNotifications/1"

/**
 * PARRA_EXT_REMOTE_NOTIFICATIONS (ABI 1.7): what iOS hands an app delegate for a push the user
 * does not act on. Like PARRA_EXT_APP_EVENTS, the app's run handles each call on its own thread,
 * between platform events, and every string the caller passes is copied before the function
 * returns. Each returns WRONG_STATE once the app's run is ending.
 */
typedef struct parra_remote_notifications_extension {
    /** Set by the host to the size of the struct it offers. */
    uint32_t struct_size;
    /** [thread-safe] A push arrived for the app itself (a background push, `aps.content-available`
     *  1, which shows nothing): the app delegate's
     *  application(_:didReceiveRemoteNotification:fetchCompletionHandler:) runs with
     *  `notification_json` (its payload, a JSON object), once the launch has completed; its
     *  default implementation dispatches application.didReceiveRemoteNotification to every
     *  module's hooks. INVALID_ARGUMENT for a payload that is not a JSON object. */
    parra_status (*did_receive_remote_notification)(
        const parra_host *host, parra_string notification_json, parra_error *error);
    /** [main-thread] The app was started for a push (say, D-Bus activated it for a message to
     *  its push connector): `notification_json` (its payload, a JSON object) reaches the app
     *  delegate's didFinishLaunching in its launch options as .remoteNotification. Callable
     *  from a module's activate only; the push itself is then handed over as any other (with
     *  PARRA_EXT_APP_EVENTS' will_present_notification, say). The last call wins. WRONG_STATE
     *  after activate; INVALID_ARGUMENT for a payload that is not a JSON object. */
    parra_status (*set_launch_notification)(
        const parra_host *host, parra_string notification_json, parra_error *error);
} parra_remote_notifications_extension;

#ifdef __cplusplus
}
#endif

#endif /* PARRA_EXT_REMOTE_NOTIFICATIONS_H */
