/*
 * fault_module.c: a module that takes the host down on purpose, for the hostile corpus. Apart
 * from its one fault it is a healthy module: it declares no options, one didFinishLaunching hook
 * that returns true, and its id is FAULT_ID ("com.example.fault" unless defined).
 *
 * A lifecycle fault is FAULT_PHASE=<phase> with FAULT_KIND=<kind>:
 *   phases  FAULT_IN_CONSTRUCTOR (run by dlopen), FAULT_IN_ENTRY, FAULT_IN_INIT,
 *           FAULT_IN_CONFIGURE, FAULT_IN_ACTIVATE, FAULT_IN_DEACTIVATE, FAULT_IN_SHUTDOWN,
 *           and after the lifecycle FAULT_IN_HOOK (its application.didFinishLaunching hook),
 *           FAULT_IN_TIMER (a timer it starts in activate), FAULT_IN_SINK (its log sink,
 *           given the first app log record) and FAULT_IN_COMMAND (its command
 *           "<FAULT_ID>.add", i64(ptr,i64,i64), when another module calls it), and
 *           FAULT_IN_THREAD (a thread it starts in activate, outside any host call), and
 *           FAULT_IN_CALLBACK (the dismissal callback of a toast its didFinishLaunching hook
 *           presents, which dismisses itself after a millisecond; the hook holds the unattended
 *           session until then, so the app cannot end first). FAULT_PHASE=FAULT_HOLD_LAUNCH
 *           alone takes the app's launch in activate (state initial) and never settles it.
 *           FAULT_IN_THREAD_AT_EXIT: a thread it starts in activate does the fault while the
 *           process is inside exit() (an exit handler of the module's lets it go, and waits).
 *   kinds   FAULT_SEGV (writes through NULL), FAULT_ABORT (abort()), FAULT_EXIT (exit(3)),
 *           FAULT_QUICK_EXIT (_exit(4), which runs no exit handler), FAULT_HANG (never returns),
 *           FAULT_STACK (unbounded recursion), FAULT_DIVIDE (integer division by zero: SIGFPE),
 *           FAULT_FLOOD (writes 4 MiB to standard output: it blocks while nobody reads it)
 *
 * A descriptor fault is one of (the host reads the bad memory):
 *   FAULT_WILD_ID            the descriptor's id points at address 0x10
 *   FAULT_WILD_OPTIONS       options points at address 0x1000, with option_count 1
 *   FAULT_OPTION_OVERRUN     option_count is 4000 over a one-element array
 *   FAULT_UNTERMINATED_NAME  name is the last bytes of a readable page, without a NUL, followed
 *                            by an unreadable page
 *
 * FAULT_WHEN_ENABLED declares the option fault.enabled (bool, default true), and a lifecycle
 * or call fault happens only while it is true: a fault that a setting causes.
 */

#define _DEFAULT_SOURCE /* mmap's MAP_ANONYMOUS */

#include <parra_plugin.h>

#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#define FAULT_IN_CONSTRUCTOR 1
#define FAULT_IN_ENTRY 2
#define FAULT_IN_INIT 3
#define FAULT_IN_CONFIGURE 4
#define FAULT_IN_ACTIVATE 5
#define FAULT_IN_DEACTIVATE 6
#define FAULT_IN_SHUTDOWN 7
#define FAULT_IN_HOOK 8
#define FAULT_IN_TIMER 9
#define FAULT_IN_SINK 10
#define FAULT_IN_COMMAND 11
#define FAULT_IN_THREAD 12
#define FAULT_IN_CALLBACK 13
#define FAULT_HOLD_LAUNCH 14
#define FAULT_IN_THREAD_AT_EXIT 15

#define FAULT_SEGV 1
#define FAULT_ABORT 2
#define FAULT_EXIT 3
#define FAULT_QUICK_EXIT 4
#define FAULT_HANG 5
#define FAULT_STACK 6
#define FAULT_DIVIDE 7
#define FAULT_FLOOD 8

#ifndef FAULT_ID
#define FAULT_ID "com.example.fault"
#endif
#ifndef FAULT_PHASE
#define FAULT_PHASE 0
#endif
#ifndef FAULT_KIND
#define FAULT_KIND 0
#endif

/** Recurses until the stack runs out; the volatile array keeps the frames. */
static int fault_recurse(int depth) {
    volatile char frame[4096];
    frame[0] = (char)depth;
    return fault_recurse(depth + 1) + frame[0];
}

static const parra_host *fault_host;

/** Whether fault.enabled is true (FAULT_WHEN_ENABLED), read once the host is known. */
static bool fault_enabled(void) {
#ifdef FAULT_WHEN_ENABLED
    parra_value value = {.struct_size = sizeof(parra_value)};
    return fault_host != NULL && fault_host->get_option(fault_host, "fault.enabled", &value, NULL) == PARRA_STATUS_OK &&
           value.boolean;
#else
    return true;
#endif
}

/** Does FAULT_KIND when `phase` is FAULT_PHASE (and the fault is enabled). */
static void fault_maybe(int phase) {
    if (phase != FAULT_PHASE || !fault_enabled()) return;
    volatile int zero = 0;
    switch (FAULT_KIND) {
    case FAULT_SEGV: *(volatile int *)0 = 1; break;
    case FAULT_ABORT: abort();
    case FAULT_EXIT: exit(3);
    case FAULT_QUICK_EXIT: _exit(4);
    case FAULT_HANG:
        for (;;) pause(); /* never returns: a handled signal only wakes it to wait again */
    case FAULT_STACK: fault_recurse(0); break;
    case FAULT_DIVIDE: zero = (zero + 1) / zero; break;
    case FAULT_FLOOD: {
        static char line[4096];
        memset(line, 'x', sizeof line - 1);
        line[sizeof line - 1] = '\n';
        for (int written = 0; written < 1024; written++) {
            if (write(STDOUT_FILENO, line, sizeof line) < 0) break;
        }
        break;
    }
    default: break;
    }
}

__attribute__((constructor)) static void fault_constructor(void) { fault_maybe(FAULT_IN_CONSTRUCTOR); }

static void fault_timer(void *user_data, uint64_t timer_id) {
    (void)user_data;
    (void)timer_id;
    fault_maybe(FAULT_IN_TIMER);
}

static void fault_log_sink(void *module_data, const parra_log_record *record) {
    (void)module_data;
    (void)record;
    fault_maybe(FAULT_IN_SINK);
}

/** Posted once the process is exiting, for FAULT_IN_THREAD_AT_EXIT's thread. */
static sem_t fault_exiting;

/** Never posted: fault_at_exit waits on it for the thread's fault to end the process. */
static sem_t fault_never;

/** Run by exit() (registered after the host's handler, so before it): lets the thread fault
 *  while the process is inside exit(), and keeps exit() there until the fault has ended the
 *  process (10 s at most). */
static void fault_at_exit(void) {
    sem_post(&fault_exiting);
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += 10;
    while (sem_timedwait(&fault_never, &deadline) != 0 && errno == EINTR) continue;
}

/** Posted by FAULT_IN_THREAD's thread once it runs, so activate returns with it running. */
static sem_t fault_thread_running;

static void *fault_thread(void *unused) {
    (void)unused;
    if (FAULT_PHASE == FAULT_IN_THREAD) sem_post(&fault_thread_running);
    if (FAULT_PHASE == FAULT_IN_THREAD_AT_EXIT) {
        while (sem_wait(&fault_exiting) != 0) continue;
        fault_maybe(FAULT_IN_THREAD_AT_EXIT);
    }
    fault_maybe(FAULT_IN_THREAD);
    return NULL;
}

static int64_t fault_add(void *module_data, int64_t a, int64_t b) {
    (void)module_data;
    fault_maybe(FAULT_IN_COMMAND);
    return a + b;
}

static const parra_command_decl fault_commands[] = {
    {.struct_size = sizeof(parra_command_decl),
     .command_id = FAULT_ID ".add",
     .signature = "i64(ptr,i64,i64)",
     .doc = "Adds two numbers, or faults.",
     .thread = PARRA_COMMAND_THREAD_ANY,
     .function = (parra_function)fault_add},
};

static parra_status fault_init(const parra_host *host, void **out_module_data, parra_error *error) {
    (void)error;
    fault_host = host;
    fault_maybe(FAULT_IN_INIT);
    *out_module_data = NULL;
    return PARRA_STATUS_OK;
}

static parra_status fault_configure(void *module_data, parra_error *error) {
    (void)module_data;
    (void)error;
    fault_maybe(FAULT_IN_CONFIGURE);
    return PARRA_STATUS_OK;
}

static parra_status fault_activate(void *module_data, parra_error *error) {
    (void)module_data;
    fault_maybe(FAULT_IN_ACTIVATE);
    if (FAULT_PHASE == FAULT_IN_TIMER) return fault_host->schedule(fault_host, 0, 0, fault_timer, NULL, NULL, error);
    if (FAULT_PHASE == FAULT_HOLD_LAUNCH) {
        return fault_host->set_launch_state(fault_host, PARRA_LAUNCH_STATE_INITIAL, (parra_string){0}, error);
    }
    if (FAULT_PHASE == FAULT_IN_THREAD_AT_EXIT) {
        sem_init(&fault_exiting, 0, 0);
        sem_init(&fault_never, 0, 0);
        atexit(fault_at_exit);
    }
    if (FAULT_PHASE == FAULT_IN_THREAD || FAULT_PHASE == FAULT_IN_THREAD_AT_EXIT) {
        sem_init(&fault_thread_running, 0, 0);
        pthread_t thread;
        if (pthread_create(&thread, NULL, fault_thread, NULL) == 0) {
            pthread_detach(thread);
            /* The fault then comes while the app runs, not after it may have ended. */
            if (FAULT_PHASE == FAULT_IN_THREAD) while (sem_wait(&fault_thread_running) != 0) continue;
        }
    }
    return PARRA_STATUS_OK;
}

static void fault_deactivate(void *module_data) {
    (void)module_data;
    fault_maybe(FAULT_IN_DEACTIVATE);
}

static void fault_shutdown(void *module_data) {
    (void)module_data;
    fault_maybe(FAULT_IN_SHUTDOWN);
}

/* The presentation extension, and the hold on the session while the toast shows. */
static const parra_presentation_extension *fault_presentations;
static uint64_t fault_toast_hold;

static void fault_dismissed(void *user_data, bool by_user) {
    (void)user_data;
    (void)by_user;
    if (fault_presentations) fault_presentations->release_session(fault_host, fault_toast_hold);
    fault_maybe(FAULT_IN_CALLBACK);
}

static bool fault_did_finish_launching(void *module_data, const char *launch_options_json) {
    (void)module_data;
    (void)launch_options_json;
    fault_maybe(FAULT_IN_HOOK);
    if (FAULT_PHASE == FAULT_IN_CALLBACK) {
        parra_presentation toast = {
            .struct_size = sizeof(parra_presentation),
            .kind = PARRA_PRESENTATION_TOAST,
            .title = {.data = "fault", .length = 5},
            .duration_seconds = 0.001,
            .on_dismiss = fault_dismissed,
        };
        fault_presentations = fault_host->get_extension(fault_host, PARRA_EXT_PRESENTATION);
        if (fault_presentations &&
            fault_presentations->hold_session(fault_host, 5, &fault_toast_hold, NULL) != PARRA_STATUS_OK) {
            fault_presentations = NULL;
        }
        (void)fault_host->present(fault_host, &toast, NULL);
    }
    return true;
}

static const parra_hook_decl fault_hooks[] = {
    {.struct_size = sizeof(parra_hook_decl),
     .point_id = PARRA_POINT_APPLICATION_DID_FINISH_LAUNCHING,
     .signature = PARRA_SIGNATURE_APPLICATION_DID_FINISH_LAUNCHING,
     .function = (parra_function)fault_did_finish_launching},
};

static const parra_option_decl fault_options[] = {
    {.struct_size = sizeof(parra_option_decl),
     .key = "fault.enabled",
     .type = PARRA_OPTION_TYPE_BOOL,
     .default_json = "true",
     .doc = "Nothing."},
};

static parra_module_descriptor fault_descriptor = {
    .struct_size = sizeof(parra_module_descriptor),
    .abi_major = PARRA_ABI_VERSION_MAJOR,
    .abi_minor = PARRA_ABI_VERSION_MINOR,
#ifdef FAULT_WILD_ID
    .id = (const char *)0x10,
#else
    .id = FAULT_ID,
#endif
    .name = "Fault",
    .version = "1.0.0",
    .description = "A module that takes the host down on purpose.",
    .license = "MIT",
#ifdef FAULT_WILD_OPTIONS
    .options = (const parra_option_decl *)0x1000,
    .option_count = 1,
#elif defined(FAULT_OPTION_OVERRUN)
    .options = fault_options,
    .option_count = 4000,
#elif defined(FAULT_WHEN_ENABLED)
    .options = fault_options,
    .option_count = 1,
#endif
    .hooks = fault_hooks,
    .hook_count = 1,
    .init = fault_init,
    .configure = fault_configure,
    .activate = fault_activate,
    .deactivate = fault_deactivate,
    .shutdown = fault_shutdown,
    .log_sink = FAULT_PHASE == FAULT_IN_SINK ? fault_log_sink : NULL,
    .commands = fault_commands,
    .command_count = 1,
};

PARRA_EXPORT const parra_module_descriptor *parra_module_entry(void) {
    fault_maybe(FAULT_IN_ENTRY);
#ifdef FAULT_UNTERMINATED_NAME
    long page = sysconf(_SC_PAGESIZE);
    char *pages = mmap(NULL, (size_t)page * 2, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (pages != MAP_FAILED) {
        memset(pages, 'x', (size_t)page);
        mprotect(pages + page, (size_t)page, PROT_NONE);
        fault_descriptor.name = pages;
    }
#endif
    (void)fault_options;
    return &fault_descriptor;
}
