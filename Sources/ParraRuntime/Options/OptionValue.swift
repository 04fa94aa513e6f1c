import FoundationEssentials
import ParraShared

/// A typed option value: what a JSON config file, `ParraConfiguration` or the environment can
/// give a module.
package enum OptionValue: Hashable, Sendable {
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)
    case list([OptionValue])
    case object([String: OptionValue])

    /// The type this value has as written (an integer is also a valid `double`).
    package var type: OptionType {
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
    package var json: String {
        var text = ""
        write(to: &text)
        return text
    }

    /// Appends `json` to `text`, one buffer for the whole value.
    private func write(to text: inout String) {
        switch self {
        case .bool(let value): text += value ? "true" : "false"
        case .integer(let value): text += String(value)
        case .double(let value): text += value.isFinite ? "\(value)" : "null"
        case .string(let value): JSONStringLiteral.append(value, to: &text)
        case .list(let items):
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
                JSONStringLiteral.append(key, to: &text)
                text += ":"
                members[key]!.write(to: &text)
            }
            text += "}"
        }
    }

    /// Parses JSON text into a value (strict RFC 8259, no null; see `JSONParser`). Throws a
    /// reason with the line, column and path of the problem.
    package init(json text: String) throws(OptionJSONError) {
        self = try JSONParser.parse(text)
    }

    /// Parses a server's JSON answer, where `null` members and items are left out rather than
    /// refused (`JSONParser.parse(answer:)`).
    package init(answerJSON text: String) throws(OptionJSONError) {
        self = try JSONParser.parse(answer: text)
    }

    /// The value converted to `type` where JSON allows it (an integer where a double is
    /// expected); nil when it does not fit.
    package func converted(to type: OptionType) -> OptionValue? {
        switch (self, type) {
        case (.integer(let value), .double): .double(Double(value))
        case _ where self.type == type: self
        default: nil
        }
    }

    /// A short rendering for messages: strings quoted, long values cut.
    package var summary: String {
        let text = json
        return text.count > 60 ? String(text.prefix(57)) + "..." : text
    }
}

/// JSON that could not be read as an option value.
package struct OptionJSONError: Error, CustomStringConvertible {
    /// What is wrong and where: `null is not an option value at line 3, column 12 (at $.a.tags[1])`.
    package let reason: String
    /// What is wrong, without the position.
    package let message: String
    /// The 1-based line of the problem, when known.
    package let line: Int?
    /// The 1-based column of the problem, in characters, when known.
    package let column: Int?
    /// The path from the root to the value with the problem (`$.a.tags[1]`), when it is inside
    /// an array or object.
    package let path: String?

    package init(reason: String, message: String? = nil, line: Int? = nil, column: Int? = nil, path: String? = nil) {
        self.reason = reason
        self.message = message ?? reason
        self.line = line
        self.column = column
        self.path = path
    }

    package var description: String { "malformed JSON: \(reason)" }
}

extension OptionValue: Codable {
    /// Decodes a value from any `Decoder` (Parra itself parses JSON with `JSONParser`). A
    /// problem inside a list or object is thrown as is, with its coding path.
    package init(from decoder: Decoder) throws {
        if var items = try? decoder.unkeyedContainer() {
            var list: [OptionValue] = []
            if let count = items.count { list.reserveCapacity(count) }
            while !items.isAtEnd { list.append(try items.decode(OptionValue.self)) }
            self = .list(list)
            return
        }
        if let members = try? decoder.container(keyedBy: MemberKey.self) {
            var object: [String: OptionValue] = [:]
            for key in members.allKeys {
                object[key.stringValue] = try members.decode(OptionValue.self, forKey: key)
            }
            self = .object(object)
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "null is not an option value")
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
                in: container, debugDescription: "not a bool, number, string, list or object")
        }
    }

    private struct MemberKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    package func encode(to encoder: Encoder) throws {
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
