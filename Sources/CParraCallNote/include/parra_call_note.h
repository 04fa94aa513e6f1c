/*
 * parra_call_note.h: names the module call the process dies in. Host-internal (not part of the
 * module ABI). Before each lifecycle call into a module the host sets the calling thread's
 * note (the module file and the phase); when that thread then crashes (SIGSEGV, SIGBUS,
 * SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS) or calls exit(), one line naming the file and the
 * phase goes to standard error before the process ends as it would have without it.
 */
#ifndef PARRA_CALL_NOTE_H
#define PARRA_CALL_NOTE_H

/**
 * Installs the fatal-signal handlers and the exit handler; later calls do nothing. A handler
 * that finds no note on the crashing thread writes nothing. Either way it then restores the
 * handler that was installed before (the Swift runtime's backtracer, or the default action)
 * and lets the signal take its course. The calling thread (the app's main thread) also gets
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
