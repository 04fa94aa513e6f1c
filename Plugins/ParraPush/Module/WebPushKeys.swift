import CParraPushSupport

/// The app's Web Push keys (RFC 8291): a P-256 key pair and an auth secret, made for one
/// UnifiedPush endpoint and kept in the module's storage (0600) with it. The app server gets
/// the public key and the secret as the subscription's `p256dh` and `auth`, encrypts each
/// message for them, and only these keys decrypt it.
struct WebPushKeys: Equatable {
    /// The storage key: the keys (113 bytes: private, public, auth), then the endpoint's UTF-8.
    static let storageKey = "parra_push_webpush_keys"
    private static let keyBytes =
        Int(PARRA_WEBPUSH_PRIVATE_KEY_BYTES + PARRA_WEBPUSH_PUBLIC_KEY_BYTES + PARRA_WEBPUSH_AUTH_BYTES)

    /// The endpoint the keys were made for.
    let endpoint: String
    private let bytes: [UInt8]

    /// The public key as the subscription's `p256dh`: base64url, no padding.
    var p256dh: String { Base64URL.encode(Array(bytes[32..<97])) }
    /// The auth secret as the subscription's `auth`: base64url, no padding.
    var auth: String { Base64URL.encode(Array(bytes[97..<113])) }

    /// Fresh keys for `endpoint`, or why they cannot be made (libparra-webpush.so or libcrypto
    /// missing, say).
    static func make(for endpoint: String) -> Result<WebPushKeys, PushPayload.Refusal> {
        var keys = parra_webpush_keys()
        var error = [CChar](repeating: 0, count: 512)
        guard parra_push_webpush_generate(&keys, &error, error.count) == 0 else {
            return .failure(PushPayload.Refusal(description: "cannot make Web Push keys: \(text(error))"))
        }
        return .success(WebPushKeys(endpoint: endpoint, bytes: withUnsafeBytes(of: &keys) { Array($0) }))
    }

    /// The keys kept as `stored`, checked; nil when they are not whole or do not hold together.
    init?(stored: [UInt8]) {
        guard stored.count >= Self.keyBytes, let endpoint = String(validating: stored[Self.keyBytes...], as: UTF8.self)
        else { return nil }
        self.endpoint = endpoint
        bytes = Array(stored[..<Self.keyBytes])
        var error = [CChar](repeating: 0, count: 256)
        guard withKeys({ parra_push_webpush_check($0, &error, error.count) }) == 0 else { return nil }
    }

    private init(endpoint: String, bytes: [UInt8]) {
        self.endpoint = endpoint
        self.bytes = bytes
    }

    /// What to keep in storage.
    var stored: [UInt8] { bytes + Array(endpoint.utf8) }

    /// The plaintext of an aes128gcm `message` sent to these keys, or why it is refused.
    func decrypt(_ message: [UInt8]) -> Result<[UInt8], PushPayload.Refusal> {
        var plaintext = [UInt8](repeating: 0, count: max(message.count, 1))
        var error = [CChar](repeating: 0, count: 512)
        let length = withKeys { keys in
            parra_push_webpush_decrypt(keys, message, message.count, &plaintext, plaintext.count, &error, error.count)
        }
        guard length >= 0 else {
            return .failure(PushPayload.Refusal(description: "a Web Push message (RFC 8291) refused: \(text(error))"))
        }
        return .success(Array(plaintext[..<length]))
    }

    private func withKeys<T>(_ body: (UnsafePointer<parra_webpush_keys>) -> T) -> T {
        var keys = parra_webpush_keys()
        withUnsafeMutableBytes(of: &keys) { $0.copyBytes(from: bytes) }
        return body(&keys)
    }
}

/// The NUL-terminated text a C function wrote into `buffer`.
private func text(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// Base64url without padding (RFC 4648 section 5), as Web Push writes keys.
enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// `bytes` encoded.
    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count * 4 + 2) / 3)
        for start in stride(from: 0, to: bytes.count, by: 3) {
            let chunk = bytes[start..<min(start + 3, bytes.count)]
            let value = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (16 - 8 * $1.offset) }
            for index in 0...chunk.count { out.append(alphabet[Int(value >> (18 - 6 * index) & 63)]) }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
