/* The parra_push_bus_* functions: each calls its parra_push_dbus_* namesake in
 * libparra-push-dbus.so, which the first parra_push_bus_open loads from the folder this code's
 * own shared object (or executable) is in. Until then neither it nor libdbus is loaded. */
#define _GNU_SOURCE
#include "parra_push_bus.h"
#include "sibling_library.h"

#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>

#define LIBRARY_NAME "libparra-push-dbus.so"

static struct {
    parra_push_bus *(*open)(const char *, const char *, const parra_push_bus_events *, int, char *, size_t);
    void (*register_token)(parra_push_bus *, const char *, const char *, const char *, const char *);
    void (*unregister_token)(parra_push_bus *, const char *, const char *);
    bool (*has_notification_server)(parra_push_bus *);
    void (*notify)(parra_push_bus *, uint64_t, const char *, const char *, const char *, const char *, uint8_t);
    void (*close)(parra_push_bus *);
    char problem[PATH_MAX + 512]; /* why loading failed; empty when it did not */
} library;

static pthread_once_t loaded = PTHREAD_ONCE_INIT;
static pthread_once_t located = PTHREAD_ONCE_INIT;
static char library_path[PATH_MAX]; /* empty when the folder cannot be found */

static void locate(void) { parra_push_sibling_path(LIBRARY_NAME, library_path, sizeof library_path); }

const char *parra_push_bus_library_path(void) {
    pthread_once(&located, locate);
    return library_path[0] ? library_path : NULL;
}

static void load(void) {
    const char *path = parra_push_bus_library_path();
    void *handle = parra_push_sibling_open(path, LIBRARY_NAME, library.problem, sizeof library.problem);
    if (!handle) return;
    library.open = (__typeof__(library.open))dlsym(handle, "parra_push_dbus_open");
    library.register_token = (__typeof__(library.register_token))dlsym(handle, "parra_push_dbus_register");
    library.unregister_token = (__typeof__(library.unregister_token))dlsym(handle, "parra_push_dbus_unregister");
    library.has_notification_server =
        (__typeof__(library.has_notification_server))dlsym(handle, "parra_push_dbus_has_notification_server");
    library.notify = (__typeof__(library.notify))dlsym(handle, "parra_push_dbus_notify");
    library.close = (__typeof__(library.close))dlsym(handle, "parra_push_dbus_close");
    if (!library.open || !library.register_token || !library.unregister_token || !library.has_notification_server ||
        !library.notify || !library.close) {
        snprintf(library.problem, sizeof library.problem, "%s lacks a parra_push_dbus_* function", path);
        library.open = NULL;
    }
}

parra_push_bus *parra_push_bus_open(
    const char *address, const char *service_name, const parra_push_bus_events *events, int call_timeout_ms,
    char *error, size_t error_size) {
    pthread_once(&loaded, load);
    if (!library.open) {
        snprintf(error, error_size, "%s", library.problem);
        return NULL;
    }
    return library.open(address, service_name, events, call_timeout_ms, error, error_size);
}

/* The others take a bus that parra_push_bus_open returned, so the library is loaded. */

void parra_push_bus_register(
    parra_push_bus *bus, const char *token, const char *description, const char *vapid, const char *choice) {
    library.register_token(bus, token, description, vapid, choice);
}

void parra_push_bus_unregister(parra_push_bus *bus, const char *token, const char *choice) {
    library.unregister_token(bus, token, choice);
}

bool parra_push_bus_has_notification_server(parra_push_bus *bus) { return library.has_notification_server(bus); }

void parra_push_bus_notify(
    parra_push_bus *bus, uint64_t key, const char *app_name, const char *summary, const char *body,
    const char *desktop_entry, uint8_t urgency) {
    library.notify(bus, key, app_name, summary, body, desktop_entry, urgency);
}

void parra_push_bus_close(parra_push_bus *bus) { library.close(bus); }
