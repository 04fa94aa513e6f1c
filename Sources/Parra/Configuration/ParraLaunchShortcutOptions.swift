import FoundationEssentials
import ParraAppModel

/// The actions Parra adds to the app's launcher entry. On Linux they become Desktop Entry
/// actions: `parra desktop-entry --app BUNDLE_ID` writes them, and starting the app through one
/// hands its item to the app delegate (`launchOptions[.shortcutItem]`).
public struct ParraLaunchShortcutOptions: Sendable, Hashable {
    /// Whether Parra sets `shortcutItems` at launch.
    public let enabled: Bool
    /// The items Parra sets: its feedback item unless you give others.
    public let shortcutItems: [UIApplicationShortcutItem]
    /// The feedback form the feedback item opens; nil for the app-info's default form.
    public let feedbackFormId: String?

    /// Launch shortcut options; each argument left out takes its default.
    public init(
        enabled: Bool = true,
        shortcutItems: [UIApplicationShortcutItem] = ParraLaunchShortcutOptions.defaultShortcutItems,
        feedbackFormId: String? = nil
    ) {
        self.enabled = enabled
        self.shortcutItems = shortcutItems
        self.feedbackFormId = feedbackFormId
    }

    /// Enabled, with Parra's feedback item.
    public static let `default` = ParraLaunchShortcutOptions()

    /// Parra's items: its feedback item.
    public static let defaultShortcutItems = [defaultFeedbackShortcutItem]

    /// The type of Parra's feedback item.
    public static let feedbackShortcutType = "parra-launch-shortcut-feedback"

    /// Asks the user for feedback before they remove the app.
    public static let defaultFeedbackShortcutItem = UIApplicationShortcutItem(
        type: feedbackShortcutType, localizedTitle: "Something wrong?",
        localizedSubtitle: "Please leave us feedback before deleting!",
        icon: UIApplicationShortcutIcon(systemImageName: "heart.fill"))

    public static func == (lhs: ParraLaunchShortcutOptions, rhs: ParraLaunchShortcutOptions) -> Bool {
        lhs.enabled == rhs.enabled && lhs.feedbackFormId == rhs.feedbackFormId
            && lhs.shortcutItems.map(ObjectIdentifier.init) == rhs.shortcutItems.map(ObjectIdentifier.init)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(enabled)
        hasher.combine(feedbackFormId)
        hasher.combine(shortcutItems.map(ObjectIdentifier.init))
    }
}
