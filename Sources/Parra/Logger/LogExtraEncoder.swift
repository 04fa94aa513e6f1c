import Foundation

/// Writes a log's extras as compact JSON with sorted keys, whatever the values are: JSON-like
/// values as themselves, dates as ISO-8601, and anything else as its description.
enum LogExtraEncoder {
    static func json(_ extra: [String: Any]) -> String {
        var out = ""
        write(extra, into: &out, depth: 0)
        return out
    }

    nonisolated(unsafe) private static let dateFormatter: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }()

    /// Deeper nesting than this is written as a description, so a cyclic structure ends.
    private static let maximumDepth = 32

    private static func write(_ value: Any?, into out: inout String, depth: Int) {
        guard let value, depth < maximumDepth else {
            if let value { string(String(describing: value), into: &out) } else { out += "null" }
            return
        }
        switch value {
        case let optional as OptionalProtocol where optional.isNone: out += "null"
        case let optional as OptionalProtocol: write(optional.wrapped, into: &out, depth: depth)
        case is NSNull: out += "null"
        case let bool as Bool: out += bool ? "true" : "false"
        case let int as any BinaryInteger: out += "\(int)"
        case let double as Double: number(double, into: &out)
        case let float as Float: number(Double(float), into: &out)
        case let text as String: string(text, into: &out)
        case let text as Substring: string(String(text), into: &out)
        case let date as Date: string(dateFormatter.string(from: date), into: &out)
        case let url as URL: string(url.absoluteString, into: &out)
        case let dictionary as [String: Any]:
            out += "{"
            for (index, key) in dictionary.keys.sorted().enumerated() {
                if index > 0 { out += "," }
                string(key, into: &out)
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
        default: string(String(describing: value), into: &out)
        }
    }

    private static func number(_ value: Double, into out: inout String) {
        if !value.isFinite {
            string("\(value)", into: &out)
        } else if value == value.rounded(), abs(value) < 1e15 {
            out += "\(Int64(value))"
        } else {
            out += "\(value)"
        }
    }

    /// A JSON string literal.
    static func string(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
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
