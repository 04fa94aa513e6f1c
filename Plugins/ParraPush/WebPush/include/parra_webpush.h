/* libparra-webpush.so: ParraPush's Web Push encryption on libcrypto. CParraPushSupport's
 * parra_push_webpush_* functions load it on first use and call these; each has the contract of
 * its parra_push_webpush_* namesake in parra_push_webpush.h, which declares the types. */
#ifndef PARRA_WEBPUSH_H
#define PARRA_WEBPUSH_H

#include "../../CSupport/include/parra_push_webpush.h"

/** As parra_push_webpush_generate. */
int parra_webpush_generate(parra_webpush_keys *keys, char *error, size_t error_size);

/** As parra_push_webpush_check. */
int parra_webpush_check(const parra_webpush_keys *keys, char *error, size_t error_size);

/** As parra_push_webpush_decrypt. */
long parra_webpush_decrypt(
    const parra_webpush_keys *keys, const uint8_t *body, size_t length, uint8_t *out, size_t out_size, char *error,
    size_t error_size);

/** As parra_push_webpush_encrypt. */
long parra_webpush_encrypt(
    const uint8_t *p256dh, const uint8_t *auth, const uint8_t *plaintext, size_t length,
    const uint8_t *sender_private_key, const uint8_t *salt, uint8_t *out, size_t out_size, char *error,
    size_t error_size);

#endif
