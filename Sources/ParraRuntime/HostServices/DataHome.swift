import FoundationEssentials

/// The XDG data folder Parra keeps its files under: `$XDG_DATA_HOME`, or `~/.local/share`.
package enum DataHome {
    /// The folder for `environment`.
    package static func path(environment: [String: String]) -> String {
        if let configured = environment["XDG_DATA_HOME"], !configured.isEmpty { return configured }
        return (environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path) + "/.local/share"
    }
}
