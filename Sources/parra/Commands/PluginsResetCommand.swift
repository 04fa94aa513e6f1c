import Foundation
import ParraRuntime

/// `parra plugins reset --app BUNDLE_ID`: lets an app try again the modules it quarantined.
struct PluginsResetCommand: Command {
    let name = "reset"
    let summary = "Let an app load again the modules that took it down"
    let details = """
        A module that crashed the app, ended it (exit) or hung it while the host was calling it
        is quarantined: that app refuses the file until it changes. This clears the app's list,
        $XDG_DATA_HOME/parra/BUNDLE_ID/quarantined-modules.json, and names what it held.
        Exit status: 0, 2 for a usage error.
        """
    let arguments = ArgumentSpec(
        options: [.value("--app", "BUNDLE_ID", help: "The app whose quarantine to clear (required)")])

    func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        guard let bundleID = arguments.value("--app"), !bundleID.isEmpty, !bundleID.contains("/") else {
            throw UsageError("name the app with --app BUNDLE_ID")
        }
        let folder = URL(fileURLWithPath: DataHome.path(environment: ProcessInfo.processInfo.environment))
            .appendingPathComponent("parra/\(bundleID)")
        let cleared = try ModuleQuarantine.reset(folder: folder)
        if cleared.isEmpty {
            console.print("\(bundleID) has no quarantined module.")
        } else {
            for path in cleared { console.print("released \(path)") }
        }
        return .success
    }
}
