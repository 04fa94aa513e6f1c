#define _GNU_SOURCE
#include "parra_call_watch.h"

#include "call_note_internal.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <linux/futex.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

/** What the watched thread is doing: running, waiting, or waiting with the watchdog asleep. */
enum { WATCH_BUSY, WATCH_IDLE, WATCH_ASLEEP };

static atomic_bool started;
static atomic_int state = WATCH_BUSY;
/** How many times the watched thread has stopped waiting; only it writes. */
static unsigned long wakes;
/** The watched thread's call sites (its thread-locals), read by the watchdog. */
static const parra_call_site **watched_current;
static const parra_call_site **watched_outermost;
static unsigned long *watched_calls;
static double limit;
static int hang_status;
/** The watched thread's kernel id, for its /proc/self/task entry. */
static pid_t watched_tid;

/** Core Foundation's run loop activities (CFRunLoopActivity) the watchdog follows. */
#define RUN_LOOP_BEFORE_WAITING (1UL << 5)
#define RUN_LOOP_AFTER_WAITING (1UL << 6)
#define RUN_LOOP_EXIT (1UL << 7)

void parra_call_watch_idle(bool idle) {
    if (!atomic_load_explicit(&started, memory_order_relaxed)) return;
    if (idle) {
        atomic_store_explicit(&state, WATCH_IDLE, memory_order_release);
        return;
    }
    __atomic_store_n(&wakes, wakes + 1, __ATOMIC_RELAXED);
    if (atomic_exchange(&state, WATCH_BUSY) == WATCH_ASLEEP) {
        syscall(SYS_futex, &state, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
    }
}

static double monotonic_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

/** Whether a debugger (any tracer) is attached: the TracerPid line of /proc/self/status. */
static bool traced(void) {
    int descriptor = open("/proc/self/status", O_RDONLY | O_CLOEXEC);
    if (descriptor < 0) return false;
    char text[4096];
    ssize_t count = read(descriptor, text, sizeof text - 1);
    close(descriptor);
    if (count <= 0) return false;
    text[count] = '\0';
    const char *field = strstr(text, "\nTracerPid:");
    if (field == NULL) return false;
    field += strlen("\nTracerPid:");
    while (*field == ' ' || *field == '\t') field++;
    return *field != '0' && *field != '\0';
}

/**
 * Whether the watched thread is blocked writing to a terminal, a pipe or a socket: held up by
 * whoever reads it (a terminal paused with Ctrl-S, a reader that stopped reading), not by the
 * module, so its call is not called hung. From the thread's /proc/self/task/TID/syscall: the
 * call's number, then its arguments in hexadecimal, or "running".
 */
static bool blocked_on_output(void) {
    char path[64];
    snprintf(path, sizeof path, "/proc/self/task/%d/syscall", (int)watched_tid);
    int descriptor = open(path, O_RDONLY | O_CLOEXEC);
    if (descriptor < 0) return false;
    char text[256];
    ssize_t count = read(descriptor, text, sizeof text - 1);
    close(descriptor);
    if (count <= 0) return false;
    text[count] = '\0';
    char *end;
    long number = strtol(text, &end, 10);
    if (end == text) return false;
    if (number != SYS_write && number != SYS_writev && number != SYS_pwrite64 && number != SYS_pwritev &&
        number != SYS_sendto && number != SYS_sendmsg) {
        return false;
    }
    unsigned long written_to = strtoul(end, NULL, 16);
    struct stat info;
    if (fstat((int)written_to, &info) != 0) return false;
    return S_ISCHR(info.st_mode) || S_ISFIFO(info.st_mode) || S_ISSOCK(info.st_mode);
}

/** Names `site` as hung, journals it and ends the process, unless another hang was claimed. */
static void end_hung(const parra_call_site *site) {
    if (!parra_call_note_claim_end()) return;
    char tail[96];
    snprintf(tail, sizeof tail, " for %g s; ending the app (status %d)", limit, hang_status);
    const char *parts[] = {"parra: ", site->path, " hung in ", site->what, tail};
    parra_call_note_journal_site(site, "\thung");
    parra_call_note_write_report(parts, sizeof parts / sizeof parts[0]);
    _exit(hang_status);
}

/** Sleeps while the watched thread waits; returns once it is busy. */
static void sleep_while_idle(void) {
    int expected = WATCH_IDLE;
    if (!atomic_compare_exchange_strong(&state, &expected, WATCH_ASLEEP) && expected != WATCH_ASLEEP) return;
    while (atomic_load(&state) == WATCH_ASLEEP) {
        syscall(SYS_futex, &state, FUTEX_WAIT_PRIVATE, WATCH_ASLEEP, NULL, NULL, 0);
    }
}

static void *watch(void *unused) {
    (void)unused;
    const double interval = limit / 5;
    const struct timespec pause = {.tv_sec = (time_t)interval, .tv_nsec = (long)((interval - (time_t)interval) * 1e9)};
    // The call being timed: its count, the watched thread's wakes when it was first seen, how
    // long it has been seen in progress, and its innermost site while that stays the same.
    unsigned long calls = 0, seen_wakes = 0;
    double observed = -1, last = 0;
    const parra_call_site *innermost = NULL;
    for (;;) {
        if (atomic_load(&state) != WATCH_BUSY) {
            sleep_while_idle();
            observed = -1;
            continue;
        }
        nanosleep(&pause, NULL);
        double now = monotonic_seconds();
        const parra_call_site *current = __atomic_load_n(watched_current, __ATOMIC_RELAXED);
        const parra_call_site *outermost = __atomic_load_n(watched_outermost, __ATOMIC_RELAXED);
        unsigned long now_calls = __atomic_load_n(watched_calls, __ATOMIC_RELAXED);
        unsigned long now_wakes = __atomic_load_n(&wakes, __ATOMIC_RELAXED);
        if (current == NULL || observed < 0 || now_calls != calls || now_wakes != seen_wakes ||
            atomic_load(&state) != WATCH_BUSY) {
            // A new call (or none): timed from this look on.
            observed = current == NULL ? -1 : 0;
            calls = now_calls;
            seen_wakes = now_wakes;
            innermost = current;
            last = now;
            continue;
        }
        // A stopped process (SIGSTOP, a frozen cgroup) resumes late: that gap counts as two looks.
        observed += now - last < 2 * interval ? now - last : 2 * interval;
        last = now;
        if (current != innermost) innermost = NULL;
        if (observed < limit) continue;
        if (traced() || blocked_on_output()) {
            observed = 0;
            continue;
        }
        end_hung(innermost != NULL ? innermost : outermost);
        return NULL;
    }
}

/** Core Foundation's run loop observer callout: the main run loop is about to wait, or woke. */
static void run_loop_activity(void *observer, unsigned long activity, void *info) {
    (void)observer;
    (void)info;
    parra_call_watch_idle(activity == RUN_LOOP_BEFORE_WAITING);
}

/** Follows Core Foundation's main run loop, when it is in the process. */
static void follow_core_foundation(void) {
    void *(*get_main)(void) = (void *(*)(void))dlsym(RTLD_DEFAULT, "CFRunLoopGetMain");
    // Without CoreFoundation (an app of FoundationEssentials alone) there is nothing else to find.
    if (get_main == NULL) return;
    void *(*create)(const void *, unsigned long, unsigned char, long, void (*)(void *, unsigned long, void *), void *) =
        (void *(*)(const void *, unsigned long, unsigned char, long, void (*)(void *, unsigned long, void *), void *))
            dlsym(RTLD_DEFAULT, "CFRunLoopObserverCreate");
    void (*add)(void *, void *, const void *) =
        (void (*)(void *, void *, const void *))dlsym(RTLD_DEFAULT, "CFRunLoopAddObserver");
    const void *const *common_modes = dlsym(RTLD_DEFAULT, "kCFRunLoopCommonModes");
    if (create == NULL || add == NULL || common_modes == NULL) return;
    void *observer = create(
        NULL, RUN_LOOP_BEFORE_WAITING | RUN_LOOP_AFTER_WAITING | RUN_LOOP_EXIT, 1, 0, run_loop_activity, NULL);
    if (observer != NULL) add(get_main(), observer, *common_modes);
}

void parra_call_watch_start(double limit_seconds, int exit_status) {
    bool expected = false;
    if (limit_seconds <= 0 || !atomic_compare_exchange_strong(&started, &expected, true)) return;
    limit = limit_seconds;
    hang_status = exit_status;
    watched_current = (const parra_call_site **)&parra_call_site_current;
    watched_outermost = (const parra_call_site **)&parra_call_site_outermost;
    watched_calls = &parra_call_site_calls;
    watched_tid = (pid_t)syscall(SYS_gettid);
    follow_core_foundation();
    // Signals go to the app's threads, never to the watchdog's.
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pthread_t thread;
    if (pthread_create(&thread, &attributes, watch, NULL) != 0) atomic_store(&started, false);
    pthread_attr_destroy(&attributes);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
}
