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

    /// Parses `text`; throws with the decoder's reason when it is not JSON.
    public static func parse(_ text: String) throws -> JSONValue {
        try parse(Data(text.utf8))
    }

    /// Parses `data`; throws with the decoder's reason when it is not JSON.
    public static func parse(_ data: Data) throws -> JSONValue {
        do {
            return try JSONDecoder().decode(JSONValue.self, from: data)
        } catch DecodingError.dataCorrupted(let context) {
            throw JSONError(
                (context.underlyingError.map { "\($0.localizedDescription)" } ?? context.debugDescription))
        } catch {
            throw JSONError("\(error)")
        }
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
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let value):
            guard value.isFinite else { return "null" }
            return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
        case .string(let text): return Self.quoted(text)
        case .array(let items): return "[" + items.map(\.json).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.keys.sorted().map { Self.quoted($0) + ":" + members[$0]!.json }.joined(separator: ",")
                + "}"
        }
    }

    /// `text` as a JSON string literal: quoted, with the escapes JSON requires.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

/// Why text was not JSON, or not the JSON expected.
public struct JSONError: Error, CustomStringConvertible {
    /// What is wrong.
    public let description: String

    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}
