import FoundationEssentials

/// The app's typed configuration of the Parra SDK, passed to `ParraApp(configuration:)`.
///
/// Every field has a default, so any subset can be given. The host flattens the module-owned
/// groups (logger, What's New, push notifications, launch screen) into option keys with
/// `optionValues`; app info, theme and component attributes stay with the host.
public struct ParraConfiguration: Sendable, Hashable {
    /// Facts about the app reported to the Parra API (bundle ID).
    public var appInfoOptions: ParraAppInfoOptions
    /// The colour palette used when drawing Parra's views.
    public var theme: ParraTheme
    /// Styling attributes shared by all of Parra's components.
    public var globalComponentAttributes: ParraGlobalComponentAttributes
    /// How the launch screen is shown and dismissed.
    public var launchScreenOptions: ParraLaunchScreen.Options
    /// The actions Parra adds to the app's launcher entry.
    public var launchShortcutOptions: ParraLaunchShortcutOptions
    /// Where logs go, which are kept and how they are printed.
    public var loggerOptions: ParraLoggerOptions
    /// Whether and how the app registers for and handles push notifications.
    public var pushNotificationOptions: ParraPushNotificationOptions
    /// How and when the What's New popup is shown.
    public var whatsNewOptions: ParraWhatsNewOptions

    /// Creates a configuration; each argument left out takes its default. The arguments come
    /// in the Parra SDK's order. With no `launchScreenOptions`, the launch screen module
    /// resolves one from Info.plist (`UILaunchScreen`, then `UILaunchStoryboardName`).
    public init(
        appInfoOptions: ParraAppInfoOptions = .default,
        globalComponentAttributes: ParraGlobalComponentAttributes = .default,
        launchScreenOptions: ParraLaunchScreen.Options? = nil,
        launchShortcutOptions: ParraLaunchShortcutOptions = .default,
        loggerOptions: ParraLoggerOptions = .default,
        pushNotificationOptions: ParraPushNotificationOptions = .default,
        theme: ParraTheme = .default,
        whatsNewOptions: ParraWhatsNewOptions = .default
    ) {
        self.appInfoOptions = appInfoOptions
        self.theme = theme
        self.globalComponentAttributes = globalComponentAttributes
        self.launchScreenOptions = launchScreenOptions ?? .default
        self.launchShortcutOptions = launchShortcutOptions
        self.loggerOptions = loggerOptions
        self.pushNotificationOptions = pushNotificationOptions
        self.whatsNewOptions = whatsNewOptions
    }

    /// The configuration used when the app passes none: every group at its default.
    public static let `default` = ParraConfiguration()
}
