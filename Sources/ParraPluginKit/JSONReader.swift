import FoundationEssentials
import Glibc

/// A strict RFC 8259 reader from UTF-8 bytes to `JSONValue`, for `JSONValue.parse`.
///
/// Written out rather than decoded with `JSONDecoder`: decoding a `JSONValue` tried each type
/// in turn and threw a `DecodingError` for every miss, which cost each module a fraction of a
/// millisecond per document on the main thread (its options at configure, the app facts, the
/// launch steps' results), before the app's first frame.
///
/// It accepts any value at the top, surrounded by whitespace, as `JSONDecoder` does, and an
/// object's repeated key keeps its last value. The text is UTF-8, as RFC 8259 requires between
/// systems (a leading byte order mark is skipped; `JSONDecoder` also reads UTF-16 and UTF-32).
/// It refuses comments, trailing commas, leading zeros, `NaN`, a number too large for a
/// `Double`, unescaped control characters, unpaired `\u` surrogates, bytes that are not UTF-8,
/// and nesting deeper than `maximumDepth`.
struct JSONReader {
    /// The deepest nesting of arrays and objects accepted.
    static let maximumDepth = 512

    private let bytes: UnsafeRawBufferPointer
    private var offset = 0
    private var depth = 0

    /// The value `data` holds; a `JSONError` saying what is wrong and at which byte otherwise.
    static func parse(_ data: Data) throws(JSONError) -> JSONValue {
        try data.withUnsafeBytes { bytes in Result { () throws(JSONError) in try parse(bytes) } }.get()
    }

    /// The value `bytes` hold.
    static func parse(_ bytes: [UInt8]) throws(JSONError) -> JSONValue {
        try bytes.withUnsafeBytes { bytes in Result { () throws(JSONError) in try parse(bytes) } }.get()
    }

    /// The value `text` holds, read from its UTF-8 in place: a `Data` made of the text would
    /// cost the first parse a search of every loaded library's conformances.
    static func parse(_ text: String) throws(JSONError) -> JSONValue {
        var text = text
        return try text.withUTF8 { utf8 in
            Result { () throws(JSONError) in try parse(UnsafeRawBufferPointer(utf8)) }
        }.get()
    }

    private static func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONError) -> JSONValue {
        var reader = JSONReader(bytes: bytes)
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { reader.offset = 3 }
        reader.skipWhitespace()
        let value = try reader.readValue()
        reader.skipWhitespace()
        guard reader.offset == bytes.count else { throw reader.failure("text after the value") }
        return value
    }

    private init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    private func failure(_ what: String) -> JSONError {
        JSONError("\(what) at byte \(offset)")
    }

    private var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { offset += 1 }
    }

    private mutating func readValue() throws(JSONError) -> JSONValue {
        guard let byte = current else { throw failure("the text ends where a value should be") }
        switch byte {
        case UInt8(ascii: "{"): return try readObject()
        case UInt8(ascii: "["): return try readArray()
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): return try readLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try readLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try readLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try readNumber())
        default: throw failure("unexpected \(Self.describe(byte))")
        }
    }

    /// A byte for a message: the character when it is printable ASCII, else its value.
    private static func describe(_ byte: UInt8) -> String {
        (0x20...0x7E).contains(byte)
            ? "character '\(Unicode.Scalar(byte))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    private mutating func readLiteral(_ word: StaticString, _ value: JSONValue) throws(JSONError) -> JSONValue {
        let count = word.utf8CodeUnitCount
        guard offset + count <= bytes.count,
            memcmp(bytes.baseAddress! + offset, word.utf8Start, count) == 0
        else { throw failure("unexpected \(Self.describe(bytes[offset]))") }
        offset += count
        return value
    }

    /// Enters the container opened at `offset`; true when it closes at once with `close`.
    private mutating func open(closingWith close: UInt8) throws(JSONError) -> Bool {
        depth += 1
        guard depth <= Self.maximumDepth else { throw failure("nesting deeper than \(Self.maximumDepth)") }
        offset += 1
        skipWhitespace()
        return closes(close)
    }

    /// Whether `close` is next; if so, it is read and the container left.
    private mutating func closes(_ close: UInt8) -> Bool {
        guard current == close else { return false }
        offset += 1
        depth -= 1
        return true
    }

    /// After a member or item: true when `close` ends the container, false past the comma
    /// before the next one; `expected` says what else should have come.
    private mutating func ends(with close: UInt8, expected: String) throws(JSONError) -> Bool {
        skipWhitespace()
        if closes(close) { return true }
        guard current == UInt8(ascii: ",") else { throw failure(expected) }
        offset += 1
        skipWhitespace()
        return false
    }

    private mutating func readObject() throws(JSONError) -> JSONValue {
        var members: [String: JSONValue] = [:]
        if try open(closingWith: UInt8(ascii: "}")) { return .object(members) }
        repeat {
            guard current == UInt8(ascii: "\"") else { throw failure("expected a quoted member name") }
            let key = try readString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw failure("expected ':' after the member name") }
            offset += 1
            skipWhitespace()
            members[key] = try readValue()
        } while try !ends(with: UInt8(ascii: "}"), expected: "expected ',' or '}' in an object")
        return .object(members)
    }

    private mutating func readArray() throws(JSONError) -> JSONValue {
        var items: [JSONValue] = []
        if try open(closingWith: UInt8(ascii: "]")) { return .array(items) }
        repeat {
            items.append(try readValue())
        } while try !ends(with: UInt8(ascii: "]"), expected: "expected ',' or ']' in an array")
        return .array(items)
    }

    private mutating func readNumber() throws(JSONError) -> Double {
        let start = offset
        func digits(_ reader: inout JSONReader) -> Int {
            let first = reader.offset
            while let byte = reader.current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { reader.offset += 1 }
            return reader.offset - first
        }
        if current == UInt8(ascii: "-") { offset += 1 }
        let leading = current
        let integerDigits = digits(&self)
        guard integerDigits > 0 else { throw failure("a number needs a digit") }
        guard leading != UInt8(ascii: "0") || integerDigits == 1 else {
            offset = start
            throw failure("a number may not start with 0")
        }
        if current == UInt8(ascii: ".") {
            offset += 1
            guard digits(&self) > 0 else { throw failure("a number needs a digit after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            offset += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { offset += 1 }
            guard digits(&self) > 0 else { throw failure("a number needs a digit in its exponent") }
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            offset = start
            throw failure("the number \(text) is too large")
        }
        return value
    }

    private mutating func readString() throws(JSONError) -> String {
        offset += 1
        let start = offset
        // The common case: no escapes, so the bytes are the string.
        while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte >= 0x20 { offset += 1 }
        if current == UInt8(ascii: "\"") {
            let text = try utf8(start..<offset)
            offset += 1
            return text
        }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: try utf8(start..<offset).unicodeScalars)
        while true {
            let run = offset
            while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte >= 0x20 {
                offset += 1
            }
            scalars.append(contentsOf: try utf8(run..<offset).unicodeScalars)
            guard let byte = current else { throw failure("the text ends inside a string") }
            if byte == UInt8(ascii: "\"") {
                offset += 1
                return String(scalars)
            }
            guard byte == UInt8(ascii: "\\") else { throw failure("a control character inside a string") }
            offset += 1
            guard let escaped = current else { throw failure("the text ends inside a string") }
            offset += 1
            switch escaped {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"): scalars.append(try readEscapedScalar())
            default:
                offset -= 1
                throw failure("'\\\(Unicode.Scalar(escaped))' is not an escape")
            }
        }
    }

    /// The scalar a `\u` escape names, its `u` read; a surrogate pair is two escapes.
    private mutating func readEscapedScalar() throws(JSONError) -> Unicode.Scalar {
        let high = try readHex4()
        if high < 0xD800 || high > 0xDFFF, let scalar = Unicode.Scalar(high) { return scalar }
        guard high < 0xDC00, current == UInt8(ascii: "\\"), offset + 1 < bytes.count,
            bytes[offset + 1] == UInt8(ascii: "u")
        else { throw failure("an unpaired surrogate \\u\(String(high, radix: 16))") }
        offset += 2
        let low = try readHex4()
        guard (0xDC00...0xDFFF).contains(low),
            let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
        else { throw failure("an unpaired surrogate \\u\(String(high, radix: 16))") }
        return scalar
    }

    private mutating func readHex4() throws(JSONError) -> UInt32 {
        guard offset + 4 <= bytes.count else { throw failure("the text ends inside a \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("a \\u escape needs four hex digits")
            }
            value = value << 4 | UInt32(digit)
            offset += 1
        }
        return value
    }

    /// The bytes in `range` as a string; a failure naming the first byte that is not UTF-8.
    private func utf8(_ range: Range<Int>) throws(JSONError) -> String {
        let slice = UnsafeRawBufferPointer(rebasing: bytes[range])
        if let text = String(validating: slice, as: UTF8.self) { return text }
        var decoder = UTF8()
        var iterator = slice.makeIterator()
        var valid = 0
        while case .scalarValue(let scalar) = decoder.decode(&iterator) { valid += UTF8.width(scalar) }
        throw JSONError("bytes that are not UTF-8 at byte \(range.lowerBound + valid)")
    }
}
