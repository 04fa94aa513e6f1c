import ParraShared

extension PlatformEvent: CustomStringConvertible {
    /// The event as Swift prints an enum case (`openURL("parra://x")`), written out: the
    /// reflection that printing uses otherwise cost each event report a millisecond of
    /// metadata lookups the first time. Strings are quoted as JSON quotes them, which is how
    /// Swift quotes them but for the escapes of control characters (`\u001B`, not `\u{1B}`):
    /// `debugDescription` is standard library code a session otherwise never runs.
    package var description: String {
        switch self {
        case .didEnterBackground: "didEnterBackground"
        case .willEnterForeground: "willEnterForeground"
        case .openURL(let url): "openURL(\(JSONStringLiteral.quoted(url)))"
        case .parraOpensURL(let url): "parraOpensURL(\(JSONStringLiteral.quoted(url)))"
        case .openNotificationSettings: "openNotificationSettings"
        case .notificationResponse(let payloadJSON, let actionIdentifier):
            "notificationResponse(payloadJSON: \(JSONStringLiteral.quoted(payloadJSON)), actionIdentifier: \(JSONStringLiteral.quoted(actionIdentifier)))"
        case .didRegisterForRemoteNotifications(let token): "didRegisterForRemoteNotifications(token: \(token))"
        case .didFailToRegisterForRemoteNotifications(let reason):
            "didFailToRegisterForRemoteNotifications(reason: \(JSONStringLiteral.quoted(reason)))"
        case .notificationArrived(let payloadJSON, let id):
            "notificationArrived(payloadJSON: \(JSONStringLiteral.quoted(payloadJSON)), id: \(id))"
        case .remoteNotification(let payloadJSON):
            "remoteNotification(payloadJSON: \(JSONStringLiteral.quoted(payloadJSON)))"
        case .authStateChanged(let state): "authStateChanged(\(String(reflecting: state)))"
        case .retryLaunch: "retryLaunch"
        case .key(let key): "key(\(JSONStringLiteral.quoted(key)))"
        case .shortcut(let type): "shortcut(\(JSONStringLiteral.quoted(type)))"
        case .terminate: "terminate"
        }
    }
}
