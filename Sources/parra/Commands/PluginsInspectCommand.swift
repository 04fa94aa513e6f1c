import Foundation
import Parra
import ParraRuntime

/// `parra plugins inspect FILE...`: everything the named module files declare.
struct PluginsInspectCommand: Command {
    let name = "inspect"
    let summary = "Show everything module files declare: identity, options, hooks, points"
    let details = """
        Each FILE is loaded on its own, through validation only, ignoring PARRA_PLUGIN_PATH and the
        standard locations; a folder stands for the .so files in it. Each is first opened in a
        child process, so one that crashes, exits or hangs is refused instead of fatal.
        Exit status: 0 when every file loads, 1 when a file is refused, 2 for a usage error.
        """
    let arguments = ArgumentSpec(
        options: [.json],
        positionals: PositionalSpec(
            name: "FILE", minimum: 1, maximum: nil, help: "A module file (.so) or a folder of them"))

    /// One file's result, as `--json` prints it.
    private struct FileReport: Encodable {
        let file: String
        let outcome: LoadReport.Record.Outcome
        let phase: LoadPhase?
        let reason: String?
        let module: ModuleDescription?
        let warnings: [String]
    }

    func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let reports = arguments.positionals.flatMap(inspect)
        if arguments.isSet(OptionSpec.json.name) {
            console.print(try JSONOutput.text(["files": reports]))
        } else {
            console.print(lines: Array(reports.map(text).joined(separator: [""])))
        }
        return reports.contains { $0.outcome == .refused } ? .problemsFound : .success
    }

    /// Loads `file` in a runtime of its own, so that files are inspected independently (two
    /// versions of one module both show).
    private func inspect(_ file: String) -> [FileReport] {
        let runtime = ModuleLoader.load(searchPath: ModuleLoader.searchPath(onlyFiles: [file]))
        return runtime.report.records.map { record in
            let module = record.outcome == .loaded ? module(for: record, in: runtime) : nil
            return FileReport(
                file: record.file, outcome: record.outcome, phase: record.phase, reason: record.reason,
                module: module.map { ModuleDescription($0.declaration) }, warnings: record.warnings)
        }
    }

    /// The module loaded from `record`'s file: the runtime keeps the resolved path.
    private func module(for record: LoadReport.Record, in runtime: ModuleRuntime) -> LoadedModule? {
        let resolved = URL(fileURLWithPath: record.file).resolvingSymlinksInPath().path
        return runtime.usableModules.first { $0.file == resolved }
    }

    private func text(_ report: FileReport) -> [String] {
        var lines = ["File: \(report.file)"]
        switch report.outcome {
        case .refused:
            lines.append("  refused [\(report.phase?.rawValue ?? "?")] \(report.reason ?? "")")
        case .skipped:
            lines.append("  skipped: \(report.reason ?? "")")
        case .loaded:
            lines += [""] + (report.module?.lines ?? [])
        }
        if !report.warnings.isEmpty {
            lines += ["", "Warnings"] + report.warnings.map { "  \($0)" }
        }
        return lines
    }
}
