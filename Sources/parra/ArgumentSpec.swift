/// One `--name` option a command accepts: a flag, or an option that takes a value.
struct OptionSpec {
    /// The option as typed, with its dashes: `--plugin-path`.
    let name: String
    /// The placeholder for its value in help (`DIR`); nil for a flag.
    let valueName: String?
    /// Whether it may be given more than once (each value is kept, in order).
    let isRepeatable: Bool
    /// One line for the command's help.
    let help: String

    /// A flag, which takes no value: `--json`.
    static func flag(_ name: String, help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: nil, isRepeatable: false, help: help)
    }

    /// An option with a value: `--config FILE` or `--config=FILE`.
    static func value(_ name: String, _ valueName: String, repeatable: Bool = false, help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: valueName, isRepeatable: repeatable, help: help)
    }

    /// How the usage line shows it: `[--plugin-path DIR]...`.
    var usage: String {
        let body = valueName.map { "\(name) \($0)" } ?? name
        return isRepeatable ? "[\(body)]..." : "[\(body)]"
    }
}

/// The positional arguments a command takes: one name, and how many of them.
struct PositionalSpec {
    /// The placeholder in help: `FILE`.
    let name: String
    /// The fewest the command needs.
    let minimum: Int
    /// The most it takes; nil for no limit.
    let maximum: Int?
    /// One line for the command's help.
    let help: String

    /// How the usage line shows them: `FILE`, `[FILE]`, `FILE...`.
    var usage: String {
        let repeated = maximum.map { $0 > 1 } ?? true
        let body = repeated ? "\(name)..." : name
        return minimum == 0 ? "[\(body)]" : body
    }
}

/// Everything a command accepts on its command line besides `--help`/`-h`, which every command
/// takes.
struct ArgumentSpec {
    /// Its options, in the order help lists them.
    var options: [OptionSpec] = []
    /// Its positional arguments, if it takes any.
    var positionals: PositionalSpec?
}
