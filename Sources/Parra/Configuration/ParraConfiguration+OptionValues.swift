import FoundationEssentials
import ParraAPI
import ParraAppModel
import ParraRuntime

extension ParraConfiguration {
    /// Every option key of the module-owned groups (logger, What's New, push notifications,
    /// launch screen) with its value, set by the app or not. App info, theme and component
    /// attributes are the host's own and are not flattened.
    package var optionValues: [String: JSONValue] {
        Dictionary(uniqueKeysWithValues: optionEntries.map { ($0.key, $0.value) })
    }

    /// The entries of `optionValues` the app set, in an initializer argument or by
    /// assignment, whatever their value: the code layer of the options.
    package var explicitOptionValues: [String: JSONValue] {
        Dictionary(uniqueKeysWithValues: optionEntries.filter(\.isSet).map { ($0.key, $0.value) })
    }

    private var optionEntries: [OptionEntry] {
        loggerOptions.optionEntries + whatsNewOptions.optionEntries + pushNotificationOptions.optionEntries
            + launchScreenOptions.optionEntries
    }
}

/// One option key of a configuration group, its value, and whether the app set it.
struct OptionEntry {
    let key: String
    let value: JSONValue
    let isSet: Bool

    init(_ key: String, _ value: JSONValue, set isSet: Bool) {
        self.key = key
        self.value = value
        self.isSet = isSet
    }
}

extension ParraLoggerConsoleFormatOption {
    /// The option as an object: `kind`, its style or call-site options, `leftPad`, `rightPad`.
    var optionValue: JSONValue {
        func object(_ kind: String, _ leftPad: String, _ rightPad: String, _ extra: [String: JSONValue])
            -> JSONValue
        {
            .object(
                extra.merging(
                    ["kind": .string(kind), "leftPad": .string(leftPad), "rightPad": .string(rightPad)]
                ) { _, new in new })
        }
        switch self {
        case .printMessage(let leftPad, let rightPad):
            return object("message", leftPad, rightPad, [:])
        case .printTimestamps(let style, let leftPad, let rightPad):
            return object("timestamp", leftPad, rightPad, style.optionFields)
        case .printLevel(let style, let leftPad, let rightPad):
            return object("level", leftPad, rightPad, ["style": .string(style.rawValue)])
        case .printCallSite(let options, let leftPad, let rightPad):
            return object("callSite", leftPad, rightPad, ["options": .array(options.names.map(JSONValue.string))])
        case .printExtras(let style, let leftPad, let rightPad):
            return object("extras", leftPad, rightPad, ["style": .string(style.rawValue)])
        }
    }
}

extension ParraWhatsNewOptions.PresentationMode {
    /// `{kind: automatic, behavior}`, `{kind: delayed, behavior, delay}` or `{kind: manual}`.
    var optionValue: JSONValue {
        switch self {
        case .automatic(let behavior):
            .object(["kind": .string("automatic"), "behavior": .string(behavior.rawValue)])
        case .delayed(let behavior, let delay):
            .object(["kind": .string("delayed"), "behavior": .string(behavior.rawValue), "delay": .double(delay)])
        case .manual:
            .object(["kind": .string("manual")])
        }
    }
}

extension ParraLaunchScreenType {
    /// `{kind: none}` for nil; otherwise the kind and the fields given (nil fields left out; a
    /// bar given is drawn). A custom view is rendered now, as the launch screen module draws
    /// lines: `{kind: view, lines: [...]}`.
    static func optionValue(_ type: Self?) -> JSONValue {
        guard let type else { return .object(["kind": .string("none")]) }
        switch type {
        case .default(let config):
            var members: [String: JSONValue] = ["kind": .string("default")]
            members["colorName"] = config.colorName.map(JSONValue.string)
            members["imageName"] = config.imageName.map(JSONValue.string)
            members["respectsSafeArea"] = config.imageRespectsSafeAreaInsets.map(JSONValue.bool)
            members["navigationBar"] = config.navigationBar.map { _ in .bool(true) }
            members["tabBar"] = config.tabBar.map { _ in .bool(true) }
            members["toolbar"] = config.toolBar.map { _ in .bool(true) }
            members["folder"] = config.bundle.resourceFolder
            return .object(members)
        case .storyboard(let config):
            var members: [String: JSONValue] = [
                "kind": .string("storyboard"), "name": .string(config.name),
                "identifier": .string(config.viewControllerIdentifier),
            ]
            members["folder"] = config.bundle.resourceFolder
            return .object(members)
        case .custom(let view):
            return .object(["kind": .string("view"), "lines": .array(view.launchScreenLines.map(JSONValue.string))])
        }
    }
}
