import Foundation
import ParraRuntime

/// `parra plugins remove ID`: takes out of a module folder the file that provides module ID.
struct PluginsRemoveCommand: Command {
    let name = "remove"
    let summary = "Remove an installed module, by its id"
    let details = """
        Removes from the folder --app or --system names (by default the one every app of this
        user loads from) the file that provides module ID, as `parra plugins install` put it there.
        Exit status: 0 when removed, 1 when no file there provides ID or it cannot be removed, 2
        for a usage error.
        """
    let arguments = ArgumentSpec(
        options: PluginFolder.options,
        positionals: PositionalSpec(
            name: "ID", minimum: 1, maximum: 1, help: "The module's id, e.g. com.example.greeter"))

    func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let moduleID = arguments.positionals[0]
        let folder = try PluginFolder(arguments, environment: ProcessInfo.processInfo.environment)
        let modules = folder.modules()
        guard let file = modules.first(where: { $0.moduleID == moduleID })?.file else {
            let there = modules.compactMap(\.moduleID)
            console.printError(
                "no module file in \(folder.path) provides \(moduleID)"
                    + (there.isEmpty ? "" : " (it holds \(there.joined(separator: ", ")))"))
            return .problemsFound
        }
        do {
            try FileManager.default.removeItem(atPath: file)
        } catch {
            console.printError("cannot remove \(file): \(error.localizedDescription)")
            return .problemsFound
        }
        console.print("removed \(file): \(moduleID); \(folder.loadedBy) no longer loads it from its next start")
        return .success
    }
}
