import Foundation

/// Files `parra bundle` writes into its staging folder.
enum StagedFile {
    /// Writes `text` to `file`, mode 0644.
    static func write(_ text: String, to file: URL) throws {
        try Data(text.utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
    }
}
