import Foundation
import ParraFileSystem
import ParraRuntime

/// Where `parra plugins install` and `remove` work: one of the host's standard module folders,
/// chosen with `--app BUNDLE_ID`, `--system`, or neither.
struct PluginFolder {
    /// The folder.
    let path: String
    /// Who loads what is in it, as the commands say it.
    let loadedBy: String
    /// Whether it is the machine's, whose folders others must be able to read (0755), rather
    /// than this user's (0700).
    let isSystem: Bool

    /// The options both commands take.
    static let options: [OptionSpec] = [
        .value("--app", "BUNDLE_ID", help: "The app whose own folder to use ($XDG_DATA_HOME/parra/BUNDLE_ID/plugins)"),
        .flag("--system", help: "The machine's folder (\(ModuleSearchPath.systemFolder)), for every user's apps"),
    ]

    /// The folder `arguments` choose: the app's, the machine's, or every app of this user's.
    init(_ arguments: ParsedArguments, environment: [String: String]) throws {
        switch (arguments.value("--app"), arguments.isSet("--system")) {
        case (let bundleID?, false):
            guard DescriptorReader.isValidModuleID(bundleID) else {
                throw UsageError("'\(bundleID)' is not a reverse-DNS bundle id like com.example.app")
            }
            path = ModuleSearchPath.appFolder(bundleID: bundleID, environment: environment)
            loadedBy = "\(bundleID), for this user,"
            isSystem = false
        case (nil, true):
            path = ModuleSearchPath.systemFolder
            loadedBy = "every app on this machine"
            isSystem = true
        case (nil, false):
            path = ModuleSearchPath.userFolder(environment: environment)
            loadedBy = "every app of this user"
            isSystem = false
        case (_?, true):
            throw UsageError("choose one folder: --app BUNDLE_ID or --system")
        }
    }

    /// Makes the folder and those above it that are missing: 0700 for this user's, 0755 for
    /// the machine's, whatever the umask. Returns why it cannot, or nil.
    func create() -> String? {
        do {
            try PrivateFolder.create(path, mode: isSystem ? 0o755 : 0o700)
            return nil
        } catch {
            return "cannot make \(error)"
        }
    }

    /// The module files in it, each with the id it provides, as the host reads them (scanned in
    /// a child process first); files it refuses have no id.
    func modules() -> [(file: String, moduleID: String?)] {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        let report = ModuleLoader.load(searchPath: ModuleLoader.searchPath(onlyFiles: [path])).report
        return report.records.map { ($0.file, $0.moduleID) }
    }
}
