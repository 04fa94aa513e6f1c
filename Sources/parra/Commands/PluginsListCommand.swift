import Parra
import ParraRuntime

/// `parra plugins list`: every file the host finds, what became of it and why.
struct PluginsListCommand: Command {
    let name = "list"
    let summary = "List every module file found, whether it loads, and why not"
    let details = """
        Runs the host through validation only. Each file is first opened in a child process,
        so a module whose constructors, entry symbol or descriptor crash, exit or hang (5 s) is
        refused and named instead of taking this command down; the others then load here, where
        of a module's code only its constructors (run by dlopen) and entry symbol run.
        Exit status: 0 when nothing was refused, 1 when a file was refused, 2 for a usage error.
        """
    let arguments = ArgumentSpec(options: [.pluginPath, .json])

    /// What `--json` prints.
    private struct Output: Encodable {
        /// One searched location.
        struct Location: Encodable {
            let path: String
            let origin: String
        }

        let searched: [Location]
        let modules: [LoadReport.Record]
    }

    func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let searchPath = ModuleLoader.searchPath(pluginPaths: arguments.values(OptionSpec.pluginPath.name))
        let report = ModuleLoader.load(searchPath: searchPath).report
        if arguments.isSet(OptionSpec.json.name) {
            let searched = searchPath.locations.map { Output.Location(path: $0.path, origin: $0.origin) }
            console.print(try JSONOutput.text(Output(searched: searched, modules: report.records)))
        } else {
            console.print(lines: text(report))
        }
        return report.refused.isEmpty ? .success : .problemsFound
    }

    private func text(_ report: LoadReport) -> [String] {
        var lines = ["Searched:"] + report.searched.map { "  \($0)" } + [""]
        if report.records.isEmpty {
            lines.append("No module files found.")
        }
        for record in report.records {
            lines.append("\(record.outcome.rawValue) \(record.file)")
            lines += AlignedColumns.lines(rows(record), indent: 2)
        }
        let skipped = report.records.count - report.loaded.count - report.refused.count
        lines += [
            "",
            "\(report.records.count) file(s): \(report.loaded.count) loaded, \(report.refused.count) refused, "
                + "\(skipped) skipped",
        ]
        return lines
    }

    /// The record's fields that are known, in a fixed order; the lists only once the
    /// descriptor was read.
    private func rows(_ record: LoadReport.Record) -> [(label: String, value: String)] {
        let descriptorRead = record.moduleID != nil
        func list(_ items: [String]) -> String? {
            guard descriptorRead else { return nil }
            return items.isEmpty ? "-" : items.joined(separator: ", ")
        }
        let fields: [(String, String?)] = [
            ("origin", record.origin),
            ("phase", record.phase?.rawValue),
            ("reason", record.reason),
            ("module", record.moduleID),
            ("name", record.name),
            ("version", record.version),
            ("ABI", record.abi),
            ("options", list(record.optionKeys)),
            ("override points", list(record.overridePoints)),
            ("extension points", list(record.extensionPoints)),
            ("warnings", record.warnings.isEmpty ? nil : record.warnings.joined(separator: "; ")),
        ]
        return fields.compactMap { label, value in value.map { (label, $0) } }
    }
}
