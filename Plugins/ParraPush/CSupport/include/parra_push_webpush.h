/* ParraPush's Web Push message encryption, loaded on first use: the parra_push_webpush_*
 * functions call their parra_webpush_* namesakes in libparra-webpush.so, which the first call
 * of any of them loads (with libcrypto) from the folder this code's own shared object (or
 * executable) is in. A module that never makes keys or decrypts a message loads neither.
 *
 * The types, the sizes and each function's contract are parra_webpush.h's: every function here
 * has its namesake's, and also fails, returning -1 with the reason in `error`, when
 * libparra-webpush.so cannot be loaded (say, it or libcrypto is missing). Call these, not the
 * parra_webpush_* functions that header declares, which this module does not link. Any thread:
 * the first call loads the library once for all of them (others wait for it). */
#ifndef PARRA_PUSH_WEBPUSH_H
#define PARRA_PUSH_WEBPUSH_H

#include "../../WebPush/include/parra_webpush.h"

/** The path of libparra-webpush.so that the first call loads: beside this code's own shared
 *  object (or executable). NULL when that folder cannot be found. The string is this code's,
 *  valid for the process. Any thread. */
const char *parra_push_webpush_library_path(void);

/** As parra_webpush_generate. */
int parra_push_webpush_generate(parra_webpush_keys *keys, char *error, size_t error_size);

/** As parra_webpush_check. */
int parra_push_webpush_check(const parra_webpush_keys *keys, char *error, size_t error_size);

/** As parra_webpush_decrypt. */
long parra_push_webpush_decrypt(
    const parra_webpush_keys *keys, const uint8_t *body, size_t length, uint8_t *out, size_t out_size, char *error,
    size_t error_size);

/** As parra_webpush_encrypt. */
long parra_push_webpush_encrypt(
    const uint8_t *p256dh, const uint8_t *auth, const uint8_t *plaintext, size_t length,
    const uint8_t *sender_private_key, const uint8_t *salt, uint8_t *out, size_t out_size, char *error,
    size_t error_size);

#endif
