import ParraRuntime

/// Push notifications, as the app calls them: `parra.push`. The work is the ParraPush module's,
/// reached through its commands.
public struct ParraPushNotifications: Sendable {
    let parra: Parra

    /// The command behind ``requestPushPermission()``: `void(ptr,str,ptr)`, answering `true`
    /// or `false`.
    static let requestPushPermissionCommand = "com.parra.push.requestPushPermission"

    /// Asks the user for permission to show notifications, with the options the configuration
    /// selects; true when granted. Throws ``ParraCommandError`` (`.notInstalled` without the
    /// ParraPush module; `.failed` when push is not enabled in the configuration).
    public func requestPushPermission() async throws -> Bool {
        let command = Self.requestPushPermissionCommand
        let result = try await parra.call(command, [.string("{}")], feature: "ParraPush")
        switch result {
        case .string("true"): return true
        case .string("false"): return false
        default:
            throw ParraCommandError(
                .failed, commandID: command, description: "\(command) answered \(result), not a bool")
        }
    }
}
