import Foundation

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
        try parse(Data(text.utf8))
    }

    /// Parses `data` (strict JSON, `JSONReader`); throws saying what is wrong and where.
    public static func parse(_ data: Data) throws -> JSONValue {
        try JSONReader.parse(data)
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
        var text = ""
        write(to: &text)
        return text
    }

    /// Appends the compact JSON text to `text`: one buffer for the whole value, where joining
    /// each member's own string cost a module's descriptor (its option schemas) a fraction of
    /// a millisecond before the app's first frame.
    private func write(to text: inout String) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .number(let value):
            if !value.isFinite {
                text += "null"
            } else {
                text += value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
            }
        case .string(let string): Self.append(quoted: string, to: &text)
        case .array(let items):
            text += "["
            for (index, item) in items.enumerated() {
                if index > 0 { text += "," }
                item.write(to: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { text += "," }
                Self.append(quoted: key, to: &text)
                text += ":"
                members[key]!.write(to: &text)
            }
            text += "}"
        }
    }

    /// `text` as a JSON string literal: quoted, with the escapes JSON requires.
    public static func quoted(_ text: String) -> String {
        var result = ""
        append(quoted: text, to: &result)
        return result
    }

    /// Appends `text` as a JSON string literal to `result`.
    private static func append(quoted text: String, to result: inout String) {
        result += "\""
        // Most text needs no escape: it is appended whole.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 }) else {
            result += text
            result += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        result += "\""
    }
}

/// Why text was not JSON, or not the JSON expected.
public struct JSONError: Error, CustomStringConvertible {
    /// What is wrong.
    public let description: String

    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}
