/* The parra_push_webpush_* functions: each calls its parra_webpush_* namesake in
 * libparra-webpush.so, which the first of them loads from the folder this code's own shared
 * object (or executable) is in. Until then neither it nor libcrypto is loaded. */
#define _GNU_SOURCE
#include "parra_push_webpush.h"
#include "sibling_library.h"

#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>

#define LIBRARY_NAME "libparra-webpush.so"

static struct {
    __typeof__(parra_push_webpush_generate) *generate;
    __typeof__(parra_push_webpush_check) *check;
    __typeof__(parra_push_webpush_decrypt) *decrypt;
    __typeof__(parra_push_webpush_encrypt) *encrypt;
    bool ready;                   /* all of them found */
    char problem[PATH_MAX + 512]; /* why not; empty when they were */
} library;

static pthread_once_t loaded = PTHREAD_ONCE_INIT;
static pthread_once_t located = PTHREAD_ONCE_INIT;
static char library_path[PATH_MAX]; /* empty when the folder cannot be found */

static void locate(void) { parra_push_sibling_path(LIBRARY_NAME, library_path, sizeof library_path); }

const char *parra_push_webpush_library_path(void) {
    pthread_once(&located, locate);
    return library_path[0] ? library_path : NULL;
}

static void load(void) {
    const char *path = parra_push_webpush_library_path();
    void *handle = parra_push_sibling_open(path, LIBRARY_NAME, library.problem, sizeof library.problem);
    if (!handle) return;
    library.generate = (__typeof__(library.generate))dlsym(handle, "parra_webpush_generate");
    library.check = (__typeof__(library.check))dlsym(handle, "parra_webpush_check");
    library.decrypt = (__typeof__(library.decrypt))dlsym(handle, "parra_webpush_decrypt");
    library.encrypt = (__typeof__(library.encrypt))dlsym(handle, "parra_webpush_encrypt");
    library.ready = library.generate && library.check && library.decrypt && library.encrypt;
    if (!library.ready)
        snprintf(library.problem, sizeof library.problem, "%s lacks a parra_webpush_* function", path);
}

/* Loads the library on the first call; false, with why in error, when it is not there. */
static bool ready(char *error, size_t error_size) {
    pthread_once(&loaded, load);
    if (!library.ready) snprintf(error, error_size, "%s", library.problem);
    return library.ready;
}

int parra_push_webpush_generate(parra_webpush_keys *keys, char *error, size_t error_size) {
    return ready(error, error_size) ? library.generate(keys, error, error_size) : -1;
}

int parra_push_webpush_check(const parra_webpush_keys *keys, char *error, size_t error_size) {
    return ready(error, error_size) ? library.check(keys, error, error_size) : -1;
}

long parra_push_webpush_decrypt(
    const parra_webpush_keys *keys, const uint8_t *body, size_t length, uint8_t *out, size_t out_size, char *error,
    size_t error_size) {
    return ready(error, error_size) ? library.decrypt(keys, body, length, out, out_size, error, error_size) : -1;
}

long parra_push_webpush_encrypt(
    const uint8_t *p256dh, const uint8_t *auth, const uint8_t *plaintext, size_t length,
    const uint8_t *sender_private_key, const uint8_t *salt, uint8_t *out, size_t out_size, char *error,
    size_t error_size) {
    return ready(error, error_size) ? library.encrypt(p256dh, auth, plaintext, length, sender_private_key, salt, out,
                                                      out_size, error, error_size)
                                    : -1;
}
