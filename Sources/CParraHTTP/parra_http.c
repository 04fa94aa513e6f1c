#define _GNU_SOURCE
#include "parra_http.h"

#include <curl/curl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

/** The most redirects one exchange follows. */
#define MAXIMUM_REDIRECTS 10

typedef struct transport {
    /** The base URL, parsed: paths are resolved against it. */
    CURLU *base;
    /** The base's origin, lower-cased, with its port spelled out: only redirects to it are followed. */
    char *origin;
    intptr_t max_body;
    /** Connections (and DNS answers) shared between the exchanges, so a request reuses one. */
    CURLSH *share;
    pthread_mutex_t share_locks[CURL_LOCK_DATA_LAST];
    /** The caller's reference and one per exchange running. */
    atomic_int references;
    atomic_bool invalidated;
} transport;

/** A growing byte buffer. */
typedef struct buffer {
    uint8_t *bytes;
    size_t length;
    size_t capacity;
} buffer;

typedef struct exchange {
    transport *owner;
    /** The attempt's handle while it runs. */
    CURL *easy;
    char *method;
    /** The absolute URL the exchange sends to now (a followed redirect changes it). */
    char *url;
    struct curl_slist *headers;
    uint8_t *body;
    size_t body_length;
    bool has_body;
    double timeout;
    void *context;
    parra_http_completion completion;
    /** What one attempt received: the last response's headers and its body. */
    buffer response_headers;
    buffer response_body;
    /** Set when the body (or its declared length) passed the cap: the transfer was ended. */
    bool too_large;
} exchange;

static pthread_once_t global_once = PTHREAD_ONCE_INIT;

static void global_init(void) { curl_global_init(CURL_GLOBAL_DEFAULT); }

static double monotonic_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

/** Appends `length` bytes to `target`; false when memory ran out. */
static bool append(buffer *target, const void *bytes, size_t length) {
    if (target->length + length > target->capacity) {
        size_t capacity = target->capacity ? target->capacity : 4096;
        while (capacity < target->length + length) capacity *= 2;
        uint8_t *grown = realloc(target->bytes, capacity);
        if (grown == NULL) return false;
        target->bytes = grown;
        target->capacity = capacity;
    }
    memcpy(target->bytes + target->length, bytes, length);
    target->length += length;
    return true;
}

static void lock_share(CURL *handle, curl_lock_data data, curl_lock_access access, void *user) {
    (void)handle;
    (void)access;
    pthread_mutex_lock(&((transport *)user)->share_locks[data]);
}

static void unlock_share(CURL *handle, curl_lock_data data, void *user) {
    (void)handle;
    pthread_mutex_unlock(&((transport *)user)->share_locks[data]);
}

/** "scheme://host:port" of `url`, lower-cased, the port filled in from the scheme; NULL when
 *  the URL has no host. The caller frees it. */
static char *origin_of(CURLU *url) {
    char *scheme = NULL, *host = NULL, *port = NULL, *origin = NULL;
    if (curl_url_get(url, CURLUPART_SCHEME, &scheme, 0) == CURLUE_OK &&
        curl_url_get(url, CURLUPART_HOST, &host, 0) == CURLUE_OK &&
        curl_url_get(url, CURLUPART_PORT, &port, CURLU_DEFAULT_PORT) == CURLUE_OK &&
        asprintf(&origin, "%s://%s:%s", scheme, host, port) >= 0) {
        for (char *character = origin; *character; character++) {
            if (*character >= 'A' && *character <= 'Z') *character = (char)(*character - 'A' + 'a');
        }
    } else {
        origin = NULL;
    }
    curl_free(scheme);
    curl_free(host);
    curl_free(port);
    return origin;
}

void *parra_http_create(const char *base_url, intptr_t max_body_bytes) {
    pthread_once(&global_once, global_init);
    CURLU *base = curl_url();
    char *scheme = NULL;
    if (base == NULL || curl_url_set(base, CURLUPART_URL, base_url, 0) != CURLUE_OK ||
        curl_url_get(base, CURLUPART_SCHEME, &scheme, 0) != CURLUE_OK ||
        (strcasecmp(scheme, "http") != 0 && strcasecmp(scheme, "https") != 0)) {
        curl_free(scheme);
        curl_url_cleanup(base);
        return NULL;
    }
    curl_free(scheme);
    transport *made = calloc(1, sizeof *made);
    char *origin = origin_of(base);
    CURLSH *share = curl_share_init();
    if (made == NULL || origin == NULL || share == NULL) {
        free(made);
        free(origin);
        curl_share_cleanup(share);
        curl_url_cleanup(base);
        return NULL;
    }
    made->base = base;
    made->origin = origin;
    made->max_body = max_body_bytes;
    made->share = share;
    for (int index = 0; index < CURL_LOCK_DATA_LAST; index++) pthread_mutex_init(&made->share_locks[index], NULL);
    curl_share_setopt(share, CURLSHOPT_LOCKFUNC, lock_share);
    curl_share_setopt(share, CURLSHOPT_UNLOCKFUNC, unlock_share);
    curl_share_setopt(share, CURLSHOPT_USERDATA, made);
    curl_share_setopt(share, CURLSHOPT_SHARE, CURL_LOCK_DATA_CONNECT);
    curl_share_setopt(share, CURLSHOPT_SHARE, CURL_LOCK_DATA_DNS);
    atomic_init(&made->references, 1);
    return made;
}

static void let_go(transport *owner) {
    if (atomic_fetch_sub(&owner->references, 1) != 1) return;
    curl_share_cleanup(owner->share);
    for (int index = 0; index < CURL_LOCK_DATA_LAST; index++) pthread_mutex_destroy(&owner->share_locks[index]);
    curl_url_cleanup(owner->base);
    free(owner->origin);
    free(owner);
}

void parra_http_release(void *transport) {
    if (transport != NULL) let_go(transport);
}

void parra_http_invalidate(void *transport_pointer) {
    if (transport_pointer != NULL) atomic_store(&((transport *)transport_pointer)->invalidated, true);
}

/** Completes `x` with a failure: `code`, `text`, the counts and seconds. */
static void fail(exchange *x, int32_t code, const char *text, intptr_t first, intptr_t second, double seconds) {
    size_t length = text ? strlen(text) : 0;
    x->completion(x->context, code, 0, NULL, 0, (const uint8_t *)text, (intptr_t)length, first, second, seconds);
}

/** Keeps each header line of the response being received as `name NUL value NUL`; a status
 *  line starts a new response (an interim 100, say), forgetting the one before. Ends the
 *  transfer when the declared length is over the cap. */
static size_t on_header(char *line, size_t size, size_t count, void *user) {
    exchange *x = user;
    size_t length = size * count;
    if (length >= 5 && strncmp(line, "HTTP/", 5) == 0) {
        x->response_headers.length = 0;
        return length;
    }
    size_t end = length;
    while (end > 0 && (line[end - 1] == '\r' || line[end - 1] == '\n')) end--;
    if (end == 0) {
        // The end of a header block: a final response whose declared length is over the cap
        // is refused before any of its body is read.
        long status = 0;
        curl_off_t declared = -1;
        curl_easy_getinfo(x->easy, CURLINFO_RESPONSE_CODE, &status);
        curl_easy_getinfo(x->easy, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &declared);
        if (status >= 200 && declared > (curl_off_t)x->owner->max_body) {
            x->too_large = true;
            return 0;
        }
        return length;
    }
    char *colon = memchr(line, ':', end);
    if (colon == NULL) return length;
    size_t name_length = (size_t)(colon - line);
    const char *value = colon + 1;
    while (value < line + end && (*value == ' ' || *value == '\t')) value++;
    size_t value_length = (size_t)(line + end - value);
    while (value_length > 0 && (value[value_length - 1] == ' ' || value[value_length - 1] == '\t')) value_length--;
    char name[256];
    if (name_length >= sizeof name) return length;
    for (size_t index = 0; index < name_length; index++) {
        char character = line[index];
        name[index] = character >= 'A' && character <= 'Z' ? (char)(character - 'A' + 'a') : character;
    }
    name[name_length] = '\0';
    static const uint8_t zero = 0;
    if (!append(&x->response_headers, name, name_length) || !append(&x->response_headers, &zero, 1) ||
        !append(&x->response_headers, value, value_length) || !append(&x->response_headers, &zero, 1)) {
        return 0;
    }
    return length;
}

/** Takes the body as it arrives, ending the transfer the moment it would pass the cap. */
static size_t on_body(char *bytes, size_t size, size_t count, void *user) {
    exchange *x = user;
    size_t length = size * count;
    if (x->response_body.length + length > (size_t)x->owner->max_body) {
        x->too_large = true;
        return 0;
    }
    return append(&x->response_body, bytes, length) ? length : 0;
}

/** Ends the transfer once the transport is invalidated (called at least once a second). */
static int on_progress(void *user, curl_off_t total_down, curl_off_t now_down, curl_off_t total_up, curl_off_t now_up) {
    (void)total_down;
    (void)now_down;
    (void)total_up;
    (void)now_up;
    return atomic_load(&((exchange *)user)->owner->invalidated) ? 1 : 0;
}

/** Whether `url` (absolute) is on the transport's origin. */
static bool same_origin(const transport *owner, const char *url) {
    CURLU *parsed = curl_url();
    bool same = false;
    if (parsed != NULL && curl_url_set(parsed, CURLUPART_URL, url, 0) == CURLUE_OK) {
        char *origin = origin_of(parsed);
        same = origin != NULL && strcmp(origin, owner->origin) == 0;
        free(origin);
    }
    curl_url_cleanup(parsed);
    return same;
}

/** Sets up `easy` for one attempt of `x`, due within `seconds`. */
static void prepare(exchange *x, CURL *easy, double seconds, char *error) {
    curl_easy_setopt(easy, CURLOPT_URL, x->url);
    curl_easy_setopt(easy, CURLOPT_SHARE, x->owner->share);
    curl_easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(easy, CURLOPT_ERRORBUFFER, error);
    curl_easy_setopt(easy, CURLOPT_PROTOCOLS_STR, "http,https");
    long milliseconds = (long)(seconds * 1000);
    curl_easy_setopt(easy, CURLOPT_TIMEOUT_MS, milliseconds > 0 ? milliseconds : 1L);
    curl_easy_setopt(easy, CURLOPT_HTTPHEADER, x->headers);
    // Decoded as it arrives, so the cap applies to what the client is given.
    curl_easy_setopt(easy, CURLOPT_ACCEPT_ENCODING, "");
    curl_easy_setopt(easy, CURLOPT_HEADERFUNCTION, on_header);
    curl_easy_setopt(easy, CURLOPT_HEADERDATA, x);
    curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, on_body);
    curl_easy_setopt(easy, CURLOPT_WRITEDATA, x);
    curl_easy_setopt(easy, CURLOPT_XFERINFOFUNCTION, on_progress);
    curl_easy_setopt(easy, CURLOPT_XFERINFODATA, x);
    curl_easy_setopt(easy, CURLOPT_NOPROGRESS, 0L);
    if (strcmp(x->method, "HEAD") == 0) {
        curl_easy_setopt(easy, CURLOPT_NOBODY, 1L);
    } else if (strcmp(x->method, "GET") != 0 || x->has_body) {
        curl_easy_setopt(easy, CURLOPT_CUSTOMREQUEST, x->method);
    }
    if (x->has_body) {
        curl_easy_setopt(easy, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)x->body_length);
        curl_easy_setopt(easy, CURLOPT_POSTFIELDS, x->body_length ? (const char *)x->body : "");
    }
}

/** The header pairs' declared Content-Length, or -1. */
static long long declared_length(const buffer *headers) {
    size_t index = 0;
    while (index < headers->length) {
        const char *name = (const char *)headers->bytes + index;
        size_t name_length = strlen(name);
        const char *value = name + name_length + 1;
        if (strcmp(name, "content-length") == 0) return strtoll(value, NULL, 10);
        index += name_length + 1 + strlen(value) + 1;
    }
    return -1;
}

/** Runs one exchange to its end, following same-origin redirects, and completes it. */
static void run(exchange *x) {
    double deadline = monotonic_seconds() + x->timeout;
    for (int redirects = 0;; redirects++) {
        if (atomic_load(&x->owner->invalidated)) {
            return fail(x, PARRA_HTTP_NETWORK, "the transport was invalidated: the request was cancelled", 0, 0, 0);
        }
        double left = deadline - monotonic_seconds();
        if (left <= 0) return fail(x, PARRA_HTTP_TIMED_OUT, NULL, 0, 0, x->timeout);
        CURL *easy = curl_easy_init();
        if (easy == NULL) return fail(x, PARRA_HTTP_NETWORK, "libcurl could not make a handle", 0, 0, 0);
        char error[CURL_ERROR_SIZE] = "";
        x->easy = easy;
        x->response_headers.length = 0;
        x->response_body.length = 0;
        x->too_large = false;
        prepare(x, easy, left, error);
        CURLcode result = curl_easy_perform(easy);
        long status = 0;
        curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &status);
        char *location = NULL;
        curl_easy_getinfo(easy, CURLINFO_REDIRECT_URL, &location);
        char *target = location ? strdup(location) : NULL;
        curl_easy_cleanup(easy);
        x->easy = NULL;
        long long declared = declared_length(&x->response_headers);
        intptr_t received = (intptr_t)x->response_body.length;
        if (x->too_large) {
            free(target);
            return fail(x, PARRA_HTTP_BODY_TOO_LARGE, NULL, x->owner->max_body, 0, 0);
        }
        if (result != CURLE_OK) {
            free(target);
            if (result == CURLE_ABORTED_BY_CALLBACK) {
                return fail(x, PARRA_HTTP_NETWORK, "the transport was invalidated: the request was cancelled", 0, 0, 0);
            }
            if (result == CURLE_OPERATION_TIMEDOUT) return fail(x, PARRA_HTTP_TIMED_OUT, NULL, 0, 0, x->timeout);
            if (declared > received && (result == CURLE_PARTIAL_FILE || received > 0)) {
                return fail(x, PARRA_HTTP_TRUNCATED_BODY, NULL, (intptr_t)declared, received, 0);
            }
            char *message = NULL;
            if (asprintf(&message, "%s (libcurl %d%s%s)", curl_easy_strerror(result), (int)result, *error ? ": " : "",
                         error) < 0) {
                message = NULL;
            }
            fail(x, PARRA_HTTP_NETWORK, message ? message : curl_easy_strerror(result), 0, 0, 0);
            free(message);
            return;
        }
        bool redirect = status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
        if (redirect && target != NULL && same_origin(x->owner, target)) {
            if (redirects >= MAXIMUM_REDIRECTS) {
                free(target);
                return fail(x, PARRA_HTTP_NETWORK, "more than 10 redirects within the API", 0, 0, 0);
            }
            // HTTP turns a 303 ("see other") into a GET; the others keep the method and body.
            if (status == 303 && strcmp(x->method, "HEAD") != 0) {
                free(x->method);
                x->method = strdup("GET");
                x->has_body = false;
            }
            free(x->url);
            x->url = target;
            continue;
        }
        free(target);
        bool bodiless = strcmp(x->method, "HEAD") == 0 || status == 204 || status == 304;
        if (declared > received && !bodiless) {
            return fail(x, PARRA_HTTP_TRUNCATED_BODY, NULL, (intptr_t)declared, received, 0);
        }
        x->completion(x->context, PARRA_HTTP_OK, status, x->response_headers.bytes,
                      (intptr_t)x->response_headers.length, x->response_body.bytes, received, 0, 0, 0);
        return;
    }
}

/** Frees `x` and lets go of its transport. */
static void free_exchange(exchange *x) {
    curl_slist_free_all(x->headers);
    free(x->method);
    free(x->url);
    free(x->body);
    free(x->response_headers.bytes);
    free(x->response_body.bytes);
    let_go(x->owner);
    free(x);
}

static void *run_exchange(void *argument) {
    run(argument);
    free_exchange(argument);
    return NULL;
}

void parra_http_perform(
    void *transport_pointer, const char *method, const char *path, const uint8_t *headers, intptr_t headers_length,
    const uint8_t *body, intptr_t body_length, bool has_body, double timeout, void *context,
    parra_http_completion completion) {
    transport *owner = transport_pointer;
    exchange *x = calloc(1, sizeof *x);
    if (x == NULL) {
        completion(context, PARRA_HTTP_NETWORK, 0, NULL, 0, (const uint8_t *)"out of memory", 13, 0, 0, 0);
        return;
    }
    x->owner = owner;
    x->context = context;
    x->completion = completion;
    x->timeout = timeout;
    x->method = strdup(method);
    x->has_body = has_body;
    if (has_body && body_length > 0) {
        x->body = malloc((size_t)body_length);
        if (x->body != NULL) memcpy(x->body, body, (size_t)body_length);
        x->body_length = x->body ? (size_t)body_length : 0;
    }
    // The path, resolved against the base as a relative reference.
    CURLU *url = curl_url_dup(owner->base);
    char *absolute = NULL;
    bool resolved = url != NULL && curl_url_set(url, CURLUPART_URL, path, 0) == CURLUE_OK &&
                    curl_url_get(url, CURLUPART_URL, &absolute, 0) == CURLUE_OK;
    curl_url_cleanup(url);
    x->url = resolved ? strdup(absolute) : NULL;
    curl_free(absolute);
    // Each `name NUL value NUL` pair as a header line; "Expect:" keeps curl from waiting on a
    // 100 Continue before a large body.
    for (intptr_t index = 0; headers != NULL && index < headers_length;) {
        const char *name = (const char *)headers + index;
        size_t name_length = strnlen(name, (size_t)(headers_length - index));
        if (index + (intptr_t)name_length + 1 >= headers_length) break;
        const char *value = name + name_length + 1;
        size_t value_length = strnlen(value, (size_t)(headers_length - index - (intptr_t)name_length - 1));
        char *line = NULL;
        if (asprintf(&line, "%.*s: %.*s", (int)name_length, name, (int)value_length, value) >= 0) {
            x->headers = curl_slist_append(x->headers, line);
            free(line);
        }
        index += (intptr_t)(name_length + 1 + value_length + 1);
    }
    x->headers = curl_slist_append(x->headers, "Expect:");
    atomic_fetch_add(&owner->references, 1);
    if (!resolved || x->method == NULL) {
        char *reason = NULL;
        if (asprintf(&reason, "'%s' does not make a URL under the API base", path) < 0) reason = NULL;
        fail(x, PARRA_HTTP_INVALID_REQUEST, reason ? reason : "the path does not make a URL", 0, 0, 0);
        free(reason);
        free_exchange(x);
        return;
    }
    // Signals go to the app's threads, never to an exchange's.
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pthread_t thread;
    int started = pthread_create(&thread, &attributes, run_exchange, x);
    pthread_attr_destroy(&attributes);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    if (started != 0) {
        fail(x, PARRA_HTTP_NETWORK, "no thread could be started for the request", 0, 0, 0);
        free_exchange(x);
    }
}
