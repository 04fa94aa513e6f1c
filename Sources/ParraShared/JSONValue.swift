import FoundationEssentials

/// A JSON value, strictly typed (a number is never a bool), as the app, the host and the modules
/// read it: configuration options, the app facts, launch step results, command arguments, API
/// answers and pushes.
///
/// A number written without a fraction or an exponent that fits `Int64` is an `integer`; any
/// other number is a `double`. Parse text with ``parse(_:)-(String)``.
public enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number without a fraction or an exponent, read exactly.
    case integer(Int64)
    /// A number with a fraction or an exponent, or an integer too large for `Int64`.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object([String: JSONValue])

    /// Parses `text` as RFC 8259 JSON; throws saying what is wrong and where (line, column and
    /// the path to the value). `null` is kept and a repeated key keeps its last value.
    public static func parse(_ text: String) throws(JSONError) -> JSONValue {
        try JSONReader.parse(text, rules: .document)
    }

    /// Parses the UTF-8 in `data` as ``parse(_:)-(String)`` parses text; bytes that are not
    /// UTF-8 are refused.
    public static func parse(_ data: Data) throws(JSONError) -> JSONValue {
        try JSONReader.parse(data, rules: .document)
    }

    /// Parses UTF-8 `bytes`, such as an API response's body, as ``parse(_:)-(String)`` parses
    /// text; bytes that are not UTF-8 are refused.
    public static func parse(_ bytes: [UInt8]) throws(JSONError) -> JSONValue {
        try JSONReader.parse(bytes, rules: .document)
    }

    /// The members, when this is an object.
    public var object: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The items, when this is an array.
    public var array: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// The text, when this is a string.
    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The value, when this is a bool.
    public var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The value, when this is a number of either kind.
    public var number: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }

    /// The JSON type's name, for messages: "a number", "an object".
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a bool"
        case .integer, .double: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// Compact JSON text, object keys sorted. A double keeps its fraction (`1.0`), so the text
    /// reads back as the same kind of number; one that is not finite is written `null`.
    public var json: String {
        var bytes: [UInt8] = []
        write(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the compact JSON text's UTF-8 to `bytes`: one byte buffer for the whole value,
    /// made a string once. Appending to a `String` piece by piece cost a module's descriptor
    /// (its option schemas) about a million instructions before the app's first frame.
    private func write(to bytes: inout [UInt8]) {
        switch self {
        case .null: bytes += "null".utf8
        case .bool(let value): bytes += (value ? "true" : "false").utf8
        case .integer(let value): bytes += String(value).utf8
        case .double(let value): bytes += (value.isFinite ? "\(value)" : "null").utf8
        case .string(let string): JSONStringLiteral.append(string, to: &bytes)
        case .array(let items):
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                item.write(to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            // The members sorted whole, not their keys then each looked up again.
            for (index, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                JSONStringLiteral.append(member.key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                member.value.write(to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Compact JSON text of an object whose members' values are given as JSON text, keys sorted:
    /// for passing on text already checked (a server's answer, as it came) inside an object,
    /// where reading and writing it again would cost the launch. The caller vouches that each
    /// value is one JSON value.
    package static func objectText(splicing members: [String: String]) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        for (index, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            JSONStringLiteral.append(member.key, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            bytes += member.value.utf8
        }
        bytes.append(UInt8(ascii: "}"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` as a JSON string literal: quoted, with the escapes JSON requires.
    public static func quoted(_ text: String) -> String { JSONStringLiteral.quoted(text) }
}

extension JSONValue: Codable {
    /// Decodes a value from any `Decoder`; a problem inside an array or object is thrown as is,
    /// with its coding path.
    public init(from decoder: Decoder) throws {
        if var items = try? decoder.unkeyedContainer() {
            var array: [JSONValue] = []
            if let count = items.count { array.reserveCapacity(count) }
            while !items.isAtEnd { array.append(try items.decode(JSONValue.self)) }
            self = .array(array)
            return
        }
        if let members = try? decoder.container(keyedBy: MemberKey.self) {
            var object: [String: JSONValue] = [:]
            for key in members.allKeys {
                object[key.stringValue] = try members.decode(JSONValue.self, forKey: key)
            }
            self = .object(object)
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "not null, a bool, a number, a string, an array or an object")
        }
    }

    /// An object member's name.
    private struct MemberKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Encodes the value to any `Encoder`.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}
