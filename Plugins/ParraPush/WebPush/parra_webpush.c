/* RFC 8291 Web Push message encryption in RFC 8188's aes128gcm content coding, on OpenSSL 3's
 * libcrypto. The contracts are in parra_webpush.h. */
#include "parra_webpush.h"

#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/rand.h>

#define HEADER_BYTES (PARRA_WEBPUSH_SALT_BYTES + 4 + 1 + PARRA_WEBPUSH_PUBLIC_KEY_BYTES) /* with the key id */
#define TAG_BYTES 16
#define KEY_BYTES 16    /* the content encryption key */
#define NONCE_BYTES 12
#define SECRET_BYTES 32 /* the ECDH secret */
#define IKM_BYTES 32
#define MIN_RECORD_SIZE 18 /* RFC 8188 section 2 */
#define RECORD_SIZE 4096   /* what parra_webpush_encrypt writes */

_Static_assert(PARRA_WEBPUSH_MAX_PLAINTEXT_BYTES == RECORD_SIZE - 1 - TAG_BYTES - 1,
               "the longest plaintext is one byte short of filling a record with its delimiter and tag");

/* Writes why to error and returns -1. */
__attribute__((format(printf, 3, 4))) static int fail(char *error, size_t error_size, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(error, error_size, format, arguments);
    va_end(arguments);
    ERR_clear_error();
    return -1;
}

/* For a failure inside OpenSSL: what failed, and OpenSSL's reason. */
static int fail_openssl(char *error, size_t error_size, const char *what) {
    char reason[256];
    ERR_error_string_n(ERR_peek_last_error(), reason, sizeof reason);
    return fail(error, error_size, "%s (OpenSSL: %s)", what, reason);
}

/* The P-256 point public_key (which OpenSSL checks is on the curve) as an EVP_PKEY, with
 * private_key unless that is NULL. NULL when OpenSSL refuses them. */
static EVP_PKEY *import_key(const uint8_t *private_key, const uint8_t *public_key) {
    uint8_t scalar[PARRA_WEBPUSH_PRIVATE_KEY_BYTES]; /* in native byte order, as OSSL_PARAM takes integers */
    OSSL_PARAM params[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, (char *)"P-256", 0),
        OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, (void *)public_key, PARRA_WEBPUSH_PUBLIC_KEY_BYTES),
        OSSL_PARAM_construct_BN(OSSL_PKEY_PARAM_PRIV_KEY, scalar, sizeof scalar),
        OSSL_PARAM_construct_end(),
    };
    if (private_key) {
        BIGNUM *number = BN_bin2bn(private_key, sizeof scalar, NULL);
        bool converted = number && BN_bn2nativepad(number, scalar, sizeof scalar) == sizeof scalar;
        BN_clear_free(number);
        if (!converted) return NULL;
    } else {
        params[2] = OSSL_PARAM_construct_end();
    }
    EVP_PKEY_CTX *context = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
    EVP_PKEY *key = NULL;
    if (context && EVP_PKEY_fromdata_init(context) == 1)
        EVP_PKEY_fromdata(context, &key, private_key ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY, params);
    EVP_PKEY_CTX_free(context);
    OPENSSL_cleanse(scalar, sizeof scalar);
    return key;
}

/* Makes a fresh P-256 key pair. 0, or -1 with why. */
static int make_key_pair(uint8_t *private_key, uint8_t *public_key, char *error, size_t error_size) {
    EVP_PKEY *key = EVP_PKEY_Q_keygen(NULL, NULL, "EC", "P-256");
    BIGNUM *scalar = NULL;
    size_t public_length = 0;
    bool made = key && EVP_PKEY_get_bn_param(key, OSSL_PKEY_PARAM_PRIV_KEY, &scalar) == 1 &&
                BN_bn2binpad(scalar, private_key, PARRA_WEBPUSH_PRIVATE_KEY_BYTES) == PARRA_WEBPUSH_PRIVATE_KEY_BYTES &&
                EVP_PKEY_get_octet_string_param(
                    key, OSSL_PKEY_PARAM_PUB_KEY, public_key, PARRA_WEBPUSH_PUBLIC_KEY_BYTES, &public_length) == 1 &&
                public_length == PARRA_WEBPUSH_PUBLIC_KEY_BYTES && public_key[0] == 4;
    BN_clear_free(scalar);
    EVP_PKEY_free(key);
    if (made) return 0;
    OPENSSL_cleanse(private_key, PARRA_WEBPUSH_PRIVATE_KEY_BYTES);
    return fail_openssl(error, error_size, "cannot make a P-256 key pair");
}

/* Sets public_key to private_key's point, uncompressed; whose names the key in errors. 0, or -1
 * with why. */
static int public_from_private(
    const uint8_t *private_key, uint8_t *public_key, const char *whose, char *error, size_t error_size) {
    EC_GROUP *group = EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1);
    EC_POINT *point = group ? EC_POINT_new(group) : NULL;
    BIGNUM *scalar = BN_bin2bn(private_key, PARRA_WEBPUSH_PRIVATE_KEY_BYTES, NULL);
    int result = 0;
    if (!point || !scalar)
        result = fail_openssl(error, error_size, "cannot compute a P-256 public key");
    else if (BN_is_zero(scalar) || BN_cmp(scalar, EC_GROUP_get0_order(group)) >= 0)
        result = fail(error, error_size, "%s private key is not a P-256 private key (0, or not below the group order)",
                      whose);
    else if (EC_POINT_mul(group, point, scalar, NULL, NULL, NULL) != 1 ||
             EC_POINT_point2oct(group, point, POINT_CONVERSION_UNCOMPRESSED, public_key,
                                PARRA_WEBPUSH_PUBLIC_KEY_BYTES, NULL) != PARRA_WEBPUSH_PUBLIC_KEY_BYTES)
        result = fail_openssl(error, error_size, "cannot compute a P-256 public key");
    BN_clear_free(scalar);
    EC_POINT_free(point);
    EC_GROUP_free(group);
    return result;
}

/* The ECDH secret (RFC 8291 section 3.1) of private_key, whose point is public_key, and the
 * point peer_key, which peer names in errors. 0, or -1 with why. */
static int ecdh(const uint8_t *private_key, const uint8_t *public_key, const uint8_t *peer_key, const char *peer,
                uint8_t *secret, char *error, size_t error_size) {
    if (peer_key[0] != 4)
        return fail(error, error_size,
                    "%s is not an uncompressed P-256 point (it starts with 0x%02x, not 0x04: RFC 8291 section 4)",
                    peer, peer_key[0]);
    EVP_PKEY *theirs = import_key(NULL, peer_key);
    if (!theirs) return fail(error, error_size, "%s is not a point on P-256", peer);
    EVP_PKEY *ours = import_key(private_key, public_key);
    bool imported = ours != NULL;
    EVP_PKEY_CTX *context = ours ? EVP_PKEY_CTX_new_from_pkey(NULL, ours, NULL) : NULL;
    size_t secret_length = SECRET_BYTES;
    /* No second check of the peer's key (derive_set_peer's default, a scalar multiplication and a
     * third of a decrypt): import_key decoded it and refuses a point off the curve, and P-256's
     * cofactor is 1, so a point on the curve is in the group. */
    bool agreed = context && EVP_PKEY_derive_init(context) == 1 && EVP_PKEY_derive_set_peer_ex(context, theirs, 0) == 1 &&
                  EVP_PKEY_derive(context, secret, &secret_length) == 1 && secret_length == SECRET_BYTES;
    EVP_PKEY_CTX_free(context);
    EVP_PKEY_free(ours);
    EVP_PKEY_free(theirs);
    if (agreed) return 0;
    return fail_openssl(error, error_size,
                        imported ? "ECDH failed" : "the private key and its public key are not a P-256 key pair");
}

/* HKDF-SHA-256 (RFC 5869) of ikm with salt and info, length bytes to out. */
static bool hkdf(const uint8_t *salt, size_t salt_length, const uint8_t *ikm, size_t ikm_length, const void *info,
                 size_t info_length, uint8_t *out, size_t length) {
    EVP_KDF *kdf = EVP_KDF_fetch(NULL, "HKDF", NULL);
    EVP_KDF_CTX *context = kdf ? EVP_KDF_CTX_new(kdf) : NULL;
    OSSL_PARAM params[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, (char *)"SHA256", 0),
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, (void *)salt, salt_length),
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, (void *)ikm, ikm_length),
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, (void *)info, info_length),
        OSSL_PARAM_construct_end(),
    };
    bool derived = context && EVP_KDF_derive(context, out, length, params) == 1;
    EVP_KDF_CTX_free(context);
    EVP_KDF_free(kdf);
    return derived;
}

/* A message's content encryption key and nonce from the ECDH secret, the auth secret, both
 * public keys and the salt: RFC 8291 section 3.4, RFC 8188 sections 2.2 and 2.3. The labels'
 * terminating zero bytes are part of the info. 0, or -1 with why. */
static int derive(const uint8_t *secret, const uint8_t *auth, const uint8_t *ua_public, const uint8_t *as_public,
                  const uint8_t *salt, uint8_t *key, uint8_t *nonce, char *error, size_t error_size) {
    static const char info_label[] = "WebPush: info", key_label[] = "Content-Encoding: aes128gcm",
                      nonce_label[] = "Content-Encoding: nonce";
    uint8_t info[sizeof info_label + 2 * PARRA_WEBPUSH_PUBLIC_KEY_BYTES], ikm[IKM_BYTES];
    memcpy(info, info_label, sizeof info_label);
    memcpy(info + sizeof info_label, ua_public, PARRA_WEBPUSH_PUBLIC_KEY_BYTES);
    memcpy(info + sizeof info_label + PARRA_WEBPUSH_PUBLIC_KEY_BYTES, as_public, PARRA_WEBPUSH_PUBLIC_KEY_BYTES);
    bool derived =
        hkdf(auth, PARRA_WEBPUSH_AUTH_BYTES, secret, SECRET_BYTES, info, sizeof info, ikm, sizeof ikm) &&
        hkdf(salt, PARRA_WEBPUSH_SALT_BYTES, ikm, sizeof ikm, key_label, sizeof key_label, key, KEY_BYTES) &&
        hkdf(salt, PARRA_WEBPUSH_SALT_BYTES, ikm, sizeof ikm, nonce_label, sizeof nonce_label, nonce, NONCE_BYTES);
    OPENSSL_cleanse(ikm, sizeof ikm);
    return derived ? 0 : fail_openssl(error, error_size, "HKDF failed");
}

int parra_webpush_generate(parra_webpush_keys *keys, char *error, size_t error_size) {
    if (make_key_pair(keys->private_key, keys->public_key, error, error_size)) return -1;
    if (RAND_bytes(keys->auth, sizeof keys->auth) == 1) return 0;
    OPENSSL_cleanse(keys, sizeof *keys);
    return fail_openssl(error, error_size, "cannot make a random auth secret");
}

int parra_webpush_check(const parra_webpush_keys *keys, char *error, size_t error_size) {
    uint8_t public_key[PARRA_WEBPUSH_PUBLIC_KEY_BYTES];
    if (public_from_private(keys->private_key, public_key, "the app's", error, error_size)) return -1;
    if (memcmp(public_key, keys->public_key, sizeof public_key))
        return fail(error, error_size, "the app's public key is not its private key's point (damaged, or not a pair)");
    return 0;
}

/* Decrypts the records, length bytes at records (at least 1), into plain (length bytes),
 * without their padding; returns the plaintext's length, or -1 with why. */
static long open_records(EVP_CIPHER_CTX *cipher, const uint8_t *key, const uint8_t *nonce, const uint8_t *records,
                         size_t length, size_t record_size, uint8_t *plain, char *error, size_t error_size) {
    size_t written = 0;
    for (size_t sequence = 0; length > 0; sequence++) {
        size_t size = length < record_size ? length : record_size;
        bool last = size == length;
        if (size < TAG_BYTES + 1)
            return fail(error, error_size,
                        "record %zu is %zu bytes, too short for a padding delimiter and the 16-byte tag "
                        "(RFC 8188 section 2)",
                        sequence, size);
        uint8_t record_nonce[NONCE_BYTES]; /* the nonce XOR the sequence number (RFC 8188 section 2.3) */
        memcpy(record_nonce, nonce, NONCE_BYTES);
        for (int byte = 0; byte < 8; byte++)
            record_nonce[NONCE_BYTES - 1 - byte] ^= (uint8_t)((uint64_t)sequence >> (8 * byte));
        int content = (int)(size - TAG_BYTES), ignored;
        if (EVP_DecryptInit_ex(cipher, EVP_aes_128_gcm(), NULL, key, record_nonce) != 1 ||
            EVP_DecryptUpdate(cipher, plain + written, &ignored, records, content) != 1 ||
            EVP_CIPHER_CTX_ctrl(cipher, EVP_CTRL_GCM_SET_TAG, TAG_BYTES, (void *)(records + content)) != 1 ||
            EVP_DecryptFinal_ex(cipher, plain + written + content, &ignored) != 1)
            return fail(error, error_size,
                        "the message does not decrypt with the app's keys (authentication failed in record %zu: "
                        "wrong keys, or tampered with)",
                        sequence);
        size_t end = (size_t)content; /* past the padding delimiter, once the zero padding is off */
        while (end > 0 && plain[written + end - 1] == 0) end--;
        if (end == 0) return fail(error, error_size, "record %zu has no padding delimiter (it is all zeros)", sequence);
        unsigned delimiter = plain[written + end - 1];
        if (last && delimiter != 2)
            return fail(error, error_size, "the last record ends with delimiter %u (RFC 8188: the last record's is 2)",
                        delimiter);
        if (!last && delimiter != 1)
            return fail(error, error_size,
                        "record %zu ends with delimiter %u but is not the last (RFC 8188: records before the last "
                        "end with 1)",
                        sequence, delimiter);
        written += end - 1;
        records += size;
        length -= size;
    }
    return (long)written;
}

long parra_webpush_decrypt(
    const parra_webpush_keys *keys, const uint8_t *body, size_t length, uint8_t *out, size_t out_size, char *error,
    size_t error_size) {
    if (length < HEADER_BYTES - PARRA_WEBPUSH_PUBLIC_KEY_BYTES)
        return fail(error, error_size, "the message is %zu bytes, shorter than the aes128gcm header (21 bytes + key id)",
                    length);
    if (length > INT_MAX)
        return fail(error, error_size, "the message is %zu bytes, more than the %d this library takes", length,
                    INT_MAX);
    const uint8_t *salt = body, *sender = body + HEADER_BYTES - PARRA_WEBPUSH_PUBLIC_KEY_BYTES;
    uint32_t record_size = (uint32_t)body[16] << 24 | (uint32_t)body[17] << 16 | (uint32_t)body[18] << 8 | body[19];
    if (body[20] != PARRA_WEBPUSH_PUBLIC_KEY_BYTES)
        return fail(error, error_size,
                    "the key id is %u bytes, not the sender's 65-byte P-256 public key (RFC 8291 section 4)",
                    (unsigned)body[20]);
    if (length < HEADER_BYTES)
        return fail(error, error_size,
                    "the message is %zu bytes, shorter than its aes128gcm header (21 bytes + the 65-byte key id)",
                    length);
    if (record_size < MIN_RECORD_SIZE)
        return fail(error, error_size, "the record size %u is below 18 (RFC 8188 section 2)", (unsigned)record_size);
    if (length == HEADER_BYTES)
        return fail(error, error_size, "the message has no records after its header (RFC 8188 section 2)");

    uint8_t secret[SECRET_BYTES], key[KEY_BYTES], nonce[NONCE_BYTES];
    if (ecdh(keys->private_key, keys->public_key, sender, "the sender's key", secret, error, error_size)) return -1;
    int derived = derive(secret, keys->auth, keys->public_key, sender, salt, key, nonce, error, error_size);
    OPENSSL_cleanse(secret, sizeof secret);
    if (derived) return -1;

    size_t records_length = length - HEADER_BYTES;
    EVP_CIPHER_CTX *cipher = EVP_CIPHER_CTX_new();
    uint8_t *plain = OPENSSL_malloc(records_length);
    long result = cipher && plain ? open_records(cipher, key, nonce, body + HEADER_BYTES, records_length, record_size,
                                                 plain, error, error_size)
                                  : fail_openssl(error, error_size, "cannot allocate memory to decrypt");
    if (result > 0 && (size_t)result > out_size)
        result = fail(error, error_size, "the plaintext is %ld bytes, more than out's %zu", result, out_size);
    else if (result > 0)
        memcpy(out, plain, (size_t)result);
    OPENSSL_clear_free(plain, records_length);
    EVP_CIPHER_CTX_free(cipher);
    OPENSSL_cleanse(key, sizeof key);
    OPENSSL_cleanse(nonce, sizeof nonce);
    return result;
}

long parra_webpush_encrypt(
    const uint8_t *p256dh, const uint8_t *auth, const uint8_t *plaintext, size_t length,
    const uint8_t *sender_private_key, const uint8_t *salt, uint8_t *out, size_t out_size, char *error,
    size_t error_size) {
    size_t size = parra_push_webpush_encrypted_size(length);
    if (!size)
        return fail(error, error_size,
                    "the plaintext is %zu bytes, more than the %d that fit in one %d-byte record (RFC 8291 section "
                    "4 sends one record)",
                    length, PARRA_WEBPUSH_MAX_PLAINTEXT_BYTES, RECORD_SIZE);
    if (out_size < size)
        return fail(error, error_size, "out holds %zu bytes, fewer than the message's %zu", out_size, size);

    /* The header: salt, record size, key id length, then the key id: the sender's public key,
     * which the key pair's making writes there. */
    if (salt)
        memcpy(out, salt, PARRA_WEBPUSH_SALT_BYTES);
    else if (RAND_bytes(out, PARRA_WEBPUSH_SALT_BYTES) != 1)
        return fail_openssl(error, error_size, "cannot make a random salt");
    out[16] = (uint8_t)(RECORD_SIZE >> 24);
    out[17] = (uint8_t)(RECORD_SIZE >> 16);
    out[18] = (uint8_t)(RECORD_SIZE >> 8);
    out[19] = (uint8_t)RECORD_SIZE;
    out[20] = PARRA_WEBPUSH_PUBLIC_KEY_BYTES;
    uint8_t *sender_public = out + HEADER_BYTES - PARRA_WEBPUSH_PUBLIC_KEY_BYTES;

    uint8_t sender_private[PARRA_WEBPUSH_PRIVATE_KEY_BYTES], secret[SECRET_BYTES], key[KEY_BYTES], nonce[NONCE_BYTES];
    int problem;
    if (sender_private_key) {
        memcpy(sender_private, sender_private_key, sizeof sender_private);
        problem = public_from_private(sender_private, sender_public, "the sender's", error, error_size);
    } else {
        problem = make_key_pair(sender_private, sender_public, error, error_size);
    }
    if (!problem)
        problem = ecdh(sender_private, sender_public, p256dh, "the subscription's p256dh", secret, error, error_size);
    OPENSSL_cleanse(sender_private, sizeof sender_private);
    if (!problem) problem = derive(secret, auth, p256dh, sender_public, out, key, nonce, error, error_size);
    OPENSSL_cleanse(secret, sizeof secret);
    if (problem) return -1;

    /* The one record: the plaintext, delimiter 2 (the last record's), the tag. */
    static const uint8_t delimiter = 2;
    uint8_t *record = out + HEADER_BYTES;
    EVP_CIPHER_CTX *cipher = EVP_CIPHER_CTX_new();
    int ignored;
    bool sealed = cipher && EVP_EncryptInit_ex(cipher, EVP_aes_128_gcm(), NULL, key, nonce) == 1 &&
                  (length == 0 || EVP_EncryptUpdate(cipher, record, &ignored, plaintext, (int)length) == 1) &&
                  EVP_EncryptUpdate(cipher, record + length, &ignored, &delimiter, 1) == 1 &&
                  EVP_EncryptFinal_ex(cipher, record + length + 1, &ignored) == 1 &&
                  EVP_CIPHER_CTX_ctrl(cipher, EVP_CTRL_GCM_GET_TAG, TAG_BYTES, record + length + 1) == 1;
    EVP_CIPHER_CTX_free(cipher);
    OPENSSL_cleanse(key, sizeof key);
    OPENSSL_cleanse(nonce, sizeof nonce);
    return sealed ? (long)size : fail_openssl(error, error_size, "AES-128-GCM failed");
}
