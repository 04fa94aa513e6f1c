import Foundation

/// Writes a scaffold's files into a folder that must not exist yet, each shell script
/// executable, saying each file it wrote.
enum ScaffoldWriter {
    /// Writes `files` (paths relative to `folder`) and prints a line for each.
    static func write(_ files: [(path: String, contents: String)], into folder: URL, console: Console) throws {
        guard !FileManager.default.fileExists(atPath: folder.path) else {
            throw UsageError("\(folder.path) exists already; choose another name or --dir")
        }
        for file in files {
            let url = folder.appendingPathComponent(file.path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.contents.utf8).write(to: url)
            if file.path.hasSuffix(".sh") {
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
            }
            console.print("wrote \(url.path)")
        }
    }
}
