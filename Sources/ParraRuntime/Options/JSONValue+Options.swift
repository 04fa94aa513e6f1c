import ParraShared

/// A JSON value as an option value: what a JSON config file, `ParraConfiguration` or the
/// environment can give a module. Options have no null: the config file's reader refuses it.
extension JSONValue {
    /// The option type this value has as written (an integer is also a valid `double`); nil
    /// for `null`, which no option type holds.
    package var optionType: OptionType? {
        switch self {
        case .null: nil
        case .bool: .bool
        case .integer: .integer
        case .double: .double
        case .string: .string
        case .array: .list
        case .object: .object
        }
    }

    /// Parses a configuration's JSON text (`JSONReader.Rules.options`: no null, no repeated
    /// key). Throws a reason with the line, column and path of the problem.
    package init(json text: String) throws(JSONError) {
        self = try JSONReader.parse(text, rules: .options)
    }

    /// Parses a server's JSON answer, where `null` members and items are left out rather than
    /// refused (`JSONReader.Rules.answer`).
    package init(answerJSON text: String) throws(JSONError) {
        self = try JSONReader.parse(text, rules: .answer)
    }

    /// The value converted to `type` where JSON allows it (an integer where a double is
    /// expected); nil when it does not fit.
    package func converted(to type: OptionType) -> JSONValue? {
        switch (self, type) {
        case (.integer(let value), .double): .double(Double(value))
        case _ where optionType == type: self
        default: nil
        }
    }

    /// A short rendering for messages: strings quoted, long values cut.
    package var summary: String {
        let text = json
        return text.count > 60 ? String(text.prefix(57)) + "..." : text
    }
}
