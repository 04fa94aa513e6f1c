import Foundation
import Parra
import ParraTestSupport

/// How many times a filtered log's message was evaluated: it must stay 0.
nonisolated(unsafe) var filteredMessageEvaluations = 0

/// An app that logs the way the documentation's apps would: from its init (before Parra is
/// up), from its app delegate, and below its level.
struct LoggingApp: App {
    @UIApplicationDelegateAdaptor(LoggingAppDelegate.self) var appDelegate

    init() {
        ParraLogger.info("app init, before Parra starts")
    }

    var body: some Scene {
        ParraApp(
            tenantId: "tenant-1", applicationId: "app-1", appDelegate: appDelegate,
            configuration: ParraConfiguration(
                loggerOptions: ParraLoggerOptions(
                    environment: .debug, minimumLogLevel: .debug,
                    consoleFormatOptions: [
                        .printLevel(style: .word, leftPad: "", rightPad: " "),
                        .printCallSite(options: [.file, .function], leftPad: "<", rightPad: "> "),
                        .printMessage(),
                        .printExtras(style: .raw, leftPad: " ", rightPad: ""),
                    ]))
        ) {
            WindowGroup { Text("main") }
        }
    }
}

final class LoggingAppDelegate: ParraAppDelegate<ParraSceneDelegate> {
    override func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
    ) -> Bool {
        guard super.application(application, didFinishLaunchingWithOptions: launchOptions) else { return false }
        let logger = ParraLogger(category: "Launch", extra: ["build": 7])
        logger.info("launched", ["user": "ada"])
        logger.trace("\(countedMessage())")
        logger.scope(named: "warmup").debug("scoped")
        return true
    }

    private func countedMessage() -> String {
        filteredMessageEvaluations += 1
        return "never built"
    }
}

/// Shared with `RacingApp`'s logging thread: set to stop it; its count is how many it has logged.
let racing = ManagedAtomicFlag()
let racingDone = DispatchSemaphore(value: 0)
/// Set when the logging thread was seen to log after the launch, before it was stopped.
let racingLoggedAfterLaunch = ManagedAtomicFlag()

/// An app whose init starts a thread that logs without pause, stopped once the app has
/// launched: its logs span Parra's whole start.
struct RacingApp: App {
    @UIApplicationDelegateAdaptor(RacingAppDelegate.self) var appDelegate

    init() {
        Thread.detachNewThread {
            var index = 0
            while !racing.isSet {
                ParraLogger.info("race \(index)")
                index += 1
                racing.count = index
            }
            racingDone.signal()
        }
    }

    var body: some Scene {
        ParraApp(
            tenantId: "tenant-1", applicationId: "app-1", appDelegate: appDelegate,
            configuration: ParraConfiguration(loggerOptions: ParraLoggerOptions(environment: .debug))
        ) {
            WindowGroup { Text("main") }
        }
    }
}

final class RacingAppDelegate: ParraAppDelegate<ParraSceneDelegate> {
    override func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
    ) -> Bool {
        guard super.application(application, didFinishLaunchingWithOptions: launchOptions) else { return false }
        // Stop the thread once it has logged after the launch, so its logs span the whole start:
        // two more than now, as the first may have begun before this line. Bounded; the test
        // checks it happened.
        let launched = racing.count
        if waitUntil(timeout: 20, { racing.count >= launched + 2 }) { racingLoggedAfterLaunch.set() }
        racing.set()
        racingDone.wait()
        return true
    }
}
