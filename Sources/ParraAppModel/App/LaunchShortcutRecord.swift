import FoundationEssentials
import ParraRuntime

/// The app's shortcut items as its last run left them, with how to start it, written to its
/// storage folder so that `parra desktop-entry --app BUNDLE_ID` can write the Desktop Entry
/// actions without running the app.
package struct LaunchShortcutRecord: AppRecordFile, Sendable, Hashable {
    /// One shortcut item.
    package struct Item: Codable, Sendable, Hashable {
        /// The item's type, passed back with `--parra-shortcut`.
        package let type: String
        /// Its title.
        package let title: String
        /// Its subtitle, if any.
        package let subtitle: String?
        /// Its icon, when it is one a Linux launcher can show (a template image name).
        package let icon: String?
    }

    /// The app's executable.
    package let executable: String
    /// The app's name for the launcher.
    package let name: String
    /// The shortcut items, in order.
    package let items: [Item]

    /// The file name inside an app's storage folder.
    package static let fileName = "launch-shortcuts.json"

    package var recordValue: JSONValue {
        .object([
            "executable": .string(executable), "name": .string(name),
            "items": .array(
                items.map { item in
                    var members: [String: JSONValue] = ["type": .string(item.type), "title": .string(item.title)]
                    if let subtitle = item.subtitle { members["subtitle"] = .string(subtitle) }
                    if let icon = item.icon { members["icon"] = .string(icon) }
                    return .object(members)
                }),
        ])
    }
    /// The argument that starts the app through a shortcut item: `--parra-shortcut TYPE`.
    package static let argument = "--parra-shortcut"

    /// The record of `items` for the app at `executable` named `name`.
    package init(executable: String, name: String, items: [UIApplicationShortcutItem]) {
        self.executable = executable
        self.name = name
        self.items = items.map {
            Item(
                type: $0.type, title: $0.localizedTitle, subtitle: $0.localizedSubtitle,
                icon: $0.icon.flatMap { $0.isTemplate ? $0.name : nil })
        }
    }

    /// The shortcut type `arguments` (the process's, without the executable) start the app
    /// through, if any.
    package static func requestedType(in arguments: [String]) -> String? {
        guard let index = arguments.firstIndex(of: argument), index + 1 < arguments.count else { return nil }
        return arguments[index + 1]
    }
}
