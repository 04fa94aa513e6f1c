import Foundation
import Parra
import ParraRuntime

/// `parra config show`: every option's resolved value and the layer it came from.
struct ConfigShowCommand: Command {
    let name = "show"
    let summary = "Show every option's resolved value and where it came from"
    let details = """
        Layers, lowest first: module default, config file (--config, else PARRA_CONFIG_FILE),
        environment variables of this process.
        With --app BUNDLE_ID: what that app's last launch resolved, ParraConfiguration (code)
        included, read from $XDG_DATA_HOME/parra/BUNDLE_ID/resolved-options.json.
        Exit status: 0, 1 when a supplied value was refused (see standard error), 2 for a usage error.
        """
    let arguments = ArgumentSpec(
        options: [
            .pluginPath, .value("--config", "FILE", help: "The JSON config file (default: $PARRA_CONFIG_FILE)"),
            .value("--app", "BUNDLE_ID", help: "Show what this app's last launch resolved"),
        ])

    func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let environment = ProcessInfo.processInfo.environment
        if let bundleID = arguments.value("--app") {
            return try showRecord(of: bundleID, environment: environment, console: console)
        }
        let configFile = (arguments.value("--config") ?? environment["PARRA_CONFIG_FILE"]).map(
            URL.init(fileURLWithPath:))
        let runtime = ModuleLoader.load(
            searchPath: ModuleLoader.searchPath(pluginPaths: arguments.values(OptionSpec.pluginPath.name)),
            configFile: configFile, optionEnvironment: environment)
        let options = runtime.options.all
        if options.isEmpty {
            console.print("No option keys: no module loaded.")
        } else {
            let rows = options.map { (label: "\($0.schema.key) = \($0.value.json)", value: "(\($0.source))") }
            console.print(lines: AlignedColumns.lines(rows, indent: 0))
        }
        return runtime.report.optionProblems.isEmpty ? .success : .problemsFound
    }

    /// Prints the options an app recorded at its last launch.
    private func showRecord(of bundleID: String, environment: [String: String], console: Console) throws -> ExitStatus {
        let record: ResolvedOptionsRecord
        do {
            record = try ResolvedOptionsRecord.read(bundleID: bundleID, environment: environment)
        } catch {
            console.printError("no resolved options recorded for \(bundleID): run the app once (\(error))")
            return .problemsFound
        }
        if record.options.isEmpty { console.print("No option keys: the app loaded no module.") }
        let rows = record.options.map { (label: "\($0.key) = \($0.value)", value: "(\($0.source))") }
        console.print(lines: AlignedColumns.lines(rows, indent: 0))
        for problem in record.problems { console.print("problem: \(problem)") }
        return record.problems.isEmpty ? .success : .problemsFound
    }
}
