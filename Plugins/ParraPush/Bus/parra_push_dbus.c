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
#define MAXIMUM_TOKEN_BYTES 100     /* DBUS_0.3.0's connection token */
#define MAXIMUM_ENDPOINT_BYTES 1000

/* A libdbus timeout (a pending call's deadline) and when it is next due. */
typedef struct timer {
    DBusTimeout *timeout;
    int64_t due_ms;
    struct timer *next;
} timer;

/* Work queued for the bus thread. */
typedef struct request {
    enum { REQUEST_REGISTER, REQUEST_UNREGISTER, REQUEST_NOTIFY } kind;
    char *token, *description, *vapid, *choice; /* register, unregister */
    uint64_t key;                               /* notify */
    char *app_name, *summary, *body, *desktop_entry;
    uint8_t urgency;
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
    atomic_bool has_notification_server; /* owned now, or activatable */
    char *notification_owner;            /* its unique name, NULL when none (bus thread only) */
    bool notifications_activatable;      /* the bus can start one (bus thread only) */
    int body_markup;                     /* the owner's capability: -1 not known yet, else 0 or 1 */
    request *awaiting_capabilities;      /* Notify requests held until GetCapabilities answers */
    bool connected; /* false once the bus closed the connection (bus thread only) */
    char *distributor; /* the distributor in use (bus thread only) */
    int call_timeout_ms; /* how long a Register or Notify call may go unanswered */
    timer *timers;       /* libdbus's timeouts (bus thread, and open/close before/after it) */
};

/* A Register call in flight: what the reply handler needs. */
typedef struct registration {
    parra_push_bus *bus;
    char *token, *description, *vapid, *distributor;
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
    free(r->token), free(r->description), free(r->vapid), free(r->choice);
    free(r->app_name), free(r->summary), free(r->body), free(r->desktop_entry);
    free(r);
}

static void free_registration(void *data) {
    registration *r = data;
    free(r->token), free(r->description), free(r->vapid), free(r->distributor);
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

/* Bytes at `iter`: an `ay` (the spec's Array<Byte>); false for anything else. */
static bool read_bytes(DBusMessageIter *iter, const uint8_t **bytes, int *length) {
    if (dbus_message_iter_get_arg_type(iter) != DBUS_TYPE_ARRAY ||
        dbus_message_iter_get_element_type(iter) != DBUS_TYPE_BYTE)
        return false;
    DBusMessageIter array;
    dbus_message_iter_recurse(iter, &array);
    dbus_message_iter_get_fixed_array(&array, bytes, length);
    return true;
}

/* ---- the connector object ---- */

/* Whether `text` is an absolute URL: a scheme (a letter, then letters, digits, "+", "-" or
 * "."), "://", a host, and no space or control character, in at most MAXIMUM_ENDPOINT_BYTES. */
static bool is_url(const char *text) {
    size_t length = strlen(text);
    if (length > MAXIMUM_ENDPOINT_BYTES || !((text[0] | 0x20) >= 'a' && (text[0] | 0x20) <= 'z')) return false;
    size_t scheme = strspn(text, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-.");
    if (strncmp(text + scheme, "://", 3) != 0 || text[scheme + 3] == 0 || text[scheme + 3] == '/') return false;
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        if (*c <= ' ' || *c == 0x7f) return false;
    }
    return true;
}

/* Whether `endpoint` is what the spec allows, a URL; when not, why in `why`. */
static bool endpoint_allowed(const char *endpoint, char *why, size_t size) {
    if (endpoint && is_url(endpoint)) return true;
    if (endpoint) {
        snprintf(why, size, "its endpoint \"%.80s\" is not a URL", endpoint);
    } else {
        snprintf(why, size, "it has no endpoint string");
    }
    return false;
}

/* Says that a call breaking the spec was ignored, and why. */
static void ignored(parra_push_bus *bus, const char *interface, const char *member, const char *why) {
    char text[512];
    snprintf(text, sizeof text, "%s.%s ignored: %s (DBUS_0.3.0: a call that breaks the spec is ignored)", interface,
             member, why);
    bus->events.problem(bus->events.context, text);
}

/* The token's own rule; NULL when it holds, else why not. */
static const char *token_problem(const char *token) {
    if (!token) return "it has no token";
    if (!token[0]) return "its token is empty";
    if (strlen(token) > MAXIMUM_TOKEN_BYTES) return "its token is over 100 bytes";
    return NULL;
}

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
    static const char interface[] = "org.unifiedpush.Connector2";
    if (strcmp(member, "NewEndpoint") != 0 && strcmp(member, "Message") != 0 && strcmp(member, "Unregistered") != 0)
        return false;
    DBusMessageIter args;
    bool has_args = dbus_message_iter_init(message, &args);
    const char *token = has_args ? entry_string(&args, "token") : NULL;
    const char *problem = token_problem(token);
    if (problem) {
        ignored(bus, interface, member, problem);
        reply_error(bus->connection, message, "a{sv} with a \"token\" string of 1 to 100 bytes expected");
        return true;
    }
    if (strcmp(member, "NewEndpoint") == 0) {
        const char *endpoint = entry_string(&args, "endpoint");
        char why[160];
        if (!endpoint_allowed(endpoint, why, sizeof why)) {
            ignored(bus, interface, member, why);
            reply_error(bus->connection, message, "an \"endpoint\" URL expected");
            return true;
        }
        bus->events.endpoint(bus->events.context, token, endpoint);
    } else if (strcmp(member, "Message") == 0) {
        DBusMessageIter value;
        const uint8_t *bytes = NULL;
        int length = 0;
        bool is_bytes = find_entry(&args, "message", &value) && read_bytes(&value, &bytes, &length);
        if (!is_bytes || length == 0) {
            ignored(bus, interface, member, is_bytes ? "its message is empty" : "it has no message bytes (ay)");
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
    } else {
        bus->events.unregistered(bus->events.context, token);
    }
    reply_empty(bus->connection, message, true);
    return true;
}

/* Connector1: plain arguments. Unregistered's token is empty when it confirms an Unregister. */
static bool connector1(parra_push_bus *bus, DBusMessage *message, const char *member) {
    static const char interface[] = "org.unifiedpush.Connector1";
    if (strcmp(member, "NewEndpoint") != 0 && strcmp(member, "Message") != 0 && strcmp(member, "Unregistered") != 0)
        return false;
    DBusMessageIter args;
    const char *token = NULL;
    if (dbus_message_iter_init(message, &args) && dbus_message_iter_get_arg_type(&args) == DBUS_TYPE_STRING)
        dbus_message_iter_get_basic(&args, &token);
    const char *problem = strcmp(member, "Unregistered") == 0 && token && !token[0] ? NULL : token_problem(token);
    if (problem) {
        ignored(bus, interface, member, problem);
        reply_error(bus->connection, message, "a token string of 1 to 100 bytes expected first");
        return true;
    }
    dbus_message_iter_next(&args);
    if (strcmp(member, "NewEndpoint") == 0) {
        const char *endpoint = NULL;
        if (dbus_message_iter_get_arg_type(&args) == DBUS_TYPE_STRING) dbus_message_iter_get_basic(&args, &endpoint);
        char why[160];
        if (!endpoint_allowed(endpoint, why, sizeof why)) {
            ignored(bus, interface, member, why);
            reply_error(bus->connection, message, "an endpoint URL expected");
            return true;
        }
        bus->events.endpoint(bus->events.context, token, endpoint);
    } else if (strcmp(member, "Message") == 0) {
        const uint8_t *bytes = NULL;
        int length = 0;
        bool is_bytes = read_bytes(&args, &bytes, &length);
        if (!is_bytes || length == 0) {
            ignored(bus, interface, member, is_bytes ? "its message is empty" : "it has no message bytes (ay)");
            reply_error(bus->connection, message, "message bytes expected");
            return true;
        }
        bus->events.message(bus->events.context, token, bytes, (size_t)length);
    } else {
        bus->events.unregistered(bus->events.context, token);
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

/* ---- signals: distributors and the notification server coming and going, notification actions ---- */

static bool is_distributor_name(const char *name) {
    return strncmp(name, DISTRIBUTOR_PREFIX, strlen(DISTRIBUTOR_PREFIX)) == 0 && name[strlen(DISTRIBUTOR_PREFIX)];
}

/* The notification server is now `owner` (a unique name; NULL or empty for none). When it was
 * another, the ids that one gave are forgotten, and its capabilities with them. */
static void set_notification_owner(parra_push_bus *bus, const char *owner) {
    if (owner && !owner[0]) owner = NULL;
    bool same = owner && bus->notification_owner && strcmp(owner, bus->notification_owner) == 0;
    if (same) return;
    bool replaced = bus->notification_owner != NULL;
    free(bus->notification_owner);
    bus->notification_owner = owner ? strdup(owner) : NULL;
    bus->body_markup = -1;
    atomic_store(&bus->has_notification_server, bus->notification_owner || bus->notifications_activatable);
    if (replaced) bus->events.notification_server_changed(bus->events.context);
}

/* Whether `message` comes from the notification server that owns the name now. */
static bool from_notification_server(parra_push_bus *bus, DBusMessage *message) {
    const char *sender = dbus_message_get_sender(message);
    return sender && bus->notification_owner && strcmp(sender, bus->notification_owner) == 0;
}

static DBusHandlerResult filter(DBusConnection *connection, DBusMessage *message, void *data) {
    (void)connection;
    parra_push_bus *bus = data;
    if (dbus_message_is_signal(message, DBUS_INTERFACE_DBUS, "NameOwnerChanged")) {
        const char *name, *old_owner, *new_owner;
        if (!dbus_message_get_args(message, NULL, DBUS_TYPE_STRING, &name, DBUS_TYPE_STRING, &old_owner,
                                   DBUS_TYPE_STRING, &new_owner, DBUS_TYPE_INVALID))
            return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
        if (strcmp(name, NOTIFICATIONS_NAME) == 0) {
            set_notification_owner(bus, new_owner);
        } else if (is_distributor_name(name) && !new_owner[0]) {
            if (bus->distributor && strcmp(name, bus->distributor) == 0)
                bus->events.distributor_gone(bus->events.context, name);
        } else if (is_distributor_name(name) && !old_owner[0]) {
            bus->events.distributor_appeared(bus->events.context, name);
        }
    } else if (dbus_message_is_signal(message, NOTIFICATIONS_NAME, "NotificationClosed") ||
               dbus_message_is_signal(message, NOTIFICATIONS_NAME, "ActionInvoked")) {
        bool closed = dbus_message_is_signal(message, NOTIFICATIONS_NAME, "NotificationClosed");
        dbus_uint32_t id, reason;
        const char *action;
        bool read = closed ? dbus_message_get_args(message, NULL, DBUS_TYPE_UINT32, &id, DBUS_TYPE_UINT32, &reason,
                                                   DBUS_TYPE_INVALID)
                           : dbus_message_get_args(message, NULL, DBUS_TYPE_UINT32, &id, DBUS_TYPE_STRING, &action,
                                                   DBUS_TYPE_INVALID);
        const char *member = closed ? "NotificationClosed" : "ActionInvoked";
        if (!from_notification_server(bus, message)) {
            const char *sender = dbus_message_get_sender(message);
            problemf(bus, "a %s signal from %s, which does not own " NOTIFICATIONS_NAME ", was ignored", member,
                     sender ? sender : "an unknown sender");
        } else if (!read) {
            problemf(bus, "a %s signal with other arguments than the spec's was ignored", member, NULL);
        } else if (closed) {
            bus->events.closed(bus->events.context, id);
        } else {
            bus->events.action_invoked(bus->events.context, id, action);
        }
    }
    return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
}

static void add_match(parra_push_bus *bus, const char *rule) { dbus_bus_add_match(bus->connection, rule, NULL); }

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
                *again = (registration){
                    bus, copy(r->token), copy(r->description), copy(r->vapid), copy(r->distributor), true};
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
        if (r->vapid) append_string_entry(&array, "vapid", r->vapid);
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

/* The distributors on the bus, running or activatable. */
typedef struct distributors {
    char **names;
    int count;
} distributors;

/* Adds the names `method` (ListNames or ListActivatableNames) lists that are distributors. */
static void add_distributors(parra_push_bus *bus, const char *method, distributors *found) {
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
            bool known = false;
            for (int j = 0; j < found->count && !known; j++) known = strcmp(found->names[j], names[i]) == 0;
            char **grown = known || !is_distributor_name(names[i])
                               ? NULL
                               : realloc(found->names, (size_t)(found->count + 1) * sizeof *grown);
            if (!grown) continue;
            found->names = grown;
            found->names[found->count++] = strdup(names[i]);
        }
        dbus_free_string_array(names);
    }
    dbus_message_unref(reply);
}

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The distributor to use: `choice` when it is on the bus or can be started, else the first by
 * name; said through `chose_distributor`. NULL when there is none. The caller frees it. */
static char *choose_distributor(parra_push_bus *bus, const char *choice) {
    distributors found = {NULL, 0};
    add_distributors(bus, "ListNames", &found);
    add_distributors(bus, "ListActivatableNames", &found);
    if (found.count == 0) return NULL;
    qsort(found.names, (size_t)found.count, sizeof *found.names, by_name);
    int pick = 0;
    for (int i = 0; choice && i < found.count; i++) {
        if (strcmp(found.names[i], choice) == 0) pick = i;
    }
    char others[768] = "";
    for (int i = 0; i < found.count; i++) {
        size_t used = strlen(others);
        if (i != pick) snprintf(others + used, sizeof others - used, "%s%s", used ? ", " : "", found.names[i]);
    }
    char how[300];
    bool chosen = choice && strcmp(found.names[pick], choice) == 0;
    if (chosen || !choice)
        snprintf(how, sizeof how, "%s", chosen ? "the user's choice" : "the first by name");
    else
        snprintf(how, sizeof how, "the first by name (the user's choice, %.200s, is not on the bus)", choice);
    char why[1100];
    snprintf(why, sizeof why, "%s%s%s", how, others[0] ? "; also on the bus: " : "", others);
    char *name = strdup(found.names[pick]);
    for (int i = 0; i < found.count; i++) free(found.names[i]);
    free(found.names);
    if (name) bus->events.chose_distributor(bus->events.context, name, why);
    return name;
}

/* Makes `name` the distributor in use, whose leaving is reported. */
static void use_distributor(parra_push_bus *bus, const char *name) {
    if (bus->distributor && strcmp(bus->distributor, name) == 0) return;
    free(bus->distributor);
    bus->distributor = strdup(name);
}

static void start_registration(parra_push_bus *bus, request *r) {
    char *name = choose_distributor(bus, r->choice);
    if (!name) {
        failf(bus, "no UnifiedPush distributor is on the session bus (no name starts with " DISTRIBUTOR_PREFIX ")",
              NULL, NULL);
        return;
    }
    use_distributor(bus, name);
    registration *pending = calloc(1, sizeof *pending);
    if (!pending) {
        free(name);
        failf(bus, "out of memory", NULL, NULL);
        return;
    }
    *pending = (registration){bus, copy(r->token), copy(r->description), copy(r->vapid), name, false};
    send_register(bus, pending);
}

/* Unregister on `interface` (Distributor2 with a{sv}, Distributor1 with the token); the
 * distributor confirms with Unregistered, so no reply is asked for. */
static void send_unregister(parra_push_bus *bus, const char *distributor, const char *token, bool version1) {
    DBusMessage *call = dbus_message_new_method_call(
        distributor, DISTRIBUTOR_PATH, version1 ? "org.unifiedpush.Distributor1" : "org.unifiedpush.Distributor2",
        "Unregister");
    if (!call) return;
    dbus_message_set_no_reply(call, TRUE);
    DBusMessageIter iter, array;
    dbus_message_iter_init_append(call, &iter);
    if (version1) {
        dbus_message_iter_append_basic(&iter, DBUS_TYPE_STRING, &token);
    } else {
        dbus_message_iter_open_container(&iter, DBUS_TYPE_ARRAY, "{sv}", &array);
        append_string_entry(&array, "token", token);
        dbus_message_iter_close_container(&iter, &array);
    }
    if (!dbus_connection_send(bus->connection, call, NULL))
        problemf(bus, "cannot call Unregister on %s (out of memory or disconnected)", distributor, NULL);
    dbus_message_unref(call);
}

/* Sends Unregister on both interfaces: the distributor implements one of them (Distributor2,
 * or an older one's Distributor1), and an unknown method on the other is answered by nobody
 * since no reply is asked for. */
static void start_unregistration(parra_push_bus *bus, request *r) {
    char *name = bus->distributor ? strdup(bus->distributor) : choose_distributor(bus, r->choice);
    if (!name) {
        problemf(bus, "cannot unregister: no UnifiedPush distributor is on the session bus", NULL, NULL);
        return;
    }
    send_unregister(bus, name, r->token, false);
    send_unregister(bus, name, r->token, true);
    free(name);
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
    } else if (!from_notification_server(n->bus, reply)) {
        problemf(n->bus, "the notification server that answered Notify has left; its id is not kept", NULL, NULL);
    } else {
        n->bus->events.notified(n->bus->events.context, n->key, id);
    }
    if (reply) dbus_message_unref(reply);
}

/* `text` with &, < and > as entities, for a server that reads the body as markup. */
static char *escape_markup(const char *text) {
    size_t size = 1;
    for (const char *c = text; *c; c++) size += *c == '&' ? 5 : *c == '<' || *c == '>' ? 4 : 1;
    char *escaped = malloc(size), *out = escaped;
    if (!escaped) return NULL;
    for (const char *c = text; *c; c++) {
        const char *entity = *c == '&' ? "&amp;" : *c == '<' ? "&lt;" : *c == '>' ? "&gt;" : NULL;
        if (entity) {
            out = stpcpy(out, entity);
        } else {
            *out++ = *c;
        }
    }
    *out = 0;
    return escaped;
}

static void send_notify(parra_push_bus *bus, request *r) {
    DBusMessage *call = dbus_message_new_method_call(NOTIFICATIONS_NAME, NOTIFICATIONS_PATH, NOTIFICATIONS_NAME, "Notify");
    char *escaped = bus->body_markup ? escape_markup(r->body) : NULL;
    if (!call || (bus->body_markup && !escaped)) {
        problemf(bus, "cannot call Notify (out of memory)", NULL, NULL);
        if (call) dbus_message_unref(call);
        return;
    }
    const char *icon = "", *body = escaped ? escaped : r->body;
    const char *actions[] = {"default", "Open"};
    const char **actions_pointer = actions;
    dbus_uint32_t replaces = 0;
    dbus_int32_t expire = -1;
    DBusMessageIter iter, hints, entry, variant;
    const char *urgency_key = "urgency";
    bool built = dbus_message_append_args(call, DBUS_TYPE_STRING, &r->app_name, DBUS_TYPE_UINT32, &replaces,
                                          DBUS_TYPE_STRING, &icon, DBUS_TYPE_STRING, &r->summary, DBUS_TYPE_STRING,
                                          &body, DBUS_TYPE_ARRAY, DBUS_TYPE_STRING, &actions_pointer, 2,
                                          DBUS_TYPE_INVALID);
    if (built) {
        dbus_message_iter_init_append(call, &iter);
        built = dbus_message_iter_open_container(&iter, DBUS_TYPE_ARRAY, "{sv}", &hints);
        if (built && r->desktop_entry[0]) append_string_entry(&hints, "desktop-entry", r->desktop_entry);
        built = built && dbus_message_iter_open_container(&hints, DBUS_TYPE_DICT_ENTRY, NULL, &entry) &&
                dbus_message_iter_append_basic(&entry, DBUS_TYPE_STRING, &urgency_key) &&
                dbus_message_iter_open_container(&entry, DBUS_TYPE_VARIANT, "y", &variant) &&
                dbus_message_iter_append_basic(&variant, DBUS_TYPE_BYTE, &r->urgency) &&
                dbus_message_iter_close_container(&entry, &variant) &&
                dbus_message_iter_close_container(&hints, &entry) && dbus_message_iter_close_container(&iter, &hints) &&
                dbus_message_iter_append_basic(&iter, DBUS_TYPE_INT32, &expire);
    }
    free(escaped);
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

/* GetCapabilities answered (or not): whether the server reads the body as markup is known,
 * and the notifications held for it are sent. Unanswered, the body is escaped: text shows
 * right on a server that reads markup, and with its entities on one that does not. */
static void capabilities_replied(DBusPendingCall *pending, void *data) {
    parra_push_bus *bus = data;
    DBusMessage *reply = dbus_pending_call_steal_reply(pending);
    dbus_pending_call_unref(pending);
    char **capabilities = NULL;
    int count = 0;
    if (reply && dbus_message_get_type(reply) == DBUS_MESSAGE_TYPE_METHOD_RETURN &&
        dbus_message_get_args(reply, NULL, DBUS_TYPE_ARRAY, DBUS_TYPE_STRING, &capabilities, &count,
                              DBUS_TYPE_INVALID)) {
        bus->body_markup = 0;
        for (int i = 0; i < count; i++) {
            if (strcmp(capabilities[i], "body-markup") == 0) bus->body_markup = 1;
        }
        dbus_free_string_array(capabilities);
    } else {
        bus->body_markup = 1;
        problemf(bus, "the notification server did not answer GetCapabilities; bodies are escaped as markup", NULL,
                 NULL);
    }
    if (reply) dbus_message_unref(reply);
    request *held = bus->awaiting_capabilities;
    bus->awaiting_capabilities = NULL;
    while (held) {
        request *next = held->next;
        send_notify(bus, held);
        free_request(held);
        held = next;
    }
}

/* Shows `r` (and frees it), or, while the server's capabilities are not known, holds it and
 * asks for them (starting the server when it is activatable and not running). */
static void notify(parra_push_bus *bus, request *r) {
    if (bus->body_markup >= 0) {
        send_notify(bus, r);
        free_request(r);
        return;
    }
    r->next = NULL;
    request **tail = &bus->awaiting_capabilities;
    bool asked = *tail != NULL;
    while (*tail) tail = &(*tail)->next;
    *tail = r;
    if (asked) return;
    DBusMessage *call =
        dbus_message_new_method_call(NOTIFICATIONS_NAME, NOTIFICATIONS_PATH, NOTIFICATIONS_NAME, "GetCapabilities");
    DBusPendingCall *pending = NULL;
    if (!call || !dbus_connection_send_with_reply(bus->connection, call, &pending, bus->call_timeout_ms) || !pending ||
        !dbus_pending_call_set_notify(pending, capabilities_replied, bus, NULL)) {
        if (pending) dbus_pending_call_unref(pending);
        problemf(bus, "cannot call GetCapabilities (out of memory or disconnected)", NULL, NULL);
        bus->awaiting_capabilities = NULL;
        free_request(r);
    }
    if (call) dbus_message_unref(call);
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

/* Whether the bus can start a service for `name`. */
static bool is_activatable(parra_push_bus *bus, const char *name) {
    DBusMessage *call =
        dbus_message_new_method_call(DBUS_SERVICE_DBUS, DBUS_PATH_DBUS, DBUS_INTERFACE_DBUS, "ListActivatableNames");
    DBusMessage *reply = call ? dbus_connection_send_with_reply_and_block(bus->connection, call, 5000, NULL) : NULL;
    if (call) dbus_message_unref(call);
    char **names = NULL;
    int count = 0;
    bool found = false;
    if (reply &&
        dbus_message_get_args(reply, NULL, DBUS_TYPE_ARRAY, DBUS_TYPE_STRING, &names, &count, DBUS_TYPE_INVALID)) {
        for (int i = 0; i < count; i++) found = found || strcmp(names[i], name) == 0;
        dbus_free_string_array(names);
    }
    if (reply) dbus_message_unref(reply);
    return found;
}

/* Who owns org.freedesktop.Notifications now, and whether the bus can start a server: asked on
 * the bus thread once its signals are watched, so that no change is missed. */
static void find_notification_server(parra_push_bus *bus) {
    bus->notifications_activatable = is_activatable(bus, NOTIFICATIONS_NAME);
    const char *name = NOTIFICATIONS_NAME, *owner = NULL;
    DBusMessage *call = dbus_message_new_method_call(DBUS_SERVICE_DBUS, DBUS_PATH_DBUS, DBUS_INTERFACE_DBUS, "GetNameOwner");
    if (call && !dbus_message_append_args(call, DBUS_TYPE_STRING, &name, DBUS_TYPE_INVALID)) {
        dbus_message_unref(call);
        call = NULL;
    }
    DBusMessage *reply = call ? dbus_connection_send_with_reply_and_block(bus->connection, call, 5000, NULL) : NULL;
    if (call) dbus_message_unref(call);
    if (reply) dbus_message_get_args(reply, NULL, DBUS_TYPE_STRING, &owner, DBUS_TYPE_INVALID);
    set_notification_owner(bus, owner);
    if (reply) dbus_message_unref(reply);
}

static void *run(void *data) {
    parra_push_bus *bus = data;
    find_notification_server(bus);
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
            } else if (work->kind == REQUEST_UNREGISTER) {
                start_unregistration(bus, work);
            } else {
                notify(bus, work);
                work = NULL;
            }
            if (work) free_request(work);
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
    bus->body_markup = -1;
    add_match(bus, "type='signal',sender='" DBUS_SERVICE_DBUS "',interface='" DBUS_INTERFACE_DBUS
                   "',member='NameOwnerChanged',arg0='" NOTIFICATIONS_NAME "'");
    add_match(bus, "type='signal',sender='" DBUS_SERVICE_DBUS "',interface='" DBUS_INTERFACE_DBUS
                   "',member='NameOwnerChanged',arg0namespace='org.unifiedpush.Distributor'");
    add_match(bus, "type='signal',interface='" NOTIFICATIONS_NAME "',member='ActionInvoked'");
    add_match(bus, "type='signal',interface='" NOTIFICATIONS_NAME "',member='NotificationClosed'");
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

void parra_push_dbus_register(
    parra_push_bus *bus, const char *token, const char *description, const char *vapid, const char *choice) {
    request *r = calloc(1, sizeof *r);
    if (!r) return;
    r->kind = REQUEST_REGISTER;
    r->token = copy(token);
    r->description = copy(description ? description : "");
    r->vapid = copy(vapid);
    r->choice = copy(choice);
    enqueue(bus, r);
}

void parra_push_dbus_unregister(parra_push_bus *bus, const char *token, const char *choice) {
    request *r = calloc(1, sizeof *r);
    if (!r) return;
    r->kind = REQUEST_UNREGISTER;
    r->token = copy(token);
    r->choice = copy(choice);
    enqueue(bus, r);
}

bool parra_push_dbus_has_notification_server(parra_push_bus *bus) { return atomic_load(&bus->has_notification_server); }

void parra_push_dbus_notify(
    parra_push_bus *bus, uint64_t key, const char *app_name, const char *summary, const char *body,
    const char *desktop_entry, uint8_t urgency) {
    request *r = calloc(1, sizeof *r);
    if (!r) return;
    r->kind = REQUEST_NOTIFY;
    r->key = key;
    r->app_name = copy(app_name);
    r->summary = copy(summary);
    r->body = copy(body);
    r->desktop_entry = copy(desktop_entry ? desktop_entry : "");
    r->urgency = urgency;
    if (!r->app_name || !r->summary || !r->body || !r->desktop_entry) {
        free_request(r);
        return;
    }
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
    while (bus->awaiting_capabilities) {
        request *next = bus->awaiting_capabilities->next;
        free_request(bus->awaiting_capabilities);
        bus->awaiting_capabilities = next;
    }
    free(bus->service_name);
    free(bus->distributor);
    free(bus->notification_owner);
    free(bus);
}
