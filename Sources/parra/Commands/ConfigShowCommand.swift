import Foundation
import Parra

/// `parra config show`: every option's resolved value and the layer it came from.
struct ConfigShowCommand: Command {
    let name = "show"
    let summary = "Show every option's resolved value and where it came from"
    let details = """
        Layers, lowest first: module default, config file (--config, else PARRA_CONFIG_FILE),
        environment variables of this process.
        Exit status: 0, 1 when a supplied value was refused (see standard error), 2 for a usage error.
        """
    let arguments = ArgumentSpec(
        options: [.pluginPath, .value("--config", "FILE", help: "The JSON config file (default: $PARRA_CONFIG_FILE)")])

    func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let environment = ProcessInfo.processInfo.environment
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
}
