import Foundation
import Parra
import ParraRuntime
import ParraTestSupport
import Testing

@testable import ParraAppModel
@testable import ParraPush

/// What the push apps' delegates saw; each test uses its own.
nonisolated(unsafe) var pushAppNotes = RecordingLog()

/// The scene delegate of `PushAppDelegate`: notes each URL its window is asked to open, as a
/// scene-based app is given them.
final class PushSceneDelegate: ParraSceneDelegate {
    override func scene(_ scene: UIScene, openURLContexts urlContexts: Set<UIOpenURLContext>) {
        super.scene(scene, openURLContexts: urlContexts)
        for context in urlContexts { pushAppNotes.note("open \(context.url.absoluteString)") }
    }
}

/// An app with push enabled whose delegate notes registration failures, arriving
/// notifications and going to the background; its scene delegate notes the URLs it is asked to
/// open.
final class PushAppDelegate: ParraAppDelegate<PushSceneDelegate> {

    override func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
    ) -> Bool {
        if let push = launchOptions?[.remoteNotification] as? [AnyHashable: Any] {
            pushAppNotes.note("launched for \(push["aps"].map { "\($0)" } ?? "?")")
        }
        return super.application(application, didFinishLaunchingWithOptions: launchOptions)
    }

    override func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
        super.application(
            application, didReceiveRemoteNotification: userInfo, fetchCompletionHandler: completionHandler)
        pushAppNotes.note("remote \(userInfo["aps"].map { "\($0)" } ?? "?")")
        completionHandler(.noData)
    }

    override func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification
    ) async -> UNNotificationPresentationOptions {
        pushAppNotes.note("willPresent \(notification.payloadJSON)")
        return await super.userNotificationCenter(center, willPresent: notification)
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        pushAppNotes.note("background")
    }

    override func application(
        _ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: Error
    ) {
        super.application(application, didFailToRegisterForRemoteNotificationsWithError: error)
        pushAppNotes.note("didFail \(error)")
    }
}

struct PushApp: App {
    @UIApplicationDelegateAdaptor(PushAppDelegate.self) var appDelegate
    var body: some Scene {
        ParraApp(
            tenantId: "t", applicationId: "a", appDelegate: appDelegate,
            configuration: ParraConfiguration(pushNotificationOptions: .allWithoutProvisional)
        ) { WindowGroup { Text("app") } }
    }
}

/// An app that reads its notification settings as the SDK's settings screen does, in its launch
/// prerequisite, and notes them.
struct SettingsReadingApp: App {
    @UIApplicationDelegateAdaptor(ParraAppDelegate<ParraSceneDelegate>.self) var appDelegate
    var body: some Scene {
        ParraApp(
            tenantId: "t", applicationId: "a", appDelegate: appDelegate,
            configuration: ParraConfiguration(pushNotificationOptions: .allWithoutProvisional),
            makeScene: { WindowGroup { Text("app") } },
            performLaunchPrerequisite: { _, _ in
                let push = EnvironmentValues().parra.push
                let settings = await push.getCurrentSettings()
                pushAppNotes.note(
                    "settings \(settings.authorizationStatus) alert \(settings.alertSetting) sound \(settings.soundSetting)"
                )
                pushAppNotes.note("status \(await push.getCurrentAuthorizationStatus())")
            })
    }
}

@Suite("ParraPush through the host: the built .so", .serialized)
struct PushThroughHostTests {
    private static let module = BuildProducts.folder.appendingPathComponent("libParraPush.so").path

    private func bundle(_ id: String) -> BundleInfo {
        BundleInfo(
            identifier: id, displayName: "Push Test", shortVersion: "1.0", version: "1", launchScreen: nil,
            launchStoryboardName: nil, file: nil,
            resourcesDirectory: nil)
    }

    /// A storage folder where the push module keeps `values` (by storage key), as an earlier
    /// run left them.
    private func storage(keeping values: [String: [UInt8]]) throws -> URL {
        let storage = try CFixtureBuilder.makeTemporaryDirectory()
        let kept = storage.appendingPathComponent("modules/com.parra.push")
        try FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true)
        for (key, bytes) in values { try Data(bytes).write(to: kept.appendingPathComponent(key)) }
        return storage
    }

    /// A storage folder where the module keeps "authorized": the user allowed notifications.
    private func allowedStorage() throws -> URL {
        try storage(keeping: [PushAuthorization.storageKey: Array("authorized".utf8)])
    }

    @Test("getCurrentSettings and getCurrentAuthorizationStatus read the module's kept status and the options")
    func currentSettings() throws {
        pushAppNotes = RecordingLog()
        let run = try TestAppRun(
            SettingsReadingApp.self, paths: [Self.module], bundle: bundle("com.example.push.settings"))
        #expect(run.status == 0)
        #expect(
            pushAppNotes.messages(from: "app") == [
                "settings notDetermined alert notSupported sound notSupported", "status notDetermined",
            ])

        // A status the module kept (the user allowed it earlier): presentations as configured.
        pushAppNotes = RecordingLog()
        let storage = try allowedStorage()
        let allowed = try TestAppRun(
            SettingsReadingApp.self, paths: [Self.module], bundle: bundle("com.example.push.settings"),
            storage: storage)
        #expect(allowed.status == 0)
        #expect(
            pushAppNotes.messages(from: "app") == [
                "settings authorized alert enabled sound enabled", "status authorized",
            ])

        // Without the module, nothing is allowed.
        pushAppNotes = RecordingLog()
        let without = try TestAppRun(SettingsReadingApp.self, bundle: bundle("com.example.push.settings"))
        #expect(without.status == 0)
        #expect(
            pushAppNotes.messages(from: "app") == [
                "settings notDetermined alert notSupported sound notSupported", "status notDetermined",
            ])
    }

    @Test("a token from the app delegate is POSTed once as {token, type}; a refusal reaches didFailToRegister")
    func tokenUpload() throws {
        pushAppNotes = RecordingLog()
        let server = try LoopbackHTTPServer(handler: { request in
            if request.path.hasSuffix("/push-tokens") {
                return .json(status: String(decoding: request.body, as: UTF8.self).contains("0bad") ? 400 : 201, "{}")
            }
            return .json(status: 404, "{}")
        })
        defer { server.stop() }
        let platformBox = PlatformBox()
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = try? TestAppRun(
                PushApp.self, paths: [Self.module],
                script: [
                    .didRegisterForRemoteNotifications(token: [0xAB, 0xCD]),
                    .didRegisterForRemoteNotifications(token: [0xAB, 0xCD]),
                    .didRegisterForRemoteNotifications(token: [0x0B, 0xAD]),
                ],
                bundle: self.bundle("com.example.push.tokens"),
                environment: ["PARRA_API_BASE_URL": server.baseURL.absoluteString], staysOpen: true,
                started: { platformBox.platform = $0 })
            finished.signal()
        }
        #expect(pushAppNotes.waitForMessage(from: "app", within: 20) { $0.contains("HTTP 400") })
        // The two uploads run at once: the refusal can come back before the other upload has
        // reached the server, and ending the run then would cut it off.
        #expect(
            waitUntil(timeout: 30) { server.requests.filter { $0.path.hasSuffix("tenants/t/push-tokens") }.count >= 2 })
        #expect(platformBox.platform?.post(.terminate) == true)
        #expect(finished.wait(timeout: .now() + 30) == .success)
        let bodies = server.requests.filter { $0.path.hasSuffix("tenants/t/push-tokens") }.map {
            String(decoding: $0.body, as: UTF8.self)
        }
        // The two tokens' uploads run at once, so the server may take them in either order.
        #expect(bodies.sorted() == [#"{"token":"0bad","type":"apns"}"#, #"{"token":"abcd","type":"apns"}"#])
    }

    @Test("parra push send reaches the running app: willPresent, a toast, its key opens the URL after the launch")
    func localDeliveryAndRouting() throws {
        pushAppNotes = RecordingLog()
        let runtimeDirectory = try CFixtureBuilder.makeTemporaryDirectory().path
        setenv("XDG_RUNTIME_DIR", runtimeDirectory, 1)
        let bundleID = "com.example.push.local"
        let payload = try CFixtureBuilder.makeTemporaryDirectory().appendingPathComponent("payload.json")
        try Data(
            #"{"aps":{"alert":{"title":"Hello","body":"World"}},"parra":{"type":"url","data":"demo://item/7"}}"#.utf8
        )
        .write(to: payload)
        let huge = payload.deletingLastPathComponent().appendingPathComponent("huge.json")
        try Data((#"{"aps":{"alert":""# + String(repeating: "x", count: 5000) + #""}}"#).utf8).write(to: huge)
        let log = RecordingLog()
        let platformBox = PlatformBox()
        let finished = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var run: TestAppRun?
        let storage = try allowedStorage()
        Thread.detachNewThread {
            run = try? TestAppRun(
                PushApp.self, paths: [Self.module], bundle: self.bundle(bundleID), log: log, storage: storage,
                staysOpen: true, started: { platformBox.platform = $0 })
            finished.signal()
        }
        #expect(log.waitForMessage(from: "com.parra.push", within: 30) { $0.hasPrefix("local delivery:") })
        let parra = BuildProducts.folder.appendingPathComponent("parra").path
        let sent = try ChildProcess.run(parra, ["push", "send", "--bundle", bundleID, payload.path])
        #expect(sent.status == 0, "\(sent.output)")
        #expect(sent.output.contains("ok: delivered"))
        let refused = try ChildProcess.run(parra, ["push", "send", "--bundle", bundleID, huge.path])
        #expect(refused.status == 1)
        #expect(refused.output.contains("over APNs's limit of 4096"), "\(refused.output)")
        let unsubscribed = try ChildProcess.run(
            parra, ["push", "send", "--bundle", bundleID, "--encrypt", payload.path])
        #expect(unsubscribed.status == 1)
        #expect(
            unsubscribed.output.contains(
                "cannot encrypt for \(bundleID): error: the app has no Web Push subscription yet"),
            "\(unsubscribed.output)")
        let nobody = try ChildProcess.run(parra, ["push", "send", "--bundle", "com.example.none", payload.path])
        #expect(nobody.status == 1 && nobody.output.contains("no app took the push"), "\(nobody.output)")
        #expect(platformBox.platform?.post(.key("n")) == true)
        #expect(pushAppNotes.waitForMessage(from: "app", within: 20) { $0 == "open demo://item/7" })
        #expect(platformBox.platform?.post(.terminate) == true)
        #expect(finished.wait(timeout: .now() + 30) == .success)
        let shown = run?.surface.presented.filter { $0.moduleID == "com.parra.push" }
        #expect(shown?.map(\.title) == ["Hello"])
        #expect(!FileManager.default.fileExists(atPath: "\(runtimeDirectory)/parra/\(bundleID)/push.sock"))
    }

    @Test(
        "the built .so on a private session bus: the endpoint and the Web Push keys reach the server; a message pywebpush encrypted for them reaches willPresent decrypted; in the background it is a desktop notification whose action opens the URL; a malformed or unencrypted message is logged with its reason; a vanished distributor reaches didFailToRegister"
    )
    func unifiedPushOverDBus() throws {
        pushAppNotes = RecordingLog()
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        let bundleID = "com.example.push.dbus"
        // Only this test's app: a sample another test starts while the bus address below is in
        // the process's environment would join this bus too.
        let desktop = try FakeDesktop(bus: bus.address, [.distributor, .notifications], only: bundleID)
        defer { desktop.quit() }
        let previousAddress = ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"]
        setenv("DBUS_SESSION_BUS_ADDRESS", bus.address, 1)
        defer {
            if let previousAddress {
                setenv("DBUS_SESSION_BUS_ADDRESS", previousAddress, 1)
            } else {
                unsetenv("DBUS_SESSION_BUS_ADDRESS")
            }
        }
        let tokenArrived = DispatchSemaphore(value: 0)
        let server = try LoopbackHTTPServer(handler: { request in
            guard request.path.hasSuffix("/push-tokens") else { return .json(status: 404, "{}") }
            tokenArrived.signal()
            return .json(status: 201, "{}")
        })
        defer { server.stop() }
        setenv("XDG_RUNTIME_DIR", try CFixtureBuilder.makeTemporaryDirectory().path, 1)
        let log = RecordingLog()
        let platformBox = PlatformBox()
        let finished = DispatchSemaphore(value: 0)
        let storage = try allowedStorage()
        Thread.detachNewThread {
            _ = try? TestAppRun(
                PushApp.self, paths: [Self.module], script: [.authStateChanged(.authenticated(ParraUser(id: "u1")))],
                bundle: self.bundle(bundleID), environment: ["PARRA_API_BASE_URL": server.baseURL.absoluteString],
                log: log, storage: storage, staysOpen: true, started: { platformBox.platform = $0 })
            finished.signal()
        }
        let registered = try #require(desktop.lines.next(startingWith: "register \(bundleID) "))
        let token = registered.split(separator: " ")[2]
        #expect(tokenArrived.wait(timeout: .now() + 20) == .success)
        let uploads = server.requests.filter { $0.path.hasSuffix("tenants/t/push-tokens") }.map {
            try? JSONSerialization.jsonObject(with: Data($0.body)) as? [String: Any]
        }
        let upload = try #require(uploads.first ?? nil, "\(uploads)")
        #expect(uploads.count == 1)
        #expect(upload["token"] as? String == "https://push.example/up/\(token)")
        #expect(upload["type"] as? String == "unifiedpush")
        let keys = try #require(upload["keys"] as? [String: String])
        let (p256dh, auth) = (try #require(keys["p256dh"]), try #require(keys["auth"]))
        // An app server library nobody here wrote encrypts for the keys the app published.
        func send(_ json: String) throws {
            desktop.send(
                "message-hex " + AppServer.hex(try AppServer.pywebpushEncrypt(json, p256dh: p256dh, auth: auth)))
        }
        try send(#"{"aps":{"alert":{"title":"Sealed","body":"by pywebpush"}}}"#)
        #expect(
            pushAppNotes.waitForMessage(from: "app", within: 20) {
                $0.hasPrefix("willPresent ") && $0.contains(#""body":"by pywebpush""#)
            })
        // parra push send --encrypt: the same path from the command line, as an app server.
        let payload = try CFixtureBuilder.makeTemporaryDirectory().appendingPathComponent("sealed.json")
        try Data(#"{"aps":{"alert":{"title":"Sealed","body":"by parra push send"}}}"#.utf8).write(to: payload)
        let parra = BuildProducts.folder.appendingPathComponent("parra").path
        let sent = try ChildProcess.run(parra, ["push", "send", "--bundle", bundleID, "--encrypt", payload.path])
        #expect(sent.status == 0 && sent.output.contains("ok: delivered"), "\(sent.output)")
        #expect(
            pushAppNotes.waitForMessage(from: "app", within: 20) {
                $0.hasPrefix("willPresent ") && $0.contains(#""body":"by parra push send""#)
            })
        // A background push reaches didReceiveRemoteNotification, and nothing is shown.
        try send(#"{"aps":{"content-available":1},"feed":"refresh"}"#)
        #expect(
            pushAppNotes.waitForMessage(from: "app", within: 20) {
                $0.hasPrefix("remote ") && $0.contains("content-available")
            })
        desktop.send("bare-message")
        #expect(log.waitForMessage(from: "com.parra.push") { $0.contains("Message ignored: it has no message bytes") })
        desktop.send(#"message {"aps":{"alert":"not encrypted"}}"#)
        #expect(
            log.waitForMessage(from: "com.parra.push") {
                $0.hasPrefix("UnifiedPush message refused: a Web Push message (RFC 8291) refused")
            })
        #expect(platformBox.platform?.post(.didEnterBackground) == true)
        // The modules heard of the background (inside super) before the delegate notes it.
        #expect(pushAppNotes.waitForMessage(from: "app", within: 20) { $0 == "background" })
        try send(#"{"aps":{"alert":{"title":"Hello","body":"World"}},"parra":{"type":"url","data":"demo://item/9"}}"#)
        let notified = try #require(desktop.lines.next(startingWith: "notify "))
        #expect(notified.hasSuffix(" Hello|World|default,Open"))
        desktop.send("action \(notified.split(separator: " ")[1])")
        #expect(pushAppNotes.waitForMessage(from: "app", within: 20) { $0 == "open demo://item/9" })
        desktop.quit()
        #expect(pushAppNotes.waitForMessage(from: "app", within: 20) { $0.contains("left the session bus") })
        #expect(platformBox.platform?.post(.terminate) == true)
        #expect(finished.wait(timeout: .now() + 30) == .success)
    }
}

/// The platform of a run started on another thread.
private final class PlatformBox: @unchecked Sendable {
    var platform: ScriptedPlatform?
}

/// An app whose push is off.
struct PushOffApp: App {
    @UIApplicationDelegateAdaptor(PushAppDelegate.self) var appDelegate
    var body: some Scene {
        ParraApp(tenantId: "t", applicationId: "a", appDelegate: appDelegate, configuration: ParraConfiguration()) {
            WindowGroup { Text("app") }
        }
    }
}

/// Push turned off, and D-Bus activation: in the same serialized suite as the other tests that
/// set the process's DBUS_SESSION_BUS_ADDRESS, which the module reads.
extension PushThroughHostTests {
    @Test("an app that registered in an earlier run and now has push off unregisters from the distributor")
    func unregistersWhenTurnedOff() throws {
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        let desktop = try FakeDesktop(bus: bus.address, [.distributor])
        defer { desktop.quit() }
        let storage = try storage(keeping: [
            DesktopPush.tokenKey: Array("earlier-token".utf8),
            PushController.sentTokenKey: Array(
                #"{"token":"https://push.example/up/earlier-token","type":"unifiedpush"}"#.utf8),
        ])
        let kept = storage.appendingPathComponent("modules/com.parra.push")
        setenv("DBUS_SESSION_BUS_ADDRESS", bus.address, 1)
        defer { unsetenv("DBUS_SESSION_BUS_ADDRESS") }
        let log = RecordingLog()
        let platformBox = PlatformBox()
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = try? TestAppRun(
                PushOffApp.self, paths: [Self.module],
                bundle: BundleInfo(
                    identifier: "com.example.push.off", displayName: nil, shortVersion: "1.0", version: "1",
                    launchScreen: nil, launchStoryboardName: nil, file: nil, resourcesDirectory: nil),
                log: log, storage: storage, staysOpen: true, started: { platformBox.platform = $0 })
            finished.signal()
        }
        #expect(desktop.lines.next(startingWith: "unregister ") == "unregister earlier-token Distributor2")
        #expect(
            log.waitForMessage(from: "com.parra.push") { $0 == "unregistered from the UnifiedPush distributor" })
        #expect(platformBox.platform?.post(.terminate) == true)
        #expect(finished.wait(timeout: .now() + 30) == .success)
        #expect(try Data(contentsOf: kept.appendingPathComponent(PushController.sentTokenKey)).isEmpty)
    }
}

/// D-Bus activation: a distributor's message for an app that does not run.
extension PushThroughHostTests {
    private static let activatedBundleID = "com.example.push.activated"
    private static let activationToken = "activation-token"

    @Test(
        "a message for an app that does not run makes the bus start it; the push is didFinishLaunching's .remoteNotification, then willPresent"
    )
    func startedForAPush() throws {
        pushAppNotes = RecordingLog()
        // The bus starts a stand-in for the app's executable (the bundle's service file runs the
        // app itself); the app run below, in this process, takes the name it was started for,
        // and the bus hands it the message it held.
        let bus = try PrivateSessionBus(services: [(Self.activatedBundleID, "/bin/sleep 60")])
        defer { bus.stop() }
        let desktop = try FakeDesktop(bus: bus.address, [.distributor])
        defer { desktop.quit() }
        // What an earlier run kept: the connection token, the Web Push keys, the user's permission.
        let keys = try WebPushKeys.make(for: "https://push.example/up/\(Self.activationToken)").get()
        let storage = try storage(keeping: [
            WebPushKeys.storageKey: keys.stored, DesktopPush.tokenKey: Array(Self.activationToken.utf8),
            PushAuthorization.storageKey: Array("authorized".utf8),
        ])
        let message = try AppServer.pywebpushEncrypt(
            #"{"aps":{"alert":{"title":"Wake","body":"for this"}}}"#, p256dh: keys.p256dh, auth: keys.auth)
        desktop.send("deliver \(Self.activatedBundleID) \(Self.activationToken) \(AppServer.hex(message))")
        setenv("DBUS_SESSION_BUS_ADDRESS", bus.address, 1)
        setenv("DBUS_STARTER_BUS_TYPE", "session", 1)
        defer {
            unsetenv("DBUS_SESSION_BUS_ADDRESS")
            unsetenv("DBUS_STARTER_BUS_TYPE")
        }
        let platformBox = PlatformBox()
        let finished = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var status: Int32?
        Thread.detachNewThread {
            status =
                try? TestAppRun(
                    PushApp.self, paths: [Self.module],
                    bundle: BundleInfo(
                        identifier: Self.activatedBundleID, displayName: "Activated", shortVersion: "1.0", version: "1",
                        launchScreen: nil, launchStoryboardName: nil, file: nil, resourcesDirectory: nil),
                    storage: storage, staysOpen: true, started: { platformBox.platform = $0 }
                ).status
            finished.signal()
        }
        #expect(
            pushAppNotes.waitForMessage(from: "app", within: 20) {
                $0.hasPrefix("willPresent ") && $0.contains(#""body":"for this""#)
            })
        #expect(platformBox.platform?.post(.terminate) == true)
        #expect(finished.wait(timeout: .now() + 30) == .success)
        #expect(status == 0)
        let notes = pushAppNotes.messages(from: "app")
        #expect(
            notes.first?.hasPrefix("launched for ") == true && notes.first?.contains("for this") == true, "\(notes)")
    }
}
