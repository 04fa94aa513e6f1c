#include "parra_call_note.h"

#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define NOTE_TEXT_SIZE 1024
#define ALTERNATE_STACK_SIZE (64 * 1024)

/** One thread's call in progress. `active` is set last, so a handler never reads a half note. */
typedef struct call_note {
    char path[NOTE_TEXT_SIZE];
    char phase[NOTE_TEXT_SIZE];
    volatile sig_atomic_t active;
} call_note;

static _Thread_local call_note note;
static atomic_bool installed;
static atomic_bool abandoned;
/** Why a crash cannot be quarantined; `unrecorded_set` is set once it holds the reason. */
static char unrecorded[512];
static atomic_bool unrecorded_set;

static const int fatal_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS};
#define FATAL_SIGNAL_COUNT (sizeof fatal_signals / sizeof fatal_signals[0])
static struct sigaction previous[FATAL_SIGNAL_COUNT];

static void write_text(const char *text) {
    size_t length = strlen(text);
    while (length > 0) {
        ssize_t written = write(STDERR_FILENO, text, length);
        if (written <= 0) return;
        text += written;
        length -= (size_t)written;
    }
}

static const char *signal_name(int number) {
    switch (number) {
    case SIGSEGV: return "SIGSEGV";
    case SIGBUS: return "SIGBUS";
    case SIGILL: return "SIGILL";
    case SIGFPE: return "SIGFPE";
    case SIGABRT: return "SIGABRT";
    case SIGTRAP: return "SIGTRAP";
    default: return "SIGSYS";
    }
}

/** Writes "parra: <path> <what> in <phase>; it is quarantined" when this thread has a note. */
static void report(const char *what) {
    if (!note.active || atomic_load(&abandoned)) return;
    write_text("parra: ");
    write_text(note.path);
    write_text(" ");
    write_text(what);
    write_text(" in ");
    write_text(note.phase);
    if (atomic_load(&unrecorded_set)) {
        write_text("; it cannot be quarantined (");
        write_text(unrecorded);
        write_text(")\n");
    } else {
        write_text("; it is quarantined\n");
    }
    note.active = 0;
}

static void on_fatal_signal(int number, siginfo_t *info, void *context) {
    (void)context;
    char what[64] = "crashed the process (";
    strcat(what, signal_name(number));
    strcat(what, ")");
    report(what);
    for (size_t index = 0; index < FATAL_SIGNAL_COUNT; index++) {
        if (fatal_signals[index] == number) sigaction(number, &previous[index], NULL);
    }
    // A fault repeats when the instruction runs again, now reaching the earlier handler. A
    // signal that was sent (abort, kill), a breakpoint trap (the instruction is already past)
    // and a seccomp SIGSYS (the call is skipped) would not: they are raised again, and
    // delivered once this returns.
    if (info == NULL || info->si_code <= 0 || number == SIGTRAP || number == SIGSYS) raise(number);
}

static void on_exit_call(void) { report("ended the process (exit)"); }

void parra_call_note_install(void) {
    bool expected = false;
    if (!atomic_compare_exchange_strong(&installed, &expected, true)) return;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_fatal_signal;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    for (size_t index = 0; index < FATAL_SIGNAL_COUNT; index++) {
        sigaction(fatal_signals[index], &action, &previous[index]);
    }
    // A stack overflow leaves no stack to run the handler on: give this thread another.
    stack_t current;
    if (sigaltstack(NULL, &current) == 0 && (current.ss_flags & SS_DISABLE)) {
        stack_t spare = {.ss_sp = malloc(ALTERNATE_STACK_SIZE), .ss_size = ALTERNATE_STACK_SIZE, .ss_flags = 0};
        if (spare.ss_sp != NULL) sigaltstack(&spare, NULL);
    }
    atexit(on_exit_call);
}

/** Copies `text` into a note field, cut to fit. */
static void copy_text(char *field, const char *text) {
    size_t length = strnlen(text, NOTE_TEXT_SIZE - 1);
    memcpy(field, text, length);
    field[length] = '\0';
}

void parra_call_note_set(const char *path, const char *phase) {
    note.active = 0;
    if (path == NULL || phase == NULL) return;
    copy_text(note.path, path);
    copy_text(note.phase, phase);
    atomic_signal_fence(memory_order_seq_cst);
    note.active = 1;
}

void parra_call_note_set_unrecorded(const char *reason) {
    atomic_store(&unrecorded_set, false);
    if (reason == NULL) return;
    size_t length = strnlen(reason, sizeof unrecorded - 1);
    memcpy(unrecorded, reason, length);
    unrecorded[length] = '\0';
    atomic_store(&unrecorded_set, true);
}

void parra_call_note_abandon(void) { atomic_store(&abandoned, true); }
