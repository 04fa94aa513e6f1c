/*
 * parra/ext/json.h: PARRA_EXT_JSON, the host's JSON reader for modules: parse a document once,
 * then read its values by path ("aps.alert.title") or walk them.
 *
 * Part of the Parra module ABI. parra_plugin.h includes every header and states the
 * conventions they share: [main-thread] and [thread-safe], struct_size and growth, who
 * owns strings, errors, limits.
 */
#ifndef PARRA_EXT_JSON_H
#define PARRA_EXT_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../status.h"
#include "../values.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The host's JSON reader, read as the host reads server answers and pushes: RFC 8259 (no
 *  comments, trailing commas, NaN or single quotes; escapes checked, surrogates paired), with a
 *  `null` member or item left out, a repeated key keeping its last value, a number too large
 *  for a double read as infinite, and at most 512 levels of nesting; a document that is only
 *  `null` is refused. Offered by every host of ABI 1.5 and later (see parra_json_extension). */
#define PARRA_EXT_JSON "parra.json/1"

/** A parsed document: owned by the module that parsed it, until it frees it with
 *  free_document. Opaque. */
typedef struct parra_json_document parra_json_document;

/** One value in a document: owned by its document and valid until the document is freed.
 *  Opaque; NULL stands for "absent" wherever a value is returned. */
typedef struct parra_json_value parra_json_value;

/** The kind of a value. A `null` member or item is left out, so no value has a null kind. */
typedef enum parra_json_kind {
    /** No value: what kind() says of NULL. */
    PARRA_JSON_ABSENT = 0,
    /** `true` or `false`. */
    PARRA_JSON_BOOL = 1,
    /** A number; integers of up to 53 bits read exactly. */
    PARRA_JSON_NUMBER = 2,
    /** A string. */
    PARRA_JSON_STRING = 3,
    /** An array. */
    PARRA_JSON_ARRAY = 4,
    /** An object. */
    PARRA_JSON_OBJECT = 5,
} parra_json_kind;

/** PARRA_EXT_JSON: the host's JSON reader. Every function is [thread-safe] and may be called
 *  from any thread, including from hooks and commands, but one document must not be freed
 *  while another thread reads it. None of them needs the `host` after get_extension. */
typedef struct parra_json_extension {
    /** Set by the host to the size of the struct it offers. */
    uint32_t struct_size;
    /** Parses `length` bytes of UTF-8 at `text` (the caller's; read during the call only).
     *  Returns the document, which the caller frees with free_document; on text that is not
     *  JSON, returns NULL and writes why and where to `error` (line, column and path). */
    parra_json_document *(*parse)(const char *text, size_t length, parra_error *error);
    /** Frees `document` and every value in it; NULL is ignored. */
    void (*free_document)(parra_json_document *document);
    /** The document's top-level value. */
    const parra_json_value *(*root)(const parra_json_document *document);
    /** The value at `path` below `value`: members named by their keys and array items by their
     *  index, joined by dots ("aps.alert.title", "items.0.name"); "" is `value` itself. NULL when
     *  any step is absent (a key no member has, an index out of range, a step into a string).
     *  A key that holds a dot is reached by walking the object with count and member_key. */
    const parra_json_value *(*get)(const parra_json_value *value, const char *path);
    /** The value's kind; PARRA_JSON_ABSENT for NULL. */
    parra_json_kind (*kind)(const parra_json_value *value);
    /** Writes a BOOL value to `out` and returns true; false (and `out` untouched) otherwise. */
    bool (*get_bool)(const parra_json_value *value, bool *out);
    /** Writes a NUMBER value to `out` and returns true; false (and `out` untouched) otherwise. */
    bool (*get_number)(const parra_json_value *value, double *out);
    /** Writes a STRING value to `out` and returns true; false (and `out` untouched) otherwise.
     *  The text is the document's (valid until it is freed), UTF-8, escapes decoded, and
     *  NUL-terminated after `length` bytes (it may hold a NUL of its own, from "\u0000"). */
    bool (*get_string)(const parra_json_value *value, parra_string *out);
    /** The number of items of an ARRAY or members of an OBJECT; 0 for any other value. */
    size_t (*count)(const parra_json_value *value);
    /** Item `index` of an ARRAY, or the value of member `index` of an OBJECT (members in the
     *  byte order of their keys, not the document's); NULL when out of range or for any other
     *  value. */
    const parra_json_value *(*child)(const parra_json_value *value, size_t index);
    /** Writes the key of member `index` of an OBJECT to `out` (the document's text, as for
     *  get_string) and returns true; false for an index out of range or another value. */
    bool (*member_key)(const parra_json_value *value, size_t index, parra_string *out);
} parra_json_extension;

#ifdef __cplusplus
}
#endif

#endif /* PARRA_EXT_JSON_H */
