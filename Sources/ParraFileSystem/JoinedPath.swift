/// `folder` and `name` joined by one `/`, as `URL.appendingPathComponent` joins a file URL's
/// path and a relative one (`/a` + `b/c` -> `/a/b/c`, `/a/` + `b` -> `/a/b`, `` + `b` -> `b`).
///
/// The host and the modules keep file paths as text: making and reading a `URL` for each runs
/// Foundation's URL parser and percent-encoding, code a launch otherwise never touches.
package func joinedPath(_ folder: String, _ name: String) -> String {
    if folder.isEmpty { return name }
    return folder.hasSuffix("/") ? folder + name : folder + "/" + name
}

/// The last component of `path`, as `URL.lastPathComponent` gives it for a file URL: trailing
/// `/` ignored (`/a/b` -> `b`, `/a/b/` -> `b`, `/` -> `/`, `b` -> `b`).
package func lastPathComponent(of path: String) -> String {
    let slash = UInt8(ascii: "/")
    let bytes = path.utf8
    guard let last = bytes.lastIndex(where: { $0 != slash }) else { return path.isEmpty ? "" : "/" }
    let end = bytes.index(after: last)
    let start = bytes[..<end].lastIndex(of: slash).map(bytes.index(after:)) ?? bytes.startIndex
    return String(decoding: bytes[start..<end], as: UTF8.self)
}
