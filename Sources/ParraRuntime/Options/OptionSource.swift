/// Where an option's value came from, lowest layer first.
package enum OptionSource: Hashable, Sendable, CustomStringConvertible {
    /// The default declared by the owning module.
    case moduleDefault(moduleID: String)
    /// A JSON config file.
    case configFile(path: String)
    /// `ParraConfiguration` (or another value set in code).
    case code
    /// An environment variable.
    case environment(variable: String)

    /// How many ranks there are.
    static let rankCount = 4

    /// The layer's rank: a higher one wins.
    var rank: Int {
        switch self {
        case .moduleDefault: 0
        case .configFile: 1
        case .code: 2
        case .environment: 3
        }
    }

    package var description: String {
        switch self {
        case .moduleDefault(let moduleID): "default of \(moduleID)"
        case .configFile(let path): "config file \(path)"
        case .code: "code"
        case .environment(let variable): "environment \(variable)"
        }
    }
}

/// An option's current value and where it came from.
package struct ResolvedOption: Sendable, Hashable {
    /// The key's declaration.
    package let schema: OptionSchema
    /// The winning value, converted to the declared type.
    package let value: JSONValue
    /// The layer that supplied it.
    package let source: OptionSource
}

/// Something wrong with a value an app supplied for an option.
package struct OptionProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The full key path, e.g. `logger.minimumLogLevel`; empty for a whole-file problem.
    package let key: String
    /// The layer the value came from.
    package let source: OptionSource
    /// The rule broken.
    package let message: String
    /// Where inside the value the rule is broken (`[2].kind`, `.colorName`), shown right after
    /// the key; empty for the value itself.
    package var path = ""

    package var description: String {
        let origin: String
        switch source {
        case .configFile(let path): origin = path
        case .environment(let variable): origin = "environment \(variable)"
        case .code: origin = "configuration"
        case .moduleDefault(let moduleID): origin = moduleID
        }
        // A key from a file may be any length; a message shows its start.
        let shown = key.count > 120 ? "\(key.prefix(120))… (\(key.utf8.count) bytes)" : key
        return key.isEmpty ? "\(origin): \(message)" : "\(origin): \(shown)\(path): \(message)"
    }
}
