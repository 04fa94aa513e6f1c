import FoundationEssentials
import ParraAPI
import ParraRuntime

/// What's New, as the app calls it: `parra.releases`. The work is the ParraWhatsNew module's,
/// reached through its commands; without the module each call throws ``ParraCommandError``
/// of kind `.notInstalled`.
public struct ParraReleases: Sendable {
    let parra: Parra

    /// How a release is shown by ``present(_:style:)``.
    public enum PresentationStyle: String, Sendable {
        /// The full release notes, which the user closes.
        case modal
        /// "New Version Available!" for 8 seconds; opening it shows the modal.
        case toast
    }

    static let module = "ParraWhatsNew"
    static let prefix = "com.parra.whatsNew."

    /// Asks the server for the release of the version the user installed (a fresh app-info
    /// fetch); nil when there is none.
    public func fetchLatestRelease() async throws -> ParraNewInstalledVersionInfo? {
        try await decoded(ParraNewInstalledVersionInfo?.self, "fetchLatestRelease")
    }

    /// Shows `info` (from ``fetchLatestRelease()``) as a modal or a toast; nil `style` takes
    /// `whatsNew.presentationStyle`.
    public func present(_ info: ParraNewInstalledVersionInfo, style: PresentationStyle? = nil) async throws {
        let encoded = String(decoding: try ParraAPICoding.makeEncoder().encode(info), as: UTF8.self)
        var argument: [String: JSONValue] = ["info": try JSONValue(answerJSON: encoded)]
        argument["style"] = style.map { .string($0.rawValue) }
        let json = JSONValue.object(argument).json
        _ = try await parra.call(Self.prefix + "presentRelease", [.string(json)], feature: Self.module)
    }

    /// Whether the app knows of a newer release than the one this install last saw, answered
    /// at once as the SDK's is: always true in a debug build (`PARRA_ENVIRONMENT=debug`), else
    /// true once a launch's fresh app-info carried another version token than the cached one.
    /// ``fetchUpdateAvailable()`` asks the server instead.
    public func updateAvailable() -> Bool {
        guard let context = parra.context else { return false }
        return context.runtime?.appEnvironment == .debug || context.isAwareOfNewerRelease
    }

    /// Whether a newer version than the installed one has been released, asked of the server
    /// through the What's New module (always true in a debug build, as the SDK says). Not an
    /// `async` overload of ``updateAvailable()``: in an async context Swift would pick it, and
    /// SDK code calling `updateAvailable()` there without `await` would not compile.
    public func fetchUpdateAvailable() async throws -> Bool {
        try await decoded(Bool.self, "updateAvailable")
    }

    /// The app's latest releases (at most 15), or nil when there are none.
    public func fetchChangelog() async throws -> ParraChangelogInfo? {
        try await decoded(ParraChangelogInfo?.self, "fetchChangelog")
    }

    /// Calls the module's command `name` and decodes its JSON answer as `type`.
    private func decoded<T: Decodable>(_ type: T.Type, _ name: String) async throws -> T {
        let command = Self.prefix + name
        let result = try await parra.call(command, [.string("{}")], feature: Self.module)
        guard case .string(let json) = result else {
            throw ParraCommandError(.failed, commandID: command, description: "\(command) answered \(result), not JSON")
        }
        do {
            return try ParraAPICoding.makeDecoder().decode(T.self, from: Data(json.utf8))
        } catch {
            throw ParraCommandError(
                .failed, commandID: command, description: "\(command) answered what is not a \(T.self): \(error)")
        }
    }
}
