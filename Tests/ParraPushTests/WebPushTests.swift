import Foundation
import Testing

@testable import ParraPush

/// Web Push (RFC 8291) from inside: the app's keys, decryption against the RFC's own example and
/// an independent implementation (pywebpush), and what the controller does with keys and messages.
@Suite("ParraPush's Web Push encryption, from inside")
struct WebPushTests {
    /// RFC 8291 Appendix A, in base64url as the RFC gives it.
    private enum Appendix {
        static let privateKey = "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94"
        static let publicKey = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
        static let auth = "BTBZMqHH6r4Tts7J_aSIgg"
        static let message =
            "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"
        static let plaintext = "When I grow up, I want to be a watermelon"
    }

    private static func decoded(_ base64URL: String) -> [UInt8] {
        var text = base64URL.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        text += String(repeating: "=", count: (4 - text.count % 4) % 4)
        return Array(Data(base64Encoded: text)!)
    }

    private static let appendixKeys = WebPushKeys(
        stored: decoded(Appendix.privateKey) + decoded(Appendix.publicKey) + decoded(Appendix.auth)
            + Array("https://push.example/rfc".utf8))

    @Test(
        "RFC 8291 Appendix A: the user agent's keys decrypt the example message; p256dh and auth read as the RFC writes them"
    )
    func appendixA() throws {
        let keys = try #require(Self.appendixKeys)
        #expect(keys.p256dh == Appendix.publicKey && keys.auth == Appendix.auth)
        let plaintext = try keys.decrypt(Self.decoded(Appendix.message)).get()
        #expect(String(decoding: plaintext, as: UTF8.self) == Appendix.plaintext)
    }

    @Test("a tampered or cut message is refused with the reason", arguments: [0, 25, 100, 143])
    func tampered(at index: Int) throws {
        let keys = try #require(Self.appendixKeys)
        var message = Self.decoded(Appendix.message)
        message[index] ^= 1
        guard case .failure(let refusal) = keys.decrypt(message) else {
            Issue.record("a message with byte \(index) changed was decrypted")
            return
        }
        #expect(refusal.description.hasPrefix("a Web Push message (RFC 8291) refused: "), "\(refusal)")
        let cut = keys.decrypt(Array(Self.decoded(Appendix.message)[..<(index / 2)]))
        #expect((try? cut.get()) == nil)
    }

    @Test("kept keys that do not hold together are not used")
    func brokenKeysRefused() throws {
        var stored = Self.decoded(Appendix.privateKey) + Self.decoded(Appendix.publicKey) + Self.decoded(Appendix.auth)
        stored[40] ^= 1
        #expect(WebPushKeys(stored: stored + Array("https://push.example/rfc".utf8)) == nil)
        #expect(WebPushKeys(stored: Array(stored.prefix(100))) == nil)
    }

    @Test("a message pywebpush (PyPI) encrypted for fresh keys decrypts; one for other keys does not")
    func pywebpushInterop() throws {
        let keys = try WebPushKeys.make(for: "https://push.example/up/1").get()
        let json = #"{"aps":{"alert":{"title":"From pywebpush","body":"AT&T < $30"}}}"#
        let message = try AppServer.pywebpushEncrypt(json, p256dh: keys.p256dh, auth: keys.auth)
        #expect(String(decoding: try keys.decrypt(message).get(), as: UTF8.self) == json)
        let other = try WebPushKeys.make(for: "https://push.example/up/2").get()
        guard case .failure(let refusal) = other.decrypt(message) else {
            Issue.record("other keys decrypted the message")
            return
        }
        #expect(refusal.description.contains("authentication failed"), "\(refusal)")
    }

    @Test("keys are made for an endpoint, kept for it, renewed with a new one, and uploaded with it")
    func keysFollowTheEndpoint() throws {
        let services = FakePushServices()
        let controller = PushController(services: services, settings: PushSettings(enabled: true), interactive: false)
        controller.receive(endpoint: "https://push.example/up/1")
        let first = try #require(services.storage[WebPushKeys.storageKey].flatMap(WebPushKeys.init(stored:)))
        #expect(first.endpoint == "https://push.example/up/1")
        controller.receive(endpoint: "https://push.example/up/1")
        #expect(services.storage[WebPushKeys.storageKey].flatMap(WebPushKeys.init(stored:)) == first, "kept")
        controller.didRegister(token: Array("https://push.example/up/1".utf8))
        #expect(
            services.requests.map(\.body) == [
                #"{"keys":{"auth":"\#(first.auth)","p256dh":"\#(first.p256dh)"},"token":"https://push.example/up/1","type":"unifiedpush"}"#
            ])
        controller.receive(endpoint: "https://push.example/up/2")
        let renewed = try #require(services.storage[WebPushKeys.storageKey].flatMap(WebPushKeys.init(stored:)))
        #expect(renewed.endpoint == "https://push.example/up/2" && renewed.p256dh != first.p256dh)
    }

    @Test("a message that is not encrypted, or not for the app's keys, reaches no delegate")
    func unencryptedRefused() throws {
        let services = FakePushServices()
        let controller = PushController(services: services, settings: PushSettings(enabled: true), interactive: false)
        #expect(
            controller.receive(message: Array(#"{"aps":{"alert":"plain"}}"#.utf8))
                == "no Web Push keys to decrypt it: the app has no endpoint yet")
        controller.receive(endpoint: "https://push.example/up/1")
        let refusal = controller.receive(message: Array(#"{"aps":{"alert":"plain"}}"#.utf8))
        #expect(refusal?.hasPrefix("a Web Push message (RFC 8291) refused: ") == true, "\(refusal ?? "taken")")
        let keys = try AppServer.subscription(in: services.storage)
        let sealed = try AppServer.encrypt(#"{"aps":{"alert":"sealed"}}"#, p256dh: keys.p256dh, auth: keys.auth)
        #expect(controller.receive(message: sealed) == nil)
        #expect(services.events == ["didRegister https://push.example/up/1", "willPresent"])
    }
}
