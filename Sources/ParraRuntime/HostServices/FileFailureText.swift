import FoundationEssentials
import ParraFileSystem

#if canImport(Glibc)
    import Glibc
#endif

/// File errors in words, for reports: Foundation's, the system's (`POSIXError`) and
/// ``FileError``.
extension FileManager {
    /// What a file error says in words: the path it names and the system's meaning of its
    /// errno ("/data/x: Read-only file system"), where Foundation on Linux says only "The
    /// operation could not be completed".
    package static func failureReason(_ error: Error) -> String {
        if let error = error as? FileError { return error.description }
        let cause = failureCause(error)
        return (error as? CocoaError)?.filePath.map { "\($0): \(cause)" } ?? cause
    }

    /// What a file error says in words, without the path: the system's meaning of its errno
    /// ("Read-only file system").
    package static func failureCause(_ error: Error) -> String {
        if let error = error as? FileError { return error.cause }
        if let error = error as? POSIXError { return String(cString: strerror(error.code.rawValue)) }
        guard let error = error as? CocoaError else { return "\(error)" }
        if let underlying = error.underlying as? POSIXError {
            return String(cString: strerror(underlying.code.rawValue))
        }
        return "the operation could not be completed (file error \(error.code.rawValue))"
    }
}
