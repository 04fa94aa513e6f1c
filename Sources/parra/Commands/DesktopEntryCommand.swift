import Foundation
import Parra
import ParraRuntime

/// `parra desktop-entry --app BUNDLE_ID`: writes the app's freedesktop launcher entry, with a
/// Desktop Entry action per shortcut item its last run offered.
struct DesktopEntryCommand: Command {
    let name = "desktop-entry"
    let summary = "Write the app's launcher entry, its shortcut items as actions"
    let details = """
        Reads the shortcut items the app's last run recorded
        ($XDG_DATA_HOME/parra/BUNDLE_ID/launch-shortcuts.json: Parra's own, when
        launchShortcutOptions enables them, and any the app set) and writes a Desktop Entry
        with one action per item, to $XDG_DATA_HOME/applications/BUNDLE_ID.desktop unless
        --output names another file. An action starts the app with --parra-shortcut TYPE, which
        hands the item to application(_:didFinishLaunchingWithOptions:) as
        launchOptions[.shortcutItem].
        Exit status: 0, 1 when the app has not run yet or the file cannot be written, 2 for a
        usage error.
        """
    let arguments = ArgumentSpec(
        options: [
            .value("--app", "BUNDLE_ID", help: "The app (required)"),
            .value("--exec", "PATH", help: "The executable to start (default: the one that last ran)"),
            .value("--name", "NAME", help: "The launcher's name for the app (default: the executable's name)"),
            .value("--output", "FILE", help: "Where to write the entry"),
        ])

    func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        guard let bundleID = arguments.value("--app"), !bundleID.isEmpty, !bundleID.contains("/") else {
            throw UsageError("name the app with --app BUNDLE_ID")
        }
        let environment = ProcessInfo.processInfo.environment
        let record: LaunchShortcutRecord
        do {
            record = try LaunchShortcutRecord.read(bundleID: bundleID, environment: environment)
        } catch {
            console.printError(
                "\(bundleID) has recorded no shortcut items (\(LaunchShortcutRecord.fileName) in its storage folder); run the app once first"
            )
            return .problemsFound
        }
        let entry = DesktopEntry(
            name: arguments.value("--name") ?? record.name, executable: arguments.value("--exec") ?? record.executable,
            items: record.items.map { ($0.type, $0.title, $0.icon) })
        let output =
            arguments.value("--output").map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: DataHome.path(environment: environment))
            .appendingPathComponent("applications/\(bundleID).desktop")
        do {
            try FileManager.default.createDirectory(
                at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
            try entry.text.write(to: output, atomically: true, encoding: .utf8)
        } catch {
            console.printError("cannot write \(output.path): \(error.localizedDescription)")
            return .problemsFound
        }
        console.print("wrote \(output.path): \(record.items.count) action(s)")
        return .success
    }
}
