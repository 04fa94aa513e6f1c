#if canImport(Glibc)
    import Glibc
#endif

/// A file the system would not read or write: its path and the reason.
package struct FileError: Error, Equatable, CustomStringConvertible {
    /// The path, as given.
    package let path: String
    /// The `errno` the system answered.
    package let code: Int32

    /// The failure `code` gave for `path`.
    package init(path: String, code: Int32) {
        self.path = path
        self.code = code
    }

    /// The system's reason in words ("No such file or directory").
    package var cause: String { String(cString: strerror(code)) }

    /// "path: cause".
    package var description: String { "\(path): \(cause)" }
}
