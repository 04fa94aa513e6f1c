import Foundation
import ParraRuntime

/// `parra plugins install FILE.so`: puts a module where the host looks, with the modes the
/// trust check asks for, once it has loaded through the same checks the host makes.
struct PluginsInstallCommand: Command {
    let name = "install"
    let summary = "Install a module file where apps load it from"
    let details = """
        Copies FILE into the folder --app or --system names (by default the one every app of
        this user loads from, $XDG_DATA_HOME/parra/plugins), as a file only its owner may write,
        in a folder only its owner may write. The copy is first loaded as the host loads it:
        scanned in a child process, trust-checked, its descriptor and options validated. A module
        that fails is not installed, and the reason is printed. A file of the same name is
        replaced; another file with the same module id is not, and is named.
        Exit status: 0 when installed, 1 when the module was refused or cannot be written, 2 for a
        usage error.
        """
    let arguments = ArgumentSpec(
        options: PluginFolder.options,
        positionals: PositionalSpec(name: "FILE", minimum: 1, maximum: 1, help: "The module file (.so)"))

    func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let folder = try PluginFolder(arguments, environment: ProcessInfo.processInfo.environment)
        // The file a link points to: a link installed would let whatever it names change later.
        let source = URL(fileURLWithPath: arguments.positionals[0]).resolvingSymlinksInPath()
        let fileName = source.lastPathComponent
        guard fileName.hasSuffix(".so"), !fileName.hasPrefix("libparra-"), !fileName.hasPrefix(".") else {
            throw UsageError(
                "\(source.path) is not a module file name: it must end in .so, and not start with libparra- (a library a module opens) or a dot"
            )
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source.path, isDirectory: &isFolder), !isFolder.boolValue else {
            throw UsageError("\(source.path) is not a file")
        }
        if let problem = folder.create() {
            console.printError(problem)
            return .problemsFound
        }
        // The copy is checked where it will be loaded from, under a name no host takes.
        let destination = (folder.path as NSString).appendingPathComponent(fileName)
        let staged = (folder.path as NSString).appendingPathComponent(".\(fileName).installing")
        defer { try? FileManager.default.removeItem(atPath: staged) }
        do {
            try? FileManager.default.removeItem(atPath: staged)
            try FileManager.default.copyItem(atPath: source.path, toPath: staged)
        } catch {
            console.printError("cannot copy \(source.path) to \(folder.path): \(error.localizedDescription)")
            return .problemsFound
        }
        guard chmod(staged, 0o644) == 0 else {
            console.printError("cannot set the mode of \(staged): \(String(cString: strerror(errno)))")
            return .problemsFound
        }
        let report = ModuleLoader.load(searchPath: ModuleLoader.searchPath(onlyFiles: [staged])).report
        guard let record = report.records.first, record.outcome == .loaded, let moduleID = record.moduleID else {
            let why =
                report.records.first.map { "[\($0.phase?.rawValue ?? "?")] \($0.reason ?? "")" } ?? "nothing loaded"
            console.printError("refused \(source.path): \(why); not installed")
            return .problemsFound
        }
        if let other = folder.modules().first(where: { $0.moduleID == moduleID && $0.file != destination }) {
            console.printError(
                "\(folder.path) already holds \(moduleID) in \((other.file as NSString).lastPathComponent); remove it first (parra plugins remove \(moduleID))"
            )
            return .problemsFound
        }
        guard rename(staged, destination) == 0 else {
            console.printError("cannot move the module into \(destination): \(String(cString: strerror(errno)))")
            return .problemsFound
        }
        console.print(
            "installed \(destination): \(moduleID) \(record.version ?? "") [ABI \(record.abi ?? "?")]; \(folder.loadedBy) loads it from its next start"
        )
        return .success
    }
}
