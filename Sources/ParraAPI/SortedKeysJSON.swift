import FoundationEssentials
import ParraRuntime

/// Compact JSON text of a JSON object as Swift's types hold it (`[String: Any]`, `[Any]`,
/// `String`, `Int`, `Double`, `Bool`, as `OptionValue.anyValue` gives them) with every
/// object's keys in ascending order of Swift's `<`, so the same value always gives the same
/// bytes.
enum SortedKeysJSON {
    /// The text of `value`, or nil when it holds something JSON cannot carry.
    static func data(_ value: Any) -> Data? {
        var text = Data()
        return append(value, to: &text) ? text : nil
    }

    private static func append(_ value: Any, to text: inout Data) -> Bool {
        // Matched by their exact type: a cast to a protocol the value does not conform to
        // searches every loaded library's conformances the first time, a tenth of a
        // millisecond each, paid by the local backend's first answer before the sample's
        // first frame.
        let type = type(of: value)
        if type == String.self {
            var quoted = ""
            JSONStringLiteral.append(value as! String, to: &quoted)
            text.append(contentsOf: quoted.utf8)
            return true
        }
        if type == Int.self {
            text.append(contentsOf: String(value as! Int).utf8)
            return true
        }
        if type == Bool.self {
            text.append(contentsOf: ((value as! Bool) ? "true" : "false").utf8)
            return true
        }
        if type == Double.self {
            let number = value as! Double
            guard number.isFinite else { return false }
            text.append(contentsOf: OptionValue.double(number).json.utf8)
            return true
        }
        if type == [String: Any].self { return appendObject(value as! [String: Any], to: &text) }
        if type == [Any].self { return appendList(value as! [Any], to: &text) }
        switch value {
        case let object as [String: Any]: return appendObject(object, to: &text)
        case let list as [Any]: return appendList(list, to: &text)
        default: return false
        }
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
