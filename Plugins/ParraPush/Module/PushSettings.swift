import ParraPluginKit

/// The push options, read: the seven `pushNotifications.*` keys with the SDK's defaults
/// (`ParraPushNotificationOptions`: off; alerts, badges and sounds on; not provisional; a manual
/// prompt; in-app settings provided), and Linux's own, the app server's VAPID key (none).
struct PushSettings: Equatable {
    /// When the permission prompt shows.
    enum PromptTrigger: String, Equatable {
        case manual, automatic
    }

    var enabled = false
    var alerts = true
    var badges = true
    var sounds = true
    var provisional = false
    var promptTrigger = PromptTrigger.manual
    var providesInAppNotificationSettings = true
    /// The app server's VAPID public key (RFC 8292), passed to the distributor at registration;
    /// nil for none.
    var vapidPublicKey: String?

    /// Settings with the given flags, the others at their defaults.
    init(
        enabled: Bool = false, alerts: Bool = true, badges: Bool = true, sounds: Bool = true, provisional: Bool = false,
        promptTrigger: PromptTrigger = .manual
    ) {
        self.enabled = enabled
        self.alerts = alerts
        self.badges = badges
        self.sounds = sounds
        self.provisional = provisional
        self.promptTrigger = promptTrigger
    }

    static let enabledKey = "pushNotifications.enabled"
    static let alertsKey = "pushNotifications.alerts"
    static let badgesKey = "pushNotifications.badges"
    static let soundsKey = "pushNotifications.sounds"
    static let provisionalKey = "pushNotifications.provisional"
    static let promptTriggerKey = "pushNotifications.promptTrigger"
    static let inAppSettingsKey = "pushNotifications.providesInAppNotificationSettings"
    static let vapidKey = "pushNotifications.vapidPublicKey"

    /// The keys the module owns.
    static let declarations: [OptionDeclaration] = [
        .bool(enabledKey, default: false, doc: "Whether the app registers for and handles push notifications"),
        .bool(alertsKey, default: true, doc: "Whether notifications may show alerts"),
        .bool(badgesKey, default: true, doc: "Whether notifications may set the app's badge"),
        .bool(soundsKey, default: true, doc: "Whether notifications may play sounds"),
        .bool(provisionalKey, default: false, doc: "Whether to ask for provisional (quiet, unprompted) authorization"),
        .string(
            promptTriggerKey, default: PromptTrigger.manual.rawValue,
            doc: "When permission is asked: manual (requestPushPermission) or automatic (at registration)",
            allowedValues: ["manual", "automatic"]),
        .bool(inAppSettingsKey, default: true, doc: "Whether the app has its own notification settings screen"),
        .string(
            vapidKey, default: "",
            doc:
                "The app server's VAPID public key (RFC 8292): a P-256 point, uncompressed, in base64url (87 characters); empty for none",
            environmentVariable: "PARRA_PUSH_VAPID_PUBLIC_KEY", schema: vapidKeyLength),
    ]

    /// The VAPID key's length rule, empty or 87 characters, which the host checks at every layer.
    /// Lengths, not a `pattern`: every launch checks the declared default, and a pattern is a
    /// regular expression compiled then (a megabyte and a million instructions). Its characters
    /// are checked where it is read (`vapidKey(from:)`).
    static let vapidKeyLength = ValueSchema(
        .object([
            "type": .string("string"),
            "anyOf": .array([
                .object(["maxLength": .integer(0)]), .object(["minLength": .integer(87), "maxLength": .integer(87)]),
            ]),
        ]))

    /// `text` as the VAPID key, nil for none; why not, when it has a character base64url has not.
    static func vapidKey(from text: String) -> Result<String?, PushPayload.Refusal> {
        guard !text.isEmpty else { return .success(nil) }
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        guard text.allSatisfy(allowed.contains) else {
            return .failure(
                PushPayload.Refusal(
                    description:
                        "\(vapidKey) is not base64url (letters, digits, - and _ only): registering without a VAPID key")
            )
        }
        return .success(text)
    }

    /// The presentation options the flags allow: PARRA_NOTIFICATION_PRESENTATION_* bits
    /// (badge 1, sound 2, alert 4, list 8), as the SDK's willPresent answers.
    var presentationOptions: UInt32 {
        (badges ? 1 : 0) | (sounds ? 2 : 0) | (alerts ? 4 | 8 : 0)
    }
}

extension PushSettings {
    /// The settings the host has for `host`'s options; a key it cannot read keeps its default.
    init(reading host: ModuleHost) {
        self.init()
        enabled = (try? host.bool(Self.enabledKey)) ?? enabled
        alerts = (try? host.bool(Self.alertsKey)) ?? alerts
        badges = (try? host.bool(Self.badgesKey)) ?? badges
        sounds = (try? host.bool(Self.soundsKey)) ?? sounds
        provisional = (try? host.bool(Self.provisionalKey)) ?? provisional
        promptTrigger = (try? host.string(Self.promptTriggerKey)).flatMap(PromptTrigger.init) ?? promptTrigger
        providesInAppNotificationSettings =
            (try? host.bool(Self.inAppSettingsKey)) ?? providesInAppNotificationSettings
        switch Self.vapidKey(from: (try? host.string(Self.vapidKey)) ?? "") {
        case .success(let key): vapidPublicKey = key
        case .failure(let refusal): host.log(.warn, refusal.description)
        }
    }
}
