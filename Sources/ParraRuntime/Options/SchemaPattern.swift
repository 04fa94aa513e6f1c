import Foundation

/// A schema's `pattern`: an ICU regular expression (`NSRegularExpression`) that a string value
/// must match somewhere.
///
/// A pattern in ``RegexSyntaxSubset`` is compiled when a value is first checked, so reading a
/// module's schema does not load ICU's data before the app's first frame (about 1.5 ms and
/// 3.5 MiB of the sample's launch); any other pattern is compiled, and refused if ICU refuses it,
/// when the schema is read.
final class SchemaPattern: @unchecked Sendable {
    /// The pattern as the schema gives it.
    let text: String
    private let lock = NSLock()
    private var expression: NSRegularExpression?

    /// Reads `text`; throws ICU's error when it is outside the subset and ICU refuses it.
    init(_ text: String) throws {
        self.text = text
        if !RegexSyntaxSubset.contains(text) { expression = try NSRegularExpression(pattern: text) }
    }

    /// Whether `value` has a match. A pattern of the subset that ICU would refuse (the subset
    /// says it cannot) matches nothing.
    func isMatched(by value: String) -> Bool {
        let compiled = lock.withLock {
            if expression == nil { expression = try? NSRegularExpression(pattern: text) }
            return expression
        }
        guard let compiled else { return false }
        return compiled.firstMatch(in: value, range: NSRange(value.startIndex..., in: value)) != nil
    }
}
