import Foundation
import ParraTestSupport
import Synchronization
import Testing

@testable import ParraPush

/// ParraPush's session bus code from inside: `DesktopPush` with a stand-in host, against the
/// tests' own distributor and notification server (`fake_desktop.c`) on a private bus.
@Suite("ParraPush on D-Bus, from inside", .serialized)
struct DesktopPushTests {
    private static let service = DesktopPushFixture.service

    /// `DesktopPushFixture.run`, its parts handed to `body` one by one.
    private func withDesktop(
        _ role: FakeDesktop.Role, settings: PushSettings = PushSettings(enabled: true),
        _ body: (FakeDesktop, FakePushServices, PushController, DesktopPush) throws -> Void
    ) throws {
        try DesktopPushFixture.run(role, settings: settings) {
            try body($0.desktop, $0.services, $0.controller, $0.push)
        }
    }

    @Test("registration: the distributor's endpoint is the token, sent as type unifiedpush")
    func registers() throws {
        try withDesktop([.distributor]) { desktop, services, controller, push in
            services.onMain { controller.authStateChanged(userID: "u1") }
            #expect(
                desktop.lines.next(startingWith: "register ") == "register \(Self.service) \(push.token) Distributor2")
            let endpoint = "https://push.example/up/\(push.token)"
            #expect(services.wait { $0.events.contains("didRegister \(endpoint)") })
            services.onMain { controller.didRegister(token: Array(endpoint.utf8)) }
            let keys = try #require(
                services.onMain { services.storage[WebPushKeys.storageKey] }.flatMap(WebPushKeys.init(stored:)))
            #expect(
                services.onMain { services.requests.map(\.body) } == [
                    #"{"keys":{"auth":"\#(keys.auth)","p256dh":"\#(keys.p256dh)"},"token":"\#(endpoint)","type":"unifiedpush"}"#
                ])
            desktop.send("endpoint https://push.example/up/renewed")
            #expect(services.wait { $0.events.contains("didRegister https://push.example/up/renewed") })
        }
    }

    @Test("an older distributor (Distributor1, Connector1) registers and delivers too")
    func versionOne() throws {
        try withDesktop([.distributor, .version1]) { desktop, services, controller, push in
            services.onMain { controller.authStateChanged(userID: nil) }
            #expect(desktop.lines.next(startingWith: "register ")?.hasSuffix("Distributor1") == true)
            #expect(services.wait { $0.events.contains("didRegister https://push.example/up/\(push.token)") })
            try desktop.sendEncrypted(#"{"aps":{"alert":"v1 hello"}}"#, for: services)
            #expect(services.wait { $0.events.contains("willPresent") })
        }
    }

    @Test("a message in the background goes to the notification server; its action is the response, routed")
    func desktopNotification() throws {
        try withDesktop([.distributor, .notifications]) { desktop, services, controller, _ in
            services.onMain { controller.authStateChanged(userID: "u1") }
            #expect(services.wait { $0.events.contains { $0.hasPrefix("didRegister ") } })
            services.onMain { controller.inForeground = false }
            try desktop.sendEncrypted(
                #"{"aps":{"alert":{"title":"Hi","body":"Open item 7"}},"parra":{"type":"url","data":"demo://item/7"}}"#,
                for: services)
            #expect(desktop.lines.next(startingWith: "notify ") == "notify 1 Hi|Open item 7|default,Open")
            desktop.send("action 1")
            #expect(services.wait { $0.events.contains { $0.hasPrefix("response ") && $0.contains("demo://item/7") } })
            #expect(services.onMain { !services.events.contains("willPresent") }, "in the background: no willPresent")
        }
    }

    @Test("in the foreground, a notification willPresent allows no alert for goes to the desktop")
    func foregroundWithoutAlert() throws {
        try withDesktop([.distributor, .notifications]) { desktop, services, controller, _ in
            services.onMain {
                services.presentationOptions = 1
                controller.authStateChanged(userID: "u1")
            }
            #expect(services.wait { $0.events.contains { $0.hasPrefix("didRegister ") } })
            try desktop.sendEncrypted(#"{"aps":{"alert":"quiet"}}"#, for: services)
            #expect(desktop.lines.next(startingWith: "notify ") == "notify 1 Push Test|quiet|default,Open")
            #expect(services.onMain { services.presented.isEmpty })
        }
    }

    @Test(
        "bad input: a foreign token, a message without bytes, one not encrypted, a payload Parra does not know: reasons, nothing delivered"
    )
    func badMessages() throws {
        try withDesktop([.distributor]) { desktop, services, controller, _ in
            services.onMain { controller.authStateChanged(userID: "u1") }
            #expect(services.wait { $0.events.contains { $0.hasPrefix("didRegister ") } })
            desktop.send(#"foreign-message {"aps":{}}"#)
            #expect(
                services.wait { $0.logs.contains("warn: UnifiedPush Message for an unknown connection token ignored") })
            desktop.send("bare-message")
            #expect(
                services.wait {
                    $0.logs.contains(
                        "warn: D-Bus: org.unifiedpush.Connector2.Message ignored: it has no message bytes (ay) (DBUS_0.3.0: a call that breaks the spec is ignored)"
                    )
                })
            desktop.send(#"message {"aps":{"alert":"not encrypted"}}"#)
            #expect(
                services.wait {
                    $0.logs.contains {
                        $0.hasPrefix("warn: UnifiedPush message refused: a Web Push message (RFC 8291) refused: ")
                    }
                })
            try desktop.sendEncrypted(#"{"aps":{},"parra":{"type":"poll"}}"#, for: services)
            #expect(services.wait { $0.logs.contains { $0.contains(#"parra.type "poll" is unknown"#) } })
            #expect(services.onMain { !services.events.contains("willPresent") })
        }
    }

    @Test("a distributor that vanishes mid-session is reported to didFailToRegister")
    func distributorVanishes() throws {
        try withDesktop([.distributor]) { desktop, services, controller, _ in
            services.onMain { controller.authStateChanged(userID: "u1") }
            #expect(services.wait { $0.events.contains { $0.hasPrefix("didRegister ") } })
            desktop.quit()
            #expect(
                services.wait {
                    $0.events.contains(
                        "didFail the UnifiedPush distributor org.unifiedpush.Distributor.parratest left the session bus; no pushes arrive until it is back"
                    )
                })
            services.onMain { controller.register() }
            #expect(
                services.wait {
                    $0.events.last?.hasPrefix("didFail no UnifiedPush distributor is on the session bus") == true
                })
        }
    }

    @Test("the session bus going away is reported to didFailToRegister; a later registration fails the same way")
    func busGone() throws {
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        let desktop = try FakeDesktop(bus: bus.address, [.distributor])
        defer { desktop.quit() }
        let services = FakePushServices()
        services.mainQueue = DispatchQueue(label: "main")
        let controller = PushController(services: services, settings: PushSettings(enabled: true), interactive: false)
        let push = try DesktopPush(
            address: bus.address, serviceName: Self.service, appName: "Push Test", services: services,
            controller: controller)
        defer { push.close() }
        services.onMain { controller.authStateChanged(userID: "u1") }
        #expect(services.wait { $0.events.contains { $0.hasPrefix("didRegister ") } })
        bus.stop()
        #expect(services.wait { $0.events.contains("didFail the session bus closed the connection") })
        services.onMain { controller.register() }
        #expect(services.wait { $0.events.filter { $0 == "didFail the session bus closed the connection" }.count == 2 })
    }

    @Test("a distributor that refuses, and a bus without one, give didFailToRegister a reason")
    func refusals() throws {
        try withDesktop([.distributor, .refuses]) { _, services, controller, _ in
            services.onMain { controller.authStateChanged(userID: "u1") }
            #expect(
                services.wait {
                    $0.events.contains(
                        "didFail the distributor org.unifiedpush.Distributor.parratest refused the registration (REGISTRATION_FAILED, ACTION_REQUIRED)"
                    )
                })
        }
        try withDesktop([.notifications]) { _, services, controller, _ in
            services.onMain { controller.authStateChanged(userID: "u1") }
            #expect(
                services.wait {
                    $0.events.contains(
                        "didFail no UnifiedPush distributor is on the session bus (no name starts with org.unifiedpush.Distributor.)"
                    )
                })
        }
    }

    @Test("a distributor and a notification server that never answer: each call fails after its timeout")
    func unansweredCalls() throws {
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        let desktop = try FakeDesktop(bus: bus.address, [.distributor, .notifications, .silent])
        defer { desktop.quit() }
        let events = Mutex<[SessionBus.Event]>([])
        let arrived = DispatchSemaphore(value: 0)
        let session = try SessionBus(address: bus.address, serviceName: Self.service, callTimeout: 0.2) { event in
            events.withLock { $0.append(event) }
            arrived.signal()
        }
        defer { session.close() }
        session.register(token: "t1", description: "Push Test")
        session.notify(
            key: 7, appName: "Push Test", title: "Hello", body: "there", desktopEntry: Self.service, urgency: 1)
        let expected: [SessionBus.Event] = [
            .registrationFailed(
                "the distributor org.unifiedpush.Distributor.parratest did not answer Register within 0.2 s"),
            .problem("the notification server did not answer GetCapabilities; bodies are escaped as markup"),
            .problem("the notification server did not answer Notify within 0.2 s"),
        ]
        let deadline = DispatchTime.now() + 10
        while !events.withLock({ seen in expected.allSatisfy(seen.contains) }),
            arrived.wait(timeout: deadline) == .success
        {}
        #expect(desktop.lines.next(startingWith: "unanswered Register") != nil)
        let seen = events.withLock { $0 }
        #expect(expected.allSatisfy(seen.contains), "\(seen)")
    }

    @Test("no session bus: a clear reason; a bus that is gone: the connection's reason")
    func noBus() throws {
        #expect(
            SessionBus.address(environment: [:])
                == .failure(
                    PushPayload.Refusal(
                        description:
                            "no D-Bus session bus: DBUS_SESSION_BUS_ADDRESS is not set and $XDG_RUNTIME_DIR/bus is missing"
                    )))
        #expect(
            SessionBus.address(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/x"]) == .success("unix:path=/x"))
        let folder = NSTemporaryDirectory() + "parra-no-bus-\(UUID().uuidString)"
        #expect(throws: PushPayload.Refusal.self) {
            try SessionBus(address: "unix:path=\(folder)/bus", serviceName: Self.service) { _ in }
        }
    }
}
