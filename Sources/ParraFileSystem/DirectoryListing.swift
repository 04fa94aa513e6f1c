#if canImport(Glibc)
    import Glibc
#endif

/// The names in a folder, read with readdir(3). `FileManager.contentsOfDirectory` costs the
/// launch a search of every loaded library's protocol conformances on its first use, and the
/// host lists folders (the module search path, the quarantine journals) before the first window,
/// as the logger does its spool.
package enum DirectoryListing {
    /// The names in the folder at `path` but `.` and `..`, in no particular order; nil when it
    /// cannot be opened (missing, not a folder, no permission).
    package static func names(in path: String) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
