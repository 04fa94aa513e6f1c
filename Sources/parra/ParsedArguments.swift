/// A command line that matched its command's `ArgumentSpec`.
struct ParsedArguments {
    /// Every value given for each option, in order; a flag that was given has one empty value.
    let options: [String: [String]]
    /// The positional arguments, in order.
    let positionals: [String]

    /// Whether the flag `name` was given.
    func isSet(_ name: String) -> Bool {
        options[name] != nil
    }

    /// Every value given for the option `name`, in order.
    func values(_ name: String) -> [String] {
        options[name] ?? []
    }

    /// The value given for the option `name`, if any.
    func value(_ name: String) -> String? {
        options[name]?.last
    }
}
