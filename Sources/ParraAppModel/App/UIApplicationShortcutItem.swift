import Foundation

/// An action offered from the app's launcher entry, as UIKit's home-screen quick actions are.
/// On Linux the items become Desktop Entry actions (`parra desktop-entry`); starting the app
/// through one hands it to the app delegate.
public final class UIApplicationShortcutItem: @unchecked Sendable {
    /// What the action is, for the app to tell its actions apart.
    public let type: String
    /// The action's name in the launcher.
    public let localizedTitle: String
    /// A second line UIKit shows under the title; desktop launchers show only the title.
    public let localizedSubtitle: String?
    /// The action's icon, if any.
    public let icon: UIApplicationShortcutIcon?
    /// The app's own data for the action; it lives as long as the process.
    public let userInfo: [String: any NSSecureCoding]?

    /// An action of `type`, named `localizedTitle`.
    public init(
        type: String, localizedTitle: String, localizedSubtitle: String? = nil, icon: UIApplicationShortcutIcon? = nil,
        userInfo: [String: any NSSecureCoding]? = nil
    ) {
        self.type = type
        self.localizedTitle = localizedTitle
        self.localizedSubtitle = localizedSubtitle
        self.icon = icon
        self.userInfo = userInfo
    }
}

/// A shortcut item's icon.
public struct UIApplicationShortcutIcon: Sendable, Hashable {
    /// The icon's name.
    package let name: String
    /// Whether the name is an icon the app ships (a desktop icon theme name) rather than a
    /// system symbol, which Linux desktops do not have.
    package let isTemplate: Bool

    /// An SF Symbols icon. Linux launchers have no SF Symbols, so the action shows no icon.
    public init(systemImageName: String) {
        name = systemImageName
        isTemplate = false
    }

    /// An icon of the app's: on Linux an icon theme name or an absolute path to an image.
    public init(templateImageName: String) {
        name = templateImageName
        isTemplate = true
    }
}
