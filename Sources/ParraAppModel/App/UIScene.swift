import FoundationEssentials

/// One window of the app; each `WindowGroup` opens one at launch. Main-actor isolated, as
/// UIKit's.
@MainActor
public final class UIScene {
    /// What a scene was connected with.
    public struct ConnectionOptions {
        /// URLs the scene was asked to open as it connected.
        public let urlContexts: Set<UIOpenURLContext>
        /// The shortcut item the app was started through, for the first window it connects.
        public let shortcutItem: UIApplicationShortcutItem?
        /// The program that asked for the app; a Linux desktop does not say, so nil.
        public let sourceApplication: String? = nil
        /// A notification response that started the app: none reaches a window here (the app
        /// delegate gets it at once, before its windows), so nil.
        public let notificationResponse: UNNotificationResponse? = nil

        /// Options with `urlContexts` and the item the app was started through, if any.
        package init(urlContexts: Set<UIOpenURLContext>, shortcutItem: UIApplicationShortcutItem? = nil) {
            self.urlContexts = urlContexts
            self.shortcutItem = shortcutItem
        }
    }

    /// The window group's id, or `window-N` for a group without one.
    public nonisolated let identifier: String
    /// The session the scene belongs to.
    public let session: UISceneSession
    /// The scene's delegate, an instance of the app delegate's scene delegate class.
    public internal(set) var delegate: ParraSceneDelegate?

    init(identifier: String, session: UISceneSession) {
        self.identifier = identifier
        self.session = session
    }
}

/// A window's scene, as UIKit names it where a scene has a window: every scene here is one.
public typealias UIWindowScene = UIScene

/// A scene's lasting identity.
public final class UISceneSession {
    /// The role of a session's scene.
    public struct Role: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// A regular app window.
        public static let windowApplication = Role(rawValue: "UIWindowSceneSessionRoleApplication")
    }

    /// The session's id (the window group's id).
    public let persistentIdentifier: String
    /// The scene's role.
    public let role: Role
    /// The configuration the app delegate chose.
    public internal(set) var configuration: UISceneConfiguration

    package init(persistentIdentifier: String, role: Role) {
        self.persistentIdentifier = persistentIdentifier
        self.role = role
        self.configuration = UISceneConfiguration(name: nil, sessionRole: role)
    }
}

/// How to make a scene: chiefly its delegate class.
public final class UISceneConfiguration {
    /// A name for the configuration.
    public let name: String?
    /// The role it is for.
    public let role: UISceneSession.Role
    /// The class whose instance becomes the scene's delegate.
    public var delegateClass: ParraSceneDelegate.Type?

    /// A configuration for `sessionRole`.
    public init(name: String?, sessionRole: UISceneSession.Role) {
        self.name = name
        self.role = sessionRole
    }
}

/// A URL a scene was asked to open.
public struct UIOpenURLContext: Hashable {
    /// The URL.
    public let url: URL

    /// A context for `url`, as the host makes one.
    package init(url: URL) { self.url = url }

    /// How it was asked: on Linux nothing says which program asked, so the options are empty.
    public var options: UIScene.OpenURLOptions { UIScene.OpenURLOptions() }
}

extension UIScene {
    /// How a URL was asked to be opened, as UIKit has it. A Linux desktop does not say which
    /// program asked or with what, so every field is empty.
    public struct OpenURLOptions: Sendable {
        /// The bundle id of the program that asked; nil here.
        public let sourceApplication: String? = nil
        /// The asking program's annotation; nil here.
        public let annotation: (any Sendable)? = nil
        /// Whether the file must be opened where it is rather than copied; false here.
        public let openInPlace = false
    }
}
