/*
 * timer_race.c: a C module for the timer tests. On activate it starts a 1 ms repeating timer
 * whose callback takes about 3 ms and checks, before and after, that the module has not let
 * its data go; its command "com.example.timerrace.cancel" (any thread) cancels the timer and
 * then lets the data go, as a module may once cancel_timer has returned; shutdown lets it go
 * too. A callback that finds the data gone logs "used after it was let go"; the first call
 * logs "fired".
 */
#define _POSIX_C_SOURCE 200809L /* nanosleep under -std=c11 */

#include <stdatomic.h>
#include <time.h>

#include "parra_plugin.h"

static const parra_host *race_host;
static uint64_t race_timer;
static atomic_int released;
static atomic_int calls;

static void say(const char *text) {
    race_host->log(race_host, PARRA_LOG_LEVEL_INFO, (parra_string){text, strlen(text)});
}

static void on_timer(void *user_data, uint64_t timer_id) {
    (void)user_data;
    (void)timer_id;
    if (atomic_load(&released)) say("used after it was let go");
    if (atomic_fetch_add(&calls, 1) == 0) say("fired");
    /* Busy for 3 ms, so that a cancel from another thread lands while a callback runs (a
     * window for the race, not a wait for anything). */
    struct timespec pause = {0, 3000000};
    nanosleep(&pause, NULL);
    if (atomic_load(&released)) say("used after it was let go");
}

static void cancel(void *data) {
    (void)data;
    race_host->cancel_timer(race_host, race_timer);
    atomic_store(&released, 1);
    say("cancelled");
}

static parra_status race_init(const parra_host *host, void **out_module_data, parra_error *error) {
    (void)error;
    race_host = host;
    *out_module_data = NULL;
    return PARRA_STATUS_OK;
}

static parra_status race_activate(void *data, parra_error *error) {
    (void)data;
    return race_host->schedule(race_host, 0.001, 0.001, on_timer, NULL, &race_timer, error);
}

static void race_shutdown(void *data) {
    (void)data;
    atomic_store(&released, 1);
}

static const parra_command_decl race_commands[] = {
    {.struct_size = sizeof(parra_command_decl), .command_id = "com.example.timerrace.cancel",
     .signature = "void(ptr)", .doc = "Cancels the timer, then lets its data go",
     .thread = PARRA_COMMAND_THREAD_ANY, .function = (parra_function)cancel},
};

static const parra_module_descriptor race_descriptor = {
    .struct_size = sizeof(parra_module_descriptor),
    .abi_major = PARRA_ABI_VERSION_MAJOR,
    .abi_minor = PARRA_ABI_VERSION_MINOR,
    .id = "com.example.timerrace",
    .name = "TimerRace",
    .version = "1.0.0",
    .description = "Cancels a busy timer from another thread",
    .license = "MIT",
    .init = race_init,
    .activate = race_activate,
    .shutdown = race_shutdown,
    .commands = race_commands,
    .command_count = 1,
};

const parra_module_descriptor *parra_module_entry(void) { return &race_descriptor; }
