import FoundationEssentials
import ParraShared

/// A JSON value, strictly typed (a number is never a bool), for what a module reads as JSON:
/// list and object options, the app facts, launch step results, command arguments.
public enum JSONValue: Decodable, Equatable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object([String: JSONValue])

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Parses `text` (strict JSON, `JSONReader`); throws saying what is wrong and where.
    public static func parse(_ text: String) throws -> JSONValue {
        try JSONReader.parse(text)
    }

    /// Parses `data` (strict JSON, `JSONReader`); throws saying what is wrong and where.
    public static func parse(_ data: Data) throws -> JSONValue {
        try JSONReader.parse(data)
    }

    /// Parses UTF-8 `bytes` (strict JSON, `JSONReader`), such as an API response's body;
    /// throws saying what is wrong and where.
    public static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        try JSONReader.parse(bytes)
    }

    /// The members, when this is an object.
    public var object: [String: JSONValue]? {
        if case .object(let members) = self { return members }
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

    /// The value, when this is a number.
    public var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The JSON type's name, for messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a bool"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// Compact JSON text, object keys sorted.
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
        case .number(let value):
            if !value.isFinite {
                bytes += "null".utf8
            } else {
                bytes += (value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)").utf8
            }
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
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                JSONStringLiteral.append(key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                members[key]!.write(to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// `text` as a JSON string literal: quoted, with the escapes JSON requires.
    public static func quoted(_ text: String) -> String { JSONStringLiteral.quoted(text) }
}

/// Why text was not JSON, or not the JSON expected.
public struct JSONError: Error, CustomStringConvertible {
    /// What is wrong.
    public let description: String

    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}
