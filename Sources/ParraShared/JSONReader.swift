import FoundationEssentials

/// The one JSON reader of the app, the host and the modules: strict RFC 8259, from UTF-8 bytes
/// straight into `JSONValue`s, by the `Rules` of what is read.
///
/// It accepts exactly RFC 8259 (plus a leading UTF-8 byte order mark): no comments, trailing
/// commas, single quotes, leading zeros, `+1`, `.5`, `1.`, `NaN` or `Infinity`; escapes must be
/// valid and `\u` surrogates paired; bytes must be UTF-8; nesting is capped by the rules; nothing
/// but whitespace may follow the value. What `null`, a repeated key and a number too large for a
/// double do is up to the rules.
///
/// Integers that fit `Int64` become `.integer`; a number with a fraction or an exponent, or an
/// integer outside `Int64`, becomes `.double`.
///
/// Problems are thrown as `JSONError`s saying what is wrong, where (line and column, 1-based,
/// the column counted in characters) and, inside an array or object, the path to the value
/// (`$.cfixture.tags[1]`).
///
/// Written out rather than decoded with `JSONDecoder`: decoding tried each type in turn and
/// threw a `DecodingError` for every miss, which cost each module a fraction of a millisecond per
/// document on the main thread before the app's first frame.
package struct JSONReader {
    /// How lenient a reading is.
    package struct Rules: Sendable {
        /// What a `null` is.
        package enum Null: Sendable {
            /// Refused where it is written.
            case refused
            /// Left out: a member whose value is `null` is not in its object, a `null` item
            /// not in its array (a `null` document is still refused).
            case dropped
            /// Kept as `JSONValue.null`.
            case kept
        }

        /// What a `null` is.
        package var null: Null
        /// Whether an object may not repeat a key; otherwise the last value is kept.
        package var refusesRepeatedKeys: Bool
        /// The deepest nesting of arrays and objects accepted.
        package var maximumDepth: Int
        /// Whether a number too large for a double is refused; otherwise it is infinite.
        package var refusesHugeNumbers: Bool

        /// A configuration's options, which have no null: `null` and a repeated key are
        /// refused, nesting is capped at 128.
        package static let options = Rules(
            null: .refused, refusesRepeatedKeys: true, maximumDepth: 128, refusesHugeNumbers: true)
        /// A server's answer, lenient where members nobody reads should not fail it: `null` is
        /// dropped (absent and `null` mean the same), a repeated key keeps its last value,
        /// nesting may go 512 deep, a number too large for a double is infinite. Made for
        /// reading a few members, it is no way to round-trip JSON.
        package static let answer = Rules(
            null: .dropped, refusesRepeatedKeys: false, maximumDepth: 512, refusesHugeNumbers: false)
        /// Any JSON document, as `JSONValue.parse` reads it: `null` is kept, a repeated key
        /// keeps its last value, nesting may go 512 deep.
        package static let document = Rules(
            null: .kept, refusesRepeatedKeys: false, maximumDepth: 512, refusesHugeNumbers: true)
        /// Any RFC 8259 text, for telling whether text is JSON before passing it on as it is:
        /// as `document`, and a number too large for a double is infinite.
        package static let syntax = Rules(
            null: .kept, refusesRepeatedKeys: false, maximumDepth: 512, refusesHugeNumbers: false)
    }

    /// Parses the UTF-8 of `text` in place: a `Data` made of the text would cost the first
    /// parse a search of every loaded library's conformances.
    package static func parse(_ text: String, rules: Rules) throws(JSONError) -> JSONValue {
        var text = text
        return try text.withUTF8 { bytes in
            Result { () throws(JSONError) in try parse(UnsafeRawBufferPointer(bytes), isUTF8: true, rules: rules) }
        }.get()
    }

    /// Parses the UTF-8 `bytes`.
    package static func parse(_ bytes: [UInt8], rules: Rules) throws(JSONError) -> JSONValue {
        try bytes.withUnsafeBytes { bytes in
            Result { () throws(JSONError) in try parse(bytes, isUTF8: false, rules: rules) }
        }.get()
    }

    /// Parses the UTF-8 in `data`.
    package static func parse(_ data: Data, rules: Rules) throws(JSONError) -> JSONValue {
        try data.withUnsafeBytes { bytes in
            Result { () throws(JSONError) in try parse(bytes, isUTF8: false, rules: rules) }
        }.get()
    }

    /// Parses `bytes`, known to be valid UTF-8 when `isUTF8` (they come from a `String`).
    private static func parse(_ bytes: UnsafeRawBufferPointer, isUTF8: Bool, rules: Rules) throws(JSONError)
        -> JSONValue
    {
        var reader = JSONReader(bytes: bytes.assumingMemoryBound(to: UInt8.self), isUTF8: isUTF8, rules: rules)
        return try reader.parseDocument()
    }

    /// A step on the way from the document's root to a value.
    package enum PathComponent: Equatable {
        /// An object member's name.
        case key(String)
        /// An array item's index.
        case index(Int)
    }

    /// The JSONPath-style rendering of `components`: `$`, `$.name`, `$["dotted.key"][2]`.
    package static func render(path components: [PathComponent]) -> String {
        var result = "$"
        for component in components {
            switch component {
            case .index(let index): result += "[\(index)]"
            case .key(let key) where isIdentifier(key): result += "." + key
            case .key(let key): result += "[" + JSONStringLiteral.quoted(key) + "]"
            }
        }
        return result
    }

    // MARK: - State

    /// A problem found while parsing; `path` runs from the value out to the root, each
    /// enclosing container adding its step as the error passes through it.
    private struct Failure: Error {
        var message: String
        var offset: Int
        var reversedPath: [PathComponent] = []
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    /// Whether `bytes` are known to be valid UTF-8; otherwise each string is checked.
    private let isUTF8: Bool
    private let rules: Rules
    /// Where the document starts: 0, or 3 after a byte order mark.
    private let start: Int
    private var index: Int
    private var depth = 0

    private init(bytes: UnsafeBufferPointer<UInt8>, isUTF8: Bool, rules: Rules) {
        self.bytes = bytes
        self.isUTF8 = isUTF8
        self.rules = rules
        let hasBOM = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        start = hasBOM ? 3 : 0
        index = start
    }

    private mutating func parseDocument() throws(JSONError) -> JSONValue {
        do throws(Failure) {
            skipWhitespace()
            guard index < bytes.count else {
                throw Failure(
                    message: index == start
                        ? "the document is empty; expected a JSON value"
                        : "the document holds only whitespace; expected a JSON value",
                    offset: index)
            }
            let valueOffset = index
            guard let value = try parseValue() else {
                throw Failure(message: "the document is null; expected a JSON value", offset: valueOffset)
            }
            skipWhitespace()
            guard index == bytes.count else {
                throw Failure(message: "unexpected \(found()) after the JSON value", offset: index)
            }
            return value
        } catch {
            throw describe(error)
        }
    }

    // MARK: - Values

    /// The value at the index; nil for a `null` that is dropped.
    private mutating func parseValue() throws(Failure) -> JSONValue? {
        skipWhitespace()
        guard index < bytes.count else {
            throw Failure(message: "expected a JSON value, found the end of the input", offset: index)
        }
        switch bytes[index] {
        case Byte.openBrace: return try parseObject()
        case Byte.openBracket: return try parseArray()
        case Byte.quote: return .string(try parseString())
        case Byte.minus, Byte.zero...Byte.nine: return try parseNumber()
        case Byte.plus:
            throw Failure(message: "a number cannot start with '+'", offset: index)
        case Byte.dot:
            throw Failure(message: "a number must start with a digit, not '.'", offset: index)
        case Byte.apostrophe:
            throw Failure(message: "strings must be in double quotes, not single quotes", offset: index)
        case Byte.comma, Byte.closeBracket, Byte.closeBrace:
            throw Failure(message: "expected a JSON value, found \(found())", offset: index)
        case _ where ASCIIByte.isWord(bytes[index]): return try parseWord()
        default:
            throw Failure(message: "expected a JSON value, found \(found())", offset: index)
        }
    }

    /// `true`, `false`, `null` (nil, when dropped; refused for options), and the words JSON
    /// does not have.
    private mutating func parseWord() throws(Failure) -> JSONValue? {
        let begin = index
        while index < bytes.count, ASCIIByte.isWord(bytes[index]) { index += 1 }
        let word = text(begin..<index)
        switch word {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null":
            switch rules.null {
            case .refused: throw Failure(message: "null is not an option value", offset: begin)
            case .dropped: return nil
            case .kept: return .null
            }
        case "NaN", "Infinity":
            throw Failure(message: "\(word) is not a JSON number", offset: begin)
        default:
            throw Failure(message: "expected a JSON value, found '\(Self.cut(word))'", offset: begin)
        }
    }

    private mutating func parseNumber() throws(Failure) -> JSONValue {
        let begin = index
        let negative = bytes[index] == Byte.minus
        if negative {
            index += 1
            guard index < bytes.count, Self.isDigit(bytes[index]) else {
                if index < bytes.count, ASCIIByte.isWord(bytes[index]) {
                    let wordStart = index
                    while index < bytes.count, ASCIIByte.isWord(bytes[index]) { index += 1 }
                    let word = text(wordStart..<index)
                    if word == "Infinity" || word == "NaN" {
                        throw Failure(message: "-\(word) is not a JSON number", offset: begin)
                    }
                    index = wordStart
                }
                throw Failure(message: "expected a digit after '-', found \(found())", offset: index)
            }
        }
        // Integer part, accumulated as it is read (negatively for a negative number, so
        // Int64.min fits); `fits` turns false on overflow.
        var value: Int64 = 0
        var fits = true
        if bytes[index] == Byte.zero {
            index += 1
            if index < bytes.count, Self.isDigit(bytes[index]) {
                throw Failure(message: "a number cannot have a leading zero", offset: begin)
            }
        } else {
            while index < bytes.count, Self.isDigit(bytes[index]) {
                if fits {
                    let digit = Int64(bytes[index] - Byte.zero)
                    let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
                    let (next, overflow2) =
                        negative
                        ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
                    if overflow1 || overflow2 { fits = false } else { value = next }
                }
                index += 1
            }
        }
        var isInteger = true
        if index < bytes.count, bytes[index] == Byte.dot {
            index += 1
            guard index < bytes.count, Self.isDigit(bytes[index]) else {
                throw Failure(message: "expected a digit after the decimal point, found \(found())", offset: index)
            }
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
            isInteger = false
        }
        if index < bytes.count, bytes[index] == Byte.lowerE || bytes[index] == Byte.upperE {
            index += 1
            if index < bytes.count, bytes[index] == Byte.plus || bytes[index] == Byte.minus { index += 1 }
            guard index < bytes.count, Self.isDigit(bytes[index]) else {
                throw Failure(message: "expected a digit in the exponent, found \(found())", offset: index)
            }
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
            isInteger = false
        }
        if isInteger && fits {
            return .integer(value)
        }
        let literal = text(begin..<index)
        guard let double = Double(literal), double.isFinite || !rules.refusesHugeNumbers else {
            throw Failure(message: "the number \(Self.cut(literal)) is too large for a double", offset: begin)
        }
        return .double(double)
    }

    /// Reads a string, `index` at its opening quote.
    private mutating func parseString() throws(Failure) -> String {
        let open = index
        index += 1
        let contentStart = index
        // Fast path: no escapes, so the bytes between the quotes are the string.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == Byte.quote {
                try checkUTF8(contentStart..<index)
                let result = text(contentStart..<index)
                index += 1
                return result
            }
            if byte == Byte.backslash { break }
            if byte < 0x20 { throw controlCharacter() }
            index += 1
        }
        guard index < bytes.count else {
            throw Failure(message: "unterminated string", offset: open)
        }
        var buffer: [UInt8] = []
        buffer.reserveCapacity(index - contentStart + 16)
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[contentStart..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case Byte.quote:
                // Escapes are ASCII and a `\u` escape writes a whole scalar, so the string is
                // UTF-8 when the bytes written in it are.
                try checkUTF8(contentStart..<index)
                index += 1
                return String(decoding: buffer, as: UTF8.self)
            case Byte.backslash:
                try parseEscape(into: &buffer, open: open)
            case 0..<0x20:
                throw controlCharacter()
            default:
                buffer.append(byte)
                index += 1
            }
        }
        throw Failure(message: "unterminated string", offset: open)
    }

    /// Reads one escape, `index` at its backslash, appending what it stands for.
    private mutating func parseEscape(into buffer: inout [UInt8], open: Int) throws(Failure) {
        let escape = index
        index += 1
        guard index < bytes.count else {
            throw Failure(message: "unterminated string", offset: open)
        }
        let simple: UInt8
        switch bytes[index] {
        case Byte.quote: simple = Byte.quote
        case Byte.backslash: simple = Byte.backslash
        case Byte.slash: simple = Byte.slash
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"):
            index += 1
            let unit = try hex4(escape: escape)
            let scalarValue: UInt32
            switch unit {
            case 0xD800...0xDBFF:
                guard index + 1 < bytes.count, bytes[index] == Byte.backslash,
                    bytes[index + 1] == UInt8(ascii: "u")
                else {
                    throw Failure(
                        message: "lone surrogate \(Self.escapeText(unit)): a high surrogate must be "
                            + "followed by a low surrogate \\uDC00-\\uDFFF",
                        offset: escape)
                }
                let second = index
                index += 2
                let low = try hex4(escape: second)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw Failure(
                        message: "lone surrogate \(Self.escapeText(unit)): it is followed by "
                            + "\(Self.escapeText(low)), not a low surrogate \\uDC00-\\uDFFF",
                        offset: escape)
                }
                scalarValue = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            case 0xDC00...0xDFFF:
                throw Failure(
                    message: "lone surrogate \(Self.escapeText(unit)): a low surrogate must follow "
                        + "a high surrogate \\uD800-\\uDBFF",
                    offset: escape)
            default:
                scalarValue = unit
            }
            // Every value left is a valid scalar: surrogates were handled above.
            UTF8.encode(Unicode.Scalar(scalarValue)!) { buffer.append($0) }
            return
        default:
            throw Failure(message: "invalid escape \\\(found(quoted: false)) in a string", offset: escape)
        }
        buffer.append(simple)
        index += 1
    }

    /// The four hex digits of a `\u` escape, `index` at the first of them.
    private mutating func hex4(escape: Int) throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = ASCIIByte.hexValue(bytes[index]).map(UInt32.init) else {
                throw Failure(message: "\\u must be followed by four hex digits", offset: escape)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private mutating func parseArray() throws(Failure) -> JSONValue {
        try enter()
        index += 1
        var items: [JSONValue] = []
        var position = 0
        skipWhitespace()
        if index < bytes.count, bytes[index] == Byte.closeBracket {
            index += 1
            depth -= 1
            return .array(items)
        }
        while true {
            do throws(Failure) {
                if let item = try parseValue() { items.append(item) }
            } catch {
                var failure = error
                failure.reversedPath.append(.index(position))
                throw failure
            }
            position += 1
            if try closesAfterElement(close: Byte.closeBracket, closeText: "]", container: "an array") {
                return .array(items)
            }
        }
    }

    private mutating func parseObject() throws(Failure) -> JSONValue {
        try enter()
        index += 1
        // The members in order, made a dictionary once at the close: one allocation of the
        // right size, where inserting as they came grew and rehashed it at every power of two.
        var members: [(key: String, value: JSONValue?)] = []
        // Room for a typical object's members at once, not grown from one at each power of two.
        members.reserveCapacity(8)
        var repeats = RepeatedKeys()
        skipWhitespace()
        if index < bytes.count, bytes[index] == Byte.closeBrace {
            index += 1
            depth -= 1
            return .object([:])
        }
        while true {
            guard index < bytes.count, bytes[index] == Byte.quote else {
                let hint =
                    index < bytes.count && (ASCIIByte.isWord(bytes[index]) || bytes[index] == Byte.apostrophe)
                    ? " (object keys must be in double quotes)" : ""
                throw Failure(message: "expected a string key, found \(found())\(hint)", offset: index)
            }
            let keyOffset = index
            let key = try parseString()
            if rules.refusesRepeatedKeys, repeats.isRepeated(key, among: members) {
                throw Failure(message: "duplicate key \(JSONStringLiteral.quoted(key))", offset: keyOffset)
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == Byte.colon else {
                throw Failure(
                    message: "expected ':' after the key \(JSONStringLiteral.quoted(key)), found \(found())",
                    offset: index)
            }
            index += 1
            do throws(Failure) {
                members.append((key, try parseValue()))
            } catch {
                var failure = error
                failure.reversedPath.append(.key(key))
                throw failure
            }
            if try closesAfterElement(close: Byte.closeBrace, closeText: "}", container: "an object") {
                var object = [String: JSONValue](minimumCapacity: members.count)
                // In an answer, a repeated key keeps its last value, and a dropped `null`
                // (nil) removes the key.
                for member in members { object[member.key] = member.value }
                return .object(object)
            }
        }
    }

    /// Finds a key repeated in an object being read: by scanning the members while they are
    /// few, by a set of their keys once they are many. Keys compare as Swift strings do
    /// (canonically equivalent spellings are equal), as the resulting dictionary would merge them.
    private struct RepeatedKeys {
        /// How many members are scanned before a set is made of their keys.
        static let scanLimit = 16
        private var keys: Set<String>?

        /// Whether `key` is among `members` (the members read before it); remembers it if not.
        mutating func isRepeated(_ key: String, among members: [(key: String, value: JSONValue?)]) -> Bool {
            if keys == nil {
                guard members.count >= Self.scanLimit else { return members.contains { $0.key == key } }
                keys = Set(members.map { $0.key })
            }
            return keys?.insert(key).inserted == false
        }
    }

    /// After an element of an array or object: consumes a `,` (refusing a trailing one) and
    /// returns false, or consumes the closing bracket, leaves the nesting level and returns true.
    private mutating func closesAfterElement(close: UInt8, closeText: String, container: String) throws(Failure)
        -> Bool
    {
        skipWhitespace()
        guard index < bytes.count else {
            throw Failure(
                message: "expected ',' or '\(closeText)' in \(container), found the end of the input", offset: index)
        }
        switch bytes[index] {
        case Byte.comma:
            let comma = index
            index += 1
            skipWhitespace()
            if index < bytes.count, bytes[index] == close {
                throw Failure(message: "trailing comma before '\(closeText)'", offset: comma)
            }
            return false
        case close:
            index += 1
            depth -= 1
            return true
        default:
            throw Failure(message: "expected ',' or '\(closeText)' in \(container), found \(found())", offset: index)
        }
    }

    /// Counts one more level of nesting, `index` at its opening bracket.
    private mutating func enter() throws(Failure) {
        depth += 1
        let limit = rules.maximumDepth
        guard depth <= limit else {
            throw Failure(message: "arrays and objects are nested more than \(limit) levels deep", offset: index)
        }
    }

    // MARK: - Helpers

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case Byte.space, Byte.tab, Byte.lineFeed, Byte.carriageReturn: index += 1
            default: return
            }
        }
    }

    /// Refuses the bytes in `range` when they are not UTF-8, naming the first that is not;
    /// nothing to check when the whole input came from a `String`.
    private func checkUTF8(_ range: Range<Int>) throws(Failure) {
        guard !isUTF8 else { return }
        var iterator = UnsafeBufferPointer(rebasing: bytes[range]).makeIterator()
        var decoder = UTF8()
        var offset = range.lowerBound
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return
            case .error:
                throw Failure(
                    message: "byte 0x\(String(bytes[offset], radix: 16, uppercase: true)) in a string is not UTF-8",
                    offset: offset)
            }
        }
    }

    /// The text of `range`, which starts and ends on character boundaries of valid UTF-8.
    private func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    private func controlCharacter() -> Failure {
        let code = String(bytes[index], radix: 16, uppercase: true)
        let hint: String
        switch bytes[index] {
        case Byte.lineFeed, Byte.carriageReturn: hint = " (a string cannot span lines; write \\n)"
        case Byte.tab: hint = " (write \\t)"
        default: hint = ""
        }
        return Failure(
            message: "unescaped control character U+\(String(repeating: "0", count: 4 - code.count))\(code) "
                + "in a string\(hint)",
            offset: index)
    }

    /// What is at `index`, for messages: `'x'`, `U+0007`, or "the end of the input".
    private func found(quoted: Bool = true) -> String {
        guard index < bytes.count else { return "the end of the input" }
        var iterator = UnsafeBufferPointer(rebasing: bytes[index...]).makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else {
            return "byte 0x" + String(bytes[index], radix: 16, uppercase: true)
        }
        let code = String(scalar.value, radix: 16, uppercase: true)
        let hex = "U+" + String(repeating: "0", count: max(0, 4 - code.count)) + code
        if scalar.value < 0x20 || scalar.value == 0x7F { return hex }
        let character = quoted ? "'\(scalar)'" : "\(scalar)"
        return scalar.isASCII ? character : "\(character) (\(hex))"
    }

    /// The error for `failure`, with its line, column and path.
    private func describe(_ failure: Failure) -> JSONError {
        let offset = min(failure.offset, bytes.count)
        var line = 1
        var lineStart = start
        var position = start
        while position < offset {
            switch bytes[position] {
            case Byte.lineFeed:
                line += 1
                lineStart = position + 1
            case Byte.carriageReturn where position + 1 >= bytes.count || bytes[position + 1] != Byte.lineFeed:
                line += 1
                lineStart = position + 1
            default: break
            }
            position += 1
        }
        let column = text(lineStart..<offset).count + 1
        let path = failure.reversedPath.isEmpty ? nil : Self.render(path: failure.reversedPath.reversed())
        return JSONError(message: failure.message, line: line, column: column, path: path)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= Byte.zero && byte <= Byte.nine }

    private static func escapeText(_ unit: UInt32) -> String {
        let code = String(unit, radix: 16, uppercase: true)
        return "\\u" + String(repeating: "0", count: max(0, 4 - code.count)) + code
    }

    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first, !isDigit(first) else { return false }
        return key.utf8.allSatisfy(ASCIIByte.isWord)
    }

    /// `text`, shortened for a message.
    private static func cut(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(37)) + "..." : text
    }

    private enum Byte {
        static let openBrace = UInt8(ascii: "{")
        static let closeBrace = UInt8(ascii: "}")
        static let openBracket = UInt8(ascii: "[")
        static let closeBracket = UInt8(ascii: "]")
        static let quote = UInt8(ascii: "\"")
        static let apostrophe = UInt8(ascii: "'")
        static let backslash = UInt8(ascii: "\\")
        static let slash = UInt8(ascii: "/")
        static let comma = UInt8(ascii: ",")
        static let colon = UInt8(ascii: ":")
        static let minus = UInt8(ascii: "-")
        static let plus = UInt8(ascii: "+")
        static let dot = UInt8(ascii: ".")
        static let zero = UInt8(ascii: "0")
        static let nine = UInt8(ascii: "9")
        static let lowerE = UInt8(ascii: "e")
        static let upperE = UInt8(ascii: "E")
        static let space = UInt8(ascii: " ")
        static let tab = UInt8(ascii: "\t")
        static let lineFeed = UInt8(ascii: "\n")
        static let carriageReturn = UInt8(ascii: "\r")
    }
}
