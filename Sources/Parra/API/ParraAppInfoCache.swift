import Foundation

/// The last app-info the server gave, kept at `<folder>/app-info.json` so a launch without
/// network still has one. A corrupt file is reported, deleted and replaced by the next fetch.
public struct ParraAppInfoCache: Sendable {
    /// The cache file.
    public let file: URL

    /// A cache in `folder` (the app's `$XDG_DATA_HOME/parra/<bundle id>/`).
    public init(folder: URL) {
        file = folder.appendingPathComponent("app-info.json")
    }

    /// What is cached.
    public struct Entry: Codable, Sendable, Hashable {
        /// When it was fetched.
        public var fetchedAt: Date
        /// The backend it came from.
        public var backend: String
        /// The app-info.
        public var appInfo: ParraAppInfo
    }

    /// The cached entry; nil with no problem when there is none; nil and a problem (the file
    /// deleted) when the file cannot be used.
    public func load() -> (entry: Entry?, problem: String?) {
        guard FileManager.default.fileExists(atPath: file.path) else { return (nil, nil) }
        do {
            let data = try Data(contentsOf: file)
            return (try ParraAPICoding.makeDecoder().decode(Entry.self, from: data), nil)
        } catch {
            try? FileManager.default.removeItem(at: file)
            return (
                nil,
                "the cached app-info \(file.path) is corrupt (\(ParraAPIClient.decodingDetail(error))); it was deleted and will be replaced by the next fetch"
            )
        }
    }

    /// Stores `appInfo` (atomically).
    public func save(_ appInfo: ParraAppInfo, backend: String, at date: Date) throws {
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let data = try ParraAPICoding.makeEncoder().encode(Entry(fetchedAt: date, backend: backend, appInfo: appInfo))
        try data.write(to: file, options: .atomic)
    }
}
