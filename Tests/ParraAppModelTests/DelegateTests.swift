import Foundation
import Parra
import ParraTestSupport
import Testing

/// The timeline the delegates below write to; set by each test before it runs its app.
nonisolated(unsafe) var timeline = RecordingLog()

final class RecordingSceneDelegate: ParraSceneDelegate {
    override func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
        super.scene(scene, willConnectTo: session, options: options)
        note(scene, "willConnect")
    }
    func sceneDidBecomeActive(_ scene: UIScene) {
        note(scene, "didBecomeActive")
    }
    func sceneWillResignActive(_ scene: UIScene) {
        note(scene, "willResignActive")
    }
    func sceneDidEnterBackground(_ scene: UIScene) {
        note(scene, "didEnterBackground")
    }
    func sceneWillEnterForeground(_ scene: UIScene) {
        note(scene, "willEnterForeground")
    }
    func sceneDidDisconnect(_ scene: UIScene) {
        note(scene, "didDisconnect")
    }
    private func note(_ scene: UIScene, _ event: String) {
        timeline.note("\(scene.identifier) \(event) \(ObjectIdentifier(self).hashValue)", from: "scene")
    }
}

final class SuperCallingAppDelegate: ParraAppDelegate<RecordingSceneDelegate> {
    override func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
    ) -> Bool {
        guard super.application(application, didFinishLaunchingWithOptions: launchOptions) else {
            timeline.note("launch refused by a module")
            return false
        }
        timeline.note("custom launch setup")
        if application !== UIApplication.shared { timeline.note("UIApplication.shared is not the running app") }
        return true
    }
    func applicationDidBecomeActive(_ application: UIApplication) {
        timeline.note("active")
    }
    func applicationWillResignActive(_ application: UIApplication) {
        timeline.note("resigning")
    }
    func applicationWillTerminate(_ application: UIApplication) {
        timeline.note("custom terminate")
    }
}

final class SuperSkippingAppDelegate: ParraAppDelegate<ParraSceneDelegate> {
    override func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
    ) -> Bool {
        timeline.note("launch without super")
        return true
    }
}

final class RefusingAppDelegate: ParraAppDelegate<ParraSceneDelegate> {
    override func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
    ) -> Bool {
        _ = super.application(application, didFinishLaunchingWithOptions: launchOptions)
        return false
    }
}

struct TwoWindowApp: App {
    @UIApplicationDelegateAdaptor(SuperCallingAppDelegate.self) var appDelegate
    var body: some Scene {
        ParraApp(tenantId: "t", applicationId: "a", appDelegate: appDelegate) {
            WindowGroup { Text("main") }
            WindowGroup(id: "secondary-window-id") { Text("second") }
        }
    }
}

/// An app whose type answers for its delegates, as the build plugin writes it for a `@main`
/// type: its table for the app delegate, an empty one for its scene delegate.
struct DelegateTableApp: App {
    @UIApplicationDelegateAdaptor(SuperCallingAppDelegate.self) var appDelegate
    var body: some Scene {
        ParraApp(tenantId: "t", applicationId: "a", appDelegate: appDelegate) { WindowGroup { Text("main") } }
    }
    static func parraDelegateMethods(of delegate: AnyObject) -> ParraDelegateMethods? {
        guard delegate is SuperCallingAppDelegate else { return delegate is RecordingSceneDelegate ? .init() : nil }
        var methods = ParraDelegateMethods()
        methods.applicationWillTerminate = { _ in timeline.note("the app type's terminate") }
        return methods
    }
}

struct SuperSkippingApp: App {
    @UIApplicationDelegateAdaptor(SuperSkippingAppDelegate.self) var appDelegate
    var body: some Scene {
        ParraApp(tenantId: "t", applicationId: "a", appDelegate: appDelegate) { WindowGroup { Text("main") } }
    }
}

struct RefusingApp: App {
    @UIApplicationDelegateAdaptor(RefusingAppDelegate.self) var appDelegate
    var body: some Scene {
        ParraApp(tenantId: "t", applicationId: "a", appDelegate: appDelegate) { WindowGroup { Text("main") } }
    }
}

/// The scene delegate of `URLRecordingAppDelegate`: notes each URL its window is asked to open, as a
/// scene-based app is given them.
final class URLRecordingSceneDelegate: ParraSceneDelegate {
    override func scene(_ scene: UIScene, openURLContexts urlContexts: Set<UIOpenURLContext>) {
        super.scene(scene, openURLContexts: urlContexts)
        for context in urlContexts { timeline.note("delegate opens \(context.url.absoluteString)") }
    }
}

final class URLRecordingAppDelegate: ParraAppDelegate<URLRecordingSceneDelegate> {
}

struct URLHandlingApp: App {
    @UIApplicationDelegateAdaptor(URLRecordingAppDelegate.self) var appDelegate
    var body: some Scene {
        ParraApp(
            tenantId: "t", applicationId: "a", appDelegate: appDelegate,
            makeScene: { WindowGroup { Text("main") } },
            urlHandler: { url in timeline.note("urlHandler \(url.absoluteString)") })
    }
}

/// Whether `PrerequisiteApp`'s prerequisite throws; set by its test.
nonisolated(unsafe) var prerequisiteFails = false

struct PrerequisiteApp: App {
    @UIApplicationDelegateAdaptor(ParraAppDelegate<ParraSceneDelegate>.self) var appDelegate
    var body: some Scene {
        ParraApp(
            tenantId: "t", applicationId: "a", appDelegate: appDelegate,
            makeScene: { WindowGroup { Text("main") } },
            performLaunchPrerequisite: { state, _ in
                timeline.note("prerequisite ran for \(state == .undetermined ? "nobody yet" : "a user")")
                if prerequisiteFails {
                    struct Offline: Error, CustomStringConvertible { var description: String { "no network" } }
                    throw Offline()
                }
            })
    }
}

@Suite("App and scene delegates", .serialized)
struct DelegateTests {
    private func module(_ defines: [String] = []) throws -> String {
        try CFixtureBuilder.build("cfixture.so", defines: defines, in: try CFixtureBuilder.makeTemporaryDirectory())
            .path
    }

    @Test(
        "a subclass that calls super runs its own code after the modules' hooks; so does a method the SDK's base does not declare, written without override"
    )
    func superFirst() async throws {
        timeline = RecordingLog()
        let run = try TestAppRun(TwoWindowApp.self, paths: [try module()], log: timeline)
        #expect(run.status == 0)
        let order = timeline.records.filter { $0.moduleID == "app" || $0.message.hasPrefix("hook application") }
            .map(\.message)
        #expect(
            order == [
                "hook application.didFinishLaunching {}", "custom launch setup", "active",
                "hook application.willTerminate", "custom terminate",
            ])
        #expect(run.reported("did not call super").isEmpty)
        let idle = await MainActor.run { UIApplication.shared.connectedScenes.isEmpty }
        #expect(idle, "after the run, shared is an idle app again")
    }

    @Test("the app type's table is used before the delegate's own, for the app delegate and for each scene's")
    func appTypeTable() throws {
        timeline = RecordingLog()
        let run = try TestAppRun(DelegateTableApp.self, paths: [try module()], log: timeline)
        #expect(run.status == 0)
        // The delegate's own table (its generated conformance) would note "active" and
        // "custom terminate"; the scene delegate's would note each scene event.
        #expect(timeline.messages(from: "app") == ["custom launch setup", "the app type's terminate"])
        #expect(timeline.messages(from: "scene").map { $0.split(separator: " ")[1] } == ["willConnect"])
    }

    @Test("a subclass that skips super is reported, and the modules miss the point")
    func superSkipped() throws {
        timeline = RecordingLog()
        let run = try TestAppRun(SuperSkippingApp.self, paths: [try module()], log: timeline)
        #expect(run.status == 0)
        #expect(
            !timeline.messages(from: "com.example.cfixture").contains {
                $0.hasPrefix("hook application.didFinishLaunching")
            })
        #expect(run.reported("did not call super").count == 1)
        #expect(
            !run.reported(
                "SuperSkippingAppDelegate.application(_:didFinishLaunchingWithOptions:) did not call super, so the modules did not see application.didFinishLaunching"
            ).isEmpty)
        #expect(run.platform.drawn.count == 1, "the app still runs")
    }

    @Test("false from didFinishLaunching does not end the app, as with UIKit: it is said, and the windows open")
    func launchRefused() throws {
        timeline = RecordingLog()
        let run = try TestAppRun(RefusingApp.self, paths: [try module()], log: timeline)
        #expect(run.status == 0)
        #expect(run.platform.drawn.count == 1)
        #expect(!run.reported("application(_:didFinishLaunchingWithOptions:) returned false; the app goes on").isEmpty)
        #expect(
            timeline.messages(from: "com.example.cfixture").suffix(3) == [
                "hook application.willTerminate", "deactivate", "shutdown",
            ])
    }

    @Test("a module's false makes super return false, and the subclass sees it; the app goes on")
    func moduleRefusesLaunch() throws {
        timeline = RecordingLog()
        let run = try TestAppRun(TwoWindowApp.self, paths: [try module(["FIXTURE_LAUNCH_RESULT=false"])], log: timeline)
        #expect(run.status == 0)
        #expect(timeline.messages(from: "app").first == "launch refused by a module")
        #expect(run.platform.drawn.count == 2)
    }

    @Test("urlHandler hears each URL Parra opens, before the app delegate; not a URL the app is asked to open")
    func urlHandler() throws {
        timeline = RecordingLog()
        let run = try TestAppRun(
            URLHandlingApp.self, script: [.parraOpensURL("myapp://item/1"), .openURL("myapp://from-outside")],
            log: timeline)
        #expect(run.status == 0)
        #expect(
            timeline.messages(from: "app") == [
                "urlHandler myapp://item/1", "delegate opens myapp://item/1", "delegate opens myapp://from-outside",
            ])
    }

    @Test("without a launch module the host runs the launch prerequisite itself; its throw fails the launch")
    func prerequisiteWithoutModule() throws {
        timeline = RecordingLog()
        let run = try TestAppRun(PrerequisiteApp.self, log: timeline)
        #expect(run.status == 0)
        #expect(timeline.messages(from: "app") == ["prerequisite ran for nobody yet"])
        #expect(run.platform.drawn.map(\.lines) == [["main"]])

        timeline = RecordingLog()
        prerequisiteFails = true
        defer { prerequisiteFails = false }
        let failed = try TestAppRun(PrerequisiteApp.self, log: timeline)
        #expect(failed.status == 1)
        #expect(!failed.reported("the app's launch prerequisite failed: no network").isEmpty)
        #expect(failed.platform.drawn.isEmpty, "the windows stay held")
    }

    @Test("the open-URL methods return true by default, as the SDK's")
    @MainActor
    func openURLDefaults() throws {
        let delegate = ParraAppDelegate<ParraSceneDelegate>()
        let url = try #require(URL(string: "myapp://item/1"))
        #expect(delegate.application(UIApplication(), open: url, options: [:]))
        #expect(delegate.application(UIApplication(), handleOpen: url))
        #expect(delegate.application(UIApplication(), open: url, sourceApplication: nil, annotation: 0))
    }

    @Test("configurationForConnecting: no name; the scene delegate class only for a window's role")
    @MainActor
    func sceneConfiguration() {
        let delegate = ParraAppDelegate<RecordingSceneDelegate>()
        let window = delegate.application(
            UIApplication(),
            configurationForConnecting: UISceneSession(persistentIdentifier: "w", role: .windowApplication),
            options: UIScene.ConnectionOptions(urlContexts: []))
        #expect(window.name == nil)
        #expect(window.delegateClass == RecordingSceneDelegate.self)
        let external = UISceneSession.Role(rawValue: "UIWindowSceneSessionRoleExternalDisplayNonInteractive")
        let other = delegate.application(
            UIApplication(), configurationForConnecting: UISceneSession(persistentIdentifier: "x", role: external),
            options: UIScene.ConnectionOptions(urlContexts: []))
        #expect(other.name == nil && other.role == external)
        #expect(other.delegateClass == nil)
    }

    @Test("each window gets its own scene delegate and the scene callbacks in order")
    func twoWindows() throws {
        timeline = RecordingLog()
        let run = try TestAppRun(
            TwoWindowApp.self, paths: [try module()], script: [.didEnterBackground, .willEnterForeground], log: timeline
        )
        #expect(run.status == 0)
        let events = timeline.messages(from: "scene").map { $0.split(separator: " ").map(String.init) }
        let delegates = Dictionary(grouping: events, by: { $0[0] }).mapValues { Set($0.map { $0[2] }) }
        #expect(delegates["window-1"]?.count == 1 && delegates["secondary-window-id"]?.count == 1)
        #expect(delegates["window-1"] != delegates["secondary-window-id"], "one delegate instance per window")
        let firstWindow = events.filter { $0[0] == "window-1" }.map { $0[1] }
        #expect(
            firstWindow == [
                "willConnect", "willEnterForeground", "didBecomeActive", "willResignActive", "didEnterBackground",
                "willEnterForeground", "didBecomeActive", "didDisconnect",
            ])
        let hooked = timeline.messages(from: "com.example.cfixture").filter {
            $0.hasPrefix("hook scene.didBecomeActive")
        }
        #expect(
            hooked == [
                "hook scene.didBecomeActive window-1", "hook scene.didBecomeActive secondary-window-id",
                "hook scene.didBecomeActive window-1", "hook scene.didBecomeActive secondary-window-id",
            ])
        #expect(run.platform.drawn.map(\.lines) == [["main"], ["second"]])
        // The app delegate's own methods, written without override as for the SDK.
        #expect(
            timeline.messages(from: "app") == [
                "custom launch setup", "active", "resigning", "active", "custom terminate",
            ])
    }
}

@Suite("The notification delegate methods")
struct NotificationDelegateTests {
    @Test("the completion-handler forms call the async methods and hand over their answer, as the SDK's")
    @MainActor
    func completionHandlers() async {
        let delegate = ParraAppDelegate<ParraSceneDelegate>()
        let answers = RecordingLog()
        let notification = UNNotification(payloadJSON: #"{"aps":{}}"#)
        await withCheckedContinuation { answered in
            delegate.userNotificationCenter(.current(), willPresent: notification) { options in
                answers.note("willPresent \(options.rawValue)")
                answered.resume()
            }
        }
        await withCheckedContinuation { answered in
            delegate.userNotificationCenter(
                .current(), didReceive: UNNotificationResponse(notification: notification, actionIdentifier: "open")
            ) {
                answers.note("didReceive done")
                answered.resume()
            }
        }
        // No modules outside an app run: nobody asks to show it.
        #expect(answers.messages(from: "app") == ["willPresent 0", "didReceive done"])
    }
}
