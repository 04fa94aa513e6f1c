import Foundation

extension FileManager {
    /// Creates `folder` and any missing folder above it with mode 0700, whatever the umask: the
    /// host's data (stores, caches, records) is the app user's alone.
    package func createPrivateFolder(at folder: URL) throws {
        try createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }
}
