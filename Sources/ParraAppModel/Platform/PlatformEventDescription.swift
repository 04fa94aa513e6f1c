extension PlatformEvent: CustomStringConvertible {
    /// The event as Swift prints an enum case (`openURL("parra://x")`), written out: the
    /// reflection that printing uses otherwise cost each event report a millisecond of
    /// metadata lookups the first time.
    package var description: String {
        switch self {
        case .didEnterBackground: "didEnterBackground"
        case .willEnterForeground: "willEnterForeground"
        case .openURL(let url): "openURL(\(url.debugDescription))"
        case .parraOpensURL(let url): "parraOpensURL(\(url.debugDescription))"
        case .openNotificationSettings: "openNotificationSettings"
        case .notificationResponse(let payloadJSON, let actionIdentifier):
            "notificationResponse(payloadJSON: \(payloadJSON.debugDescription), actionIdentifier: \(actionIdentifier.debugDescription))"
        case .didRegisterForRemoteNotifications(let token): "didRegisterForRemoteNotifications(token: \(token))"
        case .didFailToRegisterForRemoteNotifications(let reason):
            "didFailToRegisterForRemoteNotifications(reason: \(reason.debugDescription))"
        case .notificationArrived(let payloadJSON, let id):
            "notificationArrived(payloadJSON: \(payloadJSON.debugDescription), id: \(id))"
        case .remoteNotification(let payloadJSON): "remoteNotification(payloadJSON: \(payloadJSON.debugDescription))"
        case .authStateChanged(let state): "authStateChanged(\(String(reflecting: state)))"
        case .retryLaunch: "retryLaunch"
        case .key(let key): "key(\(key.debugDescription))"
        case .shortcut(let type): "shortcut(\(type.debugDescription))"
        case .terminate: "terminate"
        }
    }
}
