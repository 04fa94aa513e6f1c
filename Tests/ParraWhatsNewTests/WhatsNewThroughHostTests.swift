import Foundation
import Parra
import ParraRuntime
import ParraTestSupport
import Testing

@testable import ParraAppModel

/// An app with the default configuration: What's New delayed 5 s, by the app's environment.
struct WhatsNewApp: App {
    @UIApplicationDelegateAdaptor(ParraAppDelegate<ParraSceneDelegate>.self) var appDelegate
    var body: some Scene {
        ParraApp(tenantId: "t", applicationId: "a", appDelegate: appDelegate) { WindowGroup { Text("app") } }
    }
}

/// What the facade app saw; set by the test before it runs.
nonisolated(unsafe) var facadeCalls = RecordingLog()

/// Calls `parra.releases` from its delegate, as an app would.
final class FacadeAppDelegate: ParraAppDelegate<ParraSceneDelegate> {
    override func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
    ) -> Bool {
        let launched = super.application(application, didFinishLaunchingWithOptions: launchOptions)
        let releases = parra.releases
        let done = DispatchSemaphore(value: 0)
        Task(executorPreference: QueueTaskExecutor(label: "test.whatsnew.facade")) {
            do {
                let info = try await releases.fetchLatestRelease()
                facadeCalls.note(
                    "latest \(info?.release.version ?? "none") \(info?.release.sections.flatMap(\.items).map(\.ticket.title) ?? [])"
                )
                facadeCalls.note(
                    "header \(info?.release.header?.url ?? "none")"
                )
                facadeCalls.note("update available \(try await releases.fetchUpdateAvailable())")
                facadeCalls.note("changelog \(try await releases.fetchChangelog()?.releases.map(\.version) ?? [])")
                if let info { try await releases.present(info, style: .toast) }
                facadeCalls.note("presented")
            } catch {
                facadeCalls.note("failed \(error)")
            }
            done.signal()
        }
        _ = done.wait(timeout: .now() + 20)
        return launched
    }
}

struct FacadeApp: App {
    @UIApplicationDelegateAdaptor(FacadeAppDelegate.self) var appDelegate
    var body: some Scene {
        ParraApp(tenantId: "t", applicationId: "a", appDelegate: appDelegate) { WindowGroup { Text("app") } }
    }
}

@Suite("ParraWhatsNew through the host: the built .so, a server in the SDK's wire format")
struct WhatsNewThroughHostTests {
    private static let modules = ["libParraLaunchScreen.so", "libParraWhatsNew.so"].map {
        BuildProducts.folder.appendingPathComponent($0).path
    }

    /// A Parra API on loopback: anonymous auth; app-info with the 1.2.0 release (without its
    /// notes); the release itself; the release list with `newest` first.
    private func server(newest: String = "1.2.0") throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer(handler: { request in
            if request.path.hasSuffix("/auth/anonymous") {
                return .json(
                    status: 200, #"{"access_token":"tok","expires_in":3600,"token_type":"Bearer","user_id":"user-7"}"#)
            }
            if request.path.contains("/app-info") {
                return .json(
                    status: 200, WireFormat.appInfo(token: "vt-2", release: WireFormat.release(sections: false)))
            }
            if request.path.contains("/releases/r1") { return .json(status: 200, WireFormat.release()) }
            if request.path.contains("/releases?") {
                return .json(status: 200, WireFormat.releases([newest, "1.1.0"]))
            }
            return .json(status: 404, "{}")
        })
    }

    private func bundle(_ short: String, _ build: String) -> BundleInfo {
        BundleInfo(
            identifier: "com.example.whatsnew", displayName: nil, shortVersion: short, version: build,
            launchScreen: nil,
            launchStoryboardName: nil, file: nil, resourcesDirectory: nil)
    }

    @Test("first launch shows nothing; after an update the modal shows before the session plays on; its keys work")
    func updateShowsModal() throws {
        let server = try server()
        defer { server.stop() }
        let storage = try CFixtureBuilder.makeTemporaryDirectory()
        let environment = ["PARRA_API_BASE_URL": server.baseURL.absoluteString, "PARRA_ENVIRONMENT": "beta"]
        let first = try TestAppRun(
            WhatsNewApp.self, paths: Self.modules, bundle: bundle("1.1.0", "6"), environment: environment,
            storage: storage)
        #expect(first.status == 0)
        #expect(first.surface.presented.filter { $0.kind == .modal }.isEmpty)
        // It can wait: the first window becoming active, after the first frame, starts it (no
        // call before); the second launch describes it from the registry.
        #expect(
            first.log.messages(from: "com.parra.whatsNew").first
                == "started when first needed: scene.didBecomeActive is dispatched")
        #expect(
            first.log.messages(from: "com.parra.whatsNew").contains(
                "What's New: no automatic check (the first launch of this install)"))

        let second = try TestAppRun(
            WhatsNewApp.self, paths: Self.modules, script: [.key("c"), .key("d"), .key("d")],
            bundle: bundle("1.2.0", "7"),
            environment: environment, storage: storage)
        #expect(second.status == 0)
        #expect(
            second.log.messages(from: "com.parra.whatsNew").first
                == "started when first needed: scene.didBecomeActive is dispatched")
        #expect(
            second.log.records.contains {
                $0.message.contains("com.parra.whatsNew 1.0.0") && $0.message.contains("described by the registry")
            }, "the second launch takes it from the registry")
        let shown = second.surface.presented.filter { $0.moduleID == "com.parra.whatsNew" }
        #expect(
            shown.map(\.title) == ["What's new", "Changelog"], "\(second.log.messages(from: "com.parra.whatsNew"))")
        #expect(shown.first?.body.contains("  - Offline mode: Works without a network.") == true)
        #expect(shown.first?.actions.map(\.key) == ["c", "d"])
        #expect(shown.last?.body == "1.2.0  R 1.2.0\n1.1.0  R 1.1.0")
        #expect(
            server.requests.filter { $0.path.contains("/app-info") }.allSatisfy { $0.path.hasSuffix("/app-info") },
            "no token yet: neither the launch's request nor the first check sends one")
        // The modal showed before the script's keys were played: every key found a presentation.
        #expect(second.reported("no presentation takes the key").isEmpty, "\(second.platform.reported)")
        // Closing the changelog, then the modal, takes them away: the windows are drawn again.
        #expect(second.platform.drawn.filter { $0.sceneID == "window-1" }.count == 2)

        // Never twice for the same version.
        let third = try TestAppRun(
            WhatsNewApp.self, paths: Self.modules, bundle: bundle("1.2.0", "7"), environment: environment,
            storage: storage)
        #expect(third.surface.presented.filter { $0.moduleID == "com.parra.whatsNew" }.isEmpty)
        let appInfo = server.requests.filter { $0.path.contains("/app-info") }.map(\.path)
        #expect(
            appInfo.filter { $0.hasSuffix("/app-info?version_token=vt-2") }.count == 1, "What's New's check sends it")
        #expect(appInfo.filter { $0.hasSuffix("/app-info") }.count == 4, "the launch's own requests never do")
    }

    @Test("in a debug build's environment nothing shows automatically, even after an update")
    func debugBehaviour() throws {
        let server = try server()
        defer { server.stop() }
        let storage = try CFixtureBuilder.makeTemporaryDirectory()
        let url = server.baseURL.absoluteString
        _ = try TestAppRun(
            WhatsNewApp.self, paths: Self.modules, bundle: bundle("1.1.0", "6"),
            environment: ["PARRA_API_BASE_URL": url, "PARRA_ENVIRONMENT": "beta"], storage: storage)
        let run = try TestAppRun(
            WhatsNewApp.self, paths: Self.modules, bundle: bundle("1.2.0", "7"),
            environment: ["PARRA_API_BASE_URL": url, "PARRA_ENVIRONMENT": "debug"], storage: storage)
        #expect(run.status == 0)
        #expect(run.surface.presented.filter { $0.moduleID == "com.parra.whatsNew" }.isEmpty)
        #expect(
            run.log.messages(from: "com.parra.whatsNew").contains(
                "What's New: no automatic check (the behavior is debug: never automatically)"))
    }

    @Test("the facade: fetchLatestRelease, updateAvailable, fetchChangelog and present through the module's commands")
    func facade() throws {
        facadeCalls = RecordingLog()
        let server = try server(newest: "1.3.0")
        defer { server.stop() }
        // What's New alone: no module drives the launch, so the host's main queue runs while the
        // delegate waits for its calls.
        let run = try TestAppRun(
            FacadeApp.self, paths: [Self.modules[1]], bundle: bundle("1.2.0", "7"),
            environment: ["PARRA_API_BASE_URL": server.baseURL.absoluteString, "PARRA_ENVIRONMENT": "production"])
        #expect(run.status == 0)
        #expect(
            run.log.messages(from: "com.parra.whatsNew").first
                == "started when first needed: com.parra.whatsNew.fetchLatestRelease is called")
        #expect(
            facadeCalls.messages(from: "app") == [
                #"latest 1.2.0 ["Offline mode"]"#, "header https://example.com/h.png", "update available true",
                #"changelog ["1.3.0", "1.1.0"]"#,
                "presented",
            ])
        let toast = try #require(run.surface.presented.first { $0.kind == .toast })
        #expect(toast.title == "New Version Available!" && toast.body == "Version 1.2.0 is now available.")
    }
}
