import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

extension FileManager {
    /// Creates `folder` and any missing folder above it with mode 0700, whatever the umask: the
    /// host's data (stores, caches, records) is the app user's alone.
    ///
    /// Made with `mkdir` and `chmod`, one component at a time, as Foundation would make them,
    /// without its attribute dictionary and path objects, which cost a first launch a fraction
    /// of a millisecond before its first frame. When the system refuses a step, Foundation
    /// tries the whole again and throws its error, which names the path and the cause.
    package func createPrivateFolder(at folder: URL) throws {
        if Self.makePrivateFolders(folder.path) { return }
        try createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    /// Makes `path` and any missing folder above it, each with mode 0700; true when `path` is
    /// a folder now.
    private static func makePrivateFolders(_ path: String) -> Bool {
        var status = stat()
        if stat(path, &status) == 0 { return status.st_mode & S_IFMT == S_IFDIR }
        guard errno == ENOENT, let slash = path.lastIndex(of: "/") else { return false }
        let parent = String(path[..<slash])
        guard parent.isEmpty || makePrivateFolders(parent) else { return false }
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else { return false }
        return chmod(path, 0o700) == 0 && stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// What a Foundation file error says in words: the path it names and the system's meaning
    /// of its errno ("/data/x: Read-only file system"), where Foundation on Linux says only
    /// "The operation could not be completed".
    package static func failureReason(_ error: Error) -> String {
        let cause = failureCause(error)
        return (error as? CocoaError)?.filePath.map { "\($0): \(cause)" } ?? cause
    }

    /// What a Foundation file error says in words, without the path: the system's meaning of
    /// its errno ("Read-only file system").
    package static func failureCause(_ error: Error) -> String {
        guard let error = error as? CocoaError else { return "\(error)" }
        if let underlying = error.underlying as? POSIXError {
            return String(cString: strerror(underlying.code.rawValue))
        }
        return "the operation could not be completed (file error \(error.code.rawValue))"
    }
}
