/* ParraPush's connection to the user's D-Bus session bus, on libdbus-1: the UnifiedPush
 * connector (org.unifiedpush.Connector2 and Connector1 at /org/unifiedpush/Connector, under the
 * app's own bus name), registration with a distributor (org.unifiedpush.Distributor2, else
 * Distributor1), and desktop notifications (org.freedesktop.Notifications).
 *
 * The code lives in libparra-push-dbus.so beside the module, which the first
 * parra_push_bus_open loads (with libdbus); a module that never connects never loads either.
 *
 * One thread of its own owns the connection: every D-Bus call happens there. The functions
 * below may be called from any thread; they queue work for that thread. Events come back
 * through `parra_push_bus_events`, always on the bus thread, one at a time. */
#ifndef PARRA_PUSH_BUS_H
#define PARRA_PUSH_BUS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** What happens on the bus, reported on the bus thread. Strings and bytes are borrowed for the
 *  call. Every function pointer must be set. */
typedef struct parra_push_bus_events {
    /** Handed back as each function's first argument. */
    void *context;
    /** A distributor gave the endpoint of `token` (NewEndpoint), a URL of at most 1000 bytes.
     *  Calls that break DBUS_0.3.0 (an unknown field type, a token over 100 bytes, an endpoint
     *  that is not a URL, a message that is not bytes or is empty) never reach these events:
     *  they are ignored, as the spec says, and reported through `problem`. */
    void (*endpoint)(void *context, const char *token, const char *endpoint);
    /** A distributor delivered a push message for `token` (Message). */
    void (*message)(void *context, const char *token, const uint8_t *bytes, size_t length);
    /** A distributor says `token` is no longer registered (Unregistered); `token` is empty
     *  when it confirms an Unregister without naming the token. */
    void (*unregistered)(void *context, const char *token);
    /** A registration is sent to the distributor `name`; `why` says how it was chosen and
     *  which others are on the bus. */
    void (*chose_distributor)(void *context, const char *name, const char *why);
    /** A registration request failed, or the bus closed the connection (pushes stop): why, in
     *  words. */
    void (*registration_failed)(void *context, const char *reason);
    /** The distributor in use, `name`, left the bus. */
    void (*distributor_gone)(void *context, const char *name);
    /** A distributor, `name`, came onto the bus (started, or started again). */
    void (*distributor_appeared)(void *context, const char *name);
    /** The notification server that owned org.freedesktop.Notifications left or was replaced:
     *  the ids it gave mean nothing now. */
    void (*notification_server_changed)(void *context);
    /** The notification server answered Notify for `key` with its notification `id`. */
    void (*notified)(void *context, uint64_t key, uint32_t id);
    /** The user acted on the notification `id` (ActionInvoked) with `action`. This and
     *  `closed` come only from the notification server that owns org.freedesktop.Notifications
     *  now (its unique bus name): another sender's signals are ignored. */
    void (*action_invoked)(void *context, uint32_t id, const char *action);
    /** The notification `id` was closed (NotificationClosed): no action comes for it. */
    void (*closed)(void *context, uint32_t id);
    /** Something arrived that does not follow the spec, or a call failed: why, in words. */
    void (*problem)(void *context, const char *reason);
} parra_push_bus_events;

/** An open connection and its thread. */
typedef struct parra_push_bus parra_push_bus;

/** The path of libparra-push-dbus.so that parra_push_bus_open loads: beside this code's own
 *  shared object (or executable). NULL when that folder cannot be found. The string is this
 *  code's, valid for the process. Any thread. */
const char *parra_push_bus_library_path(void);

/** Connects to the bus at `address` (a D-Bus address, e.g. DBUS_SESSION_BUS_ADDRESS's value),
 *  takes the bus name `service_name` (the app's id), serves the connector object and starts the
 *  bus thread. A Register or Notify call unanswered after `call_timeout_ms` (25 s when 0 or
 *  less) fails with that reason. NULL on failure, with the reason in `error` (`error_size`
 *  bytes, terminated). */
parra_push_bus *parra_push_bus_open(
    const char *address, const char *service_name, const parra_push_bus_events *events, int call_timeout_ms,
    char *error, size_t error_size);

/** Asks the bus thread to register `token` with a distributor: `choice` (the user's, NULL for
 *  none) when it is on the bus or can be started, else the first by name; `chose_distributor`
 *  says which. `vapid` is the app server's VAPID public key (87 base64url characters), or NULL
 *  for none. The outcome is `endpoint` or `registration_failed`. */
void parra_push_bus_register(
    parra_push_bus *bus, const char *token, const char *description, const char *vapid, const char *choice);

/** Asks the bus thread to unregister `token` from the distributor in use (else as
 *  parra_push_bus_register chooses one, with `choice`); the distributor confirms with
 *  `unregistered`. */
void parra_push_bus_unregister(parra_push_bus *bus, const char *token, const char *choice);

/** Whether a notification server owns org.freedesktop.Notifications now, or the bus can start
 *  one (the name is activatable). */
bool parra_push_bus_has_notification_server(parra_push_bus *bus);

/** Asks the bus thread to show a desktop notification with one action, "default" (opening
 *  it); `key` comes back in `notified` with the server's id. `body` is plain text: it is
 *  escaped for a server whose capabilities include body-markup. The hints carry
 *  `desktop_entry` (the app's .desktop file name without its suffix) and `urgency` (0 low,
 *  1 normal, 2 critical). */
void parra_push_bus_notify(
    parra_push_bus *bus, uint64_t key, const char *app_name, const char *summary, const char *body,
    const char *desktop_entry, uint8_t urgency);

/** Stops the bus thread, waits for it and closes the connection. No event comes after it
 *  returns. Never call it from an event. */
void parra_push_bus_close(parra_push_bus *bus);

#endif
