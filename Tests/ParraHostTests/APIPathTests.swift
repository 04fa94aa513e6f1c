import Testing

@testable import ParraAPI

@Suite("API request paths")
struct APIPathTests {
    /// The checked path, or the reason it was refused.
    private func check(_ path: String) -> String {
        switch ParraAPIClient.checkedPath(path) {
        case .success(let relative): "ok \(relative)"
        case .failure(let invalid): "refused: \(invalid.reason)"
        }
    }

    @Test(
        "a path relative to the API base comes back without its leading slashes",
        arguments: [
            ("tenants/t/app-info", "tenants/t/app-info"), ("/v1/x", "v1/x"), ("a//b", "a//b"),
            ("a/b:c", "a/b:c"), ("a/.../b", "a/.../b"), ("a/..x/.b", "a/..x/.b"), ("a/b?next=/../", "a/b?next=/../"),
            ("a/%zz/b", "a/%zz/b"), ("café/ü", "café/ü"), ("a/%2e%2e%2e", "a/%2e%2e%2e"),
        ])
    func accepted(path: String, relative: String) {
        #expect(check(path) == "ok \(relative)")
    }

    @Test(
        "a path that leaves the API base or cannot be sent is refused with its reason",
        arguments: [
            ("//evil.example/x", "'//evil.example/x' names another host"),
            ("", "the path is empty"), ("/", "the path is empty"), ("///", "'///' names another host"),
            ("a b", "the path contains a space or control character"),
            ("a\tb", "the path contains a space or control character"),
            ("a\u{7F}", "the path contains a space or control character"),
            ("https://x/y", "'https://x/y' is not relative to the API base"),
            ("/mailto:x", "'/mailto:x' is not relative to the API base"),
            ("a#top", "the path contains a fragment"), ("a?x=1#top", "the path contains a fragment"),
            ("a/../b", "the path has a '.' or '..' segment"), ("a/./b", "the path has a '.' or '..' segment"),
            ("..", "the path has a '.' or '..' segment"), ("a/.", "the path has a '.' or '..' segment"),
            ("a/%2e%2E/b", "the path has a '.' or '..' segment"), ("a/.%2E", "the path has a '.' or '..' segment"),
            ("a/%2E/b", "the path has a '.' or '..' segment"),
        ])
    func refused(path: String, reason: String) {
        #expect(check(path) == "refused: \(reason)")
    }
}
