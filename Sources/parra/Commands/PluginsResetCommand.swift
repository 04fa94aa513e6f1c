import Foundation
import ParraRuntime

/// `parra plugins reset --app BUNDLE_ID` (or `--storage FOLDER`): lets an app try again the
/// modules it quarantined.
struct PluginsResetCommand: Command {
    let name = "reset"
    let summary = "Let an app load again the modules that took it down"
    let details = """
        A module that crashed the app, ended it (exit) or hung it while the host was calling it
        is quarantined: that app refuses the file until it changes. This clears the app's list,
        $XDG_DATA_HOME/parra/BUNDLE_ID/quarantined-modules.json (or the one in FOLDER, for an app
        whose storage folder is elsewhere), and names what it held.
        Exit status: 0, 2 for a usage error.
        """
    let arguments = ArgumentSpec(
        options: [
            .value("--app", "BUNDLE_ID", help: "The app whose quarantine to clear"),
            .value("--storage", "FOLDER", help: "Or the storage folder of an app that keeps it elsewhere"),
        ])

    func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let folder: URL
        switch (arguments.value("--app"), arguments.value("--storage")) {
        case (let bundleID?, nil) where !bundleID.isEmpty && !bundleID.contains("/"):
            folder = URL(fileURLWithPath: DataHome.path(environment: ProcessInfo.processInfo.environment))
                .appendingPathComponent("parra/\(bundleID)")
        case (nil, let storage?) where storage.hasPrefix("/"):
            folder = URL(fileURLWithPath: storage)
        default:
            throw UsageError(
                "name the app with --app BUNDLE_ID, or its storage folder with --storage /ABSOLUTE/PATH")
        }
        let cleared = try ModuleQuarantine.reset(folder: folder.path)
        if cleared.isEmpty {
            console.print("\(arguments.value("--app") ?? folder.path) has no quarantined module.")
        } else {
            for path in cleared { console.print("released \(path)") }
        }
        return .success
    }
}
