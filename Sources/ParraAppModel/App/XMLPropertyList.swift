import FoundationEssentials

/// A reader for XML property lists (an `Info.plist`): `dict`, `key`, `string`, `integer`,
/// `real`, `true`, `false`, `array`, `data` (base64) and `date` (ISO 8601, UTC), with the XML
/// prolog, doctype, comments, CDATA sections and character references, read into the types
/// `PropertyListSerialization` gives (a repeated key keeps its last value, as there). It
/// answers nil for anything else (binary lists, tags with attributes, malformed XML), so
/// corelibs Foundation, whose `PropertyListSerialization` reads those, stays out of the app.
package struct XMLPropertyList {
    private let bytes: [UInt8]
    private var index = 0

    /// The list's root, or nil when this reader does not handle the text.
    package static func parse(_ data: [UInt8]) -> Any? {
        var reader = XMLPropertyList(bytes: data)
        reader.skipMisc()
        guard reader.skip("<plist"), reader.skipPast(">") else { return nil }
        reader.skipMisc()
        guard let root = reader.value() else { return nil }
        reader.skipMisc()
        guard reader.skip("</plist>") else { return nil }
        reader.skipMisc()
        return reader.index == reader.bytes.count ? root : nil
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    /// One value element, at `index`.
    private mutating func value() -> Any? {
        guard let tag = openTag() else { return nil }
        switch tag {
        case "dict/": return [String: Any]()
        case "array/": return [Any]()
        case "string/": return ""
        case "true/": return true
        case "false/": return false
        case "string": return text(closing: "string")
        case "integer": return text(closing: "integer").flatMap { Self.integer(Self.trimmed($0)) }
        case "real": return text(closing: "real").flatMap { Double(Self.trimmed($0)) }
        case "data": return text(closing: "data").flatMap { Data(base64Encoded: $0, options: .ignoreUnknownCharacters) }
        case "date":
            return text(closing: "date").flatMap { try? Date.ISO8601FormatStyle().parse(String(Self.trimmed($0))) }
        case "array":
            var items: [Any] = []
            while true {
                skipMisc()
                if skip("</array>") { return items }
                guard let item = value() else { return nil }
                items.append(item)
            }
        case "dict":
            var members: [String: Any] = [:]
            while true {
                skipMisc()
                if skip("</dict>") { return members }
                let key: String
                switch openTag() {
                case "key/": key = ""
                case "key":
                    guard let text = text(closing: "key") else { return nil }
                    key = text
                default: return nil
                }
                skipMisc()
                guard let item = value() else { return nil }
                members[key] = item
            }
        default: return nil
        }
    }

    /// The name of the tag at `index` (with a trailing "/" when it closes itself), past it;
    /// nil for a tag with attributes or anything else. White space may follow the name
    /// (`<dict >`, `<true />`).
    private mutating func openTag() -> String? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "<") else { return nil }
        var end = index + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: ">") { end += 1 }
        guard end < bytes.count else { return nil }
        var inside = bytes[(index + 1)..<end]
        let closesItself = inside.last == UInt8(ascii: "/")
        if closesItself { inside = inside.dropLast() }
        let nameEnd = inside.firstIndex { !Self.isLetter($0) } ?? inside.endIndex
        guard nameEnd > inside.startIndex, inside[nameEnd...].allSatisfy(Self.isSpace) else { return nil }
        index = end + 1
        return String(decoding: inside[..<nameEnd], as: UTF8.self) + (closesItself ? "/" : "")
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// An `integer` element's text as `PropertyListSerialization` reads it: decimal with an
    /// optional sign, or hexadecimal after `0x`.
    private static func integer(_ text: Substring) -> Int? {
        let negative = text.first == "-"
        let unsigned = negative || text.first == "+" ? text.dropFirst() : text
        guard unsigned.hasPrefix("0x") || unsigned.hasPrefix("0X") else { return Int(text) }
        return Int(unsigned.dropFirst(2), radix: 16).map { negative ? -$0 : $0 }
    }

    /// The character data up to `</name>`, references decoded, past the closing tag.
    private mutating func text(closing name: String) -> String? {
        var result: [UInt8] = []
        let closing = Array("</\(name)>".utf8)
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<") {
                if skip("<![CDATA[") {
                    guard let end = Self.find(Array("]]>".utf8), in: bytes, from: index) else { return nil }
                    result += bytes[index..<end]
                    index = end + 3
                    continue
                }
                guard bytes[index...].starts(with: closing) else { return nil }
                index += closing.count
                return String(decoding: result, as: UTF8.self)
            }
            if bytes[index] == UInt8(ascii: "&") {
                guard let decoded = reference() else { return nil }
                result += Array(decoded.utf8)
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return nil
    }

    /// A character or entity reference at `index` (`&amp;`, `&#38;`, `&#x26;`), past it.
    private mutating func reference() -> String? {
        guard let end = bytes[index...].firstIndex(of: UInt8(ascii: ";")), end - index <= 10 else { return nil }
        let name = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
        index = end + 1
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            let code: UInt32?
            if name.hasPrefix("#x") {
                code = UInt32(name.dropFirst(2), radix: 16)
            } else if name.hasPrefix("#") {
                code = UInt32(name.dropFirst())
            } else {
                code = nil
            }
            return code.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        }
    }

    /// `text` without leading and trailing XML white space.
    private static func trimmed(_ text: String) -> Substring {
        let space: (Character) -> Bool = { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }
        let start = text.drop(while: space)
        return start.dropLast(start.reversed().prefix(while: space).count)
    }

    /// Skips white space, the XML declaration, the doctype and comments.
    private mutating func skipMisc() {
        while index < bytes.count {
            if bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
                index += 1
            } else if skip("<?") {
                guard skipPast("?>") else { return }
            } else if skip("<!--") {
                guard skipPast("-->") else { return }
            } else if skip("<!DOCTYPE") {
                guard skipPast(">") else { return }
            } else {
                return
            }
        }
    }

    /// Where `literal` next starts in `bytes` from `start`; nil when it does not.
    private static func find(_ literal: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        var at = start
        while at + literal.count <= bytes.count {
            if bytes[at..<(at + literal.count)].elementsEqual(literal) { return at }
            at += 1
        }
        return nil
    }

    /// Moves past `literal` when it is at `index`.
    private mutating func skip(_ literal: String) -> Bool {
        let expected = Array(literal.utf8)
        guard bytes[index...].starts(with: expected) else { return false }
        index += expected.count
        return true
    }

    /// Moves past the next `literal`; false (at the end) when there is none.
    private mutating func skipPast(_ literal: String) -> Bool {
        let expected = Array(literal.utf8)
        while index < bytes.count {
            if bytes[index...].starts(with: expected) {
                index += expected.count
                return true
            }
            index += 1
        }
        return false
    }
}
