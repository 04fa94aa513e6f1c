#if canImport(Glibc)
    import Glibc
#endif

/// Small whole files read, and paths checked, with POSIX calls.
///
/// `FileManager` and `Data(contentsOf:)` do the same through Foundation's file code, which a
/// launch would page in (hundreds of KiB of resident memory) for the handful of small files
/// it reads: the bundle's Info.plist, the auth token, the app-info cache, module storage, the
/// logger's spool, the launch screen's art.
package enum FileContents {
    /// Whether anything is at `path`, following symbolic links (`FileManager.fileExists`).
    package static func exists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }

    /// Whether a folder is at `path`, following symbolic links.
    package static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// The bytes of the file at `path`, nil when nothing is there; throws as `read` does for
    /// any other failure.
    package static func readIfPresent(_ path: String) throws(FileError) -> [UInt8]? {
        do {
            return try read(path)
        } catch {
            guard error.code == ENOENT else { throw error }
            return nil
        }
    }

    /// The bytes of the file at `path`. Throws the system's reason when it cannot be opened
    /// or read (a folder gives "Is a directory").
    package static func read(_ path: String) throws(FileError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileError(path: path, code: errno) }
        defer { close(descriptor) }
        var status = stat()
        var bytes = [UInt8](
            repeating: 0, count: fstat(descriptor, &status) == 0 ? max(Int(status.st_size), 0) + 1 : 4096)
        var count = 0
        while true {
            if count == bytes.count { bytes += [UInt8](repeating: 0, count: bytes.count) }
            let read = bytes.withUnsafeMutableBytes {
                Glibc.read(descriptor, $0.baseAddress! + count, $0.count - count)
            }
            if read < 0 {
                if errno == EINTR { continue }
                throw FileError(path: path, code: errno)
            }
            if read == 0 { break }
            count += read
        }
        bytes.removeSubrange(count...)
        return bytes
    }
}
