import CParraPlugin

/// `PARRA_EXT_APP_EVENTS`: what a module hands to the app through its delegate, as the system
/// would on iOS, and the changes of who uses the app.
extension ModuleHost {
    /// Whether the host offers app events now (only during an app run).
    public var offersAppEvents: Bool { self.extension(PARRA_EXT_APP_EVENTS) != nil }

    /// Hands a push token to the app delegate's didRegisterForRemoteNotifications. Any thread.
    public func didRegisterForRemoteNotifications(token: [UInt8]) throws {
        let events = try appEvents()
        try check("did_register_for_remote_notifications") { error in
            token.withUnsafeBytes {
                events.pointee.did_register_for_remote_notifications(table, $0.baseAddress, $0.count, error)
            }
        }
    }

    /// Hands a registration failure to the app delegate's didFailToRegisterForRemoteNotifications.
    /// Any thread.
    public func didFailToRegisterForRemoteNotifications(reason: String) throws {
        let events = try appEvents()
        try check("did_fail_to_register_for_remote_notifications") { error in
            withParraString(reason) { events.pointee.did_fail_to_register_for_remote_notifications(table, $0, error) }
        }
    }

    /// Asks the app delegate's willPresent what a notification arriving in the foreground may
    /// show; `done` gets the PARRA_NOTIFICATION_PRESENTATION_* bits once, on the main thread.
    /// Any thread.
    public func willPresentNotification(payloadJSON: String, done: @escaping (UInt32) -> Void) throws {
        let events = try appEvents()
        let box = Unmanaged.passRetained(CallbackBox(bits: done))
        do {
            try check("will_present_notification") { error in
                withParraString(payloadJSON) { payload in
                    events.pointee.will_present_notification(
                        table, payload,
                        { user, options in
                            let box = Unmanaged<CallbackBox>.fromOpaque(user!)
                            box.takeUnretainedValue().bits?(options)
                            box.release()
                        }, box.toOpaque(), error)
                }
            }
        } catch {
            box.release()
            throw error
        }
    }

    /// Hands the user's action on a notification to the app delegate's didReceive (after the
    /// launch completes); nil `action` is the default action. Any thread.
    public func didReceiveNotificationResponse(payloadJSON: String, action: String? = nil) throws {
        let events = try appEvents()
        try check("did_receive_notification_response") { error in
            withParraString(payloadJSON) { payload in
                if let action {
                    return action.withCString {
                        events.pointee.did_receive_notification_response(table, payload, $0, error)
                    }
                }
                return events.pointee.did_receive_notification_response(table, payload, nil, error)
            }
        }
    }

    /// Opens `url` through the app's open-URL path (after the launch completes). Any thread.
    public func openURL(_ url: String) throws {
        let events = try appEvents()
        try check("open_url") { error in events.pointee.open_url(table, url, error) }
    }

    /// Calls `body` with the auth state JSON on the main thread after each change of who uses
    /// the app, until shutdown. Main thread only.
    public func observeAuthState(_ body: @escaping (String) -> Void) throws {
        let events = try appEvents()
        let box = Unmanaged.passRetained(CallbackBox(text: body))
        do {
            try check("observe_auth_state") { error in
                events.pointee.observe_auth_state(
                    table,
                    { user, state in
                        Unmanaged<CallbackBox>.fromOpaque(user!).takeUnretainedValue().text?(
                            state.map { String(cString: $0) } ?? "{}")
                    }, box.toOpaque(), error)
            }
        } catch {
            box.release()
            throw error
        }
        lock.withLock { observers.append(box) }
    }

    private func appEvents() throws -> UnsafePointer<parra_app_events_extension> {
        guard let raw = self.extension(PARRA_EXT_APP_EVENTS) else {
            throw ModuleError("this host offers no app events (\(PARRA_EXT_APP_EVENTS)): it runs no app")
        }
        return raw.assumingMemoryBound(to: parra_app_events_extension.self)
    }
}
