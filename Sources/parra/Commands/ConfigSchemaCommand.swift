import Parra

/// `parra config schema`: every option key the loaded modules declare.
struct ConfigSchemaCommand: Command {
    let name = "schema"
    let summary = "List every option key of the loaded modules, with type, default, rules and owner"
    let details = "Exit status: 0, or 2 for a usage error. Refused modules are reported on standard error."
    let arguments = ArgumentSpec(options: [.pluginPath, .json])

    func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let searchPath = ModuleLoader.searchPath(pluginPaths: arguments.values(OptionSpec.pluginPath.name))
        let options = ModuleLoader.load(searchPath: searchPath).options.all.map { OptionDescription($0.schema) }
        if arguments.isSet(OptionSpec.json.name) {
            console.print(try JSONOutput.text(["options": options]))
        } else if options.isEmpty {
            console.print("No option keys: no module loaded.")
        } else {
            console.print(lines: options.flatMap { $0.lines(includingModule: true, indent: 0) })
        }
        return .success
    }
}
