/*
 * parra_call_note.h: names the module call the process dies in. Host-internal (not part of the
 * module ABI). Before each lifecycle call into a module the host sets the calling thread's
 * note (the module file and the phase); when that thread then crashes (SIGSEGV, SIGBUS,
 * SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS) or calls exit(), one line naming the file and the
 * phase goes to standard error before the process ends as it would have without it.
 *
 * Calls after the lifecycle (hooks, commands, timer callbacks, log sinks) are attributed through
 * call sites instead: the thread's site in progress is one pointer, set and restored around the
 * call at no system call or copy, and the handler that finds it names the call and writes the
 * module's journal line itself, so the next start refuses the module. Module code running
 * outside any such call (a thread the module started) is found by its address on the stack.
 */
#ifndef PARRA_CALL_NOTE_H
#define PARRA_CALL_NOTE_H

#include <stdbool.h>
#include <stddef.h>

/**
 * One kind of call into one module, made once by the host and kept for the process: every
 * string is the host's and never freed. `journal_head` and `journal_tail` are the module's
 * journal line around its time ("<path>\t<what>\t" and "\t<device>\t<inode>\t<size>\t<mtime>");
 * NULL for a run that keeps no journal.
 */
typedef struct parra_call_site {
    const char *path;
    const char *what;
    const char *journal_head;
    const char *journal_tail;
} parra_call_site;

/** The calling thread's call site in progress, the innermost; NULL outside module calls. */
extern _Thread_local const parra_call_site *parra_call_site_current;

/** The calling thread's outermost call site in progress: the call the host made. */
extern _Thread_local const parra_call_site *parra_call_site_outermost;

/**
 * How many outermost calls the calling thread has entered: a watchdog that reads the same
 * count twice knows the same call is still in progress.
 */
extern _Thread_local unsigned long parra_call_site_calls;

/**
 * Makes `site` the calling thread's site in progress and returns the one it replaces, for
 * parra_call_site_leave. The thread that calls into the module, right before the call. The
 * stores are relaxed atomics (plain moves) because the call watchdog reads the main thread's.
 */
static inline const parra_call_site *parra_call_site_enter(const parra_call_site *site) {
    const parra_call_site *previous = parra_call_site_current;
    if (previous == NULL) {
        __atomic_store_n(&parra_call_site_outermost, site, __ATOMIC_RELAXED);
        __atomic_store_n(&parra_call_site_calls, parra_call_site_calls + 1, __ATOMIC_RELAXED);
    }
    __atomic_store_n(&parra_call_site_current, site, __ATOMIC_RELAXED);
    return previous;
}

/** Restores the site parra_call_site_enter returned, right after the call. */
static inline void parra_call_site_leave(const parra_call_site *previous) {
    __atomic_store_n(&parra_call_site_current, previous, __ATOMIC_RELAXED);
}

/**
 * Records where the code of the module loaded as `handle` (from dlopen) lies, with the site a
 * crash or exit is blamed on when no call site is in progress on the thread but an address in
 * it is on its stack: a thread the module started, or a call the host did not mark. The range
 * is the module's whole mapping where glibc finds it at once (_dl_find_object, 2.35 and
 * later), else each of its executable segments. The host, once per module, right after dlopen.
 */
void parra_call_note_add_module(void *handle, const parra_call_site *site);

/**
 * The journal the handlers write a call site's line to (the host's open journal file) and its
 * `path` (copied, cut at 4095 bytes), or -1 and NULL for none. An ordinary exit() that no
 * module is blamed for removes the journal file when it holds no call (blank or emptied), so a
 * clean run leaves none behind. The host, when it opens or closes its journal.
 */
void parra_call_note_set_journal(int descriptor, const char *path);

/**
 * Whether a handler has written a call site's line to the journal: the process is dying, and
 * the host must not write over it (a lifecycle call returning on another thread meanwhile).
 * Any thread.
 */
bool parra_call_note_journal_claimed(void);

/**
 * Claims the ending of the process for a hang: true for the first caller only (the call
 * watchdog or the lifecycle watchdog), which then names the call, writes the journal and ends
 * the process; a later one does nothing, so one hang is told once. Any thread.
 */
bool parra_call_note_claim_end(void);

/**
 * Installs the fatal-signal handlers and the exit handler; later calls do nothing. A handler
 * that finds no note on the crashing thread writes nothing. Either way it then restores the
 * handler that was installed before (the Swift runtime's backtracer, or the default action)
 * and lets the signal take its course. An exit() on another thread meanwhile waits for the
 * crash to end the process (10 s at most, then it ends with 128 + the signal): a crash never
 * leaves the status of an ordinary exit. The calling thread (the app's main thread) also gets
 * an alternate signal stack if it has none, so a stack overflow is named too. Any thread.
 */
void parra_call_note_install(void);

/**
 * Sets the calling thread's note: `path` (the module file) and `phase` (for example "init"),
 * both copied and cut at 1023 bytes; NULL for either clears the note. Cheap: no system call.
 * The thread that makes the module call, before and after it.
 */
void parra_call_note_set(const char *path, const char *phase);

/**
 * Says why a module that ends the process from here on cannot be quarantined (its journal cannot
 * be written), copied and cut at 511 bytes: the line then ends "it cannot be quarantined
 * (<reason>)" instead of "it is quarantined". NULL restores the usual ending. Any thread, before
 * the calls it concerns.
 */
void parra_call_note_set_unrecorded(const char *reason);

/**
 * Clears every thread's note from here on: the process is about to end on purpose while a
 * module call is in progress (a second interrupt), which the module is not to blame for.
 * Async-signal-safe. Any thread.
 */
void parra_call_note_abandon(void);

#endif
