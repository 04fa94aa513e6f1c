import Foundation
import Parra
import ParraRuntime
import ParraTestSupport
import Testing

@testable import ParraAppModel

/// What the push apps' delegates saw; each test uses its own.
nonisolated(unsafe) var pushAppNotes = RecordingLog()

/// An app with push enabled whose delegate notes the URLs it is asked to open.
final class PushAppDelegate: ParraAppDelegate<ParraSceneDelegate> {
    override func application(
        _ application: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]
    ) -> Bool {
        let handled = super.application(application, open: url, options: options)
        pushAppNotes.note("open \(url.absoluteString)")
        return handled
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

@Suite("ParraPush through the host: the built .so", .serialized)
struct PushThroughHostTests {
    private static let module = BuildProducts.folder.appendingPathComponent("libParraPush.so").path

    private func bundle(_ id: String) -> BundleInfo {
        BundleInfo(
            identifier: id, shortVersion: "1.0", version: "1", launchScreen: nil, launchStoryboardName: nil, file: nil,
            resourcesDirectory: nil)
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
        #expect(platformBox.platform?.post(.terminate) == true)
        #expect(finished.wait(timeout: .now() + 30) == .success)
        let bodies = server.requests.filter { $0.path.hasSuffix("tenants/t/push-tokens") }.map {
            String(decoding: $0.body, as: UTF8.self)
        }
        #expect(bodies == [#"{"token":"abcd","type":"apns"}"#, #"{"token":"0bad","type":"apns"}"#])
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
        Thread.detachNewThread {
            run = try? TestAppRun(
                PushApp.self, paths: [Self.module], bundle: self.bundle(bundleID), log: log, staysOpen: true,
                started: { platformBox.platform = $0 })
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
}

/// The platform of a run started on another thread.
private final class PlatformBox: @unchecked Sendable {
    var platform: ScriptedPlatform?
}
