import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Holds a loader of a helper library (one the host or a module opens itself) to the module
/// file's rule: a copy others may write is refused without being loaded (its constructor never
/// runs), and the reason names the mode; the same file made 0644 is loaded, and refused only for
/// the functions it lacks (`lacking`). `open` loads the library at a path and returns its
/// failure's text, or nil.
package func expectHelperLibraryTrusted(
    named fileName: String, lacking: String, _ open: (String) -> String?
) throws {
    let (library, marker) = try CFixtureBuilder.constructorMarker(
        fileName, in: CFixtureBuilder.makeTemporaryDirectory())
    #expect(chmod(library.path, 0o666) == 0)
    let refusal = try #require(open(library.path))
    #expect(
        refusal.contains("\(library.path) is not loaded: writable by others than its owner (mode 666)"), "\(refusal)")
    #expect(!FileManager.default.fileExists(atPath: marker), "the library was loaded")
    #expect(chmod(library.path, 0o644) == 0)
    let lacks = try #require(open(library.path))
    #expect(lacks.contains(lacking), "\(lacks)")
    #expect(FileManager.default.fileExists(atPath: marker), "the trusted library was not loaded")
}
