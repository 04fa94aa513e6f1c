import FoundationEssentials
import ParraFileSystem
import ParraSync

#if canImport(Glibc)
    import Glibc
#endif

/// A module's durable key-value storage: one file per key in the module's own folder,
/// replaced atomically (write to a temporary file, fsync, rename).
/// Sendable by hand: its fields are `let`s of Sendable types, and it touches its files only under `lock`.
final class ModuleStorage: @unchecked Sendable {
    private let folder: String
    private let lock = Lock()

    init(folder: String) { self.folder = folder }

    /// Keys are `[A-Za-z0-9._-]`, 1 to 128 bytes, not starting with a dot.
    static func isValidKey(_ key: String) -> Bool {
        (1...128).contains(key.utf8.count) && !key.hasPrefix(".")
            && key.unicodeScalars.allSatisfy {
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0))
            }
    }

    /// The stored bytes, or nil when nothing is stored for `key`.
    func read(_ key: String) throws -> [UInt8]? {
        let path = joinedPath(folder, key)
        return try lock.withLock {
            try FileContents.readIfPresent(path)
        }
    }

    /// Replaces the value for `key`; durable when it returns.
    func write(_ data: [UInt8], forKey key: String) throws {
        try lock.withLock {
            try PrivateFolder.create(folder)
            try FileReplacement.replace(
                joinedPath(folder, key), with: data, mode: 0o600, durable: true)
        }
    }

    /// Removes the value for `key`, if any.
    func remove(_ key: String) throws {
        try lock.withLock {
            let path = joinedPath(folder, key)
            if unlink(path) != 0 && errno != ENOENT { throw FileError(path: path, code: errno) }
        }
    }
}
