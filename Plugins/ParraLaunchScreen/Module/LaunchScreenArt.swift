import FoundationEssentials
import Glibc
import ParraFileSystem
import ParraPluginKit

/// Launch screen art: text or ANSI art files in the app's resources folder (`Resources`
/// beside the Info.plist), `<name>.txt`.
enum LaunchScreenArt {
    /// The largest art file read; a larger one is taken for a mistake.
    static let maximumBytes = 64 * 1024

    /// The lines of `<name>.txt` in `resources`, or nil and the problem (naming the file and
    /// what is wrong) when it cannot be used. `what` says what the file is for, e.g.
    /// "launch screen image 'Logo'".
    static func load(_ name: String, resources: String?, what: String) -> (lines: [String]?, problem: String?) {
        guard !name.contains("/"), !name.hasPrefix(".") else {
            return (nil, "\(what): a resource name may not contain '/' or start with '.'")
        }
        guard let resources else {
            return (nil, "\(what): the app has no resources folder (no Info.plist beside the executable)")
        }
        let path = joinedPath(resources, name + ".txt")
        // stat, not FileManager's attributes, which look up the owner's name in the user and
        // group databases (a millisecond of the launch screen's first frame).
        var status = stat()
        guard stat(path, &status) == 0 else {
            return (nil, "\(what): no file \(path)")
        }
        guard Int(status.st_size) <= maximumBytes else {
            return (nil, "\(what): \(path) is larger than \(maximumBytes) bytes")
        }
        guard let data = try? FileContents.read(path) else {
            return (nil, "\(what): \(path) cannot be read")
        }
        var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0.hasSuffix("\r") ? $0.dropLast() : $0) }
        if lines.last == "" { lines.removeLast() }
        return (lines, nil)
    }

    /// `line` without its ANSI escape sequences (CSI `ESC [ ... letter`).
    static func stripped(_ line: String) -> String {
        var result = ""
        var scalars = line.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\u{1B}" else {
                result.unicodeScalars.append(scalar)
                continue
            }
            guard scalars.next() == "[" else { continue }
            while let next = scalars.next(), !(("@"..."~").contains(next)) {}
        }
        return result
    }
}
