/*
 * parra/status.h: the status every fallible call returns, and the reason the callee writes
 * when it fails.
 *
 * Part of the Parra module ABI. parra_plugin.h includes every header and states the
 * conventions they share: [main-thread] and [thread-safe], struct_size and growth, who
 * owns strings, errors, limits.
 */
#ifndef PARRA_STATUS_H
#define PARRA_STATUS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Result of every fallible call. Zero is success. */
typedef int32_t parra_status;

/** Success. */
#define PARRA_STATUS_OK 0
/** An argument was NULL, malformed or out of range. */
#define PARRA_STATUS_INVALID_ARGUMENT 1
/** The named option, key, extension point or timer does not exist. */
#define PARRA_STATUS_NOT_FOUND 2
/** A value had another type than the one asked for or declared. */
#define PARRA_STATUS_WRONG_TYPE 3
/** The call is not allowed in the module's current lifecycle state. */
#define PARRA_STATUS_WRONG_STATE 4
/** A [main-thread] function was called from another thread. */
#define PARRA_STATUS_WRONG_THREAD 5
/** The host has no such service configured (for example no API client). */
#define PARRA_STATUS_UNSUPPORTED 6
/** Reading or writing storage failed. */
#define PARRA_STATUS_IO 7
/** A network request failed before an HTTP status was received. */
#define PARRA_STATUS_NETWORK 8
/** Any other failure; the message says what. */
#define PARRA_STATUS_FAILED 9

/** Capacity of parra_error.message, including the terminating NUL. */
#define PARRA_ERROR_MESSAGE_CAPACITY 512

/** A reason for a failure, written by the callee into caller-owned memory. */
typedef struct parra_error {
    /** Set by the caller to sizeof(parra_error). */
    uint32_t struct_size;
    /** NUL-terminated UTF-8, one line, no trailing period needed. */
    char message[PARRA_ERROR_MESSAGE_CAPACITY];
} parra_error;

/** Copies `message` into `error`, truncated to fit; NULL `error` is ignored. A NULL `message`
 *  is ignored too, leaving `error` as it was. Any thread: it touches only `error`. It does not
 *  read struct_size, so use it on a full-size parra_error (one the host passed, or your own). */
static inline void parra_error_set(parra_error *error, const char *message) {
    if (error == NULL || message == NULL) {
        return;
    }
    size_t length = strlen(message);
    if (length >= PARRA_ERROR_MESSAGE_CAPACITY) {
        length = PARRA_ERROR_MESSAGE_CAPACITY - 1;
    }
    memcpy(error->message, message, length);
    error->message[length] = '\0';
}

#ifdef __cplusplus
}
#endif

#endif /* PARRA_STATUS_H */
