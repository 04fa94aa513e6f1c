/// A small, conservative subset of the regular expression syntax that Swift's `Regex` (like
/// ICU) certainly accepts: literals, `.`, `^`, `$`, groups (`(...)`, `(?:...)`),
/// alternation, the quantifiers `*`, `+`, `?` and `{n}`, `{n,}`, `{n,m}` (optionally lazy or
/// possessive), escapes of metacharacters, `\d \w \s \D \W \S \t \n \r \f`, `\p{...}` and
/// `\P{...}` with a general category, and bracket classes of plain characters, ascending ranges
/// and those escapes.
///
/// A schema's pattern in this subset is compiled only when a value is first checked against
/// it, so a module's declaration costs the launch no compiling; any other pattern is compiled
/// (and refused if `Regex` refuses it) when the schema is read.
enum RegexSyntaxSubset {
    /// Whether `pattern` is in the subset, so `Regex` is certain to compile it.
    static func contains(_ pattern: String) -> Bool {
        var reader = Reader(Array(pattern.unicodeScalars))
        return reader.alternation() && reader.atEnd
    }

    /// The general categories `Regex` (and ICU) know by these names in `\p{...}`.
    static let generalCategories: Set<String> = [
        "L", "Lu", "Ll", "Lt", "Lm", "Lo", "M", "Mn", "Mc", "Me", "N", "Nd", "Nl", "No", "P", "Pc", "Pd", "Ps", "Pe",
        "Pi", "Pf", "Po", "S", "Sm", "Sc", "Sk", "So", "Z", "Zs", "Zl", "Zp", "C", "Cc", "Cf", "Co", "Cn",
    ]

    /// The characters with a meaning of their own outside a bracket class.
    private static let metacharacters = Set("\\^$.|?*+()[]{}".unicodeScalars)
    /// The characters written after a backslash that stand for themselves.
    private static let escapedLiterals = Set("\\^$.|?*+()[]{}/-#".unicodeScalars)
    /// The letters written after a backslash for a character or a class of characters.
    private static let escapedLetters = Set("dDwWsStnrf".unicodeScalars)
    /// Characters kept out of bracket classes: set syntax, operators and spacing that regex
    /// class readers treat apart.
    private static let classReserved = Set("[]\\-^&$:{} ".unicodeScalars)

    /// A cursor over the pattern's scalars; every method consumes what it accepts.
    private struct Reader {
        let scalars: [Unicode.Scalar]
        var index = 0

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        var atEnd: Bool { index == scalars.count }
        var next: Unicode.Scalar? { atEnd ? nil : scalars[index] }

        mutating func take(_ scalar: Unicode.Scalar) -> Bool {
            guard next == scalar else { return false }
            index += 1
            return true
        }

        /// Branches separated by `|`.
        mutating func alternation() -> Bool {
            repeat {
                guard sequence() else { return false }
            } while take("|")
            return true
        }

        /// At least one anchor or quantified atom, up to `|`, `)` or the end.
        mutating func sequence() -> Bool {
            var items = 0
            while let scalar = next, scalar != "|", scalar != ")" {
                items += 1
                if take("^") || take("$") { continue }
                guard atom(), quantifier() else { return false }
            }
            return items > 0
        }

        mutating func atom() -> Bool {
            guard let scalar = next else { return false }
            switch scalar {
            case ".":
                index += 1
                return true
            case "\\":
                index += 1
                return escape()
            case "[":
                index += 1
                return bracketClass()
            case "(":
                index += 1
                if take("?") && !take(":") { return false }
                return alternation() && take(")")
            default:
                guard !RegexSyntaxSubset.metacharacters.contains(scalar) else { return false }
                index += 1
                return true
            }
        }

        /// An optional quantifier, then an optional `?` or `+`.
        mutating func quantifier() -> Bool {
            if take("*") || take("+") || take("?") {
            } else if take("{") {
                guard let low = number() else { return false }
                if take(",") {
                    if let high = number(), high < low { return false }
                }
                guard take("}") else { return false }
            } else {
                return true
            }
            _ = take("?") || take("+")
            return true
        }

        /// One to four decimal digits.
        mutating func number() -> Int? {
            var value = 0
            var digits = 0
            while let scalar = next, ("0"..."9").contains(scalar), digits < 4 {
                value = value * 10 + Int(scalar.value - 48)
                digits += 1
                index += 1
            }
            return digits > 0 ? value : nil
        }

        /// What follows a backslash.
        mutating func escape() -> Bool {
            guard let scalar = next else { return false }
            index += 1
            if scalar == "p" || scalar == "P" {
                guard take("{") else { return false }
                var name = ""
                while let letter = next, letter != "}" {
                    name.unicodeScalars.append(letter)
                    index += 1
                }
                return take("}") && RegexSyntaxSubset.generalCategories.contains(name)
            }
            return RegexSyntaxSubset.escapedLetters.contains(scalar)
                || RegexSyntaxSubset.escapedLiterals.contains(scalar)
        }

        /// After `[`: an optional `^`, then at least one item, then `]`.
        mutating func bracketClass() -> Bool {
            _ = take("^")
            var items = 0
            while let scalar = next, scalar != "]" {
                if take("\\") {
                    guard escape() else { return false }
                } else {
                    guard !RegexSyntaxSubset.classReserved.contains(scalar) else { return false }
                    index += 1
                    if take("-") {
                        guard let upper = next, !RegexSyntaxSubset.classReserved.contains(upper), scalar <= upper
                        else { return false }
                        index += 1
                    }
                }
                items += 1
            }
            return items > 0 && take("]")
        }
    }
}
