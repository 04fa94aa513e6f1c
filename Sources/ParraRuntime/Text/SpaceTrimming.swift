extension StringProtocol {
    /// The text without the spaces and tabs at its ends (Unicode's space separators, the
    /// horizontal tab and U+200B, as Foundation's `CharacterSet.whitespaces` has them): what
    /// Foundation's `trimmingCharacters(in: .whitespaces)` gives.
    package func trimmingSpaces() -> String {
        var scalars = Substring(self).unicodeScalars
        while let first = scalars.first, Self.isSpace(first) { scalars.removeFirst() }
        while let last = scalars.last, Self.isSpace(last) { scalars.removeLast() }
        return String(scalars)
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator
    }
}
