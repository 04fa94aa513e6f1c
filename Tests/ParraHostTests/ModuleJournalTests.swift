import Foundation
import ParraRuntime
import ParraTestSupport
import Testing

/// The quarantine's journal (`module-journal.<pid>` in the storage folder), which names the
/// module call in progress for the next launch to read when a process dies in one.
@Suite("The module journal: kept while modules run, removed by a clean stop")
struct ModuleJournalTests {
    /// The journal files in `storage`.
    private func journals(in storage: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: storage.path).filter {
            $0.hasPrefix("module-journal.")
        }
    }

    @Test("a runtime that stops with every module shut down leaves no journal behind")
    func removedByACleanStop() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let module = try CFixtureBuilder.build("cfixture.so", in: folder)
        let host = try TestHost(paths: [module.path])
        host.runtime.start()
        #expect(try journals(in: host.storage) == ["module-journal.\(getpid())"], "written by the module calls")
        host.runtime.stop()
        #expect(try journals(in: host.storage).isEmpty)
    }

    @Test("runtimes of one process share the journal; the last to stop removes it")
    func sharedUntilTheLastStops() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let module = try CFixtureBuilder.build("cfixture.so", in: folder)
        let storage = try CFixtureBuilder.makeTemporaryDirectory()
        let first = try TestHost(paths: [module.path], storage: storage)
        let second = try TestHost(paths: [module.path], storage: storage)
        first.runtime.start()
        second.runtime.start()
        first.runtime.stop()
        #expect(try journals(in: storage) == ["module-journal.\(getpid())"], "the second runtime still runs")
        second.runtime.stop()
        #expect(try journals(in: storage).isEmpty)
    }
}
