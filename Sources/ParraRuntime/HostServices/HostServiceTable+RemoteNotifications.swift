import CParraPlugin
import ParraShared

/// PARRA_EXT_REMOTE_NOTIFICATIONS: the pushes a module hands to the app that the user does not
/// see, a background push and the push the app was started for.
extension HostServiceTable {
    /// The extension, for the process.
    /// Written once, when first read; the host and modules only read it after.
    nonisolated(unsafe) static let remoteNotificationsExtension:
        UnsafeMutablePointer<parra_remote_notifications_extension> = {
            let pointer = UnsafeMutablePointer<parra_remote_notifications_extension>.allocate(capacity: 1)
            pointer.initialize(
                to: parra_remote_notifications_extension(
                    struct_size: UInt32(MemoryLayout<parra_remote_notifications_extension>.size),
                    did_receive_remote_notification: didReceiveRemoteNotification,
                    set_launch_notification: setLaunchNotification))
            return pointer
        }()

    /// `json` when it is a JSON object, else nil.
    private static func object(_ json: parra_string) -> String? {
        let payload = text(json)
        guard case .object? = try? JSONValue.parse(payload) else { return nil }
        return payload
    }

    private static let didReceiveRemoteNotification:
        @convention(c) (UnsafePointer<parra_host>?, parra_string, UnsafeMutablePointer<parra_error>?) -> parra_status =
            { host, json, error in
                guard let (context, runtime) = ModuleHostContext.live(host) else { return closed(host, error) }
                guard let payload = object(json) else {
                    return fail(error, PARRA_STATUS_INVALID_ARGUMENT, "a notification's payload is a JSON object")
                }
                guard let events = runtime.appEvents else {
                    return fail(error, PARRA_STATUS_UNSUPPORTED, "app events are offered only during an app run")
                }
                if let (status, message) = events.deliver(
                    .remoteNotification(payloadJSON: payload), from: context.moduleID)
                {
                    return fail(error, status, message)
                }
                return PARRA_STATUS_OK
            }

    private static let setLaunchNotification:
        @convention(c) (UnsafePointer<parra_host>?, parra_string, UnsafeMutablePointer<parra_error>?) -> parra_status =
            { host, json, error in
                guard let (context, runtime) = ModuleHostContext.live(host) else { return closed(host, error) }
                guard runtime.isOnMainThread else {
                    return fail(error, PARRA_STATUS_WRONG_THREAD, "set_launch_notification is main-thread only")
                }
                guard runtime.isActivating else {
                    return fail(
                        error, PARRA_STATUS_WRONG_STATE, "set_launch_notification is callable from activate only")
                }
                guard let payload = object(json) else {
                    return fail(error, PARRA_STATUS_INVALID_ARGUMENT, "a notification's payload is a JSON object")
                }
                guard let events = runtime.appEvents else {
                    return fail(error, PARRA_STATUS_UNSUPPORTED, "app events are offered only during an app run")
                }
                events.setLaunchNotification(payload, from: context.moduleID)
                return PARRA_STATUS_OK
            }
}
