/* The tests' stand-in desktop on a private session bus: a UnifiedPush distributor
 * (org.unifiedpush.Distributor.parratest, Distributor2 or with --v1 only Distributor1) and a
 * notification server (org.freedesktop.Notifications), driven by lines on stdin and telling
 * what it saw in lines on stdout.
 *
 * Arguments: --distributor, --notifications (which names to own), --name NAME (the
 * distributor's name after org.unifiedpush.Distributor., parratest by default), --v1, --refuse
 * (answer Register with REGISTRATION_FAILED / ACTION_REQUIRED), --silent (never answer a method
 * call, only say it came), --markup (the notification server reads body markup), --only SERVICE
 * (register no other app: say "refused SERVICE" and answer AccessDenied), --output PATH
 * (print there, not to stdout: the bus starts it, for a test that reads a FIFO).
 * stdout: "ready"; "register SERVICE TOKEN INTERFACE", then "vapid KEY" when one came;
 * "unregister TOKEN INTERFACE" (answered with Unregistered); "notify ID SUMMARY|BODY|ACTIONS"
 * then "hints APP_NAME|DESKTOP_ENTRY|URGENCY".
 * stdin: "message TEXT" (a Message with TEXT's bytes to the registered app), "message-hex HEX"
 * (with the bytes HEX spells, an encrypted message), "deliver SERVICE TOKEN HEX" (the same to an
 * app that has not registered, which the bus may start for it), "bare-message" (a
 * Message without its message entry), "string-message TEXT" (its message a string, not bytes),
 * "empty-message", "foreign-message TEXT" (with another token), "endpoint URL" (a
 * NewEndpoint), "unregistered" (an Unregistered for the app's token), "action ID"
 * (ActionInvoked ID "default"), "forged-action ID" (the same signal from a connection that does
 * not own the notification server's name), "ping" (a Peer.Ping to the bus daemon, answered with
 * "pong" once it replied: a bus round trip, parra-bench's baseline).
 * Build: cc fake_desktop.c $(pkg-config --cflags --libs dbus-1). */
#include <dbus/dbus.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static DBusConnection *bus;
static bool v1, refuse, silent, markup;
/* With --only SERVICE, the one app it registers: another app on the bus (a sample another test
 * started while this test's bus address was in the environment) is refused and forgotten. */
static const char *only_service;
static char service[256], token[256];
static unsigned notifications;

static void say(const char *format, const char *a, const char *b, const char *c) {
    printf(format, a, b, c);
    printf("\n");
    fflush(stdout);
}

/* The variant's string value, or "" for another type. */
static const char *variant_string(DBusMessageIter *variant) {
    const char *value = "";
    if (dbus_message_iter_get_arg_type(variant) == DBUS_TYPE_STRING) dbus_message_iter_get_basic(variant, &value);
    return value;
}

static void append_entry(DBusMessageIter *array, const char *key, int type, const void *value, int length) {
    DBusMessageIter entry, variant, bytes;
    dbus_message_iter_open_container(array, DBUS_TYPE_DICT_ENTRY, NULL, &entry);
    dbus_message_iter_append_basic(&entry, DBUS_TYPE_STRING, &key);
    if (type == DBUS_TYPE_STRING) {
        dbus_message_iter_open_container(&entry, DBUS_TYPE_VARIANT, "s", &variant);
        dbus_message_iter_append_basic(&variant, DBUS_TYPE_STRING, value);
    } else {
        dbus_message_iter_open_container(&entry, DBUS_TYPE_VARIANT, "ay", &variant);
        dbus_message_iter_open_container(&variant, DBUS_TYPE_ARRAY, "y", &bytes);
        dbus_message_iter_append_fixed_array(&bytes, DBUS_TYPE_BYTE, value, length);
        dbus_message_iter_close_container(&variant, &bytes);
    }
    dbus_message_iter_close_container(&entry, &variant);
    dbus_message_iter_close_container(array, &entry);
}

static const char *entry_string(DBusMessage *message, const char *key) {
    DBusMessageIter iter, array, entry, variant;
    if (!dbus_message_iter_init(message, &iter) || dbus_message_iter_get_arg_type(&iter) != DBUS_TYPE_ARRAY) return NULL;
    dbus_message_iter_recurse(&iter, &array);
    while (dbus_message_iter_get_arg_type(&array) == DBUS_TYPE_DICT_ENTRY) {
        const char *name, *value;
        dbus_message_iter_recurse(&array, &entry);
        dbus_message_iter_get_basic(&entry, &name);
        dbus_message_iter_next(&entry);
        dbus_message_iter_recurse(&entry, &variant);
        if (strcmp(name, key) == 0 && dbus_message_iter_get_arg_type(&variant) == DBUS_TYPE_STRING) {
            dbus_message_iter_get_basic(&variant, &value);
            return value;
        }
        dbus_message_iter_next(&array);
    }
    return NULL;
}

/* Calls a connector method on the registered app; a{sv} for Connector2, plain for Connector1. */
static void to_connector(const char *member, const char *with_token, const char *endpoint, const char *text,
                         bool with_message, bool as_string) {
    DBusMessage *call = dbus_message_new_method_call(
        service, "/org/unifiedpush/Connector", v1 ? "org.unifiedpush.Connector1" : "org.unifiedpush.Connector2",
        member);
    dbus_message_set_no_reply(call, TRUE);
    DBusMessageIter iter, array;
    dbus_message_iter_init_append(call, &iter);
    if (v1) {
        dbus_message_iter_append_basic(&iter, DBUS_TYPE_STRING, &with_token);
        if (endpoint) dbus_message_iter_append_basic(&iter, DBUS_TYPE_STRING, &endpoint);
        if (text) {
            const char *id = "m1";
            int length = (int)strlen(text);
            dbus_message_iter_open_container(&iter, DBUS_TYPE_ARRAY, "y", &array);
            dbus_message_iter_append_fixed_array(&array, DBUS_TYPE_BYTE, &text, length);
            dbus_message_iter_close_container(&iter, &array);
            dbus_message_iter_append_basic(&iter, DBUS_TYPE_STRING, &id);
        }
    } else {
        dbus_message_iter_open_container(&iter, DBUS_TYPE_ARRAY, "{sv}", &array);
        append_entry(&array, "token", DBUS_TYPE_STRING, &with_token, 0);
        if (endpoint) append_entry(&array, "endpoint", DBUS_TYPE_STRING, &endpoint, 0);
        if (with_message) {
            const char *id = "m1";
            append_entry(&array, "message", as_string ? DBUS_TYPE_STRING : DBUS_TYPE_ARRAY, &text, (int)strlen(text));
            append_entry(&array, "id", DBUS_TYPE_STRING, &id, 0);
        }
        dbus_message_iter_close_container(&iter, &array);
    }
    dbus_connection_send(bus, call, NULL);
    dbus_message_unref(call);
    dbus_connection_flush(bus);
}

static DBusHandlerResult handle(DBusConnection *connection, DBusMessage *message, void *data) {
    (void)data;
    if (dbus_message_get_type(message) != DBUS_MESSAGE_TYPE_METHOD_CALL) return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
    DBusMessage *reply = NULL;
    bool endpoint_after = false;
    if (silent) {
        say("unanswered %s%s%s", dbus_message_get_member(message), "", "");
        return DBUS_HANDLER_RESULT_HANDLED;
    }
    bool registering = dbus_message_is_method_call(message, "org.unifiedpush.Distributor2", "Register") ||
                       dbus_message_is_method_call(message, "org.unifiedpush.Distributor1", "Register");
    if (registering && only_service) {
        const char *s = NULL;
        if (dbus_message_has_interface(message, "org.unifiedpush.Distributor1")) {
            dbus_message_get_args(message, NULL, DBUS_TYPE_STRING, &s, DBUS_TYPE_INVALID);
        } else {
            s = entry_string(message, "service");
        }
        if (!s || strcmp(s, only_service) != 0) {
            say("refused %s%s%s", s ? s : "", "", "");
            reply = dbus_message_new_error(message, DBUS_ERROR_ACCESS_DENIED, "this distributor serves another app");
            dbus_connection_send(connection, reply, NULL);
            dbus_message_unref(reply);
            return DBUS_HANDLER_RESULT_HANDLED;
        }
    }
    if (dbus_message_is_method_call(message, "org.unifiedpush.Distributor2", "Register") && !v1) {
        const char *s = entry_string(message, "service"), *t = entry_string(message, "token");
        const char *vapid = entry_string(message, "vapid");
        snprintf(service, sizeof service, "%s", s ? s : "");
        snprintf(token, sizeof token, "%s", t ? t : "");
        say("register %s %s %s", service, token, "Distributor2");
        if (vapid) say("vapid %s%s%s", vapid, "", "");
        reply = dbus_message_new_method_return(message);
        DBusMessageIter iter, array;
        dbus_message_iter_init_append(reply, &iter);
        dbus_message_iter_open_container(&iter, DBUS_TYPE_ARRAY, "{sv}", &array);
        const char *success = refuse ? "REGISTRATION_FAILED" : "REGISTRATION_SUCCEEDED", *reason = "ACTION_REQUIRED";
        append_entry(&array, "success", DBUS_TYPE_STRING, &success, 0);
        if (refuse) append_entry(&array, "reason", DBUS_TYPE_STRING, &reason, 0);
        dbus_message_iter_close_container(&iter, &array);
        endpoint_after = !refuse;
    } else if (dbus_message_is_method_call(message, "org.unifiedpush.Distributor1", "Register")) {
        const char *s, *t, *description;
        dbus_message_get_args(message, NULL, DBUS_TYPE_STRING, &s, DBUS_TYPE_STRING, &t, DBUS_TYPE_STRING,
                              &description, DBUS_TYPE_INVALID);
        snprintf(service, sizeof service, "%s", s);
        snprintf(token, sizeof token, "%s", t);
        say("register %s %s %s", service, token, "Distributor1");
        const char *result = refuse ? "REGISTRATION_FAILED" : "NEW_ENDPOINT", *reason = refuse ? "ACTION_REQUIRED" : "";
        reply = dbus_message_new_method_return(message);
        dbus_message_append_args(reply, DBUS_TYPE_STRING, &result, DBUS_TYPE_STRING, &reason, DBUS_TYPE_INVALID);
        endpoint_after = !refuse;
    } else if (dbus_message_is_method_call(message, "org.unifiedpush.Distributor2", "Unregister") ||
               dbus_message_is_method_call(message, "org.unifiedpush.Distributor1", "Unregister")) {
        bool first = dbus_message_is_method_call(message, "org.unifiedpush.Distributor1", "Unregister");
        if (first != v1) return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
        const char *t = NULL;
        if (v1) dbus_message_get_args(message, NULL, DBUS_TYPE_STRING, &t, DBUS_TYPE_INVALID);
        else t = entry_string(message, "token");
        say("unregister %s %s%s", t ? t : "", v1 ? "Distributor1" : "Distributor2", "");
        if (!dbus_message_get_no_reply(message)) {
            reply = dbus_message_new_method_return(message);
            dbus_connection_send(connection, reply, NULL);
            dbus_message_unref(reply);
        }
        /* To the connection that asked, which may never have registered in this run. */
        snprintf(service, sizeof service, "%s", dbus_message_get_sender(message));
        if (t) to_connector("Unregistered", t, NULL, NULL, false, false);
        return DBUS_HANDLER_RESULT_HANDLED;
    } else if (dbus_message_is_method_call(message, "org.freedesktop.Notifications", "GetCapabilities")) {
        const char *with[] = {"actions", "body", "body-markup"};
        const char **capabilities = with;
        reply = dbus_message_new_method_return(message);
        dbus_message_append_args(reply, DBUS_TYPE_ARRAY, DBUS_TYPE_STRING, &capabilities, markup ? 3 : 2,
                                 DBUS_TYPE_INVALID);
    } else if (dbus_message_is_method_call(message, "org.freedesktop.Notifications", "Notify")) {
        const char *app, *icon, *summary, *body;
        dbus_uint32_t replaces;
        char **actions;
        int count;
        dbus_message_get_args(message, NULL, DBUS_TYPE_STRING, &app, DBUS_TYPE_UINT32, &replaces, DBUS_TYPE_STRING,
                              &icon, DBUS_TYPE_STRING, &summary, DBUS_TYPE_STRING, &body, DBUS_TYPE_ARRAY,
                              DBUS_TYPE_STRING, &actions, &count, DBUS_TYPE_INVALID);
        char id[16], joined[256] = "";
        snprintf(id, sizeof id, "%u", ++notifications);
        for (int i = 0; i < count; i++) {
            strncat(joined, actions[i], sizeof joined - strlen(joined) - 2);
            if (i + 1 < count) strcat(joined, ",");
        }
        dbus_free_string_array(actions);
        char text[1024];
        snprintf(text, sizeof text, "%s|%s|%s", summary, body, joined);
        say("notify %s %s%s", id, text, "");
        DBusMessageIter iter, hints, entry, variant;
        char entry_name[256] = "";
        unsigned char urgency = 255;
        dbus_message_iter_init(message, &iter);
        for (int i = 0; i < 6; i++) dbus_message_iter_next(&iter);
        dbus_message_iter_recurse(&iter, &hints);
        while (dbus_message_iter_get_arg_type(&hints) == DBUS_TYPE_DICT_ENTRY) {
            const char *key;
            dbus_message_iter_recurse(&hints, &entry);
            dbus_message_iter_get_basic(&entry, &key);
            dbus_message_iter_next(&entry);
            dbus_message_iter_recurse(&entry, &variant);
            if (strcmp(key, "desktop-entry") == 0) snprintf(entry_name, sizeof entry_name, "%s", variant_string(&variant));
            if (strcmp(key, "urgency") == 0 && dbus_message_iter_get_arg_type(&variant) == DBUS_TYPE_BYTE)
                dbus_message_iter_get_basic(&variant, &urgency);
            dbus_message_iter_next(&hints);
        }
        char level[8];
        snprintf(level, sizeof level, "%u", urgency);
        say("hints %s|%s|%s", app, entry_name, level);
        reply = dbus_message_new_method_return(message);
        dbus_uint32_t number = notifications;
        dbus_message_append_args(reply, DBUS_TYPE_UINT32, &number, DBUS_TYPE_INVALID);
    } else {
        return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
    }
    dbus_connection_send(connection, reply, NULL);
    dbus_message_unref(reply);
    dbus_connection_flush(connection);
    if (endpoint_after) {
        char url[400];
        snprintf(url, sizeof url, "https://push.example/up/%s", token);
        to_connector("NewEndpoint", token, url, NULL, false, false);
    }
    return DBUS_HANDLER_RESULT_HANDLED;
}

/* A Message of `length` bytes (which may hold NULs), Connector2 or Connector1. */
static void to_connector_bytes(const char *with_token, const char *bytes, int length) {
    DBusMessage *call = dbus_message_new_method_call(
        service, "/org/unifiedpush/Connector", v1 ? "org.unifiedpush.Connector1" : "org.unifiedpush.Connector2",
        "Message");
    dbus_message_set_no_reply(call, TRUE);
    DBusMessageIter iter, array;
    dbus_message_iter_init_append(call, &iter);
    const char *id = "m1";
    if (v1) {
        dbus_message_iter_append_basic(&iter, DBUS_TYPE_STRING, &with_token);
        dbus_message_iter_open_container(&iter, DBUS_TYPE_ARRAY, "y", &array);
        dbus_message_iter_append_fixed_array(&array, DBUS_TYPE_BYTE, &bytes, length);
        dbus_message_iter_close_container(&iter, &array);
        dbus_message_iter_append_basic(&iter, DBUS_TYPE_STRING, &id);
    } else {
        dbus_message_iter_open_container(&iter, DBUS_TYPE_ARRAY, "{sv}", &array);
        append_entry(&array, "token", DBUS_TYPE_STRING, &with_token, 0);
        append_entry(&array, "message", DBUS_TYPE_ARRAY, &bytes, length);
        append_entry(&array, "id", DBUS_TYPE_STRING, &id, 0);
        dbus_message_iter_close_container(&iter, &array);
    }
    dbus_connection_send(bus, call, NULL);
    dbus_message_unref(call);
    dbus_connection_flush(bus);
}

static void action_invoked(DBusConnection *from, const char *id_text) {
    DBusMessage *signal =
        dbus_message_new_signal("/org/freedesktop/Notifications", "org.freedesktop.Notifications", "ActionInvoked");
    dbus_uint32_t id = (dbus_uint32_t)strtoul(id_text, NULL, 10);
    const char *action = "default";
    dbus_message_append_args(signal, DBUS_TYPE_UINT32, &id, DBUS_TYPE_STRING, &action, DBUS_TYPE_INVALID);
    dbus_connection_send(from, signal, NULL);
    dbus_message_unref(signal);
    dbus_connection_flush(from);
}

/* Turns the hex digits of `text` into the bytes they spell, in place; their count. */
static int unhex(char *text) {
    size_t length = strlen(text) / 2;
    for (size_t i = 0; i < length; i++) {
        unsigned value = 0;
        sscanf(text + 2 * i, "%2x", &value);
        text[i] = (char)value;
    }
    return (int)length;
}

static void command(char *line) {
    if (strncmp(line, "deliver ", 8) == 0) {
        /* deliver SERVICE TOKEN HEX: to an app that has not registered (yet), which the bus may
         * start for it (D-Bus activation). */
        char *hex = strchr(strchr(line + 8, ' ') + 1, ' ') + 1;
        sscanf(line + 8, "%255s %255s", service, token);
        to_connector_bytes(token, hex, unhex(hex));
    } else if (strncmp(line, "message-hex ", 12) == 0) {
        to_connector_bytes(token, line + 12, unhex(line + 12));
    } else if (strncmp(line, "message ", 8) == 0) {
        to_connector("Message", token, NULL, line + 8, true, false);
    } else if (strcmp(line, "bare-message") == 0) {
        to_connector("Message", token, NULL, NULL, false, false);
    } else if (strncmp(line, "string-message ", 15) == 0) {
        to_connector("Message", token, NULL, line + 15, true, true);
    } else if (strcmp(line, "empty-message") == 0) {
        to_connector("Message", token, NULL, "", true, false);
    } else if (strncmp(line, "foreign-message ", 16) == 0) {
        to_connector("Message", "someone-else", NULL, line + 16, true, false);
    } else if (strncmp(line, "endpoint ", 9) == 0) {
        to_connector("NewEndpoint", token, line + 9, NULL, false, false);
    } else if (strcmp(line, "unregistered") == 0) {
        to_connector("Unregistered", token, NULL, NULL, false, false);
    } else if (strncmp(line, "forged-action ", 14) == 0) {
        DBusConnection *other = dbus_bus_get_private(DBUS_BUS_SESSION, NULL);
        if (other) {
            action_invoked(other, line + 14);
            dbus_connection_close(other);
            dbus_connection_unref(other);
        }
    } else if (strcmp(line, "ping") == 0) {
        DBusMessage *ping = dbus_message_new_method_call(
            "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus.Peer", "Ping");
        DBusMessage *reply = dbus_connection_send_with_reply_and_block(bus, ping, 1000, NULL);
        dbus_message_unref(ping);
        if (reply != NULL) dbus_message_unref(reply);
        printf(reply != NULL ? "pong\n" : "ping failed\n");
        fflush(stdout);
    } else if (strncmp(line, "action ", 7) == 0) {
        action_invoked(bus, line + 7);
    }
}

int main(int argc, char **argv) {
    bool distributor = false, server = false, started_by_bus = false;
    const char *name = "parratest";
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--name") == 0 && i + 1 < argc) name = argv[++i];
        if (strcmp(argv[i], "--markup") == 0) markup = true;
        if (strcmp(argv[i], "--only") == 0 && i + 1 < argc) only_service = argv[++i];
        if (strcmp(argv[i], "--output") == 0 && i + 1 < argc) {
            if (!freopen(argv[++i], "w", stdout)) return 1;
            started_by_bus = true;
        }
        if (strcmp(argv[i], "--distributor") == 0) distributor = true;
        if (strcmp(argv[i], "--notifications") == 0) server = true;
        if (strcmp(argv[i], "--v1") == 0) v1 = true;
        if (strcmp(argv[i], "--refuse") == 0) refuse = true;
        if (strcmp(argv[i], "--silent") == 0) silent = true;
    }
    DBusError error;
    dbus_error_init(&error);
    /* Started by a bus (D-Bus activation): that bus, whatever DBUS_SESSION_BUS_ADDRESS the
     * bus daemon inherited says. */
    bus = dbus_bus_get_private(getenv("DBUS_STARTER_ADDRESS") ? DBUS_BUS_STARTER : DBUS_BUS_SESSION, &error);
    if (!bus) {
        fprintf(stderr, "fake_desktop: %s\n", error.message);
        return 1;
    }
    dbus_connection_set_exit_on_disconnect(bus, TRUE);
    static const DBusObjectPathVTable vtable = {.message_function = handle};
    if (distributor) {
        char full[300];
        snprintf(full, sizeof full, "org.unifiedpush.Distributor.%s", name);
        dbus_bus_request_name(bus, full, DBUS_NAME_FLAG_DO_NOT_QUEUE, NULL);
        dbus_connection_register_object_path(bus, "/org/unifiedpush/Distributor", &vtable, NULL);
    }
    if (server) {
        dbus_bus_request_name(bus, "org.freedesktop.Notifications", DBUS_NAME_FLAG_DO_NOT_QUEUE, NULL);
        dbus_connection_register_object_path(bus, "/org/freedesktop/Notifications", &vtable, NULL);
    }
    say("ready%s%s%s", "", "", "");
    char buffer[8192];
    size_t used = 0;
    for (;;) {
        /* Messages read while a blocking call waited (the name request at start, say) are
         * queued, not on the socket: dispatch them before sleeping on it. */
        while (dbus_connection_dispatch(bus) == DBUS_DISPATCH_DATA_REMAINS) {
        }
        int fd = -1;
        dbus_connection_get_unix_fd(bus, &fd);
        /* Started by the bus, stdin is /dev/null: the bus alone drives it, until it goes. */
        struct pollfd fds[2] = {{.fd = started_by_bus ? -1 : 0, .events = POLLIN}, {.fd = fd, .events = POLLIN}};
        poll(fds, 2, -1);
        dbus_connection_read_write(bus, 0);
        if (fds[0].revents & (POLLIN | POLLHUP)) {
            ssize_t count = read(0, buffer + used, sizeof buffer - used - 1);
            if (count <= 0) return 0;
            used += (size_t)count;
            buffer[used] = 0;
            char *newline;
            while ((newline = strchr(buffer, '\n'))) {
                *newline = 0;
                command(buffer);
                size_t rest = used - (size_t)(newline + 1 - buffer);
                memmove(buffer, newline + 1, rest);
                used = rest;
                buffer[used] = 0;
            }
        }
    }
}
