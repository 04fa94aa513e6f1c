import FoundationEssentials
import ParraAppModel
import ParraRuntime

/// Push notifications, as the app calls them: `parra.push`. The work is the ParraPush module's,
/// reached through its commands.
public struct ParraPushNotifications: Sendable {
    let parra: Parra

    /// The command behind ``requestPushPermission()``: `void(ptr,str,ptr)`, answering `true`
    /// or `false`.
    static let requestPushPermissionCommand = "com.parra.push.requestPushPermission"

    /// The command behind ``getCurrentSettings()``: `void(ptr,str,ptr)`, answering the settings
    /// as JSON (`authorizationStatus`, `alertSetting`, `badgeSetting`, `soundSetting`,
    /// `providesAppNotificationSettings`).
    static let notificationSettingsCommand = "com.parra.push.notificationSettings"

    /// Starts asking the user for permission and returns at once, as the SDK's; a failure is
    /// logged. `try await requestPushPermission()` answers whether it was granted.
    public func requestPushPermission() {
        Task {
            do {
                _ = try await requestPushPermission()
            } catch {
                ParraLogger.error("Failed to request push permission", ["error": "\(error)"])
            }
        }
    }

    /// Whether the app may show notifications: the status the push module keeps
    /// (`.notDetermined` without the module).
    @MainActor
    public func getCurrentAuthorizationStatus() async -> UNAuthorizationStatus {
        await getCurrentSettings().authorizationStatus
    }

    /// The app's notification settings, as the push module reads them from the configuration
    /// and the kept status (nothing allowed without the module).
    @MainActor
    public func getCurrentSettings() async -> UNNotificationSettings {
        guard
            case .string(let json)? = try? await parra.call(
                Self.notificationSettingsCommand, [.string("{}")], feature: "ParraPush"),
            case .object(let members)? = try? JSONValue(answerJSON: json)
        else { return .notDetermined }
        func named<T>(_ key: String, _ make: (String) -> T?) -> T? {
            if case .string(let name)? = members[key] { return make(name) }
            return nil
        }
        return UNNotificationSettings(
            authorizationStatus: named("authorizationStatus", UNAuthorizationStatus.init(name:)) ?? .notDetermined,
            alertSetting: named("alertSetting", UNNotificationSetting.init(name:)) ?? .notSupported,
            badgeSetting: named("badgeSetting", UNNotificationSetting.init(name:)) ?? .notSupported,
            soundSetting: named("soundSetting", UNNotificationSetting.init(name:)) ?? .notSupported,
            providesAppNotificationSettings: members["providesAppNotificationSettings"] == .bool(true))
    }

    /// Asks the user for permission to show notifications, with the options the configuration
    /// selects; true when granted. Throws ``ParraCommandError`` (`.notInstalled` without the
    /// ParraPush module; `.failed` when push is not enabled in the configuration).
    @discardableResult
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
