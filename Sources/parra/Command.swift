/// A command the tool runs: a leaf of the command tree, such as `parra plugins list`.
protocol Command {
    /// The word that selects it: `list`.
    var name: String { get }
    /// One line for its group's command list and its own help.
    var summary: String { get }
    /// Paragraphs for its help after the summary; may be empty.
    var details: String { get }
    /// What it accepts besides `--help`.
    var arguments: ArgumentSpec { get }

    /// Runs with arguments that matched `arguments`. Throws a `UsageError` for a command line
    /// that parsed but makes no sense, or any other error for a failure to report.
    func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus
}

/// A set of subcommands selected by one word: `parra config` holds `schema`, `validate`, `show`.
struct CommandGroup {
    /// The word that selects it; the root group's is the tool's name.
    let name: String
    /// One line for its parent's command list and its own help.
    let summary: String
    /// Its subcommands and subgroups, in the order help lists them.
    let children: [CommandNode]
}

/// One entry of the command tree.
enum CommandNode {
    case group(CommandGroup)
    case command(any Command)

    /// The word that selects it.
    var name: String {
        switch self {
        case .group(let group): group.name
        case .command(let command): command.name
        }
    }

    /// Its one-line summary.
    var summary: String {
        switch self {
        case .group(let group): group.summary
        case .command(let command): command.summary
        }
    }
}
