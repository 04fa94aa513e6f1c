import Foundation
import ParraFileSystem
import ParraTestSupport
import Testing

@testable import ParraAPI
@testable import ParraRuntime

#if canImport(Glibc)
    import Glibc
#endif

/// The ownership rule, as OpenSSH's StrictModes: nobody but the app's user or root can have
/// written or be able to replace a module the host opens.
@Suite("Module trust check")
struct TrustCheckTests {
    /// A user other than this one and root, for the cases only root can set up.
    private static let otherUser: uid_t = 65534
    private static let isRoot = geteuid() == 0

    /// The reason the host refuses the fixture at `path`, or nil when it loads.
    private func refusal(of path: String) throws -> String? {
        let host = try TestHost(paths: [path])
        let report = host.runtime.start(through: .validate)
        defer { host.runtime.stop() }
        if let refused = report.refused.first { return refused.reason }
        #expect(report.loaded.count == 1, "\(report.lines)")
        return nil
    }

    /// A fixture built in `folder`.
    private func fixture(in folder: URL) throws -> URL {
        try CFixtureBuilder.build("trust.so", defines: [#"FIXTURE_ID="com.test.trust""#], in: folder)
    }

    @Test(
        "the folders checked above a path: each one up to /, however many slashes separate them",
        arguments: [
            ("/a/b/c.so", ["/a/b", "/a", "/"]), ("/a//b///c.so", ["/a//b", "/a", "/"]), ("a/b.so", ["a"]),
            ("relative.so", []), ("/", ["/"]), ("//a", ["/"]), ("/a/", ["/"]), ("/é/ü.so", ["/é", "/"]),
        ])
    func foldersAbove(path: String, folders: [String]) {
        #expect(FileTrust.folders(above: path) == folders)
    }

    @Test("a module file replaced after its check, before dlopen, is refused: the file checked is the file loaded")
    func replacedAfterCheck() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let module = try fixture(in: folder)
        // A file the rule refuses (others may write it), put in the checked file's place.
        let other = try CFixtureBuilder.build("other.so", defines: [#"FIXTURE_ID="com.test.swapped""#], in: folder)
        #expect(chmod(other.path, 0o666) == 0)
        var settings = TestHost.settings(
            paths: [module.path], storage: try CFixtureBuilder.makeTemporaryDirectory(), log: RecordingLog())
        // Called between the check and the load, as a swap would come.
        settings.screen = { path in
            #expect(rename(other.path, path) == 0)
            return nil
        }
        let runtime = ModuleRuntime(settings: settings)
        let report = runtime.start(through: .validate)
        defer { runtime.stop() }
        #expect(report.loaded.isEmpty, "\(report.lines)")
        let reason = try #require(report.refused.first?.reason)
        #expect(reason.hasPrefix("the file was replaced after its check (device "), "\(reason)")
        #expect(reason.hasSuffix("before it was opened"), "\(reason)")
    }

    @Test("a file its group may write is refused, with its mode")
    func groupWritableFile() throws {
        let file = try fixture(in: CFixtureBuilder.makeTemporaryDirectory())
        #expect(chmod(file.path, 0o664) == 0)
        let reason = try #require(try refusal(of: file.path))
        #expect(reason.hasPrefix("writable by others than its owner (mode 664)"))
    }

    @Test("a folder above the module's that others may write is refused by name; with the sticky bit it is not")
    func openFolderAbove() throws {
        let open = try CFixtureBuilder.makeTemporaryDirectory()
        let inner = open.appendingPathComponent("inner")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: false)
        #expect(chmod(inner.path, 0o755) == 0)
        let file = try fixture(in: inner)
        #expect(chmod(open.path, 0o777) == 0)
        let reason = try #require(try refusal(of: file.path))
        #expect(reason.hasPrefix("the folder \(open.path) above it is writable by others than its owner (mode 777)"))
        #expect(chmod(open.path, 0o1777) == 0)
        #expect(try refusal(of: file.path) == nil)
    }

    @Test("a link in a trusted folder to a module in an open one is refused, naming the target's folder")
    func linkToOpenFolder() throws {
        let open = try CFixtureBuilder.makeTemporaryDirectory()
        let file = try fixture(in: open)
        #expect(chmod(open.path, 0o757) == 0)
        let trusted = try CFixtureBuilder.makeTemporaryDirectory()
        let link = trusted.appendingPathComponent("link.so")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)
        let reason = try #require(try refusal(of: link.path))
        #expect(reason.hasPrefix("its folder \(open.path) is writable by others than its owner (mode 757)"))
    }

    @Test("a module or folder owned by another user is refused", .enabled(if: isRoot, "needs root to chown"))
    func otherOwner() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let file = try fixture(in: folder)
        #expect(chown(file.path, Self.otherUser, Self.otherUser) == 0)
        let reason = try #require(try refusal(of: file.path))
        #expect(reason.hasPrefix("owned by uid \(Self.otherUser), neither this user (uid 0) nor root"))
        #expect(chown(file.path, 0, 0) == 0)
        #expect(try refusal(of: file.path) == nil)
        #expect(chown(folder.path, Self.otherUser, Self.otherUser) == 0)
        let folderReason = try #require(try refusal(of: file.path))
        #expect(folderReason.hasPrefix("its folder \(folder.path) is owned by uid \(Self.otherUser)"))
    }

    @Test("every symbolic link on the way to the file is found, those in the links' targets too")
    func linksOnTheWay() throws {
        let root = try CFixtureBuilder.makeTemporaryDirectory().path
        let real = root + "/real"
        try FileManager.default.createDirectory(atPath: real, withIntermediateDirectories: false)
        #expect(FileManager.default.createFile(atPath: real + "/m.so", contents: Data()))
        #expect(symlink("real", root + "/folder") == 0)
        #expect(symlink("folder/m.so", root + "/second") == 0)
        #expect(symlink(root + "/second", root + "/first") == 0)
        let links = FileTrust.links(resolving: root + "/first").map(\.path)
        #expect(links == [root + "/first", root + "/second", root + "/folder"])
        #expect(FileTrust.links(resolving: real + "/../real/m.so").isEmpty)
    }

    @Test(
        "a link owned by another user, planted in a folder anybody may write, is refused; the user's own is not",
        .enabled(if: isRoot, "needs root to chown"))
    func plantedLink() throws {
        let open = try CFixtureBuilder.makeTemporaryDirectory()
        #expect(chmod(open.path, 0o1777) == 0)
        let file = try fixture(in: CFixtureBuilder.makeTemporaryDirectory())
        let link = open.appendingPathComponent("planted.so").path
        #expect(symlink(file.path, link) == 0)
        #expect(lchown(link, Self.otherUser, Self.otherUser) == 0)
        let reason = try #require(try refusal(of: link))
        #expect(
            reason
                == "the symbolic link \(link) on its path is owned by uid \(Self.otherUser), neither this user (uid 0) nor root; its owner could point it at another file"
        )
        #expect(lchown(link, 0, 0) == 0)
        #expect(try refusal(of: link) == nil)
    }

    @Test("the HTTP transport library the API client opens itself passes the module file's rule first")
    func transportLibrary() throws {
        try expectHelperLibraryTrusted(
            named: "libparra-http.so", lacking: "lacks the parra_http_* functions"
        ) {
            path in
            if case .failure(let kind) = HTTPTransportLibrary.open(candidates: [path]) { return "\(kind)" }
            return nil
        }
    }

    @Test("the host's data folders are made 0700, not what the umask gives, intermediate ones too")
    func privateFolders() throws {
        let root = try CFixtureBuilder.makeTemporaryDirectory()
        let nested = root.appendingPathComponent("a/b")
        try PrivateFolder.create(nested.path)
        for folder in [root.appendingPathComponent("a"), nested] {
            var info = stat()
            #expect(stat(folder.path, &info) == 0)
            #expect(info.st_mode & 0o7777 == 0o700, "\(folder.path)")
        }
    }

    @Test("a file where a data folder should be is refused, naming it; an existing folder is kept as it is")
    func privateFolderBlocked() throws {
        let root = try CFixtureBuilder.makeTemporaryDirectory()
        let blocker = root.appendingPathComponent("file")
        #expect(FileManager.default.createFile(atPath: blocker.path, contents: Data()))
        let below = blocker.appendingPathComponent("below").path
        #expect(throws: FileError(path: below, code: ENOTDIR)) { try PrivateFolder.create(below) }
        #expect(throws: FileError(path: blocker.path, code: ENOTDIR)) { try PrivateFolder.create(blocker.path) }
        #expect(chmod(root.path, 0o755) == 0)
        try PrivateFolder.create(root.path)
        var info = stat()
        #expect(stat(root.path, &info) == 0 && info.st_mode & 0o7777 == 0o755)
    }
}
