/// Something that happens to the app from outside.
public enum PlatformEvent: Hashable, Sendable {
    /// The process was suspended (or the user sent it to the background).
    case didEnterBackground
    /// The process was resumed.
    case willEnterForeground
    /// The app was asked to open a URL.
    case openURL(String)
    /// A user signed in or out; the auth windows redraw.
    case authStateChanged(ParraAuthState)
    /// The app is asked to exit (end of session, SIGTERM, SIGINT, the user quitting).
    case terminate
}

/// A window as drawn: its group id and its lines.
public struct RenderedWindow: Hashable, Sendable {
    /// The window group's id, or `window-N`.
    public let sceneID: String
    /// The lines its content drew.
    public let lines: [String]

    /// A window as drawn.
    public init(sceneID: String, lines: [String]) {
        self.sceneID = sceneID
        self.lines = lines
    }
}

/// What the app host needs from the system it runs on: where windows and presentations go,
/// and where lifecycle events come from.
public protocol ParraPlatform: AnyObject {
    /// Where modules' presentations go.
    var presentationSurface: PresentationSurface { get }
    /// Whether windows may use ANSI styling.
    var usesColor: Bool { get }
    /// Draws a window.
    func draw(_ window: RenderedWindow)
    /// Shows a line of status about the app's run (what the host and modules did).
    func report(_ line: String)
    /// Delivers events to `handle`, on the main thread, until it has delivered `.terminate`.
    func runEvents(_ handle: (PlatformEvent) -> Void)
}
