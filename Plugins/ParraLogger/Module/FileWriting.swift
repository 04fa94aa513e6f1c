import Glibc

/// The calls through which the logger writes its files: the system's, or a test's that can
/// refuse them the way a full or read-only disk does (ENOSPC, EROFS, EIO, ...).
struct FileWriting: Sendable {
    /// Writes up to `count` bytes from `bytes` to `descriptor`; returns how many were written,
    /// or minus the errno.
    var write: @Sendable (_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int
    /// Makes what was written to `descriptor` durable (fdatasync); returns 0, or minus the errno.
    var sync: @Sendable (_ descriptor: Int32) -> Int32

    /// The system's calls; EINTR is retried.
    static let system = FileWriting(
        write: { descriptor, bytes, count in
            while true {
                let written = Glibc.write(descriptor, bytes, count)
                if written >= 0 { return written }
                if errno != EINTR { return -Int(errno) }
            }
        },
        sync: { descriptor in fdatasync(descriptor) == 0 ? 0 : -errno })

    /// Writes all `count` bytes unless the disk refuses: how many were written, and the errno
    /// that stopped it (0 when all were).
    func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> (written: Int, error: Int32) {
        var offset = 0
        while offset < count {
            let written = write(descriptor, bytes + offset, count - offset)
            if written < 0 { return (offset, Int32(-written)) }
            if written == 0 { return (offset, EIO) }
            offset += written
        }
        return (offset, 0)
    }

    /// The meaning of an errno, as the C library says it ("No space left on device").
    static func meaning(of number: Int32) -> String { String(cString: strerror(number)) }
}
