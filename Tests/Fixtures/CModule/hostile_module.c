/*
 * hostile_module.c: a Parra feature module in plain C11 that misuses the ABI on purpose, for
 * the regression tests in Tests/ParraHostTests/HostileModuleTests.swift.
 *
 * Built with no macros it is a valid, well-behaved module: one string option
 * "<prefix>.greeting" and one hook on application.willTerminate. One macro (passed with -D)
 * turns it into one hostile variant; the host must survive each and answer as the tests
 * expect. Tests build it with CFixtureBuilder.build(_:defines:in:source:); by hand:
 *
 *   clang -std=c11 -Wall -Wextra -shared -fPIC -I Sources/CParraPlugin/include \
 *       -o hostile.so Tests/Fixtures/CModule/hostile_module.c
 *
 * Every lifecycle function writes one INFO line through the host's `log` service first:
 * "init", "configure", "activate", "deactivate", "shutdown"; the variants add the lines named
 * below. Every line is also recorded inside the module, because the host (rightly) drops log
 * lines a module writes after its shutdown; tests read that record through the exported
 * `hostile_event_count` (dlopen the file with RTLD_NOLOAD, then dlsym).
 *
 * Module data is a pointer to one static `hostile_state` (holding the host table), so a hook
 * or callback the host wrongly calls after shutdown touches no freed memory.
 *
 * Settings (each has a default):
 *   HOSTILE_ID          module id, a string literal                 "com.example.hostile"
 *   HOSTILE_PREFIX      first segment of its option keys             "hostile"
 *
 * Variants (one macro each unless said otherwise):
 *   HOSTILE_EMIT_IN_DEACTIVATE  offers "<id>.flush" (void(ptr)) and emits it from deactivate:
 *                               "emit in deactivate status=<n>"
 *   HOSTILE_HOOK_FLUSH="\"<point>\""
 *                               hooks <point> with void(ptr); the hook logs "flush hook", and
 *                               also "flush hook after shutdown" when called after shutdown
 *   HOSTILE_EMIT_IN_INIT        offers "<id>.ping" (void(ptr)) and emits it from init:
 *                               "emit status=<n>"; init still succeeds
 *   HOSTILE_EMIT_IN_CONFIGURE   the same from configure
 *   HOSTILE_PRESENT_THEN_FAIL   init presents a toast (duration 5) whose on_dismiss logs
 *                               "dismissed" (and "dismissed after shutdown" when shutdown has
 *                               run): "present status=<n>"; then configure fails with
 *                               "configure failed on purpose"
 *   HOSTILE_HUGE_REPEAT         activate schedules with delay 1, repeat 1e10 s
 *   HOSTILE_HUGE_DELAY          activate schedules with delay 1e12 s
 *   HOSTILE_NAN_DELAY           activate schedules with delay NAN
 *                               (all three: "schedule status=<n>"; activate succeeds; a timer
 *                               that fires logs "timer fired")
 *   HOSTILE_HUGE_ELEMENT_SIZE   hooks is an array of 2 whose first element's struct_size is
 *                               0x40000000
 *   HOSTILE_SIZE_MAX_COUNT      option_count is SIZE_MAX, the array holds 1 element
 *   HOSTILE_HUGE_ALLOWED        adds the string option "<prefix>.mode" whose allowed_values
 *                               lists 5000 distinct values ("v0" .. "v4999", then NULL)
 *   HOSTILE_HUGE_STORAGE        activate calls storage_set with length (size_t)-1 and a valid
 *                               pointer: "storage status=<n>"
 *   HOSTILE_HUGE_BODY           activate calls api_request with body length (size_t)-1:
 *                               "request status=<n>" (and "response status=<n>" if it runs)
 *   HOSTILE_REENTRANT_EMIT      offers "<id>.loop" (void(ptr)) and hooks it itself; the hook
 *                               emits it again, to a depth of at most 1000, logging
 *                               "reentrant status=<n> depth=<d>" for each non-OK status;
 *                               activate emits it once: "emit status=<n> max depth=<d>"
 *   HOSTILE_SMALL_VALUE         configure calls get_option("<prefix>.greeting") with a
 *                               parra_value whose struct_size is 4: "small value status=<n>"
 *   HOSTILE_SMALL_ERROR         configure calls get_option on a missing key with a parra_error
 *                               whose struct_size is 4, inside a larger buffer filled with a
 *                               canary byte: "small error status=<n>", then "canary intact" or
 *                               "canary overwritten"
 *   HOSTILE_CANONICAL_ID        the id is "application.hostile" (overrides HOSTILE_ID)
 *   HOSTILE_OFFER="\"<point>\"" also offers extension point <point> (void(ptr)); may be
 *                               combined with the others
 *   HOSTILE_CANCEL_AFTER_SHUTDOWN
 *                               activate schedules a one-hour timer (id 1 from a fresh host):
 *                               "timer status=<n> id=<id>". The exported hostile_late_call()
 *                               is meant for after shutdown (see below)
 *
 * Always exported (whatever the macros):
 *   int  hostile_event_count(const char *line)  how often the module wrote exactly `line`,
 *                                               whether or not the host accepted it
 *   void hostile_late_call(void)                calls cancel_timer(host, 1) and
 *                                               storage_set(host, "late", "x", 1, &error) with
 *                                               the table kept from init; logs nothing
 *   int  hostile_last_status(void)              cancel status * 100 + storage status of the
 *                                               last hostile_late_call, -1 before any (or
 *                                               before init)
 */

#include <parra_plugin.h>

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

/* ----------------------------------------------------------------------------------------
 * Settings
 * ------------------------------------------------------------------------------------- */

#ifdef HOSTILE_CANONICAL_ID
#undef HOSTILE_ID
#define HOSTILE_ID "application.hostile"
#endif

#ifndef HOSTILE_ID
#define HOSTILE_ID "com.example.hostile"
#endif

#ifndef HOSTILE_PREFIX
#define HOSTILE_PREFIX "hostile"
#endif

#define HOSTILE_GREETING_KEY HOSTILE_PREFIX ".greeting"
#define HOSTILE_FLUSH_POINT HOSTILE_ID ".flush"
#define HOSTILE_PING_POINT HOSTILE_ID ".ping"
#define HOSTILE_LOOP_POINT HOSTILE_ID ".loop"

#define HOSTILE_EXPORT __attribute__((visibility("default")))
#define HOSTILE_COUNT(array) (sizeof(array) / sizeof((array)[0]))

#define HOSTILE_MAX_DEPTH 1000
#define HOSTILE_ALLOWED_COUNT 5000
#define HOSTILE_CANARY 0xA5

#if defined(HOSTILE_EMIT_IN_DEACTIVATE) || defined(HOSTILE_EMIT_IN_INIT) ||                  \
    defined(HOSTILE_EMIT_IN_CONFIGURE) || defined(HOSTILE_REENTRANT_EMIT) || defined(HOSTILE_OFFER)
#define HOSTILE_HAS_POINTS 1
#endif

/* ----------------------------------------------------------------------------------------
 * Module state, the event record and logging
 * ------------------------------------------------------------------------------------- */

typedef struct hostile_state {
    const parra_host *host;
    /** Nesting of the reentrant hook, and the deepest it got. */
    int depth;
    int max_depth;
} hostile_state;

/** The module data: static, so nothing the host calls late can touch freed memory. */
static hostile_state hostile_data;
/** The table from init, kept past shutdown for hostile_late_call. */
static const parra_host *hostile_host;
/** Set when shutdown has run. */
static bool hostile_shut_down;
static int hostile_late_status = -1;

/** Every distinct line written, with how often (main thread only, like the lifecycle). */
#define HOSTILE_MAX_EVENTS 64
#define HOSTILE_EVENT_CAPACITY 256
static struct {
    char text[HOSTILE_EVENT_CAPACITY];
    int count;
} hostile_events[HOSTILE_MAX_EVENTS];

static void hostile_record(const char *text) {
    for (size_t index = 0; index < HOSTILE_MAX_EVENTS; index++) {
        if (hostile_events[index].count == 0) {
            snprintf(hostile_events[index].text, HOSTILE_EVENT_CAPACITY, "%s", text);
            hostile_events[index].count = 1;
            return;
        }
        if (strncmp(hostile_events[index].text, text, HOSTILE_EVENT_CAPACITY - 1) == 0) {
            hostile_events[index].count++;
            return;
        }
    }
}

HOSTILE_EXPORT int hostile_event_count(const char *text) {
    if (text == NULL) {
        return 0;
    }
    for (size_t index = 0; index < HOSTILE_MAX_EVENTS && hostile_events[index].count > 0; index++) {
        if (strncmp(hostile_events[index].text, text, HOSTILE_EVENT_CAPACITY - 1) == 0) {
            return hostile_events[index].count;
        }
    }
    return 0;
}

/** Records one line and writes it as INFO through the host's log service. */
__attribute__((format(printf, 1, 2)))
static void hostile_log(const char *format, ...) {
    char text[256];
    va_list arguments;
    va_start(arguments, format);
    int length = vsnprintf(text, sizeof text, format, arguments);
    va_end(arguments);
    if (length < 0) {
        return;
    }
    if ((size_t)length >= sizeof text) {
        length = (int)sizeof text - 1;
    }
    hostile_record(text);
    const parra_host *host = hostile_data.host;
    if (host != NULL && host->log != NULL) {
        parra_string message = {text, (size_t)length};
        host->log(host, PARRA_LOG_LEVEL_INFO, message);
    }
}

/** A zeroed parra_error of the right size. */
static parra_error hostile_error(void) {
    parra_error error;
    memset(&error, 0, sizeof error);
    error.struct_size = sizeof error;
    return error;
}

/** Emits one of this module's void(ptr) points and returns the status. */
__attribute__((unused)) static parra_status hostile_emit(const char *point_id) {
    const parra_host *host = hostile_data.host;
    parra_error error = hostile_error();
    return host->emit(host, point_id, NULL, NULL, &error);
}

/* ----------------------------------------------------------------------------------------
 * Hooks and callbacks
 * ------------------------------------------------------------------------------------- */

/* parra_application_will_terminate_fn: present in every variant so the module has a hook. */
static void hostile_will_terminate(void *module_data) {
    (void)module_data;
    hostile_log("hook " PARRA_POINT_APPLICATION_WILL_TERMINATE);
}

#ifdef HOSTILE_HOOK_FLUSH
/* "void(ptr)" on another module's point. */
static void hostile_flush_hook(void *module_data) {
    (void)module_data;
    hostile_log("flush hook");
    if (hostile_shut_down) {
        hostile_log("flush hook after shutdown");
    }
}
#endif

#ifdef HOSTILE_REENTRANT_EMIT
/* "void(ptr)" on its own <id>.loop: emits the point being dispatched again. */
static void hostile_loop_hook(void *module_data) {
    hostile_state *state = module_data;
    if (state->depth >= HOSTILE_MAX_DEPTH) {
        return; /* The host did not stop it: stop here so the test cannot hang. */
    }
    state->depth++;
    if (state->depth > state->max_depth) {
        state->max_depth = state->depth;
    }
    parra_status status = hostile_emit(HOSTILE_LOOP_POINT);
    if (status != PARRA_STATUS_OK) {
        hostile_log("reentrant status=%d depth=%d", (int)status, state->depth);
    }
    state->depth--;
}
#endif

#ifdef HOSTILE_PRESENT_THEN_FAIL
/* parra_presentation_dismissed_fn; the flag is the module's own, never the host's. */
static void hostile_dismissed(void *user_data, bool by_user) {
    (void)user_data;
    (void)by_user;
    hostile_log("dismissed");
    if (hostile_shut_down) {
        hostile_log("dismissed after shutdown");
    }
}
#endif

#if defined(HOSTILE_HUGE_REPEAT) || defined(HOSTILE_HUGE_DELAY) || defined(HOSTILE_NAN_DELAY) || \
    defined(HOSTILE_CANCEL_AFTER_SHUTDOWN)
/* parra_timer_fn */
static void hostile_timer_fired(void *user_data, uint64_t timer_id) {
    (void)user_data;
    (void)timer_id;
    hostile_log("timer fired");
}
#endif

#ifdef HOSTILE_HUGE_BODY
/* parra_api_response_fn: runs on a host worker thread, so it records nothing and logs only
 * through the (thread-safe) host log. */
static void hostile_response(void *user_data, parra_status status, int32_t http_status,
                             parra_string body, parra_string error_message) {
    (void)user_data;
    (void)http_status;
    (void)body;
    (void)error_message;
    const parra_host *host = hostile_host;
    if (host != NULL) {
        char text[64];
        int length = snprintf(text, sizeof text, "response status=%d", (int)status);
        parra_string message = {text, (size_t)length};
        host->log(host, PARRA_LOG_LEVEL_INFO, message);
    }
}
#endif

/* ----------------------------------------------------------------------------------------
 * Called by the test after the runtime stopped
 * ------------------------------------------------------------------------------------- */

HOSTILE_EXPORT void hostile_late_call(void) {
    const parra_host *host = hostile_host;
    if (host == NULL) {
        hostile_late_status = -1;
        return;
    }
    parra_status cancel = host->cancel_timer(host, 1);
    parra_error error = hostile_error();
    static const char byte = 'x';
    parra_status stored = host->storage_set(host, "late", &byte, 1, &error);
    hostile_late_status = (int)cancel * 100 + (int)stored;
}

HOSTILE_EXPORT int hostile_last_status(void) {
    return hostile_late_status;
}

/* ----------------------------------------------------------------------------------------
 * Lifecycle
 * ------------------------------------------------------------------------------------- */

static parra_status hostile_init(const parra_host *host, void **out_module_data,
                                 parra_error *error) {
    if (host == NULL || out_module_data == NULL) {
        parra_error_set(error, "init needs a host table and somewhere to write module data");
        return PARRA_STATUS_INVALID_ARGUMENT;
    }
    hostile_data.host = host;
    hostile_data.depth = 0;
    hostile_data.max_depth = 0;
    hostile_host = host;
    hostile_shut_down = false;
    hostile_log("init");

#ifdef HOSTILE_EMIT_IN_INIT
    hostile_log("emit status=%d", (int)hostile_emit(HOSTILE_PING_POINT));
#endif

#ifdef HOSTILE_PRESENT_THEN_FAIL
    static const char title[] = "Hostile";
    static const char body[] = "presented by a module about to fail";
    parra_presentation presentation;
    memset(&presentation, 0, sizeof presentation);
    presentation.struct_size = sizeof presentation;
    presentation.kind = PARRA_PRESENTATION_TOAST;
    presentation.title = (parra_string){title, sizeof title - 1};
    presentation.body = (parra_string){body, sizeof body - 1};
    presentation.duration_seconds = 5;
    presentation.on_dismiss = hostile_dismissed;
    presentation.user_data = &hostile_data;
    parra_error present_error = hostile_error();
    hostile_log("present status=%d", (int)host->present(host, &presentation, &present_error));
#endif

    *out_module_data = &hostile_data;
    return PARRA_STATUS_OK;
}

static parra_status hostile_configure(void *module_data, parra_error *error) {
    hostile_state *state = module_data;
    const parra_host *host = state->host;
    hostile_log("configure");
    (void)host;

#ifdef HOSTILE_EMIT_IN_CONFIGURE
    hostile_log("emit status=%d", (int)hostile_emit(HOSTILE_PING_POINT));
#endif

#ifdef HOSTILE_SMALL_VALUE
    {
        /* A whole parra_value, so a host that writes past struct_size corrupts nothing. */
        parra_value value;
        memset(&value, 0, sizeof value);
        value.struct_size = 4;
        parra_error value_error = hostile_error();
        parra_status status = host->get_option(host, HOSTILE_GREETING_KEY, &value, &value_error);
        hostile_log("small value status=%d", (int)status);
    }
#endif

#ifdef HOSTILE_SMALL_ERROR
    {
        union {
            parra_error error;
            unsigned char bytes[sizeof(parra_error) + 64];
        } buffer;
        memset(buffer.bytes, HOSTILE_CANARY, sizeof buffer.bytes);
        uint32_t small = 4;
        memcpy(buffer.bytes, &small, sizeof small);
        parra_value value;
        memset(&value, 0, sizeof value);
        value.struct_size = sizeof value;
        parra_status status =
            host->get_option(host, HOSTILE_PREFIX ".noSuchKey", &value, &buffer.error);
        hostile_log("small error status=%d", (int)status);
        bool intact = true;
        for (size_t index = sizeof small; index < sizeof buffer.bytes; index++) {
            if (buffer.bytes[index] != HOSTILE_CANARY) {
                intact = false;
            }
        }
        hostile_log(intact ? "canary intact" : "canary overwritten");
    }
#endif

#ifdef HOSTILE_PRESENT_THEN_FAIL
    parra_error_set(error, "configure failed on purpose");
    return PARRA_STATUS_FAILED;
#else
    (void)error;
    return PARRA_STATUS_OK;
#endif
}

static parra_status hostile_activate(void *module_data, parra_error *error) {
    hostile_state *state = module_data;
    const parra_host *host = state->host;
    (void)host;
    (void)error;
    hostile_log("activate");

#if defined(HOSTILE_HUGE_REPEAT) || defined(HOSTILE_HUGE_DELAY) || defined(HOSTILE_NAN_DELAY)
    {
#if defined(HOSTILE_HUGE_REPEAT)
        double delay = 1, repeat = 1e10;
#elif defined(HOSTILE_HUGE_DELAY)
        double delay = 1e12, repeat = 0;
#else
        double delay = NAN, repeat = 0;
#endif
        uint64_t timer_id = 0;
        parra_error schedule_error = hostile_error();
        parra_status status = host->schedule(host, delay, repeat, hostile_timer_fired, NULL,
                                             &timer_id, &schedule_error);
        hostile_log("schedule status=%d", (int)status);
    }
#endif

#ifdef HOSTILE_CANCEL_AFTER_SHUTDOWN
    {
        uint64_t timer_id = 0;
        parra_error schedule_error = hostile_error();
        parra_status status = host->schedule(host, 3600, 0, hostile_timer_fired, NULL, &timer_id,
                                             &schedule_error);
        hostile_log("timer status=%d id=%llu", (int)status, (unsigned long long)timer_id);
    }
#endif

#ifdef HOSTILE_HUGE_STORAGE
    {
        static const char bytes[16] = "hostile";
        parra_error storage_error = hostile_error();
        parra_status status = host->storage_set(host, "huge", bytes, (size_t)-1, &storage_error);
        hostile_log("storage status=%d", (int)status);
    }
#endif

#ifdef HOSTILE_HUGE_BODY
    {
        static const char body[] = "{}";
        parra_api_request request;
        memset(&request, 0, sizeof request);
        request.struct_size = sizeof request;
        request.method = "POST";
        request.path = "tenants/hostile/huge";
        request.body = (parra_string){body, (size_t)-1};
        request.timeout_seconds = 0;
        parra_error request_error = hostile_error();
        parra_status status =
            host->api_request(host, &request, hostile_response, NULL, &request_error);
        hostile_log("request status=%d", (int)status);
    }
#endif

#ifdef HOSTILE_REENTRANT_EMIT
    {
        parra_status status = hostile_emit(HOSTILE_LOOP_POINT);
        hostile_log("emit status=%d max depth=%d", (int)status, state->max_depth);
    }
#endif

    return PARRA_STATUS_OK;
}

static void hostile_deactivate(void *module_data) {
    (void)module_data;
    hostile_log("deactivate");
#ifdef HOSTILE_EMIT_IN_DEACTIVATE
    hostile_log("emit in deactivate status=%d", (int)hostile_emit(HOSTILE_FLUSH_POINT));
#endif
}

static void hostile_shutdown(void *module_data) {
    (void)module_data;
    hostile_log("shutdown");
    hostile_shut_down = true;
}

/* ----------------------------------------------------------------------------------------
 * Declarations
 * ------------------------------------------------------------------------------------- */

#ifdef HOSTILE_HUGE_ALLOWED
/* Filled by the entry function: "v0" .. "v4999", then NULL. */
static char hostile_allowed_text[HOSTILE_ALLOWED_COUNT][8];
static const char *hostile_allowed[HOSTILE_ALLOWED_COUNT + 1];

static void hostile_fill_allowed(void) {
    for (int index = 0; index < HOSTILE_ALLOWED_COUNT; index++) {
        snprintf(hostile_allowed_text[index], sizeof hostile_allowed_text[index], "v%d", index);
        hostile_allowed[index] = hostile_allowed_text[index];
    }
    hostile_allowed[HOSTILE_ALLOWED_COUNT] = NULL;
}
#endif

static const parra_option_decl hostile_options[] = {
    {
        .struct_size = sizeof(parra_option_decl),
        .key = HOSTILE_GREETING_KEY,
        .type = PARRA_OPTION_TYPE_STRING,
        .default_json = "\"hi\"",
        .doc = "What the hostile module greets with.",
        .environment_variable = NULL,
        .allowed_values = NULL,
    },
#ifdef HOSTILE_HUGE_ALLOWED
    {
        .struct_size = sizeof(parra_option_decl),
        .key = HOSTILE_PREFIX ".mode",
        .type = PARRA_OPTION_TYPE_STRING,
        .default_json = "\"v0\"",
        .doc = "A string option with 5000 allowed values.",
        .environment_variable = NULL,
        .allowed_values = (const char *const *)hostile_allowed,
    },
#endif
};

static const parra_hook_decl hostile_hooks[] = {
    {
#ifdef HOSTILE_HUGE_ELEMENT_SIZE
        .struct_size = 0x40000000u,
#else
        .struct_size = sizeof(parra_hook_decl),
#endif
        .point_id = PARRA_POINT_APPLICATION_WILL_TERMINATE,
        .signature = PARRA_SIGNATURE_APPLICATION_WILL_TERMINATE,
        .function = (parra_function)hostile_will_terminate,
        .order = 0,
    },
#ifdef HOSTILE_HUGE_ELEMENT_SIZE
    {
        .struct_size = sizeof(parra_hook_decl),
        .point_id = PARRA_POINT_APPLICATION_DID_ENTER_BACKGROUND,
        .signature = PARRA_SIGNATURE_APPLICATION_DID_ENTER_BACKGROUND,
        .function = (parra_function)hostile_will_terminate,
        .order = 0,
    },
#endif
#ifdef HOSTILE_HOOK_FLUSH
    {
        .struct_size = sizeof(parra_hook_decl),
        .point_id = HOSTILE_HOOK_FLUSH,
        .signature = "void(ptr)",
        .function = (parra_function)hostile_flush_hook,
        .order = 0,
    },
#endif
#ifdef HOSTILE_REENTRANT_EMIT
    {
        .struct_size = sizeof(parra_hook_decl),
        .point_id = HOSTILE_LOOP_POINT,
        .signature = "void(ptr)",
        .function = (parra_function)hostile_loop_hook,
        .order = 0,
    },
#endif
};

#ifdef HOSTILE_HAS_POINTS
static const parra_extension_point_decl hostile_points[] = {
#ifdef HOSTILE_EMIT_IN_DEACTIVATE
    {
        .struct_size = sizeof(parra_extension_point_decl),
        .point_id = HOSTILE_FLUSH_POINT,
        .signature = "void(ptr)",
        .combine = PARRA_COMBINE_NONE,
        .doc = "Emitted from deactivate, which the host must refuse.",
    },
#endif
#if defined(HOSTILE_EMIT_IN_INIT) || defined(HOSTILE_EMIT_IN_CONFIGURE)
    {
        .struct_size = sizeof(parra_extension_point_decl),
        .point_id = HOSTILE_PING_POINT,
        .signature = "void(ptr)",
        .combine = PARRA_COMBINE_NONE,
        .doc = "Emitted from init or configure, which the host must refuse.",
    },
#endif
#ifdef HOSTILE_REENTRANT_EMIT
    {
        .struct_size = sizeof(parra_extension_point_decl),
        .point_id = HOSTILE_LOOP_POINT,
        .signature = "void(ptr)",
        .combine = PARRA_COMBINE_NONE,
        .doc = "Hooked by this module, whose hook emits it again.",
    },
#endif
#ifdef HOSTILE_OFFER
    {
        .struct_size = sizeof(parra_extension_point_decl),
        .point_id = HOSTILE_OFFER,
        .signature = "void(ptr)",
        .combine = PARRA_COMBINE_NONE,
        .doc = "An extra point, for collision tests.",
    },
#endif
};
#endif

static const parra_module_descriptor hostile_descriptor = {
    .struct_size = sizeof(parra_module_descriptor),
    .abi_major = PARRA_ABI_VERSION_MAJOR,
    .abi_minor = PARRA_ABI_VERSION_MINOR,
    .id = HOSTILE_ID,
    .name = "Hostile",
    .version = "1.0.0",
    .description = "A Parra module in plain C that misuses the ABI on purpose.",
    .license = "MIT",
    .options = hostile_options,
#ifdef HOSTILE_SIZE_MAX_COUNT
    .option_count = SIZE_MAX,
#else
    .option_count = HOSTILE_COUNT(hostile_options),
#endif
    .hooks = hostile_hooks,
    .hook_count = HOSTILE_COUNT(hostile_hooks),
#ifdef HOSTILE_HAS_POINTS
    .extension_points = hostile_points,
    .extension_point_count = HOSTILE_COUNT(hostile_points),
#else
    .extension_points = NULL,
    .extension_point_count = 0,
#endif
    .init = hostile_init,
    .configure = hostile_configure,
    .activate = hostile_activate,
    .deactivate = hostile_deactivate,
    .shutdown = hostile_shutdown,
};

/* ----------------------------------------------------------------------------------------
 * The entry symbol
 * ------------------------------------------------------------------------------------- */

HOSTILE_EXPORT const parra_module_descriptor *parra_module_entry(void) {
#ifdef HOSTILE_HUGE_ALLOWED
    hostile_fill_allowed();
#endif
    return &hostile_descriptor;
}
