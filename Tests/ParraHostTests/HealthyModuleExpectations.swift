import Foundation
import Parra
import ParraAPI
import ParraRuntime
import ParraTestSupport
import Testing

// What the bad-input and hostile-module suites share: each loads the module under test beside
// the healthy C fixture, which must come through `.active` and shut down cleanly, with every
// file in temporary folders that the test removes when it ends.

/// The healthy module: the C fixture (Tests/Fixtures/CModule/fixture_module.c) with an id and
/// key prefix of its own.
enum HealthyModule {
    static let id = "com.example.healthy"
    /// What it has logged once `start()` returns.
    static let startedLog = ["init", "configure greeting=hello", "activate"]
    /// What it has logged once `stop()` returns: its whole lifecycle. Any fixture built without a
    /// failure macro logs the same.
    static let lifecycleLog = startedLog + ["deactivate", "shutdown"]

    /// Builds it into `folder` as `healthy.so`; returns its path.
    static func build(in folder: URL) throws -> String {
        try CFixtureBuilder.build(
            "healthy.so", defines: [#"FIXTURE_ID="com.example.healthy""#, #"FIXTURE_KEY_PREFIX="healthy""#], in: folder
        ).path
    }

    /// It loaded from `file` without warnings and is active, having run init, configure and
    /// activate.
    static func expectActive(
        _ host: TestHost, _ report: LoadReport, file: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let record = report.records.first { $0.file == file }
        #expect(record?.outcome == .loaded, "\(report.lines)", sourceLocation: sourceLocation)
        #expect(record?.moduleID == id, sourceLocation: sourceLocation)
        #expect(record?.warnings == [], sourceLocation: sourceLocation)
        let healthy = host.runtime.modules.filter { $0.id == id }
        #expect(healthy.count == 1, sourceLocation: sourceLocation)
        #expect(healthy.first?.state == .active, "\(report.lines)", sourceLocation: sourceLocation)
        #expect(healthy.first?.refusal == nil, sourceLocation: sourceLocation)
        let messages = host.log.messages(from: id)
        #expect(messages == startedLog, "\(messages)", sourceLocation: sourceLocation)
    }

    /// Stops the host (twice, which must be harmless) and checks that it ran its whole lifecycle
    /// exactly once, and that every usable module is shut down.
    static func stopAndExpectShutDown(_ host: TestHost, sourceLocation: SourceLocation = #_sourceLocation) {
        host.runtime.stop()
        host.runtime.stop()
        let messages = host.log.messages(from: id)
        #expect(messages == lifecycleLog, "\(messages)", sourceLocation: sourceLocation)
        #expect(host.runtime.modules.first { $0.id == id }?.state == .shutDown, sourceLocation: sourceLocation)
        #expect(host.runtime.usableModules.allSatisfy { $0.state == .shutDown }, sourceLocation: sourceLocation)
    }
}

/// The module under test and the healthy module, built, and an empty storage folder: what a
/// test's host loads. Codable, so an exit test can take it into its child process.
struct BesideHealthy: Codable, Sendable {
    /// The module under test.
    let file: String
    /// The healthy module.
    let healthy: String
    /// The host's storage folder.
    let storage: String

    /// Makes the module under test with `build` in a new folder of `temporary`, then the healthy
    /// module in that folder (or in a new one when `healthyApart`), then the storage folder.
    init(temporary: TemporaryFolders, healthyApart: Bool = false, build: (URL) throws -> String) throws {
        let folder = try temporary.make()
        file = try build(folder)
        healthy = try HealthyModule.build(in: healthyApart ? try temporary.make() : folder)
        storage = try temporary.make().path
    }

    /// The module under test, then the healthy module.
    var paths: [String] { [file, healthy] }

    var storageURL: URL { URL(fileURLWithPath: storage) }

    /// A host (not started) searching only the module under test and the healthy module, the
    /// module under test first unless `healthyFirst`.
    func makeHost(
        healthyFirst: Bool = false, mainQueue: DispatchQueue = .main, apiService: ParraAPIService? = nil
    ) throws -> TestHost {
        try TestHost(
            paths: healthyFirst ? [healthy, file] : paths, storage: storageURL, mainQueue: mainQueue,
            apiService: apiService)
    }
}

/// Temporary folders (mode 0755, from `CFixtureBuilder`) that a test removes when it ends.
final class TemporaryFolders {
    private var folders: [URL] = []

    func make() throws -> URL {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        folders.append(folder)
        return folder
    }

    func removeAll() {
        for folder in folders { try? FileManager.default.removeItem(at: folder) }
        folders = []
    }
}

/// The one record for `file`, refused at `phase` with every fragment in its reason.
@discardableResult
func expectRefused(
    _ report: LoadReport, file: String, phase: LoadPhase, reasonContains fragments: [String],
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> LoadReport.Record {
    let matching = report.records.filter { $0.file == file }
    #expect(matching.count == 1, "records for \(file): \(report.lines)", sourceLocation: sourceLocation)
    let record = try #require(matching.first, "no record for \(file): \(report.lines)", sourceLocation: sourceLocation)
    #expect(record.outcome == .refused, "\(record.summary)", sourceLocation: sourceLocation)
    #expect(record.phase == phase, "\(record.summary)", sourceLocation: sourceLocation)
    let reason = record.reason ?? ""
    for fragment in fragments {
        #expect(reason.contains(fragment), "reason lacks '\(fragment)': \(reason)", sourceLocation: sourceLocation)
    }
    return record
}
