// A process for the main-actor tests: an app written as for the SDK, run as `@main` runs it,
// on the process's main thread.
//
//   MainActorProbe          App.main(), as any app: the terminal platform's unattended session
//   MainActorProbe events   the host, on the main thread, plays a notification response, then
//                           a URL to open
//
// Each override, the view's body and the launch prerequisite (which the launch screen module
// runs) print "probe: WHAT main-thread=BOOL" from a main-actor function of the probe's own.
// Like an app that does not import Foundation, it runs without corelibs Foundation, so its
// main queue is drained by the app model's own run loop (`MainRunLoop`).
import FoundationEssentials
import Parra
import ParraAppModel
import ParraRuntime

#if canImport(Glibc)
    @preconcurrency import Glibc  // `stdout`, a C global that only the C library changes
#endif

/// Prints what ran and whether on the main thread; only main-actor code may call it.
@MainActor
func say(_ what: String) {
    print("probe: \(what) main-thread=\(MainThread.isCurrent)")
    fflush(stdout)
}

final class ProbeSceneDelegate: ParraSceneDelegate {
    override func scene(_ scene: UIScene, openURLContexts urlContexts: Set<UIOpenURLContext>) {
        super.scene(scene, openURLContexts: urlContexts)
        for context in urlContexts { say("open \(context.url.absoluteString)") }
    }

    override func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
        super.scene(scene, willConnectTo: session, options: options)
        say("willConnect")
    }
}

final class ProbeAppDelegate: ParraAppDelegate<ProbeSceneDelegate> {
    override func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
    ) -> Bool {
        let launched = super.application(application, didFinishLaunchingWithOptions: launchOptions)
        MainActor.assumeIsolated { say("didFinishLaunching") }
        Task { @MainActor in say("main-actor task") }
        return launched
    }

    override func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse
    )
        async
    {
        await super.userNotificationCenter(center, didReceive: response)
        say("didReceive began")
        // Off the main actor and back: the host must still wait for the rest.
        await Task.detached {}.value
        MainActor.preconditionIsolated()
        say("didReceive ended")
    }

}

/// The window's line, from a main-actor function.
@MainActor
func windowLine() -> String {
    say("body")
    return "probe window"
}

struct ProbeView: View {
    var body: some View { Text(windowLine()) }
}

/// What `@main` does for every app: `App.main()`.
@MainActor
func runAsApp<A: App>(_ app: A.Type) { A.main() }

@main
struct MainActorProbe: App {
    @UIApplicationDelegateAdaptor(ProbeAppDelegate.self) var appDelegate

    var body: some Scene {
        ParraApp(
            tenantId: "t-probe", applicationId: "a-probe", appDelegate: appDelegate,
            makeScene: { WindowGroup { ProbeView() } },
            performLaunchPrerequisite: { _, _ in say("prerequisite") })
    }

    static func main() {
        guard CommandLine.arguments.dropFirst().first == "events" else { return runAsApp(Self.self) }
        let script: [PlatformEvent] = [
            .notificationResponse(payloadJSON: "{}", actionIdentifier: "open"), .openURL("probe://next"),
        ]
        exit(
            ParraAppHost.run(
                Self.self, platform: ScriptedPlatform(script: script, surface: PlainTextPresentationSurface()),
                bundle: .empty))
    }
}
