/*
 * parra_logger_support.h: the little the logger module needs from C that Swift's Glibc
 * overlay does not offer. Private to the ParraLogger module.
 */
#ifndef PARRA_LOGGER_SUPPORT_H
#define PARRA_LOGGER_SUPPORT_H

#include <stdbool.h>
#include <stddef.h>

/* Included here, not only found in this folder, so that a build whose module cache predates
 * it sees this header change and rebuilds the module. */
#include "parra_logger_lane.h"

/** Writes the calling thread's name, NUL-terminated, into `buffer`: "main" for the process's
 *  first thread, else the name set with pthread_setname_np (Foundation's Thread.name and
 *  Dispatch's worker names land there). Returns the length written. Any thread. */
size_t parra_logger_thread_name(char *buffer, size_t capacity);

/** The absolute path of the file that holds the logger's code (the module's shared object as
 *  the dynamic linker loaded it, or the executable it is linked into, from /proc/self/exe);
 *  NULL when it cannot tell. The text lives as long as the process. Any thread. */
const char *parra_logger_image_path(void);

/** Whether `fd` is a terminal. Any thread. */
bool parra_logger_is_terminal(int fd);

#endif
