import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A module's durable key-value storage: one file per key in the module's own folder,
/// replaced atomically (write to a temporary file, fsync, rename).
final class ModuleStorage: @unchecked Sendable {
    private let folder: URL
    private let lock = NSLock()

    init(folder: URL) { self.folder = folder }

    /// Keys are `[A-Za-z0-9._-]`, 1 to 128 bytes, not starting with a dot.
    static func isValidKey(_ key: String) -> Bool {
        (1...128).contains(key.utf8.count) && !key.hasPrefix(".")
            && key.unicodeScalars.allSatisfy {
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0))
            }
    }

    /// The stored bytes, or nil when nothing is stored for `key`.
    func read(_ key: String) throws -> Data? {
        let url = folder.appendingPathComponent(key)
        return try lock.withLock {
            FileManager.default.fileExists(atPath: url.path) ? try Data(contentsOf: url) : nil
        }
    }

    /// Replaces the value for `key`; durable when it returns.
    func write(_ data: Data, forKey key: String) throws {
        try lock.withLock {
            try FileManager.default.createPrivateFolder(at: folder)
            let target = folder.appendingPathComponent(key)
            let temporary = folder.appendingPathComponent(".\(key).\(getpid()).tmp")
            let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            defer { close(descriptor) }
            let written = data.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            guard written == data.count, fsync(descriptor) == 0 else {
                unlink(temporary.path)
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
            guard rename(temporary.path, target.path) == 0 else {
                unlink(temporary.path)
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
            // The rename is durable only once the folder's entry is on disk too.
            let folderDescriptor = open(folder.path, O_RDONLY | O_DIRECTORY)
            if folderDescriptor >= 0 {
                fsync(folderDescriptor)
                close(folderDescriptor)
            }
        }
    }

    /// Removes the value for `key`, if any.
    func remove(_ key: String) throws {
        try lock.withLock {
            let url = folder.appendingPathComponent(key)
            if FileManager.default.fileExists(atPath: url.path) {
                try FileManager.default.removeItem(at: url)
            }
        }
    }
}
