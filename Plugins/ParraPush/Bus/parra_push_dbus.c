#define _GNU_SOURCE
#include "parra_push_dbus.h"

#include <dbus/dbus.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <time.h>
#include <unistd.h>

#define CONNECTOR_PATH "/org/unifiedpush/Connector"
#define DISTRIBUTOR_PATH "/org/unifiedpush/Distributor"
#define DISTRIBUTOR_PREFIX "org.unifiedpush.Distributor."
#define NOTIFICATIONS_NAME "org.freedesktop.Notifications"
#define NOTIFICATIONS_PATH "/org/freedesktop/Notifications"
#define DEFAULT_CALL_TIMEOUT_MS 25000

/* A libdbus timeout (a pending call's deadline) and when it is next due. */
typedef struct timer {
    DBusTimeout *timeout;
    int64_t due_ms;
    struct timer *next;
} timer;

/* Work queued for the bus thread. */
typedef struct request {
    enum { REQUEST_REGISTER, REQUEST_NOTIFY } kind;
    char *token, *description, *distributor; /* register */
    uint64_t key;                            /* notify */
    char *app_name, *summary, *body;
    struct request *next;
} request;

struct parra_push_bus {
    DBusConnection *connection;
    parra_push_bus_events events;
    char *service_name;
    int wakeup; /* eventfd: work queued or stop asked */
    pthread_t thread;
    pthread_mutex_t lock; /* guards queue and stopping */
    request *queue;
    bool stopping;
    atomic_bool has_notification_server;
    bool connected; /* false once the bus closed the connection (bus thread only) */
    char *distributor; /* the distributor in use (bus thread only) */
    int call_timeout_ms; /* how long a Register or Notify call may go unanswered */
    timer *timers;       /* libdbus's timeouts (bus thread, and open/close before/after it) */
};

/* A Register call in flight: what the reply handler needs. */
typedef struct registration {
    parra_push_bus *bus;
    char *token, *description, *distributor;
    bool version1;
} registration;

static void problemf(parra_push_bus *bus, const char *format, const char *a, const char *b) {
    char text[512];
    snprintf(text, sizeof text, format, a ? a : "", b ? b : "");
    bus->events.problem(bus->events.context, text);
}

static void failf(parra_push_bus *bus, const char *format, const char *a, const char *b) {
    char text[512];
    snprintf(text, sizeof text, format, a ? a : "", b ? b : "");
    bus->events.registration_failed(bus->events.context, text);
}

static void free_request(request *r) {
    free(r->token), free(r->description), free(r->distributor);
    free(r->app_name), free(r->summary), free(r->body);
    free(r);
}

static void free_registration(void *data) {
    registration *r = data;
    free(r->token), free(r->description), free(r->distributor);
    free(r);
}

static char *copy(const char *text) { return text ? strdup(text) : NULL; }

static void enqueue(parra_push_bus *bus, request *r) {
    pthread_mutex_lock(&bus->lock);
    request **tail = &bus->queue;
    while (*tail) tail = &(*tail)->next;
    *tail = r;
    pthread_mutex_unlock(&bus->lock);
    uint64_t one = 1;
    (void)!write(bus->wakeup, &one, sizeof one);
}

/* ---- reading arguments ---- */

/* Appends a string entry {key: <s>} to an open a{sv} array. */
static void append_string_entry(DBusMessageIter *array, const char *key, const char *value) {
    DBusMessageIter entry, variant;
    dbus_message_iter_open_container(array, DBUS_TYPE_DICT_ENTRY, NULL, &entry);
    dbus_message_iter_append_basic(&entry, DBUS_TYPE_STRING, &key);
    dbus_message_iter_open_container(&entry, DBUS_TYPE_VARIANT, "s", &variant);
    dbus_message_iter_append_basic(&variant, DBUS_TYPE_STRING, &value);
    dbus_message_iter_close_container(&entry, &variant);
    dbus_message_iter_close_container(array, &entry);
}

/* The value of `key` in the a{sv} at `iter`, as a string or bytes: the variant's iterator in
 * `out`, true when found. */
static bool find_entry(DBusMessageIter *iter, const char *key, DBusMessageIter *out) {
    if (dbus_message_iter_get_arg_type(iter) != DBUS_TYPE_ARRAY ||
        dbus_message_iter_get_element_type(iter) != DBUS_TYPE_DICT_ENTRY)
        return false;
    DBusMessageIter array;
    dbus_message_iter_recurse(iter, &array);
    while (dbus_message_iter_get_arg_type(&array) == DBUS_TYPE_DICT_ENTRY) {
        DBusMessageIter entry;
        dbus_message_iter_recurse(&array, &entry);
        if (dbus_message_iter_get_arg_type(&entry) == DBUS_TYPE_STRING) {
            const char *name;
            dbus_message_iter_get_basic(&entry, &name);
            if (strcmp(name, key) == 0 && dbus_message_iter_next(&entry) &&
                dbus_message_iter_get_arg_type(&entry) == DBUS_TYPE_VARIANT) {
                dbus_message_iter_recurse(&entry, out);
                return true;
            }
        }
        dbus_message_iter_next(&array);
    }
    return false;
}

static const char *entry_string(DBusMessageIter *dictionary, const char *key) {
    DBusMessageIter value;
    if (!find_entry(dictionary, key, &value) || dbus_message_iter_get_arg_type(&value) != DBUS_TYPE_STRING)
        return NULL;
    const char *text;
    dbus_message_iter_get_basic(&value, &text);
    return text;
}

/* Bytes at `iter`: an `ay` or a string; false for anything else. */
static bool read_bytes(DBusMessageIter *iter, const uint8_t **bytes, int *length) {
    if (dbus_message_iter_get_arg_type(iter) == DBUS_TYPE_STRING) {
        const char *text;
        dbus_message_iter_get_basic(iter, &text);
        *bytes = (const uint8_t *)text;
        *length = (int)strlen(text);
        return true;
    }
    if (dbus_message_iter_get_arg_type(iter) != DBUS_TYPE_ARRAY ||
        dbus_message_iter_get_element_type(iter) != DBUS_TYPE_BYTE)
        return false;
    DBusMessageIter array;
    dbus_message_iter_recurse(iter, &array);
    dbus_message_iter_get_fixed_array(&array, bytes, length);
    return true;
}

/* ---- the connector object ---- */

static void reply_empty(DBusConnection *connection, DBusMessage *message, bool dictionary) {
    if (dbus_message_get_no_reply(message)) return;
    DBusMessage *reply = dbus_message_new_method_return(message);
    if (!reply) return;
    if (dictionary) {
        DBusMessageIter iter, array;
        dbus_message_iter_init_append(reply, &iter);
        dbus_message_iter_open_container(&iter, DBUS_TYPE_ARRAY, "{sv}", &array);
        dbus_message_iter_close_container(&iter, &array);
    }
    dbus_connection_send(connection, reply, NULL);
    dbus_message_unref(reply);
}

static void reply_error(DBusConnection *connection, DBusMessage *message, const char *text) {
    if (dbus_message_get_no_reply(message)) return;
    DBusMessage *reply = dbus_message_new_error(message, DBUS_ERROR_INVALID_ARGS, text);
    if (!reply) return;
    dbus_connection_send(connection, reply, NULL);
    dbus_message_unref(reply);
}

/* Connector2: each method takes a{sv}. */
static bool connector2(parra_push_bus *bus, DBusMessage *message, const char *member) {
    DBusMessageIter args;
    bool has_args = dbus_message_iter_init(message, &args);
    const char *token = has_args ? entry_string(&args, "token") : NULL;
    if (!token) {
        problemf(bus, "org.unifiedpush.Connector2.%s came without a token (a{sv} with \"token\")", member, NULL);
        reply_error(bus->connection, message, "a{sv} with a \"token\" string expected");
        return true;
    }
    if (strcmp(member, "NewEndpoint") == 0) {
        const char *endpoint = entry_string(&args, "endpoint");
        if (!endpoint) {
            problemf(bus, "org.unifiedpush.Connector2.NewEndpoint came without an endpoint", NULL, NULL);
            reply_error(bus->connection, message, "\"endpoint\" string expected");
            return true;
        }
        bus->events.endpoint(bus->events.context, token, endpoint);
    } else if (strcmp(member, "Message") == 0) {
        DBusMessageIter value;
        const uint8_t *bytes = NULL;
        int length = 0;
        if (!find_entry(&args, "message", &value) || !read_bytes(&value, &bytes, &length)) {
            problemf(bus, "org.unifiedpush.Connector2.Message came without a message (bytes or string)", NULL, NULL);
            reply_error(bus->connection, message, "\"message\" bytes expected");
            return true;
        }
        bus->events.message(bus->events.context, token, bytes, (size_t)length);
        const char *id = entry_string(&args, "id");
        if (!dbus_message_get_no_reply(message)) {
            DBusMessage *reply = dbus_message_new_method_return(message);
            if (reply) {
                DBusMessageIter iter, array;
                dbus_message_iter_init_append(reply, &iter);
                dbus_message_iter_open_container(&iter, DBUS_TYPE_ARRAY, "{sv}", &array);
                if (id) append_string_entry(&array, "id", id);
                dbus_message_iter_close_container(&iter, &array);
                dbus_connection_send(bus->connection, reply, NULL);
                dbus_message_unref(reply);
            }
        }
        return true;
    } else if (strcmp(member, "Unregistered") == 0) {
        bus->events.unregistered(bus->events.context, token);
    } else {
        return false;
    }
    reply_empty(bus->connection, message, true);
    return true;
}

/* Connector1: plain arguments. */
static bool connector1(parra_push_bus *bus, DBusMessage *message, const char *member) {
    DBusMessageIter args;
    const char *token = NULL;
    if (dbus_message_iter_init(message, &args) && dbus_message_iter_get_arg_type(&args) == DBUS_TYPE_STRING)
        dbus_message_iter_get_basic(&args, &token);
    if (!token) {
        problemf(bus, "org.unifiedpush.Connector1.%s came without a token", member, NULL);
        reply_error(bus->connection, message, "a token string expected first");
        return true;
    }
    dbus_message_iter_next(&args);
    if (strcmp(member, "NewEndpoint") == 0) {
        const char *endpoint = NULL;
        if (dbus_message_iter_get_arg_type(&args) == DBUS_TYPE_STRING) dbus_message_iter_get_basic(&args, &endpoint);
        if (!endpoint) {
            problemf(bus, "org.unifiedpush.Connector1.NewEndpoint came without an endpoint", NULL, NULL);
            reply_error(bus->connection, message, "an endpoint string expected");
            return true;
        }
        bus->events.endpoint(bus->events.context, token, endpoint);
    } else if (strcmp(member, "Message") == 0) {
        const uint8_t *bytes = NULL;
        int length = 0;
        if (!read_bytes(&args, &bytes, &length)) {
            problemf(bus, "org.unifiedpush.Connector1.Message came without message bytes", NULL, NULL);
            reply_error(bus->connection, message, "message bytes expected");
            return true;
        }
        bus->events.message(bus->events.context, token, bytes, (size_t)length);
    } else if (strcmp(member, "Unregistered") == 0) {
        bus->events.unregistered(bus->events.context, token);
    } else {
        return false;
    }
    reply_empty(bus->connection, message, false);
    return true;
}

static const char introspection[] =
    DBUS_INTROSPECT_1_0_XML_DOCTYPE_DECL_NODE
    "<node>\n"
    " <interface name=\"org.unifiedpush.Connector2\">\n"
    "  <method name=\"Message\"><arg type=\"a{sv}\" direction=\"in\"/><arg type=\"a{sv}\" direction=\"out\"/></method>\n"
    "  <method name=\"NewEndpoint\"><arg type=\"a{sv}\" direction=\"in\"/><arg type=\"a{sv}\" direction=\"out\"/></method>\n"
    "  <method name=\"Unregistered\"><arg type=\"a{sv}\" direction=\"in\"/><arg type=\"a{sv}\" direction=\"out\"/></method>\n"
    " </interface>\n"
    " <interface name=\"org.unifiedpush.Connector1\">\n"
    "  <method name=\"Message\"><arg type=\"s\" direction=\"in\"/><arg type=\"ay\" direction=\"in\"/><arg type=\"s\" direction=\"in\"/></method>\n"
    "  <method name=\"NewEndpoint\"><arg type=\"s\" direction=\"in\"/><arg type=\"s\" direction=\"in\"/></method>\n"
    "  <method name=\"Unregistered\"><arg type=\"s\" direction=\"in\"/></method>\n"
    " </interface>\n"
    "</node>\n";

static DBusHandlerResult connector_message(DBusConnection *connection, DBusMessage *message, void *data) {
    parra_push_bus *bus = data;
    if (dbus_message_get_type(message) != DBUS_MESSAGE_TYPE_METHOD_CALL) return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
    const char *interface = dbus_message_get_interface(message);
    const char *member = dbus_message_get_member(message);
    if (!member) return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
    if (interface && strcmp(interface, DBUS_INTERFACE_INTROSPECTABLE) == 0 && strcmp(member, "Introspect") == 0) {
        DBusMessage *reply = dbus_message_new_method_return(message);
        const char *xml = introspection;
        if (reply && dbus_message_append_args(reply, DBUS_TYPE_STRING, &xml, DBUS_TYPE_INVALID))
            dbus_connection_send(connection, reply, NULL);
        if (reply) dbus_message_unref(reply);
        return DBUS_HANDLER_RESULT_HANDLED;
    }
    bool handled = false;
    if (!interface || strcmp(interface, "org.unifiedpush.Connector2") == 0) {
        handled = connector2(bus, message, member);
    } else if (strcmp(interface, "org.unifiedpush.Connector1") == 0) {
        handled = connector1(bus, message, member);
    }
    return handled ? DBUS_HANDLER_RESULT_HANDLED : DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
}

/* ---- signals: the distributor leaving, notification actions ---- */

static DBusHandlerResult filter(DBusConnection *connection, DBusMessage *message, void *data) {
    (void)connection;
    parra_push_bus *bus = data;
    if (dbus_message_is_signal(message, DBUS_INTERFACE_DBUS, "NameOwnerChanged")) {
        const char *name, *old_owner, *new_owner;
        if (!dbus_message_get_args(message, NULL, DBUS_TYPE_STRING, &name, DBUS_TYPE_STRING, &old_owner,
                                   DBUS_TYPE_STRING, &new_owner, DBUS_TYPE_INVALID))
            return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
        if (strcmp(name, NOTIFICATIONS_NAME) == 0) atomic_store(&bus->has_notification_server, new_owner[0] != 0);
        if (bus->distributor && strcmp(name, bus->distributor) == 0 && new_owner[0] == 0)
            bus->events.distributor_gone(bus->events.context, name);
    } else if (dbus_message_is_signal(message, NOTIFICATIONS_NAME, "NotificationClosed")) {
        dbus_uint32_t id, reason;
        if (dbus_message_get_args(message, NULL, DBUS_TYPE_UINT32, &id, DBUS_TYPE_UINT32, &reason, DBUS_TYPE_INVALID))
            bus->events.closed(bus->events.context, id);
    } else if (dbus_message_is_signal(message, NOTIFICATIONS_NAME, "ActionInvoked")) {
        dbus_uint32_t id;
        const char *action;
        if (dbus_message_get_args(message, NULL, DBUS_TYPE_UINT32, &id, DBUS_TYPE_STRING, &action, DBUS_TYPE_INVALID))
            bus->events.action_invoked(bus->events.context, id, action);
        else
            problemf(bus, "an ActionInvoked signal without (id, action) was ignored", NULL, NULL);
    }
    return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
}

static void watch_name(parra_push_bus *bus, const char *name) {
    char rule[512];
    snprintf(rule, sizeof rule,
             "type='signal',sender='" DBUS_SERVICE_DBUS "',interface='" DBUS_INTERFACE_DBUS
             "',member='NameOwnerChanged',arg0='%s'",
             name);
    dbus_bus_add_match(bus->connection, rule, NULL);
}

/* ---- registration ---- */

static void send_register(parra_push_bus *bus, registration *r);

static void register_answered(registration *r, DBusMessage *reply);

/* The pending call owns `data` (freed with it), so it is released after the reply is read. */
static void register_replied(DBusPendingCall *pending, void *data) {
    register_answered(data, dbus_pending_call_steal_reply(pending));
    dbus_pending_call_unref(pending);
}

static void register_answered(registration *r, DBusMessage *reply) {
    parra_push_bus *bus = r->bus;
    if (!reply) {
        failf(bus, "the distributor %s did not answer Register", r->distributor, NULL);
        return;
    }
    if (dbus_message_get_type(reply) == DBUS_MESSAGE_TYPE_ERROR) {
        const char *name = dbus_message_get_error_name(reply);
        if (!r->version1 && name &&
            (strcmp(name, DBUS_ERROR_UNKNOWN_METHOD) == 0 || strcmp(name, DBUS_ERROR_UNKNOWN_INTERFACE) == 0)) {
            /* An older distributor: org.unifiedpush.Distributor1. */
            registration *again = calloc(1, sizeof *again);
            if (again) {
                *again = (registration){bus, copy(r->token), copy(r->description), copy(r->distributor), true};
                send_register(bus, again);
            }
        } else if (name && strcmp(name, DBUS_ERROR_NO_REPLY) == 0) {
            char seconds[32];
            snprintf(seconds, sizeof seconds, "%g s", bus->call_timeout_ms / 1000.0);
            failf(bus, "the distributor %s did not answer Register within %s", r->distributor, seconds);
        } else {
            const char *text = NULL;
            dbus_message_get_args(reply, NULL, DBUS_TYPE_STRING, &text, DBUS_TYPE_INVALID);
            char detail[300];
            snprintf(detail, sizeof detail, "%s%s%s", name ? name : "an error", text ? ": " : "", text ? text : "");
            failf(bus, "the distributor %s did not register the app: %s", r->distributor, detail);
        }
        dbus_message_unref(reply);
        return;
    }
    const char *result = NULL, *reason = NULL;
    DBusMessageIter iter;
    if (r->version1) {
        dbus_message_get_args(reply, NULL, DBUS_TYPE_STRING, &result, DBUS_TYPE_STRING, &reason, DBUS_TYPE_INVALID);
    } else if (dbus_message_iter_init(reply, &iter)) {
        result = entry_string(&iter, "success");
        reason = entry_string(&iter, "reason");
    }
    if (!result) {
        failf(bus, "the distributor %s answered Register without a result", r->distributor, NULL);
    } else if (strcmp(result, "REGISTRATION_SUCCEEDED") != 0 && strcmp(result, "NEW_ENDPOINT") != 0) {
        char detail[300];
        snprintf(detail, sizeof detail, "%s%s%s", result, reason && *reason ? ", " : "", reason ? reason : "");
        failf(bus, "the distributor %s refused the registration (%s)", r->distributor, detail);
    }
    /* Success: the endpoint comes in NewEndpoint (it may have come already). */
    dbus_message_unref(reply);
}

static void send_register(parra_push_bus *bus, registration *r) {
    DBusMessage *call = dbus_message_new_method_call(
        r->distributor, DISTRIBUTOR_PATH, r->version1 ? "org.unifiedpush.Distributor1" : "org.unifiedpush.Distributor2",
        "Register");
    DBusPendingCall *pending = NULL;
    bool built = call != NULL;
    if (built && r->version1) {
        built = dbus_message_append_args(call, DBUS_TYPE_STRING, &bus->service_name, DBUS_TYPE_STRING, &r->token,
                                         DBUS_TYPE_STRING, &r->description, DBUS_TYPE_INVALID);
    } else if (built) {
        DBusMessageIter iter, array;
        dbus_message_iter_init_append(call, &iter);
        dbus_message_iter_open_container(&iter, DBUS_TYPE_ARRAY, "{sv}", &array);
        append_string_entry(&array, "service", bus->service_name);
        append_string_entry(&array, "token", r->token);
        append_string_entry(&array, "description", r->description);
        dbus_message_iter_close_container(&iter, &array);
    }
    if (!built || !dbus_connection_send_with_reply(bus->connection, call, &pending, bus->call_timeout_ms) || !pending ||
        !dbus_pending_call_set_notify(pending, register_replied, r, free_registration)) {
        failf(bus, "cannot call Register on %s (out of memory or disconnected)", r->distributor, NULL);
        if (pending) dbus_pending_call_unref(pending);
        free_registration(r);
    }
    if (call) dbus_message_unref(call);
}

/* Appends the names on the bus (or those it can start) that are distributors to `best`: the
 * first by name wins. */
static void scan_names(parra_push_bus *bus, const char *method, char **best) {
    DBusMessage *call = dbus_message_new_method_call(DBUS_SERVICE_DBUS, DBUS_PATH_DBUS, DBUS_INTERFACE_DBUS, method);
    if (!call) return;
    DBusError error;
    dbus_error_init(&error);
    DBusMessage *reply = dbus_connection_send_with_reply_and_block(bus->connection, call, 5000, &error);
    dbus_message_unref(call);
    if (!reply) {
        problemf(bus, "cannot list the bus's names: %s", error.message, NULL);
        dbus_error_free(&error);
        return;
    }
    char **names = NULL;
    int count = 0;
    if (dbus_message_get_args(reply, NULL, DBUS_TYPE_ARRAY, DBUS_TYPE_STRING, &names, &count, DBUS_TYPE_INVALID)) {
        for (int i = 0; i < count; i++) {
            if (strncmp(names[i], DISTRIBUTOR_PREFIX, strlen(DISTRIBUTOR_PREFIX)) != 0) continue;
            if (!*best || strcmp(names[i], *best) < 0) {
                free(*best);
                *best = strdup(names[i]);
            }
        }
        dbus_free_string_array(names);
    }
    dbus_message_unref(reply);
}

static void start_registration(parra_push_bus *bus, request *r) {
    char *name = copy(r->distributor);
    if (!name) scan_names(bus, "ListNames", &name);
    if (!name) scan_names(bus, "ListActivatableNames", &name);
    if (!name) {
        failf(bus, "no UnifiedPush distributor is on the session bus (no name starts with " DISTRIBUTOR_PREFIX ")",
              NULL, NULL);
        return;
    }
    if (!bus->distributor || strcmp(bus->distributor, name) != 0) {
        free(bus->distributor);
        bus->distributor = strdup(name);
        watch_name(bus, name);
    }
    registration *pending = calloc(1, sizeof *pending);
    if (!pending) {
        free(name);
        failf(bus, "out of memory", NULL, NULL);
        return;
    }
    *pending = (registration){bus, copy(r->token), copy(r->description), name, false};
    send_register(bus, pending);
}

/* ---- notifications ---- */

typedef struct notification {
    parra_push_bus *bus;
    uint64_t key;
} notification;

static void notify_answered(notification *n, DBusMessage *reply);

/* As register_replied: the pending call owns `data`. */
static void notify_replied(DBusPendingCall *pending, void *data) {
    notify_answered(data, dbus_pending_call_steal_reply(pending));
    dbus_pending_call_unref(pending);
}

static void notify_answered(notification *n, DBusMessage *reply) {
    dbus_uint32_t id = 0;
    DBusError error;
    dbus_error_init(&error);
    if (!reply) {
        problemf(n->bus, "the notification server did not answer Notify", NULL, NULL);
    } else if (dbus_set_error_from_message(&error, reply)) {
        if (dbus_error_has_name(&error, DBUS_ERROR_NO_REPLY)) {
            char seconds[32];
            snprintf(seconds, sizeof seconds, "%g s", n->bus->call_timeout_ms / 1000.0);
            problemf(n->bus, "the notification server did not answer Notify within %s", seconds, NULL);
        } else {
            problemf(n->bus, "the notification server refused Notify: %s", error.message, NULL);
        }
        dbus_error_free(&error);
    } else if (!dbus_message_get_args(reply, NULL, DBUS_TYPE_UINT32, &id, DBUS_TYPE_INVALID)) {
        problemf(n->bus, "the notification server answered Notify without an id", NULL, NULL);
    } else {
        n->bus->events.notified(n->bus->events.context, n->key, id);
    }
    if (reply) dbus_message_unref(reply);
}

static void send_notify(parra_push_bus *bus, request *r) {
    DBusMessage *call = dbus_message_new_method_call(NOTIFICATIONS_NAME, NOTIFICATIONS_PATH, NOTIFICATIONS_NAME, "Notify");
    if (!call) return;
    const char *icon = "";
    const char *actions[] = {"default", "Open"};
    const char **actions_pointer = actions;
    dbus_uint32_t replaces = 0;
    dbus_int32_t expire = -1;
    DBusMessageIter iter, hints;
    bool built = dbus_message_append_args(call, DBUS_TYPE_STRING, &r->app_name, DBUS_TYPE_UINT32, &replaces,
                                          DBUS_TYPE_STRING, &icon, DBUS_TYPE_STRING, &r->summary, DBUS_TYPE_STRING,
                                          &r->body, DBUS_TYPE_ARRAY, DBUS_TYPE_STRING, &actions_pointer, 2,
                                          DBUS_TYPE_INVALID);
    if (built) {
        dbus_message_iter_init_append(call, &iter);
        built = dbus_message_iter_open_container(&iter, DBUS_TYPE_ARRAY, "{sv}", &hints) &&
                dbus_message_iter_close_container(&iter, &hints) &&
                dbus_message_iter_append_basic(&iter, DBUS_TYPE_INT32, &expire);
    }
    notification *n = built ? malloc(sizeof *n) : NULL;
    if (n) *n = (notification){bus, r->key};
    DBusPendingCall *pending = NULL;
    if (!n || !dbus_connection_send_with_reply(bus->connection, call, &pending, bus->call_timeout_ms) || !pending ||
        !dbus_pending_call_set_notify(pending, notify_replied, n, free)) {
        problemf(bus, "cannot call Notify (out of memory or disconnected)", NULL, NULL);
        if (pending) dbus_pending_call_unref(pending);
        free(n);
    }
    dbus_message_unref(call);
}

/* ---- libdbus's timeouts: a pending call whose reply never comes ends with NoReply ---- */

static int64_t now_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

static dbus_bool_t add_timeout(DBusTimeout *timeout, void *data) {
    parra_push_bus *bus = data;
    timer *t = calloc(1, sizeof *t);
    if (!t) return FALSE;
    *t = (timer){timeout, now_ms() + dbus_timeout_get_interval(timeout), bus->timers};
    bus->timers = t;
    return TRUE;
}

static void remove_timeout(DBusTimeout *timeout, void *data) {
    parra_push_bus *bus = data;
    for (timer **link = &bus->timers; *link; link = &(*link)->next) {
        if ((*link)->timeout == timeout) {
            timer *gone = *link;
            *link = gone->next;
            free(gone);
            return;
        }
    }
}

/* Enabled again: its interval counts from now. */
static void toggle_timeout(DBusTimeout *timeout, void *data) {
    parra_push_bus *bus = data;
    for (timer *t = bus->timers; t; t = t->next) {
        if (t->timeout == timeout) t->due_ms = now_ms() + dbus_timeout_get_interval(timeout);
    }
}

/* Stops libdbus calling the functions above and frees what is left: before `bus` goes. */
static void drop_timeouts(parra_push_bus *bus) {
    dbus_connection_set_timeout_functions(bus->connection, NULL, NULL, NULL, NULL, NULL);
    while (bus->timers) {
        timer *next = bus->timers->next;
        free(bus->timers);
        bus->timers = next;
    }
}

/* Milliseconds until the next enabled timeout is due (0 when one is), or -1 for none. */
static int next_timeout_ms(parra_push_bus *bus) {
    int64_t now = now_ms(), soonest = -1;
    for (timer *t = bus->timers; t; t = t->next) {
        if (!dbus_timeout_get_enabled(t->timeout)) continue;
        int64_t wait = t->due_ms > now ? t->due_ms - now : 0;
        if (soonest < 0 || wait < soonest) soonest = wait;
    }
    return soonest > INT32_MAX ? INT32_MAX : (int)soonest;
}

/* Handles every enabled timeout that is due. Handling one may add or remove others, so one is
 * handled per pass over the list. */
static void handle_due_timeouts(parra_push_bus *bus) {
    for (bool handled = true; handled;) {
        handled = false;
        int64_t now = now_ms();
        for (timer *t = bus->timers; t; t = t->next) {
            if (dbus_timeout_get_enabled(t->timeout) && t->due_ms <= now) {
                t->due_ms = now + dbus_timeout_get_interval(t->timeout);
                dbus_timeout_handle(t->timeout);
                handled = true;
                break;
            }
        }
    }
}

/* ---- the bus thread ---- */

static void *run(void *data) {
    parra_push_bus *bus = data;
    for (;;) {
        pthread_mutex_lock(&bus->lock);
        bool stopping = bus->stopping;
        request *work = bus->queue;
        bus->queue = NULL;
        pthread_mutex_unlock(&bus->lock);
        if (stopping) {
            while (work) {
                request *next = work->next;
                free_request(work);
                work = next;
            }
            break;
        }
        while (work) {
            request *next = work->next;
            if (!bus->connected) {
                if (work->kind == REQUEST_REGISTER) failf(bus, "the session bus closed the connection", NULL, NULL);
            } else if (work->kind == REQUEST_REGISTER) {
                start_registration(bus, work);
            } else {
                send_notify(bus, work);
            }
            free_request(work);
            work = next;
        }
        if (bus->connected) {
            handle_due_timeouts(bus);
            bus->connected = dbus_connection_read_write(bus->connection, 0);
            while (dbus_connection_dispatch(bus->connection) == DBUS_DISPATCH_DATA_REMAINS) {
            }
            if (!bus->connected) {
                /* Pushes stop: say so once; later requests fail with the same reason. */
                atomic_store(&bus->has_notification_server, false);
                failf(bus, "the session bus closed the connection", NULL, NULL);
            }
        }
        pthread_mutex_lock(&bus->lock);
        bool more = bus->queue != NULL || bus->stopping;
        pthread_mutex_unlock(&bus->lock);
        if (more) continue;
        int fd = -1;
        if (bus->connected) dbus_connection_get_unix_fd(bus->connection, &fd);
        struct pollfd fds[2] = {
            {.fd = bus->wakeup, .events = POLLIN},
            {.fd = fd, .events = POLLIN | (dbus_connection_has_messages_to_send(bus->connection) ? POLLOUT : 0)},
        };
        if (poll(fds, fd >= 0 ? 2 : 1, bus->connected ? next_timeout_ms(bus) : -1) > 0 && (fds[0].revents & POLLIN)) {
            uint64_t count;
            (void)!read(bus->wakeup, &count, sizeof count);
        }
    }
    return NULL;
}

parra_push_bus *parra_push_dbus_open(
    const char *address, const char *service_name, const parra_push_bus_events *events, int call_timeout_ms,
    char *error_text, size_t error_size) {
    DBusError error;
    dbus_error_init(&error);
    if (!dbus_validate_bus_name(service_name, NULL)) {
        snprintf(error_text, error_size, "\"%s\" is not a valid D-Bus name for the app", service_name);
        return NULL;
    }
    DBusConnection *connection = dbus_connection_open_private(address, &error);
    if (!connection) {
        snprintf(error_text, error_size, "cannot connect to the session bus at %s: %s", address, error.message);
        dbus_error_free(&error);
        return NULL;
    }
    dbus_connection_set_exit_on_disconnect(connection, FALSE);
    if (!dbus_bus_register(connection, &error)) {
        snprintf(error_text, error_size, "the session bus at %s refused the app: %s", address, error.message);
        goto fail;
    }
    int owned = dbus_bus_request_name(connection, service_name, DBUS_NAME_FLAG_DO_NOT_QUEUE, &error);
    if (owned != DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER && owned != DBUS_REQUEST_NAME_REPLY_ALREADY_OWNER) {
        snprintf(error_text, error_size, "cannot take the bus name %s: %s", service_name,
                 owned == -1 ? error.message : "another process owns it (is the app running twice?)");
        goto fail;
    }
    parra_push_bus *bus = calloc(1, sizeof *bus);
    if (!bus) {
        snprintf(error_text, error_size, "out of memory");
        goto fail;
    }
    bus->connection = connection;
    bus->connected = true;
    bus->call_timeout_ms = call_timeout_ms > 0 ? call_timeout_ms : DEFAULT_CALL_TIMEOUT_MS;
    bus->events = *events;
    bus->service_name = strdup(service_name);
    bus->wakeup = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    pthread_mutex_init(&bus->lock, NULL);
    static const DBusObjectPathVTable vtable = {.message_function = connector_message};
    if (bus->wakeup < 0 || !bus->service_name ||
        !dbus_connection_register_object_path(connection, CONNECTOR_PATH, &vtable, bus) ||
        !dbus_connection_add_filter(connection, filter, bus, NULL) ||
        !dbus_connection_set_timeout_functions(connection, add_timeout, remove_timeout, toggle_timeout, bus, NULL)) {
        snprintf(error_text, error_size, "cannot serve %s (out of memory)", CONNECTOR_PATH);
        goto fail_bus;
    }
    watch_name(bus, NOTIFICATIONS_NAME);
    dbus_bus_add_match(connection, "type='signal',interface='" NOTIFICATIONS_NAME "',member='ActionInvoked'", NULL);
    dbus_bus_add_match(connection, "type='signal',interface='" NOTIFICATIONS_NAME "',member='NotificationClosed'", NULL);
    atomic_store(&bus->has_notification_server, dbus_bus_name_has_owner(connection, NOTIFICATIONS_NAME, NULL));
    if (pthread_create(&bus->thread, NULL, run, bus) != 0) {
        snprintf(error_text, error_size, "cannot start the bus thread");
        goto fail_bus;
    }
    return bus;

fail_bus:
    drop_timeouts(bus);
    if (bus->wakeup >= 0) close(bus->wakeup);
    pthread_mutex_destroy(&bus->lock);
    free(bus->service_name);
    free(bus);
fail:
    dbus_error_free(&error);
    dbus_connection_close(connection);
    dbus_connection_unref(connection);
    return NULL;
}

void parra_push_dbus_register(parra_push_bus *bus, const char *token, const char *description, const char *distributor) {
    request *r = calloc(1, sizeof *r);
    if (!r) return;
    r->kind = REQUEST_REGISTER;
    r->token = copy(token);
    r->description = copy(description ? description : "");
    r->distributor = copy(distributor);
    enqueue(bus, r);
}

bool parra_push_dbus_has_notification_server(parra_push_bus *bus) { return atomic_load(&bus->has_notification_server); }

void parra_push_dbus_notify(
    parra_push_bus *bus, uint64_t key, const char *app_name, const char *summary, const char *body) {
    request *r = calloc(1, sizeof *r);
    if (!r) return;
    r->kind = REQUEST_NOTIFY;
    r->key = key;
    r->app_name = copy(app_name);
    r->summary = copy(summary);
    r->body = copy(body);
    enqueue(bus, r);
}

void parra_push_dbus_close(parra_push_bus *bus) {
    pthread_mutex_lock(&bus->lock);
    bus->stopping = true;
    pthread_mutex_unlock(&bus->lock);
    uint64_t one = 1;
    (void)!write(bus->wakeup, &one, sizeof one);
    pthread_join(bus->thread, NULL);
    dbus_connection_unregister_object_path(bus->connection, CONNECTOR_PATH);
    dbus_connection_remove_filter(bus->connection, filter, bus);
    drop_timeouts(bus);
    dbus_connection_close(bus->connection);
    dbus_connection_unref(bus->connection);
    close(bus->wakeup);
    pthread_mutex_destroy(&bus->lock);
    free(bus->service_name);
    free(bus->distributor);
    free(bus);
}
