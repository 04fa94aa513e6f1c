import FoundationEssentials
import ParraFileSystem

#if canImport(Glibc)
    import Glibc
#endif

/// Replaces a file by writing its new bytes beside it and renaming them over it, so a reader
/// sees the old file or the new one, never half of one. Module storage asks for it durable
/// (synced, with its folder); the host's caches rewritten at launch (a token, the app-info)
/// do not, since a sync costs about a millisecond there and a cache a crash leaves empty is
/// reported, removed and fetched again.
package enum FileReplacement {
    /// Replaces `file` with `data`, created with exactly `mode`; when `durable`, the bytes and
    /// the rename are on disk when it returns. Throws the system's error.
    package static func replace(_ file: String, with data: [UInt8], mode: mode_t, durable: Bool) throws {
        let folder = parentPath(of: file)
        let temporary = joinedPath(folder, ".\(lastPathComponent(of: file)).\(randomUUIDString()).tmp")
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var failure: Int32 = 0
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        // The umask may have narrowed `mode` at creation; the file gets exactly `mode`.
        if failure == 0, fchmod(descriptor, mode) != 0 { failure = errno }
        if failure == 0, durable, fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        if failure == 0, rename(temporary, file) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO)
        }
        guard durable else { return }
        // The rename is durable only once the folder's entry is on disk too.
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }
}
