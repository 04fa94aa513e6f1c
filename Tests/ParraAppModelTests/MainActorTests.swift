import Foundation
import Parra
import ParraTestSupport
import Testing

/// What the main-actor delegates and view below did, for the test to read.
nonisolated(unsafe) var mainActorLog = RecordingLog()

/// A main-actor function of the test's own: without `await`, only main-actor code may call it,
/// so the delegates and the view below compile only if their methods are main-actor isolated,
/// as with the SDK.
@MainActor
func noteOnMainActor(_ what: String) {
    MainActor.assumeIsolated { mainActorLog.note(what, from: "app") }
}

final class MainActorSceneDelegate: ParraSceneDelegate {
    override func scene(_ scene: UIScene, openURLContexts urlContexts: Set<UIOpenURLContext>) {
        super.scene(scene, openURLContexts: urlContexts)
        for context in urlContexts { noteOnMainActor("open \(context.url.absoluteString)") }
    }

    override func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
        super.scene(scene, willConnectTo: session, options: options)
        noteOnMainActor("willConnect")
    }
}

final class MainActorAppDelegate: ParraAppDelegate<MainActorSceneDelegate> {
    override func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
    ) -> Bool {
        let launched = super.application(application, didFinishLaunchingWithOptions: launchOptions)
        noteOnMainActor("didFinishLaunching")
        return launched
    }

    override func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification)
        async -> UNNotificationPresentationOptions
    {
        let options = await super.userNotificationCenter(center, willPresent: notification)
        noteOnMainActor("willPresent began")
        await leaveTheMainActor()
        noteOnMainActor("willPresent ended")
        return options
    }

    override func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse
    )
        async
    {
        await super.userNotificationCenter(center, didReceive: response)
        noteOnMainActor("didReceive began")
        await leaveTheMainActor()
        noteOnMainActor("count \(mainThreadCount())")
        noteOnMainActor("didReceive ended")
    }

    /// A main-thread command, called at once: the host takes the main actor's call as the main
    /// thread's, wherever the main queue runs it.
    private func mainThreadCount() -> String {
        do {
            return "\(try parra.command("com.example.cfixture.count"))"
        } catch {
            return "refused: \(error)"
        }
    }

    /// Suspends off the main actor and comes back: a host that did not await the method to its
    /// end would go on to the next event meanwhile.
    private func leaveTheMainActor() async {
        await Task.detached { mainActorLog.note("off the main actor", from: "detached") }.value
    }
}

struct MainActorView: View {
    var body: some View {
        noteOnMainActor("body")
        return Text("main actor")
    }
}

struct MainActorApp: App {
    @UIApplicationDelegateAdaptor(MainActorAppDelegate.self) var appDelegate
    var body: some Scene {
        ParraApp(
            tenantId: "t", applicationId: "a", appDelegate: appDelegate, makeScene: { WindowGroup { MainActorView() } },
            performLaunchPrerequisite: { _, _ in noteOnMainActor("prerequisite") },
            urlHandler: { url in noteOnMainActor("urlHandler \(url.absoluteString)") })
    }
}

/// A view built as SwiftUI code may build one: in a nonisolated function, off the main actor.
nonisolated func viewBuiltAnywhere(showDetail: Bool) -> some View {
    VStack(spacing: 0) {
        Text("title")
        if showDetail {
            Text("detail")
        } else {
            HStack {
                Text("a")
                Text("b")
            }
        }
        EmptyView()
    }
}

@Suite("Main-actor isolation, as the SDK's", .serialized)
struct MainActorTests {
    @Test("views are built anywhere, their initializers nonisolated as SwiftUI's, and drawn on the main actor")
    func viewsBuiltOffTheMainActor() async {
        let lines = await Task.detached { viewBuiltAnywhere(showDetail: false).launchScreenLines }.value
        #expect(lines == ["title", "a b"])
        #expect(
            await Task.detached { viewBuiltAnywhere(showDetail: true).launchScreenLines }.value == ["title", "detail"])
    }

    @Test(
        "in an app run off the main thread, the delegates, body, prerequisite and urlHandler run on the main actor; async methods end before the next event"
    )
    func inProcess() throws {
        mainActorLog = RecordingLog()
        let module = try CFixtureBuilder.build("cfixture.so", in: try CFixtureBuilder.makeTemporaryDirectory())
        let run = try TestAppRun(
            MainActorApp.self, paths: [module.path],
            script: [
                .notificationResponse(payloadJSON: "{}", actionIdentifier: "open"), .openURL("myapp://after-response"),
                .notificationArrived(payloadJSON: "{}", id: 1), .openURL("myapp://after-present"),
                .parraOpensURL("myapp://parra"),
            ])
        #expect(run.status == 0)
        #expect(
            mainActorLog.messages(from: "app") == [
                "didFinishLaunching", "prerequisite", "willConnect", "body", "didReceive began", "count uint(0)",
                "didReceive ended",
                "open myapp://after-response", "willPresent began", "willPresent ended", "open myapp://after-present",
                "urlHandler myapp://parra", "open myapp://parra",
            ])
        #expect(mainActorLog.messages(from: "detached").count == 2)
    }

    /// Runs the probe with a home of its own and the sample's local backend.
    private func runProbe(_ arguments: [String]) throws -> (status: Int32, lines: [String]) {
        let home = try CFixtureBuilder.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        let backend = CFixtureBuilder.repositoryRoot.appendingPathComponent("Sample/LocalBackend").path
        let (status, output) = try ChildProcess.run(
            BuildProducts.folder.appendingPathComponent("MainActorProbe").path, arguments, in: home,
            environment: ["HOME": home.path, "XDG_DATA_HOME": home.path, "PARRA_API_BASE_URL": "local:\(backend)"])
        return (status, output.split(separator: "\n").map(String.init).filter { $0.hasPrefix("probe: ") })
    }

    @Test(
        "in an app process, didFinishLaunching, the launch prerequisite, the scene delegate and body run on the main thread, the main actor's"
    )
    func appProcess() throws {
        let (status, lines) = try runProbe([])
        #expect(status == 0)
        // The task started in didFinishLaunching runs when the main thread next turns its run
        // loop: while the host waits for the launch, or between events.
        #expect(
            lines.filter { !$0.contains("main-actor task") } == [
                "probe: didFinishLaunching main-thread=true", "probe: prerequisite main-thread=true",
                "probe: willConnect main-thread=true", "probe: body main-thread=true",
            ])
        #expect(lines.contains("probe: main-actor task main-thread=true"))
    }

    @Test("in an app process, the host awaits an async delegate method on the main thread before the next event")
    func appProcessAsync() throws {
        let (status, lines) = try runProbe(["events"])
        #expect(status == 0)
        #expect(
            lines.filter { !$0.contains("main-actor task") }.suffix(3) == [
                "probe: didReceive began main-thread=true", "probe: didReceive ended main-thread=true",
                "probe: open probe://next main-thread=true",
            ])
    }
}
