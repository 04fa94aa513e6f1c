/*
 * fixture_module.c: a complete Parra feature module in plain C11, used by the tests.
 *
 * Built with no macros it is a well-behaved module. Macros passed with -D select the
 * identity it declares, what its hooks return, and the broken variants the host must refuse.
 * Tests build it with Tests/ParraTestSupport/CFixtureBuilder.swift; by hand:
 *
 *   clang -std=c11 -Wall -Wextra -shared -fPIC -I Sources/CParraPlugin/include \
 *       -o fixture.so Tests/Fixtures/CModule/fixture_module.c
 *
 * (Never with -Wl,-z,defs: FIXTURE_UNRESOLVED_SYMBOL relies on an undefined symbol.)
 *
 * Every lifecycle function and hook writes one INFO line through the host's `log` service, so
 * a test can check what was called, in which order and with which arguments:
 *
 *   "init"
 *   "configure greeting=<value of <prefix>.greeting>"
 *   "activate"
 *   "emit status=<n>"                                 (only with FIXTURE_EMIT_ON_ACTIVATE)
 *   "hook application.didFinishLaunching <launch options json>"
 *   "hook application.willPresentNotification <notification json>"
 *   "hook application.willTerminate"
 *   "hook scene.didBecomeActive <scene id>"
 *   "hook <FIXTURE_HOOK_POINT> <str argument>"         (only with FIXTURE_HOOK_POINT)
 *   "hook application.didDoSomethingUnknown"          (only with FIXTURE_UNKNOWN_POINT)
 *   "deactivate"
 *   "shutdown"
 *
 * Built against a header of ABI 1.2 or later it offers four commands (none against 1.0/1.1):
 *   "<FIXTURE_ID>.add"   i64(ptr,i64,i64), any thread: returns a + b; logs "command add <a> <b>"
 *   "<FIXTURE_ID>.count" u64(ptr), main thread: how many times add was called
 *   "<FIXTURE_ID>.slow"  i64(ptr,i64), any thread: logs "command slow <ms>", sleeps <ms>
 *                        milliseconds, logs "slow done" and returns <ms>
 *   "<FIXTURE_ID>.echo"  void(ptr,str,ptr), main thread, completes later on a 0 s timer with
 *                        {"echo":"<text>"}; "fail" completes with PARRA_STATUS_FAILED and
 *                        "echo failed on purpose"; "never" never completes (the host answers
 *                        when the module stops). Logs "command echo <text>".
 *                        FIXTURE_ECHO_COMPLETES_LATER=false declares it as an author who forgot
 *                        the flag would: its completion parameter then reads as an argument.
 *
 * A lifecycle function made to fail still writes its line first, then fails.
 *
 * Settings (each has a default):
 *   FIXTURE_ID               module id, a string literal       "com.example.cfixture"
 *   FIXTURE_KEY_PREFIX       first segment of option keys      "cfixture"
 *   FIXTURE_ENV              env variable of <prefix>.greeting "PARRA_CFIXTURE_GREETING"
 *                            (may be NULL)
 *   FIXTURE_ORDER            order of the didFinishLaunching hook      0
 *   FIXTURE_LAUNCH_RESULT    what didFinishLaunching returns           true
 *   FIXTURE_PRESENT_BITS     what willPresentNotification returns
 *                            PARRA_NOTIFICATION_PRESENTATION_BADGE
 *   FIXTURE_HOOK_POINT       a string: also hook this point with "void(ptr,str)"
 *                            (e.g. another fixture's "<id>.didGreet")
 *   FIXTURE_EMIT_ON_ACTIVATE activate emits "<FIXTURE_ID>.didGreet" with the greeting
 *   FIXTURE_CALL_COMMANDS    its didFinishLaunching hook calls "<FIXTURE_CALL_PREFIX>.add" with
 *                            2 and 3, and "<FIXTURE_CALL_PREFIX>.echo" with "hi", through the
 *                            host's call_command, and logs "call add status=<n> result=<sum>"
 *                            and "called echo status=<n> <json or message>"
 *   FIXTURE_CALL_PREFIX      whose commands those are                  "com.example.cfixture"
 *   FIXTURE_LAUNCH_NOTIFICATION activate hands PARRA_EXT_REMOTE_NOTIFICATIONS a launch push, after a
 *                            payload that is not a JSON object, and the didFinishLaunching hook
 *                            tries again and sends one not an object as a background push; each
 *                            logs "remote <call> <status>"
 *   FIXTURE_ASK_EXTENSIONS   activate also logs "extension launch=<found|none> unknown=<found|none>":
 *                            whether get_extension hands out PARRA_EXT_LAUNCH and an unknown id
 *   FIXTURE_CAN_WAIT         exports parra_module_get_traits with PARRA_MODULE_CAN_WAIT (ABI 1.8):
 *                            the module is started when first needed
 *   FIXTURE_NO_HOOKS         declares no hook (commands and options only)
 *   FIXTURE_GREETING_FILE=<path> each call of the entry reads <prefix>.greeting's default_json
 *                            from the file at <path> (if it has any): declarations that change
 *                            from one run to the next while the module's file does not
 *   FIXTURE_LOG_SINK         takes app log records from trace up and counts them
 *                            (fixture_log_record_count()); with FIXTURE_LOG_SINK_KEEP it also
 *                            keeps the last one as text (fixture_last_log_record()); with
 *                            FIXTURE_LOG_SINK_TIMES it logs "record MESSAGE at a time" (or
 *                            "at 0") for each; with FIXTURE_NO_TIMESTAMPS (ABI 1.9 headers) it
 *                            tells the host at configure that it reads no record's time; with
 *                            FIXTURE_LOG_SINK_BLOCKS a record "block" holds the sink until
 *                            fixture_release_sink() (fixture_await_sink_blocked() waits for it)
 *
 * Broken variants (one macro each):
 *   FIXTURE_NO_ENTRY          no parra_module_entry symbol (exports another function)
 *   FIXTURE_ENTRY_NULL        parra_module_entry returns NULL
 *   FIXTURE_ABI_MAJOR=<n>     descriptor abi_major is <n>
 *   FIXTURE_ABI_MINOR=<n>     descriptor abi_minor is <n>
 *   FIXTURE_SMALL_STRUCT      descriptor struct_size is 8 (only struct_size and the versions)
 *   FIXTURE_HUGE_STRUCT       descriptor struct_size is 0xFFFFFFFF
 *   FIXTURE_ABI_1_0           built as a module of ABI 1.0: minor 0 and the 1.0 descriptor size
 *   FIXTURE_NO_ID             descriptor id is NULL (a bad id: -DFIXTURE_ID='"bad id!"')
 *   FIXTURE_UNKNOWN_POINT     an extra hook on "application.didDoSomethingUnknown", "void(ptr)"
 *   FIXTURE_BAD_SIGNATURE     the didFinishLaunching hook declares "void(ptr)"
 *   FIXTURE_INIT_FAILS        init fails:      PARRA_STATUS_FAILED, "init failed on purpose"
 *   FIXTURE_CONFIGURE_FAILS   configure fails: PARRA_STATUS_FAILED, "configure failed on purpose"
 *   FIXTURE_ACTIVATE_FAILS    activate fails:  PARRA_STATUS_FAILED, "activate failed on purpose"
 *   FIXTURE_UNRESOLVED_SYMBOL init calls an undefined function, so dlopen(RTLD_NOW) fails
 *   FIXTURE_ADD_ID=<s>        the add command's id is <s> (e.g. not under the module's id)
 *   FIXTURE_ADD_SIGNATURE=<s> the add command declares signature <s>
 *   FIXTURE_ECHO_SIGNATURE=<s> the echo command (which completes later) declares signature <s>
 *   FIXTURE_UNQUOTED_DEFAULT  <prefix>.greeting's default_json is `hello`, not JSON
 *   FIXTURE_COUNT_SCHEMA=<s>  <prefix>.count's schema_json is <s> (ABI 1.3 headers; default
 *                             {"minimum":0,"maximum":100}), e.g. a malformed one
 *   FIXTURE_COUNT_DEFAULT=<s> <prefix>.count's default_json is <s> (default "3")
 *   FIXTURE_POINT_COMBINE=<n> the didGreet extension point declares combine rule <n>
 *   FIXTURE_POINT_RETURNS_F64 the didGreet extension point returns f64, which no rule combines
 *   FIXTURE_TRAITS_SIZE=<n>   with FIXTURE_CAN_WAIT, the traits' struct_size is <n>
 */

#define _POSIX_C_SOURCE 200809L /* nanosleep */

#include <parra_plugin.h>

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ----------------------------------------------------------------------------------------
 * Settings
 * ------------------------------------------------------------------------------------- */

#ifndef FIXTURE_ID
#define FIXTURE_ID "com.example.cfixture"
#endif

#ifndef FIXTURE_KEY_PREFIX
#define FIXTURE_KEY_PREFIX "cfixture"
#endif

#ifndef FIXTURE_ENV
#define FIXTURE_ENV "PARRA_CFIXTURE_GREETING"
#endif

#ifndef FIXTURE_ORDER
#define FIXTURE_ORDER 0
#endif

#ifndef FIXTURE_LAUNCH_RESULT
#define FIXTURE_LAUNCH_RESULT true
#endif

#ifndef FIXTURE_PRESENT_BITS
#define FIXTURE_PRESENT_BITS PARRA_NOTIFICATION_PRESENTATION_BADGE
#endif

#ifndef FIXTURE_ABI_MAJOR
#define FIXTURE_ABI_MAJOR PARRA_ABI_VERSION_MAJOR
#endif

#if !defined(FIXTURE_ABI_MINOR) && defined(FIXTURE_ABI_1_0)
#define FIXTURE_ABI_MINOR 0
#endif
#ifndef FIXTURE_ABI_MINOR
#define FIXTURE_ABI_MINOR PARRA_ABI_VERSION_MINOR
#endif

#ifndef FIXTURE_CALL_PREFIX
#define FIXTURE_CALL_PREFIX "com.example.cfixture"
#endif

#ifndef FIXTURE_COUNT_SCHEMA
#define FIXTURE_COUNT_SCHEMA "{\"minimum\":0,\"maximum\":100}"
#endif

#ifndef FIXTURE_COUNT_DEFAULT
#define FIXTURE_COUNT_DEFAULT "3"
#endif

#define FIXTURE_GREETING_KEY FIXTURE_KEY_PREFIX ".greeting"
#define FIXTURE_DID_GREET_POINT FIXTURE_ID ".didGreet"
#define FIXTURE_UNKNOWN_POINT_ID "application.didDoSomethingUnknown"

#define FIXTURE_EXPORT __attribute__((visibility("default")))
#define FIXTURE_COUNT(array) (sizeof(array) / sizeof((array)[0]))

#ifdef FIXTURE_UNRESOLVED_SYMBOL
/* Defined nowhere: with RTLD_NOW the loader cannot bind it and dlopen fails. */
extern void parra_fixture_missing_symbol(void);
#endif

/* ----------------------------------------------------------------------------------------
 * Module state and logging
 * ------------------------------------------------------------------------------------- */

/** The module data init creates and shutdown frees. */
typedef struct fixture_state {
    const parra_host *host;
    /** A NUL-terminated copy of <prefix>.greeting, read in configure; NULL before. */
    char *greeting;
} fixture_state;

/* The released 1.0 and 1.1 headers, which this file is also built against, lack PARRA_HOST_HAS
 * (added in 1.2); with them it is defined here as 1.2 defines it. */
#ifndef PARRA_HOST_HAS
#define PARRA_HOST_HAS(host, field) \
    ((host)->struct_size >= offsetof(parra_host, field) + sizeof((host)->field) && (host)->field != NULL)
#endif

/** printf-style text for a log line; NULL becomes "(null)". */
static const char *fixture_text(const char *text) {
    return text != NULL ? text : "(null)";
}

/** Writes one INFO line through the host's log service. */
__attribute__((format(printf, 2, 3)))
static void fixture_log(const fixture_state *state, const char *format, ...) {
    if (state == NULL || !PARRA_HOST_HAS(state->host, log)) {
        return;
    }
    char small[256];
    va_list arguments;
    va_start(arguments, format);
    va_list copy;
    va_copy(copy, arguments);
    int length = vsnprintf(small, sizeof small, format, arguments);
    va_end(arguments);
    if (length < 0) {
        va_end(copy);
        return;
    }
    char *text = small;
    if ((size_t)length >= sizeof small) {
        /* Long JSON payloads: format again into a buffer that fits. */
        text = malloc((size_t)length + 1);
        if (text == NULL) {
            va_end(copy);
            return;
        }
        vsnprintf(text, (size_t)length + 1, format, copy);
    }
    va_end(copy);
    parra_string message = {text, (size_t)length};
    state->host->log(state->host, PARRA_LOG_LEVEL_INFO, message);
    if (text != small) {
        free(text);
    }
}

/** A malloc'ed NUL-terminated copy of `length` bytes at `data`; NULL when out of memory. */
static char *fixture_copy(const char *data, size_t length) {
    char *copy = malloc(length + 1);
    if (copy == NULL) {
        return NULL;
    }
    if (length > 0) {
        memcpy(copy, data, length);
    }
    copy[length] = '\0';
    return copy;
}

/* ----------------------------------------------------------------------------------------
 * Commands (ABI 1.2)
 * ------------------------------------------------------------------------------------- */

#ifdef PARRA_COMMAND_THREAD_MAIN
#ifndef FIXTURE_ADD_ID
#define FIXTURE_ADD_ID FIXTURE_ID ".add"
#endif
#ifndef FIXTURE_ADD_SIGNATURE
#define FIXTURE_ADD_SIGNATURE "i64(ptr,i64,i64)"
#endif
#ifndef FIXTURE_ECHO_SIGNATURE
#define FIXTURE_ECHO_SIGNATURE "void(ptr,str,ptr)"
#endif
#ifndef FIXTURE_ECHO_COMPLETES_LATER
#define FIXTURE_ECHO_COMPLETES_LATER true
#endif

/** How many times add was called; read on the main thread by count. */
static _Atomic uint64_t fixture_adds = 0;

/* An immediate command: "i64(ptr,i64,i64)". */
static int64_t fixture_command_add(void *module_data, int64_t a, int64_t b) {
    fixture_log(module_data, "command add %lld %lld", (long long)a, (long long)b);
    fixture_adds += 1;
    return a + b;
}

/* An immediate main-thread command: "u64(ptr)". */
static uint64_t fixture_command_count(void *module_data) {
    (void)module_data;
    return fixture_adds;
}

/* An immediate command that takes its time: "i64(ptr,i64)". */
static int64_t fixture_command_slow(void *module_data, int64_t milliseconds) {
    fixture_log(module_data, "command slow %lld", (long long)milliseconds);
    struct timespec pause = {.tv_sec = milliseconds / 1000, .tv_nsec = (milliseconds % 1000) * 1000000L};
    nanosleep(&pause, NULL);
    fixture_log(module_data, "slow done");
    return milliseconds;
}

/** One echo waiting for its timer. */
typedef struct fixture_echo {
    const parra_command_completion *completion;
    char text[64];
} fixture_echo;

/* parra_timer_fn: answers the echo it was scheduled for. */
static void fixture_echo_answer(void *user_data, uint64_t timer_id) {
    (void)timer_id;
    fixture_echo *echo = user_data;
    parra_string none = {NULL, 0};
    if (strcmp(echo->text, "fail") == 0) {
        const char *message = "echo failed on purpose";
        parra_string reason = {message, strlen(message)};
        echo->completion->complete(echo->completion, PARRA_STATUS_FAILED, none, reason);
    } else {
        char json[96];
        int length = snprintf(json, sizeof json, "{\"echo\":\"%s\"}", echo->text);
        parra_string result = {json, (size_t)length};
        echo->completion->complete(echo->completion, PARRA_STATUS_OK, result, none);
    }
    free(echo);
}

/* A command that completes later: "void(ptr,str,ptr)". */
static void fixture_command_echo(void *module_data, const char *text,
                                 const parra_command_completion *completion) {
    fixture_state *state = module_data;
    fixture_log(state, "command echo %s", fixture_text(text));
    if (text != NULL && strcmp(text, "never") == 0) {
        return;
    }
    fixture_echo *echo = calloc(1, sizeof *echo);
    echo->completion = completion;
    snprintf(echo->text, sizeof echo->text, "%s", fixture_text(text));
    parra_error error = {.struct_size = sizeof error};
    if (state->host->schedule(state->host, 0, 0, fixture_echo_answer, echo, NULL, &error) != PARRA_STATUS_OK) {
        parra_string reason = {error.message, strlen(error.message)};
        completion->complete(completion, PARRA_STATUS_FAILED, (parra_string){NULL, 0}, reason);
        free(echo);
    }
}

static const parra_command_decl fixture_commands[] = {
    {.struct_size = sizeof(parra_command_decl), .command_id = FIXTURE_ADD_ID,
     .signature = FIXTURE_ADD_SIGNATURE, .doc = "Adds two numbers.", .thread = PARRA_COMMAND_THREAD_ANY,
     .completes_later = false, .function = (parra_function)fixture_command_add},
    {.struct_size = sizeof(parra_command_decl), .command_id = FIXTURE_ID ".count",
     .signature = "u64(ptr)", .doc = "How many times add was called.", .thread = PARRA_COMMAND_THREAD_MAIN,
     .completes_later = false, .function = (parra_function)fixture_command_count},
    {.struct_size = sizeof(parra_command_decl), .command_id = FIXTURE_ID ".slow",
     .signature = "i64(ptr,i64)", .doc = "Sleeps the milliseconds it is given.", .thread = PARRA_COMMAND_THREAD_ANY,
     .completes_later = false, .function = (parra_function)fixture_command_slow},
    {.struct_size = sizeof(parra_command_decl), .command_id = FIXTURE_ID ".echo",
     .signature = FIXTURE_ECHO_SIGNATURE, .doc = "Answers {\"echo\": text} on the next main-thread turn.",
     .thread = PARRA_COMMAND_THREAD_MAIN, .completes_later = FIXTURE_ECHO_COMPLETES_LATER,
     .function = (parra_function)fixture_command_echo},
};
#endif

#ifdef FIXTURE_CALL_COMMANDS
/* parra_command_done_fn: logs the answer to the echo this module called. */
static void fixture_called_echo(void *user_data, parra_status status, parra_string result_json,
                                parra_string error_message) {
    parra_string text = status == PARRA_STATUS_OK ? result_json : error_message;
    fixture_log(user_data, "called echo status=%d %.*s", status, (int)text.length,
                text.data == NULL ? "" : text.data);
}

/* Calls another module's two commands through the host, as any module may. */
static void fixture_call_commands(fixture_state *state) {
    const parra_host *host = state->host;
    parra_error error = {.struct_size = sizeof error};
    int64_t a = 2, b = 3, sum = 0;
    void *add_arguments[] = {&a, &b};
    parra_status status =
        host->call_command(host, FIXTURE_CALL_PREFIX ".add", add_arguments, &sum, NULL, NULL, &error);
    fixture_log(state, "call add status=%d result=%lld %s", status, (long long)sum, error.message);
    const char *text = "hi";
    void *echo_arguments[] = {&text};
    status = host->call_command(host, FIXTURE_CALL_PREFIX ".echo", echo_arguments, NULL, fixture_called_echo,
                                state, &error);
    fixture_log(state, "call echo status=%d %s", status, status == PARRA_STATUS_OK ? "" : error.message);
}
#endif

/* ----------------------------------------------------------------------------------------
 * Hooks: each logs "hook <point> <argument>" and returns its configured result
 * ------------------------------------------------------------------------------------- */

/* parra_application_did_finish_launching_fn */
#ifdef FIXTURE_LAUNCH_NOTIFICATION
/* Calls the remote notifications extension's `call` with `json` and logs its status. */
static void fixture_remote(void *module_data, const char *call, const char *json) {
    const parra_host *host = ((fixture_state *)module_data)->host;
    const parra_remote_notifications_extension *remote = host->get_extension(host, PARRA_EXT_REMOTE_NOTIFICATIONS);
    if (remote == NULL) {
        fixture_log(module_data, "remote %s unavailable", call);
        return;
    }
    parra_error error = {.struct_size = sizeof error};
    parra_string payload = {json, strlen(json)};
    parra_status status = strcmp(call, "launch") == 0 ? remote->set_launch_notification(host, payload, &error)
                                                       : remote->did_receive_remote_notification(host, payload, &error);
    fixture_log(module_data, "remote %s %d", call, (int)status);
}
#endif

static bool fixture_did_finish_launching(void *module_data, const char *launch_options_json) {
    fixture_log(module_data, "hook " PARRA_POINT_APPLICATION_DID_FINISH_LAUNCHING " %s",
                fixture_text(launch_options_json));
#ifdef FIXTURE_LAUNCH_NOTIFICATION
    fixture_remote(module_data, "launch", "{\"aps\":{}}");
    fixture_remote(module_data, "background", "[1]");
#endif
#ifdef FIXTURE_CALL_COMMANDS
    fixture_call_commands(module_data);
#endif
    return FIXTURE_LAUNCH_RESULT;
}

/* parra_application_will_present_notification_fn */
static uint32_t fixture_will_present_notification(void *module_data,
                                                  const char *notification_json) {
    fixture_log(module_data, "hook " PARRA_POINT_APPLICATION_WILL_PRESENT_NOTIFICATION " %s",
                fixture_text(notification_json));
    return FIXTURE_PRESENT_BITS;
}

/* parra_application_will_terminate_fn */
static void fixture_will_terminate(void *module_data) {
    fixture_log(module_data, "hook " PARRA_POINT_APPLICATION_WILL_TERMINATE);
}

/* parra_scene_state_fn */
static void fixture_scene_did_become_active(void *module_data, const char *scene_id) {
    fixture_log(module_data, "hook " PARRA_POINT_SCENE_DID_BECOME_ACTIVE " %s",
                fixture_text(scene_id));
}

#ifdef FIXTURE_HOOK_POINT
/* "void(ptr,str)" on another module's extension point, e.g. "<id>.didGreet". */
static void fixture_extension_hook(void *module_data, const char *payload) {
    fixture_log(module_data, "hook %s %s", FIXTURE_HOOK_POINT, fixture_text(payload));
}
#endif

#ifdef FIXTURE_UNKNOWN_POINT
/* "void(ptr)" on a point nobody offers; the host must refuse the module, never call this. */
static void fixture_unknown_point(void *module_data) {
    fixture_log(module_data, "hook " FIXTURE_UNKNOWN_POINT_ID);
}
#endif

/* ----------------------------------------------------------------------------------------
 * Lifecycle
 * ------------------------------------------------------------------------------------- */

static parra_status fixture_init(const parra_host *host, void **out_module_data,
                                 parra_error *error) {
    if (host == NULL || out_module_data == NULL) {
        parra_error_set(error, "init needs a host table and somewhere to write module data");
        return PARRA_STATUS_INVALID_ARGUMENT;
    }
    if (!PARRA_HOST_HAS(host, log) || !PARRA_HOST_HAS(host, get_option) ||
        !PARRA_HOST_HAS(host, emit)) {
        parra_error_set(error, "the host table lacks log, get_option or emit");
        return PARRA_STATUS_UNSUPPORTED;
    }
    fixture_state *state = malloc(sizeof *state);
    if (state == NULL) {
        parra_error_set(error, "out of memory");
        return PARRA_STATUS_FAILED;
    }
    state->host = host;
    state->greeting = NULL;
    fixture_log(state, "init");

#ifdef FIXTURE_UNRESOLVED_SYMBOL
    parra_fixture_missing_symbol();
#endif

#ifdef FIXTURE_INIT_FAILS
    /* A module whose init fails never gets shutdown, so free the state here. */
    free(state);
    parra_error_set(error, "init failed on purpose");
    return PARRA_STATUS_FAILED;
#else
    *out_module_data = state;
    return PARRA_STATUS_OK;
#endif
}

static parra_status fixture_configure(void *module_data, parra_error *error) {
    fixture_state *state = module_data;
    const parra_host *host = state->host;

    parra_value value;
    memset(&value, 0, sizeof value);
    value.struct_size = sizeof value;
    parra_error option_error;
    memset(&option_error, 0, sizeof option_error);
    option_error.struct_size = sizeof option_error;

    parra_status status = host->get_option(host, FIXTURE_GREETING_KEY, &value, &option_error);
    if (status != PARRA_STATUS_OK) {
        /* The host's reason is cut so that the whole line fits parra_error.message. */
        char message[PARRA_ERROR_MESSAGE_CAPACITY];
        snprintf(message, sizeof message, "cannot read " FIXTURE_GREETING_KEY ": %.400s",
                 option_error.message);
        parra_error_set(error, message);
        return status;
    }
    if (value.type != PARRA_OPTION_TYPE_STRING) {
        parra_error_set(error, FIXTURE_GREETING_KEY " is not a string");
        return PARRA_STATUS_WRONG_TYPE;
    }

    /* The host's text lives only until the option changes: keep a copy for activate. */
    char *greeting = fixture_copy(value.string.data, value.string.length);
    if (greeting == NULL) {
        parra_error_set(error, "out of memory");
        return PARRA_STATUS_FAILED;
    }
    free(state->greeting);
    state->greeting = greeting;
    fixture_log(state, "configure greeting=%s", greeting);
#ifdef FIXTURE_LOG_SINK
    if (PARRA_HOST_HAS(host, set_log_threshold)) {
        host->set_log_threshold(host, PARRA_LOG_LEVEL_TRACE);
    }
#endif
#ifdef FIXTURE_NO_TIMESTAMPS
    {
        const parra_log_sink_extension *log_sink = host->get_extension(host, PARRA_EXT_LOG_SINK);
        parra_status told = log_sink == NULL ? PARRA_STATUS_UNSUPPORTED : log_sink->set_reads_timestamps(host, false);
        fixture_log(state, "reads no timestamps: %d", told);
    }
#endif

#ifdef FIXTURE_CONFIGURE_FAILS
    parra_error_set(error, "configure failed on purpose");
    return PARRA_STATUS_FAILED;
#else
    return PARRA_STATUS_OK;
#endif
}

static parra_status fixture_activate(void *module_data, parra_error *error) {
    fixture_state *state = module_data;
    fixture_log(state, "activate");
#ifdef FIXTURE_LAUNCH_NOTIFICATION
    fixture_remote(module_data, "launch", "not json");
    fixture_remote(module_data, "launch", "{\"aps\":{\"alert\":\"launch\"}}");
#endif
#ifdef FIXTURE_ASK_EXTENSIONS
    {
        const parra_host *host = ((fixture_state *)module_data)->host;
        const void *launch = host->get_extension(host, PARRA_EXT_LAUNCH);
        const void *unknown = host->get_extension(host, "com.example.nothing/1");
        fixture_log(module_data, "extension launch=%s unknown=%s", launch != NULL ? "found" : "none",
                    unknown != NULL ? "found" : "none");
    }
#endif

#ifdef FIXTURE_ACTIVATE_FAILS
    parra_error_set(error, "activate failed on purpose");
    return PARRA_STATUS_FAILED;
#else
    (void)error;
#ifdef FIXTURE_EMIT_ON_ACTIVATE
    /* "void(ptr,str)": one argument after the hooking module's ptr, passed as libffi's
     * avalue (a pointer to the `const char *`); void result, so `result` is NULL. */
    const char *greeting = fixture_text(state->greeting);
    void *arguments[] = {(void *)&greeting};
    parra_error emit_error;
    memset(&emit_error, 0, sizeof emit_error);
    emit_error.struct_size = sizeof emit_error;
    parra_status status =
        state->host->emit(state->host, FIXTURE_DID_GREET_POINT, arguments, NULL, &emit_error);
    fixture_log(state, "emit status=%d", (int)status);
#endif
    return PARRA_STATUS_OK;
#endif
}

static void fixture_deactivate(void *module_data) {
    fixture_log(module_data, "deactivate");
}

static void fixture_shutdown(void *module_data) {
    fixture_state *state = module_data;
    if (state == NULL) {
        return;
    }
    fixture_log(state, "shutdown");
    free(state->greeting);
    free(state);
}

/* ----------------------------------------------------------------------------------------
 * Declarations
 * ------------------------------------------------------------------------------------- */

static const char *const fixture_mode_values[] = {"fast", "slow", NULL};

static const parra_option_decl fixture_options[] = {
    {
        .struct_size = sizeof(parra_option_decl),
        .key = FIXTURE_GREETING_KEY,
        .type = PARRA_OPTION_TYPE_STRING,
#ifdef FIXTURE_UNQUOTED_DEFAULT
        .default_json = "hello",
#else
        .default_json = "\"hello\"",
#endif
        .doc = "What the fixture greets with.",
        .environment_variable = FIXTURE_ENV,
        .allowed_values = NULL,
    },
    {
        .struct_size = sizeof(parra_option_decl),
        .key = FIXTURE_KEY_PREFIX ".enabled",
        .type = PARRA_OPTION_TYPE_BOOL,
        .default_json = "true",
        .doc = "A bool option.",
        .environment_variable = NULL,
        .allowed_values = NULL,
    },
    {
        .struct_size = sizeof(parra_option_decl),
        .key = FIXTURE_KEY_PREFIX ".count",
        .type = PARRA_OPTION_TYPE_INTEGER,
        .default_json = FIXTURE_COUNT_DEFAULT,
        .doc = "An integer option from 0 to 100.",
        .environment_variable = NULL,
        .allowed_values = NULL,
#if PARRA_ABI_VERSION_MINOR >= 3
        .schema_json = FIXTURE_COUNT_SCHEMA,
#endif
    },
    {
        .struct_size = sizeof(parra_option_decl),
        .key = FIXTURE_KEY_PREFIX ".ratio",
        .type = PARRA_OPTION_TYPE_DOUBLE,
        .default_json = "0.5",
        .doc = "A double option.",
        .environment_variable = NULL,
        .allowed_values = NULL,
    },
    {
        .struct_size = sizeof(parra_option_decl),
        .key = FIXTURE_KEY_PREFIX ".mode",
        .type = PARRA_OPTION_TYPE_STRING,
        .default_json = "\"fast\"",
        .doc = "A string option limited to fast or slow.",
        .environment_variable = NULL,
        .allowed_values = fixture_mode_values,
    },
    {
        .struct_size = sizeof(parra_option_decl),
        .key = FIXTURE_KEY_PREFIX ".tags",
        .type = PARRA_OPTION_TYPE_LIST,
        .default_json = "[]",
        .doc = "A list option.",
        .environment_variable = NULL,
        .allowed_values = NULL,
    },
    {
        .struct_size = sizeof(parra_option_decl),
        .key = FIXTURE_KEY_PREFIX ".extra",
        .type = PARRA_OPTION_TYPE_OBJECT,
        .default_json = "{}",
        .doc = "An object option.",
        .environment_variable = NULL,
        .allowed_values = NULL,
    },
};

/* Casting to parra_function (void (*)(void)) and back is how the ABI carries hooks; the host
 * calls each through the type its signature string names. */
static const parra_hook_decl fixture_hooks[] = {
    {
        .struct_size = sizeof(parra_hook_decl),
        .point_id = PARRA_POINT_APPLICATION_DID_FINISH_LAUNCHING,
#ifdef FIXTURE_BAD_SIGNATURE
        .signature = "void(ptr)",
#else
        .signature = PARRA_SIGNATURE_APPLICATION_DID_FINISH_LAUNCHING,
#endif
        .function = (parra_function)fixture_did_finish_launching,
        .order = FIXTURE_ORDER,
    },
    {
        .struct_size = sizeof(parra_hook_decl),
        .point_id = PARRA_POINT_APPLICATION_WILL_PRESENT_NOTIFICATION,
        .signature = PARRA_SIGNATURE_APPLICATION_WILL_PRESENT_NOTIFICATION,
        .function = (parra_function)fixture_will_present_notification,
        .order = 0,
    },
    {
        .struct_size = sizeof(parra_hook_decl),
        .point_id = PARRA_POINT_APPLICATION_WILL_TERMINATE,
        .signature = PARRA_SIGNATURE_APPLICATION_WILL_TERMINATE,
        .function = (parra_function)fixture_will_terminate,
        .order = 0,
    },
    {
        .struct_size = sizeof(parra_hook_decl),
        .point_id = PARRA_POINT_SCENE_DID_BECOME_ACTIVE,
        .signature = PARRA_SIGNATURE_SCENE_STATE,
        .function = (parra_function)fixture_scene_did_become_active,
        .order = 0,
    },
#ifdef FIXTURE_HOOK_POINT
    {
        .struct_size = sizeof(parra_hook_decl),
        .point_id = FIXTURE_HOOK_POINT,
        .signature = "void(ptr,str)",
        .function = (parra_function)fixture_extension_hook,
        .order = 0,
    },
#endif
#ifdef FIXTURE_UNKNOWN_POINT
    {
        .struct_size = sizeof(parra_hook_decl),
        .point_id = FIXTURE_UNKNOWN_POINT_ID,
        .signature = "void(ptr)",
        .function = (parra_function)fixture_unknown_point,
        .order = 0,
    },
#endif
};

static const parra_extension_point_decl fixture_extension_points[] = {
    {
        .struct_size = sizeof(parra_extension_point_decl),
        .point_id = FIXTURE_DID_GREET_POINT,
#ifdef FIXTURE_POINT_RETURNS_F64
        .signature = "f64(ptr,str)",
#else
        .signature = "void(ptr,str)",
#endif
#ifdef FIXTURE_POINT_COMBINE
        .combine = FIXTURE_POINT_COMBINE,
#else
        .combine = PARRA_COMBINE_NONE,
#endif
        .doc = "The fixture greeted; the argument is the greeting.",
    },
};

#ifdef FIXTURE_LOG_SINK
/* ----------------------------------------------------------------------------------------
 * App log records
 * ------------------------------------------------------------------------------------- */

static uint64_t fixture_log_records = 0;

/** Records received so far; any thread. */
FIXTURE_EXPORT uint64_t fixture_log_record_count(void);
FIXTURE_EXPORT uint64_t fixture_log_record_count(void) {
    return __atomic_load_n(&fixture_log_records, __ATOMIC_RELAXED);
}

#ifdef FIXTURE_LOG_SINK_KEEP
static char fixture_last_record[8192];

/** The last record as "level|message|file_id|function|line|column|category|extra|stack?";
 *  read it only while no record is arriving. */
FIXTURE_EXPORT const char *fixture_last_log_record(void);
FIXTURE_EXPORT const char *fixture_last_log_record(void) { return fixture_last_record; }
#endif

#ifdef FIXTURE_LOG_SINK_BLOCKS
static pthread_mutex_t fixture_hold_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t fixture_hold_changed = PTHREAD_COND_INITIALIZER;
static int fixture_held = 0;
static int fixture_released = 0;

/** Waits (at most `seconds`) until a "block" record holds the sink; returns whether one does.
 *  Any thread. */
FIXTURE_EXPORT int fixture_await_sink_blocked(int seconds);
FIXTURE_EXPORT int fixture_await_sink_blocked(int seconds) {
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += seconds;
    pthread_mutex_lock(&fixture_hold_lock);
    while (!fixture_held &&
           pthread_cond_timedwait(&fixture_hold_changed, &fixture_hold_lock, &deadline) == 0) {
    }
    int held = fixture_held;
    pthread_mutex_unlock(&fixture_hold_lock);
    return held;
}

/** Lets a held (or the next) "block" record go; any thread. */
FIXTURE_EXPORT void fixture_release_sink(void);
FIXTURE_EXPORT void fixture_release_sink(void) {
    pthread_mutex_lock(&fixture_hold_lock);
    fixture_released = 1;
    pthread_cond_broadcast(&fixture_hold_changed);
    pthread_mutex_unlock(&fixture_hold_lock);
}
#endif

static void fixture_log_sink(void *module_data, const parra_log_record *record) {
    (void)module_data;
    __atomic_add_fetch(&fixture_log_records, 1, __ATOMIC_RELAXED);
#ifdef FIXTURE_LOG_SINK_BLOCKS
    if (record->message.length == 5 && memcmp(record->message.data, "block", 5) == 0) {
        pthread_mutex_lock(&fixture_hold_lock);
        fixture_held = 1;
        pthread_cond_broadcast(&fixture_hold_changed);
        while (!fixture_released) {
            pthread_cond_wait(&fixture_hold_changed, &fixture_hold_lock);
        }
        fixture_held = 0;
        pthread_mutex_unlock(&fixture_hold_lock);
        fixture_log(module_data, "sink let go");
    }
#endif
#ifdef FIXTURE_LOG_SINK_TIMES
    fixture_log(module_data, "record %.*s at %s", (int)record->message.length,
                fixture_text(record->message.data), record->timestamp > 1e9 ? "a time" : record->timestamp == 0 ? "0" : "a wrong time");
#endif
#ifdef FIXTURE_LOG_SINK_KEEP
    snprintf(fixture_last_record, sizeof fixture_last_record, "%d|%.*s|%.*s|%.*s|%u|%u|%.*s|%.*s|%s",
             record->level, (int)record->message.length, fixture_text(record->message.data),
             (int)record->file_id.length, fixture_text(record->file_id.data),
             (int)record->function.length, fixture_text(record->function.data), record->line,
             record->column, (int)record->category.length, fixture_text(record->category.data),
             (int)record->extra_json.length, fixture_text(record->extra_json.data),
             record->call_stack.length > 0 ? "stack" : "nostack");
#else
    (void)record;
#endif
}
#endif

static const parra_module_descriptor fixture_descriptor = {
#ifdef FIXTURE_SMALL_STRUCT
    .struct_size = 8,
#elif defined(FIXTURE_HUGE_STRUCT)
    .struct_size = 0xFFFFFFFFu,
#elif defined(FIXTURE_ABI_1_0)
    .struct_size = PARRA_MODULE_DESCRIPTOR_SIZE_1_0,
#else
    .struct_size = sizeof(parra_module_descriptor),
#endif
    .abi_major = FIXTURE_ABI_MAJOR,
    .abi_minor = FIXTURE_ABI_MINOR,
#ifdef FIXTURE_NO_ID
    .id = NULL,
#else
    .id = FIXTURE_ID,
#endif
    .name = "CFixture",
    .version = "1.0.0",
    .description = "A Parra module in plain C that the tests load.",
    .license = "MIT",
    .options = fixture_options,
    .option_count = FIXTURE_COUNT(fixture_options),
#ifdef FIXTURE_NO_HOOKS
    .hooks = NULL,
    .hook_count = 0,
#else
    .hooks = fixture_hooks,
    .hook_count = FIXTURE_COUNT(fixture_hooks),
#endif
    .extension_points = fixture_extension_points,
    .extension_point_count = FIXTURE_COUNT(fixture_extension_points),
    .init = fixture_init,
    .configure = fixture_configure,
    .activate = fixture_activate,
    .deactivate = fixture_deactivate,
    .shutdown = fixture_shutdown,
#ifdef FIXTURE_LOG_SINK
    .log_sink = fixture_log_sink,
#endif
#ifdef PARRA_COMMAND_THREAD_MAIN
    .commands = fixture_commands,
    .command_count = FIXTURE_COUNT(fixture_commands),
#endif
};

/* ----------------------------------------------------------------------------------------
 * The entry symbol
 * ------------------------------------------------------------------------------------- */

#ifdef FIXTURE_NO_ENTRY
/* Exports a function under another name, so the file is a valid .so without the entry. */
FIXTURE_EXPORT const parra_module_descriptor *parra_fixture_not_the_entry(void);
FIXTURE_EXPORT const parra_module_descriptor *parra_fixture_not_the_entry(void) {
    return &fixture_descriptor;
}
#else
#ifdef FIXTURE_GREETING_FILE
/* The descriptor with the greeting's default as FIXTURE_GREETING_FILE holds it now. */
static const parra_module_descriptor *fixture_descriptor_now(void) {
    static char greeting[128];
    static parra_option_decl options[sizeof fixture_options / sizeof fixture_options[0]];
    static parra_module_descriptor descriptor;
    FILE *file = fopen(FIXTURE_GREETING_FILE, "r");
    size_t length = file != NULL ? fread(greeting, 1, sizeof greeting - 1, file) : 0;
    if (file != NULL) fclose(file);
    greeting[length] = '\0';
    memcpy(options, fixture_options, sizeof options);
    if (length > 0) options[0].default_json = greeting;
    descriptor = fixture_descriptor;
    descriptor.options = options;
    return &descriptor;
}
#endif

FIXTURE_EXPORT const parra_module_descriptor *parra_module_entry(void);
FIXTURE_EXPORT const parra_module_descriptor *parra_module_entry(void) {
#ifdef FIXTURE_ENTRY_NULL
    (void)fixture_descriptor;
    return NULL;
#elif defined(FIXTURE_GREETING_FILE)
    return fixture_descriptor_now();
#else
    return &fixture_descriptor;
#endif
}
#endif

/* ----------------------------------------------------------------------------------------
 * The traits (ABI 1.8)
 * ------------------------------------------------------------------------------------- */

#ifdef FIXTURE_CAN_WAIT
#ifndef FIXTURE_TRAITS_SIZE
#define FIXTURE_TRAITS_SIZE sizeof(parra_module_traits)
#endif
static const parra_module_traits fixture_traits = {
    .struct_size = FIXTURE_TRAITS_SIZE,
    .flags = PARRA_MODULE_CAN_WAIT,
};

FIXTURE_EXPORT const parra_module_traits *parra_module_get_traits(void);
FIXTURE_EXPORT const parra_module_traits *parra_module_get_traits(void) { return &fixture_traits; }
#endif
