import FoundationEssentials
import ParraAPI
import ParraRuntime
import ParraSync

/// The notification center passed to the notification delegate methods.
public final class UNUserNotificationCenter: Sendable {
    private static let shared = UNUserNotificationCenter()
    private init() {}

    /// The app's notification center, as UIKit's `current()`.
    public static func current() -> UNUserNotificationCenter { shared }
}

/// A delivered notification: its payload as JSON.
public struct UNNotification: Hashable, Sendable {
    /// The notification's payload (with Parra's `parra` member when Parra sent it).
    public let payloadJSON: String
    /// When the app was given it: shown, or acted on.
    public let date: Date

    /// A notification with `payloadJSON`, delivered now.
    public init(payloadJSON: String) { self.init(payloadJSON: payloadJSON, date: .wallClockNow) }

    /// A notification with `payloadJSON`, delivered at `date`.
    public init(payloadJSON: String, date: Date) {
        self.payloadJSON = payloadJSON
        self.date = date
    }

    /// The notification's request, as UIKit shapes it: its content read from the payload.
    public var request: UNNotificationRequest {
        UNNotificationRequest(identifier: "", content: UNNotificationContent(payloadJSON: payloadJSON))
    }
}

/// A notification's request: an identifier and its content.
/// Sendable by hand: its fields are `let`s, and its content holds only values read from JSON.
public struct UNNotificationRequest: @unchecked Sendable {
    /// The request's identifier (empty: a push has none of its own here).
    public let identifier: String
    /// What the notification shows and carries.
    public let content: UNNotificationContent
}

/// What a notification shows and carries, from its APNs-shaped payload: `aps.alert` (a string,
/// the body, or `{title, subtitle, body}`), `aps.badge`, and the whole payload as `userInfo`.
/// Sendable by hand: its fields are `let`s, and `userInfo` holds only values read from JSON, none of them objects.
public struct UNNotificationContent: @unchecked Sendable {
    /// The alert's title; empty when it has none.
    public let title: String
    /// The alert's subtitle; empty when it has none.
    public let subtitle: String
    /// The alert's body; empty when it has none.
    public let body: String
    /// `aps.badge`, when the payload sets one (UIKit's `NSNumber`).
    public let badge: Int?
    /// The payload's top-level members; empty when it is not a JSON object.
    public let userInfo: [AnyHashable: Any]

    init(payloadJSON: String) {
        let payload =
            (try? JSONValue(answerJSON: payloadJSON))?.anyValue as? [String: Any] ?? [:]
        let aps = payload["aps"] as? [String: Any]
        let alert = aps?["alert"]
        let fields = alert as? [String: Any]
        title = fields?["title"] as? String ?? ""
        subtitle = fields?["subtitle"] as? String ?? ""
        body = alert as? String ?? fields?["body"] as? String ?? ""
        badge = aps?["badge"] as? Int
        userInfo = Dictionary(uniqueKeysWithValues: payload.map { (AnyHashable($0.key), $0.value) })
    }
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

    /// May set the app's badge (`PARRA_NOTIFICATION_PRESENTATION_BADGE`); ParraPush does nothing
    /// with it.
    public static let badge = UNNotificationPresentationOptions(rawValue: 1)
    /// May play its sound (`PARRA_NOTIFICATION_PRESENTATION_SOUND`); ParraPush plays none.
    public static let sound = UNNotificationPresentationOptions(rawValue: 2)
    /// Shows it (`PARRA_NOTIFICATION_PRESENTATION_ALERT`): ParraPush shows it as a toast; without
    /// it, on the desktop when it can, else not at all.
    public static let banner = UNNotificationPresentationOptions(rawValue: 4)
    /// Keeps it in the notification list (`PARRA_NOTIFICATION_PRESENTATION_LIST`); ParraPush
    /// keeps no list.
    public static let list = UNNotificationPresentationOptions(rawValue: 8)
}
