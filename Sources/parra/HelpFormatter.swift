/// Writes the `--help` text of groups and commands.
enum HelpFormatter {
    /// Help for `group`, reached by the words in `path` (`["parra", "config"]`): its usage and
    /// every command under it.
    static func help(for group: CommandGroup, path: [String]) -> String {
        let name = path.joined(separator: " ")
        let commands = leaves(of: group, prefix: []).map { (label: $0.path.joined(separator: " "), value: $0.summary) }
        var lines = ["Usage: \(name) <command> [arguments]", "", group.summary, "", "Commands:"]
        lines += AlignedColumns.lines(commands)
        lines += ["", "Run '\(name) <command> --help' for a command's options."]
        return lines.joined(separator: "\n")
    }

    /// Help for `command`, reached by the words in `path`: its usage, arguments and options.
    static func help(for command: any Command, path: [String]) -> String {
        let spec = command.arguments
        let usage =
            [path.joined(separator: " ")] + spec.options.map(\.usage) + [spec.positionals?.usage].compactMap { $0 }
        var lines = ["Usage: " + usage.joined(separator: " "), "", command.summary]
        if !command.details.isEmpty {
            lines += ["", command.details]
        }
        if let positionals = spec.positionals {
            lines += ["", "Arguments:"] + AlignedColumns.lines([(positionals.name, positionals.help)])
        }
        let options = spec.options.map { option in
            (label: option.valueName.map { "\(option.name) \($0)" } ?? option.name, value: option.help)
        }
        lines += ["", "Options:"] + AlignedColumns.lines(options + [("-h, --help", "Show this help")])
        return lines.joined(separator: "\n")
    }

    /// Every command under `group`, with the words that lead to it from `group`.
    private static func leaves(of group: CommandGroup, prefix: [String]) -> [(path: [String], summary: String)] {
        group.children.flatMap { child -> [(path: [String], summary: String)] in
            switch child {
            case .group(let subgroup): leaves(of: subgroup, prefix: prefix + [subgroup.name])
            case .command(let command): [(prefix + [command.name], command.summary)]
            }
        }
    }
}
