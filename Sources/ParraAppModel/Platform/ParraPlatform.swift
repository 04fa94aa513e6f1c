import ParraAPI
import ParraRuntime

/// Something that happens to the app from outside.
package enum PlatformEvent: Hashable, Sendable {
    /// The process was suspended (or the user sent it to the background).
    case didEnterBackground
    /// The process was resumed.
    case willEnterForeground
    /// The app was asked to open a URL.
    case openURL(String)
    /// A Parra module opens a link (a push's `url`): the app's `urlHandler` sees it first, then
    /// it opens as `openURL` does.
    case parraOpensURL(String)
    /// The user asked for the app's notification settings (`settings` on a terminal).
    case openNotificationSettings
    /// The user acted on a notification: its payload JSON and the action's identifier.
    case notificationResponse(payloadJSON: String, actionIdentifier: String)
    /// A module got a push token for the app (`PARRA_EXT_APP_EVENTS`).
    case didRegisterForRemoteNotifications(token: [UInt8])
    /// A module could not register the app for push, and why.
    case didFailToRegisterForRemoteNotifications(reason: String)
    /// A notification arrived while the app runs; `id` names the module's wait for the
    /// presentation options (`ModuleAppEvents`).
    case notificationArrived(payloadJSON: String, id: UInt64)
    /// A push arrived for the app itself, which shows nothing (a background push).
    case remoteNotification(payloadJSON: String)
    /// A user signed in or out; the auth windows redraw.
    case authStateChanged(ParraAuthState)
    /// The user asked to retry a launch that failed (a key on a terminal).
    case retryLaunch
    /// The user typed a presentation's action key.
    case key(String)
    /// The user picked one of the app's shortcut items, by type, while the app ran.
    case shortcut(String)
    /// The app is asked to exit (end of session, SIGTERM, SIGINT, the user quitting).
    case terminate
}

/// A window as drawn: its group id and its lines.
package struct RenderedWindow: Hashable, Sendable {
    /// The window group's id, or `window-N`.
    package let sceneID: String
    /// The lines its content drew.
    package let lines: [String]

    /// A window as drawn.
    package init(sceneID: String, lines: [String]) {
        self.sceneID = sceneID
        self.lines = lines
    }
}

/// What the app host needs from the system it runs on: where windows and presentations go,
/// and where lifecycle events come from.
package protocol ParraPlatform: AnyObject {
    /// Where modules' presentations go.
    var presentationSurface: PresentationSurface { get }
    /// Whether windows may use ANSI styling.
    var usesColor: Bool { get }
    /// Whether a user is at the display (a terminal) to press keys and watch a fade.
    var isInteractive: Bool { get }
    /// The arguments the app was started with, without the executable (a Desktop Entry
    /// action adds `--parra-shortcut TYPE`).
    var launchArguments: [String] { get }
    /// Draws a window.
    func draw(_ window: RenderedWindow)
    /// Shows a line of status about the app's run (what the host and modules did).
    func report(_ line: String)
    /// Delivers events to `handle`, on the main thread, until it has delivered `.terminate`.
    func runEvents(_ handle: (PlatformEvent) -> Void)
    /// Takes note of a launch state change (the launch screen module drives the launch).
    func launchStateChanged(_ change: ParraLaunchStateChange)
    /// Whether the user or a signal has asked the app to quit and that event waits to be
    /// delivered: the host then stops waiting for a launch. Any thread.
    var terminationRequested: Bool { get }
    /// Adds `event` to those waiting to be delivered, from any thread; false when the platform
    /// takes no posted events or its session has ended.
    func post(_ event: PlatformEvent) -> Bool
}

extension ParraPlatform {
    /// Not interactive, unless the platform says otherwise.
    package var isInteractive: Bool { false }

    /// No arguments, unless the platform says otherwise.
    package var launchArguments: [String] { [] }

    /// No quit waits to be delivered, unless the platform says otherwise.
    package var terminationRequested: Bool { false }

    /// Takes no posted events, unless the platform says otherwise.
    package func post(_ event: PlatformEvent) -> Bool { false }

    /// Reports the change as a status line.
    package func launchStateChanged(_ change: ParraLaunchStateChange) {
        report("launch: \(change.state.summary) (\(change.moduleID))")
    }
}

extension ParraLaunchState {
    /// The state in a few words, for status lines.
    package var summary: String {
        switch self {
        case .initial: "initial"
        case .transitioning: "transitioning"
        case .complete: "complete"
        case .failed(let reason): "failed: \(reason)"
        }
    }
}
