import ParraSync

/// A schema's `pattern`: a regular expression (Swift's `Regex` syntax, which takes the ICU and
/// PCRE forms JSON schemas use) that a string value must match somewhere, matched scalar by
/// scalar as ICU does.
///
/// A pattern in ``RegexSyntaxSubset`` is compiled when a value is first checked, so reading a
/// module's schema does not spend the app's launch on compiling patterns; any other pattern is
/// compiled, and refused if `Regex` refuses it, when the schema is read.
final class SchemaPattern: @unchecked Sendable {
    /// The pattern as the schema gives it.
    let text: String
    private let lock = Lock()
    private var expression: Regex<AnyRegexOutput>?

    /// Reads `text`; throws `Regex`'s error when it is outside the subset and `Regex` refuses it.
    init(_ text: String) throws {
        self.text = text
        if !RegexSyntaxSubset.contains(text) { expression = try Self.compile(text) }
    }

    /// Whether `value` has a match. A pattern of the subset that `Regex` would refuse (the
    /// subset says it cannot) matches nothing.
    func isMatched(by value: String) -> Bool {
        let compiled = lock.withLock {
            if expression == nil { expression = try? Self.compile(text) }
            return expression
        }
        guard let compiled else { return false }
        return value.firstMatch(of: compiled) != nil
    }

    private static func compile(_ text: String) throws -> Regex<AnyRegexOutput> {
        try Regex(text).matchingSemantics(.unicodeScalar)
    }
}
