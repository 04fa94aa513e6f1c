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

/** Ends a "parra: ..." line: "; it is quarantined", or why it cannot be. Async-signal-safe. */
void parra_call_note_write_outcome(void);

#endif
