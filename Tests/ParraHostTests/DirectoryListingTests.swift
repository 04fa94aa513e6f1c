import Foundation
import ParraFileSystem
import ParraTestSupport
import Testing

/// The host's folder listings (the module search path, the quarantine journals).
@Suite("Folder listings with readdir")
struct DirectoryListingTests {
    @Test("a folder's names are what FileManager lists: files, folders and links, any UTF-8, no . or ..")
    func names() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["libA.so", "é tude.txt", ".hidden", "日本"] {
            _ = FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data())
        }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("sub"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("link.so").path, withDestinationPath: "libA.so")
        let listed = try #require(DirectoryListing.names(in: folder.path))
        #expect(listed.sorted() == (try FileManager.default.contentsOfDirectory(atPath: folder.path)).sorted())
        #expect(listed.count == 6)
        #expect(DirectoryListing.names(in: folder.appendingPathComponent("sub").path) == [])
    }

    @Test("a missing path or a file is nil")
    func unreadable() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("plain")
        _ = FileManager.default.createFile(atPath: file.path, contents: Data("x".utf8))
        #expect(DirectoryListing.names(in: file.path) == nil)
        #expect(DirectoryListing.names(in: folder.appendingPathComponent("missing").path) == nil)
    }
}
