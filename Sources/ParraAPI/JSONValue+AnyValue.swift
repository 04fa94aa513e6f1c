import ParraRuntime

extension JSONValue {
    /// The value as Swift's own types, where code reads JSON as `Any` (`[String: Any]`,
    /// `[Any]`, `String`, `Int`, `Double`, `Bool`), as `JSONSerialization` gave it.
    package var anyValue: Any {
        switch self {
        case .null: Any?.none as Any  // answers drop null; a value built with one reads as nil
        case .bool(let value): value
        case .integer(let value): Int(value)
        case .double(let value): value
        case .string(let value): value
        case .array(let items): items.map(\.anyValue)
        case .object(let members): members.mapValues(\.anyValue)
        }
    }

    /// `value`, read as `anyValue` gives it back (also Swift's `Int` sizes, `Float` and
    /// `AnyHashable` keys); what JSON cannot hold (a date, an object) as its description.
    package init(anyValue value: Any) {
        switch value {
        case Optional<Any>.none: self = .null
        case let bool as Bool: self = .bool(bool)
        case let integer as Int: self = .integer(Int64(integer))
        case let integer as Int64: self = .integer(integer)
        case let double as Double: self = .double(double)
        case let float as Float: self = .double(Double(float))
        case let string as String: self = .string(string)
        case let items as [Any]: self = .array(items.map(JSONValue.init(anyValue:)))
        case let members as [String: Any]: self = .object(members.mapValues(JSONValue.init(anyValue:)))
        case let members as [AnyHashable: Any]:
            self = .object(
                Dictionary(members.map { ("\($0.key.base)", JSONValue(anyValue: $0.value)) }) { first, _ in first })
        default: self = .string(String(describing: value))
        }
    }

}
