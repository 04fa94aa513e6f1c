import Foundation

/// A cache file the host rewrites at launch (a token, the app-info): written beside itself
/// and renamed over the old one, so a reader sees the old file or the new one, never half of
/// one. Not synced (Foundation's writes sync, about a millisecond each on the launch path): a
/// crash may leave it empty, and its reader then reports it, removes it and fetches it again.
package enum CacheFile {
    /// Replaces `file` with `data`, created with `mode`. Throws the system's error.
    package static func replace(_ file: URL, with data: Data, mode: mode_t) throws {
        let temporary = file.deletingLastPathComponent().appendingPathComponent(
            ".\(file.lastPathComponent).\(UUID().uuidString).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
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
        close(descriptor)
        if failure == 0, rename(temporary.path, file.path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary.path)
            throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO)
        }
    }
}
