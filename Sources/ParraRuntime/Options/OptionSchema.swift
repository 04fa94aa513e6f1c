import Foundation

/// One option key as a module declared it.
package struct OptionSchema: Sendable, Hashable {
    /// The dotted key, e.g. `logger.minimumLogLevel`.
    package let key: String
    /// Its type.
    package let type: OptionType
    /// The module's default, already checked against `type`.
    package let defaultValue: OptionValue
    /// One line of documentation.
    package let doc: String
    /// The environment variable that overrides every other layer, if any.
    package let environmentVariable: String?
    /// The only values a string option accepts, if restricted.
    package let allowedValues: [String]?
    /// The id of the module that owns the key.
    package let ownerID: String

    /// Checks `value` against this schema and returns it converted to the declared type, or a
    /// reason it does not fit.
    package func check(_ value: OptionValue) -> Result<OptionValue, OptionRuleViolation> {
        guard let converted = value.converted(to: type) else {
            return .failure(
                OptionRuleViolation(
                    "expected \(type.rawValue), got \(value.type.rawValue) \(value.summary)"))
        }
        if let allowedValues, case .string(let text) = converted {
            // Matched trimmed and ignoring case; the value takes the declared spelling.
            let word = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            guard let allowed = allowedValues.first(where: { $0.lowercased() == word }) else {
                let choices = allowedValues.map { "\"\($0)\"" }.joined(separator: ", ")
                return .failure(OptionRuleViolation("\(value.summary) is not one of \(choices)"))
            }
            return .success(.string(allowed))
        }
        return .success(converted)
    }

    /// Whether `key` is a well-formed dotted key: `[A-Za-z0-9_]` segments joined by dots.
    static func isValidKey(_ key: String) -> Bool {
        let segments = key.split(separator: ".", omittingEmptySubsequences: false)
        return segments.count >= 2
            && segments.allSatisfy { segment in
                !segment.isEmpty
                    && segment.unicodeScalars.allSatisfy {
                        $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_")
                    }
            }
    }
}

/// Why a value breaks an option's schema.
package struct OptionRuleViolation: Error, Sendable, CustomStringConvertible {
    /// The rule broken, e.g. `expected string, got integer 3`.
    package let description: String

    init(_ description: String) { self.description = description }
}
