import Foundation
import ParraTestSupport
import Testing

@testable import ParraPush

/// The connector as DBUS_0.3.0 says, and desktop notifications that cannot be confused: from
/// inside, `DesktopPush` against the tests' distributors and notification servers on a private bus.
@Suite("ParraPush's connector lifecycle and desktop notifications", .serialized)
struct ConnectorLifecycleTests {
    private static let service = DesktopPushFixture.service

    private static func ignored(_ member: String, _ why: String) -> String {
        "warn: D-Bus: org.unifiedpush.Connector2.\(member) ignored: \(why) (DBUS_0.3.0: a call that breaks the spec is ignored)"
    }

    @Test("calls that break the spec are ignored: an endpoint that is not a URL, a message as a string, an empty one")
    func malformedCallsIgnored() throws {
        try DesktopPushFixture.run([.distributor]) { fixture in
            let (desktop, services) = (fixture.desktop, fixture.services)
            #expect(fixture.register())
            desktop.send("endpoint not_an_url")
            desktop.send(#"string-message {"aps":{"alert":"as a string"}}"#)
            desktop.send("empty-message")
            #expect(services.wait { $0.logs.contains(Self.ignored("Message", "its message is empty")) })
            let logs = services.onMain { services.logs }
            #expect(logs.contains(Self.ignored("NewEndpoint", #"its endpoint "not_an_url" is not a URL"#)), "\(logs)")
            #expect(logs.contains(Self.ignored("Message", "it has no message bytes (ay)")), "\(logs)")
            let events = services.onMain { services.events }
            #expect(events.filter { $0.hasPrefix("didRegister") || $0.hasPrefix("didFail") }.count == 1, "\(events)")
            #expect(!events.contains("willPresent"))
        }
    }

    @Test("Unregistered from the distributor: the app registers again, as the spec says it must to stay registered")
    func registersAgainAfterUnregistered() throws {
        try DesktopPushFixture.run([.distributor]) { fixture in
            let (desktop, services) = (fixture.desktop, fixture.services)
            #expect(fixture.register())
            #expect(desktop.lines.next(startingWith: "register ") != nil)
            desktop.send("unregistered")
            #expect(desktop.lines.next(startingWith: "register ") != nil, "registered a second time")
            #expect(
                services.wait {
                    $0.logs.contains(
                        "info: the UnifiedPush distributor dropped the app's registration; registering again")
                })
        }
    }

    @Test("unregister(): Unregister goes to the distributor, whose confirmation forgets the sent token")
    func unregisters() throws {
        try DesktopPushFixture.run([.distributor]) { fixture in
            let (desktop, services) = (fixture.desktop, fixture.services)
            #expect(fixture.register())
            let endpoint =
                "https://push.example/up/"
                + (desktop.lines.next(startingWith: "register ") ?? "")
                .split(separator: " ")[2]
            services.onMain { fixture.controller.didRegister(token: Array(endpoint.utf8)) }
            #expect(services.onMain { services.storage[PushController.sentTokenKey]?.isEmpty == false })
            services.onMain { fixture.controller.unregister() }
            #expect(desktop.lines.next(startingWith: "unregister ")?.hasSuffix(" Distributor2") == true)
            #expect(services.wait { $0.logs.contains("info: unregistered from the UnifiedPush distributor") })
            #expect(services.onMain { services.storage[PushController.sentTokenKey] == [] })
        }
    }

    @Test("a distributor that comes onto the bus later is used; one that restarts is registered with again")
    func distributorsFollowed() throws {
        try DesktopPushFixture.run([.notifications]) { fixture in
            let (bus, services) = (fixture.bus, fixture.services)
            services.onMain { fixture.controller.authStateChanged(userID: "u1") }
            #expect(services.wait { $0.events.contains { $0.hasPrefix("didFail no UnifiedPush distributor") } })
            let late = try FakeDesktop(bus: bus.address, [.distributor])
            #expect(
                late.lines.next(startingWith: "register \(Self.service) ") != nil,
                "\(services.onMain { services.logs + services.events })")
            #expect(services.wait { $0.events.contains { $0.hasPrefix("didRegister ") } })
            late.quit()
            #expect(services.wait { $0.events.contains { $0.contains("left the session bus") } })
            let restarted = try FakeDesktop(bus: bus.address, [.distributor])
            defer { restarted.quit() }
            #expect(
                restarted.lines.next(startingWith: "register \(Self.service) ") != nil,
                "\(services.onMain { services.logs + services.events })")
            #expect(
                services.wait {
                    $0.logs.contains(
                        "info: the UnifiedPush distributor org.unifiedpush.Distributor.parratest came onto the session bus; registering with it"
                    )
                })
        }
    }

    @Test("the choice the app kept (saveDistributor) is used when the environment names none")
    func storedChoice() throws {
        try DesktopPushFixture.run([.notifications]) { fixture in
            let (bus, services) = (fixture.bus, fixture.services)
            services.onMain {
                services.storage[DesktopPush.distributorChoiceKey] = Array("org.unifiedpush.Distributor.zeta".utf8)
            }
            let alpha = try FakeDesktop(bus: bus.address, [.distributor], name: "alpha")
            defer { alpha.quit() }
            let zeta = try FakeDesktop(bus: bus.address, [.distributor], name: "zeta")
            defer { zeta.quit() }
            #expect(fixture.register())
            #expect(zeta.lines.next(startingWith: "register ") != nil)
        }
    }

    @Test("with two distributors the user's choice is used, and the log says which and why")
    func usersChoice() throws {
        try DesktopPushFixture.run([.notifications], distributorChoice: "org.unifiedpush.Distributor.zeta") { fixture in
            let (bus, services) = (fixture.bus, fixture.services)
            let alpha = try FakeDesktop(bus: bus.address, [.distributor], name: "alpha")
            defer { alpha.quit() }
            let zeta = try FakeDesktop(bus: bus.address, [.distributor], name: "zeta")
            defer { zeta.quit() }
            #expect(fixture.register())
            #expect(zeta.lines.next(startingWith: "register ") != nil)
            #expect(
                services.onMain { services.logs }.contains(
                    "info: UnifiedPush distributor org.unifiedpush.Distributor.zeta: the user's choice; also on the bus: org.unifiedpush.Distributor.alpha"
                ))
        }
        try DesktopPushFixture.run([.notifications], distributorChoice: "org.unifiedpush.Distributor.gone") { fixture in
            let (bus, services) = (fixture.bus, fixture.services)
            let alpha = try FakeDesktop(bus: bus.address, [.distributor], name: "alpha")
            defer { alpha.quit() }
            #expect(fixture.register())
            #expect(
                services.onMain { services.logs }.contains(
                    "info: UnifiedPush distributor org.unifiedpush.Distributor.alpha: the first by name (the user's choice, org.unifiedpush.Distributor.gone, is not on the bus)"
                ))
        }
    }

    @Test(
        "desktop notifications: the app's name, its desktop entry, urgency from interruption-level, a markup body escaped"
    )
    func notificationShape() throws {
        try DesktopPushFixture.run([.distributor, .notifications, .markup]) { fixture in
            let (desktop, services) = (fixture.desktop, fixture.services)
            #expect(fixture.register())
            services.onMain { fixture.controller.inForeground = false }
            try desktop.sendEncrypted(
                #"{"aps":{"alert":{"title":"Deal","body":"AT&T < $30"},"interruption-level":"time-sensitive"}}"#,
                for: services)
            #expect(desktop.lines.next(startingWith: "notify ") == "notify 1 Deal|AT&amp;T &lt; $30|default,Open")
            #expect(desktop.lines.next(startingWith: "hints ") == "hints Push Test|\(Self.service)|2")
        }
        try DesktopPushFixture.run([.distributor, .notifications]) { fixture in
            let (desktop, services) = (fixture.desktop, fixture.services)
            #expect(fixture.register())
            services.onMain { fixture.controller.inForeground = false }
            try desktop.sendEncrypted(#"{"aps":{"alert":"AT&T < $30","interruption-level":"passive"}}"#, for: services)
            #expect(desktop.lines.next(startingWith: "notify ") == "notify 1 Push Test|AT&T < $30|default,Open")
            #expect(desktop.lines.next(startingWith: "hints ") == "hints Push Test|\(Self.service)|0")
        }
    }

    @Test("a notification server the bus can start but that does not run is started by the notification")
    func activatableServer() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let fifo = folder.appendingPathComponent("server.out").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // Read and write, so that opening it never waits for the server to open its end.
        let descriptor = open(fifo, O_RDWR | O_CLOEXEC)
        #expect(descriptor >= 0)
        let lines = LineReader(FileHandle(fileDescriptor: descriptor, closeOnDealloc: true))
        let server = try FakeDesktop.commandLine([.notifications, .markup], output: fifo)
        try DesktopPushFixture.run(
            [.distributor], services: [("org.freedesktop.Notifications", server)]
        ) { fixture in
            #expect(fixture.register())
            fixture.services.onMain { fixture.controller.inForeground = false }
            try fixture.desktop.sendEncrypted(#"{"aps":{"alert":"wake the server"}}"#, for: fixture.services)
            #expect(
                lines.next(startingWith: "notify ") == "notify 1 Push Test|wake the server|default,Open",
                "\(fixture.services.onMain { fixture.services.logs })")
        }
    }

    @Test("an action from a sender that is not the notification server, or for a replaced server's id, opens nothing")
    func actionsMatchedToTheServer() throws {
        try DesktopPushFixture.run([.distributor]) { fixture in
            let (bus, services) = (fixture.bus, fixture.services)
            #expect(fixture.register())
            let server = try FakeDesktop(bus: bus.address, [.notifications])
            services.onMain { fixture.controller.inForeground = false }
            services.onMain {
                _ = fixture.controller.deliver(
                    try! PushPayload.read(
                        Array(#"{"aps":{"alert":"one"},"parra":{"type":"url","data":"demo://stale/1"}}"#.utf8)
                    ).get())
            }
            #expect(server.lines.next(startingWith: "notify 1 ") != nil)
            server.send("forged-action 1")
            #expect(
                services.wait { $0.logs.contains { $0.contains("which does not own org.freedesktop.Notifications") } })
            server.quit()
            let replacement = try FakeDesktop(bus: bus.address, [.notifications])
            defer { replacement.quit() }
            replacement.send("action 1")
            replacement.send("ping")
            #expect(replacement.lines.next(startingWith: "pong") != nil)
            #expect(services.wait(within: 0.5) { $0.events.contains { $0.hasPrefix("response ") } } == false)
        }
    }

    @Test("permission is enforced: denied or never asked, nothing is shown; willPresent still hears of it")
    func permissionEnforced() throws {
        for status in [PushAuthorization.denied, .notDetermined] {
            try DesktopPushFixture.run([.distributor, .notifications], authorization: status) { fixture in
                let (desktop, services) = (fixture.desktop, fixture.services)
                #expect(fixture.register())
                try desktop.sendEncrypted(#"{"aps":{"alert":"in front"}}"#, for: services)
                #expect(services.wait { $0.events.contains("willPresent") })
                services.onMain { fixture.controller.inForeground = false }
                try desktop.sendEncrypted(#"{"aps":{"alert":"behind"}}"#, for: services)
                #expect(
                    services.wait {
                        $0.logs.filter {
                            $0
                                == "info: notification not shown: the user has not allowed notifications (authorization \(status.rawValue))"
                        }.count == 2
                    })
                #expect(services.onMain { services.presented.isEmpty })
            }
        }
    }

    @Test(
        "a silent push (content-available, no alert) goes to the app delegate's didReceiveRemoteNotification and shows nothing"
    )
    func silentPush() throws {
        try DesktopPushFixture.run([.distributor, .notifications]) { fixture in
            let (desktop, services) = (fixture.desktop, fixture.services)
            #expect(fixture.register())
            services.onMain { fixture.controller.inForeground = false }
            try desktop.sendEncrypted(#"{"aps":{"content-available":1}}"#, for: services)
            #expect(services.wait { $0.events.contains(#"remote {"aps":{"content-available":1}}"#) })
            #expect(services.onMain { !services.events.contains("willPresent") })
        }
    }
}
