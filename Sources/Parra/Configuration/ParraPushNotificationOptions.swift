import FoundationEssentials
import ParraAPI
import ParraAppModel
import ParraRuntime

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
    public var enabled: Bool {
        get { _enabled.value }
        set { _enabled.value = newValue }
    }
    private var _enabled: ExplicitOption<Bool>
    /// Whether notifications may show alerts (default true).
    public var alerts: Bool {
        get { _alerts.value }
        set { _alerts.value = newValue }
    }
    private var _alerts: ExplicitOption<Bool>
    /// Whether notifications may set the app's badge (default true).
    public var badges: Bool {
        get { _badges.value }
        set { _badges.value = newValue }
    }
    private var _badges: ExplicitOption<Bool>
    /// Whether notifications may play sounds (default true).
    public var sounds: Bool {
        get { _sounds.value }
        set { _sounds.value = newValue }
    }
    private var _sounds: ExplicitOption<Bool>
    /// Whether to ask for provisional (quiet, trial) authorisation (default false).
    public var provisional: Bool {
        get { _provisional.value }
        set { _provisional.value = newValue }
    }
    private var _provisional: ExplicitOption<Bool>
    /// When the permission prompt is shown (default `.manual`).
    public var promptTrigger: PromptTrigger {
        get { _promptTrigger.value }
        set { _promptTrigger.value = newValue }
    }
    private var _promptTrigger: ExplicitOption<PromptTrigger>
    /// Whether the app has its own notification settings screen (default true).
    public var providesInAppNotificationSettings: Bool {
        get { _providesInAppNotificationSettings.value }
        set { _providesInAppNotificationSettings.value = newValue }
    }
    private var _providesInAppNotificationSettings: ExplicitOption<Bool>

    /// Creates push notification options; each argument left out takes its default (given
    /// with each property) and is left to the config file.
    public init(
        enabled: Bool? = nil,
        alerts: Bool? = nil,
        badges: Bool? = nil,
        sounds: Bool? = nil,
        provisional: Bool? = nil,
        promptTrigger: PromptTrigger? = nil,
        providesInAppNotificationSettings: Bool? = nil
    ) {
        _enabled = ExplicitOption(enabled, default: false)
        _alerts = ExplicitOption(alerts, default: true)
        _badges = ExplicitOption(badges, default: true)
        _sounds = ExplicitOption(sounds, default: true)
        _provisional = ExplicitOption(provisional, default: false)
        _promptTrigger = ExplicitOption(promptTrigger, default: .manual)
        _providesInAppNotificationSettings = ExplicitOption(providesInAppNotificationSettings, default: true)
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

extension ParraPushNotificationOptions {
    /// The group's option keys with their values, and whether the app set each.
    var optionEntries: [OptionEntry] {
        typealias Key = ParraConfiguration.OptionKey
        return [
            OptionEntry(Key.pushEnabled, .bool(enabled), set: _enabled.isSet),
            OptionEntry(Key.pushAlerts, .bool(alerts), set: _alerts.isSet),
            OptionEntry(Key.pushBadges, .bool(badges), set: _badges.isSet),
            OptionEntry(Key.pushSounds, .bool(sounds), set: _sounds.isSet),
            OptionEntry(Key.pushProvisional, .bool(provisional), set: _provisional.isSet),
            OptionEntry(Key.pushPromptTrigger, .string(promptTrigger.rawValue), set: _promptTrigger.isSet),
            OptionEntry(
                Key.pushProvidesInAppNotificationSettings, .bool(providesInAppNotificationSettings),
                set: _providesInAppNotificationSettings.isSet),
        ]
    }
}
