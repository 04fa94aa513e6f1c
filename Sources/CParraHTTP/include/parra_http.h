/*
 * parra_http.h: the Parra API client's HTTP(S) transport, on libcurl, in a shared object of its
 * own (libparra-http.so) that ParraAPI opens with dlopen and looks up by these names, so a
 * process that never talks to a server never loads libcurl and its TLS libraries.
 * Host-internal: not part of the module ABI.
 *
 * Each exchange runs on a thread of its own and is bounded by its timeout as a whole, redirects
 * included. The body is cut off at the transport's cap as it arrives, whatever the framing
 * (Content-Length, chunked, or until the connection closes): a declared length over the cap
 * fails before any of the body is read, and a body that grows past it ends the transfer at
 * once, so no more than the cap is ever held. A connection that closes before the declared
 * length is a truncated body. Redirects to another origin are not followed (the 3xx is the
 * answer); within the origin, every one but a 303 keeps the method and body, at most 10.
 */
#ifndef PARRA_HTTP_H
#define PARRA_HTTP_H

#include <stdbool.h>
#include <stdint.h>

/** How an exchange ended, as parra_http_completion's `code` gives it. */
enum {
    PARRA_HTTP_OK = 0,
    /** The exchange took longer than its timeout; `seconds` is the timeout. */
    PARRA_HTTP_TIMED_OUT = 1,
    /** The connection failed; `body` is why. */
    PARRA_HTTP_NETWORK = 2,
    /** The connection closed before the declared length: `first` declared, `second` received. */
    PARRA_HTTP_TRUNCATED_BODY = 3,
    /** The body is larger than the cap: `first` is the cap. */
    PARRA_HTTP_BODY_TOO_LARGE = 4,
    /** The request cannot be sent; `body` is why. */
    PARRA_HTTP_INVALID_REQUEST = 5,
};

/**
 * Called once per exchange, on the exchange's thread: the context perform was given; the
 * outcome (PARRA_HTTP_*); for PARRA_HTTP_OK the status, the headers as `name NUL value NUL`
 * pairs (names lower-cased, a repeated header once per time it came) and their length, and the body
 * and its length; for a failure the text (`body`) and counts described above. Every byte is
 * lent for the call only.
 */
typedef void (*parra_http_completion)(
    void *context, int32_t code, intptr_t status, const uint8_t *headers, intptr_t headers_length,
    const uint8_t *body, intptr_t body_length, intptr_t first, intptr_t second, double seconds);

/**
 * A transport for the server at `base_url` (NUL-terminated, ending with '/') that takes bodies
 * of up to `max_body_bytes`; NULL when the URL is not an http or https URL. The caller owns it
 * and lets it go with parra_http_release. Any thread.
 */
void *parra_http_create(const char *base_url, intptr_t max_body_bytes);

/**
 * Sends one request: `method`, `path` resolved against the base URL, `headers` as `name NUL
 * value NUL` pairs, the body when `has_body`, the whole exchange within `timeout` seconds. Every
 * argument is copied before this returns. Calls `completion` with `context` exactly once, from
 * another thread. Any thread.
 */
void parra_http_perform(
    void *transport, const char *method, const char *path, const uint8_t *headers, intptr_t headers_length,
    const uint8_t *body, intptr_t body_length, bool has_body, double timeout, void *context,
    parra_http_completion completion);

/**
 * Ends what the transport is sending (each exchange completes as a network failure within about
 * a second) and fails every later request. Any thread.
 */
void parra_http_invalidate(void *transport);

/** Lets the transport go; exchanges still running keep it until they complete. Any thread. */
void parra_http_release(void *transport);

#endif
