# Usage: pywebpush_encrypt.py P256DH AUTH [PLAINTEXT_FILE] > body
#
# Encrypts a push message as an application server does, with pywebpush (RFC 8291, content
# coding aes128gcm), for a subscription's keys as W3C PushSubscription.toJSON() gives them:
# P256DH and AUTH in base64url without padding. Reads the plaintext from PLAINTEXT_FILE, or
# stdin when it is absent or "-", and writes the message body's bytes to stdout. pywebpush
# refuses an empty plaintext; one longer than 4078 bytes it splits into records of 4096.
#
# The tests run it with pywebpush 2.5.0 installed by
#   python3 -m pip install --target .build/webpush-python pywebpush==2.5.0
# as PYTHONPATH=.build/webpush-python python3 pywebpush_encrypt.py ...
import sys

from pywebpush import WebPusher


def main(arguments):
    if len(arguments) not in (2, 3):
        sys.exit("usage: pywebpush_encrypt.py P256DH AUTH [PLAINTEXT_FILE] > body")
    p256dh, auth = arguments[0], arguments[1]
    if len(arguments) == 3 and arguments[2] != "-":
        with open(arguments[2], "rb") as file:
            plaintext = file.read()
    else:
        plaintext = sys.stdin.buffer.read()
    if not plaintext:
        sys.exit("pywebpush_encrypt.py: pywebpush refuses an empty plaintext")
    # encode() only encrypts: the endpoint is required by WebPusher but never contacted.
    subscription = {"endpoint": "https://push.invalid/", "keys": {"p256dh": p256dh, "auth": auth}}
    body = WebPusher(subscription).encode(plaintext, content_encoding="aes128gcm")["body"]
    sys.stdout.buffer.write(body)


if __name__ == "__main__":
    main(sys.argv[1:])
