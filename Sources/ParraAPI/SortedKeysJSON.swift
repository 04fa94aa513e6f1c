import Foundation
import ParraRuntime

/// Compact JSON text of a `JSONSerialization` object (dictionaries, arrays, strings, numbers,
/// booleans, `NSNull`) with every object's keys in ascending order of Swift's `<`, so the same
/// value always gives the same bytes.
///
/// `JSONSerialization`'s own `.sortedKeys` compares keys with the system locale, which loads
/// ICU's collation data on first use: about 0.7 ms and 3.5 MiB of resident memory, paid by the
/// first answer of the local backend before the sample's first frame.
enum SortedKeysJSON {
    /// The text of `value`, or nil when it holds something JSON cannot carry.
    static func data(_ value: Any) -> Data? {
        var text = Data()
        return append(value, to: &text) ? text : nil
    }

    private static func append(_ value: Any, to text: inout Data) -> Bool {
        // The types a literal or `JSONSerialization` makes are matched by their exact type
        // first: a cast to a type the value does not have searches every loaded library's
        // conformances the first time, a tenth of a millisecond each, paid by the local
        // backend's first answer before the sample's first frame.
        let type = type(of: value)
        // A string with a control character other than a line feed, return or tab goes to
        // JSONSerialization below, which escapes some of them (`\b`, `\f`) otherwise than
        // `JSONStringLiteral`.
        if type == String.self {
            let string = value as! String
            if !string.utf8.contains(where: { $0 < 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) {
                var quoted = ""
                JSONStringLiteral.append(string, to: &quoted)
                text.append(contentsOf: quoted.utf8)
                return true
            }
        }
        if type == Int.self {
            text.append(contentsOf: String(value as! Int).utf8)
            return true
        }
        if type == Bool.self {
            text.append(contentsOf: ((value as! Bool) ? "true" : "false").utf8)
            return true
        }
        if type == [String: Any].self { return appendObject(value as! [String: Any], to: &text) }
        if type == [Any].self { return appendList(value as! [Any], to: &text) }
        switch value {
        case let object as [String: Any]: return appendObject(object, to: &text)
        case let list as [Any]: return appendList(list, to: &text)
        default:
            guard
                let fragment = try? JSONSerialization.data(
                    withJSONObject: value, options: [.fragmentsAllowed, .withoutEscapingSlashes])
            else { return false }
            text.append(fragment)
        }
        return true
    }

    private static func appendObject(_ object: [String: Any], to text: inout Data) -> Bool {
        text.append(UInt8(ascii: "{"))
        for (index, key) in object.keys.sorted().enumerated() {
            if index > 0 { text.append(UInt8(ascii: ",")) }
            guard append(key, to: &text) else { return false }
            text.append(UInt8(ascii: ":"))
            guard let member = object[key], append(member, to: &text) else { return false }
        }
        text.append(UInt8(ascii: "}"))
        return true
    }

    private static func appendList(_ list: [Any], to text: inout Data) -> Bool {
        text.append(UInt8(ascii: "["))
        for (index, element) in list.enumerated() {
            if index > 0 { text.append(UInt8(ascii: ",")) }
            guard append(element, to: &text) else { return false }
        }
        text.append(UInt8(ascii: "]"))
        return true
    }
}
