/* libparra-push-dbus.so: ParraPush's session-bus code on libdbus-1, in a shared object of its
 * own so that the module does not load libdbus and its dependencies (about 2 ms and 1 MiB at
 * start-up) until it connects to a bus. CParraPushSupport's parra_push_bus_* functions open it
 * on first use and call these; each has the contract of its parra_push_bus_* namesake in
 * parra_push_bus.h, which declares the types. */
#ifndef PARRA_PUSH_DBUS_H
#define PARRA_PUSH_DBUS_H

#include "../../CSupport/include/parra_push_bus.h"

/** As parra_push_bus_open. */
parra_push_bus *parra_push_dbus_open(
    const char *address, const char *service_name, const parra_push_bus_events *events, int call_timeout_ms,
    char *error, size_t error_size);

/** As parra_push_bus_register. */
void parra_push_dbus_register(
    parra_push_bus *bus, const char *token, const char *description, const char *vapid, const char *choice);

/** As parra_push_bus_unregister. */
void parra_push_dbus_unregister(parra_push_bus *bus, const char *token, const char *choice);

/** As parra_push_bus_has_notification_server. */
bool parra_push_dbus_has_notification_server(parra_push_bus *bus);

/** As parra_push_bus_notify. */
void parra_push_dbus_notify(
    parra_push_bus *bus, uint64_t key, const char *app_name, const char *summary, const char *body,
    const char *desktop_entry, uint8_t urgency);

/** As parra_push_bus_close. */
void parra_push_dbus_close(parra_push_bus *bus);

#endif
