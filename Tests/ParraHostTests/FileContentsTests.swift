import Foundation
import ParraFileSystem
import ParraTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Whole files read with POSIX calls, as `Data(contentsOf:)` reads them.
@Suite("File contents with POSIX reads")
struct FileContentsTests {
    @Test("a file reads as Foundation reads it: empty, small, and larger than one read")
    func reads() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for size in [0, 1, 4095, 4096, 300_000] {
            let file = folder.appendingPathComponent("f\(size)")
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            try Data(bytes).write(to: file)
            #expect(try FileContents.read(file.path) == bytes, "\(size) bytes")
            #expect(try FileContents.readIfPresent(file.path) == bytes, "\(size) bytes")
        }
    }

    @Test("a file whose size stat does not know (/proc) is read to its end")
    func unknownSize() throws {
        let text = String(decoding: try FileContents.read("/proc/self/status"), as: UTF8.self)
        #expect(text.hasPrefix("Name:"))
        #expect(text.contains("\nVmRSS:") || text.contains("\nPid:"))
    }

    @Test("missing is nil for readIfPresent and ENOENT for read; a folder is EISDIR for both")
    func failures() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("missing").path
        #expect(try FileContents.readIfPresent(missing) == nil)
        #expect(throws: FileError(path: missing, code: ENOENT)) { try FileContents.read(missing) }
        let error = #expect(throws: FileError.self) { try FileContents.readIfPresent(folder.path) }
        #expect(error?.code == EISDIR)
        #expect(error?.description == "\(folder.path): Is a directory")
    }

    @Test("exists and isFolder follow links; a broken link does not exist")
    func existence() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("file").path
        #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
        #expect(symlink(folder.path, folder.appendingPathComponent("to-folder").path) == 0)
        #expect(symlink("nowhere", folder.appendingPathComponent("broken").path) == 0)
        #expect(FileContents.exists(file) && !FileContents.isFolder(file))
        #expect(FileContents.exists(folder.path) && FileContents.isFolder(folder.path))
        #expect(FileContents.isFolder(folder.appendingPathComponent("to-folder").path))
        #expect(!FileContents.exists(folder.appendingPathComponent("broken").path))
        #expect(!FileContents.exists(folder.appendingPathComponent("missing").path))
    }
}
