import Foundation
import Parra
import ParraAPI
import ParraAppModel
import ParraTestSupport
import Synchronization
import Testing

/// The SDK's own app code (`SDKShapedApp/`: the podcast template's delegates and themed
/// configuration, a view reading the environment values), compiled as its authors wrote it and
/// run through the app model.
@Suite("SDK-shaped app code", .serialized)
struct SDKShapedAppTests {
    private let plist = BundleInfo.load(
        from: CFixtureBuilder.repositoryRoot.appendingPathComponent("Sample/Bundle/Info.plist").path
    ).info

    @Test("a URL opened while the app runs goes to the scene delegate's openURLContexts, not the app delegate")
    func urlToScene() throws {
        AppNavigationState.shared.reset()
        let run = try TestAppRun(PodcastApp.self, script: [.openURL("podcast://episodes/42")], bundle: plist)
        #expect(run.status == 0)
        #expect(AppNavigationState.shared.log == ["url podcast://episodes/42"], "once: the scene delegate's")
        #expect(!run.reported("open podcast://episodes/42: not handled by any module").isEmpty)
        #expect(run.reported("did not call super").isEmpty, "the SDK's base methods do nothing; skipping super is fine")
    }

    @Test("a URL the app is started with is in the first window's connection options")
    func launchURL() throws {
        AppNavigationState.shared.reset()
        let run = try TestAppRun(
            PodcastApp.self, arguments: ["--parra-open-url", "podcast://launch/7"], bundle: plist)
        #expect(run.status == 0)
        #expect(AppNavigationState.shared.log == ["url podcast://launch/7"])
        #expect(!run.reported("open podcast://launch/7: not handled by any module").isEmpty, "Parra's handling sees it")
        AppNavigationState.shared.reset()
        _ = try TestAppRun(WindowlessApp.self, arguments: ["--parra-open-url", "podcast://launch/8"])
        #expect(AppNavigationState.shared.log == ["url podcast://launch/8"], "no window: the app delegate")
        let refused = try TestAppRun(PodcastApp.self, arguments: ["--parra-open-url", "no scheme"], bundle: plist)
        #expect(!refused.reported("--parra-open-url 'no scheme': not a URL with a scheme").isEmpty)
    }

    @Test("an app without a window gets the URL in application(_:open:options:)")
    func urlWithoutWindow() throws {
        AppNavigationState.shared.reset()
        let run = try TestAppRun(WindowlessApp.self, script: [.openURL("podcast://no-window")])
        #expect(run.status == 0)
        #expect(AppNavigationState.shared.log == ["url podcast://no-window"])
    }

    @Test("asking for the notification settings reaches openSettingsFor")
    func notificationSettings() throws {
        AppNavigationState.shared.reset()
        let run = try TestAppRun(PodcastApp.self, script: [.openNotificationSettings], bundle: plist)
        #expect(run.status == 0)
        #expect(AppNavigationState.shared.log == [#"link settingsTab("notification-settings")"#])
        #expect(TerminalPlatform.event(forCommand: "settings") == .openNotificationSettings)
    }

    @Test("a notification response's url reaches the template's didReceive")
    func responseURL() throws {
        AppNavigationState.shared.reset()
        let run = try TestAppRun(
            PodcastApp.self,
            script: [.notificationResponse(payloadJSON: #"{"url":"podcast://episodes/9"}"#, actionIdentifier: "open")],
            bundle: plist)
        #expect(run.status == 0)
        #expect(AppNavigationState.shared.log == ["url podcast://episodes/9"])
    }

    @Test("the environment values are live: configuration, theme, auth state, appearance, app info and versions")
    func environmentValues() throws {
        let run = try TestAppRun(PodcastApp.self, bundle: plist)
        let lines = try #require(run.platform.drawn.first?.lines)
        // Parra.appBundleVersion reads the Info.plist beside the executable: the test runner has none.
        #expect(lines.first == "Version ? (?)", "\(lines)")
        #expect(lines.contains("Push settings: hidden"), "no user yet: \(lines)")
        #expect(lines.contains("Branding: shown"))
        #expect(lines.contains("Primary: #6366F1, dark palette: true"), "the themed configuration: \(lines)")
        #expect(lines.contains("Appearance: system"))
        #expect(ParraConfiguration.shared.theme.palette(for: .dark).primary.shade500.hex == "#6366F1")
        #expect(ParraConfiguration.shared.theme.palette(for: .dark).primaryBackground.hex == "#0F172A")

        // The app-info the launch fetched (the sample's offline backend), and a user who signs in.
        let backend = CFixtureBuilder.repositoryRoot.appendingPathComponent("Sample/LocalBackend").path
        let live = try TestAppRun(
            PodcastApp.self, script: [.authStateChanged(.anonymous(ParraUser(id: "u-1")))], bundle: plist,
            environment: ["PARRA_API_BASE_URL": "local:\(backend)"])
        let first = try #require(live.platform.drawn.first?.lines)
        #expect(first.contains("Release: 1.2.0"), "\(first)")
        let last = try #require(live.platform.drawn.last?.lines)
        #expect(last.contains("Push settings: shown"), "a user now: \(last)")
    }

    @Test(
        "updateAvailable() answers at once, as the SDK's: after a fresh app-info with another version token than the last seen, or in a debug build"
    )
    func updateAvailableAtOnce() throws {
        let backend = try CFixtureBuilder.makeTemporaryDirectory()
        let storage = try CFixtureBuilder.makeTemporaryDirectory()
        let appInfo = backend.appendingPathComponent("app-info.json")
        // A released build: a debug one (as this test's, unless told) always has an update.
        func run(token: String, environment: [String: String] = ["PARRA_ENVIRONMENT": "production"], storage: URL)
            throws -> [String]
        {
            try #"{"version_token":"\#(token)","auth":{"anonymous_users_enabled":true}}"#.write(
                to: appInfo, atomically: true, encoding: .utf8)
            let run = try TestAppRun(
                PodcastApp.self, bundle: plist,
                environment: environment.merging(["PARRA_API_BASE_URL": "local:\(backend.path)"]) { given, _ in given },
                storage: storage)
            return try #require(run.platform.drawn.first?.lines)
        }
        #expect(!(try run(token: "vt-1", storage: storage)).contains("Update Available"), "no token seen before")
        #expect(!(try run(token: "vt-1", storage: storage)).contains("Update Available"), "the same token")
        #expect(try run(token: "vt-2", storage: storage).contains("Update Available"), "another token")
        let debug = try run(
            token: "vt-1", environment: ["PARRA_ENVIRONMENT": "debug"],
            storage: try CFixtureBuilder.makeTemporaryDirectory())
        #expect(debug.contains("Update Available"))
    }

    @Test("the SDK's notification names are posted where Linux has the event, once the app names one")
    func notifications() throws {
        let heard = Mutex<[String]>([])
        let center = NotificationCenter.default
        var observers: [NSObjectProtocol] = []
        for name in [
            Parra.authenticationStateDidChangeNotification, Parra.launchScreenDidDismissNotification,
            Parra.preferredAppearanceDidChangeNotification,
        ] {
            observers.append(
                center.addObserver(forName: name, object: nil, queue: nil) { note in
                    let state = note.userInfo?[Parra.authenticationStateKey] as? ParraAuthState
                    heard.withLock { $0.append(note.name.rawValue + (state.map { " \($0.hasUser)" } ?? "")) }
                })
        }
        defer { for observer in observers { center.removeObserver(observer) } }
        let run = try TestAppRun(
            PodcastApp.self, script: [.authStateChanged(.anonymous(ParraUser(id: "u-2")))], bundle: plist)
        #expect(run.status == 0)
        let binding = EnvironmentValues().parraPreferredAppearance
        binding.wrappedValue = .light
        binding.wrappedValue = .system
        // Other suites' apps run at the same time and post too: look for this run's.
        let names = heard.withLock { $0 }
        #expect(names.contains("ParraLaunchScreenDidDismissNotification"), "\(names)")
        #expect(names.contains("ParraAuthenticationStateDidChangeNotification true"), "\(names)")
        #expect(names.filter { $0 == "ParrapreferredAppearanceDidChangeNotification" }.count >= 2, "\(names)")
    }

    @Test("app-info's members, as the SDK reads them, from the answer the launch got")
    func appInfoMembers() throws {
        let info = ParraAppInfo(
            json: """
                {"version_token":"vt","application":{"name":"Podcast","app_id":"123","bundle_id":"com.example.podcast",
                "default_feedback_form_id":"f-1"},"tenant":{"id":"t","name":"Acme","issuer":"acme","hide_branding":true},
                "legal":{"privacy_policy":{"id":"p","type":"privacy_policy","title":"Privacy","url":"https://acme.test/p"}},
                "new_installed_version_info":{"configuration":{"title":"New","has_other_releases":false},
                "release":{"id":"r","name":"Big","version":"2.0.0","sections":[]}}}
                """)
        #expect(info.versionToken == "vt")
        #expect(info.application.name == "Podcast" && info.application.defaultFeedbackFormId == "f-1")
        #expect(
            info.application.appStoreWriteReviewUrl?.absoluteString
                == "https://apps.apple.com/app/id123?action=write-review")
        #expect(info.tenant.hideBranding && info.tenant.name == "Acme")
        #expect(info.legal.hasDocuments && info.legal.allDocuments.map(\.title) == ["Privacy"])
        #expect(info.newInstalledVersionInfo?.release.version == "2.0.0")
        let empty = ParraAppInfo(json: "{}")
        #expect(empty.application.name == "" && !empty.tenant.hideBranding && !empty.legal.hasDocuments)
        #expect(empty.newInstalledVersionInfo == nil)
    }

    @Test("the preferred appearance binding sets the palette for the run, as the SDK's settings screen does")
    func appearanceBinding() {
        // Light, not dark: apps in other suites run meanwhile and take the current palette.
        let binding = EnvironmentValues().parraPreferredAppearance
        defer { binding.wrappedValue = .system }
        binding.wrappedValue = .light
        #expect(EnvironmentValues().parraPreferredAppearance.wrappedValue == .light)
        #expect(ParraTheme.default.palette == .defaultLight)
        #expect(ParraTheme.default.palette(for: .dark) == .defaultDark)
        #expect(ParraAppearance.allCases.map(\.description) == ["Light", "Dark", "System"])
        #expect(ParraAppearance.allCases.map(\.id) == ["light", "dark", "system"])
    }
}

/// The template's delegate in an app whose one window group is left out.
struct WindowlessApp: App {
    @UIApplicationDelegateAdaptor(AppDelegate.self) var appDelegate
    static let hasWindow = false

    var body: some Scene {
        ParraApp(tenantId: "t", applicationId: "a", appDelegate: appDelegate) {
            if Self.hasWindow { WindowGroup { Text("never") } }
        }
    }
}
