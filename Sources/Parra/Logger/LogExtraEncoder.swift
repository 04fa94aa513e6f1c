import FoundationEssentials
import ParraAPI
import ParraAppModel
import ParraRuntime
import ParraShared

/// Writes a log's extras as compact JSON with sorted keys, whatever the values are: JSON-like
/// values as themselves, dates as ISO-8601, and anything else as its description.
enum LogExtraEncoder {
    static func json(_ extra: [String: Any]) -> String {
        var out = ""
        write(extra, into: &out, depth: 0)
        return out
    }

    /// Deeper nesting than this is written as a description, so a cyclic structure ends.
    private static let maximumDepth = 32

    private static func write(_ value: Any?, into out: inout String, depth: Int) {
        guard let value, depth < maximumDepth else {
            if let value { JSONStringLiteral.append(String(describing: value), to: &out) } else { out += "null" }
            return
        }
        switch value {
        case let optional as OptionalProtocol where optional.isNone: out += "null"
        case let optional as OptionalProtocol: write(optional.wrapped, into: &out, depth: depth)
        case let bool as Bool: out += bool ? "true" : "false"
        case let int as any BinaryInteger: out += "\(int)"
        case let double as Double: number(double, into: &out)
        case let float as Float: number(Double(float), into: &out)
        case let text as String: JSONStringLiteral.append(text, to: &out)
        case let text as Substring: JSONStringLiteral.append(String(text), to: &out)
        case let date as Date:
            JSONStringLiteral.append(
                ISO8601Timestamp.string(date.timeIntervalSince1970, fractionalSeconds: true), to: &out)
        case let url as URL: JSONStringLiteral.append(url.absoluteString, to: &out)
        case let dictionary as [String: Any]:
            out += "{"
            for (index, key) in dictionary.keys.sorted().enumerated() {
                if index > 0 { out += "," }
                JSONStringLiteral.append(key, to: &out)
                out += ":"
                write(dictionary[key], into: &out, depth: depth + 1)
            }
            out += "}"
        case let array as [Any]:
            out += "["
            for (index, element) in array.enumerated() {
                if index > 0 { out += "," }
                write(element, into: &out, depth: depth + 1)
            }
            out += "]"
        // Tried last: no value of the types above is an NSNull.
        case _ where isFoundationNull(value): out += "null"
        default: JSONStringLiteral.append(String(describing: value), to: &out)
        }
    }

    /// Whether `value` is Foundation's `NSNull` (what `JSONSerialization` reads `null` as),
    /// told by its class's name, so that this file needs no Foundation.
    private static func isFoundationNull(_ value: Any) -> Bool {
        let type = type(of: value)
        return type is AnyClass && _typeName(type) == "Foundation.NSNull"
    }

    private static func number(_ value: Double, into out: inout String) {
        if !value.isFinite {
            JSONStringLiteral.append("\(value)", to: &out)
        } else if value == value.rounded(), abs(value) < 1e15 {
            out += "\(Int64(value))"
        } else {
            out += "\(value)"
        }
    }
}

/// Lets the encoder see through an `Optional` hidden in an `Any`.
private protocol OptionalProtocol {
    var isNone: Bool { get }
    var wrapped: Any? { get }
}

extension Optional: OptionalProtocol {
    var isNone: Bool { self == nil }
    var wrapped: Any? { self.map { $0 as Any } }
}
