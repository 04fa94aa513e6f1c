/// Finds the command a command line names, runs it, and turns what happened into an exit
/// status: help and results on standard output, usage errors and failures on standard error.
struct CommandLineTool {
    /// The command tree; its root's name is the tool's name.
    let root: CommandGroup
    /// Where output goes.
    let console: Console

    /// Runs the command named by `words` (the arguments after the tool's name).
    func run(_ words: [String]) -> ExitStatus {
        var group = root
        var path = [root.name]
        var remaining = words[...]
        while true {
            guard let word = remaining.popFirst() else {
                let names = group.children.map(\.name).joined(separator: ", ")
                return usageError("missing command; expected one of: \(names)", path: path)
            }
            if ArgumentParser.isHelp(word) {
                console.print(HelpFormatter.help(for: group, path: path))
                return .success
            }
            guard let child = group.children.first(where: { $0.name == word }) else {
                let problem = word.hasPrefix("-") ? "unknown option '\(word)'" : "unknown command '\(word)'"
                return usageError(problem, path: path)
            }
            path.append(word)
            switch child {
            case .group(let subgroup):
                group = subgroup
            case .command(let command):
                return run(command, path: path, words: Array(remaining))
            }
        }
    }

    private func run(_ command: any Command, path: [String], words: [String]) -> ExitStatus {
        do {
            switch try ArgumentParser(spec: command.arguments).parse(words) {
            case .help:
                console.print(HelpFormatter.help(for: command, path: path))
                return .success
            case .run(let arguments):
                return try command.run(arguments, console: console)
            }
        } catch let error as UsageError {
            return usageError(error.message, path: path)
        } catch {
            console.printError("\(path.joined(separator: " ")): \(error)")
            return .problemsFound
        }
    }

    private func usageError(_ message: String, path: [String]) -> ExitStatus {
        let name = path.joined(separator: " ")
        console.printError("\(name): \(message)")
        console.printError("Run '\(name) --help' for usage.")
        return .usageError
    }
}
