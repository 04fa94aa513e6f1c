import Foundation
import ParraRuntime

/// `parra plugins remove ID|FILE`: takes out of a module folder the file that provides module
/// ID, or the file named FILE.
struct PluginsRemoveCommand: Command {
    let name = "remove"
    let summary = "Remove an installed module, by its id"
    let details = """
        Removes from the folder --app or --system names (by default the one every app of this
        user loads from) the file that provides module ID, as `parra plugins install` put it there,
        or the module file named FILE (libName.so), which also takes out a file the host now refuses
        and so cannot name by its id.
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
        if moduleID.hasSuffix(".so") {
            guard !moduleID.contains("/"), !moduleID.hasPrefix(".") else {
                throw UsageError("'\(moduleID)' is not a file name in the folder (no slash, no leading dot)")
            }
            let file = (folder.path as NSString).appendingPathComponent(moduleID)
            guard FileManager.default.fileExists(atPath: file) else {
                console.printError("\(folder.path) has no \(moduleID)")
                return .problemsFound
            }
            return remove(file, named: moduleID, from: folder, console: console)
        }
        let modules = folder.modules()
        guard let file = modules.first(where: { $0.moduleID == moduleID })?.file else {
            let there = modules.compactMap(\.moduleID)
            console.printError(
                "no module file in \(folder.path) provides \(moduleID)"
                    + (there.isEmpty ? "" : " (it holds \(there.joined(separator: ", ")))"))
            return .problemsFound
        }
        return remove(file, named: moduleID, from: folder, console: console)
    }

    /// Removes `file`, which `name` (an id or file name) chose, and says so.
    private func remove(_ file: String, named name: String, from folder: PluginFolder, console: Console) -> ExitStatus {
        do {
            try FileManager.default.removeItem(atPath: file)
        } catch {
            console.printError("cannot remove \(file): \(error.localizedDescription)")
            return .problemsFound
        }
        console.print("removed \(file) (\(name)); \(folder.loadedBy) no longer loads it from its next start")
        return .success
    }
}
