import Foundation
import ParraFileSystem
import Testing

@testable import ParraAPI

/// File paths kept as text, joined and split as Foundation's file URLs would.
@Suite("Paths as text")
struct PathTextTests {
    @Test(
        "a joined path is the path of appendingPathComponent",
        arguments: [("/a", "b"), ("/a/", "b"), ("/a", "b/c.json"), ("/", "b"), ("/a/b", ".lock"), ("/a", "x y")])
    func joined(_ folder: String, _ name: String) {
        #expect(joinedPath(folder, name) == URL(fileURLWithPath: folder).appendingPathComponent(name).path)
    }

    @Test("a relative or empty folder joins as text")
    func relative() {
        #expect(joinedPath("", "b") == "b")
        #expect(joinedPath("a", "b") == "a/b")
    }

    @Test("the last component is URL's", arguments: ["/a/b", "/a/b/", "/a", "b", "/a/.lock", "/a/sessions-2"])
    func last(_ path: String) {
        #expect(lastPathComponent(of: path) == URL(fileURLWithPath: path).lastPathComponent)
    }

    @Test("the root's last component is itself")
    func root() {
        #expect(lastPathComponent(of: "/") == "/")
    }
}

/// A request's query, read without URLComponents.
@Suite("API request query items")
struct QueryItemTests {
    static func items(_ path: String) -> [String] {
        ParraAPIOutgoingRequest(method: "GET", path: path, headers: [:], body: nil, timeout: 1).queryItems.map {
            "\($0.name)=\($0.value ?? "<nil>")"
        }
    }

    static func foundationItems(_ path: String) -> [String] {
        guard let mark = path.firstIndex(of: "?") else { return [] }
        var components = URLComponents()
        components.percentEncodedQuery = String(path[path.index(after: mark)...])
        return (components.queryItems ?? []).map { "\($0.name)=\($0.value ?? "<nil>")" }
    }

    @Test(
        "items are URLComponents' items: order, repeats, no value, percent-decoding, + kept",
        arguments: [
            "releases", "releases?", "releases?limit=1&offset=0", "r?a=1&a=2", "r?flag&b=", "r?q=a%20b%2Fc", "r?q=a+b",
            "r?%E2%9C%93=%E2%9C%93", "r?a=1&&b=2",
        ])
    func matchesFoundation(_ path: String) {
        #expect(Self.items(path) == Self.foundationItems(path))
    }
}
