import CParraPlugin

/// What a module hands to the app through `PARRA_EXT_APP_EVENTS`, as the system would hand it
/// to an iOS app's delegate.
package enum ModuleAppEvent: Sendable {
    /// A push token arrived.
    case didRegisterForRemoteNotifications([UInt8])
    /// Registering for push failed, and why.
    case didFailToRegisterForRemoteNotifications(String)
    /// A notification arrived while the app runs: its payload, and where the presentation
    /// options it may use go (on the host's main thread, once).
    case willPresentNotification(payloadJSON: String, done: @Sendable (UInt32) -> Void)
    /// The user acted on a notification.
    case notificationResponse(payloadJSON: String, actionIdentifier: String)
    /// A URL to open through the app's open-URL path.
    case openURL(String)
    /// A push for the app itself, which shows nothing (`PARRA_EXT_REMOTE_NOTIFICATIONS`).
    case remoteNotification(payloadJSON: String)
}

/// The app run's side of `PARRA_EXT_APP_EVENTS`: the app model provides it; a runtime without
/// one (the CLI, tests of the runtime alone) does not offer the extension.
package protocol AppEventServices: AnyObject, Sendable {
    /// Hands `event` from module `moduleID` to the app's run, from any thread; nil when
    /// accepted, else the status and why.
    func deliver(_ event: ModuleAppEvent, from moduleID: String) -> (parra_status, String)?

    /// Calls `callback` with the auth state JSON after each change of who uses the app, on the
    /// host's main thread, until the runtime stops.
    func observeAuthState(from moduleID: String, _ callback: @escaping (String) -> Void)

    /// The app was started for the push `payloadJSON` (a JSON object), which module `moduleID`
    /// says in its activate: it goes into didFinishLaunching's launch options.
    func setLaunchNotification(_ payloadJSON: String, from moduleID: String)
}
