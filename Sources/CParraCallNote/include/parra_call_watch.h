/*
 * parra_call_watch.h: bounds the calls into modules that the app's main thread makes after
 * the lifecycle (hooks, commands, timers, log sinks, callbacks), as the lifecycle watchdog
 * bounds init and the rest. Host-internal (not part of the module ABI).
 *
 * A thread of its own reads the main thread's call sites (parra_call_note.h) a fifth of the
 * limit apart, and only while the main thread is busy: while it waits in its run loop the
 * watchdog sleeps with no timeout, so an idle app never wakes it. The call sites cost the
 * calls nothing more (the reads are of the main thread's own stores).
 *
 * When one outermost call has been in progress for the limit, the watchdog names the call (the
 * innermost site if the same one was in progress at every look, else the outermost: a call that
 * keeps calling others and never returns), writes its journal line marked as a hang, so the
 * next start refuses the module, and ends the process with the status given. Time the process
 * spends stopped counts for at most two looks, a call blocked writing to a terminal, a pipe or a
 * socket is held up by its reader (a terminal paused with Ctrl-S) and is not called hung, and
 * nothing is ended while a debugger is attached.
 */
#ifndef PARRA_CALL_WATCH_H
#define PARRA_CALL_WATCH_H

#include <stdbool.h>

/**
 * Starts watching the calling thread (the app's main thread) with `limit_seconds` for one call
 * and `exit_status` for the process a hang ends; later calls do nothing. When Core Foundation is
 * in the process, its main run loop tells the watchdog when it waits; otherwise the thread's
 * own waits call parra_call_watch_idle. The app's main thread, once, before module calls.
 */
void parra_call_watch_start(double limit_seconds, int exit_status);

/**
 * Says the watched thread is about to wait for work (`idle` true) or has stopped waiting
 * (false). A relaxed store, and a futex wake only when the watchdog had gone to sleep. The
 * watched thread, around each wait of its run loop that Core Foundation does not turn.
 */
void parra_call_watch_idle(bool idle);

#endif
