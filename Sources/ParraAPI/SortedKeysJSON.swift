import Foundation

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
        switch value {
        case let object as [String: Any]:
            text.append(UInt8(ascii: "{"))
            for (index, key) in object.keys.sorted().enumerated() {
                if index > 0 { text.append(UInt8(ascii: ",")) }
                guard append(key, to: &text) else { return false }
                text.append(UInt8(ascii: ":"))
                guard let member = object[key], append(member, to: &text) else { return false }
            }
            text.append(UInt8(ascii: "}"))
        case let list as [Any]:
            text.append(UInt8(ascii: "["))
            for (index, element) in list.enumerated() {
                if index > 0 { text.append(UInt8(ascii: ",")) }
                guard append(element, to: &text) else { return false }
            }
            text.append(UInt8(ascii: "]"))
        default:
            guard
                let fragment = try? JSONSerialization.data(
                    withJSONObject: value, options: [.fragmentsAllowed, .withoutEscapingSlashes])
            else { return false }
            text.append(fragment)
        }
        return true
    }
}
