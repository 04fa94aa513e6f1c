#if canImport(Glibc)
    import Glibc
#endif

/// Folders that are the app user's alone: the host's data (stores, caches, records) lives in them.
package enum PrivateFolder {
    /// Creates the folder at `path` and any missing folder above it, each with `mode` (0700;
    /// the machine's module folder takes 0755, readable by every user) whatever the umask, one component at a time with `mkdir` and `chmod`, as Foundation's
    /// `createDirectory(withIntermediateDirectories:attributes:)` would, without its path
    /// objects and attribute dictionary. An existing folder is left as it is. Throws the
    /// failing component and the system's reason; something other than a folder at a
    /// component is `ENOTDIR`.
    package static func create(_ path: String, mode: mode_t = 0o700) throws(FileError) {
        var status = stat()
        if stat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else { throw FileError(path: path, code: ENOTDIR) }
            return
        }
        guard errno == ENOENT else { throw FileError(path: path, code: errno) }
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            try create(String(path[..<slash]), mode: mode)
        }
        guard mkdir(path, mode) == 0 || errno == EEXIST else { throw FileError(path: path, code: errno) }
        guard chmod(path, mode) == 0 else { throw FileError(path: path, code: errno) }
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw FileError(path: path, code: ENOTDIR)
        }
    }
}
