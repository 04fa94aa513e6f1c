/// A Swift source file as the tokens the delegate scan needs: identifiers, keywords,
/// attributes and punctuation, with comments and string literals left out.
struct SwiftTokens {
    /// One token and the line it starts on.
    struct Token: Equatable {
        let text: String
        let line: Int
    }

    private(set) var tokens: [Token] = []

    /// Splits `source`. Comments (nested block comments too) and string literals (plain,
    /// multi-line and raw) are skipped; interpolations inside strings are skipped with them.
    init(_ source: String) {
        let characters = Array(source.unicodeScalars)
        var index = 0
        var line = 1
        func peek(_ offset: Int = 0) -> Unicode.Scalar? {
            index + offset < characters.count ? characters[index + offset] : nil
        }
        while let character = peek() {
            if character == "\n" {
                line += 1
                index += 1
            } else if character == "/" && peek(1) == "/" {
                while let next = peek(), next != "\n" { index += 1 }
            } else if character == "/" && peek(1) == "*" {
                var depth = 0
                repeat {
                    if peek() == "/" && peek(1) == "*" {
                        depth += 1
                        index += 2
                    } else if peek() == "*" && peek(1) == "/" {
                        depth -= 1
                        index += 2
                    } else {
                        if peek() == "\n" { line += 1 }
                        index += 1
                    }
                } while depth > 0 && peek() != nil
            } else if character == "#" || character == "\"" {
                var hashes = 0
                while peek(hashes) == "#" { hashes += 1 }
                guard peek(hashes) == "\"" else {
                    tokens.append(Token(text: "#", line: line))
                    index += 1
                    continue
                }
                index += hashes
                line += Self.skipString(characters, &index, hashes: hashes)
            } else if character.properties.isXIDStart || character == "_" || character == "@" || character == "`" {
                let start = index
                index += 1
                while let next = peek(), next.properties.isXIDContinue || next == "`" { index += 1 }
                let text = String(String.UnicodeScalarView(characters[start..<index]))
                tokens.append(Token(text: text.replacingOccurrences(of: "`", with: ""), line: line))
            } else if character.properties.isWhitespace {
                index += 1
            } else {
                tokens.append(Token(text: String(character), line: line))
                index += 1
            }
        }
    }

    /// Skips the string literal starting at `index` (its opening quote), with `hashes` raw
    /// delimiters; returns how many line breaks it held.
    private static func skipString(_ characters: [Unicode.Scalar], _ index: inout Int, hashes: Int) -> Int {
        let multiLine = index + 2 < characters.count && characters[index + 1] == "\"" && characters[index + 2] == "\""
        let quotes = multiLine ? 3 : 1
        index += quotes
        var lines = 0
        while index < characters.count {
            let character = characters[index]
            if character == "\n" { lines += 1 }
            if character == "\\" && hashes == 0 {
                index += 2
                continue
            }
            if character == "\""
                && (0..<quotes).allSatisfy({ index + $0 < characters.count && characters[index + $0] == "\"" })
                && (0..<hashes).allSatisfy({
                    index + quotes + $0 < characters.count && characters[index + quotes + $0] == "#"
                })
            {
                index += quotes + hashes
                return lines
            }
            index += 1
        }
        return lines
    }
}
