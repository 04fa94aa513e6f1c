#define _GNU_SOURCE
#include "parra_call_note.h"
#include "call_note_internal.h"

#include <dlfcn.h>
#include <errno.h>
#include <execinfo.h>
#include <link.h>
#include <signal.h>
#include <stdint.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
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

/** Where a module's code lies (an executable segment, or its whole mapping), and the site its
 *  code is blamed on outside marked calls. */
typedef struct module_range {
    uintptr_t start;
    uintptr_t end;
    const parra_call_site *site;
} module_range;

#define MAXIMUM_RANGES 1024
static module_range module_ranges[MAXIMUM_RANGES];
/** How many of module_ranges are filled; each is written before the count that covers it. */
static atomic_int module_range_count;
_Thread_local const parra_call_site *parra_call_site_current;
_Thread_local const parra_call_site *parra_call_site_outermost;
_Thread_local unsigned long parra_call_site_calls;
static atomic_int journal = -1;
/** The journal's path, written before `journal` is set to its descriptor. */
static char journal_path[4096];
static atomic_bool journal_claimed;
static atomic_bool end_claimed;
/** The signal a thread is dying of, 0 while none is. */
static atomic_int crashing_signal;
/** How long an exit waits for another thread's crash to end the process, in seconds. */
#define CRASH_WAIT_SECONDS 10
static atomic_bool installed;
static atomic_bool abandoned;
/** Why a crash cannot be quarantined; `unrecorded_set` is set once it holds the reason. */
static char unrecorded[512];
static atomic_bool unrecorded_set;

static const int fatal_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS};
#define FATAL_SIGNAL_COUNT (sizeof fatal_signals / sizeof fatal_signals[0])
static struct sigaction previous[FATAL_SIGNAL_COUNT];

void parra_call_note_write_text(const char *text) {
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

/** Appends `text` to `buffer` (of `size` bytes) at `*length`, cut to fit. */
static void append_text(char *buffer, size_t size, size_t *length, const char *text) {
    while (*text && *length + 1 < size) buffer[(*length)++] = *text++;
}

void parra_call_note_journal_site(const parra_call_site *site, const char *suffix) {
    int descriptor = atomic_load(&journal);
    if (descriptor < 0 || site->journal_head == NULL || site->journal_tail == NULL) return;
    atomic_store(&journal_claimed, true);
    char line[4096];
    size_t length = 0;
    append_text(line, sizeof line, &length, site->journal_head);
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    char digits[24];
    int count = 0;
    long long seconds = (long long)now.tv_sec;
    do {
        digits[count++] = (char)('0' + seconds % 10);
        seconds /= 10;
    } while (seconds > 0 && count < (int)sizeof digits);
    while (count > 0 && length + 1 < sizeof line) line[length++] = digits[--count];
    append_text(line, sizeof line, &length, site->journal_tail);
    append_text(line, sizeof line, &length, suffix);
    if (pwrite(descriptor, line, length, 0) == (ssize_t)length) (void)ftruncate(descriptor, (off_t)length);
}

void parra_call_note_write_report(const char *const *parts, size_t count) {
    char line[3 * NOTE_TEXT_SIZE + sizeof unrecorded + 64];
    size_t length = 0;
    for (size_t index = 0; index < count; index++) append_text(line, sizeof line, &length, parts[index]);
    if (atomic_load(&unrecorded_set)) {
        append_text(line, sizeof line, &length, "; it cannot be quarantined (");
        append_text(line, sizeof line, &length, unrecorded);
        append_text(line, sizeof line, &length, ")\n");
    } else {
        append_text(line, sizeof line, &length, "; it is quarantined\n");
    }
    // A line cut to fit still ends the line.
    if (length > 0 && line[length - 1] != '\n') line[length - 1] = '\n';
    line[length] = '\0';
    parra_call_note_write_text(line);
}

/** The site of the innermost module code on this thread's stack, or NULL. */
static const parra_call_site *site_on_stack(void) {
    int ranges = atomic_load(&module_range_count);
    if (ranges == 0) return NULL;
    void *frames[64];
    int count = backtrace(frames, 64);
    for (int frame = 0; frame < count; frame++) {
        uintptr_t address = (uintptr_t)frames[frame];
        for (int index = 0; index < ranges; index++) {
            if (address >= module_ranges[index].start && address < module_ranges[index].end) {
                return module_ranges[index].site;
            }
        }
    }
    return NULL;
}

/** Writes "parra: <path> <what> in <phase>; it is quarantined" when this thread has a note, a
 *  call site in progress, or a module's code on its stack (then also its journal line); returns
 *  whether it did. */
static bool report(const char *what) {
    if (atomic_load(&abandoned)) return false;
    const parra_call_site *site = parra_call_site_current;
    if (!note.active && site == NULL) site = site_on_stack();
    if (!note.active && site == NULL) return false;
    const char *parts[] = {
        "parra: ", note.active ? note.path : site->path, " ", what, " in ", note.active ? note.phase : site->what,
    };
    if (!note.active) {
        parra_call_note_journal_site(site, "");
        parra_call_site_current = NULL;
    }
    parra_call_note_write_report(parts, sizeof parts / sizeof parts[0]);
    note.active = 0;
    return true;
}

/** Removes the journal file when it holds no call: empty, or a page of spaces. */
static void remove_blank_journal(void) {
    int descriptor = atomic_load(&journal);
    if (descriptor < 0 || journal_path[0] == '\0') return;
    char first;
    ssize_t got = pread(descriptor, &first, 1, 0);
    if (got == 0 || (got == 1 && first == ' ')) (void)unlink(journal_path);
}

static void on_fatal_signal(int number, siginfo_t *info, void *context) {
    (void)context;
    int none = 0;
    atomic_compare_exchange_strong(&crashing_signal, &none, number);
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

static void on_exit_call(void) {
    // Another thread is dying of a signal (a module's thread crashing as the app ends): the
    // process ends by that signal, once its handlers are done, never with this exit's status.
    int dying = atomic_load(&crashing_signal);
    if (dying != 0) {
        struct timespec left = {.tv_sec = CRASH_WAIT_SECONDS, .tv_nsec = 0};
        while (nanosleep(&left, &left) != 0 && errno == EINTR) continue;
        _exit(128 + dying);
    }
    if (!report("ended the process (exit)")) remove_blank_journal();
}

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
    // backtrace loads the unwinder on its first call: done now, not in a signal handler.
    void *frame[1];
    (void)backtrace(frame, 1);
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

/** What dl_iterate_phdr looks for: the module's base, and its site. */
typedef struct module_search {
    uintptr_t base;
    const parra_call_site *site;
} module_search;

/** Adds [start, end) with `site`, unless the table is full. Under `adding`. */
static void add_range(uintptr_t start, uintptr_t end, const parra_call_site *site) {
    int slot = atomic_load(&module_range_count);
    if (slot >= MAXIMUM_RANGES) return;
    module_ranges[slot] = (module_range){.start = start, .end = end, .site = site};
    atomic_store(&module_range_count, slot + 1);
}

static int add_ranges(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    const module_search *search = data;
    if (info->dlpi_addr != search->base) return 0;
    for (int index = 0; index < info->dlpi_phnum; index++) {
        const ElfW(Phdr) *header = &info->dlpi_phdr[index];
        if (header->p_type != PT_LOAD || !(header->p_flags & PF_X)) continue;
        uintptr_t start = info->dlpi_addr + header->p_vaddr;
        add_range(start, start + header->p_memsz, search->site);
    }
    return 1;
}

void parra_call_note_add_module(void *handle, const parra_call_site *site) {
    static pthread_mutex_t adding = PTHREAD_MUTEX_INITIALIZER;
    struct link_map *map = NULL;
    if (handle == NULL || dlinfo(handle, RTLD_DI_LINKMAP, &map) != 0 || map == NULL) return;
    pthread_mutex_lock(&adding);
#ifdef DLFO_STRUCT_HAS_EH_DBASE
    // glibc 2.35 and later find the object holding the module's dynamic section in logarithmic
    // time, and give its whole mapping; dl_iterate_phdr visits every object loaded, so a start
    // with n modules cost n times n visits.
    struct dl_find_object found;
    if (map->l_ld != NULL && _dl_find_object(map->l_ld, &found) == 0 && found.dlfo_link_map == map) {
        add_range((uintptr_t)found.dlfo_map_start, (uintptr_t)found.dlfo_map_end, site);
        pthread_mutex_unlock(&adding);
        return;
    }
#endif
    module_search search = {.base = (uintptr_t)map->l_addr, .site = site};
    dl_iterate_phdr(add_ranges, &search);
    pthread_mutex_unlock(&adding);
}

void parra_call_note_set_journal(int descriptor, const char *path) {
    if (path != NULL) {
        size_t length = strnlen(path, sizeof journal_path - 1);
        memcpy(journal_path, path, length);
        journal_path[length] = '\0';
    }
    atomic_store(&journal, descriptor);
}

bool parra_call_note_journal_claimed(void) { return atomic_load(&journal_claimed); }

bool parra_call_note_claim_end(void) { return !atomic_exchange(&end_claimed, true); }

void parra_call_note_abandon(void) { atomic_store(&abandoned, true); }
