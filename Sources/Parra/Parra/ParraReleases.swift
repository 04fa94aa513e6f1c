import Foundation
import ParraAPI

/// What's New, as the app calls it: `parra.releases`. The work is the ParraWhatsNew module's,
/// reached through its commands.
public struct ParraReleases: Sendable {
    let parra: Parra

    /// The command behind ``fetchLatestRelease()``: `void(ptr,str,ptr)`, answering the
    /// new-version info as JSON, or `null`.
    static let fetchLatestReleaseCommand = "com.parra.whatsNew.fetchLatestRelease"

    /// Asks the server for the release of the version the user installed (a fresh app-info
    /// fetch); nil when there is none. Throws ``ParraCommandError`` (`.notInstalled` without
    /// the ParraWhatsNew module).
    public func fetchLatestRelease() async throws -> ParraNewInstalledVersionInfo? {
        let result = try await parra.call(Self.fetchLatestReleaseCommand, [.string("{}")], feature: "ParraWhatsNew")
        guard case .string(let json) = result else { return nil }
        do {
            return try ParraAPICoding.makeDecoder().decode(ParraNewInstalledVersionInfo?.self, from: Data(json.utf8))
        } catch {
            throw ParraCommandError(
                .failed, commandID: Self.fetchLatestReleaseCommand,
                description: "\(Self.fetchLatestReleaseCommand) answered what is not new-version info: \(error)")
        }
    }
}
