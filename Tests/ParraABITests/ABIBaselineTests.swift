import Foundation
import ParraTestSupport
import Testing

/// The released layouts of `parra_plugin.h`, proven unchanged with libabigail (Debian's
/// `abigail-tools`, which `.ci/run` installs): a probe library built from the header with debug
/// info is dumped with `abidw` and compared with the committed baseline
/// (`Tests/Fixtures/ABI/parra_plugin.abi`) by `abidiff`. A layout change fails; appending fields
/// for a new minor changes it too, on purpose: then rewrite the baseline with
/// `PARRA_UPDATE_ABI_BASELINE=1 swift test --filter ABIBaselineTests` and commit it with the
/// header.
@Suite("The ABI baseline (abidiff)")
struct ABIBaselineTests {
    private static let folder = CFixtureBuilder.repositoryRoot.appendingPathComponent("Tests/Fixtures/ABI")
    private static let baseline = folder.appendingPathComponent("parra_plugin.abi")

    /// Runs `tool` with `arguments`; its status and what it printed.
    private func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let candidates = ["/usr/bin/\(tool)", "/usr/local/bin/\(tool)"]
        guard let path = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw CFixtureBuilder.BuildError(
                "\(tool) is missing: install Debian's abigail-tools (apt-get install -y abigail-tools), as .ci/run does"
            )
        }
        return try ChildProcess.run(path, arguments)
    }

    @Test("the header's layouts match the committed baseline")
    func layoutsUnchanged() throws {
        let work = try CFixtureBuilder.makeTemporaryDirectory()
        let probe = try CFixtureBuilder.build(
            "abi_probe.so", defines: [], in: work, source: Self.folder.appendingPathComponent("abi_probe.c"),
            debugInfo: true)
        let current = work.appendingPathComponent("current.abi")
        let dump = try run("abidw", ["--no-corpus-path", "--no-comp-dir-path", "--out-file", current.path, probe.path])
        try #require(dump.status == 0, "abidw failed: \(dump.output)")
        if ProcessInfo.processInfo.environment["PARRA_UPDATE_ABI_BASELINE"] == "1" {
            try? FileManager.default.removeItem(at: Self.baseline)
            try FileManager.default.copyItem(at: current, to: Self.baseline)
            return
        }
        let diff = try run("abidiff", [Self.baseline.path, current.path])
        #expect(
            diff.status == 0,
            "parra_plugin.h changed a layout the baseline records (abidiff status \(diff.status)). A released layout never changes; if this appends fields for a new minor, rewrite the baseline (PARRA_UPDATE_ABI_BASELINE=1 swift test --filter ABIBaselineTests).\n\(diff.output)"
        )
    }
}
