import ParraPluginKit
import Testing

@testable import ParraPush

@Suite("ParraPush's logic, from inside")
struct PushLogicTests {
    private static let enabled = PushSettings(enabled: true)

    @Test(
        "requestPushPermission: authorized first, then denied, then not enabled, then the prompt or what needs none",
        arguments: [
            (PushAuthorization.authorized, false, false, false, PermissionDecision.answer(true, store: nil)),
            (.authorized, true, false, false, .answer(true, store: nil)),
            (.denied, true, false, true, .answer(false, store: nil)),
            (.notDetermined, false, false, true, .fail(PermissionDecision.notEnabledMessage)),
            (.provisional, false, true, true, .fail(PermissionDecision.notEnabledMessage)),
            (.notDetermined, true, false, true, .prompt),
            (.provisional, true, true, true, .prompt),
            (.notDetermined, true, false, false, .answer(false, store: nil)),
            (.notDetermined, true, true, false, .answer(true, store: .provisional)),
            (.provisional, true, true, false, .answer(true, store: nil)),
        ])
    func permissionTable(
        status: PushAuthorization, enabled: Bool, provisional: Bool, interactive: Bool, expected: PermissionDecision
    ) {
        let settings = PushSettings(enabled: enabled, provisional: provisional)
        #expect(PermissionDecision.decide(status: status, settings: settings, interactive: interactive) == expected)
    }

    @Test("the prompt's answer is kept; the next request answers from storage without asking")
    func promptAnswerKept() {
        let services = FakePushServices()
        let controller = PushController(services: services, settings: Self.enabled, interactive: true)
        var answers: [Bool] = []
        controller.requestPermission { if case .success(let granted) = $0 { answers.append(granted) } }
        #expect(services.presented.map(\.keys) == [["y", "n"]])
        services.presented[0].onAction("y")
        controller.requestPermission { if case .success(let granted) = $0 { answers.append(granted) } }
        #expect(answers == [true, true])
        #expect(services.presented.count == 1)
        #expect(controller.authorization == .authorized)
        #expect(controller.settingsJSON.contains(#""authorizationStatus":"authorized""#))
    }

    @Test("not enabled: the SDK's error text")
    func notEnabled() {
        let controller = PushController(services: FakePushServices(), settings: PushSettings(), interactive: true)
        var message: String?
        controller.requestPermission { if case .failure(let refusal) = $0 { message = refusal.description } }
        #expect(
            message
                == "Can not request push permission. Push notifications are not enabled in your Parra configuration.")
    }

    @Test("a token is sent once per user as {token, type}; an APNs-style token is lowercase hex")
    func tokenDedupe() {
        let services = FakePushServices()
        let controller = PushController(services: services, settings: Self.enabled, interactive: false)
        controller.didRegister(token: [0xAB, 0x01, 0xFF])
        controller.didRegister(token: [0xAB, 0x01, 0xFF])
        #expect(services.requests.map(\.body) == [#"{"token":"ab01ff","type":"apns"}"#])
        #expect(services.requests.first?.path == "tenants/{tenantId}/push-tokens")
        controller.authStateChanged(userID: "user-2")
        controller.didRegister(token: [0xAB, 0x01, 0xFF])
        #expect(services.requests.count == 2, "another user: sent again")
    }

    @Test("a refused or failed upload is reported to didFailToRegister and is not remembered")
    func uploadFailure() {
        let services = FakePushServices()
        services.respond = { _ in .success((500, Array("down".utf8))) }
        let controller = PushController(services: services, settings: Self.enabled, interactive: false)
        controller.didRegister(token: [1])
        #expect(services.events == ["didFail the server refused the push token: HTTP 500 down"])
        services.respond = { _ in .failure(ModuleError("connection refused")) }
        controller.didRegister(token: [1])
        #expect(services.events.last == "didFail cannot send the push token: connection refused")
        #expect(services.requests.count == 2)
    }

    @Test("the endpoint a distributor gives is the token, type unifiedpush; no distributor is a clear reason")
    func distributor() throws {
        let services = FakePushServices()
        let controller = PushController(services: services, settings: Self.enabled, interactive: false)
        controller.authStateChanged(userID: "u")
        #expect(services.events == ["didFail no UnifiedPush distributor can be reached on this system"])
        controller.distributor = { $0(.success("https://push.example/up/abc")) }
        controller.register()
        #expect(services.events.last == "didRegister https://push.example/up/abc")
        controller.didRegister(token: Array("https://push.example/up/abc".utf8))
        let keys = try #require(services.storage[WebPushKeys.storageKey].flatMap(WebPushKeys.init(stored:)))
        #expect(
            services.requests.map(\.body) == [
                #"{"keys":{"auth":"\#(keys.auth)","p256dh":"\#(keys.p256dh)"},"token":"https://push.example/up/abc","type":"unifiedpush"}"#
            ])
    }

    @Test("push disabled: no registration, no upload, no presentation options, no routing")
    func disabled() {
        let services = FakePushServices()
        let controller = PushController(services: services, settings: PushSettings(), interactive: false)
        controller.authStateChanged(userID: "u")
        controller.didRegister(token: [1])
        controller.didReceiveResponse(#"{"notification":{"aps":{},"parra":{"type":"url","data":"x:y"}}}"#)
        #expect(controller.willPresentOptions() == 0)
        #expect(services.events.isEmpty && services.requests.isEmpty)
    }

    @Test("willPresent answers what the flags allow")
    func presentationOptions() {
        #expect(PushSettings(enabled: true).presentationOptions == 15)
        #expect(PushSettings(enabled: true, alerts: false, sounds: false).presentationOptions == 1)
    }

    @Test(
        "bad payloads are refused with a reason",
        arguments: [
            ("not json", "the payload is not a JSON object"),
            (#"{"parra":{}}"#, #"the payload has no "aps" object"#),
            (#"{"aps":{"alert":3}}"#, "aps.alert is neither a string nor {title, body}"),
            (
                #"{"aps":{},"parra":{"type":"poll","data":{}}}"#,
                #"parra.type "poll" is unknown: it is chat-message, url or feed-item"#
            ),
            (#"{"aps":{},"parra":{"type":"url","data":3}}"#, "parra.type url needs data, the URL (or {url})"),
        ])
    func badPayloads(text: String, reason: String) {
        #expect(PushPayload.read(Array(text.utf8)) == .failure(PushPayload.Refusal(description: reason)))
    }

    @Test("the VAPID key: empty is none; 87 base64url characters are kept; another character is refused with the key")
    func vapidKey() {
        #expect(PushSettings.vapidKey(from: "") == .success(nil))
        let key = String(repeating: "Ab-_", count: 21) + "xyz"
        #expect(PushSettings.vapidKey(from: key) == .success(key))
        #expect(
            PushSettings.vapidKey(from: String(repeating: "A", count: 86) + "=")
                == .failure(
                    PushPayload.Refusal(
                        description:
                            "pushNotifications.vapidPublicKey is not base64url (letters, digits, - and _ only): registering without a VAPID key"
                    )))
    }

    @Test("a payload over 4 KiB is refused with its size")
    func oversized() {
        let text = #"{"aps":{"alert":""# + String(repeating: "x", count: 4100) + #""}}"#
        let result = PushPayload.read(Array(text.utf8))
        #expect(
            result
                == .failure(
                    PushPayload.Refusal(
                        description: "the payload has \(text.utf8.count) bytes, over APNs's limit of 4096")))
    }

    @Test("a socket peer of another user is refused")
    func foreignPeer() {
        #expect(LocalDeliveryListener.admits(peerUID: 1000, ownUID: 1000) == nil)
        #expect(
            LocalDeliveryListener.admits(peerUID: 0, ownUID: 1000)
                == "refused: the sender runs as uid 0, not as the app's user (uid 1000)")
    }

    @Test("a notification in the foreground asks willPresent and shows a toast; its key is the response, routed")
    func deliverAndRoute() throws {
        let services = FakePushServices()
        services.storage[PushAuthorization.storageKey] = Array("authorized".utf8)
        let controller = PushController(services: services, settings: Self.enabled, interactive: false)
        let payload = try PushPayload.read(
            Array(
                #"{"aps":{"alert":{"title":"Hi","body":"there"}},"parra":{"type":"feed-item","data":{"id":"f1"}}}"#.utf8
            )
        ).get()
        #expect(controller.deliver(payload) == nil)
        #expect(services.presented.map(\.title) == ["Hi"])
        services.presented[0].onAction(PushController.openKey)
        #expect(services.events.count == 2 && services.events[1].hasPrefix("response "))
        controller.didReceiveResponse(#"{"action":"x","notification":\#(payload.json)}"#)
        #expect(services.events.last == #"emit com.parra.push.openContent {"data":{"id":"f1"},"type":"feed-item"}"#)
        controller.didReceiveResponse(#"{"notification":{"aps":{},"parra":{"type":"url","data":"demo://item/1"}}}"#)
        #expect(services.events.last == "open demo://item/1")
        services.presentationOptions = 1
        _ = controller.deliver(payload)
        #expect(services.presented.count == 1, "no alert allowed: no toast")
    }
}
