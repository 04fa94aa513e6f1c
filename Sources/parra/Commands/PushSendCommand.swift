import CParraPushSupport
import Foundation
import ParraRuntime

#if canImport(Glibc)
    import Glibc
#endif

/// `parra push send --bundle BUNDLE_ID [--encrypt] PAYLOAD.json`: delivers a push payload to the
/// running app, as `xcrun simctl push` does for a simulator; with `--encrypt`, as an app server
/// sends it through UnifiedPush: encrypted for the app's Web Push subscription (RFC 8291).
struct PushSendCommand: Command {
    let name = "send"
    let summary = "Deliver a push payload to a running app, as xcrun simctl push does"
    let details = """
        Sends the file (an APNs payload: `aps` plus Parra's `parra` object, at most 4 KiB) to the
        app's socket, $XDG_RUNTIME_DIR/parra/BUNDLE_ID/push.sock, which the ParraPush module of a
        running app with push enabled listens on; only the app's own user may send. Prints the
        app's answer: "ok: delivered", or why it refused the payload.
        With --encrypt it sends the payload as an app server sends it through UnifiedPush: it
        asks the app for its Web Push subscription (the keys it uploads with its push token)
        and encrypts the payload for it (RFC 8291, aes128gcm), which the app then decrypts as it
        does a distributor's message. The app needs a subscription: it gets one when it
        registers with a UnifiedPush distributor.
        Exit status: 0 when the app took it, 1 when no app listens or it refused, 2 for a usage error.
        """
    let arguments = ArgumentSpec(
        options: [
            .value("--bundle", "BUNDLE_ID", help: "The app to deliver to (required)"),
            .flag("--encrypt", help: "Encrypt the payload for the app's Web Push subscription, as an app server does"),
        ],
        positionals: PositionalSpec(name: "PAYLOAD.json", minimum: 1, maximum: 1, help: "The payload file"))

    func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        guard let bundleID = arguments.value("--bundle"), !bundleID.isEmpty, !bundleID.contains("/") else {
            throw UsageError("name the app with --bundle BUNDLE_ID")
        }
        let file = arguments.positionals[0]
        guard let payload = FileManager.default.contents(atPath: file) else {
            console.printError("cannot read \(file)")
            return .problemsFound
        }
        guard let runtime = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else {
            console.printError("XDG_RUNTIME_DIR is not set, so no app's push socket can be found")
            return .problemsFound
        }
        let path = "\(runtime)/parra/\(bundleID)/push.sock"
        var message = payload
        if arguments.isSet("--encrypt") {
            switch Self.exchange(Data("subscription".utf8), at: path).flatMap(WebPushSubscription.read(answer:)) {
            case .failure(let reason):
                console.printError("cannot encrypt for \(bundleID): \(reason)")
                return .problemsFound
            case .success(let subscription):
                switch subscription.encrypt(payload) {
                case .failure(let reason):
                    console.printError("cannot encrypt \(file): \(reason)")
                    return .problemsFound
                case .success(let sealed): message = sealed
                }
            }
        }
        switch Self.exchange(message, at: path) {
        case .failure(let reason):
            console.printError("no app took the push: \(reason)")
            return .problemsFound
        case .success(let answer) where answer.hasPrefix("ok"):
            console.print("\(bundleID): \(answer)")
            return .success
        case .success(let answer):
            console.printError("\(bundleID): \(answer)")
            return .problemsFound
        }
    }

    /// Sends `payload` on the socket at `path` and returns the app's one-line answer.
    private static func exchange(_ payload: Data, at path: String) -> Result<String, SendFailure> {
        switch UnixSocketExchange.exchange(payload, at: path) {
        case .failure(.nothingListens(let reason)):
            return .failure(
                SendFailure("nothing listens at \(path) (\(reason)): is the app running with push enabled?"))
        case .failure(.stoppedReading):
            return .failure(SendFailure("the app stopped reading"))
        case .failure(let failure):
            return .failure(SendFailure(failure.description))
        case .success(let answer):
            let line = String(decoding: answer, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !line.isEmpty else { return .failure(SendFailure("the app closed the socket without an answer")) }
            return .success(line)
        }
    }
}

/// Why a payload did not reach an app.
private struct SendFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// An app's Web Push subscription as its push socket answers it: the keys an app server
/// encrypts for.
private struct WebPushSubscription {
    let p256dh: [UInt8]
    let auth: [UInt8]

    /// Reads the app's answer to `subscription`: `ok: {"endpoint", "keys": {"p256dh", "auth"}}`.
    static func read(answer: String) -> Result<WebPushSubscription, SendFailure> {
        guard answer.hasPrefix("ok: ") else { return .failure(SendFailure(answer)) }
        let object = try? JSONSerialization.jsonObject(with: Data(answer.dropFirst(4).utf8)) as? [String: Any]
        let keys = object?["keys"] as? [String: String]
        guard let p256dh = keys?["p256dh"].flatMap(Self.base64URL), p256dh.count == 65,
            let auth = keys?["auth"].flatMap(Self.base64URL), auth.count == 16
        else {
            return .failure(SendFailure("the app's subscription is not {endpoint, keys: {p256dh, auth}}: \(answer)"))
        }
        return .success(WebPushSubscription(p256dh: p256dh, auth: auth))
    }

    /// `payload` encrypted for the subscription, or why not.
    func encrypt(_ payload: Data) -> Result<Data, SendFailure> {
        let plaintext = Array(payload)
        var body = [UInt8](repeating: 0, count: parra_push_webpush_encrypted_size(plaintext.count))
        guard !body.isEmpty else {
            return .failure(SendFailure("it has \(plaintext.count) bytes, more than one Web Push record holds"))
        }
        var error = [CChar](repeating: 0, count: 512)
        let length = parra_push_webpush_encrypt(
            p256dh, auth, plaintext, plaintext.count, nil, nil, &body, body.count, &error, error.count)
        guard length > 0 else {
            return .failure(SendFailure(String(decoding: error.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self)))
        }
        return .success(Data(body[..<length]))
    }

    /// The bytes of base64url `text` (padding optional), or nil.
    private static func base64URL(_ text: String) -> [UInt8]? {
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
        return Data(base64Encoded: standard).map(Array.init)
    }
}
