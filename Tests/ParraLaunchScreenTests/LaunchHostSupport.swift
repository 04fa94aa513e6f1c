import Foundation
import Parra
import ParraRuntime
import ParraTestSupport

/// The launch screen module's id, as the host's log names it.
let launchScreenID = "com.parra.launchScreen"

/// A clock that moves one second forward every time it is read, so every recorded launch
/// state change has a time of its own whatever the machine's speed.
final class SteppingClock: HostClock, @unchecked Sendable {
    private let lock = NSLock()
    private var seconds = 1_000.0

    var wallSeconds: Double {
        lock.withLock {
            seconds += 1
            return seconds
        }
    }

    var monotonicNanoseconds: UInt64 { UInt64(wallSeconds * 1e9) }
}

/// A launch test's app: one window, the default configuration, no prerequisite.
struct LaunchTestApp: App {
    @UIApplicationDelegateAdaptor(ParraAppDelegate<ParraSceneDelegate>.self) var appDelegate
    var body: some Scene {
        ParraApp(tenantId: "t-launch", applicationId: "a-launch", appDelegate: appDelegate) {
            WindowGroup { Text("app content") }
        }
    }
}

/// What `RecordingLaunchAppDelegate` heard, for the test to read.
let appDelegateLog = RecordingLog()

/// The scene delegate of `RecordingLaunchAppDelegate`: notes each URL its window is asked to open, as a
/// scene-based app is given them.
final class RecordingLaunchSceneDelegate: ParraSceneDelegate {
    override func scene(_ scene: UIScene, openURLContexts urlContexts: Set<UIOpenURLContext>) {
        super.scene(scene, openURLContexts: urlContexts)
        for context in urlContexts { appDelegateLog.note("app open \(context.url.absoluteString)") }
    }
}

/// An app delegate that notes each notification response it is given, then calls super; its
/// scene delegate notes the URLs.
final class RecordingLaunchAppDelegate: ParraAppDelegate<RecordingLaunchSceneDelegate> {

    override func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse
    ) async {
        appDelegateLog.note("app response \(response.actionIdentifier)")
        await super.userNotificationCenter(center, didReceive: response)
    }
}

/// A launch test's app with `RecordingLaunchAppDelegate`.
struct RecordingLaunchApp: App {
    @UIApplicationDelegateAdaptor(RecordingLaunchAppDelegate.self) var appDelegate
    var body: some Scene {
        ParraApp(tenantId: "t-launch", applicationId: "a-launch", appDelegate: appDelegate) {
            WindowGroup { Text("app content") }
        }
    }
}

/// An app passing a default launch screen config (colour primary) and a negative fade.
struct MergingLaunchApp: App {
    @UIApplicationDelegateAdaptor(ParraAppDelegate<ParraSceneDelegate>.self) var appDelegate
    var body: some Scene {
        ParraApp(
            tenantId: "t-launch", applicationId: "a-launch", appDelegate: appDelegate,
            configuration: ParraConfiguration(
                launchScreenOptions: ParraLaunchScreen.Options(
                    type: .default(ParraDefaultLaunchScreen.Config(colorName: "primary")), fadeDuration: -2))
        ) {
            WindowGroup { Text("app content") }
        }
    }
}

/// What the prerequisite apps' closures did, for the test to read.
let prerequisiteLog = RecordingLog()

/// An app whose launch prerequisite notes that it ran, and what it was given; written in the
/// SDK's argument order.
struct PrerequisiteApp: App {
    @UIApplicationDelegateAdaptor(ParraAppDelegate<ParraSceneDelegate>.self) var appDelegate
    var body: some Scene {
        ParraApp(
            tenantId: "t-launch", applicationId: "a-launch", appDelegate: appDelegate,
            makeScene: { WindowGroup { Text("app content") } },
            performLaunchPrerequisite: { authState, appInfo in
                prerequisiteLog.note(
                    "prerequisite ran: \(authState) \(authState.user?.info.id ?? "-") \(appInfo.versionToken ?? "-")")
            })
    }
}

/// An app whose launch prerequisite throws.
struct FailingPrerequisiteApp: App {
    struct Offline: Error, CustomStringConvertible {
        var description: String { "offline" }
    }

    @UIApplicationDelegateAdaptor(ParraAppDelegate<ParraSceneDelegate>.self) var appDelegate
    var body: some Scene {
        ParraApp(
            tenantId: "t-launch", applicationId: "a-launch", appDelegate: appDelegate,
            makeScene: { WindowGroup { Text("app content") } }, performLaunchPrerequisite: { _, _ in throw Offline() })
    }
}

/// A loopback Parra API: anonymous auth always works; app-info answers what `appInfo`
/// returns for each request in turn (its last answer repeats).
func launchServer(appInfo: [LoopbackHTTPServer.Response]) throws -> LoopbackHTTPServer {
    let answers = LaunchAnswers(appInfo)
    return try LoopbackHTTPServer(handler: { request in
        if request.path.hasSuffix("/auth/anonymous") {
            return .json(
                status: 200, #"{"access_token":"tok","expires_in":3600,"token_type":"Bearer","user_id":"user-7"}"#)
        }
        if request.path.contains("/app-info") { return answers.next() }
        return .json(status: 404, "{}")
    })
}

/// App-info answers, handed out in order, the last repeating.
final class LaunchAnswers: @unchecked Sendable {
    private let lock = NSLock()
    private var remaining: [LoopbackHTTPServer.Response]

    init(_ answers: [LoopbackHTTPServer.Response]) { remaining = answers }

    func next() -> LoopbackHTTPServer.Response {
        lock.withLock { remaining.count > 1 ? remaining.removeFirst() : remaining[0] }
    }
}

/// The app-info the tests' server gives.
let goodAppInfo = #"{"version_token":"vt-7"}"#

extension TestAppRun {
    /// The launch states the platform recorded, as words.
    var launchStates: [String] { platform.launchStates.map { $0.state.summary } }

    /// What the launch screen module logged.
    var launchLog: [String] { log.messages(from: launchScreenID) }
}
