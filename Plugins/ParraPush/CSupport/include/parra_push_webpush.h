/* ParraPush's Web Push message encryption (RFC 8291) in the aes128gcm content coding
 * (RFC 8188), on OpenSSL 3's libcrypto, loaded on first use: the code lives in
 * libparra-webpush.so beside this code's own shared object (or executable), which the first
 * call of any function below loads, with libcrypto. A module that never makes keys or decrypts
 * a message loads neither.
 *
 * A UnifiedPush or Web Push subscription gives the application server two of the app's values:
 * its P-256 public key ("p256dh") and a 16-byte auth secret ("auth"). The server encrypts each
 * message to them with a fresh key pair of its own, whose public key travels in the message's
 * header; the app decrypts with its private key and the auth secret. The app makes its keys
 * once (parra_push_webpush_generate), stores them, checks them when it reads them back
 * (parra_push_webpush_check) and decrypts each message (parra_push_webpush_decrypt);
 * parra_push_webpush_encrypt does the server's part, for tests and for local delivery.
 *
 * Threads: every function is reentrant and may be called from any thread, concurrently; none
 * keeps state between calls or holds on to a pointer after it returns.
 *
 * Memory: every buffer is the caller's, borrowed for the call. Byte arrays have the sizes the
 * PARRA_WEBPUSH_*_BYTES constants give; output buffers must not overlap inputs.
 *
 * Errors: a function that fails returns -1 and writes why, in words that name the rule broken,
 * to `error`: `error_size` bytes, always terminated (truncated if need be); `error` may be NULL
 * when `error_size` is 0. It clears OpenSSL's error queue of the calling thread, whose reason,
 * if any, is in `error`. Every function also fails so when libparra-webpush.so cannot be
 * loaded (it or libcrypto is missing, say). */
#ifndef PARRA_PUSH_WEBPUSH_H
#define PARRA_PUSH_WEBPUSH_H

#include <stddef.h>
#include <stdint.h>

/** An uncompressed P-256 point (X9.62: 0x04, x, y): a public key, and the key id of every
 *  message (RFC 8291 section 4). */
#define PARRA_WEBPUSH_PUBLIC_KEY_BYTES 65
/** A P-256 private key: the scalar, big endian. */
#define PARRA_WEBPUSH_PRIVATE_KEY_BYTES 32
/** The auth secret (RFC 8291 section 3.2). */
#define PARRA_WEBPUSH_AUTH_BYTES 16
/** The salt at the start of every message (RFC 8188 section 2.1). */
#define PARRA_WEBPUSH_SALT_BYTES 16
/** The most plaintext parra_push_webpush_encrypt takes: what one record of 4096 bytes holds with its
 *  padding delimiter (1) and tag (16), the record being shorter than the record size as RFC 8291
 *  section 4 asks. Push services may take less: RFC 8030 only promises 4096 bytes of body,
 *  which leaves 3993 of plaintext. */
#define PARRA_WEBPUSH_MAX_PLAINTEXT_BYTES 4078

/** The app's (the user agent's) keys. The app owns them and keeps them secret but for
 *  public_key and auth, which it gives to the application server as the subscription's p256dh
 *  and auth. */
typedef struct parra_webpush_keys {
    /** The private scalar, big endian. */
    uint8_t private_key[PARRA_WEBPUSH_PRIVATE_KEY_BYTES];
    /** Its public point, uncompressed. */
    uint8_t public_key[PARRA_WEBPUSH_PUBLIC_KEY_BYTES];
    /** The auth secret. */
    uint8_t auth[PARRA_WEBPUSH_AUTH_BYTES];
} parra_webpush_keys;

/** Fills `keys` with a fresh P-256 key pair and a random auth secret, from OpenSSL's random
 *  generator. Called by the app once per subscription. 0 on success; -1 when OpenSSL fails, with
 *  why in `error` (then `keys` holds nothing of use). */
int parra_push_webpush_generate(parra_webpush_keys *keys, char *error, size_t error_size);

/** Checks that `keys` (say, read back from storage) hold a P-256 private key in range and its
 *  own public point: the auth secret, being any 16 bytes, is not checked. 0 when they do; -1
 *  with the flaw in `error` when they do not. */
int parra_push_webpush_check(const parra_webpush_keys *keys, char *error, size_t error_size);

/** Decrypts a push message's body, `length` bytes at `body` (NULL when `length` is 0), with the
 *  app's `keys`. The body is RFC 8188's aes128gcm: a header of salt (16), record size (4, big
 *  endian), key id length (1) and key id, which RFC 8291 makes the sender's 65-byte public key;
 *  then one or more records, each but the last exactly the record size long, each ending with
 *  its 16-byte tag and, once decrypted, with a padding delimiter (1, or 2 in the last record)
 *  and zero or more zero bytes, which this removes. Records are numbered from 0 in errors.
 *
 *  `keys` are taken as they are: a public key that is not the private key's makes every
 *  message fail to authenticate (parra_push_webpush_check finds that).
 *
 *  Writes the plaintext to `out`, `out_size` bytes (`out` may be NULL when `out_size` is 0;
 *  the plaintext is always shorter than `length`), and returns its length. Returns -1 when the
 *  body breaks a rule of either RFC, does not authenticate with `keys`, or its plaintext does
 *  not fit in `out_size` bytes: why in `error`, and `out` holds no plaintext then. */
long parra_push_webpush_decrypt(
    const parra_webpush_keys *keys, const uint8_t *body, size_t length, uint8_t *out, size_t out_size, char *error,
    size_t error_size);

/** Encrypts `length` bytes of `plaintext` (NULL when `length` is 0; at most
 *  PARRA_WEBPUSH_MAX_PLAINTEXT_BYTES) as an application server does, for a subscription's
 *  `p256dh` (PARRA_WEBPUSH_PUBLIC_KEY_BYTES) and `auth` (PARRA_WEBPUSH_AUTH_BYTES): one record,
 *  record size 4096, no padding. `sender_private_key` (PARRA_WEBPUSH_PRIVATE_KEY_BYTES) and
 *  `salt` (PARRA_WEBPUSH_SALT_BYTES) are NULL for fresh random ones, as every real message
 *  needs; pass them only to reproduce a known message.
 *
 *  Writes the body to `out`, `out_size` bytes, at least parra_push_webpush_encrypted_size(length),
 *  and returns its length, which is that size. -1 with why in `error` when `p256dh` is not an
 *  uncompressed P-256 point, `sender_private_key` is not a P-256 private key, the plaintext is
 *  too long, `out_size` is too small or OpenSSL fails. */
long parra_push_webpush_encrypt(
    const uint8_t *p256dh, const uint8_t *auth, const uint8_t *plaintext, size_t length,
    const uint8_t *sender_private_key, const uint8_t *salt, uint8_t *out, size_t out_size, char *error,
    size_t error_size);

/** The length of the body parra_push_webpush_encrypt makes of `plaintext_length` bytes: the header
 *  (86 bytes with the key id), the plaintext, its padding delimiter (1) and tag (16). 0 when the
 *  plaintext is longer than PARRA_WEBPUSH_MAX_PLAINTEXT_BYTES, which it refuses. Inline, so that
 *  knowing a size loads no library. */
static inline size_t parra_push_webpush_encrypted_size(size_t plaintext_length) {
    return plaintext_length > PARRA_WEBPUSH_MAX_PLAINTEXT_BYTES
               ? 0
               : 16 + 4 + 1 + PARRA_WEBPUSH_PUBLIC_KEY_BYTES + plaintext_length + 1 + 16;
}

/** The path of libparra-webpush.so that the first call loads: beside this code's own shared
 *  object (or executable). NULL when that folder cannot be found. The string is this code's,
 *  valid for the process. Any thread. */
const char *parra_push_webpush_library_path(void);

#endif
