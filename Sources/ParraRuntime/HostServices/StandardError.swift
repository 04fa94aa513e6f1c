#if canImport(Glibc)
    import Glibc
#endif

/// Text written to standard error with write(2), all of it or as much as the stream takes.
/// Not `FileHandle`: it traps on a closed or broken stderr, and a log must not; nor a `Data`
/// made of the text, which costs the first log line a search of every loaded library's
/// conformances.
enum StandardError {
    /// Writes `text`'s UTF-8, retrying when interrupted; stops quietly when stderr fails.
    static func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(STDERR_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
