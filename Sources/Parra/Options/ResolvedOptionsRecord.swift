import Foundation

/// What an app's option store resolved at its last launch, written beside its module storage
/// so that `parra config show --app BUNDLE_ID` can show the keys the app's configuration
/// produced and where each value came from.
public struct ResolvedOptionsRecord: Codable, Sendable {
    /// One key's value and its source.
    public struct Entry: Codable, Sendable, Hashable {
        /// The option key.
        public let key: String
        /// The value as compact JSON.
        public let value: String
        /// Where it came from, e.g. `code` or `config file /etc/parra.json`.
        public let source: String
        /// The module that owns the key.
        public let owner: String
    }

    /// Every key, sorted.
    public let options: [Entry]
    /// The problems found with the values the app supplied.
    public let problems: [String]

    /// The file name inside an app's storage folder.
    public static let fileName = "resolved-options.json"

    /// The record of `store`.
    public init(_ store: OptionStore) {
        options = store.all.map {
            Entry(key: $0.schema.key, value: $0.value.json, source: $0.source.description, owner: $0.schema.ownerID)
        }
        problems = store.problems.map(\.description)
    }

    /// Writes the record into `folder`, replacing the last one.
    public func write(into folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(self).write(to: folder.appendingPathComponent(Self.fileName), options: .atomic)
    }

    /// Reads the record an app with `bundleID` left under the data home of `environment`.
    public static func read(bundleID: String, environment: [String: String]) throws -> ResolvedOptionsRecord {
        let url = URL(fileURLWithPath: DataHome.path(environment: environment))
            .appendingPathComponent("parra/\(bundleID)/\(fileName)")
        return try JSONDecoder().decode(ResolvedOptionsRecord.self, from: Data(contentsOf: url))
    }
}
