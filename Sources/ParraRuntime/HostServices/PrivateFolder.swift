import Foundation

extension FileManager {
    /// Creates `folder` and any missing folder above it with mode 0700, whatever the umask: the
    /// host's data (stores, caches, records) is the app user's alone.
    package func createPrivateFolder(at folder: URL) throws {
        try createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    /// What a Foundation file error says in words: the path it names and the system's meaning
    /// of its errno ("/data/x: Read-only file system"), where Foundation on Linux says only
    /// "The operation could not be completed".
    package static func failureReason(_ error: Error) -> String {
        let info = (error as NSError).userInfo
        let path = info[NSFilePathErrorKey] as? String
        let cause: String
        if let underlying = (info[NSUnderlyingErrorKey] as? Error).map({ $0 as NSError }),
            underlying.domain == NSPOSIXErrorDomain
        {
            cause = String(cString: strerror(Int32(underlying.code)))
        } else {
            cause = error.localizedDescription
        }
        return path.map { "\($0): \(cause)" } ?? cause
    }
}
