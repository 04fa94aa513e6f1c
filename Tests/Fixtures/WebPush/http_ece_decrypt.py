# Usage: http_ece_decrypt.py PRIVATE_KEY AUTH [BODY_FILE] > plaintext
#
# Decrypts a push message body (RFC 8291, content coding aes128gcm) with http_ece, the library
# pywebpush encrypts with, as a user agent does: PRIVATE_KEY is its 32-byte P-256 private key
# and AUTH its 16-byte auth secret, both base64url (padding optional). Reads the body from
# BODY_FILE, or stdin when it is absent or "-", and writes the plaintext to stdout; fails with
# http_ece's reason when the body does not decrypt. It checks a message encrypted by other
# code independently of that code.
#
# Needs http_ece, which pywebpush installs (see pywebpush_encrypt.py).
import base64
import sys

import http_ece
from cryptography.hazmat.primitives.asymmetric import ec


def decode(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def main(arguments):
    if len(arguments) not in (2, 3):
        sys.exit("usage: http_ece_decrypt.py PRIVATE_KEY AUTH [BODY_FILE] > plaintext")
    private_key = ec.derive_private_key(int.from_bytes(decode(arguments[0]), "big"), ec.SECP256R1())
    auth = decode(arguments[1])
    if len(arguments) == 3 and arguments[2] != "-":
        with open(arguments[2], "rb") as file:
            body = file.read()
    else:
        body = sys.stdin.buffer.read()
    try:
        plaintext = http_ece.decrypt(body, private_key=private_key, auth_secret=auth, version="aes128gcm")
    except http_ece.ECEException as problem:
        sys.exit("http_ece: " + problem.message)
    sys.stdout.buffer.write(plaintext)


if __name__ == "__main__":
    main(sys.argv[1:])
