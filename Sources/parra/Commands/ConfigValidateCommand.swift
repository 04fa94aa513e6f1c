import Foundation
import Parra

/// `parra config validate FILE`: checks a JSON config file against the loaded modules' options.
struct ConfigValidateCommand: Command {
    let name = "validate"
    let summary = "Check a JSON config file against the option keys of the loaded modules"
    let details = """
        Prints each problem on its own line (file, key path, rule broken), then each value the
        file sets. Every rule a module declares for its keys is checked (type, allowed values,
        and its schema: ranges, kinds, members, items), with the words a running app uses to
        refuse the value; no module code runs but the entry symbol. The file is checked on its
        own: environment variables are not applied.
        Exit status: 0 when the file has no problems, 1 when it has, 2 for a usage error.
        """
    let arguments = ArgumentSpec(
        options: [.pluginPath],
        positionals: PositionalSpec(name: "FILE", minimum: 1, maximum: 1, help: "The JSON config file"))

    func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let file = URL(fileURLWithPath: arguments.positionals[0])
        let runtime = ModuleLoader.load(
            searchPath: ModuleLoader.searchPath(pluginPaths: arguments.values(OptionSpec.pluginPath.name)),
            configFile: file, logsOptionProblems: false)
        let problems = runtime.report.optionProblems
        console.print(lines: problems)
        for option in runtime.options.all where option.source == .configFile(path: file.path) {
            console.print("\(option.schema.key) = \(option.value.json) (from \(file.path))")
        }
        console.print(problems.isEmpty ? "\(file.path): no problems" : "\(file.path): \(problems.count) problem(s)")
        return problems.isEmpty ? .success : .problemsFound
    }
}
