import ParraPluginKit

/// What What's New remembers in the module's storage, under the SDK's keys:
/// `parra_app_version_info` `{version, version_short, date}`, the version whose release the
/// user has seen (or that was installed first), and `parra_version_token_info`
/// `{token, date}`, the server's last version token. Corrupt state is reported and treated as
/// a first launch.
struct WhatsNewState: Equatable {
    struct SeenVersion: Equatable {
        let version: String
        let shortVersion: String
        let date: Double
    }

    static let versionKey = "parra_app_version_info"
    static let tokenKey = "parra_version_token_info"

    /// Nil on the very first launch of an install (or when what was stored is unusable).
    var seen: SeenVersion?
    var token: String?

    /// Reads the state from `stored` (the bytes under each key, nil when absent); problems
    /// name the key.
    static func read(version: [UInt8]?, token: [UInt8]?, problems: inout [String]) -> WhatsNewState {
        var state = WhatsNewState()
        if let version {
            if let members = (try? JSONValue.parse(String(decoding: version, as: UTF8.self)))?.object,
                let build = members["version"]?.string, let short = members["version_short"]?.string
            {
                state.seen = SeenVersion(version: build, shortVersion: short, date: members["date"]?.number ?? 0)
            } else {
                problems.append("stored \(versionKey) is corrupt; treated as a first launch")
            }
        }
        if let token {
            if let members = (try? JSONValue.parse(String(decoding: token, as: UTF8.self)))?.object,
                let value = members["token"]?.string
            {
                state.token = value
            } else {
                problems.append("stored \(tokenKey) is corrupt; it is dropped")
            }
        }
        return state
    }

    /// The bytes to store for `seen`.
    static func bytes(_ seen: SeenVersion) -> [UInt8] {
        Array(
            JSONValue.object([
                "version": .string(seen.version), "version_short": .string(seen.shortVersion),
                "date": .double(seen.date),
            ]).json.utf8)
    }

    /// The bytes to store for `token`, fetched at `date`.
    static func bytes(token: String, date: Double) -> [UInt8] {
        Array(JSONValue.object(["token": .string(token), "date": .double(date)]).json.utf8)
    }
}
