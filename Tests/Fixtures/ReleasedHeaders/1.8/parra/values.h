/*
 * parra/values.h: the basic values that cross the boundary: text with a length, and the type
 * and value of an option.
 *
 * Part of the Parra module ABI. parra_plugin.h includes every header and states the
 * conventions they share: [main-thread] and [thread-safe], struct_size and growth, who
 * owns strings, errors, limits.
 */
#ifndef PARRA_VALUES_H
#define PARRA_VALUES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** UTF-8 text with an explicit length; `data` need not be NUL-terminated. */
typedef struct parra_string {
    /** The first byte; may be NULL when `length` is 0 (no text). */
    const char *data;
    /** The number of bytes at `data`, not counting a terminating NUL if there is one. */
    size_t length;
} parra_string;

/** The type of an option value. */
typedef int32_t parra_option_type;
/** true or false: parra_value.boolean. */
#define PARRA_OPTION_TYPE_BOOL 1
/** A whole number: parra_value.integer. */
#define PARRA_OPTION_TYPE_INTEGER 2
/** A number: parra_value.number. */
#define PARRA_OPTION_TYPE_DOUBLE 3
/** Text: parra_value.string. */
#define PARRA_OPTION_TYPE_STRING 4
/** A JSON array. */
#define PARRA_OPTION_TYPE_LIST 5
/** A JSON object. */
#define PARRA_OPTION_TYPE_OBJECT 6

/**
 * An option's current value, filled in by the host.
 * Exactly one of the payload fields is meaningful, chosen by `type`: `boolean`, `integer`,
 * `number` (DOUBLE), or `string` (STRING: the text; LIST and OBJECT: compact JSON text).
 * `string.data` is owned by the host and stays valid until the option's value next changes
 * (which happens only on the main thread, before the change callbacks run); copy it to keep it.
 */
typedef struct parra_value {
    /** Set by the caller to sizeof(parra_value) before asking the host to fill it. */
    uint32_t struct_size;
    /** Set by the host: the option's declared type, which says which field below to read. */
    parra_option_type type;
    bool boolean;
    int64_t integer;
    double number;
    parra_string string;
} parra_value;

#ifdef __cplusplus
}
#endif

#endif /* PARRA_VALUES_H */
