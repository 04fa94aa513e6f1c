import FoundationEssentials

/// One option key as a module declared it.
package struct OptionSchema: Sendable, Hashable {
    /// The dotted key, e.g. `logger.minimumLogLevel`.
    package let key: String
    /// Its type.
    package let type: OptionType
    /// The module's default, already checked against `type`.
    package let defaultValue: JSONValue
    /// One line of documentation.
    package let doc: String
    /// The environment variable that overrides every other layer, if any.
    package let environmentVariable: String?
    /// The only values a string option accepts, if restricted.
    package let allowedValues: [String]?
    /// The id of the module that owns the key.
    package let ownerID: String
    /// The rules beyond the type (`schema_json`, ABI 1.3), if the module declared any.
    package var constraint: OptionConstraint? = nil

    /// Checks `value` against this schema and returns it converted to the declared type, or
    /// throws the reason it does not fit. (A typed throw, not a `Result`: making
    /// `Result<_, OptionRuleViolation>` at run time searches every loaded library for the
    /// `Error` conformance.)
    package func check(_ value: JSONValue) throws(OptionRuleViolation) -> JSONValue {
        guard let converted = value.converted(to: type) else {
            throw OptionRuleViolation(
                "expected \(type.rawValue), got \(value.optionType?.rawValue ?? "null") \(value.summary)")
        }
        if let allowedValues, case .string(let text) = converted {
            // Matched trimmed and ignoring case; the value takes the declared spelling.
            let word = Self.trimmed(text).lowercased()
            guard let allowed = allowedValues.first(where: { $0.lowercased() == word }) else {
                let choices = allowedValues.map { "\"\($0)\"" }.joined(separator: ", ")
                throw OptionRuleViolation("is not one of \(choices)", value: value.summary)
            }
            return try constrained(.string(allowed))
        }
        return try constrained(converted)
    }

    /// `text` without the white space (Unicode's White_Space: spaces, tabs, line breaks) at
    /// its ends: what `trimmingCharacters(in: .whitespacesAndNewlines)` gives, without making
    /// a `CharacterSet` for every option checked at start-up.
    static func trimmed(_ text: String) -> Substring {
        var scalars = Substring(text).unicodeScalars
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return Substring(scalars)
    }

    /// `value` when it follows the constraint (or there is none), else the first rule broken.
    private func constrained(_ value: JSONValue) throws(OptionRuleViolation) -> JSONValue {
        if let violation = constraint?.violation(of: value) { throw violation }
        return value
    }

    /// Whether `key` is a well-formed dotted key: `[A-Za-z0-9_]` segments joined by dots.
    static func isValidKey(_ key: String) -> Bool { ASCIIByte.isDottedName(key, hyphens: false) }
}

/// Why a value breaks an option's schema.
package struct OptionRuleViolation: Error, Sendable, Equatable, CustomStringConvertible {
    /// The rule broken, after the value when there is one: `is less than the minimum 0`, or
    /// whole: `expected string, got integer 3`.
    package let rule: String
    /// Where inside the value, appended to the key: `[2].kind`, `.colorName`; empty for the
    /// value itself.
    package let path: String
    /// The offending value, shortened, when the rule reads after it.
    package let value: String?

    init(_ rule: String, path: String = "", value: String? = nil) {
        self.rule = rule
        self.path = path
        self.value = value
    }

    /// The value and the rule, e.g. `-3.0 is less than the minimum 0`.
    package var description: String { value.map { "\($0) \(rule)" } ?? rule }
}
