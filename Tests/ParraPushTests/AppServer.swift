import CParraPushSupport
import Foundation
import ParraTestSupport

@testable import ParraPush

/// What the tests' application servers do: encrypt a push message for a subscription's keys
/// (RFC 8291), with Parra's own library or with PyPI's pywebpush, an implementation nobody here
/// wrote (installed into `.build/webpush-python` by `Scripts/dev test`).
enum AppServer {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The subscription's keys as the app keeps them in `storage` (the module's): `p256dh` and
    /// `auth`, raw.
    static func subscription(in storage: [String: [UInt8]]) throws -> (p256dh: [UInt8], auth: [UInt8]) {
        guard let kept = storage[WebPushKeys.storageKey], kept.count >= 113 else {
            throw Failure(description: "the app keeps no Web Push keys")
        }
        return (Array(kept[32..<97]), Array(kept[97..<113]))
    }

    /// `plaintext` encrypted for `p256dh` and `auth` by libparra-webpush.so.
    static func encrypt(_ plaintext: String, p256dh: [UInt8], auth: [UInt8]) throws -> [UInt8] {
        let bytes = Array(plaintext.utf8)
        var body = [UInt8](repeating: 0, count: parra_push_webpush_encrypted_size(bytes.count))
        var error = [CChar](repeating: 0, count: 512)
        let length = parra_push_webpush_encrypt(
            p256dh, auth, bytes, bytes.count, nil, nil, &body, body.count, &error, error.count)
        guard length > 0 else {
            throw Failure(description: String(decoding: error.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self))
        }
        return Array(body[..<length])
    }

    /// `plaintext` encrypted by pywebpush for the subscription keys as the app uploads them
    /// (base64url).
    static func pywebpushEncrypt(_ plaintext: String, p256dh: String, auth: String) throws -> [UInt8] {
        let root = CFixtureBuilder.repositoryRoot
        let packages = root.appendingPathComponent(".build/webpush-python")
        guard FileManager.default.fileExists(atPath: packages.appendingPathComponent("pywebpush").path) else {
            throw Failure(
                description: "pywebpush is not in \(packages.path): `Scripts/dev test` installs it there")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", root.appendingPathComponent("Tests/Fixtures/WebPush/pywebpush_encrypt.py").path, p256dh, auth,
        ]
        process.environment = ProcessInfo.processInfo.environment.merging(["PYTHONPATH": packages.path]) { $1 }
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data(plaintext.utf8))
        try input.fileHandleForWriting.close()
        let body = output.fileHandleForReading.readDataToEndOfFile()
        let problem = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, !body.isEmpty else {
            throw Failure(description: "pywebpush_encrypt.py failed: \(problem)")
        }
        return Array(body)
    }

    /// `bytes` as the fake desktop's `message-hex` takes them.
    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }
}

extension FakeDesktop {
    /// Delivers `json` as an app server sends it: encrypted for the keys the app keeps in
    /// `services`' storage.
    func sendEncrypted(_ json: String, for services: FakePushServices) throws {
        let keys = try AppServer.subscription(in: services.onMain { services.storage })
        send("message-hex " + AppServer.hex(try AppServer.encrypt(json, p256dh: keys.p256dh, auth: keys.auth)))
    }
}
