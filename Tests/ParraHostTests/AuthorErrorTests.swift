import CParraPlugin
import Foundation
import ParraRuntime
import ParraTestSupport
import Testing

/// A refusal tells a module author what to do, not only what is wrong.
@Suite("Refusals that say what to do")
struct AuthorErrorTests {
    /// The reason the host refuses the C fixture built with `defines` (or `source`).
    private func refusal(_ defines: [String], source: URL = CFixtureBuilder.sourceFile) throws -> String {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let file = try CFixtureBuilder.build("author.so", defines: defines, in: folder, source: source)
        let host = try TestHost(paths: [file.path])
        let report = host.runtime.start(through: .validate)
        return try #require(report.refused.first?.reason, "\(report.lines)")
    }

    @Test("a hidden entry symbol: the refusal says the file defines it and to declare it PARRA_EXPORT")
    func hiddenEntry() throws {
        let source = CFixtureBuilder.repositoryRoot.appendingPathComponent("Tests/Fixtures/CModule/hidden_entry.c")
        let reason = try refusal([], source: source)
        #expect(reason.hasPrefix("no entry symbol 'parra_module_entry'; the file defines it but does not export it"))
        #expect(reason.contains("PARRA_EXPORT"))
        #expect(try refusal(["FIXTURE_NO_ENTRY"]) == "no entry symbol 'parra_module_entry'")
    }

    @Test("a struct_size, a combine rule, a string default and a future minor each name the fix")
    func fixes() throws {
        #expect(try refusal(["FIXTURE_SMALL_STRUCT"]).hasSuffix("set it to sizeof(parra_module_descriptor)"))
        let combine = try refusal(["FIXTURE_POINT_COMBINE=PARRA_COMBINE_ALL"])
        #expect(
            combine.contains("combine rule PARRA_COMBINE_ALL does not fit return type void; use PARRA_COMBINE_NONE"))
        #expect(
            try refusal(["FIXTURE_POINT_RETURNS_F64"]).hasSuffix(
                "no combine rule fits f64: an extension point returns void, bool or an integer"))
        let unquoted = try refusal(["FIXTURE_UNQUOTED_DEFAULT"])
        #expect(unquoted.contains("default hello is not JSON"))
        #expect(unquoted.hasSuffix(#"a string default is quoted JSON: write "\"hello\"" in C"#))
        #expect(
            try refusal(["FIXTURE_ABI_MINOR=\(PARRA_ABI_VERSION_MINOR + 1)"])
                .contains("rebuild it against this host's parra_plugin.h"))
    }
}
