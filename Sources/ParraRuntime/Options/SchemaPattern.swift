import ParraSync

/// A schema's `pattern`: a regular expression (Swift's `Regex` syntax, which takes the ICU and
/// PCRE forms JSON schemas use) that a string value must match somewhere, matched scalar by
/// scalar as ICU does.
///
/// A pattern in ``RegexSyntaxSubset`` is compiled when a value is first checked, so reading a
/// module's schema does not spend the app's launch on compiling patterns; any other pattern is
/// compiled, and refused if `Regex` refuses it, when the schema is read.
/// Sendable by hand: `expression` is behind `lock`, and `text` is immutable.
final class SchemaPattern: @unchecked Sendable {
    /// The pattern as the schema gives it.
    let text: String
    private let lock = Lock()
    /// Boxed, so that a pattern not yet compiled costs no `Regex` code (its value witnesses
    /// live in `_StringProcessing`, which a launch otherwise never touches).
    private var expression: CompiledExpression?

    /// Sendable by hand: its `Regex` never changes, and `Regex` builds its program once, atomically, when first used.
    private final class CompiledExpression: @unchecked Sendable {
        let regex: Regex<AnyRegexOutput>
        init(_ regex: Regex<AnyRegexOutput>) { self.regex = regex }
    }

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
        return value.firstMatch(of: compiled.regex) != nil
    }

    /// Not inlined: the optimizer would otherwise fetch `Regex`'s type metadata in `init`
    /// whether or not the pattern is compiled there.
    @inline(never)
    private static func compile(_ text: String) throws -> CompiledExpression {
        CompiledExpression(try Regex(text).matchingSemantics(.unicodeScalar))
    }
}
