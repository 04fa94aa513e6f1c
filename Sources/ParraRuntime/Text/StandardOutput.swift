#if canImport(Glibc)
    @preconcurrency import Glibc  // `stdout`, a C global that only the C library changes
#endif

/// The process's standard output as the host's terminal text reaches it: UTF-8 handed to the C
/// library's `stdout` stream, the stream `print` writes to, so the two interleave as written.
/// It leaves out `print`'s text-stream machinery, standard library code that a launch
/// otherwise never runs and so never maps.
package enum StandardOutput {
    /// Writes `text`, then a line break unless `terminator` says otherwise.
    package static func write(_ text: String, terminator: String = "\n") {
        var text = text
        text += terminator
        text.withUTF8 { bytes in _ = fwrite(bytes.baseAddress, 1, bytes.count, stdout) }
    }
}
