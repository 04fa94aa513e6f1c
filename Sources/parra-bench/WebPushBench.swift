import CLibCrypto
import CParraPushSupport
import Foundation

/// `push.webpush_decrypt_us`: one decrypt of a Web Push message (RFC 8291, aes128gcm, a
/// 200-byte payload as Parra sends) with the app's keys through `libparra-webpush.so`, what
/// every distributor message costs before `push.bus_to_delegate_us`' delivery; baseline
/// `push.ecdh_us`, the one P-256 ECDH no decrypt can do without, with the same libcrypto.
struct WebPushFigures {
    var decrypt: [Double]
    var ecdh: [Double]
    var repetitions: Int

    var decryptMicroseconds: Double { median(decrypt) }
    var ecdhMicroseconds: Double { median(ecdh) }
    /// The median of the per-repetition ratios.
    var pairedRatio: Double { median(zip(decrypt, ecdh).map { $0 / $1 }) }
}

enum WebPushBench {
    /// Decrypts (and ECDH derivations) timed together as one sample.
    static let operationsPerSample = 50

    /// Times `repetitions` samples of each, alternating; nil and the reason when
    /// `libparra-webpush.so` or libcrypto cannot be used.
    static func run(repetitions: Int) -> (WebPushFigures?, String?) {
        var keys = parra_webpush_keys()
        var error = [CChar](repeating: 0, count: 512)
        guard parra_push_webpush_generate(&keys, &error, error.count) == 0 else {
            return (nil, String(decoding: error.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self))
        }
        let payload = Array(
            #"{"aps":{"alert":{"title":"Bench","body":"A Web Push message of about two hundred bytes, as Parra sends one"}},"parra":{"type":"url","data":"demo://item/1"}}"#
                .utf8)
        let (publicKey, auth) = withUnsafeBytes(of: &keys) { (Array($0[32..<97]), Array($0[97..<113])) }
        var message = [UInt8](repeating: 0, count: parra_push_webpush_encrypted_size(payload.count))
        let length = parra_push_webpush_encrypt(
            publicKey, auth, payload, payload.count, nil, nil, &message, message.count, &error, error.count)
        guard length > 0, let ours = generateP256(), let theirs = generateP256() else {
            return (nil, "cannot make a Web Push message or P-256 keys with libcrypto")
        }
        defer {
            EVP_PKEY_free(ours)
            EVP_PKEY_free(theirs)
        }
        var figures = WebPushFigures(decrypt: [], ecdh: [], repetitions: repetitions)
        var plaintext = [UInt8](repeating: 0, count: message.count)
        for _ in 0..<repetitions {
            let start = monotonicNanoseconds()
            for _ in 0..<operationsPerSample {
                guard
                    parra_push_webpush_decrypt(
                        &keys, message, length, &plaintext, plaintext.count, &error, error.count) == payload.count
                else { return (nil, "the bench message did not decrypt") }
            }
            let middle = monotonicNanoseconds()
            for _ in 0..<operationsPerSample where !derive(ours, theirs) {
                return (nil, "P-256 ECDH failed in libcrypto")
            }
            let end = monotonicNanoseconds()
            figures.decrypt.append(Double(middle - start) / 1e3 / Double(operationsPerSample))
            figures.ecdh.append(Double(end - middle) / 1e3 / Double(operationsPerSample))
        }
        return (figures, nil)
    }

    /// A fresh P-256 key pair.
    private static func generateP256() -> OpaquePointer? {
        guard let context = EVP_PKEY_CTX_new_from_name(nil, "EC", nil) else { return nil }
        defer { EVP_PKEY_CTX_free(context) }
        var key: OpaquePointer?
        guard EVP_PKEY_keygen_init(context) == 1, EVP_PKEY_CTX_set_group_name(context, "P-256") == 1,
            EVP_PKEY_generate(context, &key) == 1
        else { return nil }
        return key
    }

    /// One ECDH of `ours` with `theirs`, as a decrypt does it (a context, no second check of the peer).
    private static func derive(_ ours: OpaquePointer, _ theirs: OpaquePointer) -> Bool {
        guard let context = EVP_PKEY_CTX_new_from_pkey(nil, ours, nil) else { return false }
        defer { EVP_PKEY_CTX_free(context) }
        var secret = [UInt8](repeating: 0, count: 32)
        var length = secret.count
        return EVP_PKEY_derive_init(context) == 1 && EVP_PKEY_derive_set_peer_ex(context, theirs, 0) == 1
            && EVP_PKEY_derive(context, &secret, &length) == 1 && length == 32
    }
}
