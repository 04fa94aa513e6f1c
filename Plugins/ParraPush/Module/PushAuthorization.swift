/// Whether the user lets the app show notifications, as UNAuthorizationStatus says it; kept in
/// the module's storage under `parra_push_authorization`.
enum PushAuthorization: String, Equatable, CaseIterable {
    case notDetermined, denied, authorized, provisional

    /// The storage key.
    static let storageKey = "parra_push_authorization"
}

/// What `requestPushPermission()` does for a status, the options and the display: the SDK's
/// order (authorized first, then denied, then not enabled), then the Linux prompt.
enum PermissionDecision: Equatable {
    /// Answer at once; `store` is the status to keep when it changes.
    case answer(Bool, store: PushAuthorization?)
    /// Fail with the SDK's message.
    case fail(String)
    /// Ask the user at the terminal.
    case prompt

    /// The SDK's error when push is off.
    static let notEnabledMessage =
        "Can not request push permission. Push notifications are not enabled in your Parra configuration."

    /// The decision for `status` with `settings`; `interactive` is a user at a terminal.
    static func decide(status: PushAuthorization, settings: PushSettings, interactive: Bool) -> PermissionDecision {
        switch status {
        case .authorized: return .answer(true, store: nil)
        case .denied: return .answer(false, store: nil)
        case .notDetermined, .provisional:
            guard settings.enabled else { return .fail(notEnabledMessage) }
            if interactive { return .prompt }
            // No one to ask: provisional authorization needs no prompt; otherwise the status
            // stays as it is.
            if settings.provisional { return .answer(true, store: status == .provisional ? nil : .provisional) }
            return .answer(status == .provisional, store: nil)
        }
    }

    /// The status after the user answered the prompt.
    static func answered(_ allowed: Bool) -> PushAuthorization { allowed ? .authorized : .denied }
}
