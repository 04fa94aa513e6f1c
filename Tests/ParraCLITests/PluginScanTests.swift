import Foundation
import ParraTestSupport
import Testing

/// `parra plugins` opens each module in a child process first, so a module whose constructors,
/// entry symbol or descriptor crash, exit or hang is refused, named, and the others listed.
@Suite("parra plugins: the scan in a child process")
struct PluginScanTests {
    /// A module of the hostile corpus and the reason the scan gives.
    struct Fault: Sendable, CustomTestStringConvertible {
        let defines: [String]
        let phase: String
        let reason: String

        var testDescription: String { defines.joined(separator: " ") }
    }

    static let faults = [
        Fault(
            defines: ["FAULT_PHASE=FAULT_IN_CONSTRUCTOR", "FAULT_KIND=FAULT_SEGV"], phase: "open",
            reason: "crashed the process (SIGSEGV) in dlopen"),
        Fault(
            defines: ["FAULT_PHASE=FAULT_IN_CONSTRUCTOR", "FAULT_KIND=FAULT_ABORT"], phase: "open",
            reason: "crashed the process (SIGABRT) in dlopen"),
        Fault(
            defines: ["FAULT_PHASE=FAULT_IN_CONSTRUCTOR", "FAULT_KIND=FAULT_QUICK_EXIT"], phase: "open",
            reason: "ended the process (exit 4) in dlopen"),
        Fault(
            defines: ["FAULT_PHASE=FAULT_IN_CONSTRUCTOR", "FAULT_KIND=FAULT_HANG"], phase: "open",
            reason: "hung in dlopen for 5 s"),
        Fault(
            defines: ["FAULT_PHASE=FAULT_IN_ENTRY", "FAULT_KIND=FAULT_SEGV"], phase: "entry",
            reason: "crashed the process (SIGSEGV) in entry"),
        Fault(
            defines: ["FAULT_PHASE=FAULT_IN_ENTRY", "FAULT_KIND=FAULT_EXIT"], phase: "entry",
            reason: "ended the process (exit 3) in entry"),
        Fault(
            defines: ["FAULT_PHASE=FAULT_IN_ENTRY", "FAULT_KIND=FAULT_HANG"], phase: "entry",
            reason: "hung in entry for 5 s"),
        Fault(defines: ["FAULT_WILD_ID"], phase: "validate", reason: "crashed the process (SIGSEGV) in descriptor"),
        Fault(
            defines: ["FAULT_UNTERMINATED_NAME"], phase: "validate",
            reason: "crashed the process (SIGSEGV) in descriptor"),
    ]

    @Test("list names a module that takes the scan down, and lists the healthy one beside it", arguments: faults)
    func list(_ fault: Fault) throws {
        let workspace = try CLIWorkspace()
        let good = try workspace.module("good.so")
        let bad = try CFixtureBuilder.build(
            "bad.so", defines: fault.defines, in: workspace.folder, source: HostileCorpusTests.faultSource
        ).path
        let result = try workspace.parra("plugins", "list", "--plugin-path", good, "--plugin-path", bad)
        #expect(result.status == 1, "\(result.transcript)")
        let lines = result.outputLines
        #expect(lines.contains("loaded \(good)"), "\(result.transcript)")
        #expect(lines.contains("refused \(bad)"), "\(result.transcript)")
        #expect(
            lines.contains("  reason  \(fault.reason) when scanned in a child process; not opened here"),
            "\(result.transcript)")
        #expect(lines.contains("  phase   \(fault.phase)"), "\(result.transcript)")
    }

    @Test("inspect and config validate survive a crashing module too")
    func inspectAndValidate() throws {
        let workspace = try CLIWorkspace()
        let bad = try CFixtureBuilder.build(
            "bad.so", defines: ["FAULT_PHASE=FAULT_IN_ENTRY", "FAULT_KIND=FAULT_ABORT"], in: workspace.folder,
            source: HostileCorpusTests.faultSource
        ).path
        let inspect = try workspace.parra("plugins", "inspect", bad)
        #expect(inspect.status == 1, "\(inspect.transcript)")
        #expect(
            inspect.transcript.contains("crashed the process (SIGABRT) in entry when scanned"), "\(inspect.transcript)")
        let config = try workspace.file("config.json", contents: "{}")
        let validate = try workspace.parra("config", "validate", config, "--plugin-path", bad)
        #expect(
            validate.transcript.contains("crashed the process (SIGABRT) in entry when scanned"),
            "\(validate.transcript)")
    }
}
