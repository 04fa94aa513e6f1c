import CParraPlugin
import FoundationEssentials

/// PARRA_EXT_APP_EVENTS: the C functions that hand a module's events to the app's run.
extension HostServiceTable {
    /// The longest push token a module may hand over.
    static let maximumTokenBytes = 4096

    /// The extension, for the process.
    /// Written once, when first read; the host and modules only read it after.
    nonisolated(unsafe) static let appEventsExtension: UnsafeMutablePointer<parra_app_events_extension> = {
        let pointer = UnsafeMutablePointer<parra_app_events_extension>.allocate(capacity: 1)
        pointer.initialize(
            to: parra_app_events_extension(
                struct_size: UInt32(MemoryLayout<parra_app_events_extension>.size),
                did_register_for_remote_notifications: didRegister,
                did_fail_to_register_for_remote_notifications: didFail,
                will_present_notification: willPresent, did_receive_notification_response: didReceiveResponse,
                open_url: openURL, observe_auth_state: observeAuthState))
        return pointer
    }()

    /// Hands `event` to the app run of the module behind `host`.
    private static func deliver(
        _ host: UnsafePointer<parra_host>?, _ error: UnsafeMutablePointer<parra_error>?,
        _ event: (ModuleHostContext) -> ModuleAppEvent
    ) -> parra_status {
        guard let (context, runtime) = ModuleHostContext.live(host) else { return closed(host, error) }
        guard let events = runtime.appEvents else {
            return fail(error, PARRA_STATUS_UNSUPPORTED, "app events are offered only during an app run")
        }
        if let (status, message) = events.deliver(event(context), from: context.moduleID) {
            return fail(error, status, message)
        }
        return PARRA_STATUS_OK
    }

    private static let didRegister:
        @convention(c) (UnsafePointer<parra_host>?, UnsafeRawPointer?, Int, UnsafeMutablePointer<parra_error>?) ->
            parra_status = { host, token, length, error in
                guard let token, (1...maximumTokenBytes).contains(length) else {
                    return fail(
                        error, PARRA_STATUS_INVALID_ARGUMENT, "a push token has 1 to \(maximumTokenBytes) bytes")
                }
                let bytes = Array(UnsafeRawBufferPointer(start: token, count: length))
                return deliver(host, error) { _ in .didRegisterForRemoteNotifications(bytes) }
            }

    private static let didFail:
        @convention(c) (UnsafePointer<parra_host>?, parra_string, UnsafeMutablePointer<parra_error>?) -> parra_status =
            { host, reason, error in
                let line = oneLine(text(reason))
                return deliver(host, error) { _ in .didFailToRegisterForRemoteNotifications(line) }
            }

    /// `text` on one line: each line break (`\n`, `\r\n` or `\r`) a space. By scalar, not
    /// with `replacingOccurrences`, which goes through `NSString` (three conformance searches of
    /// every loaded library on its first use).
    static func oneLine(_ text: String) -> String {
        var line = ""
        var afterReturn = false
        for scalar in text.unicodeScalars {
            defer { afterReturn = scalar == "\r" }
            if scalar == "\n" && afterReturn { continue }
            line.unicodeScalars.append(scalar == "\n" || scalar == "\r" ? " " : scalar)
        }
        return line
    }

    private static let willPresent:
        @convention(c) (
            UnsafePointer<parra_host>?, parra_string, parra_notification_presentation_fn?, UnsafeMutableRawPointer?,
            UnsafeMutablePointer<parra_error>?
        ) -> parra_status = { host, json, done, userData, error in
            guard let done else {
                return fail(error, PARRA_STATUS_INVALID_ARGUMENT, "will_present_notification needs done")
            }
            let payload = text(json)
            let user = UInt(bitPattern: userData)
            return deliver(host, error) { context in
                .willPresentNotification(
                    payloadJSON: payload,
                    done: { [weak context] options in
                        guard let context, !context.isClosed else { return }
                        context.callingBack("will_present_notification done") {
                            done(UnsafeMutableRawPointer(bitPattern: user), options)
                        }
                    })
            }
        }

    private static let didReceiveResponse:
        @convention(c) (
            UnsafePointer<parra_host>?, parra_string, UnsafePointer<CChar>?, UnsafeMutablePointer<parra_error>?
        ) -> parra_status = { host, json, action, error in
            let payload = text(json)
            let identifier = action.map { String(cString: $0) } ?? defaultActionIdentifier
            return deliver(host, error) { _ in
                .notificationResponse(payloadJSON: payload, actionIdentifier: identifier)
            }
        }

    /// The action of a notification the user opened, as iOS names it.
    static let defaultActionIdentifier = "com.apple.UNNotificationDefaultActionIdentifier"

    private static let openURL:
        @convention(c) (UnsafePointer<parra_host>?, UnsafePointer<CChar>?, UnsafeMutablePointer<parra_error>?) ->
            parra_status = { host, url, error in
                guard let url else { return fail(error, PARRA_STATUS_INVALID_ARGUMENT, "open_url needs a url") }
                let text = String(cString: url)
                guard let parsed = URL(string: text), parsed.scheme != nil else {
                    return fail(error, PARRA_STATUS_INVALID_ARGUMENT, "'\(text)' is not a URL with a scheme")
                }
                return deliver(host, error) { _ in .openURL(text) }
            }

    private static let observeAuthState:
        @convention(c) (
            UnsafePointer<parra_host>?, parra_auth_state_fn?, UnsafeMutableRawPointer?,
            UnsafeMutablePointer<parra_error>?
        ) -> parra_status = { host, callback, userData, error in
            guard let (context, runtime) = ModuleHostContext.live(host) else { return closed(host, error) }
            guard let callback else {
                return fail(error, PARRA_STATUS_INVALID_ARGUMENT, "observe_auth_state needs a callback")
            }
            guard runtime.isOnMainThread else {
                return fail(error, PARRA_STATUS_WRONG_THREAD, "observe_auth_state is main-thread only")
            }
            guard let events = runtime.appEvents else {
                return fail(error, PARRA_STATUS_UNSUPPORTED, "app events are offered only during an app run")
            }
            let user = UInt(bitPattern: userData)
            events.observeAuthState(from: context.moduleID) { [weak context] state in
                guard let context, !context.isClosed else { return }
                context.callingBack("auth state observer") {
                    state.withCString { callback(UnsafeMutableRawPointer(bitPattern: user), $0) }
                }
            }
            return PARRA_STATUS_OK
        }
}
