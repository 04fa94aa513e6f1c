import Foundation

/// A typed option value: what a JSON config file, `ParraConfiguration` or the environment can
/// give a module.
public enum OptionValue: Hashable, Sendable {
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)
    case list([OptionValue])
    case object([String: OptionValue])

    /// The type this value has as written (an integer is also a valid `double`).
    public var type: OptionType {
        switch self {
        case .bool: .bool
        case .integer: .integer
        case .double: .double
        case .string: .string
        case .list: .list
        case .object: .object
        }
    }

    /// Compact JSON with sorted keys, as modules receive lists and objects.
    public var json: String {
        switch self {
        case .bool(let value): value ? "true" : "false"
        case .integer(let value): String(value)
        case .double(let value): value.isFinite ? "\(value)" : "null"
        case .string(let value): Self.quoted(value)
        case .list(let items): "[" + items.map(\.json).joined(separator: ",") + "]"
        case .object(let members):
            "{"
                + members.keys.sorted().map { Self.quoted($0) + ":" + members[$0]!.json }
                .joined(separator: ",") + "}"
        }
    }

    /// Parses JSON text into a value. Throws a reason with the position of the problem.
    public init(json text: String) throws {
        do {
            self = try JSONDecoder().decode(OptionValue.self, from: Data(text.utf8))
        } catch let error as DecodingError {
            throw OptionJSONError(reason: Self.describe(error))
        }
    }

    /// The value converted to `type` where JSON allows it (an integer where a double is
    /// expected); nil when it does not fit.
    public func converted(to type: OptionType) -> OptionValue? {
        switch (self, type) {
        case (.integer(let value), .double): .double(Double(value))
        case _ where self.type == type: self
        default: nil
        }
    }

    /// A short rendering for messages: strings quoted, long values cut.
    public var summary: String {
        let text = json
        return text.count > 60 ? String(text.prefix(57)) + "..." : text
    }

    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context):
            let underlying =
                (context.underlyingError as NSError?)?.userInfo[
                    NSDebugDescriptionErrorKey] as? String
            return underlying ?? context.debugDescription
        case .typeMismatch(_, let context), .valueNotFound(_, let context),
            .keyNotFound(_, let context):
            return context.debugDescription
        @unknown default:
            return "\(error)"
        }
    }
}

/// JSON that could not be read as an option value.
public struct OptionJSONError: Error, CustomStringConvertible {
    /// What the parser said, with its position.
    public let reason: String

    public var description: String { "malformed JSON: \(reason)" }
}

extension OptionValue: Codable {
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([OptionValue].self) {
            self = .list(value)
        } else if let value = try? container.decode([String: OptionValue].self) {
            self = .object(value)
        } else if container.decodeNil() {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "null is not an option value")
        } else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "not a JSON value")
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .list(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}
