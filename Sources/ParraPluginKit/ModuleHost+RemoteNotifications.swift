import CParraPlugin

/// `PARRA_EXT_REMOTE_NOTIFICATIONS` (ABI 1.7): the pushes a module hands to the app that the
/// user does not see.
extension ModuleHost {
    /// Hands a push for the app itself (a background push, which shows nothing) to the app
    /// delegate's `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`.
    /// `payloadJSON` is a JSON object. Any thread.
    public func didReceiveRemoteNotification(payloadJSON: String) throws {
        let remote = try remoteNotifications()
        try check("did_receive_remote_notification") { error in
            withParraString(payloadJSON) { remote.pointee.did_receive_remote_notification(table, $0, error) }
        }
    }

    /// Says that the app was started for the push `payloadJSON` (a JSON object): it reaches the
    /// app delegate's didFinishLaunching as the `.remoteNotification` launch option. From
    /// `activate` only, on the main thread.
    public func setLaunchNotification(payloadJSON: String) throws {
        let remote = try remoteNotifications()
        try check("set_launch_notification") { error in
            withParraString(payloadJSON) { remote.pointee.set_launch_notification(table, $0, error) }
        }
    }

    private func remoteNotifications() throws -> UnsafePointer<parra_remote_notifications_extension> {
        guard let raw = self.extension(PARRA_EXT_REMOTE_NOTIFICATIONS) else {
            throw ModuleError(
                "this host offers no remote notifications (\(PARRA_EXT_REMOTE_NOTIFICATIONS)): it runs no app, or predates ABI 1.7"
            )
        }
        return raw.assumingMemoryBound(to: parra_remote_notifications_extension.self)
    }
}
