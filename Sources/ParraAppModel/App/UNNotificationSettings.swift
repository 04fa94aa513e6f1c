/// Whether the app may show notifications, as UIKit's `UNAuthorizationStatus`.
public enum UNAuthorizationStatus: Int, Sendable, Hashable {
    /// The user has not been asked.
    case notDetermined = 0
    /// The user said no.
    case denied = 1
    /// The user said yes.
    case authorized = 2
    /// Quietly allowed until the user decides.
    case provisional = 3
    /// Allowed for a while (App Clips on iOS); never on Linux.
    case ephemeral = 4

    /// The status the push module names (`notDetermined`, `denied`, ...); nil for another name.
    package init?(name: String) {
        switch name {
        case "notDetermined": self = .notDetermined
        case "denied": self = .denied
        case "authorized": self = .authorized
        case "provisional": self = .provisional
        case "ephemeral": self = .ephemeral
        default: return nil
        }
    }
}

/// Whether one kind of notification presentation is on, as UIKit's `UNNotificationSetting`.
public enum UNNotificationSetting: Int, Sendable, Hashable {
    /// Not available: the app is not allowed to notify.
    case notSupported = 0
    /// Turned off.
    case disabled = 1
    /// Turned on.
    case enabled = 2

    /// The setting the push module names (`notSupported`, `disabled`, `enabled`); nil for
    /// another name.
    package init?(name: String) {
        switch name {
        case "notSupported": self = .notSupported
        case "disabled": self = .disabled
        case "enabled": self = .enabled
        default: return nil
        }
    }
}

/// The app's notification settings, as UIKit's `UNNotificationSettings`: what the user allowed
/// and which presentations are on.
public struct UNNotificationSettings: Sendable, Hashable {
    /// Whether the app may notify.
    public let authorizationStatus: UNAuthorizationStatus
    /// Alerts (a desktop notification or toast).
    public let alertSetting: UNNotificationSetting
    /// Badges.
    public let badgeSetting: UNNotificationSetting
    /// Sounds.
    public let soundSetting: UNNotificationSetting
    /// Whether the app shows notification settings of its own.
    public let providesAppNotificationSettings: Bool

    /// Settings with these values.
    package init(
        authorizationStatus: UNAuthorizationStatus, alertSetting: UNNotificationSetting,
        badgeSetting: UNNotificationSetting, soundSetting: UNNotificationSetting, providesAppNotificationSettings: Bool
    ) {
        self.authorizationStatus = authorizationStatus
        self.alertSetting = alertSetting
        self.badgeSetting = badgeSetting
        self.soundSetting = soundSetting
        self.providesAppNotificationSettings = providesAppNotificationSettings
    }

    /// Nothing asked, nothing on: what an app without the push module has.
    package static let notDetermined = UNNotificationSettings(
        authorizationStatus: .notDetermined, alertSetting: .notSupported, badgeSetting: .notSupported,
        soundSetting: .notSupported, providesAppNotificationSettings: false)
}
