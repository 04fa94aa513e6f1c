import Foundation

/// Whether the app uses push notifications, and what they may do.
public struct ParraPushNotificationOptions: Sendable, Hashable {
    /// When the app asks the user for permission to send notifications.
    public enum PromptTrigger: String, Sendable, Hashable, CaseIterable {
        /// Only when the app calls `requestPushPermission()` (the default).
        case manual
        /// As soon as the app registers for remote notifications.
        case automatic
    }

    /// Whether Parra registers for remote notifications at all (default false).
    public var enabled: Bool
    /// Whether notifications may show alerts (default true).
    public var alerts: Bool
    /// Whether notifications may set the app's badge (default true).
    public var badges: Bool
    /// Whether notifications may play sounds (default true).
    public var sounds: Bool
    /// Whether to ask for provisional (quiet, trial) authorisation (default false).
    public var provisional: Bool
    /// When the permission prompt is shown (default `.manual`).
    public var promptTrigger: PromptTrigger
    /// Whether the app has its own notification settings screen (default true).
    public var providesInAppNotificationSettings: Bool

    /// Creates push notification options; each argument left out takes its default.
    public init(
        enabled: Bool = false,
        alerts: Bool = true,
        badges: Bool = true,
        sounds: Bool = true,
        provisional: Bool = false,
        promptTrigger: PromptTrigger = .manual,
        providesInAppNotificationSettings: Bool = true
    ) {
        self.enabled = enabled
        self.alerts = alerts
        self.badges = badges
        self.sounds = sounds
        self.provisional = provisional
        self.promptTrigger = promptTrigger
        self.providesInAppNotificationSettings = providesInAppNotificationSettings
    }

    /// Push notifications off; the other flags at their defaults.
    public static let `default` = ParraPushNotificationOptions()

    /// Enabled with alerts, badges and sounds, asking for provisional authorisation.
    public static let allWithProvisional = ParraPushNotificationOptions(
        enabled: true, provisional: true)

    /// Enabled with alerts, badges and sounds, without provisional authorisation.
    public static let allWithoutProvisional = ParraPushNotificationOptions(
        enabled: true, provisional: false)
}
