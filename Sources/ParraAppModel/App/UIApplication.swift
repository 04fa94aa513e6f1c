import FoundationEssentials
import ParraAPI
import ParraRuntime

/// The running app, as UIKit calls it: passed to every app-delegate method. Main-actor
/// isolated, as UIKit's.
@MainActor
public final class UIApplication {
    /// Where the app is in its life.
    public enum State: Sendable {
        /// `inactive` until the launch ends (and for `shared` outside a run); `active` from then
        /// on, before `applicationDidBecomeActive`, and again on coming back to the foreground;
        /// `background` once the platform sends the app there (in a terminal, `b` or Ctrl-Z).
        case active, inactive, background
    }

    /// Keys of the options passed to `didFinishLaunchingWithOptions`.
    public struct LaunchOptionsKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The URL the app was launched to open.
        public static let url = LaunchOptionsKey(rawValue: "url")
        /// A push notification's payload that launched the app.
        public static let remoteNotification = LaunchOptionsKey(rawValue: "remoteNotification")
        /// The `UIApplicationShortcutItem` the app was started through (a Desktop Entry action:
        /// the app's executable with `--parra-shortcut TYPE`).
        public static let shortcutItem = LaunchOptionsKey(rawValue: "shortcutItem")
    }

    /// Keys of the options passed to `application(_:open:options:)`.
    public struct OpenURLOptionsKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The process or tool that asked for the URL.
        public static let sourceApplication = OpenURLOptionsKey(rawValue: "sourceApplication")
        /// The asking program's annotation.
        public static let annotation = OpenURLOptionsKey(rawValue: "annotation")
        /// Whether the file must be opened where it is.
        public static let openInPlace = OpenURLOptionsKey(rawValue: "openInPlace")
    }

    /// The app's state.
    public internal(set) var applicationState: State = .inactive

    /// The app's connected scenes, in the order their windows opened.
    public internal(set) var connectedScenes: [UIScene] = []

    /// The actions the app offers from its launcher entry. Parra sets its own at launch when
    /// `launchShortcutOptions` enables them; the host records the list in the app's storage
    /// folder, where `parra desktop-entry` reads it.
    public var shortcutItems: [UIApplicationShortcutItem]?

    package init() {}

    private static var running: UIApplication?
    private static let idle = UIApplication()

    /// The running app, as UIKit's `UIApplication.shared`: the one the app run passes to the
    /// delegate methods (before a run starts, an app with no scenes, inactive). Where several
    /// runs share a process (tests), the run of the calling thread's app.
    public static var shared: UIApplication { ParraAppContext.current?.application ?? running ?? idle }

    /// Makes `application` the one `shared` answers, for the run that owns it; nil when it ends.
    static func setRunning(_ application: UIApplication?) { running = application }
}

/// What a background fetch brought, as the app tells the system after a background push.
public enum UIBackgroundFetchResult: Sendable {
    /// New content was fetched.
    case newData
    /// Nothing new was there.
    case noData
    /// The fetch failed.
    case failed
}

/// Renders option dictionaries as the JSON objects the override points take.
@MainActor
enum OptionsJSON {
    static func encode<Key: RawRepresentable>(_ options: [Key: Any]?) -> String where Key.RawValue == String {
        let members = (options ?? [:]).map { (key, value) -> (String, JSONValue) in
            switch value {
            case let value as Bool: (key.rawValue, .bool(value))
            case let value as Int: (key.rawValue, .integer(Int64(value)))
            case let value as Double: (key.rawValue, .double(value))
            case let value as URL: (key.rawValue, .string(value.absoluteString))
            case let value as UIApplicationShortcutItem: (key.rawValue, .string(value.type))
            default: (key.rawValue, .string(String(describing: value)))
            }
        }
        return JSONValue.object(Dictionary(members, uniquingKeysWith: { first, _ in first })).json
    }
}
