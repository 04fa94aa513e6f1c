/*
 * parra_plugin.h: the C ABI between the Parra host and a feature module.
 *
 * A feature module is a shared object (`.so`) that the host loads with
 * dlopen(RTLD_NOW | RTLD_LOCAL). It may be written in any language that can export a C
 * function. It never links against the host's Swift module and no Swift type crosses this
 * boundary: only the integers, doubles, UTF-8 strings, opaque pointers, function pointers and
 * structs declared here.
 *
 * Conventions used throughout
 * - "main thread": the thread that started the host runtime. Lifecycle functions and hooks are
 *   called there, and functions marked [main-thread] may be called only from there; called from
 *   another thread they return PARRA_STATUS_WRONG_THREAD and do nothing.
 * - "[thread-safe]": may be called from any thread, at any time between the module's `init`
 *   and the return of its `shutdown`.
 * - Strings in declarations are NUL-terminated UTF-8 owned by the module; they must stay valid
 *   until the process exits (static storage is the usual choice). Strings passed at run time
 *   are `parra_string` (pointer + length, not necessarily NUL-terminated) or NUL-terminated
 *   where the prototype says `const char *`; their owner is stated at each function.
 * - Growth: every struct that crosses the boundary starts with `uint32_t struct_size`, which
 *   the writer sets to sizeof(the struct it was compiled with). A reader never reads past
 *   struct_size; fields appended in a later minor version are absent (treated as zero) when the
 *   other side is older. A struct smaller than its ABI 1.0 layout is refused. Arrays of
 *   declarations are stepped through by each element's struct_size.
 * - Errors: every fallible function returns a parra_status. Where it takes a `parra_error *`,
 *   the callee writes a one-line, human-readable reason there when it fails (use
 *   parra_error_set). The caller owns the parra_error and sets its struct_size; the host writes
 *   no message into one whose struct_size is smaller than sizeof(parra_error).
 * - Limits: the host refuses, with a reason, a descriptor with more than 4096 entries in an
 *   array, a declaration struct_size above 4096, or a string longer than 65536 bytes, so that a
 *   corrupt count or size is caught before it is followed.
 */
#ifndef PARRA_PLUGIN_H
#define PARRA_PLUGIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ----------------------------------------------------------------------------------------
 * Versions and the entry symbol
 * ------------------------------------------------------------------------------------- */

/** ABI major version. A module whose major differs from the host's is refused. */
#define PARRA_ABI_VERSION_MAJOR 1
/** ABI minor version. A module built for a newer minor than the host's is refused; an older
 *  minor is accepted and the fields it lacks read as zero. */
#define PARRA_ABI_VERSION_MINOR 4

/** The one symbol every module exports, whatever its file is called. */
#define PARRA_MODULE_ENTRY_SYMBOL "parra_module_entry"

/** Marks a function the module exports: the entry symbol. The prototype of parra_module_entry
 *  below carries it, so a file that includes this header exports its entry even when built with
 *  -fvisibility=hidden; a module whose entry is hidden is refused, and the host says so. */
#define PARRA_EXPORT __attribute__((visibility("default")))

/* ----------------------------------------------------------------------------------------
 * Status and errors
 * ------------------------------------------------------------------------------------- */

/** Result of every fallible call. Zero is success. */
typedef int32_t parra_status;

#define PARRA_STATUS_OK 0
/** An argument was NULL, malformed or out of range. */
#define PARRA_STATUS_INVALID_ARGUMENT 1
/** The named option, key, extension point or timer does not exist. */
#define PARRA_STATUS_NOT_FOUND 2
/** A value had another type than the one asked for or declared. */
#define PARRA_STATUS_WRONG_TYPE 3
/** The call is not allowed in the module's current lifecycle state. */
#define PARRA_STATUS_WRONG_STATE 4
/** A [main-thread] function was called from another thread. */
#define PARRA_STATUS_WRONG_THREAD 5
/** The host has no such service configured (for example no API client). */
#define PARRA_STATUS_UNSUPPORTED 6
/** Reading or writing storage failed. */
#define PARRA_STATUS_IO 7
/** A network request failed before an HTTP status was received. */
#define PARRA_STATUS_NETWORK 8
/** Any other failure; the message says what. */
#define PARRA_STATUS_FAILED 9

/** Capacity of parra_error.message, including the terminating NUL. */
#define PARRA_ERROR_MESSAGE_CAPACITY 512

/** A reason for a failure, written by the callee into caller-owned memory. */
typedef struct parra_error {
    /** Set by the caller to sizeof(parra_error). */
    uint32_t struct_size;
    /** NUL-terminated UTF-8, one line, no trailing period needed. */
    char message[PARRA_ERROR_MESSAGE_CAPACITY];
} parra_error;

/** Copies `message` into `error`, truncated to fit; NULL `error` is ignored. */
static inline void parra_error_set(parra_error *error, const char *message) {
    if (error == NULL || message == NULL) {
        return;
    }
    size_t length = strlen(message);
    if (length >= PARRA_ERROR_MESSAGE_CAPACITY) {
        length = PARRA_ERROR_MESSAGE_CAPACITY - 1;
    }
    memcpy(error->message, message, length);
    error->message[length] = '\0';
}

/* ----------------------------------------------------------------------------------------
 * Basic values
 * ------------------------------------------------------------------------------------- */

/** UTF-8 text with an explicit length; `data` need not be NUL-terminated. */
typedef struct parra_string {
    const char *data;
    size_t length;
} parra_string;

/** Log levels, in Parra's order: trace < debug < info < warn < error < fatal. */
typedef int32_t parra_log_level;
#define PARRA_LOG_LEVEL_TRACE 0
#define PARRA_LOG_LEVEL_DEBUG 1
#define PARRA_LOG_LEVEL_INFO 2
#define PARRA_LOG_LEVEL_WARN 3
#define PARRA_LOG_LEVEL_ERROR 4
#define PARRA_LOG_LEVEL_FATAL 5
/** (1.1) Not a record's level: a log threshold that lets nothing through. */
#define PARRA_LOG_LEVEL_OFF 6

/** The type of an option value. */
typedef int32_t parra_option_type;
#define PARRA_OPTION_TYPE_BOOL 1
#define PARRA_OPTION_TYPE_INTEGER 2
#define PARRA_OPTION_TYPE_DOUBLE 3
#define PARRA_OPTION_TYPE_STRING 4
/** A JSON array. */
#define PARRA_OPTION_TYPE_LIST 5
/** A JSON object. */
#define PARRA_OPTION_TYPE_OBJECT 6

/**
 * An option's current value, filled in by the host.
 * Exactly one of the payload fields is meaningful, chosen by `type`: `boolean`, `integer`,
 * `number` (DOUBLE), or `string` (STRING: the text; LIST and OBJECT: compact JSON text).
 * `string.data` is owned by the host and stays valid until the option's value next changes
 * (which happens only on the main thread, before the change callbacks run); copy it to keep it.
 */
typedef struct parra_value {
    uint32_t struct_size;
    parra_option_type type;
    bool boolean;
    int64_t integer;
    double number;
    parra_string string;
} parra_value;

/* ----------------------------------------------------------------------------------------
 * Declarations a module makes in its descriptor
 * ------------------------------------------------------------------------------------- */

/**
 * An option key the module owns. The host builds one option store from every loaded module's
 * declarations and the app's layers (module default < JSON config file < ParraConfiguration in
 * code < environment), checking each value against `type`, then `allowed_values`, then (1.3)
 * `schema_json`. A value that fails is refused at its layer with a one-line reason naming the
 * key path and the rule, and the key keeps its lower layers; the module only ever reads values
 * that passed. The same check runs in `parra config validate` and at run time, so both print
 * the same words. Read by the host on the main thread when it reads the descriptor (no module
 * code runs for it); owned by the module, like the descriptor.
 */
typedef struct parra_option_decl {
    uint32_t struct_size;
    /** Dotted key, `[A-Za-z0-9_]` segments joined by `.`, e.g. "chat.historyLimit". Its
     *  first segment names the feature ("chat"). Owned by one module only. */
    const char *key;
    parra_option_type type;
    /** The default as JSON text of `type`, e.g. "\"info\"", "true", "[]". Required. */
    const char *default_json;
    /** One line of documentation, shown by `parra config schema`. */
    const char *doc;
    /** NULL, or an environment variable that overrides every other layer, e.g.
     *  "CHAT_HISTORY_LIMIT". Its text is read as the type: a string as is, a bool as
     *  true/false/1/0/yes/no, numbers in decimal, lists and objects as JSON. */
    const char *environment_variable;
    /** NULL, or a NULL-terminated list of the only values a STRING option accepts. A value is
     *  matched after trimming whitespace and ignoring case, and the option then holds the
     *  spelling declared here ("  Debug " becomes "debug"). */
    const char *const *allowed_values;

    /* Added in ABI 1.3: read only when struct_size covers it. */

    /** NULL, or the rules a value must follow beyond its type, as JSON text in the subset of
     *  JSON Schema (draft 2020-12 words) described under "Option schemas" below, e.g.
     *  "{\"minimum\":0,\"maximum\":10}". A schema the host cannot read, or that the option's own
     *  default breaks, refuses the module at load with a reason naming the key and the rule.
     *  Declare here every value `configure` would reject, so that `parra config validate`
     *  catches it without running the module. */
    const char *schema_json;
} parra_option_decl;

/** The size of parra_option_decl in ABI 1.0 to 1.2: the least struct_size the host accepts. */
#define PARRA_OPTION_DECL_SIZE_1_0 offsetof(parra_option_decl, schema_json)

/*
 * Option schemas (ABI 1.3)
 *
 * `schema_json` is a JSON object, a schema, made of these JSON Schema keywords and no others
 * (an unknown keyword refuses the module, so a typo cannot switch a rule off). Each applies to
 * the value it describes; nested values get nested schemas through `items`, `properties`,
 * `oneOf`, `anyOf` and `then`. The top-level value is checked after `type` and
 * `allowed_values`, with an INTEGER given to a DOUBLE option already a double.
 *
 *   type                 "boolean", "integer", "number", "string", "array" or "object". At the
 *                        top level it must agree with the option's type. "integer" accepts a
 *                        number without a fraction; "number" accepts any number.
 *   enum                 a non-empty array of values; the value must equal one (exactly: no
 *                        trimming or case folding, unlike allowed_values).
 *   const                one value the value must equal.
 *   minimum, maximum     numbers; a number must be >= minimum and <= maximum.
 *   exclusiveMinimum,
 *   exclusiveMaximum     numbers; a number must be > exclusiveMinimum and < exclusiveMaximum.
 *   minLength, maxLength non-negative integers; a string's length in Unicode scalars.
 *   pattern              a regular expression (Swift Regex syntax, which takes ICU's and PCRE's
 *                        common forms, matched scalar by scalar) that must match somewhere in a
 *                        string: anchor it with ^...$ for a whole match ($ is the very end, not
 *                        before a final line break). A schema with lookbehind, \K, branch reset or
 *                        relative back-references is refused when it is read.
 *   items                a schema every element of an array must follow.
 *   properties           an object of schemas, one per member name, for the members present.
 *   required             an array of member names an object must have.
 *   additionalProperties true (the default) or false: with false, an object may have only the
 *                        members `properties` names.
 *   oneOf + discriminator
 *                        a tagged union: `"discriminator": {"propertyName": "kind"}` and `oneOf`, an
 *                        array of schemas, each with `properties.kind.const` a distinct string. The
 *                        object must have a string `kind` naming one branch, and must follow that
 *                        branch. oneOf without a discriminator is refused.
 *   anyOf                a non-empty array of schemas; the value must follow at least one.
 *   if + then            schemas; when the value follows `if` (checked silently) it must follow
 *                        `then`. One without the other is refused; `else` is not supported.
 *   description          text for people; not checked.
 *
 * Keywords that do not apply to a value's JSON type are ignored for it (`minimum` on a string),
 * as in JSON Schema; `type` is what refuses a value of another type. A value that breaks the
 * schema is refused with the first rule it breaks, in the order listed above, e.g.
 *   logger.consoleFormatOptions[2].kind: "zzz" is not one of "message", "timestamp", ...
 *   launchScreen.fadeDuration: -3.0 is less than the minimum 0
 * The host reads every schema once, when it reads the descriptor.
 */

/** Any function pointer; a hook's real type is given by its signature string. */
typedef void (*parra_function)(void);

/**
 * A function the module wants called at an override point or at another module's extension
 * point. Hooks run on the main thread, in ascending `order`, ties broken by module id and then
 * by position in the module's hook array.
 */
typedef struct parra_hook_decl {
    uint32_t struct_size;
    /** A canonical point (PARRA_POINT_*) or an extension point offered by a loaded module. */
    const char *point_id;
    /** The C signature of `function` in the grammar below; must equal the point's. */
    const char *signature;
    /** Called with the module's data pointer (from init) first, then the point's arguments. */
    parra_function function;
    /** Lower runs earlier. Zero is the usual choice. */
    int32_t order;
} parra_hook_decl;

/**
 * How the results of several hooks at one point become one result.
 * NONE: void points. ALL: bool, true only if every hook returned true (true with no hooks).
 * ANY: bool, true if any hook returned true (false with no hooks). UNION: an integer type,
 * the bitwise OR of every hook's result (0 with no hooks). Every hook is always called.
 */
typedef int32_t parra_combine_rule;
#define PARRA_COMBINE_NONE 0
#define PARRA_COMBINE_ALL 1
#define PARRA_COMBINE_ANY 2
#define PARRA_COMBINE_UNION 3

/**
 * A point the module offers for other modules to hook, and emits with parra_host.emit.
 * Typed only by its signature string, so the host calls its hooks through libffi.
 */
typedef struct parra_extension_point_decl {
    uint32_t struct_size;
    /** Must start with the offering module's id and a dot, e.g.
     *  "com.parra.launchScreen.didComplete", and be offered by no other loaded module. */
    const char *point_id;
    /** Signature of the hooks, first argument `ptr` (the hooking module's data). */
    const char *signature;
    /** Must fit the signature's return type (NONE for void, ALL/ANY for bool,
     *  UNION for an integer type). */
    parra_combine_rule combine;
    /** One line of documentation. */
    const char *doc;
} parra_extension_point_decl;

/* ----------------------------------------------------------------------------------------
 * Signatures
 *
 * Grammar: RETURN "(" ARG ("," ARG)* ")", spaces ignored, where each type is one of
 *   void (return only), bool (C bool), i32, u32, i64, u64, f64, ptr (void *),
 *   str (const char *, NUL-terminated UTF-8, owned by the caller for the duration of the call).
 * The first argument of every hook is `ptr`: the module data the module's init returned.
 * ------------------------------------------------------------------------------------- */

/* ----------------------------------------------------------------------------------------
 * Canonical override points. Each names the point id, its signature, the C type of a hook,
 * and how results combine. JSON arguments are owned by the host for the duration of the call.
 * ------------------------------------------------------------------------------------- */

/** The app finished launching. `launch_options_json` is a JSON object. Combine: ALL; a
 *  false result makes the app delegate's didFinishLaunching return false. */
#define PARRA_POINT_APPLICATION_DID_FINISH_LAUNCHING "application.didFinishLaunching"
#define PARRA_SIGNATURE_APPLICATION_DID_FINISH_LAUNCHING "bool(ptr,str)"
typedef bool (*parra_application_did_finish_launching_fn)(
    void *module_data, const char *launch_options_json);

/** The app was asked to open `url`. Combine: ANY (true: some module handled it). */
#define PARRA_POINT_APPLICATION_OPEN_URL "application.openURL"
#define PARRA_SIGNATURE_APPLICATION_OPEN_URL "bool(ptr,str,str)"
typedef bool (*parra_application_open_url_fn)(
    void *module_data, const char *url, const char *options_json);

/** A push token arrived: `token` points at `length` raw bytes. Combine: NONE. */
#define PARRA_POINT_APPLICATION_DID_REGISTER_FOR_REMOTE_NOTIFICATIONS \
    "application.didRegisterForRemoteNotifications"
#define PARRA_SIGNATURE_APPLICATION_DID_REGISTER_FOR_REMOTE_NOTIFICATIONS "void(ptr,ptr,u64)"
typedef void (*parra_application_did_register_for_remote_notifications_fn)(
    void *module_data, const void *token, uint64_t length);

/** Registering for push failed; `error_message` says why. Combine: NONE. */
#define PARRA_POINT_APPLICATION_DID_FAIL_TO_REGISTER_FOR_REMOTE_NOTIFICATIONS \
    "application.didFailToRegisterForRemoteNotifications"
#define PARRA_SIGNATURE_APPLICATION_DID_FAIL_TO_REGISTER_FOR_REMOTE_NOTIFICATIONS "void(ptr,str)"
typedef void (*parra_application_did_fail_to_register_for_remote_notifications_fn)(
    void *module_data, const char *error_message);

/** Presentation options for a notification arriving in the foreground. */
#define PARRA_NOTIFICATION_PRESENTATION_BADGE 1u
#define PARRA_NOTIFICATION_PRESENTATION_SOUND 2u
#define PARRA_NOTIFICATION_PRESENTATION_ALERT 4u
#define PARRA_NOTIFICATION_PRESENTATION_LIST 8u

/** A notification will be presented in the foreground; `notification_json` is its payload.
 *  Returns PARRA_NOTIFICATION_PRESENTATION_* bits. Combine: UNION. */
#define PARRA_POINT_APPLICATION_WILL_PRESENT_NOTIFICATION "application.willPresentNotification"
#define PARRA_SIGNATURE_APPLICATION_WILL_PRESENT_NOTIFICATION "u32(ptr,str)"
typedef uint32_t (*parra_application_will_present_notification_fn)(
    void *module_data, const char *notification_json);

/** The user acted on a notification; `response_json` holds the action and payload.
 *  Combine: NONE. */
#define PARRA_POINT_APPLICATION_DID_RECEIVE_NOTIFICATION_RESPONSE \
    "application.didReceiveNotificationResponse"
#define PARRA_SIGNATURE_APPLICATION_DID_RECEIVE_NOTIFICATION_RESPONSE "void(ptr,str)"
typedef void (*parra_application_did_receive_notification_response_fn)(
    void *module_data, const char *response_json);

/** The app is about to exit (normal end, SIGTERM or SIGINT). Combine: NONE. */
#define PARRA_POINT_APPLICATION_WILL_TERMINATE "application.willTerminate"
#define PARRA_SIGNATURE_APPLICATION_WILL_TERMINATE "void(ptr)"
typedef void (*parra_application_will_terminate_fn)(void *module_data);

/** The app moved to the background (the process was suspended). Combine: NONE. */
#define PARRA_POINT_APPLICATION_DID_ENTER_BACKGROUND "application.didEnterBackground"
#define PARRA_SIGNATURE_APPLICATION_DID_ENTER_BACKGROUND "void(ptr)"
typedef void (*parra_application_did_enter_background_fn)(void *module_data);

/** The app is returning to the foreground (the process was resumed). Combine: NONE. */
#define PARRA_POINT_APPLICATION_WILL_ENTER_FOREGROUND "application.willEnterForeground"
#define PARRA_SIGNATURE_APPLICATION_WILL_ENTER_FOREGROUND "void(ptr)"
typedef void (*parra_application_will_enter_foreground_fn)(void *module_data);

/** A scene is being configured before it connects: `scene_id` is its window group id (or the
 *  generated one), `role` its session role. Combine: NONE. */
#define PARRA_POINT_APPLICATION_CONFIGURATION_FOR_CONNECTING \
    "application.configurationForConnecting"
#define PARRA_SIGNATURE_APPLICATION_CONFIGURATION_FOR_CONNECTING "void(ptr,str,str)"
typedef void (*parra_application_configuration_for_connecting_fn)(
    void *module_data, const char *scene_id, const char *role);

/** A scene (window) will connect; `options_json` is a JSON object. Combine: NONE. */
#define PARRA_POINT_SCENE_WILL_CONNECT "scene.willConnect"
#define PARRA_SIGNATURE_SCENE_WILL_CONNECT "void(ptr,str,str)"
typedef void (*parra_scene_will_connect_fn)(
    void *module_data, const char *scene_id, const char *options_json);

/** Scene state changes; each takes the scene id. Combine: NONE. */
#define PARRA_POINT_SCENE_DID_DISCONNECT "scene.didDisconnect"
#define PARRA_POINT_SCENE_DID_BECOME_ACTIVE "scene.didBecomeActive"
#define PARRA_POINT_SCENE_WILL_RESIGN_ACTIVE "scene.willResignActive"
#define PARRA_POINT_SCENE_WILL_ENTER_FOREGROUND "scene.willEnterForeground"
#define PARRA_POINT_SCENE_DID_ENTER_BACKGROUND "scene.didEnterBackground"
#define PARRA_SIGNATURE_SCENE_STATE "void(ptr,str)"
typedef void (*parra_scene_state_fn)(void *module_data, const char *scene_id);

/** A scene was asked to open URLs; `urls_json` is a JSON array of strings. Combine: NONE. */
#define PARRA_POINT_SCENE_OPEN_URL_CONTEXTS "scene.openURLContexts"
#define PARRA_SIGNATURE_SCENE_OPEN_URL_CONTEXTS "void(ptr,str,str)"
typedef void (*parra_scene_open_url_contexts_fn)(
    void *module_data, const char *scene_id, const char *urls_json);

/* ----------------------------------------------------------------------------------------
 * App log records (ABI 1.1)
 *
 * The app logs through `ParraLogger` in the host. The host checks each call against the lowest
 * threshold any log sink asked for (parra_host.set_log_threshold) before it builds anything, so
 * a filtered call never reaches a module. A record that passes is handed, on the thread that
 * logged, to the `log_sink` of every active module whose threshold it meets, in load order.
 * Records logged before any sink is active are kept by the host (the last 100) and handed to
 * each sink, on the main thread, once every module has been activated. With no module taking
 * records, the host prints them to stderr itself.
 * ------------------------------------------------------------------------------------- */

/**
 * One app log record. Every string is owned by the host and valid only during the log_sink
 * call; copy what you keep. Strings are UTF-8 and not NUL-terminated; absent ones are {NULL, 0}.
 */
typedef struct parra_log_record {
    uint32_t struct_size;
    /** PARRA_LOG_LEVEL_TRACE to PARRA_LOG_LEVEL_FATAL. */
    parra_log_level level;
    /** When the log was made: seconds since the Unix epoch, from the host's wall clock. */
    double timestamp;
    /** The message as the app wrote it (for a log of an Error alone: the error's description). */
    parra_string message;
    /** The extra values as one compact JSON object with sorted keys (the logger's own extra
     *  merged with the call's, the call winning), or absent. An Error logged with a message is
     *  under the key "$error" as {"description": ..., "type": ...}. */
    parra_string extra_json;
    /** Swift's #fileID of the call site: "Module/File.swift". */
    parra_string file_id;
    /** Swift's #function of the call site, e.g. "body" or "load(from:)". */
    parra_string function;
    /** Line and column of the call site, from 1. */
    uint32_t line;
    uint32_t column;
    /** The logger's category followed by its scope names, joined by "/", or absent. */
    parra_string category;
    /** The name of the thread or queue that logged, or absent: then the record is being
     *  delivered on the thread that logged and the sink may ask that thread itself. */
    parra_string thread_name;
    /** For error and fatal records: the call stack at the log call, one frame per line.
     *  Absent for the other levels. */
    parra_string call_stack;
} parra_log_record;

/**
 * Receives one app log record. Called by the host on the thread that logged (records held
 * from before activation: on the main thread, with thread_name set), so possibly on several
 * threads at once; the module does its own locking. Calls come from the end of the activation
 * of all modules until the module's deactivate begins; before calling deactivate the host stops
 * making calls and waits (up to ten seconds) for calls in progress, and flushes, to return. If
 * some still run then, deactivate is called anyway (it may overlap them) but shutdown is not,
 * so no call runs on freed module state. `record` and
 * everything it points to are owned by the host and valid only during the call. Runs on the
 * app's logging path: keep it short and do not block on I/O that can stall. The host's `log`
 * service may be used from here (it writes host diagnostics, never app log records, so it
 * does not come back to the sink).
 */
typedef void (*parra_log_sink_fn)(void *module_data, const parra_log_record *record);

/**
 * Makes every record handed to the module's log_sink so far durable or written (whatever the
 * module does with records), then returns. Called by the host on the thread that called
 * `ParraLogger.flush()`, any thread, while the module's sink is attached; may run alongside
 * log_sink calls. May block; should not block for more than a few seconds. Like log_sink
 * calls, a flush in progress is waited for before the module is deactivated.
 */
typedef void (*parra_log_flush_fn)(void *module_data);

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

/* ----------------------------------------------------------------------------------------
 * Commands (ABI 1.2): calls the app, or another module, makes into a module
 *
 * Hooks carry the app's lifecycle to modules; commands carry the app's calls to one module
 * (What's New's "fetch the latest release", push's "request permission"). A module declares
 * each command in its descriptor; the host prepares one libffi call descriptor per command
 * and calls it for the app (`Parra` in Swift) and for other modules (parra_host.call_command).
 *
 * A command is one of two kinds:
 * - Immediate (`completes_later` false): its result is the function's return value, of any
 *   type of the grammar; it may not take the trailing completion.
 * - Completing later (`completes_later` true): the signature is `void(ptr, ..., ptr)`; the
 *   host passes a parra_command_completion as the last argument, and the module calls its
 *   `complete` exactly once, from any thread, now or later, with a JSON result or an error.
 *
 * Threads: PARRA_COMMAND_THREAD_MAIN commands are called only on the main thread. The host
 * calls an immediate one only when the caller is on the main thread (otherwise the call is
 * WRONG_THREAD), and moves a call of a completing-later one made on another thread to the main
 * thread. PARRA_COMMAND_THREAD_ANY commands are called on the caller's thread, possibly on
 * several threads at once; the module does its own locking.
 *
 * Commands are called from the end of the activation of all modules until the host begins to
 * stop them; before the first deactivate the host waits (up to ten seconds) for calls in
 * progress to return, and a module that still has one then is deactivated but not shut down.
 * A completion the module has not answered by the end of its deactivate is answered by the
 * host with PARRA_STATUS_WRONG_STATE ("the module stopped").
 * ------------------------------------------------------------------------------------- */

/** Which thread a command runs on. */
typedef int32_t parra_command_thread;
/** The main thread only. */
#define PARRA_COMMAND_THREAD_MAIN 0
/** The caller's thread, any thread. */
#define PARRA_COMMAND_THREAD_ANY 1

typedef struct parra_command_completion parra_command_completion;

/**
 * The answer channel of a command that completes later, made by the host for one call and
 * passed as the command's last argument. Owned by the host, which frees it when the module's
 * `complete` returns: call `complete` exactly once and do not touch the struct after. If the
 * module has not answered by the end of its deactivate, the host answers for it and keeps the
 * struct until the module's shutdown returns, so an answer during deactivate is still safe
 * (and ignored). The module must not write to it.
 */
struct parra_command_completion {
    uint32_t struct_size;
    /** The id of the command being answered, NUL-terminated, owned by the host. Lets one
     *  function serve several commands. */
    const char *command_id;
    /** [thread-safe] Answers the call, exactly once: `status` PARRA_STATUS_OK with
     *  `result_json` (any JSON value: an object, `true`, `null`, ...), or another status with
     *  `error_message` saying why (one line; the app sees it as the error's description). Both
     *  strings are the caller's and may be freed when it returns. OK with a result that is
     *  not JSON reaches the caller as PARRA_STATUS_FAILED, saying so. */
    void (*complete)(
        const parra_command_completion *completion, parra_status status, parra_string result_json,
        parra_string error_message);
    /** Host-private. */
    void *host_data;
};

/** A command the module offers. */
typedef struct parra_command_decl {
    uint32_t struct_size;
    /** The module's id, a dot, and a name of `[A-Za-z0-9_]`, e.g.
     *  "com.parra.whatsNew.fetchLatestRelease". Unique among loaded modules. */
    const char *command_id;
    /** The C signature of `function` in the grammar below; the first argument is `ptr` (the
     *  module data). A command that completes later returns void and takes one more `ptr`
     *  last: the parra_command_completion. */
    const char *signature;
    /** One line of documentation, shown by `parra plugins inspect`. Required. */
    const char *doc;
    /** PARRA_COMMAND_THREAD_MAIN or PARRA_COMMAND_THREAD_ANY. */
    parra_command_thread thread;
    /** Whether the result comes later through the completion (see above). */
    bool completes_later;
    /** The function, called through libffi with `signature`. */
    parra_function function;
} parra_command_decl;

/**
 * The answer to a command another module called with parra_host.call_command, for a command
 * that completes later. Called exactly once, on the main thread, never from inside
 * call_command. `result_json` and `error_message` are owned by the host and valid only during
 * the call; `error_message` is {NULL, 0} when `status` is OK. Not called once the calling
 * module has shut down.
 */
typedef void (*parra_command_done_fn)(
    void *user_data, parra_status status, parra_string result_json, parra_string error_message);

/* ----------------------------------------------------------------------------------------
 * Host extensions (ABI 1.2)
 *
 * The core parra_host table holds the runtime's services. A service that belongs to a
 * feature is an extension: a struct of functions the host hands out by a versioned string id
 * (as CLAP's `host->get_extension(host, CLAP_EXT_LOG)`), so a new feature never changes the
 * core table. An id names its version ("parra.launch/1"); a later, incompatible version gets a
 * new id and the old one stays. Each extension struct starts with struct_size and grows only by
 * appending, like every struct here.
 * ------------------------------------------------------------------------------------- */

/** The app's launch: the services a module that drives the launch uses (see "The app's
 *  launch" above). Offered only during an app run; get_extension returns NULL otherwise. */
#define PARRA_EXT_LAUNCH "parra.launch/1"

/** Presentations with actions the user takes by key, and the session's wait for what a module
 *  is about to show. Offered by every host (see parra_presentation_extension). */
#define PARRA_EXT_PRESENTATION "parra.presentation/1"

/** (1.4) The app delegate's notification and URL paths a module drives (a push token, a
 *  notification arriving, the user's response, a URL to open) and the changes of who uses the
 *  app. Offered only during an app run (see parra_app_events_extension). */
#define PARRA_EXT_APP_EVENTS "parra.appEvents/1"

/* ----------------------------------------------------------------------------------------
 * Host services
 * ------------------------------------------------------------------------------------- */

typedef struct parra_host parra_host;

/** Called on the main thread after an observed option changed; read it with get_option. */
typedef void (*parra_option_changed_fn)(void *user_data, const char *key);

/** Receives stored bytes; `bytes` is owned by the host and valid only during the call. */
typedef void (*parra_bytes_fn)(void *user_data, const void *bytes, size_t length);

/** Called on the main thread when a timer fires. */
typedef void (*parra_timer_fn)(void *user_data, uint64_t timer_id);

/** A request to the Parra API. All memory is the caller's and may be freed when
 *  api_request returns. Every struct a module passes in (this, parra_presentation, the
 *  parra_value it asks the host to fill) must have struct_size at least its 1.0 size, or the
 *  call is INVALID_ARGUMENT. */
typedef struct parra_api_request {
    uint32_t struct_size;
    /** "GET", "POST", "PUT", "PATCH" or "DELETE". */
    const char *method;
    /** Relative to the API base URL, e.g. "tenants/abc/sessions"; may carry a query. (1.1) The
     *  host replaces "{tenantId}" and "{applicationId}" with the running app's identity, so a
     *  module can write "tenants/{tenantId}/sessions"; with no app identity the call fails with
     *  UNSUPPORTED. */
    const char *path;
    /** JSON body, or {NULL, 0} for none. */
    parra_string body;
    /** Seconds; 0 means the host's default. */
    double timeout_seconds;
} parra_api_request;

/**
 * Completion of an API request, called exactly once, on a host worker thread (never the main
 * thread), after every retry the host makes. `status` is PARRA_STATUS_OK when an HTTP response
 * arrived (any code, `http_status` set); otherwise `http_status` is 0 and `error_message` says
 * what failed. `body` and `error_message` are owned by the host and valid only during the call.
 */
typedef void (*parra_api_response_fn)(
    void *user_data, parra_status status, int32_t http_status, parra_string body,
    parra_string error_message);

/** What a presentation shows. */
typedef int32_t parra_presentation_kind;
/** Full-screen content the user dismisses. */
#define PARRA_PRESENTATION_MODAL 1
/** A transient notice that dismisses itself after `duration_seconds`. */
#define PARRA_PRESENTATION_TOAST 2
/** The launch screen surface, shown over the app's windows until dismissed. (1.1) A new one
 *  replaces the one showing (dismissed with by_user false); the host takes it away when the
 *  launch completes (by_user false) and dismisses it with by_user true when the user asks to
 *  retry a failed launch. Unlike other callbacks, these dismissals run synchronously inside
 *  the module's own call (`present` of the new launch screen, `set_launch_state(COMPLETE)`):
 *  do not hold a non-recursive lock of your own across those calls. */
#define PARRA_PRESENTATION_LAUNCH_SCREEN 3

/** Called on the main thread when a presentation is dismissed; `by_user` is true when the user
 *  dismissed it (or opened a toast) rather than it timing out or being replaced. */
typedef void (*parra_presentation_dismissed_fn)(void *user_data, bool by_user);

/** Something for the platform to show. All memory is the caller's and may be freed when
 *  present returns; the host copies what it keeps. */
typedef struct parra_presentation {
    uint32_t struct_size;
    parra_presentation_kind kind;
    parra_string title;
    parra_string body;
    /** TOAST: seconds before it dismisses itself; others: 0. */
    double duration_seconds;
    /** NULL, or called once when the presentation goes away. */
    parra_presentation_dismissed_fn on_dismiss;
    void *user_data;
} parra_presentation;

/**
 * The services the host offers a module. The host builds one table per module (so logs and
 * storage are attributed to it), passes it to init, and keeps it valid until shutdown returns.
 * The module must not write to it. Every function takes the table itself as `host`. Every
 * function pointer of ABI 1.0 is non-NULL; a field added in a later minor is present only when
 * struct_size covers it.
 */
struct parra_host {
    uint32_t struct_size;
    uint16_t abi_major;
    uint16_t abi_minor;
    /** Host-private; a module never reads it. */
    void *host_data;

    /** [thread-safe] Writes a diagnostic line attributed to the module. `message` is the
     *  caller's and may be freed when log returns. The line goes to the app's standard error
     *  as `parra: <level>: [<module id>] <message>` (a test host may record it instead), at
     *  PARRA_LOG_LEVEL_INFO and above by default; set PARRA_HOST_LOG_LEVEL=debug (or trace) in
     *  the app's environment to see lower levels. These are host diagnostics, not app log
     *  records: they never reach a log_sink. */
    void (*log)(const parra_host *host, parra_log_level level, parra_string message);

    /** [thread-safe] Reads the current value of an option any loaded module declares. The
     *  caller sets `out_value->struct_size = sizeof(parra_value)` first (a smaller one is
     *  INVALID_ARGUMENT). Fails with NOT_FOUND for an undeclared key. See parra_value for the
     *  lifetime of strings. */
    parra_status (*get_option)(
        const parra_host *host, const char *key, parra_value *out_value, parra_error *error);

    /** [main-thread] Calls `callback(user_data, key)` on the main thread after `key` changes,
     *  until shutdown. Fails with NOT_FOUND for an undeclared key. */
    parra_status (*observe_option)(
        const parra_host *host, const char *key, parra_option_changed_fn callback,
        void *user_data, parra_error *error);

    /** [thread-safe] Reads the module's stored value for `key` (`[A-Za-z0-9._-]`, at most 128
     *  bytes) and passes it to `receive` before returning. NOT_FOUND when nothing is stored.
     *  Storage is private to the module, durable, and survives restarts: one file per key in
     *  `$XDG_DATA_HOME/parra/<bundle id>/modules/<module id>/` (default
     *  `~/.local/share/parra/...`). */
    parra_status (*storage_get)(
        const parra_host *host, const char *key, parra_bytes_fn receive, void *user_data,
        parra_error *error);

    /** [thread-safe] Stores `length` bytes (at most 16 MiB) for `key`, atomically replacing any
     *  old value; the bytes are durable when it returns OK. The bytes are the caller's. */
    parra_status (*storage_set)(
        const parra_host *host, const char *key, const void *bytes, size_t length,
        parra_error *error);

    /** [thread-safe] Removes the stored value for `key`; OK when there was none. */
    parra_status (*storage_remove)(const parra_host *host, const char *key, parra_error *error);

    /** [thread-safe] Sends a request to the Parra API with the host's headers, timeouts and
     *  retries (body at most 10 MiB); `callback` runs exactly once, as described at
     *  parra_api_response_fn, unless this returns an error, in which case it never runs, or the
     *  module shuts down first, in which case it is dropped. */
    parra_status (*api_request)(
        const parra_host *host, const parra_api_request *request, parra_api_response_fn callback,
        void *user_data, parra_error *error);

    /** [thread-safe] Runs `callback` on the main thread after `delay_seconds` (0 to one year),
     *  then every `repeat_seconds` if that is not 0 (1 ms to one year), until cancelled or
     *  shutdown. Writes the timer's id to `out_timer_id` (may be NULL). Other values are
     *  INVALID_ARGUMENT. */
    parra_status (*schedule)(
        const parra_host *host, double delay_seconds, double repeat_seconds,
        parra_timer_fn callback, void *user_data, uint64_t *out_timer_id, parra_error *error);

    /** [thread-safe] Cancels a timer; a callback already running finishes. NOT_FOUND for an
     *  unknown or finished id. */
    parra_status (*cancel_timer)(const parra_host *host, uint64_t timer_id);

    /** [main-thread] Shows a presentation on the platform's surface. `on_dismiss` is not called
     *  once the module has shut down. */
    parra_status (*present)(
        const parra_host *host, const parra_presentation *presentation, parra_error *error);

    /** [main-thread] Emits one of this module's extension points: calls every hook on it, in
     *  order, and combines their results. `arguments` has one pointer per argument after the
     *  leading `ptr` (as libffi's avalue), each pointing at the argument's value; NULL when the
     *  point takes none. `result` points at storage of the return type (NULL for void) and
     *  receives the combined result. Fails with NOT_FOUND for a point this module does not
     *  offer, and with WRONG_STATE outside activation and running (in init, configure,
     *  deactivate), for a point whose hooks are running now (a hook may not re-emit it), or when
     *  emits are nested more than 16 deep. For a point of signature void(ptr,str):
     *      const char *text = "hello";
     *      void *arguments[] = {&text};   // one pointer to each argument's value
     *      host->emit(host, "com.example.feature.didGreet", arguments, NULL, &error); */
    parra_status (*emit)(
        const parra_host *host, const char *point_id, void **arguments, void *result,
        parra_error *error);

    /** [thread-safe] Seconds since the Unix epoch, from the host's clock (tests inject it). */
    double (*wall_clock_seconds)(const parra_host *host);

    /** [thread-safe] A monotonic clock in nanoseconds, from an arbitrary origin. */
    uint64_t (*monotonic_nanoseconds)(const parra_host *host);

    /* Added in ABI 1.1: present when struct_size covers them. */

    /** [thread-safe] Sets the lowest level of app log record this module's log_sink wants
     *  (PARRA_LOG_LEVEL_TRACE to PARRA_LOG_LEVEL_OFF); until it is called the threshold is
     *  PARRA_LOG_LEVEL_INFO. Records below every sink's threshold are never built. INVALID_ARGUMENT
     *  for another value; UNSUPPORTED when the module declares no log_sink. */
    parra_status (*set_log_threshold)(const parra_host *host, parra_log_level minimum);

    /** [thread-safe] The absolute path of a directory private to the module, created by the
     *  host, for files the key-value storage does not suit (append-only journals, databases).
     *  It survives restarts: `$XDG_DATA_HOME/parra/<bundle id>/module-files/<module id>/`.
     *  NUL-terminated; owned by the host; valid until shutdown returns. */
    const char *(*storage_directory)(const parra_host *host);

    /** [thread-safe] Which of the tenant's environments the app runs in, as the API's
     *  PARRA-ENVIRONMENT header says it: "debug" (a build with the DEBUG condition),
     *  "beta" (PARRA_ENVIRONMENT=beta) or "production". Modules resolve their "automatic"
     *  choices from it. NUL-terminated, static; never NULL. */
    const char *(*app_environment)(const parra_host *host);

    /** [thread-safe] Added in ABI 1.1. Facts about the running app as one JSON object,
     *  NUL-terminated, owned by the host, unchanged and valid until shutdown returns; "{}"
     *  outside an app run. Members, each absent when unknown:
     *  "bundle": {"identifier", "shortVersion", "version" (strings), "infoPlist" (the file's
     *  path), "resources" (the folder of the app's resource files, `Resources` beside the
     *  Info.plist), "UILaunchScreen" (the plist dictionary as JSON, unchecked),
     *  "UILaunchStoryboardName" (string)};
     *  "theme": {"primary", "secondary", "background", "text", "error", "warning", "info",
     *  "success"}, each "#RRGGBB";
     *  "display": {"interactive": bool (a user at a terminal), "color": bool (ANSI allowed)}. */
    const char *(*app_facts_json)(const parra_host *host);

    /* The launch services below are kept, working, for modules built against ABI 1.1; from
     * 1.2 on they are the launch extension's (PARRA_EXT_LAUNCH), where new modules find them.
     * The core table gains no feature's service again. */

    /** [main-thread] Added in ABI 1.1. Starts a launch step (PARRA_LAUNCH_STEP_*); `done` runs
     *  once when it finishes, as described at parra_launch_step_done_fn, unless this returns an
     *  error, in which case it never runs. Checked in this order: INVALID_ARGUMENT for a NULL
     *  done; WRONG_THREAD off the main thread; UNSUPPORTED outside an app run; WRONG_STATE when
     *  another module drives the launch; INVALID_ARGUMENT for an unknown step. */
    parra_status (*run_launch_step)(
        const parra_host *host, parra_launch_step step, parra_launch_step_done_fn done,
        void *user_data, parra_error *error);

    /** [main-thread] Added in ABI 1.1. Tells the host the launch state (PARRA_LAUNCH_STATE_*);
     *  `detail` (the caller's; may be {NULL, 0}) says why, e.g. the failure. The first caller
     *  becomes the launch's driver; another module gets WRONG_STATE. States follow
     *  INITIAL -> TRANSITIONING -> COMPLETE, or INITIAL -> FAILED -> INITIAL (a retry); any
     *  other step is WRONG_STATE, as is every call after COMPLETE. UNSUPPORTED outside an app
     *  run; INVALID_ARGUMENT for an unknown state. */
    parra_status (*set_launch_state)(
        const parra_host *host, parra_launch_state state, parra_string detail, parra_error *error);

    /* Added in ABI 1.2: present when struct_size covers them. */

    /** [thread-safe] The extension `extension_id` (PARRA_EXT_*), cast to its struct type, or
     *  NULL when this host does not offer it now. The struct is owned by the host and stays
     *  valid and unchanged until the module's shutdown returns; its functions take this same
     *  `host`. Check its struct_size before using a field of a later version. */
    const void *(*get_extension)(const parra_host *host, const char *extension_id);

    /** [any thread; see the command's thread rule] Calls another loaded module's command (see
     *  "Commands" above). `arguments` has one
     *  pointer per argument after the leading `ptr` (and before the completion of a command
     *  that completes later), each pointing at the argument's value, as for emit; NULL when it
     *  takes none; no entry, and no `str` value, may be NULL. The values are the caller's:
     *  for a command that completes later the host copies them before it returns (a `ptr`
     *  is copied as the pointer: what it points at must stay valid until `done` runs). For an
     *  immediate command, `result` points at storage of its return type (NULL for void) and
     *  `done` must be NULL. For a command that completes later, `result` must be NULL and
     *  `done` is required: it runs as described at parra_command_done_fn, unless this returns
     *  an error, in which case it never runs. The thread rules are the
     *  command's: WRONG_THREAD for an immediate main-thread command called off the main
     *  thread. NOT_FOUND when no loaded module offers `command_id`; INVALID_ARGUMENT for a
     *  NULL `arguments` where some are needed, or `done` given or missing against the kind;
     *  WRONG_STATE outside the time commands may be called, or when a module calls its own
     *  command this way. */
    parra_status (*call_command)(
        const parra_host *host, const char *command_id, void **arguments, void *result,
        parra_command_done_fn done, void *user_data, parra_error *error);
};

/** PARRA_EXT_LAUNCH: the launch services. The same functions as the ABI 1.1 fields of
 *  parra_host of the same names, with the same rules. */
typedef struct parra_launch_extension {
    uint32_t struct_size;
    /** [main-thread] As parra_host.run_launch_step. */
    parra_status (*run_launch_step)(
        const parra_host *host, parra_launch_step step, parra_launch_step_done_fn done, void *user_data,
        parra_error *error);
    /** [main-thread] As parra_host.set_launch_state. */
    parra_status (*set_launch_state)(
        const parra_host *host, parra_launch_state state, parra_string detail, parra_error *error);
} parra_launch_extension;

/** One thing the user can do with a presentation: type `key` (a word of 1 to 16 characters of
 *  `[a-z0-9]`, e.g. "c") to take the action `label` describes ("open the changelog"). */
typedef struct parra_presentation_action {
    uint32_t struct_size;
    const char *key;
    const char *label;
} parra_presentation_action;

/** Called on the main thread when the user takes one of a presentation's actions; `key` is the
 *  action's key (the host's, valid during the call). The presentation stays until dismissed. */
typedef void (*parra_presentation_action_fn)(void *user_data, const char *key);

/** PARRA_EXT_PRESENTATION: presentations the user acts on, and holds on an unattended session. */
typedef struct parra_presentation_extension {
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

/* ----------------------------------------------------------------------------------------
 * The module descriptor and lifecycle
 *
 * The host drives each module through
 *   discovered -> descriptor read -> validated -> initialized -> configured -> active
 *   -> deactivated -> shut down
 * and calls nothing out of order. A module refused at any step is never called again, except
 * that a module whose init succeeded always gets shutdown: after a failed configure or
 * activate the host calls shutdown without deactivate. After a failed init the host ignores
 * `*out_module_data` and calls nothing more; the module frees what it made. Modules are
 * initialized, configured and activated one phase at a time, in load order. Modules stay
 * loaded until the process exits: the host never dlcloses them.
 * ------------------------------------------------------------------------------------- */

/** What a module declares about itself. Owned by the module; must stay valid and unchanged
 *  until the process exits. */
typedef struct parra_module_descriptor {
    uint32_t struct_size;
    /** PARRA_ABI_VERSION_MAJOR and _MINOR as the module was compiled with. */
    uint16_t abi_major;
    uint16_t abi_minor;

    /** Reverse-DNS id, `[A-Za-z0-9._-]`, unique among loaded modules, e.g. "com.parra.logger".
     *  It may not start with "application." or "scene." (the canonical points). Required. */
    const char *id;
    /** Human-readable name, e.g. "ParraLogger". Required. */
    const char *name;
    /** The module's own version, e.g. "1.2.0". Required. */
    const char *version;
    /** One line; may be NULL. */
    const char *description;
    /** SPDX identifier; may be NULL. */
    const char *license;

    const parra_option_decl *options;
    size_t option_count;
    const parra_hook_decl *hooks;
    size_t hook_count;
    const parra_extension_point_decl *extension_points;
    size_t extension_point_count;

    /** Main thread, once, first. Creates the module's state and writes it to
     *  `out_module_data` (which is passed to every other function and hook). `host` stays
     *  valid until shutdown returns. Options may be read from here on. May be NULL: then the
     *  module data every function, hook and command receives is NULL (keep what you need, such
     *  as the host table, in your own statics). */
    parra_status (*init)(const parra_host *host, void **out_module_data, parra_error *error);
    /** Main thread, once, after every module's init. Reads and checks options; a value the
     *  module rejects is an error naming the key. May be NULL. */
    parra_status (*configure)(void *module_data, parra_error *error);
    /** Main thread, once, after every module's configure. Starts work (threads, timers). From
     *  the first module's activate on, the hooks of every configured module may be called, and
     *  the module may emit its extension points. May be NULL. */
    parra_status (*activate)(void *module_data, parra_error *error);
    /** Main thread, once, when the app terminates. Stop work, flush. No hook of any module is
     *  called once the first deactivate begins; every module is deactivated before any is shut
     *  down. May be NULL. */
    void (*deactivate)(void *module_data);
    /** Main thread, once, last. Frees the module's state; no host service may be used after
     *  it returns. May be NULL. */
    void (*shutdown)(void *module_data);

    /* Added in ABI 1.1: read only when struct_size covers them. */

    /** NULL, or where the host hands app log records (see parra_log_sink_fn). */
    parra_log_sink_fn log_sink;
    /** NULL, or how the host asks the module to flush the records it has had
     *  (see parra_log_flush_fn). Ignored without log_sink. */
    parra_log_flush_fn log_flush;

    /* Added in ABI 1.2: read only when struct_size covers them. */

    /** The commands the module offers (see "Commands" above). */
    const parra_command_decl *commands;
    size_t command_count;
} parra_module_descriptor;

/** The size of parra_module_descriptor in ABI 1.0: the least struct_size the host accepts. */
#define PARRA_MODULE_DESCRIPTOR_SIZE_1_0 offsetof(parra_module_descriptor, log_sink)
/** The size of parra_module_descriptor in ABI 1.1. */
#define PARRA_MODULE_DESCRIPTOR_SIZE_1_1 offsetof(parra_module_descriptor, commands)
/** The size of parra_host in ABI 1.0. */
#define PARRA_HOST_SIZE_1_0 offsetof(parra_host, set_log_threshold)
/** The size of parra_host in ABI 1.1. */
#define PARRA_HOST_SIZE_1_1 offsetof(parra_host, get_extension)

/**
 * The entry symbol, exported by every module as `parra_module_entry`. Called once, on the main
 * thread, after dlopen: the host opens every module file first, then calls their entries in the
 * same order. It must not call into the host (it gets no host table) and should do nothing but
 * return the descriptor; NULL means the module cannot run here.
 */
typedef const parra_module_descriptor *(*parra_module_entry_fn)(void);

/** The entry symbol's prototype (since 1.2): a C module defines it with exactly this signature,
 *  e.g.
 *      PARRA_EXPORT const parra_module_descriptor *parra_module_entry(void) { return &my_descriptor; }
 *  A module written before 1.2 that declared it otherwise (say, without `const`) must change its
 *  declaration to this one to compile against this header; its built .so is unaffected. */
PARRA_EXPORT const parra_module_descriptor *parra_module_entry(void);

/** True when `host`'s table (a `const parra_host *`) has `field`, a function added in a later
 *  minor than 1.0, and the host set it: test before calling, e.g.
 *  `if (PARRA_HOST_HAS(host, get_extension)) ...`. */
#define PARRA_HOST_HAS(host, field) \
    ((host)->struct_size >= offsetof(parra_host, field) + sizeof((host)->field) && (host)->field != NULL)

/** True when a `const parra_module_descriptor *` is large enough to hold `field` (for a host
 *  reading a module of an older minor; a module setting its own fields need not test). */
#define PARRA_DESCRIPTOR_HAS(descriptor, field) \
    ((descriptor)->struct_size >= offsetof(parra_module_descriptor, field) + sizeof((descriptor)->field))

#ifdef __cplusplus
}
#endif

#endif /* PARRA_PLUGIN_H */
