/// The folder part of a file path, as `NSString.deletingLastPathComponent` gives it: runs of
/// `/` made one and a trailing `/` dropped, then everything before the last component
/// (`/a//b/c/` -> `/a/b`, `/a` -> `/`, `a` -> ``, `/` -> `/`).
package func parentPath(of path: String) -> String {
    var components = path.split(separator: "/", omittingEmptySubsequences: true)
    let absolute = path.hasPrefix("/")
    guard !components.isEmpty else { return absolute ? "/" : "" }
    components.removeLast()
    let joined = components.joined(separator: "/")
    return absolute ? "/" + joined : joined
}
