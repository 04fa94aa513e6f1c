/// The folder part of a file path, as `NSString.deletingLastPathComponent` gives it: runs of
/// `/` made one and a trailing `/` dropped, then everything before the last component
/// (`/a//b/c/` -> `/a/b`, `/a` -> `/`, `a` -> ``, `/` -> `/`).
///
/// Works on the path's UTF-8 bytes: a `/` is one byte, whatever follows it, as it is to the
/// file system (splitting the `String` by characters and joining the parts again went through
/// the standard library's unspecialized generic code, a launch's first run of which demangled
/// type names).
package func parentPath(of path: String) -> String {
    let slash = UInt8(ascii: "/")
    let bytes = Array(path.utf8)
    // The end of the last component: trailing slashes dropped.
    var end = bytes.count
    while end > 0, bytes[end - 1] == slash { end -= 1 }
    // The start of the last component; the parent is what comes before it.
    var start = end
    while start > 0, bytes[start - 1] != slash { start -= 1 }
    let absolute = bytes.first == slash
    var parent: [UInt8] = []
    parent.reserveCapacity(start)
    var previous: UInt8 = 0
    for byte in bytes[..<start] where !(byte == slash && previous == slash) {
        parent.append(byte)
        previous = byte
    }
    // The separator before the last component goes, but a root stays.
    while parent.count > (absolute ? 1 : 0), parent.last == slash { parent.removeLast() }
    if parent.isEmpty && absolute { return "/" }
    return String(decoding: parent, as: UTF8.self)
}
