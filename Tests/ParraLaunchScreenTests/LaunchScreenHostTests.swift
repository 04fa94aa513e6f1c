import Foundation
import Parra
import ParraAppModel
import ParraTestSupport
import Testing

/// The built `libParraLaunchScreen.so`, loaded by the host with dlopen, driving real app runs
/// on the scripted platform against a loopback server.
@Suite("ParraLaunchScreen through the host")
struct LaunchScreenHostTests {
    private func run<A: App>(
        _ server: LoopbackHTTPServer?, app: A.Type = LaunchTestApp.self, script: [PlatformEvent] = [],
        extraModules: [String] = [], bundle: BundleInfo = .empty, storage: URL? = nil
    ) throws -> TestAppRun {
        var environment: [String: String] = [:]
        if let server { environment["PARRA_API_BASE_URL"] = server.baseURL.absoluteString }
        return try TestAppRun(
            app, paths: [BuildProducts.launchScreen] + extraModules, script: script, bundle: bundle,
            environment: environment, storage: storage, clock: SteppingClock())
    }

    @Test("a good launch: initial -> transitioning -> complete, each at its own clock time; windows after it")
    func completes() throws {
        let server = try launchServer(appInfo: [.json(status: 200, goodAppInfo)])
        defer { server.stop() }
        let run = try run(server)
        #expect(run.status == 0, "\(run.platform.reported)")
        #expect(run.launchStates == ["initial", "transitioning", "complete"])
        let times = run.platform.launchStates.map(\.time)
        #expect(times == times.sorted() && Set(times).count == times.count)
        #expect(run.platform.launchStates.allSatisfy { $0.moduleID == launchScreenID })
        #expect(run.surface.presented.map(\.kind) == [.launchScreen])
        #expect(run.platform.drawn.map(\.lines) == [["app content"]])
        // The splash came before the window: the launch state was complete when it was drawn.
        let timeline = run.platform.timeline
        let completeLine = try #require(timeline.firstIndex(of: "launch: complete (\(launchScreenID))"))
        let firstDraw = try #require(timeline.firstIndex { $0.hasPrefix("draw ") })
        #expect(firstDraw > completeLine, "\(timeline)")
        let appInfo = try #require(server.requests.first { $0.path.contains("/app-info") })
        #expect(appInfo.path == "/v1/tenants/t-launch/applications/a-launch/app-info")
        #expect(server.requests.filter { $0.path.contains("/app-info") }.count == 1)
        #expect(run.launchLog.contains("app-info: fetched"))
        #expect(run.launchLog.contains("auth check: anonymous"))
    }

    @Test("app-info failing falls back to the host's cache a previous launch stored; the launch sends no version token")
    func cacheFallback() throws {
        let storage = try CFixtureBuilder.makeTemporaryDirectory()
        let good = try launchServer(appInfo: [.json(status: 200, goodAppInfo)])
        let first = try run(good, storage: storage)
        good.stop()
        #expect(first.launchStates == ["initial", "transitioning", "complete"])
        let failing = try launchServer(appInfo: [.json(status: 404, "{}")])
        defer { failing.stop() }
        let second = try run(failing, storage: storage)
        #expect(second.status == 0)
        #expect(second.launchStates == ["initial", "transitioning", "complete"])
        #expect(
            second.launchLog.contains {
                $0.hasPrefix("app-info: GET tenants/t-launch/applications/a-launch/app-info: HTTP 404")
                    && $0.contains("; using the cached one (fetched at ")
            }, "\(second.launchLog)")
        let sent = try #require(failing.requests.first { $0.path.contains("/app-info") })
        #expect(sent.path.hasSuffix("/app-info"))
        // One cache, the host's, beside the auth token; the module keeps none of its own.
        #expect(FileManager.default.fileExists(atPath: storage.appendingPathComponent("app-info.json").path))
    }

    @Test("no answer and no cache: failed with the reason, windows held, the run exits 1")
    func failsWithoutCache() throws {
        let server = try launchServer(appInfo: [.json(status: 404, "{}")])
        defer { server.stop() }
        let run = try run(server)
        #expect(run.status == 1)
        let reason =
            "app-info: GET tenants/t-launch/applications/a-launch/app-info: HTTP 404: {}; no cached app-info either"
        #expect(run.platform.launchStates.map(\.state) == [.initial, .failed(reason)])
        #expect(run.platform.drawn.isEmpty)
        let failure = try #require(run.surface.presented.last)
        #expect(failure.kind == .launchScreen)
        #expect(failure.title == "Failed to perform actions necessary to launch app.")
        #expect(failure.body == reason + "\nThe launch is retried when the app becomes active again.")
        #expect(!run.reported("the launch never completed (last state: failed: \(reason))").isEmpty)
    }

    @Test("a malformed app-info answer is reported and, with no cache, fails the launch")
    func malformedAppInfo() throws {
        let server = try launchServer(appInfo: [.json(status: 200, #"{"version_token": 7}"#)])
        defer { server.stop() }
        let run = try run(server)
        #expect(run.status == 1)
        guard case .failed(let reason)? = run.platform.launchStates.last?.state else {
            Issue.record("the launch did not fail: \(run.launchStates)")
            return
        }
        #expect(
            reason.contains("HTTP 200 with a body that is not the expected JSON (expected String at version_token)"))
        #expect(reason.hasSuffix("; no cached app-info either"))
    }

    @Test("a silent server: the 5 s app-info timeout holds and the launch fails instead of hanging")
    func silentServer() throws {
        let server = try launchServer(appInfo: [.silent])
        defer { server.stop() }
        let run = try run(server)
        #expect(run.status == 1)
        #expect(
            run.platform.launchStates.map(\.state) == [
                .initial, .failed("app-info: no answer within 5 s; no cached app-info either"),
            ])
    }

    @Test("a failed launch retries when the app comes back to the foreground, then completes and hands over")
    func retryOnForeground() throws {
        let server = try launchServer(appInfo: [.json(status: 404, "{}"), .json(status: 200, goodAppInfo)])
        defer { server.stop() }
        let run = try run(server, script: [.didEnterBackground, .willEnterForeground])
        #expect(run.status == 0, "\(run.platform.reported)")
        #expect(
            run.launchStates.map { $0.hasPrefix("failed") ? "failed" : $0 } == [
                "initial", "failed", "initial", "transitioning", "complete",
            ])
        #expect(run.launchLog.contains("retrying the launch: the app entered the foreground"))
        #expect(run.platform.drawn.map(\.lines) == [["app content"]])
    }

    @Test("the retry key: the host dismisses the failure as the user and the launch starts over")
    func retryKey() throws {
        let server = try launchServer(appInfo: [.json(status: 404, "{}"), .json(status: 200, goodAppInfo)])
        defer { server.stop() }
        let run = try run(server, script: [.retryLaunch, .retryLaunch])
        #expect(run.status == 0)
        #expect(run.launchStates.count == 5)
        #expect(run.launchLog.contains("retrying the launch: the user asked"))
        #expect(!run.reported("retry: the launch has not failed").isEmpty)
    }

    @Test(
        "didComplete hooks run in order with the app-info, after sessionDidStart; pending URL and notification actions after them; the app delegate hears them at once"
    )
    func extensionPointOrder() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let late = try CFixtureBuilder.build(
            "late.so", defines: [#"LISTENER_ID="com.example.late""#, "LISTENER_ORDER=5"], in: folder,
            source: CFixtureBuilder.launchListenerSource)
        let early = try CFixtureBuilder.build(
            "early.so", defines: [#"LISTENER_ID="com.example.early""#, "LISTENER_ORDER=-5"], in: folder,
            source: CFixtureBuilder.launchListenerSource)
        let server = try launchServer(appInfo: [.json(status: 404, "{}"), .json(status: 200, goodAppInfo)])
        defer { server.stop() }
        let heardBefore = appDelegateLog.records.count
        let run = try run(
            server, app: RecordingLaunchApp.self,
            script: [
                .openURL("parra://release/7"),
                .notificationResponse(payloadJSON: #"{"parra":{"type":"url"}}"#, actionIdentifier: "open"),
                .retryLaunch,
            ], extraModules: [late.path, early.path])
        #expect(run.status == 0, "\(run.platform.reported)")
        // The app delegate was told at once, while the launch had failed; the modules after
        // the retried launch completed.
        #expect(
            appDelegateLog.records.dropFirst(heardBefore).map(\.message) == [
                "app open parra://release/7", "app response open",
            ])
        let timeline = run.platform.timeline
        let failed = try #require(timeline.firstIndex { $0.hasPrefix("launch: failed") })
        let complete = try #require(timeline.firstIndex { $0.hasPrefix("launch: complete") })
        let queued = try #require(
            timeline.firstIndex { $0.contains("open parra://release/7: queued until the launch completes") })
        #expect(failed < queued && queued < complete, "\(timeline)")
        let calls = run.log.records.filter { ($0.moduleID ?? "").hasPrefix("com.example.") }.map(\.message)
        #expect(
            calls == [
                "sessionDidStart order=-5 user-7", "sessionDidStart order=5 user-7",
                "didComplete order=-5 \(goodAppInfo)", "didComplete order=5 \(goodAppInfo)",
                "openURL order=-5 parra://release/7", "openURL order=5 parra://release/7",
                #"notificationResponse order=-5 {"action":"open","notification":{"parra":{"type":"url"}}}"#,
                #"notificationResponse order=5 {"action":"open","notification":{"parra":{"type":"url"}}}"#,
            ])
        #expect(!run.reported("open parra://release/7: queued until the launch completes").isEmpty)
    }

    @Test("only the first module to set a launch state drives the launch; another gets WRONG_STATE")
    func oneDriver() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let rival = try CFixtureBuilder.build(
            "rival.so", defines: ["LISTENER_CLAIMS_LAUNCH"], in: folder, source: CFixtureBuilder.launchListenerSource)
        let server = try launchServer(appInfo: [.json(status: 200, goodAppInfo)])
        defer { server.stop() }
        let run = try run(server, extraModules: [rival.path])
        #expect(run.status == 0)
        #expect(run.launchStates == ["initial", "transitioning", "complete"])
        #expect(
            run.log.messages(from: "com.example.listener").prefix(3) == [
                "claim order=0 set_launch_state status=4 the launch is driven by com.parra.launchScreen, not com.example.listener",
                "claim order=0 run_launch_step status=4 the launch is driven by com.parra.launchScreen, not com.example.listener",
                "facts order=0 has bundle",
            ])
    }

    @Test("the app's launch prerequisite runs last, given the auth state and the app-info; its error fails the launch")
    func prerequisite() throws {
        let server = try launchServer(appInfo: [.json(status: 200, goodAppInfo)])
        defer { server.stop() }
        let ran = try run(server, app: PrerequisiteApp.self)
        #expect(ran.status == 0)
        #expect(prerequisiteLog.messages(from: "app") == ["prerequisite ran: anonymous user-7 vt-7"])
        let failed = try run(server, app: FailingPrerequisiteApp.self)
        #expect(failed.status == 1)
        #expect(
            failed.platform.launchStates.last?.state == .failed("the app's launch prerequisite failed: offline"))
    }

    @Test("Info.plist UILaunchScreen merged under a passed default config, art from Resources, bad values reported")
    func infoPlistMerge() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let plist = folder.appendingPathComponent("Info.plist")
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>CFBundleIdentifier</key><string>com.example.launch</string>
        <key>UILaunchScreen</key><dict>
          <key>UIColorName</key><string>LaunchBackground</string>
          <key>UIImageName</key><string>Logo</string>
          <key>UITabBar</key><dict/>
        </dict>
        </dict></plist>
        """.write(to: plist, atomically: true, encoding: .utf8)
        let resources = folder.appendingPathComponent("Resources")
        try FileManager.default.createDirectory(at: resources, withIntermediateDirectories: true)
        try "<PARRA>\n".write(to: resources.appendingPathComponent("Logo.txt"), atomically: true, encoding: .utf8)
        let (bundle, problems) = BundleInfo.load(from: plist.path)
        #expect(problems.isEmpty)

        let merged = try run(nil, app: MergingLaunchApp.self, bundle: bundle)
        #expect(merged.status == 0)
        let splash = try #require(merged.surface.presented.first)
        #expect(splash.title == "default, colour primary, image Logo, tab bar")
        #expect(splash.body.contains("<PARRA>"))
        // The fade's declared range refuses -2 in the host, before the module reads the option.
        #expect(
            merged.log.records.contains {
                $0.moduleID == nil
                    && $0.message == "configuration: launchScreen.fadeDuration: -2.0 is less than the minimum 0"
            })
        #expect(!merged.launchLog.contains { $0.contains("fadeDuration") }, "\(merged.launchLog)")
        #expect(
            merged.launchLog.contains(
                "app-info: skipped, the run has no Parra API client; nothing cached"
            ))

        let fromPlist = try run(nil, bundle: bundle)
        #expect(fromPlist.surface.presented.first?.title == "default, colour LaunchBackground, image Logo, tab bar")
        #expect(
            fromPlist.launchLog.contains {
                $0.hasPrefix("launch screen colour: no colour is named 'LaunchBackground'")
                    && $0.hasSuffix("using the theme's background #FFFFFF")
            })
        #expect(fromPlist.launchStates == ["initial", "transitioning", "complete"])
    }

    @Test("a missing storyboard file is reported and the empty default shown; the app still launches")
    func missingStoryboard() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let plist = folder.appendingPathComponent("Info.plist")
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>UILaunchStoryboardName</key><string>LaunchScreen</string></dict></plist>
        """.write(to: plist, atomically: true, encoding: .utf8)
        let run = try run(nil, bundle: BundleInfo.load(from: plist.path).info)
        #expect(run.status == 0)
        #expect(run.surface.presented.first?.title == "default")
        let path = folder.appendingPathComponent("Resources/LaunchScreen.txt").path
        #expect(
            run.launchLog.contains(
                "launch screen storyboard 'LaunchScreen': no file \(path); drawing the empty default"))
    }

    @Test("without the module the host runs its own launch: no launch states, windows drawn at once")
    func withoutModule() throws {
        let run = try TestAppRun(LaunchTestApp.self)
        #expect(run.status == 0)
        #expect(run.platform.launchStates.isEmpty)
        #expect(run.platform.drawn.map(\.lines) == [["app content"]])
    }
}
