/// The notification center passed to the notification delegate methods.
public final class UNUserNotificationCenter {
    /// The app's notification center.
    public static let current = UNUserNotificationCenter()
    private init() {}
}

/// A delivered notification: its payload as JSON.
public struct UNNotification: Hashable, Sendable {
    /// The notification's payload (with Parra's `parra` member when Parra sent it).
    public let payloadJSON: String

    /// A notification with `payloadJSON`.
    public init(payloadJSON: String) { self.payloadJSON = payloadJSON }
}

/// The user's action on a notification.
public struct UNNotificationResponse: Hashable, Sendable {
    /// The notification acted on.
    public let notification: UNNotification
    /// What the user did, e.g. `com.apple.UNNotificationDefaultActionIdentifier`.
    public let actionIdentifier: String

    /// A response.
    public init(notification: UNNotification, actionIdentifier: String) {
        self.notification = notification
        self.actionIdentifier = actionIdentifier
    }
}

/// How a notification arriving in the foreground is shown.
public struct UNNotificationPresentationOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let badge = UNNotificationPresentationOptions(rawValue: 1)
    public static let sound = UNNotificationPresentationOptions(rawValue: 2)
    public static let banner = UNNotificationPresentationOptions(rawValue: 4)
    public static let list = UNNotificationPresentationOptions(rawValue: 8)
}
