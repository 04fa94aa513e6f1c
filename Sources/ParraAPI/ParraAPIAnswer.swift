import FoundationEssentials
import ParraRuntime

/// A JSON object from the API read member by member: how the client reads the answers the
/// launch waits for (the token and app-info), rather than with `JSONDecoder`. That cost the
/// launch about 2 M instructions, most of them the runtime searching every loaded library for
/// each type's coding keys.
///
/// Members are named as the Swift properties are (`versionToken`) and found as the API spells
/// them (`version_token`), else as named: the two spellings `JSONDecoder`'s
/// `.convertFromSnakeCase` matched in practice. The answer is parsed leniently where members
/// nobody reads should not fail it (`JSONReader.Rules.answer`). A `null` member reads as
/// absent, as `decodeIfPresent` reads it, so a required one that is `null` is reported missing.
/// A member of the wrong type is a `Mismatch` saying `expected String at auth.issuer`, as the
/// client worded `JSONDecoder`'s type errors; a number too large for a double is one too.
package struct ParraAPIAnswer: Sendable {
    /// Why an answer does not fit: `expected String at auth.issuer`.
    package struct Mismatch: Error, Sendable, Equatable, CustomStringConvertible {
        package let description: String
    }

    private let members: [String: JSONValue]
    /// The snake-case path of this object in the answer, "" at the top.
    private let path: String

    /// The object in `text`; throws when it is not JSON or not an object.
    package init(json text: String) throws(Mismatch) {
        let value: JSONValue
        do {
            value = try JSONValue(answerJSON: text)
        } catch {
            throw Mismatch(description: "not valid JSON: \(error)")
        }
        guard case .object(let members) = value else {
            throw Mismatch(description: "expected an object at the top level, found \(value.typeName)")
        }
        self.init(members: members, path: "")
    }

    private init(members: [String: JSONValue], path: String) {
        self.members = members
        self.path = path
    }

    /// The string member `name`, nil when absent.
    package func string(_ name: String) throws(Mismatch) -> String? {
        guard let (key, value) = member(name) else { return nil }
        guard case .string(let text) = value else { throw mismatch("String", key) }
        return text
    }

    /// The boolean member `name`, nil when absent.
    package func bool(_ name: String) throws(Mismatch) -> Bool? {
        guard let (key, value) = member(name) else { return nil }
        guard case .bool(let flag) = value else { throw mismatch("Bool", key) }
        return flag
    }

    /// The number member `name`, integer or not, nil when absent.
    package func number(_ name: String) throws(Mismatch) -> Double? {
        guard let (key, value) = member(name) else { return nil }
        switch value {
        case .integer(let number): return Double(number)
        case .double(let number) where number.isFinite: return number
        default: throw mismatch("Double", key)
        }
    }

    /// The date member `name`, an ISO-8601 string as `ParraAPICoding.parseDate` reads one;
    /// nil when absent.
    package func date(_ name: String) throws(Mismatch) -> Date? {
        guard let text = try string(name) else { return nil }
        guard let date = ParraAPICoding.parseDate(text) else {
            throw Mismatch(description: "'\(text)' is not an ISO-8601 date at \(place(Self.snakeCase(name)))")
        }
        return date
    }

    /// The object member `name`, nil when absent.
    package func object(_ name: String) throws(Mismatch) -> ParraAPIAnswer? {
        guard let (key, value) = member(name) else { return nil }
        guard case .object(let members) = value else { throw mismatch("Dictionary<String, Any>", key) }
        return ParraAPIAnswer(members: members, path: place(key))
    }

    /// `value`, which the member `name` gave; throws that the member is missing when it is nil.
    package func required<Value>(_ value: Value?, _ name: String) throws(Mismatch) -> Value {
        guard let value else {
            throw Mismatch(
                description: "missing key '\(Self.snakeCase(name))' at \(path.isEmpty ? "the top level" : path)")
        }
        return value
    }

    /// The member the property `name` stands for: its snake-case spelling, else `name` itself.
    private func member(_ name: String) -> (key: String, value: JSONValue)? {
        let snake = Self.snakeCase(name)
        if let value = members[snake] { return (snake, value) }
        return members[name].map { (snake, $0) }
    }

    private func place(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

    private func mismatch(_ type: String, _ key: String) -> Mismatch {
        Mismatch(description: "expected \(type) at \(place(key))")
    }

    /// `userId` as `user_id`.
    static func snakeCase(_ name: String) -> String {
        var result = ""
        for character in name {
            if character.isUppercase {
                result += "_" + character.lowercased()
            } else {
                result.append(character)
            }
        }
        return result
    }
}

/// An answer the client reads with `ParraAPIAnswer` (`ParraAPIClient.request(_:_:reading:)`).
package protocol ParraAPIAnswerReadable: Sendable {
    /// The value `answer` holds; throws what does not fit.
    init(answer: ParraAPIAnswer) throws(ParraAPIAnswer.Mismatch)
}
