import CParraPlugin
import Foundation
import ParraTestSupport
import Testing

/// The released layouts of `parra_plugin.h`, proven unchanged with libabigail (Debian's
/// `abigail-tools`, which `.ci/run` installs): a probe library built from the header with debug
/// info is dumped with `abidw` and compared by `abidiff` with each committed baseline in
/// `Tests/Fixtures/ABI`: `parra_plugin.abi` (1.0 to 1.4) and one `parra_plugin-MAJOR.MINOR.abi`
/// per later release that added types. A changed or removed layout fails; what a later minor adds
/// (a new probe function) is not a change. A baseline is never rewritten: a new minor adds its
/// types in a new probe function in `abi_probe.c`, and
/// `PARRA_UPDATE_ABI_BASELINE=1 swift test --filter ABIBaselineTests` writes that minor's
/// baseline, once, to commit with the header.
@Suite("The ABI baseline (abidiff)")
struct ABIBaselineTests {
    private static let folder = CFixtureBuilder.repositoryRoot.appendingPathComponent("Tests/Fixtures/ABI")
    private static let currentBaseline = folder.appendingPathComponent(
        "parra_plugin-\(PARRA_ABI_VERSION_MAJOR).\(PARRA_ABI_VERSION_MINOR).abi")

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

    /// Every committed baseline, oldest first.
    private func baselines() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { $0.hasPrefix("parra_plugin") && $0.hasSuffix(".abi") }
            .sorted()
            .map { Self.folder.appendingPathComponent($0) }
    }

    @Test("the header's layouts match every committed baseline")
    func layoutsUnchanged() throws {
        let work = try CFixtureBuilder.makeTemporaryDirectory()
        let probe = try CFixtureBuilder.build(
            "abi_probe.so", defines: [], in: work, source: Self.folder.appendingPathComponent("abi_probe.c"),
            debugInfo: true)
        let current = work.appendingPathComponent("current.abi")
        let dump = try run("abidw", ["--no-corpus-path", "--no-comp-dir-path", "--out-file", current.path, probe.path])
        try #require(dump.status == 0, "abidw failed: \(dump.output)")
        if ProcessInfo.processInfo.environment["PARRA_UPDATE_ABI_BASELINE"] == "1",
            !FileManager.default.fileExists(atPath: Self.currentBaseline.path)
        {
            try FileManager.default.copyItem(at: current, to: Self.currentBaseline)
        }
        let baselines = try baselines()
        try #require(
            baselines.contains(Self.currentBaseline),
            "no baseline for ABI \(PARRA_ABI_VERSION_MAJOR).\(PARRA_ABI_VERSION_MINOR): write it with PARRA_UPDATE_ABI_BASELINE=1 swift test --filter ABIBaselineTests"
        )
        for baseline in baselines {
            let diff = try run("abidiff", ["--no-added-syms", baseline.path, current.path])
            #expect(
                diff.status == 0,
                "parra_plugin.h changed a layout \(baseline.lastPathComponent) records (abidiff status \(diff.status)). A released layout never changes: append new types for a new minor in a new probe function.\n\(diff.output)"
            )
        }
    }
}
