/// Matches a command's arguments against its `ArgumentSpec`.
///
/// Options may come before, between or after positionals, as `--name VALUE` or `--name=VALUE`;
/// `--` makes everything after it positional. `--help` or `-h` anywhere before `--` asks for
/// help, whatever else is on the line.
struct ArgumentParser {
    /// What the command accepts.
    let spec: ArgumentSpec

    /// What a command line asked for.
    enum Outcome {
        /// `--help` or `-h` was given.
        case help
        /// The arguments to run the command with.
        case run(ParsedArguments)
    }

    /// Parses `words` (the arguments after the command's name).
    func parse(_ words: [String]) throws(UsageError) -> Outcome {
        let optionWords = words.prefix { $0 != "--" }
        if optionWords.contains(where: Self.isHelp) {
            return .help
        }
        var options: [String: [String]] = [:]
        var positionals: [String] = []
        var remaining = words[...]
        while let word = remaining.popFirst() {
            if word == "--" {
                positionals += remaining
                break
            }
            guard word.hasPrefix("-"), word != "-" else {
                positionals.append(word)
                continue
            }
            let (name, inlineValue) = Self.split(word)
            guard let option = spec.options.first(where: { $0.name == name }) else {
                throw UsageError("unknown option '\(name)'")
            }
            if options[name] != nil, !option.isRepeatable {
                throw UsageError("option '\(name)' is given more than once")
            }
            options[name, default: []].append(try value(for: option, inline: inlineValue, remaining: &remaining))
        }
        try check(positionals)
        return .run(ParsedArguments(options: options, positionals: positionals))
    }

    private func value(
        for option: OptionSpec, inline: String?, remaining: inout ArraySlice<String>
    ) throws(UsageError) -> String {
        guard let valueName = option.valueName else {
            if inline != nil {
                throw UsageError("option '\(option.name)' takes no value")
            }
            return ""
        }
        if let inline {
            return inline
        }
        guard let next = remaining.first, next != "--" else {
            throw UsageError("option '\(option.name)' needs a value (\(valueName))")
        }
        remaining.removeFirst()
        return next
    }

    private func check(_ positionals: [String]) throws(UsageError) {
        guard let expected = spec.positionals else {
            if let first = positionals.first {
                throw UsageError("unexpected argument '\(first)'")
            }
            return
        }
        if positionals.count < expected.minimum {
            throw UsageError("missing argument \(expected.name)")
        }
        if let maximum = expected.maximum, positionals.count > maximum {
            throw UsageError("unexpected argument '\(positionals[maximum])'")
        }
    }

    /// Whether `word` asks for help.
    static func isHelp(_ word: String) -> Bool {
        word == "--help" || word == "-h"
    }

    /// `--name=value` into its name and value; any other word is a name alone.
    private static func split(_ word: String) -> (name: String, value: String?) {
        guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else {
            return (word, nil)
        }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }
}
