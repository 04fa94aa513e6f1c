import FoundationEssentials
import ParraFileSystem
import ParraRuntime
import ParraShared

#if canImport(Glibc)
    import Glibc
#endif

/// The last app-info the server gave, kept whole at `<folder>/app-info.json` as
/// `{"fetched_at": seconds, "backend": "...", "app_info": {...}}`, so a launch without network
/// still has one. A corrupt file is reported, deleted and replaced by the next fetch.
package struct ParraAppInfoCache: Sendable {
    /// The cache file.
    package let file: String

    /// A cache in `folder` (the app's `$XDG_DATA_HOME/parra/<bundle id>/`).
    package init(folder: String) {
        file = joinedPath(folder, "app-info.json")
    }

    /// What is cached.
    package struct Entry: Sendable, Hashable {
        /// When it was fetched: seconds since the Unix epoch.
        package var fetchedAt: Double
        /// The backend it came from.
        package var backend: String
        /// The app-info, whole, as JSON object text.
        package var json: String
    }

    /// The cached entry; nil with no problem when there is none; nil and a problem (the file
    /// deleted) when the file cannot be used.
    package func load() -> (entry: Entry?, problem: String?) {
        let data: [UInt8]?
        do {
            guard let bytes = try FileContents.readIfPresent(file) else { return (nil, nil) }
            data = bytes
        } catch {
            data = nil
        }
        if let data, let entry = Self.entry(in: data) { return (entry, nil) }
        unlink(file)
        let reason =
            data == nil
            ? "it cannot be read" : "it is not {\"fetched_at\": seconds, \"backend\": ..., \"app_info\": {...}}"
        return (
            nil,
            "the cached app-info \(file) is corrupt (\(reason)); it was deleted and will be replaced by the next fetch"
        )
    }

    /// The cache file's bytes as they are, without reading, reporting or deleting them (the
    /// launch's `load` does that): nil when there is none or it cannot be read.
    package func contents() -> [UInt8]? {
        (try? FileContents.readIfPresent(file)).flatMap { $0 }
    }

    /// The entry `data` (a cache file's bytes) holds, or nil when it is not one.
    package static func entry(in data: [UInt8]) -> Entry? {
        guard case .object(let members)? = try? JSONValue(answerJSON: String(decoding: data, as: UTF8.self)),
            let fetchedAt = members["fetched_at"]?.number, case .string(let backend)? = members["backend"],
            let appInfo = members["app_info"], case .object = appInfo
        else { return nil }
        return Entry(fetchedAt: fetchedAt, backend: backend, json: appInfo.json)
    }

    /// Stores `json` (an app-info object as text, already checked), fetched from `backend` at
    /// `fetchedAt`, as a cache (`FileReplacement`, not durable, mode 0600, in the host's private folder).
    package func save(json: String, backend: String, fetchedAt: Double) throws {
        try PrivateFolder.create(parentPath(of: file))
        let entry = JSONValue.objectText(splicing: [
            "app_info": json, "backend": JSONValue.quoted(backend), "fetched_at": JSONValue.double(fetchedAt).json,
        ])
        try FileReplacement.replace(file, with: Array(entry.utf8), mode: 0o600, durable: false)
    }
}
