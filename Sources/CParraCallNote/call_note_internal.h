/* call_note_internal.h: what the call note's handlers and the call watchdog share. */
#ifndef PARRA_CALL_NOTE_INTERNAL_H
#define PARRA_CALL_NOTE_INTERNAL_H

#include "parra_call_note.h"

/** Writes `text` to standard error whole, with write(2) only. Async-signal-safe. */
void parra_call_note_write_text(const char *text);

/**
 * Writes `site`'s journal line with the time now, then `suffix` ("" or "\thung"), as the
 * journal's whole content, and marks the journal claimed. Nothing for a run without a journal.
 * Async-signal-safe.
 */
void parra_call_note_journal_site(const parra_call_site *site, const char *suffix);

/**
 * Writes the `count` texts of `parts` ("parra: <path> ..."), then "; it is quarantined" or why
 * it cannot be, as one line with one write(2): another thread's log line cannot land inside it.
 * A line longer than its buffer is cut. Async-signal-safe.
 */
void parra_call_note_write_report(const char *const *parts, size_t count);

#endif
